package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// twoColumns lays its objects out in two columns of equal width where the
// widest fits twice in the width it is given, and in one column where not:
// a narrow panel shows every button's text whole, one under the other. A
// layout's least size cannot depend on the width it gets, so it keeps the
// width it was last given (shared by the grids of one panel) and, when the
// count of columns changes, has its panel laid out again.
type twoColumns struct {
	width   *float32 // the width last given to the panel's grids
	relayed func()   // lays the panel out again
}

func (l twoColumns) widest(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		m := o.MinSize()
		s = fyne.NewSize(max(s.Width, m.Width), max(s.Height, m.Height))
	}
	return s
}

func (l twoColumns) columns(objs []fyne.CanvasObject, width float32) int {
	if 2*l.widest(objs).Width+theme.Padding() <= width {
		return 2
	}
	return 1
}

func (l twoColumns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := l.widest(objs)
	cols := l.columns(objs, *l.width)
	rows := (len(objs) + cols - 1) / cols
	return fyne.NewSize(w.Width, float32(rows)*w.Height+float32(max(rows-1, 0))*theme.Padding())
}

func (l twoColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	cols := l.columns(objs, size.Width)
	if cols != l.columns(objs, *l.width) {
		*l.width = size.Width
		if l.relayed != nil {
			defer l.relayed()
		}
	}
	*l.width = size.Width
	pad := theme.Padding()
	cw := (size.Width - float32(cols-1)*pad) / float32(cols)
	h := l.widest(objs).Height
	for i, o := range objs {
		r, c := i/cols, i%cols
		o.Move(fyne.NewPos(float32(c)*(cw+pad), float32(r)*(h+pad)))
		o.Resize(fyne.NewSize(cw, h))
	}
}
