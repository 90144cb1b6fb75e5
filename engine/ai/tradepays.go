package ai

import (
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// Trade where it pays (issue 27, a level with trade_judged): a mine, a
// cargo ship or a trade run is worth it only when what its ore brings at
// the prices the sheet's trading planets pay (the engine's markets) is
// more than what carrying it costs: a cargo ship's crew pay and a fleet's
// upkeep (the rules' figures) for the turns of the way to the nearest
// market and back. Near a market that pays; far out, with a hold of a
// hundred cargo units and weeks on the way, it does not, and the level
// then leaves the ore in the ground rather than trade at a loss.

// tripCost is what a trader of type st pays over the round trip from src
// to the nearest trading planet and back, with the turn it loads: its
// crew's pay and its fleet's upkeep each turn, and the turns it takes.
// ok is false when no trading planet is known or st does not move.
func (p *planner) tripCost(st *rules.ShipType, src geom.Point) (cost, turns int, ok bool) {
	near := -1
	for i := range p.k.Trading {
		if d := src.Dist(p.k.Trading[i].Planet.Loc); near < 0 || d < near {
			near = d
		}
	}
	if near < 0 || st == nil || st.Movement.N <= 0 {
		return 0, 0, false
	}
	turns = 2*ceilDiv(near, st.Movement.N) + 1
	return turns * turn.AlonePay(p.r, st), turns, true
}

// holdOre is how much ore of type t (0-based) a full hold of st carries.
func (p *planner) holdOre(st *rules.ShipType, t int) int {
	return st.Cargo.N * p.r.Ore.PerCargoUnit[t]
}

// minePays reports whether a new mine of ore type t (0-based) on pl pays:
// the ore it digs while a market still trades, at the best price the
// sheet shows, less that ore's share of the trips that carry it, brings
// more than the mine costs. A level that does not judge its trade starts
// every mine it can.
func (p *planner) minePays(pl *model.Planet, t int) bool {
	if !p.lv.TradeJudged {
		return true
	}
	st := p.r.Ship(p.lv.CargoType)
	cost, round, ok := p.tripCost(st, pl.Loc)
	if !ok || p.holdOre(st, t) <= 0 {
		return false
	}
	// It digs from the next turn until its ore could last reach a market:
	// half the round trip before the last market turn.
	trip := (round - 1) / 2
	turns := p.mk.lastMarket() - p.turn - trip
	ore := min(pl.Ore[t], turns*p.r.Mining.Rates[t])
	if ore <= 0 {
		return false
	}
	carry := ore * cost / p.holdOre(st, t)
	return ore*p.mk.orePrice(t)-carry > p.r.Mines.Cost && p.carried(st, trip, p.r.Mining.Rates[t], t)
}

// carried reports whether the level's cargo ships (cargo_ships of type
// st, each a hold every round trip of 2*trip+1 turns) can carry the ore
// its mines dig a turn with a new one digging rate of ore type t: a mine
// whose ore waits for a trader that never comes brings nothing.
func (p *planner) carried(st *rules.ShipType, trip, rate, t int) bool {
	dug := p.dugUnits() + rate*100/p.r.Ore.PerCargoUnit[t]
	return dug <= p.lv.CargoShips*st.Cargo.N*100/(2*trip+1)
}

// dugUnits is the ore the empire's mines dig a turn, those the plan starts
// included, in hundredths of a cargo unit.
func (p *planner) dugUnits() int {
	dug := p.newDug
	for _, m := range p.k.Mines {
		if m.Owner == p.me && m.OreType >= 1 && m.OreType <= len(p.r.Ore.PerCargoUnit) {
			dug += m.Rate * 100 / p.r.Ore.PerCargoUnit[m.OreType-1]
		}
	}
	return dug
}

// loadPays reports whether the stock of pl is worth a trip for a trader
// of type st: what it brings at the sheet's best prices, up to a full
// hold, is more than the trip's pay and upkeep. A level that does not
// judge its trade takes any load of min_load at the base prices.
func (p *planner) loadPays(st *rules.ShipType, pl *model.Planet) bool {
	if !p.lv.TradeJudged {
		return true
	}
	cost, _, ok := p.tripCost(st, pl.Loc)
	if !ok {
		return false
	}
	worth, room := 0, st.Cargo.N
	for _, t := range p.byWorth() {
		n := min(pl.Stock[t], room*p.r.Ore.PerCargoUnit[t])
		worth += n * p.mk.orePrice(t)
		room -= ceilDiv(n, p.r.Ore.PerCargoUnit[t])
	}
	return worth > cost
}

// byWorth are the ore types (0-based), the one worth most a cargo unit at
// today's best price first.
func (p *planner) byWorth() []int {
	types := []int{0, 1, 2, 3, 4}
	worth := func(t int) int { return p.mk.orePrice(t) * p.r.Ore.PerCargoUnit[t] }
	sort.SliceStable(types, func(i, j int) bool { return worth(types[i]) > worth(types[j]) })
	return types
}

// cargoWanted is how many cargo ships the level wants this turn, at most
// its cargo_ships: a level that judges its trade wants one more than it
// has for each own planet whose stock is a paying load (loadPays) that no
// trader of its own goes for this turn (what the plan leaves there after
// loading), so that it builds none while its mines bring nothing worth
// the trip.
func (p *planner) cargoWanted() int {
	if !p.lv.TradeJudged {
		return p.lv.CargoShips
	}
	st := p.r.Ship(p.lv.CargoType)
	loads := 0
	for i := range p.k.Planets {
		if pl := &p.k.Planets[i]; pl.Kind != model.Trading && !p.targeted[-pl.ID] && p.loadPays(st, pl) {
			loads++
		}
	}
	have := 0 // on the sheet: those the plan builds are for these loads
	for _, s := range p.k.Ships {
		if st := p.r.Ship(s.Type); st != nil && role(st) == roleTrader {
			have++
		}
	}
	return min(p.lv.CargoShips, have+loads)
}
