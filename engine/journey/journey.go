package journey

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// End is how a journey ends.
type End uint8

// The ends of a journey.
const (
	Arrives     End = iota // the ship reaches the destination
	FuelOut                // the fuel runs out on the way
	FallsIn                // the pull takes the ship into the black hole's reach
	TargetFalls            // the target planet falls in before the ship is there
	GameEnds               // the game is over before the ship is there
	CannotMove             // the ship has no movement range
	TooLong                // not there within the rules' most turns followed
)

// String names the end, for messages and tests.
func (e End) String() string {
	return [...]string{"arrives", "fuel runs out", "falls in", "target falls in", "game ends", "cannot move", "too long"}[e]
}

// Ship is the ship that makes the journey, as its sheet shows it.
type Ship struct {
	ID, Owner int
	Loc       geom.Point
	Reach     int // movement range a turn
	Fuel      int // aboard when the journey's first move begins
	MaxFuel   int // the most its tanks hold (0: it takes on no fuel)
	Refuelled bool
	Held      bool // a battle station: the pull holds it
}

// Target is where the journey goes: a planet (followed as the pull moves
// it) or a fixed place.
type Target struct {
	Planet int // 0: the fixed place Place
	Place  geom.Point
	Kind   model.PlanetKind // the planet's kind, for the pull
}

// World is what the journey knows of the game: the rules, the sheet's turn
// (the first move is the next turn's), the planets that may serve as fuel
// stops and the trading planets' markets.
type World struct {
	Rules   *rules.Rules
	Turn    int
	Planets []model.Planet
	Markets map[int]model.Market
	// NoStops plans the straight journey only (the checker's notes).
	NoStops bool
}

// Step is one turn of a journey.
type Step struct {
	Turn   int
	Orders []order.Order // the turn's orders: a fuel stop's loading, then the move
	Aim    geom.Point    // where the move heads
	Moved  geom.Point    // where the move ends
	Pulled geom.Point    // where the pull at the turn's end leaves the ship
	Fuel   int           // aboard at the end of the turn
	Loaded int           // fuel taken on at the turn's start (a stop)
	Stop   int           // the planet it is taken on at; 0 none
}

// Journey is a ship's journey, turn by turn, and how it ends.
type Journey struct {
	Steps []Step
	End   End
	Turn  int        // the turn it ends in (arrives, runs dry, falls in, ...)
	Where geom.Point // where the ship is then, after the pull
	Stops []int      // the planets where it takes on fuel, in order
	// Distance is the straight distance to the target now; Reach the
	// ship's movement range a turn.
	Distance, Reach int
}

// Arrives reports whether the ship gets there.
func (j Journey) Arrives() bool { return j.End == Arrives }

// Turns is how many turns the journey takes, 0 when the ship is there.
func (j Journey) Turns() int { return len(j.Steps) }

// Fuel is the fuel aboard at the end.
func (j Journey) Fuel() int {
	if len(j.Steps) == 0 {
		return -1
	}
	return j.Steps[len(j.Steps)-1].Fuel
}

// Pulls reports whether the pull moves the ship on any turn of the journey.
func (j Journey) Pulls() bool {
	for _, s := range j.Steps {
		if s.Moved != s.Pulled {
			return true
		}
	}
	return false
}

// Plan works out ship s's journey to target t in world w, with fuel stops
// when the fuel does not reach (unless w.NoStops).
func Plan(w World, s Ship, t Target) Journey {
	start := leg{loc: s.Loc, fuel: s.Fuel, turn: w.Turn}
	j := w.follow(s, start, t)
	j.Distance, j.Reach = s.Loc.Dist(t.Place), s.Reach
	if j.End != FuelOut || w.NoStops || s.MaxFuel <= 0 {
		return j
	}
	if best, ok := w.withStops(s, start, t, w.Rules.Journey.MaxStops, nil); ok {
		best.Distance, best.Reach = j.Distance, j.Reach
		return best
	}
	return j
}

// leg is where a part of a journey starts: the ship's place and fuel at
// the end of the sheet's turn or a stop's arrival turn, and the fuel to be
// loaded at the start of the next turn.
type leg struct {
	loc        geom.Point
	fuel, turn int
	load, stop int
}

