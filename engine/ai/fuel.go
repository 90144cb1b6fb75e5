package ai

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// fuelledFor reports whether a ship on its way to a planet still has the
// fuel to get there, by its journey under the pull (engine/journey): the
// planet may have moved, or changed hands.
func (p *planner) fuelledFor(s *model.Ship) bool {
	if s.Standing.Code != order.MP {
		return true
	}
	id := s.Standing.Planet()
	if pl := p.ownByID[id]; pl != nil {
		return getsThere(p.planetTrip(s, s.Loc, s.Fuel, p.k.Turn, pl))
	}
	if tp := p.mk.tradingByID(id); tp != nil {
		j := p.tradeTrip(s, tp)
		return getsThere(j) && fuelLeft(j, s.Fuel) >= p.toSafety(tp.Planet.Loc)
	}
	for i := range p.k.ForeignPlanets {
		if fp := &p.k.ForeignPlanets[i]; fp.ID == id {
			return fp.Owner == 0 && getsThere(p.planetTrip(s, s.Loc, s.Fuel, p.k.Turn, fp))
		}
	}
	return false
}

// topUp loads fuel at the planet the ship is at: up to the tank's size,
// keeping keep on the planet.
func (p *planner) topUp(s *model.Ship, st *rules.ShipType, keep int) {
	pl := p.own[s.Loc]
	if pl == nil || !st.MaxFuel.OK || s.Fuel >= st.MaxFuel.N {
		return
	}
	n := min(st.MaxFuel.N-s.Fuel, pl.Fuel-p.fuelFor[pl.ID]-keep)
	if n > 0 && p.add("LF %d %d", s.ID, n) {
		pl.Fuel -= n
		s.Fuel += n
	}
}

// startFuel is what a ship without fuel loads first: two turns' moves,
// which is also what a new ship is built with the fuel for.
func startFuel(st *rules.ShipType) int { return min(st.MaxFuel.Or(0), st.Movement.N*2) }

// load1 loads up to n fuel at the own planet the ship is at.
func (p *planner) load1(s *model.Ship, st *rules.ShipType, n int) {
	pl := p.own[s.Loc]
	if pl == nil {
		return
	}
	n = min(n, st.MaxFuel.N-s.Fuel, pl.Fuel-p.fuelFor[pl.ID])
	if n > 0 && p.add("LF %d %d", s.ID, n) {
		pl.Fuel -= n
		s.Fuel += n
	}
}

// buyFuel buys fuel at the trading planet the ship is at, to have need.
func (p *planner) buyFuel(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet, need int) {
	if !st.MaxFuel.OK {
		return
	}
	n := min(st.MaxFuel.N, need) - s.Fuel
	if n <= 0 {
		return
	}
	cost := p.r.BuyCost(n, tp.Prices.Fuel)
	// The plan counts on the fuel only where the price shows the stock:
	// the planet sells no more than it holds.
	sure := p.fuelAt(tp.Planet.Loc)
	if p.spend(cost, 0, 0) && p.add("LF %d %d", s.ID, n) && sure {
		s.Fuel += n
	}
}

// spare is the fuel an own planet holds beyond what is promised to ships.
func (p *planner) spare(pl *model.Planet) int { return max(0, pl.Fuel-p.fuelFor[pl.ID]) }

// fuelAt reports whether a ship can load fuel at loc: an own planet
// with the level's fuel to spare, or a trading planet that still has fuel to sell
// (its price is not at the top) while there are credits to buy it.
func (p *planner) fuelAt(loc geom.Point) bool {
	if pl := p.own[loc]; pl != nil {
		return pl.Fuel-p.fuelFor[pl.ID] >= p.lv.FuelStop
	}
	if tp := p.mk.tradingAt(loc); tp != nil {
		return p.marketFuel(tp, p.turn+1)
	}
	return false
}

// marketFuel reports whether the trading planet tp sells fuel in turn
// when: it still trades then, its price shows a stock, and there are
// credits to buy it.
func (p *planner) marketFuel(tp *model.TradingPlanet, when int) bool {
	if p.credits <= 30_000 || when > p.mk.marketLast(tp) {
		return false
	}
	// The price follows the stock (the engine's rules.MarketRules.Price):
	// below the lowest the top of the price range can be, the planet
	// still holds fuel for many ships.
	mr := &p.r.Market
	return tp.Prices.Fuel < mr.Price(mr.LowestBase(mr.BaseFuelPrice), mr.ReferenceFuel, 0)
}

