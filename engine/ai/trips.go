package ai

import (
	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
)

// The trips the plan judges (where a ship ends up under the pull, the turn
// it gets there, the fuel it spends) are engine/journey's, the host's own
// arithmetic: the plan asks it only for the few trips that pass its cheap
// filters (the nearest market, the chosen source, the ship's standing
// move), since a journey of many turns costs a fraction of a millisecond.

// noFuelLimit is the fuel a trip is planned with to learn what it spends.
const noFuelLimit = 1 << 20

// tripShip is ship s as engine/journey sees it, at from with fuel aboard:
// its movement range with its officer's Navigation and the empire's
// special abilities, the host's figure.
func (p *planner) tripShip(s *model.Ship, from geom.Point, fuel int) journey.Ship {
	js := journey.ShipOf(p.r, s, model.MoveRange(p.r, s, p.officers, p.k.Empire.Abilities), p.k.Empire.Abilities)
	js.Loc, js.Fuel = from, fuel
	return js
}

// planetTrip is the straight journey (no fuel stops) of ship s from from,
// with fuel aboard, to planet pl, whose moves begin after turn after (the
// sheet's turn, or a later one the ship sets out in).
func (p *planner) planetTrip(s *model.Ship, from geom.Point, fuel, after int, pl *model.Planet) journey.Journey {
	w := journey.World{Rules: p.r, Turn: after, NoStops: true}
	return journey.Plan(w, p.tripShip(s, from, fuel), journey.Target{Planet: pl.ID, Place: pl.Loc, Kind: pl.Kind})
}

// spendTrip is planetTrip with fuel enough for any trip and no refuelling
// on the way: spent tells what the trip takes.
func (p *planner) spendTrip(s *model.Ship, from geom.Point, after int, pl *model.Planet) journey.Journey {
	w := journey.World{Rules: p.r, Turn: after, NoStops: true}
	js := p.tripShip(s, from, noFuelLimit)
	js.Refuelled = false
	return journey.Plan(w, js, journey.Target{Planet: pl.ID, Place: pl.Loc, Kind: pl.Kind})
}

// placeTrip is the straight journey of ship s from where it is, with fuel
// aboard, to the fixed place to (with noFuelLimit, spent tells what it
// takes: no refuelling on the way is counted then).
func (p *planner) placeTrip(s *model.Ship, fuel int, to geom.Point) journey.Journey {
	w := journey.World{Rules: p.r, Turn: p.k.Turn, NoStops: true}
	js := p.tripShip(s, s.Loc, fuel)
	js.Refuelled = js.Refuelled && fuel < noFuelLimit
	return journey.Plan(w, js, journey.Target{Place: to})
}

// spent is the fuel journey j spends, planned with noFuelLimit aboard.
func spent(j journey.Journey) int {
	if len(j.Steps) == 0 {
		return 0
	}
	return noFuelLimit - j.Fuel()
}

// tradeTrip is a trader's trip to the trading planet tp from where it is
// with the fuel it has, as the host would carry it out: the turn it
// arrives in, and whether it gets there before the market falls.
func (p *planner) tradeTrip(s *model.Ship, tp *model.TradingPlanet) journey.Journey {
	return p.planetTrip(s, s.Loc, s.Fuel, p.k.Turn, &tp.Planet)
}

// fuelLeft is the fuel aboard at the end of journey j, begun with start
// (the start when the ship is there already).
func fuelLeft(j journey.Journey, start int) int {
	if len(j.Steps) == 0 {
		return start
	}
	return j.Fuel()
}

// getsThere reports whether journey j gets there with its fuel, or would
// but for the game's end (or the journey's most turns followed): a ship
// on its way goes on unless its fuel runs out or the pull takes it or its
// planet first.
func getsThere(j journey.Journey) bool {
	switch j.End {
	case journey.Arrives, journey.GameEnds, journey.TooLong:
		return true
	}
	return false
}