// follow carries one leg out turn by turn until it ends.
func (w World) follow(s Ship, from leg, t Target) Journey {
	r := w.Rules
	last := r.Game.ExpectedLastTurn
	limit := from.turn + r.Journey.MaxTurns
	loc, fuel, aim := from.loc, from.fuel, w.targetAt(t, from.turn)
	j := Journey{}
	end := func(e End, turn int, at geom.Point) Journey {
		j.End, j.Turn, j.Where = e, turn, at
		return j
	}
	if loc == aim && from.load == 0 {
		return end(Arrives, from.turn, loc)
	}
	for turn := from.turn + 1; ; turn++ {
		switch {
		case turn > last:
			return end(GameEnds, last, loc)
		case turn > limit:
			return end(TooLong, turn-1, loc)
		case s.Reach <= 0:
			return end(CannotMove, turn, loc)
		}
		st := Step{Turn: turn, Aim: aim}
		if s.Refuelled && s.MaxFuel > 0 {
			fuel = s.MaxFuel
		}
		if turn == from.turn+1 && from.load > 0 {
			st.Loaded, st.Stop = min(from.load, s.MaxFuel-fuel), from.stop
			fuel += st.Loaded
			st.Orders = append(st.Orders, order.Order{Code: order.LF, N: 2, Args: [order.MaxArgs]int{s.ID, 0}})
		}
		if fuel <= 0 {
			return end(FuelOut, turn-1, loc)
		}
		st.Orders = append(st.Orders, moveOrder(s.ID, t))
		st.Moved, fuel = Move(r, loc, aim, s.Reach, fuel)
		st.Pulled, st.Fuel = st.Moved, fuel
		if !s.Held {
			st.Pulled = Pulled(r, st.Moved, turn)
		}
		if t.Planet != 0 && PlanetPulled(r, t.Kind) {
			aim = Pulled(r, aim, turn)
		}
		j.Steps = append(j.Steps, st)
		loc = st.Pulled
		switch {
		case InReach(r, loc):
			return end(FallsIn, turn, loc)
		case t.Planet != 0 && InReach(r, aim):
			return end(TargetFalls, turn, loc)
		case st.Moved == st.Aim:
			return end(Arrives, turn, loc)
		case fuel <= 0:
			return end(FuelOut, turn, loc)
		}
	}
}

// moveOrder is the turn's move toward t: to the planet, or the place.
func moveOrder(ship int, t Target) order.Order {
	if t.Planet != 0 {
		return order.Order{Code: order.MP, N: 2, Args: [order.MaxArgs]int{ship, t.Planet}}
	}
	return order.Order{Code: order.MO, N: 4, Args: [order.MaxArgs]int{ship, t.Place.X, t.Place.Y, t.Place.Z}}
}

// ShipOf is the journey's view of ship s of the game, whose movement range
// is reach and whose empire has the special abilities given: its tanks,
// whether it is refuelled each turn (Sauran's ships, and an empire's with
// the ability), whether the pull holds it.
func ShipOf(r *rules.Rules, s *model.Ship, reach int, abilities []model.SpecialAbility) Ship {
	j := Ship{ID: s.ID, Owner: s.Owner, Loc: s.Loc, Reach: reach, Fuel: s.Fuel, Held: !ShipPulled(s.Type)}
	if st := r.Ship(s.Type); st != nil && st.MaxFuel.OK {
		j.MaxFuel = st.MaxFuel.N
	}
	_, refuel := model.SpecialPercent(r, abilities, rules.EffectRefuel)
	j.Refuelled = s.Owner == r.Game.PlayerSauran || refuel
	return j
}

// Last is the journey's last turn, or the zero Step when it has none.
func (j Journey) Last() Step {
	if len(j.Steps) == 0 {
		return Step{}
	}
	return j.Steps[len(j.Steps)-1]
}

// Pull is how many positions the pull draws the ship in over the journey.
func (j Journey) Pull() int {
	n := 0
	for _, s := range j.Steps {
		n += s.Moved.Dist(s.Pulled)
	}
	return n
}
