package sparring

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// trade plays the trader: mines start, cargo ships haul ore from the
// empire's planets to the market that pays best and more cargo ships are
// built, nothing else.
func trade(s *sheet) {
	s.mines(20_000)
	for _, sh := range s.movable() {
		s.refuel(sh)
		if st := s.r.Ship(sh.Type); st.CarriesCargo() {
			s.haul(sh)
		}
	}
	s.build(cargo, 60_000, 2)
}

// cargo is the ship type the trader builds: the large cargo ship, the
// cheapest hold of 100 cargo units (35,000 credits).
const cargo = 12

// haul runs the cargo ship between the empire's planets and the markets:
// it sells what it carries at a market, loads the stock of an own planet
// it is over, takes a load to the market that pays best for it and still
// trades when it gets there, and goes empty to the planet with the most
// stock.
func (s *sheet) haul(sh *model.Ship) {
	if s.moved[sh.ID] || sh.Fuel == 0 {
		s.buyFuel(sh, 0)
		return
	}
	load := sh.Cargo.Total()
	if tp := s.market(sh.Loc); tp != nil && load > 0 && s.turn <= s.lastTurnOf(tp) {
		s.add("UL %d 0 0", sh.ID)
		load = 0
	}
	if pl := s.ownAt(sh.Loc); pl != nil && pl.Stock.Total() > 0 && s.room(sh) > 0 {
		s.add("LO %d 0 0", sh.ID)
		load += pl.Stock.Total()
		for t, n := range pl.Stock {
			sh.Cargo[t] += n // as far as it fits: enough to choose the market
		}
		pl.Stock = model.Ore{}
	}
	if load > 0 {
		if tp := s.bestMarket(sh); tp != nil {
			s.buyFuel(sh, sh.Loc.Dist(tp.Planet.Loc))
			if tp.Planet.Loc != sh.Loc {
				s.move(sh, "MP %d %d", sh.ID, tp.Planet.ID)
			}
			return
		}
	}
	to := s.richest()
	if to == nil || to.Loc == sh.Loc {
		return
	}
	s.buyFuel(sh, sh.Loc.Dist(to.Loc))
	if d := sh.Loc.Dist(to.Loc); d > sh.Fuel {
		// Short of fuel for the way: to the nearest own planet with fuel
		// it reaches, rather than to a stop in empty space.
		to = s.fuelWithin(sh)
	}
	if to != nil && to.Loc != sh.Loc {
		s.move(sh, "MP %d %d", sh.ID, to.ID)
	}
}

// fuelWithin is the nearest own planet with fuel on it that the ship
// reaches on the fuel it has, clear of the pull; nil when none is.
func (s *sheet) fuelWithin(sh *model.Ship) *model.Planet {
	var best *model.Planet
	for i := range s.k.Planets {
		pl := &s.k.Planets[i]
		if pl.Kind == model.Trading || s.fuel[pl.ID] == 0 || !sh.Loc.Within(pl.Loc, sh.Fuel) || !s.safe(pl.Loc) {
			continue
		}
		if best == nil || sh.Loc.Dist(pl.Loc) < sh.Loc.Dist(best.Loc) {
			best = pl
		}
	}
	return best
}

// room is the cargo units the ship has free.
func (s *sheet) room(sh *model.Ship) int {
	st := s.r.Ship(sh.Type)
	return st.Cargo.N*s.r.CargoScale() - s.r.CargoNeeded(sh.Cargo)
}

// market is the trading planet at loc, or nil.
func (s *sheet) market(loc geom.Point) *model.TradingPlanet {
	for i := range s.k.Trading {
		if s.k.Trading[i].Planet.Loc == loc {
			return &s.k.Trading[i]
		}
	}
	return nil
}

// lastTurnOf is the last turn the trading planet trades (the engine's
// rules.MarketLastTurn); far off when the trading planets hold.
func (s *sheet) lastTurnOf(tp *model.TradingPlanet) int {
	if t := s.r.MarketLastTurn(tp.Planet.Loc, s.k.Turn); t > 0 {
		return t
	}
	return 1 << 30
}

// bestMarket is the trading planet that pays most for the ship's load
// (the stock of the planet under it, when it is loading) for the way to
// it, of those the ship reaches on the fuel it has before their last turn of trade, with a
// turn to leave again before the pull takes them.
func (s *sheet) bestMarket(sh *model.Ship) *model.TradingPlanet {
	st := s.r.Ship(sh.Type)
	ore := sh.Cargo
	var best *model.TradingPlanet
	bestWorth := 0.0
	for i := range s.k.Trading {
		tp := &s.k.Trading[i]
		d := sh.Loc.Dist(tp.Planet.Loc)
		arrive := s.turn + (d+st.Movement.N-1)/st.Movement.N - 1
		// Nor one beyond its fuel: a hold of ore stranded on the way sells
		// nothing.
		if d > sh.Fuel || d > 0 && arrive+1 > s.lastTurnOf(tp) || d == 0 && s.turn >= s.lastTurnOf(tp) {
			continue
		}
		worth := 1
		for t, n := range ore {
			worth += n * tp.Prices.Ore[t]
		}
		if w := float64(worth) / float64(20+d); best == nil || w > bestWorth {
			best, bestWorth = tp, w
		}
	}
	return best
}

// richest is the own planet, clear of the pull, with the most stock to
// haul; the origin when none has any.
func (s *sheet) richest() *model.Planet {
	best := s.origin
	for i := range s.k.Planets {
		pl := &s.k.Planets[i]
		if pl.Kind != model.Trading && s.safe(pl.Loc) && pl.Stock.Total() > 0 && (best == nil || pl.Stock.Total() > best.Stock.Total()) {
			best = pl
		}
	}
	return best
}

// buyFuel buys at the trading planet under the ship the fuel it lacks for
// a way of d, with some to spare (a full tank with d 0), while the credits
// allow.
func (s *sheet) buyFuel(sh *model.Ship, d int) {
	tp := s.market(sh.Loc)
	st := s.r.Ship(sh.Type)
	if tp == nil || !st.MaxFuel.OK || tp.Prices.Fuel <= 0 {
		return
	}
	need := st.MaxFuel.N - sh.Fuel
	if d > 0 {
		// A fifth more than the way: the pull draws the ship in, and the
		// planet it goes to with it, on the way.
		need = min(need, d+d/5+10-sh.Fuel)
	}
	if need > 0 && s.pay(s.r.BuyCost(need, tp.Prices.Fuel), 20_000) {
		s.add("LF %d %d", sh.ID, need)
		sh.Fuel += need
	}
}
