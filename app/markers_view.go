package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"silverfall/engine/notes"
	"silverfall/render3d"
)

// markersView draws the player's markers over the map, by Fyne and
// without a new frame: each its shape in its colour at its place as the
// camera shows it, with its label beside it, and a small mark beside each
// object or place that has a note. It takes no pointer events: clicks go
// to the map below. Each mark is made once (its label measured) and only
// moved when the camera moves.
type markersView struct {
	st  *State
	box *fyne.Container
	// marks are the marks made, by entry ID: made again only when the
	// entry changes.
	marks map[int]*mark
	// shown are the markers drawn (those in front of the camera), in the
	// book's order; noted the notes drawn, on an object or at a place.
	shown, noted []notes.Entry
}

// mark is an entry's mark on the map: its shapes, placed round 0, 0.
type mark struct {
	e notes.Entry
	c *fyne.Container
}

// markerSize is the size of a marker's shape on the map.
const markerSize = 12

// markerLabelBelow is how far under its place a marker's label begins:
// below the shape and below most planets drawn there.
const markerLabelBelow = markerSize

// maxMarks bounds the marks drawn at once: more than a map can show
// readably, and each label is measured once, which a book of thousands
// of markers would make slow.
const maxMarks = 200

func newMarkersView(st *State) *markersView {
	v := &markersView{st: st, marks: map[int]*mark{}}
	v.box = container.New(markersLayout{v})
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame | ChangeNotes | ChangeCamera) {
			v.place(v.box.Size())
			v.box.Refresh()
		}
	})
	return v
}

type markersLayout struct{ v *markersView }

func (markersLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(0, 0) }

func (l markersLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) { l.v.place(size) }

// markOf is the mark of e, made again if e changed since it was made.
func (v *markersView) markOf(e notes.Entry, made map[int]*mark) *fyne.Container {
	m := v.marks[e.ID]
	if m == nil || m.e != e {
		var objs []fyne.CanvasObject
		if e.Kind == notes.Marker {
			objs = markerShape(e, 0, 0)
		} else {
			objs = []fyne.CanvasObject{noteMark(0, 0)}
		}
		m = &mark{e: e, c: &fyne.Container{Objects: objs}}
	}
	made[e.ID] = m
	return m.c
}

// place puts every marker in front of the camera at its place, and the
// mark of each note whose object the sheet shown has (a note goes with
// its ship from turn to turn) or that is at a place.
func (v *markersView) place(size fyne.Size) {
	v.shown, v.noted = nil, nil
	v.box.Objects = v.box.Objects[:0]
	g := v.st.Game()
	made := map[int]*mark{}
	defer func() { v.marks = made }() // the marks of entries gone go
	if g == nil || size.Width < 1 || size.Height < 1 {
		return
	}
	cam := v.st.Camera()
	w, h := int(size.Width), int(size.Height)
	for _, e := range v.st.Notes().Entries() {
		if len(v.box.Objects) >= maxMarks {
			break
		}
		p, ok := notes.Where(e, g.Location)
		if !ok || e.Kind == notes.Reminder {
			continue
		}
		x, y, _, front := cam.Project(render3d.Vec{float64(p.X), float64(p.Y), float64(p.Z)}, w, h)
		if !front || x < -markerSize || y < -markerSize || x > float64(w)+markerSize || y > float64(h)+markerSize {
			continue
		}
		c := v.markOf(e, made)
		c.Move(fyne.NewPos(float32(x), float32(y)))
		v.box.Objects = append(v.box.Objects, c)
		if e.Kind == notes.Marker {
			v.shown = append(v.shown, e)
		} else {
			v.noted = append(v.noted, e)
		}
	}
}

// noteMark is the small mark of a note, above and right of x, y.
func noteMark(x, y float32) fyne.CanvasObject {
	r := &canvas.Rectangle{FillColor: color.NRGBA{240, 240, 240, 230}, StrokeColor: color.NRGBA{40, 40, 40, 255}, StrokeWidth: 1}
	r.Move(fyne.NewPos(x+6, y-12))
	r.Resize(fyne.NewSize(6, 6))
	return r
}

// markerShape is the marker e drawn centred at x, y, with its label
// under it.
func markerShape(e notes.Entry, x, y float32) []fyne.CanvasObject {
	rgb := e.Colour.RGB()
	col := color.NRGBA{rgb[0], rgb[1], rgb[2], 255}
	const r = markerSize / 2
	line := func(x1, y1, x2, y2 float32) fyne.CanvasObject {
		l := canvas.NewLine(col)
		l.StrokeWidth = 2
		l.Position1, l.Position2 = fyne.NewPos(x+x1, y+y1), fyne.NewPos(x+x2, y+y2)
		return l
	}
	var out []fyne.CanvasObject
	switch e.Shape {
	case notes.Square, notes.Circle:
		var o fyne.CanvasObject
		if e.Shape == notes.Square {
			o = &canvas.Rectangle{StrokeColor: col, StrokeWidth: 2}
		} else {
			o = &canvas.Circle{StrokeColor: col, StrokeWidth: 2}
		}
		o.Move(fyne.NewPos(x-r, y-r))
		o.Resize(fyne.NewSize(2*r, 2*r))
		out = append(out, o)
	case notes.Diamond:
		out = append(out, line(0, -r, r, 0), line(r, 0, 0, r), line(0, r, -r, 0), line(-r, 0, 0, -r))
	case notes.Flag:
		flag := canvas.NewRectangle(col)
		flag.Move(fyne.NewPos(x, y-2*r))
		flag.Resize(fyne.NewSize(r+2, r))
		out = append(out, line(0, -2*r, 0, r), flag)
	default:
		out = append(out, line(-r, -r, r, r), line(-r, r, r, -r))
	}
	if e.Text != "" {
		t := canvas.NewText(e.Text, col)
		t.TextSize = theme.CaptionTextSize() + 1
		t.TextStyle.Bold = true
		// Under the shape, centred, clear of a planet drawn there: the map
		// writes an object's name on its right (or left), where a label
		// beside the marker covered it.
		t.Move(fyne.NewPos(x-t.MinSize().Width/2, y+markerLabelBelow))
		t.Resize(t.MinSize())
		out = append(out, t)
	}
	return out
}

// Shown are the labels of the markers drawn on the map, in the book's
// order.
func (v *markersView) Shown() []string {
	var out []string
	for _, e := range v.shown {
		out = append(out, e.Text)
	}
	return out
}