// tank carries fuel home from the own planets that have most to the
// origin, where new ships load theirs; false when there is nothing to do.
func (p *planner) tank(s *model.Ship, st *rules.ShipType) bool {
	origin := p.origin
	if origin != nil && p.lv.Tend && p.r.GravityPull(p.turn+1) > 0 {
		return p.tend(s, st, origin)
	}
	if origin == nil || origin.Fuel >= p.lv.OriginFuel || p.r.GravityPull(p.turn+1) > 0 {
		return false // no builds at the origin once the pull starts
	}
	if tp := p.mk.tradingAt(s.Loc); tp != nil && s.Fuel*10 < st.MaxFuel.N*6 {
		p.buyFuel(s, st, tp, st.MaxFuel.N) // the markets keep fuel, at four times its price
	}
	if s.Loc == origin.Loc {
		keep := p.lv.FuelMargin
		if src := p.fuelSource(s, origin.Loc); src != nil {
			keep += s.Loc.Dist(src.Loc)
		} else {
			keep = s.Fuel // nowhere to fill up again: keep it
		}
		if n := s.Fuel - keep; n > 0 && p.add("UF %d %d", s.ID, n) {
			s.Fuel -= n
			origin.Fuel += n
		}
		if src := p.fuelSource(s, origin.Loc); src != nil && s.Fuel >= s.Loc.Dist(src.Loc) {
			p.moveTo(s, "MP %d %d", s.ID, src.ID)
		}
		return true
	}
	p.topUp(s, st, 100)
	if s.Fuel*10 >= st.MaxFuel.N*6 && s.Fuel >= s.Loc.Dist(origin.Loc) {
		p.moveTo(s, "MP %d %d", s.ID, origin.ID)
		return true
	}
	if p.lv.TankerBuyCredits > 0 && p.credits >= p.lv.TankerBuyCredits && p.toMarketFuel(s, st) {
		return true // a full tank at once, for credits the empire has to spare
	}
	if src := p.fuelSource(s, s.Loc); src != nil && src.Loc != s.Loc && p.canGo(s, src.Loc) {
		p.moveTo(s, "MP %d %d", s.ID, src.ID)
		return true
	}
	return p.toMarketFuel(s, st)
}

// refuelIdle fills up a trader that has no trade, before it goes to
// claim planets: at the trading planet it is at, else at the nearest own
// planet or trading planet with fuel, while it has less than a third of
// its tank (out claiming, it would run dry where the pull takes it).
// false when it has enough or nowhere to go.
func (p *planner) refuelIdle(s *model.Ship, st *rules.ShipType) bool {
	if !st.MaxFuel.OK || s.Fuel*3 >= st.MaxFuel.N {
		return false
	}
	if p.own[s.Loc] != nil && p.fuelAt(s.Loc) {
		p.topUp(s, st, 0) // its own planet under it has fuel
		return false
	}
	if tp := p.mk.tradingAt(s.Loc); tp != nil && p.marketFuel(tp, p.turn) {
		p.buyFuel(s, st, tp, st.MaxFuel.N*6/10)
		return false // it goes on to claim, with the fuel
	}
	return p.toFuel(s, st) || p.toMarketFuel(s, st)
}

// toMarketFuel sends a ship to the nearest trading planet whose price
// shows fuel in stock, to buy it there; false when none is in reach.
func (p *planner) toMarketFuel(s *model.Ship, st *rules.ShipType) bool {
	var best *model.TradingPlanet
	for i := range p.k.Trading {
		tp := &p.k.Trading[i]
		if p.fuelAt(tp.Planet.Loc) && p.mk.marketLasts(s, tp) && s.Fuel >= s.Loc.Dist(tp.Planet.Loc) &&
			(best == nil || s.Loc.Dist(tp.Planet.Loc) < s.Loc.Dist(best.Planet.Loc)) {
			best = tp
		}
	}
	return best != nil && p.goTrade(s, st, best)
}

// fromTanker fills a ship without fuel from a tanker of ours at the same
// place, as far as the tanker can spare: once the pull has started, a
// ship built at the origin is drawn off it, with the tanker that waited
// there for it, before it could load fuel from the planet.
func (p *planner) fromTanker(s *model.Ship, st *rules.ShipType, ships []model.Ship) {
	if len(ships) == 0 {
		return
	}
	if p.tankersOf != &ships[0] {
		// The tankers by place, in the list's order: the ships do not move
		// while the plan is made.
		p.tankersAt, p.tankersOf = map[geom.Point][]int{}, &ships[0]
		for i := range ships {
			if tt := p.r.Ship(ships[i].Type); tt != nil && role(tt) == roleTanker {
				p.tankersAt[ships[i].Loc] = append(p.tankersAt[ships[i].Loc], i)
			}
		}
	}
	for _, i := range p.tankersAt[s.Loc] {
		t := &ships[i]
		tt := p.r.Ship(t.Type)
		if t.Loc != s.Loc || t.ID == s.ID || t.Inside != 0 || tt == nil || role(tt) != roleTanker {
			continue
		}
		n := min(startFuel(st), st.MaxFuel.N-s.Fuel, t.Fuel-p.tenderKeep(tt))
		if n > 0 && p.add("RF %d %d %d", t.ID, s.ID, n) {
			t.Fuel -= n
			s.Fuel += n
			return
		}
	}
}

