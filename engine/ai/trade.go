package ai

import (
	"sort"

	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// trade runs ore from the planets' stocks to the trading planet that pays
// best for it; false when there is no trade for the ship.
func (p *planner) trade(s *model.Ship, st *rules.ShipType) bool {
	if tp := p.mk.tradingAt(s.Loc); tp != nil {
		// Short of money, a trader sells all it has: waiting costs a fleet's
		// upkeep.
		if p.lv.SpreadSales && p.dueNext == 0 && p.afford(0, p.r.Upkeep.Fleet, p.lv.BuildMargin) && p.holdBack(s, st, tp) {
			return true
		}
		if s.Cargo.Total() > 0 {
			p.add("UL %d 0 0", s.ID)
			s.Cargo = model.Ore{}
		}
		src := p.bestSource(s)
		if src == nil {
			return false // refuelIdle fills it up here
		}
		// The fuel beyond the way back is sold here too. Where the market
		// sells fuel, the trader leaves with the fuel to come back to it
		// with its cargo: a planet with fuel near the source may be dry by
		// the time it gets there.
		keep := s.Loc.Dist(src.Loc) + p.lv.FuelMargin
		if !p.fuelAt(src.Loc) {
			keep += p.toSafety(src.Loc)
		}
		if p.lv.TripFuel && p.fuelAt(s.Loc) {
			keep = max(keep, 2*s.Loc.Dist(src.Loc)+p.lv.FuelMargin)
		}
		if p.r.GravityPull(p.turn) > 0 {
			// The planets near the markets fall in: the fuel for a long
			// way out stays aboard.
			keep = max(keep, st.MaxFuel.Or(0)*6/10)
		}
		if extra := s.Fuel - keep; extra >= 20 && p.add("UF %d %d", s.ID, extra) {
			s.Fuel -= extra
		}
		p.buyFuel(s, st, tp, keep)
		if p.canGo(s, src.Loc) {
			p.moveTo(s, "MP %d %d", s.ID, src.ID)
			return true
		}
		if p.lv.FindPlanets && canFind(s, st) {
			p.moveTo(s, "FP %d 0", s.ID)
			return true
		}
		return false
	}
	if pl := p.own[s.Loc]; pl != nil {
		if s.Cargo.Total() == 0 && !p.tripFuelled(s, st, pl) {
			p.topUp(s, st, 0)
			if p.toFuel(s, st) {
				return true
			}
		}
		p.load(s, st, pl)
	}
	if s.Cargo.Total() > 0 {
		tp := p.mk.bestMarket(s)
		if tp == nil {
			return false
		}
		p.topUp(s, st, 0)
		if p.goTrade(s, st, tp) {
			return true
		}
		if pl := p.staging(s, tp.Planet.Loc); pl != nil {
			p.moveTo(s, "MP %d %d", s.ID, pl.ID)
			// Its fuel there is promised: another trader does not count
			// on the same.
			p.fuelFor[pl.ID] += min(st.MaxFuel.Or(0)-s.Fuel+s.Loc.Dist(pl.Loc), p.spare(pl))
			return true
		}
		// No fuel on the way: the planets crowd near the markets, and the
		// ship takes one of them after its sale, for its fuel.
		if p.lv.FindPlanets && s.Fuel >= s.Loc.Dist(tp.Planet.Loc)+p.r.GravityPull(p.turn)+p.lv.FuelMargin*2 {
			return p.goTradeAnyway(s, st, tp)
		}
		return p.toFuel(s, st)
	}
	if src := p.bestSource(s); src != nil {
		p.topUp(s, st, 0)
		if src.Loc != s.Loc && p.canGo(s, src.Loc) {
			p.moveTo(s, "MP %d %d", s.ID, src.ID)
			return true
		}
		return src.Loc == s.Loc // waits for the mines at its source
	}
	return false
}

// sellOut sells all the cargo and fuel of a ship over a trading planet in
// the game's expected last turn, when the level knows to: ore and fuel
// count for nothing at the end, credits for what they are. The fuel for a
// last move to take a planet (grab) stays aboard: the sale comes in phase
// one, the move after. true when it did; the ship stays unless it grabs.
func (p *planner) sellOut(s *model.Ship, st *rules.ShipType) bool {
	if !p.lv.SellOut || p.turn < p.r.Game.ExpectedLastTurn || p.mk.tradingAt(s.Loc) == nil {
		return false
	}
	if s.Cargo.Total() > 0 && p.add("UL %d 0 0", s.ID) {
		s.Cargo = model.Ore{}
	}
	// Fuel is unloaded before any is loaded or passed on in the turn: what
	// it sells is what it had at the start.
	start := p.vw.fuelAtStart(s.ID)
	keep, _ := p.grab(s, st)
	if n := min(start, s.Fuel) - keep; n > 0 && p.add("UF %d %d", s.ID, n) {
		s.Fuel -= n
	}
	p.moved[s.ID] = true
	return true
}

// holdBack sells all but one ore type of a mixed cargo (half of a cargo
// of one type) at the trading planet the ship is at and keeps the ship
// there for the next turn's sale, when no other trader of ours is due at
// a market then: the income comes every turn. A sale is paid at the
// turn's price and moves the price only at the turn's end, so holding one
// type back costs nothing (its price even rises as the market uses its
// stock). Half a cargo of one type held back sells lower next turn, so it
// is held back only while that half is a small share of the market's
// stock (or the price is at the top, where it does not move). false when
// the ship has nothing to hold back or cannot stay.
func (p *planner) holdBack(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	last, types := -1, 0
	for t, n := range s.Cargo {
		if n == 0 {
			continue
		}
		types++
		if last < 0 || n*tp.Prices.Ore[t] < s.Cargo[last]*tp.Prices.Ore[last] {
			last = t
		}
	}
	if types == 1 {
		n := s.Cargo[last] / 2
		// A trader does not linger over crumbs (each turn it waits is a
		// fleet's upkeep): the half it keeps must be worth a trip's least
		// load.
		if n*p.r.Market.BaseOrePrices[last] < p.lv.MinLoad || !p.splitCheap(tp, last, n) || !p.stay(s, st, tp) {
			return false
		}
		if p.add("UL %d %d %d", s.ID, last+1, n) {
			s.Cargo[last] -= n
		}
		p.dueNext++
		return true
	}
	if types < 2 || !p.stay(s, st, tp) {
		return false
	}
	for t, n := range s.Cargo {
		if n > 0 && t != last && p.add("UL %d %d 0", s.ID, t+1) {
			s.Cargo[t] = 0
		}
	}
	p.dueNext++
	return true
}

// splitCheap reports whether n units of ore type t sold at the trading
// planet now leave its price for the next turn's sale nearly as it is:
// the price is at the top (the stock is below a quarter of its
// reference), or n is within the level's share of the stock the price
// shows. The planet's own base price is unknown to a player; the lowest
// it can be gives the least stock the price can mean.
func (p *planner) splitCheap(tp *model.TradingPlanet, t, n int) bool {
	mr := &p.r.Market
	low, ref := mr.LowestBase(mr.BaseOrePrices[t]), mr.ReferenceStock[t]
	if tp.Prices.Ore[t] >= mr.Price(low, ref, 0) {
		return true // at the top of the lowest base's range
	}
	return n*100 <= mr.StockFor(low, ref, tp.Prices.Ore[t])*p.lv.SplitStockPercent
}

// stay keeps a ship over the trading planet it is at for the next turn's
// sale: where it is (the pull draws the planet in with it), or, where a
// house rule holds the trading planets, once the pull has started, where
// the pull brings it back over the planet. false in the market's last
// turn: there is no next turn's sale.
func (p *planner) stay(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	if p.turn+1 > p.mk.marketLast(tp) {
		return false // the pull takes the market at this turn's end
	}
	if p.r.GravityPull(p.turn) == 0 || !p.mk.marketsHold() {
		p.moved[s.ID] = true // no move: it stays
		return true
	}
	at, ok := p.mk.above(tp.Planet.Loc)
	if !ok {
		return false
	}
	// The turn's move, as the host makes it, must end there with the fuel
	// to reach fuel again.
	if moved, left := journey.Move(p.r, s.Loc, at, p.tripShip(s, s.Loc, s.Fuel).Reach, s.Fuel); moved != at || left < p.toSafety(tp.Planet.Loc) {
		return false
	}
	p.moveTo(s, "MO %d %d %d %d", s.ID, at.X, at.Y, at.Z)
	return true
}

// due counts the loaded traders that reach a trading planet this turn, to
// sell there next turn.
func (p *planner) due() int {
	n := 0
	for _, s := range p.k.Ships {
		st := p.r.Ship(s.Type)
		if st == nil || role(st) != roleTrader || s.Cargo.Total() == 0 || p.mk.tradingAt(s.Loc) != nil {
			continue
		}
		for i := range p.k.Trading {
			if d := s.Loc.Dist(p.k.Trading[i].Planet.Loc); d <= min(st.Movement.N, s.Fuel) {
				n++
				break
			}
		}
	}
	return n
}

// load fills the ship's hold from the planet's stock, the ore worth most
// a cargo unit at today's best price first.
func (p *planner) load(s *model.Ship, st *rules.ShipType, pl *model.Planet) {
	types := []int{0, 1, 2, 3, 4}
	worth := func(t int) int { return p.mk.orePrice(t) * p.r.Ore.PerCargoUnit[t] }
	sort.SliceStable(types, func(i, j int) bool { return worth(types[i]) > worth(types[j]) })
	room := st.Cargo.N
	for t, n := range s.Cargo {
		room -= (n + p.r.Ore.PerCargoUnit[t] - 1) / p.r.Ore.PerCargoUnit[t]
	}
	for _, t := range types {
		per := p.r.Ore.PerCargoUnit[t]
		n := min(pl.Stock[t], room*per)
		if n <= 0 {
			continue
		}
		if p.add("LO %d %d %d", s.ID, t+1, n) {
			s.Cargo[t] += n
			pl.Stock[t] -= n
			room -= (n + per - 1) / per
		}
		if room <= 0 {
			return
		}
	}
}

// bestSource is the own planet with the most ore worth carrying per
// position of the way there, or nil.
func (p *planner) bestSource(s *model.Ship) *model.Planet {
	var best *model.Planet
	bestW := 0.0
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		v, worth := 0, 0 // at base prices (min_load's measure), at today's best
		for t, n := range pl.Stock {
			v += n * p.r.Market.BaseOrePrices[t]
			worth += n * p.mk.orePrice(t)
		}
		st := p.r.Ship(s.Type)
		if v < p.lv.MinLoad || p.targeted[-pl.ID] || !p.loadPays(st, pl) {
			continue
		}
		toMarket := 1 << 20
		for j := range p.k.Trading {
			tp := &p.k.Trading[j]
			if !p.mk.marketOpen(p.turn + 2) {
				continue
			}
			// Only a market that still trades when the ore gets there: it
			// loads the turn after it reaches the source, and sells the
			// turn after it reaches the market.
			d := pl.Loc.Dist(tp.Planet.Loc)
			if st != nil && st.Movement.N > 0 && p.turn+ceilDiv(s.Loc.Dist(pl.Loc), st.Movement.N)+ceilDiv(d, st.Movement.N) > p.mk.marketLast(tp) {
				continue
			}
			toMarket = min(toMarket, d)
		}
		if toMarket == 1<<20 && !p.mk.marketsHold() {
			continue // the pull takes the markets before its ore would reach one
		}
		// A source the pull takes before the trader is back out is none;
		// near the game's end only the sale before it counts (what the
		// pull does after the last turn does not).
		if st != nil && st.Movement.N > 0 {
			n := st.Movement.N
			at := p.turn + s.Loc.Dist(pl.Loc)/n
			end := p.r.Game.ExpectedLastTurn
			// It loads the turn after it gets there (this turn if it is
			// there) and sells the turn after it reaches the market.
			sells := p.turn + ceilDiv(s.Loc.Dist(pl.Loc), n) + ceilDiv(toMarket, n)
			if p.mk.lastTurnAt(pl.Loc) <= at+min(3, max(0, end-at)) || p.lv.SellOut && sells > end {
				continue
			}
		}
		w := float64(worth) / float64(20+s.Loc.Dist(pl.Loc)+toMarket)
		if best == nil || w > bestW {
			best, bestW = pl, w
		}
	}
	if best != nil {
		p.targeted[-best.ID] = true // one trader a stock
		p.fuelFor[best.ID] += p.tripPromise(s, best)
	}
	return best
}

