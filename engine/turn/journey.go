package turn

import "silverfall/engine/geom"

// Journey is what a move to a fixed place takes: the positions to go, the
// turns at the ship's movement range, and the fuel, one unit a position.
// The checker's notes and the order forms both read it, so that the rule
// is written once.
type Journey struct {
	Distance int // positions from the ship to the place
	Reach    int // positions a turn (the movement range)
	// Turns is how many turns the journey takes, this one included; 0 when
	// the ship cannot move (no range) or is there already.
	Turns int
	// Fuel is the fuel aboard on arrival; negative when the fuel runs out
	// that many positions short (and the ship stops there).
	Fuel int
}

// PlanJourney works out a journey from one place to another for a ship
// with movement range reach and fuel aboard.
func PlanJourney(from, to geom.Point, reach, fuel int) Journey {
	j := Journey{Distance: from.Dist(to), Reach: reach}
	j.Fuel = fuel - j.Distance
	if reach > 0 && j.Distance > 0 {
		j.Turns = ceilDiv(j.Distance, reach)
	}
	return j
}

// Arrives reports whether the ship gets there on the fuel it has.
func (j Journey) Arrives() bool { return j.Fuel >= 0 && (j.Turns > 0 || j.Distance == 0) }

// DryTurn is the turn, counted from this one as 1, in which the fuel runs
// out on the way; 0 when it does not.
func (j Journey) DryTurn(fuel int) int {
	if j.Fuel >= 0 || j.Reach <= 0 {
		return 0
	}
	return max(1, ceilDiv(fuel, j.Reach))
}
