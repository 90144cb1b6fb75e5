package app

import (
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/assets"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/sim"
	"silverfall/reportparse"
)

// demoContact shows the demo with three contacts: two of player 3 a
// short way from my home (where all my ships are) beside a planet of his
// with defence units, one of player 4 far off; it gives the near
// destroyer.
func demoContact(t *testing.T, x *App) model.Ship {
	t.Helper()
	data, _ := assets.DemoSheet(1)
	rep, err := reportparse.Parse(rules.Default(), "demo", data)
	if err != nil {
		t.Fatal(err)
	}
	k := rep.Knowledge
	home := k.Ships[0].Loc
	near := geom.Point{X: home.X + 20, Y: home.Y - 10, Z: home.Z}
	k.ForeignShips = append(k.ForeignShips,
		model.Ship{ID: 28, Type: 20, Owner: 3, Name: "Shadow Fox", Loc: near},
		model.Ship{ID: 29, Type: 23, Owner: 3, Loc: near},
		model.Ship{ID: 30, Type: 23, Owner: 4, Loc: geom.Point{X: home.X + 500, Y: home.Y, Z: home.Z}})
	k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 900, Kind: model.Independent, Owner: 3, Loc: near, DefenceUnits: 12, DefenceActive: true})
	x.Show(NewGame(rules.Default(), rep, "demo"))
	return k.ForeignShips[len(k.ForeignShips)-3]
}

// findButton is the button of the text among the objects.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	if b, ok := o.(*widget.Button); ok && b.Text == text {
		return b
	}
	if c, ok := o.(*fyne.Container); ok {
		for _, x := range c.Objects {
			if b := findButton(x, text); b != nil {
				return b
			}
		}
	}
	return nil
}

// TestCombatSimulatorFromContact: a contact selected on the map, one click
// in its details opens the simulator on the battle near it, my ships and
// the contact among its ships, each with an order; Run fights it over the
// seeds asked for and shows what the engine's simulator gives for the same
// setup and orders, each ship's row and each side's.
func TestCombatSimulatorFromContact(t *testing.T) {
	x := newApp(t)
	c := demoContact(t, x)
	x.st.Select(model.ShipKey(c.ID), FromMap)
	b := findButton(x.details.palette, "Simulate a battle here…")
	if b == nil {
		t.Fatal("the contact's details offer no simulator")
	}
	test.Tap(b)
	v := x.combat
	if v.win == nil || !strings.Contains(v.title.Text, "ship "+strconv.Itoa(c.ID)) {
		t.Fatalf("the simulator is not open on ship %d: %v", c.ID, v.win)
	}
	mine, theirs := 0, 0
	for _, r := range v.rows {
		if r.ship.Owner == x.st.Game().K.Empire.Player {
			mine++
			if r.entry.Text == "" {
				t.Errorf("my ship %d has no order written", r.ship.ID)
			}
		} else {
			theirs++
		}
		if r.ship.ID == 30 {
			t.Error("ship 30, 500 positions off, is in the battle")
		}
	}
	if mine == 0 || theirs != 2 {
		t.Fatalf("the battle has %d of my ships and %d of theirs", mine, theirs)
	}
	var lines []string
	for _, o := range v.forces.Objects {
		if l, ok := o.(*widget.Label); ok {
			lines = append(lines, l.Text)
		}
	}
	if text := strings.Join(lines, "\n"); !strings.Contains(text, "Planet 900 (player 3's): 12 defence units, active") ||
		!strings.Contains(text, "Without defence units: 6 (mine), ") {
		t.Errorf("the planets of the battle:\n%s", text)
	}
	v.runs.SetText("40")
	v.seed.SetText("5")
	test.Tap(v.runB)
	if v.last == nil {
		t.Fatalf("no outcome: %q", v.status.Text)
	}
	setup := v.setup
	setup.Orders, _ = v.orders()
	want, err := sim.Simulate(setup, 5, 40)
	if err != nil || !reflect.DeepEqual(*v.last, want) {
		t.Fatalf("the window shows another outcome than the engine's (%v)", err)
	}
	if len(v.ships.rows) != len(v.rows) || len(v.sides.rows) < 2 {
		t.Errorf("%d ship rows for %d ships, %d sides", len(v.ships.rows), len(v.rows), len(v.sides.rows))
	}
	if !strings.Contains(v.status.Text, "40 runs, seeds 5 to 44") {
		t.Errorf("status %q", v.status.Text)
	}
	shotCombat(t, v, "combat-simulator")
}

