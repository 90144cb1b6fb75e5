package app

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

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

// TestShipsTableFullText: a chosen row's orders and the checker's words,
// cut to their columns in the table, are under it whole, and follow the
// orders as they change.
func TestShipsTableFullText(t *testing.T) {
	x := newApp(t)
	long := "MO 1 0 0 0\nPI 1\nBS 1 1\nBS 1 2\nBS 1 3\n"
	x.text.SetText(long)
	p := x.ships
	row := -1
	for i, id := range p.RowIDs() {
		if id == 1 {
			row = i
		}
	}
	p.table.Select(widget.TableCellID{Row: row, Col: 0})
	got := p.full.Text
	if !p.full.Visible() || !strings.Contains(got, "Ship 1 · orders: MO 1 0 0 0; BS 1 1; BS 1 2; BS 1 3") || !strings.Contains(got, "checker: ") {
		t.Errorf("under the table: %q", got)
	}
	if p.full.Wrapping != fyne.TextWrapWord {
		t.Error("the text under the table is cut")
	}
	// At 1280x800 the orders' column comes first after the ship's
	// number, in sight however narrow the panel; the checker's after it.
	x.bottomTabs.SelectIndex(1)
	x.Window().Canvas().Capture()
	if shownAt(6) != 1 || shownAt(7) != 2 {
		t.Errorf("the orders and the checker's words are columns %d and %d", shownAt(6), shownAt(7))
	}
	if left, w := p.colW[0], p.table.Size().Width; left+100 > w {
		t.Errorf("the orders' column starts at %v of a table %v wide: out of sight", left, w)
	}
	x.text.SetText("PI 1\n")
	if got := p.full.Text; strings.Contains(got, "MO 1") {
		t.Errorf("after the orders changed: %q", got)
	}
}
