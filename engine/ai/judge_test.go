package ai

import (
	"fmt"
	"testing"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/order"
)

// A move the forecast shows losing the ship (into Silverfall) is replaced
// by the other move the forecast scores best, which keeps it; a move that
// keeps the ship is left as the plan gave it.
func TestForecastJudgesMoves(t *testing.T) {
	r, k := firstSheet(t, 1_000_000)
	i := -1
	for j, s := range k.Ships {
		if st := r.Ship(s.Type); st != nil && st.CanMove() && st.Movement.N >= 40 && s.Inside == 0 {
			i = j
			break
		}
	}
	if i < 0 {
		t.Fatal("no movable ship on the sheet")
	}
	s := &k.Ships[i]
	s.Loc, s.Fuel = geom.Point{X: 30}, 300
	move := func(to geom.Point) []order.Order {
		o, err := order.Parse(fmt.Sprintf("MO %d %d %d %d", s.ID, to.X, to.Y, to.Z))
		if err != nil {
			t.Fatal(err)
		}
		return []order.Order{o}
	}
	judge := func(orders []order.Order) ([]order.Order, check.Forecast) {
		p := newPlanner(r, k, 1, Normal())
		c := check.New(r, k)
		out := p.judgeMoves(c, orders)
		return out, c.Forecast(out)
	}
	into := move(geom.Origin)
	if survives(check.New(r, k).Forecast(into), s.ID) {
		t.Fatalf("ship %d at %v survives a move into Silverfall: the scenario is wrong", s.ID, s.Loc)
	}
	got, fc := judge(into)
	if !survives(fc, s.ID) || len(got) != 1 || got[0].String() == into[0].String() {
		t.Errorf("the move into Silverfall was judged to %v; the ship survives: %v", got, survives(fc, s.ID))
	}
	out := move(geom.Point{X: 60})
	if got, _ := judge(out); len(got) != 1 || got[0].String() != out[0].String() {
		t.Errorf("a move that keeps the ship was changed to %v", got)
	}
}
