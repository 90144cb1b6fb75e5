package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// wrapRows makes each row of a list of texts as tall as its text needs,
// wrapped to the width the text gets, so that every word can be read
// however narrow the panel: the rows are measured again when the list's
// width changes (box lays the list out and sees it) and when the rows
// change (fit).
type wrapRows struct {
	list *widget.List
	n    func() int
	// height is row i's height at the list's width.
	height func(i int, width float32) float32
	width  float32 // the width the rows were measured at
	box    *fyne.Container
}

// newWrapRows makes each row as tall as text(i) wrapped to the list's
// width less inset (a column beside the text).
func newWrapRows(list *widget.List, n func() int, text func(int) string, inset float32) *wrapRows {
	m := newWrapMeasure()
	return newWrapRowsBy(list, list, n, func(i int, width float32) float32 { return m.height(text(i), width-inset) })
}

// newWrapRowsBy makes each row of list as tall as height says at the
// list's width; shown is the list as the window shows it (a widget that
// extends it).
func newWrapRowsBy(list *widget.List, shown fyne.CanvasObject, n func() int, height func(i int, width float32) float32) *wrapRows {
	w := &wrapRows{list: list, n: n, height: height}
	w.box = container.New(w, shown)
	return w
}

// fit measures every row at the width the list has.
func (w *wrapRows) fit() {
	if w.width <= 0 {
		return
	}
	for i, n := 0, w.n(); i < n; i++ {
		w.list.SetItemHeight(i, w.height(i, w.width))
	}
	w.list.Refresh()
}

// Height is row i's height as measured (for tests).
func (w *wrapRows) Height(i int) float32 { return w.height(i, w.width) }

// Layout gives the list the whole box; a new width measures the rows.
func (w *wrapRows) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if size.Width != w.width {
		w.width = size.Width
		w.fit()
	}
}

// MinSize is the list's.
func (w *wrapRows) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

// hiddenWrapLabel is a label that wraps its text, hidden until it has one
// to show.
func hiddenWrapLabel() *widget.Label {
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	l.Hide()
	return l
}

// wrapLine is a label that wraps, in a box as tall as its text wrapped to
// the box's width; when that height changes (a new text, a new width)
// relayed lays out again what holds it. (A wrapping label in a VBox or a
// Border's top gets the height of its text at its previous width.)
type wrapLine struct {
	label   *widget.Label
	m       *wrapMeasure
	width   float32
	relayed func()
	box     *fyne.Container
}

func newWrapLine(label *widget.Label, relayed func()) *wrapLine {
	label.Wrapping = fyne.TextWrapWord
	w := &wrapLine{label: label, m: newWrapMeasure(), relayed: relayed}
	w.box = container.New(w, label)
	return w
}

// SetText shows s, laying out again when it takes another height.
func (w *wrapLine) SetText(s string) {
	if s == w.label.Text {
		return
	}
	was := w.height()
	w.label.SetText(s)
	if w.height() != was && w.relayed != nil {
		w.relayed()
	}
}

func (w *wrapLine) height() float32 {
	if w.width <= 0 {
		return w.m.line
	}
	return w.m.height(w.label.Text, w.width)
}

// Layout gives the label the whole box; a new width that changes its
// height lays out again.
func (w *wrapLine) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
	if size.Width != w.width {
		w.width = size.Width
		if w.height() != size.Height && w.relayed != nil {
			w.relayed()
		}
	}
}

// MinSize is the text's height at the last width; any width will do.
func (w *wrapLine) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(50, w.height())
}
