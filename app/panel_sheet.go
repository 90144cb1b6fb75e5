package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// sheetPanel shows the turn sheet's text, with a list of its sections to
// jump to.
type sheetPanel struct {
	st   *State
	list *keyList
	jump *keySelect
	box  fyne.CanvasObject
}

func newSheetPanel(st *State) *sheetPanel {
	p := &sheetPanel{st: st}
	p.list = newKeyList(st,
		func() int {
			if g := st.Game(); g != nil {
				return g.NumLines()
			}
			return 0
		},
		func() fyne.CanvasObject {
			t := canvas.NewText(strings.Repeat("M", 76), theme.Color(theme.ColorNameForeground))
			t.TextStyle = fyne.TextStyle{Monospace: true}
			return t
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if g := st.Game(); g != nil && i < g.NumLines() {
				t := o.(*canvas.Text)
				t.Text = g.Line(i)
				t.Color = theme.Color(theme.ColorNameForeground)
				t.Refresh()
			}
		})
	p.list.HideSeparators = true
	p.jump = newKeySelect(p.st, nil, func(title string) {
		if g := st.Game(); g != nil {
			if n, ok := g.SectionLine[title]; ok {
				p.scrollToTop(n)
			}
		}
	})
	p.jump.PlaceHolder = "Jump to section…"
	// The sheet's lines keep their columns: a narrow pane scrolls them
	// sideways rather than setting the window's least width.
	p.box = container.NewBorder(container.NewHBox(widget.NewLabel("Turn sheet"), p.jump), nil, nil, nil, container.NewHScroll(p.list))
	st.Subscribe(p.changed)
	return p
}

func (p *sheetPanel) changed(c Change) {
	if !c.Has(ChangeGame) {
		return
	}
	p.jump.Options = nil
	if g := p.st.Game(); g != nil {
		p.jump.Options = g.Sections
	}
	p.jump.ClearSelected()
	p.list.Refresh()
	p.list.ScrollToTop()
}

// scrollToTop scrolls so that line n is the first line shown. The list's
// own ScrollTo only brings a line into view, often at the bottom.
func (p *sheetPanel) scrollToTop(n int) {
	row := p.list.CreateItem().MinSize().Height
	gap := theme.Padding() // the list keeps this much between rows
	p.list.ScrollToOffset(float32(n) * (row + gap))
}

// topLine is the first line shown.
func (p *sheetPanel) topLine() int {
	row := p.list.CreateItem().MinSize().Height + theme.Padding()
	return int(p.list.GetScrollOffset()/row + 0.5)
}