// tripPromise is the fuel of source pl promised to trader s: once the
// pull has started, the fuel for the whole trip (to the market and from
// there on to fuel again, see tripNeed) beyond what the trader arrives
// with, so that another trader does not count on it. The trip to the
// source is engine/journey's.
func (p *planner) tripPromise(s *model.Ship, pl *model.Planet) int {
	st := p.r.Ship(s.Type)
	if st == nil || !p.lv.TripFuel {
		return 0
	}
	arrive, after := s.Fuel, p.k.Turn
	if pl.Loc != s.Loc {
		j := p.planetTrip(s, s.Loc, s.Fuel, p.k.Turn, pl)
		arrive, after = j.Fuel(), j.Turn
		if !j.Arrives() {
			arrive = 0
		}
	}
	need, late := p.tripNeed(s, st, pl, after)
	if !late {
		return 0
	}
	return min(p.spare(pl), max(0, need-max(0, arrive)))
}

// tripNeed is the fuel a trader needs at its source src, where it is at
// the end of turn after, to carry its ore to the nearest market and reach
// fuel again from there, and whether the pull will have started when it
// gets there (before, the market stays put and the trader's usual margins
// do). The trip to the market, its arrival turn and its fuel under the
// pull, is engine/journey's.
func (p *planner) tripNeed(s *model.Ship, st *rules.ShipType, src *model.Planet, after int) (int, bool) {
	if st.Movement.N <= 0 {
		return 0, false
	}
	var mkt *model.TradingPlanet
	before := (after - p.k.Turn) * st.Movement.N // the turns to the source, in moves
	for j := range p.k.Trading {
		tp := &p.k.Trading[j]
		// Under the book's pull, only a market that still trades when the
		// ore gets there (a cheap filter; the journey tells).
		if !p.mk.marketsHold() && p.turn+ceilDiv(before+src.Loc.Dist(tp.Planet.Loc), st.Movement.N) > p.mk.marketLast(tp) {
			continue
		}
		if mkt == nil || src.Loc.Dist(tp.Planet.Loc) < src.Loc.Dist(mkt.Planet.Loc) {
			mkt = tp
		}
	}
	if mkt == nil {
		return 1 << 20, true
	}
	j := p.spendTrip(s, src.Loc, after, &mkt.Planet)
	if !j.Arrives() {
		return 1 << 20, true // the pull takes the market, or the ship, first
	}
	if p.r.GravityPull(j.Turn) == 0 {
		return 0, false
	}
	// Where the trading planets hold their place, the landing point lies
	// further out by the pull; from the market the nearest fuel of ours,
	// which the pull draws in meanwhile too.
	back := p.toSafety(mkt.Planet.Loc)
	if back >= 1<<20 {
		return 1 << 20, true
	}
	landing := 0
	if p.mk.marketsHold() {
		landing = p.r.GravityPull(j.Turn)
	}
	return spent(j) + landing + back + p.lv.FuelMargin, true
}

