package check_test

import (
	"fmt"
	"testing"

	"silverfall/engine/ai"
	"silverfall/engine/check"
	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// For a turn in which nothing the player's sheet does not show can touch
// him (no foreign ship, the Dark Lord's included, within reach of his
// ships and planets), the forecast made from his sheet is what the host
// then does: every ship's place, fuel and cargo, every planet's stock,
// fuel, population and industry, his credits and his score. Games of
// several seeds are made and played by the computer empires here.
func TestForecastIsWhatTheHostDoes(t *testing.T) {
	r := rules.Default()
	const players = 2
	compared := 0
	for seed := int64(1); seed <= hostSeeds; seed++ {
		g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 8 && !g.Over; n++ {
			orders := map[int][]order.Order{}
			for p := 1; p <= players; p++ {
				// Odd players play at the normal level for the variety of
				// its orders. Neither level sends a ship to a planet drawn
				// by chance (FP) here: where it ends no forecast can know,
				// and both levels now look for planets that way.
				lv := noChance(ai.Easy())
				if p%2 == 1 {
					lv = noChance(ai.Normal())
				}
				orders[p] = ai.Play(r, g.KnowledgeOf(r, p), uint64(seed)*1000+uint64(g.Turn*10+p), lv)
			}
			forecasts := map[int]check.Forecast{}
			for p := 1; p <= players; p++ {
				if drawn(g, p, orders[p]) {
					continue // where a ship goes is drawn on the turn
				}
				if e := g.Empire(p); e == nil || len(e.Allies) > 0 {
					continue // allies' anti-points, not on his sheet, bring him points
				}
				if f := check.New(r, g.KnowledgeOf(r, p)).Forecast(orders[p]); alone(r, g, p, f) {
					forecasts[p] = f
				}
			}
			owner, hidden := map[int]int{}, map[int]int{}
			for _, pl := range g.Planets {
				owner[pl.ID], hidden[pl.ID] = pl.Owner, pl.Hidden
			}
			w := turn.NewWorld(r, g, turn.Host)
			turn.Run(w, orders, turn.Options{EndOfTurn: true})
			for p := 1; p <= players; p++ {
				f, ok := forecasts[p]
				if !ok || tookPlanet(w, p, owner) || foundArtifact(w, p, hidden) {
					// A planet taken: its population and industry, and so
					// the taxes, are not on the sheet; nor is an artifact
					// hidden in a planet until it is found.
					continue
				}
				compared++
				if d := differences(f, hostEnd(w, p)); d != "" {
					t.Errorf("seed %d, turn %d, player %d: the forecast differs from the host's turn: %s", seed, g.Turn-1, p, d)
				}
			}
		}
	}
	// The test means something only if many turns were compared: at least
	// one a game on average (the games are the same on every run).
	if compared < hostSeeds {
		t.Errorf("only %d turns of a player were alone enough to compare", compared)
	}
	t.Logf("%d turns of a player compared", compared)
}

// noChance is a copy of the level that looks for no planet out of sight.
func noChance(lv *ai.Level) *ai.Level {
	c := *lv
	c.FindPlanets = false
	return &c
}

// tookPlanet reports whether player p owns a planet after the turn that
// was someone else's, or no one's, before it.
func tookPlanet(w *turn.World, p int, before map[int]int) bool {
	for _, pl := range w.G.Planets {
		if pl.Owner == p && before[pl.ID] != p {
			return true
		}
	}
	return false
}

// foundArtifact reports whether the turn found an artifact hidden in a
// planet of player p's.
func foundArtifact(w *turn.World, p int, hidden map[int]int) bool {
	for _, pl := range w.G.Planets {
		if pl.Owner == p && hidden[pl.ID] != 0 && pl.Hidden == 0 {
			return true
		}
	}
	return false
}

// alone reports whether no foreign ship can reach player p's ships or
// planets this turn: none is within its move and its fire range, and the
// fire range of p's ship, of the course the forecast f gives a ship of
// his, or within its move and fire range of a planet of his.
func alone(r *rules.Rules, g *model.Game, p int, f check.Forecast) bool {
	w := turn.NewWorld(r, g, turn.Host)
	type leg struct {
		a, b geom.Point
		fire int // the fire range of p's ship
	}
	var legs []leg
	for _, sf := range f.Ships {
		s := w.Ship(sf.ID)
		if s == nil {
			continue // built this turn, at a planet of his
		}
		fire := 0
		if st := r.Ship(s.Type); st != nil {
			fire = st.FireRange.Or(0)
		}
		at := s.Loc
		for _, ph := range append(sf.Phases, sf.End) {
			legs = append(legs, leg{at, ph.Loc, fire})
			at = ph.Loc
		}
	}
	for _, pl := range g.Planets {
		if pl.Owner == p {
			legs = append(legs, leg{pl.Loc, pl.Loc, 0})
		}
	}
	ok := true
	w.Live(func(s *model.Ship) {
		if s.Owner == p || !ok {
			return
		}
		reach := w.MoveRange(s)
		if st := r.Ship(s.Type); st != nil {
			reach += st.FireRange.Or(0)
		}
		for _, l := range legs {
			if d := reach + l.fire; geom.SegmentDist2(l.a, l.b, s.Loc) <= float64(d*d) {
				ok = false
				return
			}
		}
	})
	return ok
}

// drawn reports whether a ship of p's goes where the turn draws by chance
// (a planet found by FP, a hyperdrive jump), by his orders or one carried
// over.
func drawn(g *model.Game, p int, orders []order.Order) bool {
	chance := func(c order.Code) bool { return c == order.FP || c == order.HD }
	for _, o := range orders {
		if chance(o.Code) {
			return true
		}
	}
	for _, s := range g.Ships {
		if s.Owner == p && chance(s.Standing.Code) {
			return true
		}
	}
	return false
}

// hostEnd is player p's part of the world after the host's turn, in the
// forecast's form.
func hostEnd(w *turn.World, p int) check.Forecast {
	var f check.Forecast
	w.Live(func(s *model.Ship) {
		if s.Owner == p {
			f.Ships = append(f.Ships, check.ShipForecast{ID: s.ID, End: check.ShipPlace{Phase: 7, Loc: s.Loc, Fuel: s.Fuel}, Cargo: s.Cargo})
		}
	})
	for _, pl := range w.G.Planets {
		if pl.Owner == p {
			f.Planets = append(f.Planets, check.PlanetForecast{ID: pl.ID, Fuel: pl.Fuel, Stock: pl.Stock, Population: pl.Population, Industry: pl.Industry})
		}
	}
	if e := w.Empire(p); e != nil {
		f.Credits, f.Score = e.Credits, w.Score(p)
	}
	return f
}

// differences says how the forecast and the host's end differ, in
// everything but the phases and diagnostics.
func differences(f, h check.Forecast) string {
	ships := map[int]check.ShipForecast{}
	for _, s := range h.Ships {
		ships[s.ID] = s
	}
	if len(f.Ships) != len(h.Ships) {
		return fmt.Sprintf("%d ships forecast, %d after the turn", len(f.Ships), len(h.Ships))
	}
	for _, s := range f.Ships {
		hs, ok := ships[s.ID]
		if !ok {
			return fmt.Sprintf("ship %d forecast is not there after the turn", s.ID)
		}
		if s.End != hs.End || s.Cargo != hs.Cargo {
			return fmt.Sprintf("ship %d: forecast %+v %v, host %+v %v", s.ID, s.End, s.Cargo, hs.End, hs.Cargo)
		}
	}
	if len(f.Planets) != len(h.Planets) {
		return fmt.Sprintf("%d planets forecast, %d after the turn", len(f.Planets), len(h.Planets))
	}
	for i, pl := range f.Planets {
		if hp := h.Planets[i]; pl != hp {
			return fmt.Sprintf("planet: forecast %+v, host %+v", pl, hp)
		}
	}
	if f.Credits != h.Credits || f.Score != h.Score {
		return fmt.Sprintf("credits %d score %d forecast, %d and %d after the turn", f.Credits, f.Score, h.Credits, h.Score)
	}
	return ""
}

// fortyPlayers is a 40-player game some turns in (as the host's benchmarks
// make it), the knowledge of its largest empire and that empire's orders
// by the computer.
func fortyPlayers(b *testing.B, turns int) (*rules.Rules, *model.Knowledge, []order.Order) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 40, Players: 40})
	if err != nil {
		b.Fatal(err)
	}
	orders := func(g *model.Game) map[int][]order.Order {
		out := map[int][]order.Order{}
		for p := 1; p <= 40; p++ {
			out[p] = ai.Orders(r, g.KnowledgeOf(r, p), uint64(g.Turn*100+p))
		}
		return out
	}
	for i := 0; i < turns; i++ {
		turn.Run(turn.NewWorld(r, g, turn.Host), orders(g), turn.Options{EndOfTurn: true})
	}
	ships := map[int]int{}
	for _, s := range g.Ships {
		if r.IsPlayer(s.Owner) {
			ships[s.Owner]++
		}
	}
	big := 1
	for p := 1; p <= 40; p++ {
		if ships[p] > ships[big] {
			big = p
		}
	}
	k := g.KnowledgeOf(r, big)
	return r, k, ai.Orders(r, k, uint64(g.Turn*100+big))
}

// What the window does after each change of the orders in a 40-player game
// 12 turns in: check the orders, then forecast them.
func BenchmarkForecastFortyPlayers(b *testing.B) {
	r, k, orders := fortyPlayers(b, 12)
	c := check.New(r, k)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Run(orders)
		c.Forecast(orders)
	}
	b.ReportMetric(float64(len(k.Ships)), "ships")
	b.ReportMetric(float64(len(k.Planets)+len(k.ForeignPlanets)), "planets")
	b.ReportMetric(float64(len(orders)), "orders")
}
