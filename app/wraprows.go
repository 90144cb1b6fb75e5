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
	list  *widget.List
	n     func() int
	text  func(i int) string
	inset float32 // the row's width that is not the text's (a column beside it)
	width float32 // the width the rows were measured at
	m     *wrapMeasure
	box   *fyne.Container
}

func newWrapRows(list *widget.List, n func() int, text func(int) string, inset float32) *wrapRows {
	w := &wrapRows{list: list, n: n, text: text, inset: inset, m: newWrapMeasure()}
	w.box = container.New(w, list)
	return w
}

// fit measures every row at the width the list has.
func (w *wrapRows) fit() {
	if w.width <= 0 {
		return
	}
	tw := w.width - w.inset
	for i, n := 0, w.n(); i < n; i++ {
		w.list.SetItemHeight(i, w.m.height(w.text(i), tw))
	}
	w.list.Refresh()
}

// Height is row i's height as measured (for tests).
func (w *wrapRows) Height(i int) float32 { return w.m.height(w.text(i), w.width-w.inset) }

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