// tripFuelled reports whether a trader at its source pl has, or can load
// there, the fuel for the trip its ore would make (see tripNeed); if not
// it loads no ore and goes for fuel first: a loaded trader without fuel
// far from a market carries its cargo about until the pull takes it.
func (p *planner) tripFuelled(s *model.Ship, st *rules.ShipType, pl *model.Planet) bool {
	if !p.lv.TripFuel {
		return true
	}
	need, late := p.tripNeed(s, st, pl, p.k.Turn)
	return !late || need <= st.MaxFuel.Or(0) && s.Fuel+p.spare(pl) >= need
}

// goTrade sends a ship to the trading planet tp. Once the pull has
// started, a level that lands on the markets ends its last leg where the
// pull leaves it over the planet; false when the ship cannot go.
func (p *planner) goTrade(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	to := tp.Planet.Loc
	if p.mk.marketsHold() && p.lv.PullLanding && p.r.GravityPull(p.turn) > 0 && s.Loc.Dist(to) <= st.Movement.N+p.r.GravityPull(p.turn) {
		at, ok := p.mk.above(to)
		// Where the market sells fuel the ship needs no margin beyond the
		// way (two positions for the pull's rounding): it fills up there.
		if !ok || !p.canGo(s, at) && !(p.fuelAt(to) && s.Loc.Dist(at)+2 <= s.Fuel) {
			return false
		}
		p.moveTo(s, "MO %d %d %d %d", s.ID, at.X, at.Y, at.Z)
		return true
	}
	if !p.canGo(s, to) {
		return false
	}
	// A trip of more turns than one: each turn's pull may draw the ship
	// off its line, and a trader that set out with the fuel for the
	// straight way alone ran dry short of the market with its cargo. It
	// goes when its journey (the host's moves and pull) gets there.
	if n := st.Movement.N; p.lv.PullLanding && n > 0 && s.Loc.Dist(to) > n && !p.tradeTrip(s, tp).Arrives() {
		return false
	}
	p.moveTo(s, "MP %d %d", s.ID, tp.Planet.ID)
	return true
}

// goTradeAnyway sends a ship to the trading planet tp without the fuel to
// reach fuel again from it: it buys some there, or takes a planet nearby.
func (p *planner) goTradeAnyway(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	to := tp.Planet.Loc
	if p.mk.marketsHold() && p.lv.PullLanding && p.r.GravityPull(p.turn) > 0 && s.Loc.Dist(to) <= st.Movement.N+p.r.GravityPull(p.turn) {
		at, ok := p.mk.above(to)
		if !ok || s.Loc.Dist(at) > s.Fuel {
			return false
		}
		p.moveTo(s, "MO %d %d %d %d", s.ID, at.X, at.Y, at.Z)
		return true
	}
	p.moveTo(s, "MP %d %d", s.ID, tp.Planet.ID)
	return true
}
