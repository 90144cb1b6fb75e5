package app

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/notes"
	"silverfall/render3d"
)

// addEntry adds e to the game's book as the notes tab would.
func addEntry(t *testing.T, x *App, e notes.Entry) notes.Entry {
	t.Helper()
	e, err := x.notes.Add(e)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The hover over a planet says the first line of each note on it; over a
// marker of several ships, the notes on each; a planet without a note
// says none, and an edit shows at once.
func TestHoverShowsObjectNotes(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	var planet, bare, stack = -1, -1, -1
	for i, b := range g.Map.Bodies {
		switch {
		case b.Dot || b.Age > 0:
		case !b.Kind.IsShip() && planet < 0:
			planet = i
		case !b.Kind.IsShip() && bare < 0:
			bare = i
		case b.Kind.IsShip() && len(b.IDs) > 1 && stack < 0:
			stack = i
		}
	}
	if planet < 0 || bare < 0 || stack < 0 {
		t.Fatal("the demo's map lacks two planets and a marker of several ships")
	}
	pkey := g.KeyOfBody(planet)
	n := addEntry(t, x, notes.Entry{Kind: notes.Note, Object: pkey, Text: "Buy ore here on turn 3\nthen go on to the rim"})
	addEntry(t, x, notes.Entry{Kind: notes.Note, Object: pkey, Text: "Its governor is player 7's"})
	inStack := model.ShipKey(g.Map.Bodies[stack].IDs[1])
	addEntry(t, x, notes.Entry{Kind: notes.Note, Object: inStack, Text: "Keep this one back"})

	over := func(i int) string {
		x.st.SetCamera(closeUp(g.Map.Bodies[i].Pos), true)
		return hoverAt(x, bodyPos(t, x, i))
	}
	tip := over(planet)
	saveShot(t, x, "hover-notes")
	if !strings.HasPrefix(tip, "Planet ") || !strings.Contains(tip, "\nNote: Buy ore here on turn 3 …\nNote: Its governor is player 7's") || strings.Contains(tip, "rim") {
		t.Errorf("over the planet with two notes the map says %q", tip)
	}
	if tip := over(bare); strings.Contains(tip, "Note") {
		t.Errorf("over a planet without notes the map says %q", tip)
	}
	if tip := over(stack); !strings.Contains(tip, "\nNote: Keep this one back") {
		t.Errorf("over the ships, one of them %v with a note, the map says %q", inStack, tip)
	}
	n.Text = "Sell ore here"
	if _, err := x.notes.Update(n); err != nil {
		t.Fatal(err)
	}
	if tip := x.mapView.overlay.Tip(); !strings.Contains(tip, "Keep this one back") {
		t.Errorf("after an edit elsewhere the box says %q", tip)
	}
	if tip := over(planet); !strings.Contains(tip, "\nNote: Sell ore here\n") || strings.Contains(tip, "Buy") {
		t.Errorf("after the edit, over the planet the map says %q", tip)
	}
}

// A marker, and a note at a place, in empty space show in the hover when
// the pointer is on them, and not a little way off nor when it has left
// the map; a crowded place counts what it does not list.
func TestHoverShowsMarkersAndPlaceNotes(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	ship := ownShip(t, x)
	at, _ := g.Location(ship)
	place := geom.Point{X: at.X + 40, Y: at.Y, Z: at.Z}
	pos := render3d.Vec{float64(place.X), float64(place.Y), float64(place.Z)}
	x.st.SetCamera(closeUp(pos), true)
	addEntry(t, x, notes.Entry{Kind: notes.Marker, AtPlace: true, Place: place, Text: "Rendezvous", Shape: notes.Flag})
	addEntry(t, x, notes.Entry{Kind: notes.Note, AtPlace: true, Place: place, Text: "Mines reported\nby player 4"})
	v := x.mapView
	px, py, _, _ := x.st.Camera().Project(pos, int(v.Size().Width), int(v.Size().Height))
	on := fyne.NewPos(float32(px), float32(py))

	if tip := hoverAt(x, on.Add(fyne.NewPos(3, -2))); tip != "Marker: Rendezvous\nNote here: Mines reported …" {
		t.Errorf("on the marker the map says %q", tip)
	}
	if tip := hoverAt(x, on.Add(fyne.NewPos(0, 60))); strings.Contains(tip, "Rendezvous") || strings.Contains(tip, "Mines") {
		t.Errorf("60 below the marker the map says %q", tip)
	}
	hoverAt(x, on)
	v.MouseOut()
	if tip := v.overlay.Tip(); tip != "" {
		t.Errorf("the pointer gone, the box says %q", tip)
	}
	for i := range 5 {
		addEntry(t, x, notes.Entry{Kind: notes.Marker, AtPlace: true, Place: place, Text: fmt.Sprintf("Mark %d", i)})
	}
	tip := hoverAt(x, on)
	saveShot(t, x, "hover-markers")
	lines := strings.Split(tip, "\n")
	if len(lines) != hoverNotesMost || lines[0] != "Marker: Rendezvous" || lines[len(lines)-1] != "and 4 more notes and markers here" {
		t.Errorf("on seven entries the map says %q", tip)
	}
}

func TestFirstLine(t *testing.T) {
	long := strings.Repeat("word ", 30)
	for _, c := range []struct{ in, want string }{
		{"one line", "one line"},
		{"first\nsecond", "first …"},
		{long, strings.TrimSpace(long[:hoverNoteChars-1]) + " …"},
	} {
		if got := firstLine(c.in); got != c.want {
			t.Errorf("firstLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := markerLine(notes.Entry{Kind: notes.Marker, Colour: notes.Red, Shape: notes.Circle}); got != "Marker (red circle)" {
		t.Errorf("an unlabelled marker reads %q", got)
	}
}

// A hover box of several short lines is as wide as its widest line, not
// as the lines laid end to end.
func TestTipWidthOfLines(t *testing.T) {
	test.NewTempApp(t)
	o := newMapOverlay()
	lines := []string{"Planet 4 Harmony Port", "Note: buy ore", "Marker: Rendezvous"}
	o.showTip(strings.Join(lines, "\n"), fyne.NewPos(10, 10))
	tipLayout{o}.Layout(nil, fyne.NewSize(1000, 800))
	widest := fyne.MeasureText(lines[0], theme.TextSize(), fyne.TextStyle{}).Width
	if w := o.tipBox.Size().Width; w < widest || w > widest+2*theme.InnerPadding()+4 {
		t.Errorf("the box is %.0f wide; its widest line needs %.0f", w, widest)
	}
}