// TestCombatSimulatorBadOrder: an order that is not the ship's battle
// order is refused with the ship named, and nothing is fought; from the
// menu's item on a selected ship of mine the window opens too.
func TestCombatSimulatorBadOrder(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	own := g.K.Ships[0]
	x.st.Select(model.ShipKey(own.ID), FromTree)
	x.combat.OpenSelected()
	v := x.combat
	if len(v.rows) == 0 || v.rows[0].ship.ID != own.ID {
		t.Fatalf("the battle does not start with my ship %d", own.ID)
	}
	v.rows[0].entry.SetText("LF " + strconv.Itoa(own.ID) + " 10")
	test.Tap(v.runB)
	if v.last != nil || !strings.Contains(v.status.Text, "ship "+strconv.Itoa(own.ID)+": LF is not") {
		t.Errorf("a general order was fought: %q", v.status.Text)
	}
	v.rows[0].entry.SetText("DF " + strconv.Itoa(own.ID+1) + " 0")
	test.Tap(v.runB)
	if v.last != nil || !strings.Contains(v.status.Text, "is for ship") {
		t.Errorf("another ship's order was fought: %q", v.status.Text)
	}
	v.rows[0].entry.SetText("DF " + strconv.Itoa(own.ID) + " 0")
	v.runs.SetText("0")
	test.Tap(v.runB)
	if v.last != nil || !strings.Contains(v.status.Text, "runs:") {
		t.Errorf("no runs was fought: %q", v.status.Text)
	}
	v.runs.SetText("3")
	test.Tap(v.runB)
	if v.last == nil || v.last.Runs != 3 {
		t.Errorf("a good order was not fought: %q", v.status.Text)
	}
}

// shotCombat saves the simulator's window at 1280x800 where
// SILVERFALL_SHOTS names a folder.
func shotCombat(t *testing.T, v *combatView, name string) {
	dir := os.Getenv("SILVERFALL_SHOTS")
	if dir == "" {
		return
	}
	v.win.Resize(fyne.NewSize(1280, 800))
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	png.Encode(f, v.win.Canvas().Capture())
}

// TestCombatSimulatorNothingSelected: Ctrl+B with nothing selected opens
// the simulator on my first ship, not on nothing; the View menu's item
// opens it on the selection.
func TestCombatSimulatorNothingSelected(t *testing.T) {
	x := newApp(t)
	x.st.Select(model.Key{}, FromTree)
	x.Window().Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyB, Modifier: fyne.KeyModifierShortcutDefault})
	v := x.combat
	first := x.st.Game().K.Ships[0].ID
	if v.win == nil || !strings.Contains(v.title.Text, "near ship "+strconv.Itoa(first)+" ") {
		t.Fatalf("Ctrl+B with nothing selected: %v", v.win)
	}
	x.st.Select(model.PlanetKey(x.st.Game().K.Planets[0].ID), FromTree)
	menuItem(t, x, "Combat simulator here…").Action()
	if !strings.Contains(v.title.Text, "near planet ") {
		t.Errorf("the menu's item on a planet: %q", v.title.Text)
	}
}

// TestCombatSimulatorBusy: while the battles are fought, neither Run nor
// Set up again can be pressed (the outcome would be of another battle than
// the one shown); once they are done, both can and the outcome is shown;
// an outcome fought before the window was opened anew is not shown.
func TestCombatSimulatorBusy(t *testing.T) {
	x := newApp(t)
	var queue []func()
	x.Background = func(f func()) { queue = append(queue, f) }
	x.combat.OpenSelected()
	v := x.combat
	v.runs.SetText("5")
	test.Tap(v.runB)
	if len(queue) != 1 || !v.runB.Disabled() || !v.again.Disabled() || v.last != nil {
		t.Fatalf("while fighting: %d queued, Run disabled %v, Set up again disabled %v", len(queue), v.runB.Disabled(), v.again.Disabled())
	}
	queue[0]()
	if v.runB.Disabled() || v.again.Disabled() || v.last == nil || v.last.Runs != 5 {
		t.Errorf("once fought: Run disabled %v, Set up again disabled %v, outcome %v", v.runB.Disabled(), v.again.Disabled(), v.last)
	}
	// Opened on another place while fighting: the outcome of the battle
	// before is not shown for the new one.
	test.Tap(v.runB)
	x.combat.Open(model.PlanetKey(x.st.Game().K.Planets[0].ID))
	queue[1]()
	if v.runB.Disabled() || v.last != nil || !strings.Contains(v.status.Text, "Run again") {
		t.Errorf("an earlier battle's outcome: Run disabled %v, outcome %v, status %q", v.runB.Disabled(), v.last, v.status.Text)
	}
}

// A planet's and a fleet's details offer the simulator too, set up at the
// planet or the fleet: the battle over a planet its defence units fight.
func TestCombatSimulatorFromPlanetAndFleet(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	if len(g.K.Fleets) == 0 {
		t.Fatal("the demo has no fleet")
	}
	keys := []model.Key{model.PlanetKey(g.K.Planets[0].ID), model.FleetKey(g.K.Fleets[0].ID)}
	for _, key := range keys {
		x.st.Select(key, FromMap)
		b := findButton(x.details.palette, "Simulate a battle here…")
		if b == nil {
			t.Errorf("%v: its details offer no simulator", key)
			continue
		}
		test.Tap(b)
		at, _ := g.Location(key)
		if v := x.combat; v.win == nil || v.of != key || v.at != at {
			t.Errorf("%v: the simulator is not open at it (open on %v at %v)", key, v.of, v.at)
		}
	}
}
