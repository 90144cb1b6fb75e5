package turn

import (
	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// Journey is ship s's journey to a place, or to planet (0: the place), by
// engine/journey on this world: the turns it takes under the pull, the
// fuel, how it ends, and fuel stops when the fuel does not reach (unless
// noStops).
func (w *World) Journey(s *model.Ship, to geom.Point, planet int, fuel int, noStops bool) journey.Journey {
	return planJourney(w, w.G.Planets, s, to, journeyTarget(w.Planet(planet), to), fuel, noStops)
}

// Journey is World.Journey on the sheet's world, for the window's forms,
// ruler and route planner.
func (s *Sheet) Journey(sh *model.Ship, to geom.Point, planet int, fuel int, noStops bool) journey.Journey {
	var p *model.Planet
	if i, ok := s.w.base.planet.get(planet); ok && planet != 0 && i < len(s.planets) && s.planets[i].ID == planet {
		p = s.planets[i]
	}
	var planets []model.Planet
	if !noStops {
		planets = gather(nil, s.planets)
	}
	return planJourney(s.w, planets, sh, to, journeyTarget(p, to), fuel, noStops)
}

// journeyTarget is a journey's target: planet p, or the place when p is nil.
func journeyTarget(p *model.Planet, to geom.Point) journey.Target {
	if p == nil {
		return journey.Target{Place: to}
	}
	return journey.Target{Planet: p.ID, Place: p.Loc, Kind: p.Kind}
}

// planJourney plans a journey of ship s on w's rules and turn, with the
// planets given as stops.
func planJourney(w *World, planets []model.Planet, s *model.Ship, to geom.Point, t journey.Target, fuel int, noStops bool) journey.Journey {
	js := journey.ShipOf(w.R, s, w.MoveRange(s), w.abilities(s.Owner))
	js.Fuel = fuel
	jw := journey.World{Rules: w.R, Turn: w.G.Turn, Planets: planets, Markets: w.G.Markets, NoStops: noStops}
	return journey.Plan(jw, js, t)
}

// journeyNotes are a move's notes over the turns it takes, from its
// journey under the pull: the fuel running out, the ship or its target
// planet falling into the black hole's reach, the game ending first, and
// the turn it arrives.
func (t movement) journeyNotes(m *move, s *model.Ship, reach int) {
	planet := 0
	switch m.o.Code {
	case order.MP, order.EP, order.SL:
		planet = m.o.Planet()
	}
	j := t.w.Journey(s, m.dest, planet, s.Fuel, true)
	last := journey.Step{}
	if n := len(j.Steps); n > 0 {
		last = j.Steps[n-1]
	}
	switch j.End {
	case journey.FuelOut:
		if j.Turn == t.w.G.Turn+1 && reach > s.Fuel {
			return // fuel-short says so for this turn
		}
		t.warn("fuel-runs-out", "ship %d is %d positions from %v but has fuel for %d: it runs dry in turn %d at %v, unless it takes on fuel on the way (View > Plan a route finds the stops)",
			s.ID, j.Distance, m.dest, s.Fuel, j.Turn, j.Where)
	case journey.FallsIn:
		t.fallsIn(s, m, j, last)
	case journey.TargetFalls:
		t.warn("target-falls-in", "planet %d falls into the black hole's reach at the end of turn %d, before ship %d gets there (it is then at %v)",
			planet, j.Turn, s.ID, j.Where)
	case journey.GameEnds:
		t.warn("game-ends-first", "the game ends after turn %d, before ship %d gets to %v: it is then at %v, %d positions short",
			j.Turn, s.ID, m.dest, j.Where, j.Where.Dist(last.Aim))
	case journey.Arrives:
		if j.Turns() > 1 {
			t.note("takes-turns", "the %d positions to %v take %d turns at %d a turn, arriving in turn %d%s; the order carries over until then",
				j.Distance, m.dest, j.Turns(), reach, j.Turn, pullText(j, last))
		}
	}
}

// pullText says where the pull leaves a ship on arrival, when it moves it.
func pullText(j journey.Journey, last journey.Step) string {
	if !j.Pulls() {
		return ""
	}
	if last.Pulled != last.Moved {
		return sprintf(" (with the pull of Silverfall on the way; at the turn's end it draws the ship on to %v)", last.Pulled)
	}
	return " (with the pull of Silverfall on the way)"
}

// fallsIn warns that the journey ends in the black hole's reach: by the
// ship's own move in a later turn (this turn's course has its own
// warning), or by the pull.
func (t movement) fallsIn(s *model.Ship, m *move, j journey.Journey, last journey.Step) {
	d := t.w.R.Movement.DestructionRadius
	switch {
	case !journey.InReach(t.w.R, last.Moved):
		t.warn("falls-in", "on the way to %v the pull of Silverfall draws ship %d within %d positions of it at the end of turn %d, at %v, and it is destroyed",
			m.dest, s.ID, d, j.Turn, j.Where)
	case j.Turn > t.w.G.Turn+1:
		t.warn("falls-in", "on the way to %v ship %d's move of turn %d ends at %v, within %d positions of Silverfall, and it is destroyed",
			m.dest, s.ID, j.Turn, last.Moved, d)
	}
}
