package journey_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// scene is a new game of the seed with one ship of player 1 left in it
// (no foreign ship in reach), at the sheet's turn given, and its journey to
// a planet or a place drawn by the seed.
type scene struct {
	r      *rules.Rules
	g      *model.Game
	ship   journey.Ship
	target journey.Target
	j      journey.Journey
}

func newScene(t testing.TB, seed uint64) scene {
	t.Helper()
	// The journey keeps to today's movement range: an officer's random
	// gain in navigation on the way is left out of the games.
	rs := *rules.Default()
	rs.OfficerGrowth.RandomIncreasePercent = 0
	r := &rs
	g, err := galaxy.Generate(r, galaxy.Options{Seed: int64(seed), Players: 6})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 29))
	var mine []model.Ship
	for _, s := range g.Ships {
		if st := r.Ship(s.Type); s.Owner == 1 && s.Inside == 0 && st != nil && st.CanMove() && s.Fuel > 0 {
			mine = append(mine, s)
		}
	}
	if len(mine) == 0 {
		t.Skipf("seed %d: player 1 has no ship that moves", seed)
	}
	s := mine[rng.IntN(len(mine))]
	if rng.IntN(3) == 0 {
		s.Fuel = max(1, s.Fuel/(2+rng.IntN(6))) // short of fuel: stops, or dry
	}
	g.Ships = []model.Ship{s}
	g.Turn = 8 + rng.IntN(14) // before the pull and well into it
	w := turn.NewWorld(r, g, turn.Host)
	e := g.Empire(1)
	sc := scene{r: r, g: g, ship: journey.ShipOf(r, &s, w.MoveRange(&s), e.Abilities)}
	if rng.IntN(2) == 0 {
		p := g.Planets[rng.IntN(len(g.Planets))]
		sc.target = journey.Target{Planet: p.ID, Place: p.Loc, Kind: p.Kind}
	} else {
		a := rng.Float64() * 6.283
		d := 60 + rng.IntN(250)
		sc.target = journey.Target{Place: geom.Point{X: int(float64(d) * math.Cos(a)), Y: int(float64(d) * math.Sin(a)), Z: rng.IntN(41) - 20}}
	}
	sc.j = journey.Plan(sc.world(), sc.ship, sc.target)
	return sc
}

func (sc scene) world() journey.World {
	return journey.World{Rules: sc.r, Turn: sc.g.Turn, Planets: sc.g.Planets, Markets: sc.g.Markets}
}

// TestHostFollowsTheJourney: over many seeded games, the ship ordered each
// turn as its journey says is, after each host turn's moves and after its
// pull, where the journey said, with the fuel it said; and it arrives, or
// falls in, or runs dry, when and where the journey said.
func TestHostFollowsTheJourney(t *testing.T) {
	seeds := 120
	if testing.Short() {
		seeds = 12
	}
	ends := map[journey.End]int{}
	stops := 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		sc := newScene(t, seed)
		ends[sc.j.End]++
		if len(sc.j.Stops) > 0 {
			stops++
		}
		sc.carryOut(t, seed)
	}
	t.Logf("ends over %d games: %v; %d with fuel stops", seeds, ends, stops)
	if ends[journey.Arrives] == 0 || stops == 0 || len(ends) < 3 {
		t.Errorf("the seeds do not try enough kinds of journey: %v, %d with stops", ends, stops)
	}
}

// carryOut runs the host's turns with the journey's orders and compares.
func (sc scene) carryOut(t *testing.T, seed uint64) {
	t.Helper()
	w := turn.NewWorld(sc.r, sc.g, turn.Host)
	id := sc.ship.ID
	for _, st := range sc.j.Steps {
		var moved geom.Point
		after := func(phase int, w *turn.World) {
			if s := w.Ship(id); phase == 4 && s != nil {
				moved = s.Loc
			}
		}
		turn.Run(w, map[int][]order.Order{1: slices.Clone(st.Orders)}, turn.Options{EndOfTurn: true, AfterPhase: after})
		s := w.Ship(id)
		if moved != st.Moved {
			t.Fatalf("seed %d, turn %d (%v): the move ended at %v, the journey said %v", seed, st.Turn, st.Orders, moved, st.Moved)
		}
		if st.Turn == sc.j.Turn && sc.j.End == journey.FallsIn {
			if s != nil {
				t.Fatalf("seed %d, turn %d: the ship at %v did not fall in as the journey said", seed, st.Turn, s.Loc)
			}
			return
		}
		if s == nil {
			t.Fatalf("seed %d, turn %d: the ship was lost; the journey said it ends %v at %v", seed, st.Turn, st.Pulled, sc.j.End)
		}
		if s.Loc != st.Pulled || s.Fuel != st.Fuel {
			t.Fatalf("seed %d, turn %d (%v): the ship is at %v with %d fuel, the journey said %v with %d", seed, st.Turn, st.Orders, s.Loc, s.Fuel, st.Pulled, st.Fuel)
		}
	}
	if s := w.Ship(id); s != nil && sc.j.End != journey.FallsIn && s.Loc != sc.j.Where {
		t.Fatalf("seed %d: the journey ends (%v) at %v, the ship is at %v", seed, sc.j.End, sc.j.Where, s.Loc)
	}
	if sc.j.End == journey.Arrives && sc.target.Planet != 0 {
		if p := w.Planet(sc.target.Planet); p == nil || p.Loc != w.Ship(id).Loc {
			t.Fatalf("seed %d: the ship arrived at %v, but planet %d is elsewhere", seed, w.Ship(id).Loc, sc.target.Planet)
		}
	}
}

// BenchmarkRoute10 plans a journey of ten turns under the pull, with the
// fuel for a stop on the way to be found.
func BenchmarkRoute10(b *testing.B) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 10, Players: 40})
	if err != nil {
		b.Fatal(err)
	}
	w := journey.World{Rules: r, Turn: 6, Planets: g.Planets, Markets: g.Markets}
	s := journey.Ship{ID: 1, Owner: 1, Loc: geom.Point{X: 320}, Reach: 45, Fuel: 300, MaxFuel: 400}
	t := journey.Target{Place: geom.Point{X: -250, Y: 150}}
	j := journey.Plan(w, s, t)
	if j.Turns() < 10 || len(j.Stops) == 0 {
		b.Fatalf("the route takes %d turns, not 10 or more, with stops %v: %v", j.Turns(), j.Stops, j.End)
	}
	b.ResetTimer()
	for range b.N {
		journey.Plan(w, s, t)
	}
}
