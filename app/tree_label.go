package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
)

// treeLabel is a tree row's text: cut to the column's width, and, when it
// is cut, shown whole in a tip while the pointer rests on it, so that a
// long ship name or type can be read at any width of the column.
//
// The label takes the pointer from Fyne's row under it (the innermost
// object that follows the pointer gets it), so it marks the row as
// hovered itself, over the row's whole width.
type treeLabel struct {
	cutLabel
	tips  *tooltips
	row   fyne.CanvasObject // the tree, whose left edge is the row's
	hover *canvas.Rectangle
}

func newTreeLabel(cuts *textCuts, tips *tooltips, row fyne.CanvasObject, text string) *treeLabel {
	l := &treeLabel{tips: tips, row: row}
	l.cuts, l.whole, l.Text = cuts, text, text
	l.hover = canvas.NewRectangle(theme.Color(theme.ColorNameHover))
	l.hover.Hide()
	l.ExtendBaseWidget(l)
	return l
}

// cut reports whether the text shown is not the whole text.
func (l *treeLabel) cut() bool { return l.Text != l.whole }

// MouseIn marks the row and, when the text is cut, starts its tip.
func (l *treeLabel) MouseIn(e *desktop.MouseEvent) {
	l.markRow(true)
	if l.cut() {
		l.tips.rest(l, l.whole, e.AbsolutePosition)
	}
}

// MouseMoved keeps the tip beside the pointer.
func (l *treeLabel) MouseMoved(e *desktop.MouseEvent) {
	if l.cut() && l.tips != nil && l.tips.Shown() == "" {
		l.tips.rest(l, l.whole, e.AbsolutePosition)
	}
}

// MouseOut unmarks the row and hides the tip.
func (l *treeLabel) MouseOut() {
	l.markRow(false)
	l.tips.leave(l)
}

// SetWhole sets the text; a row taken for another object loses its mark
// and tip.
func (l *treeLabel) SetWhole(s string) {
	if s != l.whole {
		l.markRow(false)
		l.tips.leave(l)
	}
	l.cutLabel.SetWhole(s)
}

// markRow shows or hides the hover mark, from the row's left edge (the
// tree's) to the label's right one.
func (l *treeLabel) markRow(on bool) {
	if !on {
		l.hover.Hide()
		l.hover.Refresh()
		return
	}
	left := position(l).X - position(l.row).X
	if left < 0 || l.row == nil {
		left = 0
	}
	l.hover.Move(fyne.NewPos(-left, 0))
	l.hover.Resize(fyne.NewSize(left+l.Size().Width, l.Size().Height))
	l.hover.FillColor = theme.Color(theme.ColorNameHover)
	l.hover.Show()
	l.hover.Refresh()
}

// CreateRenderer draws the mark under the label's text.
func (l *treeLabel) CreateRenderer() fyne.WidgetRenderer {
	return &treeLabelRenderer{WidgetRenderer: l.cutLabel.Label.CreateRenderer(), hover: l.hover}
}

type treeLabelRenderer struct {
	fyne.WidgetRenderer
	hover *canvas.Rectangle
}

func (r *treeLabelRenderer) Objects() []fyne.CanvasObject {
	return append([]fyne.CanvasObject{r.hover}, r.WidgetRenderer.Objects()...)
}
