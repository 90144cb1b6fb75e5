package journey

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Third is how many positions a ship moving step positions a third has
// covered by the end of its k-th third of the turn, rounded as the host
// rounds it.
func Third(step float64, k int) int { return int(step*float64(k) + 0.5) }

// PerThird is the positions a ship with movement range reach covers in one
// third of the turn.
func PerThird(r *rules.Rules, reach int) float64 {
	return float64(reach) / float64(r.Movement.PhaseFraction)
}

// Hop is the host's hop along a straight line from from toward to, on
// which used positions are already spent: the place allow positions on,
// or as far as fuel goes, and its cost (the whole distance from the
// line's start, truncated once, less what was spent). False when even no
// hop at all is within the fuel.
func Hop(from, to geom.Point, used, allow, fuel int) (geom.Point, int, bool) {
	hop := func(n int) (geom.Point, int) {
		next := from.Toward(to, used+n)
		return next, max(0, from.Dist(next)-used)
	}
	next, d := hop(allow)
	for n := fuel; d > fuel && n >= 0; n-- {
		next, d = hop(n) // as far as the fuel goes
	}
	return next, d, d <= fuel
}

// Move is one turn's move of a lone ship (nothing stops it to fight) from
// from toward to with movement range reach and fuel aboard, as the host
// carries it out a third at a time: where it ends and the fuel left.
func Move(r *rules.Rules, from, to geom.Point, reach, fuel int) (geom.Point, int) {
	if reach <= 0 || fuel <= 0 {
		return from, fuel
	}
	step := PerThird(r, reach)
	budget := min(reach, fuel)
	loc, moved, used := from, 0, 0
	for k := 1; k <= r.Movement.PhaseFraction && loc != to && budget > 0; k++ {
		allow := min(Third(step, k)-moved, budget)
		if allow <= 0 {
			continue
		}
		next, d, ok := Hop(from, to, used, allow, fuel)
		if !ok || next == loc {
			continue
		}
		used, moved, budget, fuel, loc = used+d, moved+d, budget-d, fuel-d, next
	}
	return loc, fuel
}

// Pulled is where the pull of Silverfall at the end of the given turn
// leaves something at loc that it moves.
func Pulled(r *rules.Rules, loc geom.Point, turn int) geom.Point {
	if r.GravityPull(turn) > 0 {
		return r.Pulled(loc, turn) // the rule itself is the rules' own
	}
	return loc
}

// PlanetPulled reports whether the pull moves a planet of the kind: not
// the origins, nor the trading planets under the house rule that holds
// them.
func PlanetPulled(r *rules.Rules, k model.PlanetKind) bool {
	return k == model.Independent || k == model.Trading && !r.House.TradingPlanetsHold
}

// ShipPulled reports whether the pull moves a ship of the type: every one
// but the battle stations.
func ShipPulled(shipType int) bool { return shipType != rules.TypeBattleStation }

// InReach reports whether loc is within the black hole's reach, where
// ships and planets are destroyed at the turn's end.
func InReach(r *rules.Rules, loc geom.Point) bool {
	return loc.Within(geom.Origin, r.Movement.DestructionRadius)
}
