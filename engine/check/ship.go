package check

import (
	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// ShipFacts are the figures of one of the player's ships that orders
// depend on, worked out by the turn's own rules: the officer's abilities
// and the empire's special abilities included.
type ShipFacts struct {
	MoveRange, CommRange int
	// CargoRoom is how many more units of each ore type fit aboard (index
	// 0 is ore type 1); CargoUsed the cargo units the ore aboard takes, in
	// 1/rules.CargoScale units.
	CargoRoom [rules.OreTypes]int
	CargoUsed int
	// Battle and General are the orders the ship can give.
	Battle, General []order.Code
}

// Ship is what the rules make of ship id as the sheet shows it; false for
// a ship that is not the player's.
func (c *Checker) Ship(id int) (ShipFacts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.sheet.Ship(id)
	if s == nil || s.Owner != c.k.Empire.Player {
		return ShipFacts{}, false
	}
	f := ShipFacts{MoveRange: c.sheet.MoveRange(s), CommRange: c.sheet.CommRange(s), CargoUsed: c.r.CargoNeeded(s.Cargo)}
	t := c.r.Ship(s.Type)
	if t != nil && t.CarriesCargo() {
		for ty := 1; ty <= rules.OreTypes; ty++ {
			f.CargoRoom[ty-1] = c.r.CargoRoom(t.Cargo.N, s.Cargo, ty)
		}
	}
	f.Battle, f.General = turn.ShipOrders(c.r, t, s.Fire > 0)
	return f, true
}

// Ranges are a ship's movement and communication ranges, as Ship gives
// them, without the rest of its figures (the map asks for them often);
// zeros for a ship that is not the player's.
func (c *Checker) Ranges(id int) (move, comm int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.sheet.Ship(id)
	if s == nil || s.Owner != c.k.Empire.Player {
		return 0, 0
	}
	return c.sheet.MoveRange(s), c.sheet.CommRange(s)
}

// Journey is ship id's journey to a place, or to planet (0: the place),
// over as many turns as it takes under the pull of Silverfall, by the
// turn's own arithmetic (engine/journey): each turn's move and the pull's
// landing, the fuel, and how it ends, from the fuel given (what it has
// when the moves begin). With stops, the journey takes on fuel at own or
// trading planets on the way when its fuel does not reach. False for a
// ship that is not the player's.
func (c *Checker) Journey(id int, to geom.Point, planet, fuel int, stops bool) (journey.Journey, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.sheet.Ship(id)
	if s == nil || s.Owner != c.k.Empire.Player {
		return journey.Journey{}, false
	}
	return c.sheet.Journey(s, to, planet, fuel, !stops), true
}

// JourneyFrom is Journey for ship id as if it were at from (the ruler's
// first end), to the place to, without stops.
func (c *Checker) JourneyFrom(id int, from, to geom.Point, fuel int) (journey.Journey, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.sheet.Ship(id)
	if s == nil || s.Owner != c.k.Empire.Player {
		return journey.Journey{}, false
	}
	at := *s
	at.Loc = from
	return c.sheet.Journey(&at, to, 0, fuel, true), true
}
