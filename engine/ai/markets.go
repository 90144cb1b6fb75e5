package ai

import (
	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// markets judges the trading planets and the pull of Silverfall from the
// sheet alone: when a place or a market falls, what ore fetches, where a
// ship must stop to be left over a planet, which ships the pull puts in
// danger and how far out a ship gets against it. It holds nothing the plan
// changes as it goes, so every part of the plan asks the same.
type markets struct {
	r    *rules.Rules
	k    *model.Knowledge
	lv   *Level
	turn int // the turn the orders are for
}

// pullUntil is how far the pull of Silverfall draws a ship or planet in
// from the start of this turn to the end of turn last (the rules'
// PullBetween).
func (m *markets) pullUntil(last int) int { return m.r.PullBetween(m.turn, last) }

// lastTurnAt is the last turn a planet or ship now at loc still exists
// at, if nothing moves it out, as the engine's end of turn pulls it
// (rules.FallsIn): the game's expected end when the pull never reaches
// it by then.
func (m *markets) lastTurnAt(loc geom.Point) int {
	end := m.r.Game.ExpectedLastTurn + 1
	if t := m.r.FallsIn(loc, m.k.Turn, end); t > 0 {
		return t
	}
	return end
}

// outlasts reports whether a planet now at loc is still there at the end
// of the game's expected last turn, as the engine pulls it.
func (m *markets) outlasts(loc geom.Point) bool {
	return m.r.FallsIn(loc, m.k.Turn, m.r.Game.ExpectedLastTurn) == 0
}

// marketLast is the last turn that trades at the trading planet tp (the
// engine's rules.MarketLastTurn): the pull of Silverfall takes it at that
// turn's end. Far beyond the game when the trading planets hold their
// place (a house rule).
func (m *markets) marketLast(tp *model.TradingPlanet) int {
	if t := m.r.MarketLastTurn(tp.Planet.Loc, m.k.Turn); t > 0 {
		return t
	}
	return 1 << 30
}

// lastMarket is the last turn any trading planet trades (marketLast).
func (m *markets) lastMarket() int {
	last := 0
	for i := range m.k.Trading {
		last = max(last, m.marketLast(&m.k.Trading[i]))
	}
	return last
}

// marketsHold reports whether the trading planets hold their place under
// the pull (the house rule): ships over them are drawn off them.
func (m *markets) marketsHold() bool { return m.r.House.TradingPlanetsHold }

// ceilDiv is a/b rounded up, for positive b.
func ceilDiv(a, b int) int { return (a + b - 1) / b }

// orePrice is what a unit of ore type t (0-based) fetches where it
// sells best, by this turn's prices; the base price where no trading
// planet is known. The ore that is scarce sells dearest: mines, loads
// and sources follow it, and feed the markets where they run low.
func (m *markets) orePrice(t int) int {
	best := 0
	for i := range m.k.Trading {
		best = max(best, m.k.Trading[i].Prices.Ore[t])
	}
	if best == 0 {
		return m.r.Market.BaseOrePrices[t]
	}
	return best
}

func (m *markets) tradingAt(loc geom.Point) *model.TradingPlanet {
	for i := range m.k.Trading {
		if m.k.Trading[i].Planet.Loc == loc {
			return &m.k.Trading[i]
		}
	}
	return nil
}

func (m *markets) tradingByID(id int) *model.TradingPlanet {
	for i := range m.k.Trading {
		if m.k.Trading[i].Planet.ID == id {
			return &m.k.Trading[i]
		}
	}
	return nil
}

// marketLasts reports whether the ship can still trade at the trading
// planet when it gets there.
func (m *markets) marketLasts(s *model.Ship, tp *model.TradingPlanet) bool {
	st := m.r.Ship(s.Type)
	if st == nil || !st.Movement.OK || st.Movement.N <= 0 {
		return false
	}
	arrive := m.turn + (s.Loc.Dist(tp.Planet.Loc)+st.Movement.N-1)/st.Movement.N - 1
	return m.marketOpen(arrive) && arrive+1 <= m.marketLast(tp)
}

// marketOpen reports whether a ship reaching a trading planet by the end
// of turn arrive can trade there: a level that lands on the markets can
// always (see above and goTrade); others only before the pull starts.
func (m *markets) marketOpen(arrive int) bool { return m.lv.PullLanding || m.sellsAfter(arrive) }

// above is where a ship must end turn m.turn for the pull of Silverfall to
// leave it over the fixed planet at to (a trading planet or an origin):
// further out on the line from Silverfall, by the pull: the point the
// engine's end of turn (rules.Pulled) moves onto it. ok is false when no
// point rounds onto it.
func (m *markets) above(to geom.Point) (at geom.Point, ok bool) {
	pull := m.r.GravityPull(m.turn)
	if pull <= 0 {
		return to, true
	}
	d := to.Exact(geom.Origin)
	if d == 0 {
		return to, false
	}
	f := (d + float64(pull)) / d
	c := geom.Point{X: geom.Round(float64(to.X) * f), Y: geom.Round(float64(to.Y) * f), Z: geom.Round(float64(to.Z) * f)}
	for dx := -2; dx <= 2; dx++ {
		for dy := -2; dy <= 2; dy++ {
			for dz := -2; dz <= 2; dz++ {
				q := geom.Point{X: c.X + dx, Y: c.Y + dy, Z: c.Z + dz}
				if journey.Pulled(m.r, q, m.turn) == to && (!ok || q.Dist2(c) < at.Dist2(c)) {
					at, ok = q, true
				}
			}
		}
	}
	return at, ok
}

// sellsAfter reports whether a ship that reaches a trading planet by the
// end of turn arrive is still over it when the next turn's trade is done:
// the pull draws the trading planets in with the ships above them; where
// a house rule holds the trading planets, the pull draws the ships off
// them at the end of each turn from its start.
func (m *markets) sellsAfter(arrive int) bool {
	return !m.marketsHold() || m.r.GravityPull(arrive) == 0
}

// bestMarket is the trading planet that pays most for the ship's cargo
// per position of the way there, among those still there on arrival.
func (m *markets) bestMarket(s *model.Ship) *model.TradingPlanet {
	var best *model.TradingPlanet
	bestWorth := 0.0
	for i := range m.k.Trading {
		tp := &m.k.Trading[i]
		if !m.marketLasts(s, tp) {
			continue
		}
		worth := 0
		for t, n := range s.Cargo {
			worth += n * tp.Prices.Ore[t]
		}
		w := float64(worth+1) / float64(20+s.Loc.Dist(tp.Planet.Loc))
		if best == nil || w > bestWorth {
			best, bestWorth = tp, w
		}
	}
	return best
}

// arrivesTooLate reports whether a ship's standing move goes to a trading
// planet that falls into Silverfall before it arrives, or where it can no
// longer trade when it does, by its journey (engine/journey).
func (p *planner) arrivesTooLate(s *model.Ship) bool {
	if s.Standing.Code != order.MP {
		return false
	}
	tp := p.mk.tradingByID(s.Standing.Planet())
	if tp == nil {
		return false
	}
	j := p.tradeTrip(s, tp)
	switch j.End {
	case journey.TargetFalls, journey.FallsIn, journey.GameEnds:
		return true
	}
	return !p.mk.marketOpen(j.Turn) || j.Turn+1 > p.mk.marketLast(tp)
}

// inDanger reports whether a ship would be too close to Silverfall by
// the end of next turn.
func (m *markets) inDanger(s *model.Ship, st *rules.ShipType) bool {
	return m.turn >= m.lv.OutwardFrom && m.lastTurnAt(s.Loc) <= m.turn+1
}

// survivors is how far from Silverfall a place must be now to be there
// still at the end of the game's expected last turn, by the rules' pull,
// with a little to spare for the rounding of the pull's steps off the
// axes: the stance of the ships that claim for the end. A planet itself
// is judged by outlasts.
func (m *markets) survivors() int {
	return m.r.Movement.DestructionRadius + m.pullUntil(m.r.Game.ExpectedLastTurn) + 3
}

// tooFarIn reports whether, late in the game, the planets within n of
// the ship fall into Silverfall before the end: FP would find those.
func (m *markets) tooFarIn(s *model.Ship, n int) bool {
	if m.turn < m.lv.OutwardFrom {
		return false
	}
	return !m.outlasts(s.Loc)
}
