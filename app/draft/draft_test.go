package draft

import (
	"reflect"
	"strings"
	"testing"

	"silverfall/assets"
	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// demo is player 1's knowledge of the demo game: ships 1-10 at one place,
// 1 a battle station over the origin.
func demo(t *testing.T) *model.Knowledge {
	t.Helper()
	data, err := assets.DemoSheet(1)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reportparse.Parse(rules.Default(), "demo", data)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Knowledge
}

func mustParse(t *testing.T, s string) order.Order {
	t.Helper()
	o, err := order.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestUndoRedo(t *testing.T) {
	d := New(rules.Default(), demo(t))
	changes := 0
	d.OnChange = func() { changes++ }
	d.Add(mustParse(t, "PI 5"))
	d.Add(mustParse(t, "BS 1 1"))
	d.Replace(0, mustParse(t, "PI 7"))
	d.Delete(1)
	if got := d.Text(); got != "PI 7\n" {
		t.Fatalf("text %q", got)
	}
	for _, want := range []string{"PI 7\nBS 1 1\n", "PI 5\nBS 1 1\n", "PI 5\n", ""} {
		if !d.Undo() || d.Text() != want {
			t.Fatalf("undo gave %q, want %q", d.Text(), want)
		}
	}
	if d.Undo() {
		t.Error("nothing left to undo")
	}
	d.Redo()
	d.Redo()
	if d.Text() != "PI 5\nBS 1 1\n" {
		t.Errorf("redo gave %q", d.Text())
	}
	d.Add(mustParse(t, "PI 1"))
	if d.CanRedo() {
		t.Error("a new change drops the redo steps")
	}
	if changes != 11 {
		t.Errorf("%d change notices, want 11", changes)
	}
}

func TestCheckedOnEveryChange(t *testing.T) {
	d := New(rules.Default(), demo(t))
	i := d.Add(mustParse(t, "MO 1 0 0 0"))
	if r := d.ResultsOf(i); len(r) != 1 || r[0].Code != "cannot-move" {
		t.Fatalf("a battle station's move: %v", r)
	}
	d.Replace(i, mustParse(t, "BS 1 1"))
	if len(d.ResultsOf(i)) != 0 || d.Errors() != 0 {
		t.Errorf("after the fix: %v", d.Results())
	}
}

func TestMoveKeepsKinds(t *testing.T) {
	d := New(rules.Default(), demo(t))
	for _, s := range []string{"LF 3 0", "PI 5", "LF 2 0", "MO 7 1 1 1"} {
		d.Add(mustParse(t, s))
	}
	if j := d.Move(2, -1); j != 0 {
		t.Errorf("moving LF 2 up passes the PI to the other LF: index %d", j)
	}
	if d.Text() != "LF 2 0\nPI 5\nLF 3 0\nMO 7 1 1 1\n" {
		t.Errorf("text %q", d.Text())
	}
	if j := d.Move(0, -1); j != 0 {
		t.Error("the first cannot go up")
	}
}

func TestGroupsInExecutionOrder(t *testing.T) {
	d := New(rules.Default(), demo(t))
	for _, s := range []string{"PI 5", "MO 2 1 1 1", "LF 2 0", "BU 8 1", "FLEET DF 1 99", "CL 2"} {
		d.Add(mustParse(t, s))
	}
	var got []string
	for _, g := range d.Groups() {
		var os []string
		for _, i := range g.Orders {
			os = append(os, d.Orders()[i].String())
		}
		got = append(got, g.Key.String()+": "+strings.Join(os, ", "))
	}
	want := []string{"ship:2: LF 2 0, MO 2 1 1 1, CL 2", "fleet:1: FLEET DF 1 99", "planet:8: BU 8 1", "empire: PI 5"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("groups\n got %q\nwant %q", got, want)
	}
}

func TestNextShipWithoutOrders(t *testing.T) {
	k := demo(t)
	k.Ships[4].Standing = order.Order{} // ship 5 keeps nothing
	k.Ships[5].Standing, _ = order.Parse("MP 6 3")
	d := New(rules.Default(), k)
	d.Add(mustParse(t, "MO 2 1 1 1"))
	d.SetOnStation(3, true)
	var walk []int
	at := 0
	for i := 0; i < 9; i++ {
		next, ok := d.NextShipWithoutOrders(at)
		if !ok {
			break
		}
		walk = append(walk, next)
		at = next
	}
	want := []int{1, 4, 5, 7, 8, 9, 10, 1, 4} // 2 has an order, 3 is on station, 6 keeps its old one
	if !reflect.DeepEqual(walk, want) {
		t.Errorf("walk %v, want %v", walk, want)
	}
	if _, err := d.CancelStanding(6); err != nil {
		t.Fatal(err)
	}
	if o, _ := d.HasBattleOrder(6); o.Code != order.MO {
		t.Errorf("cancelling leaves %v", o)
	}
	if _, err := d.CancelStanding(7); err == nil {
		t.Error("ship 7 has nothing to cancel")
	}
}

func TestParseText(t *testing.T) {
	orders, bad := ParseText("pi 5\n# note\nxx 1\nmo 2 1,1,1\n")
	if len(orders) != 2 || orders[1].String() != "MO 2 1 1 1" || len(bad) != 1 || bad[0].Line != 3 {
		t.Errorf("%v %v", orders, bad)
	}
}

func TestForecasterTakesTheOrdersAsAsked(t *testing.T) {
	k := demo(t)
	d := New(rules.Default(), k)
	home := k.Ships[7].Loc
	dest := geom.Point{X: -10, Y: 405, Z: 87}
	d.Add(mustParse(t, "MO 8 -10 405 87")) // battle cruiser, range 55, 200 away
	forecast := d.Forecaster()
	d.Add(mustParse(t, "MO 8 0 0 0")) // after the snapshot: not in it
	f := forecast()
	var end check.ShipForecast
	for _, s := range f.Ships {
		if s.ID == 8 {
			end = s
		}
	}
	if len(end.Phases) != 3 || end.End.Loc.Dist(home) != 55 || end.End.Loc.Dist(dest) != 200-55 || end.End.Fuel != k.Ships[7].Fuel-55 {
		t.Errorf("ship 8 forecast %+v: want three hops, 55 toward %v", end, dest)
	}
	j, ok := d.Journey(8, dest, 0, k.Ships[7].Fuel, false)
	if !ok || j.Distance != 200 || j.Turns() != 4 || j.Fuel() != k.Ships[7].Fuel-200 {
		t.Errorf("journey %+v", j)
	}
	if _, ok := d.Journey(999, dest, 0, 0, false); ok {
		t.Error("a journey for a ship that is not the player's")
	}
}
