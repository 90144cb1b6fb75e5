package app

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// TestLoadOreSaysStock: the load-ore form says what the planet below has
// stockpiled, before OK, as the checker would after.
func TestLoadOreSaysStock(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	s := g.Ships[9]
	var below *model.Planet
	for i := range g.K.Planets {
		if g.K.Planets[i].Loc == s.Loc {
			below = &g.K.Planets[i]
		}
	}
	if below == nil || below.Owner != g.K.Empire.Player {
		t.Fatalf("the demo's ship 9 is not at a planet of the player's: %+v", below)
	}
	x.desk.New(model.ShipKey(9), order.LO)
	want := fmt.Sprintf("Planet %d has %s stockpiled.", below.ID, oreList(below.Stock))
	if msg := top(x); !strings.Contains(msg, want) {
		t.Errorf("the load-ore form says %q; want %q", msg, want)
	}
	if n := planetBelow(x.rules, g.K, geom.Point{X: 99999}); !strings.Contains(n, "no planet") {
		t.Errorf("in empty space: %q", n)
	}
	tp := g.K.Trading[0]
	if n := planetBelow(x.rules, g.K, tp.Planet.Loc); !strings.Contains(n, fmt.Sprintf("Trading planet %d sells ore", tp.Planet.ID)) {
		t.Errorf("at a trading planet: %q", n)
	}
}

// TestShipTypeReadable: in the build-ship form at 1280x800 the ship type
// field is wide enough for the longest type with its cost.
func TestShipTypeReadable(t *testing.T) {
	x := newApp(t)
	x.desk.New(model.ShipKey(1), order.BS)
	f := x.desk.open
	if f == nil {
		t.Fatal("no form")
	}
	var sel *formSelect
	for _, fd := range f.fields {
		if s, ok := fd.w.(*formSelect); ok {
			sel = s
		}
	}
	x.Window().Canvas().Capture()
	widest := float32(0)
	for _, o := range sel.opts {
		widest = max(widest, fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	if need := widest + 2*theme.InnerPadding(); sel.Size().Width < need {
		t.Errorf("the ship type field is %v wide; its longest choice needs %v", sel.Size().Width, need)
	}
}
