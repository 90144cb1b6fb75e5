package sim

import (
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// crowd is a game of n armed ships of two players facing each other over
// a planet of the second's with defence units; the first's engage.
func crowd(n int, seed int64) (*model.Game, map[int][]order.Order) {
	g := &model.Game{Turn: 6, Seed: seed}
	g.Empires = []model.Empire{{Player: 1, Name: "One", Credits: 100000}, {Player: 2, Name: "Two", Credits: 100000}}
	g.Planets = []model.Planet{{ID: 1, Kind: model.Independent, Loc: geom.Point{Y: 300}, Owner: 2, Population: 10000, Industry: 10000, DefenceUnits: 40, DefenceActive: true}}
	orders := map[int][]order.Order{}
	for i := 1; i <= n; i++ {
		p := 1 + i%2
		typ, fire, def := 3, 2, 10
		if i%5 == 0 {
			typ, fire, def = 23, 5, 35
		}
		loc := geom.Point{X: (i % 7) * 3, Y: 300 + (i % 3), Z: (i % 4) * 2}
		if p == 1 {
			loc.Y = 280 - (i % 3)
			orders[1] = append(orders[1], order.Order{Code: order.EN, N: 5, Args: [order.MaxArgs]int{i, 2, 0, 300, 0}})
		}
		g.Ships = append(g.Ships, model.Ship{ID: i, Type: typ, Owner: p, Loc: loc, Fire: fire, Defence: def, MaxFire: fire, MaxDefence: def, Fuel: 100})
	}
	return g, orders
}

// TestSimulateIsTheHostTurnsBattle: a battle of a host turn, simulated
// once with that turn's seed, gives the turn's battle: who survived, the
// damage each ship took in each phase, what each side won.
func TestSimulateIsTheHostTurnsBattle(t *testing.T) {
	r := rules.Default()
	g, orders := crowd(40, 11)
	rec := &turn.Record{}
	var before model.Game
	turn.Run(turn.NewWorld(r, g, turn.Host), orders, turn.Options{Battle: rec, AfterPhase: func(ph int, w *turn.World) {
		if ph == 1 {
			before = *w.G
			before.Ships = append([]model.Ship(nil), w.G.Ships...)
			before.Planets = append([]model.Planet(nil), w.G.Planets...)
			before.Empires = append([]model.Empire(nil), w.G.Empires...)
		}
	}})
	sum, err := Simulate(turn.BattleSetup{Rules: r, Game: &before, Orders: orders}, before.Seed, 1)
	if err != nil {
		t.Fatal(err)
	}
	lost := 0
	for i, s := range rec.Ships {
		o := sum.Ships[i]
		if o.ID != s.ID || (o.Survived == 1) == s.Lost {
			t.Errorf("ship %d: simulated %+v, the turn's %+v", s.ID, o, s)
		}
		for ph := range s.DamageTaken {
			if o.DamageTaken[ph] != float64(s.DamageTaken[ph]) {
				t.Errorf("ship %d phase %d: simulated damage %v, the turn's %d", s.ID, ph+2, o.DamageTaken[ph], s.DamageTaken[ph])
			}
		}
		if s.Lost {
			lost++
		}
	}
	if lost == 0 || lost == len(rec.Ships) {
		t.Fatalf("%d of %d ships lost: not a battle worth the test", lost, len(rec.Ships))
	}
	for i, p := range rec.Players {
		o := sum.Players[i]
		if o.Player != p.Player || o.Points != float64(p.Points) || o.Credits != float64(p.Credits) || o.AntiPoints != float64(p.AntiPoints) {
			t.Errorf("player %d: simulated %+v, the turn's %+v", p.Player, o, p)
		}
	}
}

// TestSimulateSurvival: a fighter that two dreadnoughts fire at never
// survives; one out of their fire range always does; over the seeds of
// planet defence's draws, the two fighters above a planet each survive
// some runs and not others.
func TestSimulateSurvival(t *testing.T) {
	r := rules.Default()
	g := &model.Game{Turn: 3, Empires: []model.Empire{{Player: 1}, {Player: 2}}}
	g.Ships = []model.Ship{
		{ID: 1, Type: 23, Owner: 1, Loc: geom.Point{Y: 200}, Fire: 5, Defence: 35, MaxFire: 5, MaxDefence: 35, Fuel: 100},
		{ID: 2, Type: 23, Owner: 1, Loc: geom.Point{Y: 200}, Fire: 5, Defence: 35, MaxFire: 5, MaxDefence: 35, Fuel: 100},
		{ID: 3, Type: 3, Owner: 2, Loc: geom.Point{Y: 210}, Fire: 2, Defence: 10, MaxFire: 2, MaxDefence: 10, Fuel: 100},
		{ID: 4, Type: 3, Owner: 2, Loc: geom.Point{Y: 400}, Fire: 2, Defence: 10, MaxFire: 2, MaxDefence: 10, Fuel: 100},
	}
	in := turn.BattleSetup{Rules: r, Game: g}
	SetOrder(&in, 1, order.Order{Code: order.DF, N: 2, Args: [order.MaxArgs]int{1, 2}})
	SetOrder(&in, 1, order.Order{Code: order.DF, N: 2, Args: [order.MaxArgs]int{2, 2}})
	sum, err := Simulate(in, 1, 20)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]float64{1: 1, 2: 1, 3: 0, 4: 1}
	for _, o := range sum.Ships {
		if o.Survival != want[o.ID] {
			t.Errorf("ship %d survives %v of the runs; want %v", o.ID, o.Survival, want[o.ID])
		}
	}
	if p := sum.Players[0]; p.Player != 1 || p.DamageDone[0] != 10 || p.Credits != 10*float64(r.Points.SauranCreditsPerDamageToPlayers) {
		t.Errorf("player 1: %+v", p)
	}

	// Planet defence draws its targets: two fighters of six defence over
	// a planet with five shots, each survives some runs.
	h := &model.Game{Turn: 3, Empires: []model.Empire{{Player: 1}, {Player: 2}}}
	h.Planets = []model.Planet{{ID: 5, Kind: model.Independent, Loc: geom.Point{Y: 200}, Owner: 2, DefenceUnits: 8, DefenceActive: true}}
	h.Ships = []model.Ship{
		{ID: 1, Type: 3, Owner: 1, Loc: geom.Point{Y: 200}, Fire: 0, Defence: 3, MaxFire: 2, MaxDefence: 10, Fuel: 100},
		{ID: 2, Type: 3, Owner: 1, Loc: geom.Point{Y: 200}, Fire: 0, Defence: 3, MaxFire: 2, MaxDefence: 10, Fuel: 100},
	}
	sum, err = Simulate(turn.BattleSetup{Rules: r, Game: h}, 1, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range sum.Ships {
		if o.Survival <= 0 || o.Survival >= 1 {
			t.Errorf("ship %d survives %v of the runs of planet defence's random shots; want some and not all", o.ID, o.Survival)
		}
	}
	if _, err := Simulate(in, 1, 0); err == nil {
		t.Error("no runs: no error")
	}
}

// TestNear: the battle near a place holds the ships and planets within
// the radius; another player's ship of unknown units is taken as built.
func TestNear(t *testing.T) {
	r := rules.Default()
	g := &model.Game{Turn: 3, Empires: []model.Empire{{Player: 1}, {Player: 2}}}
	g.Planets = []model.Planet{{ID: 5, Loc: geom.Point{Y: 200}, Owner: 2, DefenceUnits: 8}, {ID: 6, Loc: geom.Point{Y: 900}}}
	g.Ships = []model.Ship{
		{ID: 1, Type: 23, Owner: 1, Loc: geom.Point{Y: 200}, Fire: 3, Defence: 20, MaxFire: 5, MaxDefence: 35, Fuel: 0},
		{ID: 2, Type: 23, Owner: 2, Loc: geom.Point{Y: 230}},
		{ID: 3, Type: 3, Owner: 2, Loc: geom.Point{Y: 600}},
	}
	in := Near(r, g, geom.Point{Y: 210}, 50)
	if len(in.Game.Ships) != 2 || len(in.Game.Planets) != 1 || in.Game.Planets[0].ID != 5 {
		t.Fatalf("near: ships %v planets %v", in.Game.Ships, in.Game.Planets)
	}
	if s := in.Game.Ships[0]; s.Fire != 3 || s.Defence != 20 || s.Fuel != 0 {
		t.Errorf("a known ship's units were changed: %+v", s)
	}
	st := r.Ship(23)
	if s := in.Game.Ships[1]; s.Fire != st.Fire.Max || s.Defence != st.Defence.Max || s.Fuel != st.MaxFuel.N {
		t.Errorf("a seen ship is not taken as built: %+v", s)
	}
}

// BenchmarkSimulate1000x50: a thousand battles of fifty ships (a second
// at most, says the plan).
func BenchmarkSimulate1000x50(b *testing.B) {
	r := rules.Default()
	g, orders := crowd(50, 1)
	in := turn.BattleSetup{Rules: r, Game: g, Orders: orders}
	for i := 0; i < b.N; i++ {
		if _, err := Simulate(in, 1, 1000); err != nil {
			b.Fatal(err)
		}
	}
}
