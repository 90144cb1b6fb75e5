package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	"silverfall/engine/model"
	"silverfall/engine/notes"
	"silverfall/render3d"
)

// hoverNotes finds what the player wrote where the pointer is on the map,
// for the hover box: the notes on the object under it (for several ships
// in one marker, on each of them), and the notes at a place and the
// markers drawn near it. It indexes the book once per change of it, so a
// move of the pointer looks things up and never copies the book.
type hoverNotes struct {
	st     *State
	on     map[model.Key][]string // the lines of the notes on each object, oldest first
	placed []notes.Entry          // the markers and the notes at a place, oldest first
}

// Bounds of what the hover box says of notes: a crowded place lists the
// first few and counts the rest; a long first line is cut.
const (
	hoverNotesMost = 4
	hoverNoteChars = 90
	// hoverReach is how near the pointer, in the map's units, a marker or
	// a note's mark at a place must be drawn to be hovered: its shape and
	// the note's mark beside it.
	hoverReach = markerSize + 2
)

// index reads the book again.
func (h *hoverNotes) index() {
	h.on, h.placed = map[model.Key][]string{}, nil
	book := h.st.Notes()
	if book == nil {
		return
	}
	for _, e := range book.Entries() {
		switch {
		case e.Kind == notes.Marker || e.Kind == notes.Note && e.AtPlace:
			h.placed = append(h.placed, e)
		case e.Kind == notes.Note && !e.Object.IsZero():
			h.on[e.Object] = append(h.on[e.Object], "Note: "+firstLine(e.Text))
		}
	}
}

// text is the hover box's lines on what the player wrote at body (-1:
// none) and near at, in a map of size; "" when nothing.
func (h *hoverNotes) text(body int, at fyne.Position, size fyne.Size) string {
	g := h.st.Game()
	if g == nil {
		return ""
	}
	var lines []string
	for _, k := range hoverKeys(g, body) {
		lines = append(lines, h.on[k]...)
	}
	for _, e := range h.near(g, at, size) {
		if e.Kind == notes.Marker {
			lines = append(lines, markerLine(e))
		} else {
			lines = append(lines, "Note here: "+firstLine(e.Text))
		}
	}
	if n := len(lines); n > hoverNotesMost {
		lines = append(lines[:hoverNotesMost-1], fmt.Sprintf("and %d more notes and markers here", n-hoverNotesMost+1))
	}
	return strings.Join(lines, "\n")
}

// near are the markers and notes at a place drawn within hoverReach of
// at, as the camera shows them in a map of size.
func (h *hoverNotes) near(g *Game, at fyne.Position, size fyne.Size) []notes.Entry {
	w, ht := int(size.Width), int(size.Height)
	if w < 1 || ht < 1 {
		return nil
	}
	cam := h.st.Camera()
	var out []notes.Entry
	for _, e := range h.placed {
		p, ok := notes.Where(e, g.Location)
		if !ok {
			continue
		}
		x, y, _, front := cam.Project(render3d.Vec{float64(p.X), float64(p.Y), float64(p.Z)}, w, ht)
		dx, dy := x-float64(at.X), y-float64(at.Y)
		if front && dx*dx+dy*dy <= hoverReach*hoverReach {
			out = append(out, e)
		}
	}
	return out
}

// hoverKeys are the objects whose notes go with body i's hover: its
// object and, where several ships share a marker, each of them. None for
// a point of a trail (its ship's notes go with the ship).
func hoverKeys(g *Game, i int) []model.Key {
	if i < 0 || i >= len(g.Map.Bodies) || g.Map.Bodies[i].Dot {
		return nil
	}
	keys := []model.Key{g.KeyOfBody(i)}
	if b := &g.Map.Bodies[i]; b.Kind.IsShip() && len(b.IDs) > 1 {
		for _, id := range b.IDs {
			if k := model.ShipKey(id); k != keys[0] {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// markerLine is a marker's line in the hover box: its label, or its
// colour and shape when it has none.
func markerLine(e notes.Entry) string {
	if e.Text == "" {
		return fmt.Sprintf("Marker (%s %s)", e.Colour, e.Shape)
	}
	return "Marker: " + e.Text
}

// firstLine is the first line of a note, cut to hoverNoteChars, with "…"
// where more follows.
func firstLine(s string) string {
	line, rest, more := strings.Cut(s, "\n")
	if r := []rune(line); len(r) > hoverNoteChars {
		line, more = strings.TrimSpace(string(r[:hoverNoteChars-1])), true
	} else if more && strings.TrimSpace(rest) == "" {
		more = false
	}
	if more {
		line += " …"
	}
	return line
}
