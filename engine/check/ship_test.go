package check

import (
	"slices"
	"strconv"
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// The figures the window shows come from the rules the turn applies: an
// empire with Ion Drives moves a tenth farther, and the cargo room is what
// a load may take.
func TestShipFacts(t *testing.T) {
	r := rules.Default()
	scout := r.Ship(1).Movement.N
	tests := []struct {
		name      string
		abilities []model.SpecialAbility
		ship      int
		move      int
	}{
		{"plain scout", nil, 3, scout},
		{"scout with Ion Drives", []model.SpecialAbility{{Name: "Ion Drives"}}, 3, rules.Adjust(scout, 10, 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k := fixture()
			k.Empire.Abilities = tc.abilities
			f, ok := New(r, k).Ship(tc.ship)
			if !ok {
				t.Fatal("own ship not found")
			}
			if f.MoveRange != tc.move {
				t.Errorf("movement range %d, want %d", f.MoveRange, tc.move)
			}
			if move, comm := New(r, k).Ranges(tc.ship); move != f.MoveRange || comm != f.CommRange {
				t.Errorf("Ranges gives %d, %d; Ship %d, %d", move, comm, f.MoveRange, f.CommRange)
			}
		})
	}
	if tests[1].move == tests[0].move {
		t.Fatal("the test cannot tell Ion Drives apart")
	}
}

func TestShipFactsCargoAndOrders(t *testing.T) {
	r := rules.Default()
	c := New(r, fixture())
	// Ship 2, a small cargo ship: 30 cargo units holding 50 of ore type 1.
	f, ok := c.Ship(2)
	if !ok {
		t.Fatal("ship 2 not found")
	}
	st := r.Ship(11)
	for ty := 1; ty <= rules.OreTypes; ty++ {
		want := r.CargoRoom(st.Cargo.N, model.Ore{50}, ty)
		if f.CargoRoom[ty-1] != want || want <= 0 {
			t.Errorf("room for type %d: %d, want %d (> 0)", ty, f.CargoRoom[ty-1], want)
		}
	}
	// A load of exactly the room passes the checker; one more fails.
	load := func(n int) int {
		o, err := order.Parse("LO 2 1 " + strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		errs := 0
		for _, d := range c.Check([]order.Order{o}) {
			if d.Severity == Error && d.Code == "cargo-full" {
				errs++
			}
		}
		return errs
	}
	if load(f.CargoRoom[0]) != 0 || load(f.CargoRoom[0]+1) == 0 {
		t.Errorf("the room shown (%d) is not what a load may take", f.CargoRoom[0])
	}
	if !slices.Contains(f.General, order.LO) || slices.Contains(f.Battle, order.FI) {
		t.Errorf("a cargo ship's orders: battle %v, general %v", f.Battle, f.General)
	}
	if _, ok := c.Ship(999); ok {
		t.Error("a ship not on the sheet has facts")
	}
}
