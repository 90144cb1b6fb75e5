package journey_test

import (
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

func TestPlanEnds(t *testing.T) {
	r := rules.Default()
	pull := r.Movement.GravityFromTurn // the first turn of the pull
	ship := func(loc geom.Point, reach, fuel int) journey.Ship {
		return journey.Ship{ID: 7, Owner: 1, Loc: loc, Reach: reach, Fuel: fuel, MaxFuel: 300}
	}
	place := func(x, y int) journey.Target { return journey.Target{Place: geom.Point{X: x, Y: y}} }
	planet := func(p model.Planet) journey.Target {
		return journey.Target{Planet: p.ID, Place: p.Loc, Kind: p.Kind}
	}
	near := model.Planet{ID: 40, Kind: model.Independent, Loc: geom.Point{X: 40}}
	for _, c := range []struct {
		name  string
		turn  int
		ship  journey.Ship
		to    journey.Target
		end   journey.End
		turns int // the journey's turns
		pulls bool
	}{
		{"before the pull: three turns straight", 2, ship(geom.Point{X: 100}, 45, 300), place(200, 0), journey.Arrives, 3, false},
		{"under the pull: the ship is drawn in each turn", pull, ship(geom.Point{Y: 300}, 45, 300), place(0, 160), journey.Arrives, 3, true}, // 4 without the pull
		{"runs dry on the way", 2, ship(geom.Point{X: 100}, 45, 60), place(250, 0), journey.FuelOut, 2, false},
		{"the pull takes the ship in", pull + 4, ship(geom.Point{X: 60}, 10, 300), place(200, 0), journey.FallsIn, 3, true},
		{"the target planet falls in first", pull + 3, ship(geom.Point{X: 300}, 30, 300), planet(near), journey.TargetFalls, 2, true},
		{"the game ends first", r.Game.ExpectedLastTurn - 2, ship(geom.Point{X: -300}, 30, 300), place(300, 0), journey.GameEnds, 2, true},
		{"a ship that does not move", 2, ship(geom.Point{X: 100}, 0, 300), place(200, 0), journey.CannotMove, 0, false},
		{"there already", 2, ship(geom.Point{X: 100}, 45, 300), place(100, 0), journey.Arrives, 0, false},
	} {
		w := journey.World{Rules: r, Turn: c.turn}
		j := journey.Plan(w, c.ship, c.to)
		if j.End != c.end || j.Turns() != c.turns || j.Pulls() != c.pulls {
			t.Errorf("%s: %v in %d turns (pulled %v); want %v in %d (pulled %v): %+v", c.name, j.End, j.Turns(), j.Pulls(), c.end, c.turns, c.pulls, j.Steps)
		}
		for i, st := range j.Steps {
			if st.Turn != c.turn+1+i {
				t.Errorf("%s: step %d is turn %d, want %d", c.name, i, st.Turn, c.turn+1+i)
			}
			if want := st.Moved.Toward(geom.Origin, r.GravityPull(st.Turn)); st.Pulled != want {
				t.Errorf("%s: turn %d pulled to %v, want %v", c.name, st.Turn, st.Pulled, want)
			}
		}
		if n := len(j.Steps); j.End == journey.Arrives && n > 0 && j.Steps[n-1].Moved != c.to.Place {
			t.Errorf("%s: arrives at %v, not %v", c.name, j.Steps[n-1].Moved, c.to.Place)
		}
	}
}

// TestFuelStops: a ship short of fuel stops at a planet of its own or a
// trading planet on the way, loads there and goes on; a foreign planet is
// no stop, nor one of its own with no fuel.
func TestFuelStops(t *testing.T) {
	r := rules.Default()
	s := journey.Ship{ID: 7, Owner: 1, Loc: geom.Point{X: 300}, Reach: 50, Fuel: 120, MaxFuel: 300}
	to := journey.Target{Place: geom.Point{X: 300, Y: 250}}
	depot := func(owner, fuel int, kind model.PlanetKind) model.Planet {
		return model.Planet{ID: 12, Owner: owner, Kind: kind, Fuel: fuel, Loc: geom.Point{X: 300, Y: 100}}
	}
	far := model.Planet{ID: 13, Owner: 1, Fuel: 500, Loc: geom.Point{X: -200, Y: 100}}
	for _, c := range []struct {
		name    string
		planets []model.Planet
		markets map[int]model.Market
		stops   []int
	}{
		{"own planet with fuel", []model.Planet{far, depot(1, 500, model.Independent)}, nil, []int{12}},
		{"trading planet with fuel to sell", []model.Planet{depot(0, 0, model.Trading)}, map[int]model.Market{12: {Fuel: 900}}, []int{12}},
		{"foreign planet", []model.Planet{depot(2, 500, model.Independent)}, nil, nil},
		{"own planet without fuel", []model.Planet{depot(1, 0, model.Independent)}, nil, nil},
		{"own planet out of fuel's reach", []model.Planet{far}, nil, nil},
	} {
		w := journey.World{Rules: r, Turn: 2, Planets: c.planets, Markets: c.markets}
		j := journey.Plan(w, s, to)
		want := journey.FuelOut
		if c.stops != nil {
			want = journey.Arrives
		}
		if j.End != want || len(j.Stops) != len(c.stops) || len(c.stops) > 0 && j.Stops[0] != c.stops[0] {
			t.Errorf("%s: %v with stops %v; want %v with %v", c.name, j.End, j.Stops, want, c.stops)
			continue
		}
		if c.stops == nil {
			continue
		}
		// Two turns to the stop, its loading at the start of the next turn,
		// then three turns on.
		if j.Turns() != 5 || j.Steps[2].Loaded != s.MaxFuel-j.Steps[1].Fuel || j.Steps[2].Orders[0].String() != "LF 7 0" {
			t.Errorf("%s: %d turns, loading %+v", c.name, j.Turns(), j.Steps[3])
		}
	}
}