// tenderKeep is the fuel a tanker keeps for its own trips.
func (p *planner) tenderKeep(st *rules.ShipType) int { return 2 * st.Movement.N }

// tend keeps a tanker at the origin once the pull has started, so that
// the ships built there, drawn off with it at the end of the turn, load
// their fuel from it at the start of the next; it fetches fuel from the
// own planets with most to spare, or buys it at a trading planet, when
// it cannot fill one more new ship. false when it has nothing to do.
func (p *planner) tend(s *model.Ship, st *rules.ShipType, origin *model.Planet) bool {
	spare := s.Fuel - p.tenderKeep(st)
	if tp := p.mk.tradingAt(s.Loc); tp != nil && spare < st.MaxFuel.N/2 {
		p.buyFuel(s, st, tp, st.MaxFuel.N)
		spare = s.Fuel - p.tenderKeep(st)
	}
	p.topUp(s, st, 0)
	spare = s.Fuel - p.tenderKeep(st)
	if spare >= p.r.Ship(scout).Movement.N*2 && s.Loc.Dist(origin.Loc) <= min(st.Movement.N, s.Fuel) {
		if s.Loc != origin.Loc {
			p.moveTo(s, "MP %d %d", s.ID, origin.ID)
		} else {
			p.moved[s.ID] = true // it waits at the origin
		}
		p.tender += spare
		return true
	}
	if spare >= p.r.Ship(scout).Movement.N*2 && s.Fuel >= s.Loc.Dist(origin.Loc) {
		p.moveTo(s, "MP %d %d", s.ID, origin.ID)
		return true
	}
	// The nearest planets of ours with fuel to spare, round the origin.
	var src *model.Planet
	bestW := 0.0
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		spare := pl.Fuel - p.fuelFor[pl.ID] - 50
		d := s.Loc.Dist(pl.Loc)
		if pl.Kind == model.Origin || pl.Loc == s.Loc || spare < 100 || d > s.Fuel || pl.Loc.Dist(origin.Loc) > 2*st.Movement.N ||
			p.targeted[-pl.ID] || p.mk.lastTurnAt(pl.Loc) <= p.turn+2 {
			continue
		}
		if w := float64(min(spare, st.MaxFuel.N-s.Fuel)) / float64(20+d+pl.Loc.Dist(origin.Loc)); src == nil || w > bestW {
			src, bestW = pl, w
		}
	}
	if src != nil {
		p.targeted[-src.ID] = true
		p.moveTo(s, "MP %d %d", s.ID, src.ID)
		return true
	}
	return p.toMarketFuel(s, st)
}

// fuelSource is the own planet, other than the origin, with the most fuel
// to spare per position of the way from near, within the ship's tank.
func (p *planner) fuelSource(s *model.Ship, near geom.Point) *model.Planet {
	var best *model.Planet
	bestW := 0.0
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		spare := pl.Fuel - p.fuelFor[pl.ID] - 100
		d := near.Dist(pl.Loc)
		if pl.Kind == model.Origin || spare < 150 || 2*d > s.Fuel+spare {
			continue
		}
		if w := float64(spare) / float64(20+d); best == nil || w > bestW {
			best, bestW = pl, w
		}
	}
	return best
}

// staging is an own planet with fuel on the way to a market the ship
// cannot reach and leave again from where it is: the nearer the market
// and the shorter the way round, the better; nil when there is none.
func (p *planner) staging(s *model.Ship, market geom.Point) *model.Planet {
	var best *model.Planet
	bestD := 0
	here := s.Loc.Dist(market)
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		toMkt := pl.Loc.Dist(market)
		if pl.Loc == s.Loc || toMkt >= here-10 || !p.fuelAt(pl.Loc) || !p.canGo(s, pl.Loc) {
			continue
		}
		if d := s.Loc.Dist(pl.Loc) + toMkt; best == nil || d < bestD {
			best, bestD = pl, d
		}
	}
	return best
}

// toFuel sends a ship without the fuel for its trip to the nearest own
// planet with fuel it can reach; false when there is none.
func (p *planner) toFuel(s *model.Ship, st *rules.ShipType) bool {
	var best *model.Planet
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		if pl.Loc == s.Loc || !p.fuelAt(pl.Loc) || s.Loc.Dist(pl.Loc)+2 > s.Fuel { // slack as in fillOnWay
			continue
		}
		if best == nil || s.Loc.Dist(pl.Loc) < s.Loc.Dist(best.Loc) {
			best = pl
		}
	}
	if best == nil {
		return false
	}
	p.moveTo(s, "MP %d %d", s.ID, best.ID)
	return true
}
