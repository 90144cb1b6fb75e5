package galaxy

import (
	"io"
	"reflect"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/engine/turnsheet"
)

func newGame(t testing.TB, seed int64, players int) *model.Game {
	t.Helper()
	g, err := Generate(rules.Default(), Options{Seed: seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestDeterministic(t *testing.T) {
	a, b := newGame(t, 7, 12), newGame(t, 7, 12)
	if !reflect.DeepEqual(a, b) {
		t.Error("the same seed gave two different games")
	}
	if reflect.DeepEqual(a.Planets, newGame(t, 8, 12).Planets) {
		t.Error("two seeds gave the same planets")
	}
}

func TestPlayerCountLimits(t *testing.T) {
	for _, n := range []int{0, 41} {
		if _, err := Generate(rules.Default(), Options{Seed: 1, Players: n}); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	if _, err := Generate(rules.Default(), Options{Seed: 1, Players: 2, Planets: 9}); err == nil {
		t.Error("too few planets accepted")
	}
}

func TestPlanets(t *testing.T) {
	r := rules.Default()
	g := newGame(t, 3, 40)
	if len(g.Planets) != r.Setup.PlanetsBase+r.Setup.PlanetsPerPlayer*40 {
		t.Fatalf("%d planets", len(g.Planets))
	}
	// No two closer than 10 (checked through a grid of 10-position cells).
	cells := map[geom.Point][]geom.Point{}
	cell := func(p geom.Point) geom.Point { return geom.Point{X: p.X / 10, Y: p.Y / 10, Z: p.Z / 10} }
	for _, p := range g.Planets {
		cells[cell(p.Loc)] = append(cells[cell(p.Loc)], p.Loc)
	}
	for _, p := range g.Planets {
		c := cell(p.Loc)
		for dx := -2; dx <= 2; dx++ {
			for dy := -2; dy <= 2; dy++ {
				for dz := -2; dz <= 2; dz++ {
					for _, q := range cells[geom.Point{X: c.X + dx, Y: c.Y + dy, Z: c.Z + dz}] {
						if q != p.Loc && q.Dist2(p.Loc) < 100 {
							t.Fatalf("planets at %v and %v are closer than 10", p.Loc, q)
						}
					}
				}
			}
		}
	}
	var inside, outside, inner, outer, innerOre, outerOre int
	octants := map[int]int{}
	for _, p := range g.Planets {
		d := p.Loc.Exact(geom.Origin)
		if d < float64(r.Movement.DestructionRadius) {
			t.Errorf("planet %d at %v is inside the black hole's reach", p.ID, p.Loc)
		}
		if p.Kind != model.Independent {
			continue
		}
		oct := 0
		if p.Loc.X < 0 {
			oct |= 1
		}
		if p.Loc.Y < 0 {
			oct |= 2
		}
		if p.Loc.Z < 0 {
			oct |= 4
		}
		octants[oct]++
		if d <= 350 {
			inside++
			innerOre += p.Ore.Total()
		} else {
			outside++
			outerOre += p.Ore.Total()
		}
		switch {
		case d < 175:
			inner++
		case d <= 350:
			outer++
		}
	}
	if outside == 0 || outside*50 > inside {
		t.Errorf("%d planets beyond 350 and %d within: want a few beyond", outside, inside)
	}
	if outerOre/outside < 3*innerOre/inside {
		t.Errorf("planets beyond 350 hold %d ore on average, those within %d: want them rich", outerOre/outside, innerOre/inside)
	}
	// The inner ball has 1/7 of the outer shell's volume: density rises inward
	// when it holds more than 1/7 as many planets.
	if inner*7 <= outer*2 {
		t.Errorf("%d planets within 175, %d from 175 to 350: density should rise toward Silverfall", inner, outer)
	}
	lo, hi := len(g.Planets), 0
	for _, n := range octants {
		lo, hi = min(lo, n), max(hi, n)
	}
	if len(octants) != 8 || hi-lo > 1 {
		t.Errorf("planets per octant %v: want the same number in each", octants)
	}
}

func TestTradingAndOrigins(t *testing.T) {
	r := rules.Default()
	g := newGame(t, 5, 40)
	var trading []model.Planet
	var origins []geom.Point
	for _, p := range g.Planets {
		switch p.Kind {
		case model.Trading:
			trading = append(trading, p)
			if !p.Loc.Within(geom.Origin, 100) {
				t.Errorf("trading planet %d at %v is not near the centre", p.ID, p.Loc)
			}
			if m, ok := g.Markets[p.ID]; !ok || m.Prices.Fuel == 0 || m.Stock[0] == 0 {
				t.Errorf("trading planet %d has no prices", p.ID)
			}
		case model.Origin:
			origins = append(origins, p.Loc)
		}
	}
	if len(trading) != r.Game.TradingPlanets || len(origins) != 40 {
		t.Fatalf("%d trading planets, %d origins", len(trading), len(origins))
	}
	for _, o := range origins {
		d := o.Dist(nearest(trading, o).Loc)
		if d < r.Setup.OriginTradeDistance-2 || d > r.Setup.OriginTradeDistance+1 {
			t.Errorf("origin at %v is %d from its nearest trading planet; want about %d", o, d, r.Setup.OriginTradeDistance)
		}
	}
	// Spread evenly: every origin's nearest neighbour is about as far as any other's.
	lo, hi := 1<<30, 0
	for i, a := range origins {
		best := 1 << 30
		for j, b := range origins {
			if i != j {
				best = min(best, a.Dist(b))
			}
		}
		lo, hi = min(lo, best), max(hi, best)
	}
	if lo < 40 || hi > 3*lo {
		t.Errorf("origins' nearest neighbours from %d to %d apart: not spread evenly", lo, hi)
	}
}

func TestStartingPositions(t *testing.T) {
	r := rules.Default()
	g := newGame(t, 11, 20)
	officers := model.OfficerMap(g.Officers)
	for p := 1; p <= 20; p++ {
		e := g.Empire(p)
		if e == nil || e.Credits != r.Setup.StartCredits || r.Race(e.Race) == nil {
			t.Fatalf("player %d: empire %+v", p, e)
		}
		stations, others, cost := 0, 0, 0
		perType := map[int]int{}
		commodores, captains := 0, 0
		for _, s := range g.Ships {
			if s.Owner != p {
				continue
			}
			if s.Type == rules.TypeBattleStation {
				stations++
			} else {
				others++
				perType[s.Type]++
				cost += r.BuildCost(r.Ship(s.Type), s.MaxFire, s.MaxDefence)
			}
			if s.Fuel != r.Ship(s.Type).MaxFuel.Or(0) {
				t.Errorf("ship %d starts with %d fuel", s.ID, s.Fuel)
			}
			if o := officers[s.Officer]; s.Officer != 0 {
				switch r.RankFor(o.Levels.Sum()).Ship {
				case "Commodore":
					commodores++
					if o.Levels.Sum() != r.Officers.CommodorePoints || s.Type != rules.TypeBattleStation || o.Current != o.Levels {
						t.Errorf("player %d: commodore %+v on type %d", p, o, s.Type)
					}
					for _, l := range o.Levels {
						if l > r.Officers.CommodoreMaxStartLevel {
							t.Errorf("commodore with level %d", l)
						}
					}
				case "Captain":
					captains++
				default:
					t.Errorf("officer %d has rank %s", o.ID, r.RankFor(o.Levels.Sum()).Ship)
				}
			}
		}
		if stations != 1 || others > r.Start.MaxShips || others < 3 || cost > r.Start.MaxShipsCost {
			t.Errorf("player %d: %d stations, %d ships costing %d", p, stations, others, cost)
		}
		for typ, n := range perType {
			if n > r.Start.MaxPerType {
				t.Errorf("player %d has %d ships of type %d", p, n, typ)
			}
		}
		if commodores != 1 || captains > r.Officers.CaptainsAtStart {
			t.Errorf("player %d: %d commodores, %d captains", p, commodores, captains)
		}
	}
}

func TestSauranAndArtifacts(t *testing.T) {
	r := rules.Default()
	g := newGame(t, 13, 40)
	var stations []geom.Point
	n := 0
	for _, s := range g.Ships {
		if s.Owner == r.Game.PlayerSauran {
			n++
			if s.Type == rules.TypeBattleStation {
				stations = append(stations, s.Loc)
			}
		}
	}
	if len(stations) != 5 || n <= 200 {
		t.Fatalf("Sauran has %d stations and %d ships", len(stations), n)
	}
	guards := 0
	for _, s := range g.Ships {
		if s.Owner == r.Game.PlayerSauran && s.Type != rules.TypeBattleStation {
			for _, st := range stations {
				if s.Loc.Within(st, 30) {
					guards++
					break
				}
			}
		}
	}
	if guards*2 < n {
		t.Errorf("%d of %d Sauran ships guard the stations; want most", guards, n)
	}
	for _, p := range g.Planets {
		if p.Kind == model.Origin {
			for _, st := range stations {
				if p.Loc.Within(st, 60) {
					t.Errorf("a Sauran station at %v is %d from the origin of player %d", st, st.Dist(p.Loc), p.Owner)
				}
			}
		}
	}
	rings, hidden := 0, 0
	for _, a := range g.Artifacts {
		if a.Ring {
			rings++
		}
	}
	for _, p := range g.Planets {
		if p.Hidden != 0 {
			hidden++
		}
	}
	if rings != 10 || hidden != len(g.Artifacts) {
		t.Errorf("%d rings, %d artifacts hidden of %d", rings, hidden, len(g.Artifacts))
	}
}

// BenchmarkGenerateAndWrite40 generates a 40-player galaxy and writes all
// forty turn sheets.
func BenchmarkGenerateAndWrite40(b *testing.B) {
	r := rules.Default()
	for i := 0; i < b.N; i++ {
		g, err := Generate(r, Options{Seed: int64(i), Players: 40})
		if err != nil {
			b.Fatal(err)
		}
		for p := 1; p <= 40; p++ {
			if err := turnsheet.Write(io.Discard, r, g.KnowledgeOf(r, p)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestChosenSetup: "Each player may select which nine ships he/she will
// start with" and "they can select the race and abilities for the
// Commodore": a player's set-up gives exactly his ships, race and levels,
// without his race's extra levels; the others' stay drawn.
func TestChosenSetup(t *testing.T) {
	r := rules.Default()
	s := &setup.Setup{Game: "G", Player: 2, Race: 10, Ships: []setup.Ship{{Type: 41}, {Type: 42, Fire: 2, Defence: 20}, {Type: 1}}}
	s.Levels[8], s.Levels[9] = 3, 3                                 // Construction and Economist, the Lexmons' own
	s.Levels[0], s.Levels[1], s.Levels[2], s.Levels[3] = 3, 3, 3, 1 // all 16 points given
	g, err := Generate(r, Options{Seed: 5, Players: 3, Setups: map[int]*setup.Setup{2: s}})
	if err != nil {
		t.Fatal(err)
	}
	var types []int
	for _, sh := range g.Ships {
		if sh.Owner == 2 {
			types = append(types, sh.Type)
			if sh.Type == 42 && (sh.Fire != 2 || sh.MaxDefence != 20) {
				t.Errorf("the freighter has %d fire, %d defence", sh.Fire, sh.MaxDefence)
			}
		}
	}
	if !reflect.DeepEqual(types, []int{13, 41, 42, 1}) {
		t.Errorf("player 2's ships: %v", types)
	}
	if e := g.Empire(2); e.Race != 10 {
		t.Errorf("race %d", e.Race)
	}
	for _, o := range g.Officers {
		if sh := g.Ships[o.Ship-1]; sh.Owner == 2 && sh.Type == rules.TypeBattleStation {
			if o.Race != 10 || o.Levels != s.Levels || o.Current != s.Levels {
				t.Errorf("the Commodore: race %d, levels %v, current %v", o.Race, o.Levels, o.Current)
			}
		}
	}
	bad := *s
	bad.Ships = append(bad.Ships, setup.Ship{Type: 41}, setup.Ship{Type: 41})
	if _, err := Generate(r, Options{Seed: 5, Players: 3, Setups: map[int]*setup.Setup{2: &bad}}); err == nil {
		t.Error("three super dreadnoughts taken")
	}
	if _, err := Generate(r, Options{Seed: 5, Players: 3, Setups: map[int]*setup.Setup{4: s}}); err == nil {
		t.Error("a set-up of player 4 taken in a game of 3")
	}
}
