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
