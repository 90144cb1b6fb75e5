package app

import (
	"silverfall/app/draft"
	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/order"
	"silverfall/render3d"
)

// mapCourses is what the map draws over the bodies: the courses of the
// player's ships as the engine's forecast carries the orders out (each
// ship's path through the phases, and its ghost where the turn leaves it),
// the ruler's line, and the route planner's plan turn by turn.
func mapCourses(st *State) []render3d.Course {
	var out []render3d.Course
	if g, d, f := st.Game(), st.Draft(), st.Forecast(); g != nil && d != nil && f != nil {
		out = forecastCourses(g, d, f)
	}
	if r := st.Ruler(); r != nil {
		out = append(out, render3d.Course{Kind: render3d.CourseRuler, From: vec(r.From), To: vec(r.To)})
	}
	if r := st.Route(); r != nil {
		out = append(out, r.courses()...)
	}
	return out
}

func vec(p geom.Point) render3d.Vec { return render3d.Vec{float64(p.X), float64(p.Y), float64(p.Z)} }

// forecastCourses draws the forecast's movements: a ship that ends the turn
// elsewhere, or has an order to go somewhere, gets its course; the lines
// run through the places the forecast gives after each phase.
func forecastCourses(g *Game, d *draft.Draft, f *check.Forecast) []render3d.Course {
	var out []render3d.Course
	moves := newShipMoves(g, d)
	for _, sf := range f.Ships {
		s, known := g.Ships[sf.ID]
		if !known {
			// Built this turn: only where it will be.
			out = append(out, render3d.Course{From: vec(sf.End.Loc), To: vec(sf.End.Loc), Stop: vec(sf.End.Loc), Ghost: true, Ship: sf.ID})
			continue
		}
		o, i, has := moves.of(sf.ID)
		moved := sf.End.Loc != s.Loc
		if !moved && !has {
			continue
		}
		c := render3d.Course{From: vec(s.Loc), Stop: vec(sf.End.Loc), To: vec(sf.End.Loc), Ghost: moved, Ship: sf.ID}
		if dest, ok := orderDestination(g, o); ok && has {
			c.To = vec(dest)
		}
		switch o.Code {
		case order.WD, order.WP:
			c.Kind = render3d.CourseWarp
		case order.HD:
			c.Kind, c.To = render3d.CourseHyper, c.Stop
		}
		at := s.Loc
		for _, p := range sf.Phases {
			if p.Loc != at {
				c.Marks = append(c.Marks, vec(p.Loc))
				at = p.Loc
			}
		}
		if i >= 0 {
			for _, r := range d.ResultsOf(i) {
				if r.Severity == check.Error {
					c.Error = true
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// shipMoves finds the battle/movement order each ship carries out this
// turn: its own, its fleet's, or the one carried over.
type shipMoves struct {
	g       *Game
	d       *draft.Draft
	own     map[int]int // ship -> index of its own order
	fleet   map[int]int // fleet -> index of its order
	fleetOf map[int]int // ship -> fleet
}

func newShipMoves(g *Game, d *draft.Draft) *shipMoves {
	m := &shipMoves{g: g, d: d, own: map[int]int{}, fleet: map[int]int{}, fleetOf: map[int]int{}}
	for _, fl := range g.K.Fleets {
		for _, id := range fl.Ships {
			m.fleetOf[id] = fl.ID
		}
	}
	for i, o := range d.Orders() {
		if o.Class() != order.BattleMovement {
			continue
		}
		if o.Fleet {
			m.fleet[o.Subject()] = i
		} else {
			m.own[o.Subject()] = i
		}
	}
	return m
}

// of is ship id's order, with its index in the draft (-1 for one carried
// over); false when it has none.
func (m *shipMoves) of(id int) (order.Order, int, bool) {
	if i, ok := m.own[id]; ok {
		return m.d.Orders()[i], i, true
	}
	if fl, ok := m.fleetOf[id]; ok {
		if i, ok := m.fleet[fl]; ok {
			return m.d.Orders()[i], i, true
		}
	}
	if s, ok := m.g.Ships[id]; ok && s.Standing.Code != order.Invalid {
		return s.Standing, -1, true
	}
	return order.Order{}, -1, false
}

// orderDestination is where an order heads, as the sheet shows it: a
// place, a planet or a ship.
func orderDestination(g *Game, o order.Order) (geom.Point, bool) {
	if l, ok := o.Location(); ok {
		return l, true
	}
	if p, ok := g.Planets[o.Planet()]; ok && o.Planet() != 0 {
		return p.Loc, true
	}
	if t, ok := o.Target(); ok {
		if s, ok := g.Ships[t]; ok {
			return s.Loc, true
		}
	}
	return geom.Point{}, false
}
