package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/render3d"
)

// Ctrl+J opens the route planner on the selected ship; a destination typed
// gives the plan turn by turn, drawn on the map, with each turn's order as
// the engine's journey has it; a planet not on the sheet is refused; the
// plan comes off the map on request.
func TestRoutePlanner(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	x.st.Select(model.ShipKey(8), FromTree)
	x.Window().Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyJ, Modifier: fyne.KeyModifierShortcutDefault})
	v := x.route
	if v.win == nil || v.ship != 8 || !strings.Contains(v.title.Text, "ship 8") {
		t.Fatalf("Ctrl+J did not open the planner on ship 8: %+v", v)
	}
	test.Type(v.dest, "-10 405 87")
	test.Tap(findButton(v.win.Content(), "Plan"))
	r := x.st.Route()
	if r == nil || r.Ship != 8 || len(r.Journey.Steps) == 0 {
		t.Fatalf("no route on the map: %+v", r)
	}
	first := r.Journey.Steps[0]
	want := "Turn " + itoa(g.K.Turn+1) + ": MO 8 -10 405 87."
	if !strings.Contains(v.plan.Text, want) || !strings.Contains(v.plan.Text, "Ship 8 to -10,405,87, 200 positions away: 4 turns at 55 a turn") {
		t.Errorf("the plan says %q; want %q", v.plan.Text, want)
	}
	if first.Moved.Dist(g.Ships[8].Loc) != 55 {
		t.Errorf("the first turn's move ends at %v, %d from the ship; its range is 55", first.Moved, first.Moved.Dist(g.Ships[8].Loc))
	}
	drawn := 0
	for _, c := range mapCourses(x.st) {
		if c.Kind == render3d.CourseMove && c.Ship == 0 {
			drawn++
		}
	}
	if drawn != len(r.Journey.Steps) {
		t.Errorf("the map draws %d of the route's %d turns", drawn, len(r.Journey.Steps))
	}
	d := x.st.Draft()
	d.Add(mustOrder(t, "MO 8 1 1 1"))
	test.Tap(findButton(v.win.Content(), "Give this turn's orders"))
	moves := 0
	for _, o := range d.Orders() {
		if o.Subject() == 8 && !o.Fleet && o.Class() == order.BattleMovement {
			moves++
			if o.String() != "MO 8 -10 405 87" {
				t.Errorf("the draft's move for ship 8 is %v, not the plan's", o)
			}
		}
	}
	if moves != 1 {
		t.Errorf("ship 8 has %d battle/movement orders after the plan's were given", moves)
	}
	v.dest.SetText("99999")
	v.Plan()
	if !strings.Contains(v.plan.Text, "not on your sheet") {
		t.Errorf("an unknown planet: %q", v.plan.Text)
	}
	// A destination that cannot be planned takes the route planned before
	// with it: Give puts nothing in, and says so.
	before := len(d.Orders())
	test.Tap(findButton(v.win.Content(), "Give this turn's orders"))
	if len(d.Orders()) != before || x.st.Route() != nil || !strings.Contains(v.status.Text, "Plan a route first") {
		t.Errorf("after a bad destination Give left %d orders (had %d), route %v, status %q", len(d.Orders()), before, x.st.Route(), v.status.Text)
	}
	v.dest.SetText("-10 405 87")
	v.Plan()
	test.Tap(findButton(v.win.Content(), "Take it off the map"))
	if x.st.Route() != nil {
		t.Error("the route is still on the map")
	}
	v.win.Close()
}

// A route under the pull says, turn by turn, how far the pull draws the
// ship in; one short of fuel takes it on at a planet on the way.
func TestRouteTextTurnByTurn(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	j := journey.Journey{Distance: 100, Reach: 50, End: journey.Arrives, Turn: 17, Stops: []int{12}, Steps: []journey.Step{
		{Turn: 16, Moved: geom.Point{Y: 250}, Pulled: geom.Point{Y: 247}, Fuel: 10},
		{Turn: 17, Loaded: 190, Stop: 12, Moved: geom.Point{Y: 200}, Pulled: geom.Point{Y: 194}, Fuel: 150},
	}}
	got := routeText(g, 8, geom.Point{Y: 200}, 0, j, 60)
	for _, want := range []string{"Turn 16:", "the pull draws it 3 positions in, to 0,247,0. Fuel 10.", "It takes on 190 fuel at planet 12.", "after taking on fuel at planet 12"} {
		if !strings.Contains(got, want) {
			t.Errorf("the route's text %q lacks %q", got, want)
		}
	}
}
