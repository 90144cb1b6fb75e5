package app

import (
	"fmt"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/turn"
	"silverfall/internal/plural"
)

// Ruler is a line measured on the map between two places: a body's, or a
// point in space.
type Ruler struct{ From, To geom.Point }

// Distance is the line's length in positions, as the rules count it.
func (r Ruler) Distance() int { return r.From.Dist(r.To) }

// ruler measures on the map: two clicks, each on a body or on the level
// plane through the selection (or the camera's target), make a line that
// the map draws and rulerView measures; measuring again takes it away.
type ruler struct {
	st   *State
	view *MapView
}

// Toggle starts a measurement, or takes away the line shown.
func (r *ruler) Toggle() {
	if r.st.Ruler() != nil {
		r.st.SetRuler(nil)
		return
	}
	if r.st.Game() == nil {
		return
	}
	z := r.st.Camera().Target[2]
	if loc, ok := r.st.Game().Location(r.st.Selected()); ok {
		z = float64(loc.Z)
	}
	r.view.RequestPick(PickPoint, "one end of the ruler", z, func(a Pick, ok bool) {
		if !ok {
			return
		}
		r.view.RequestPick(PickPoint, "the other end of the ruler", float64(a.Loc.Z), func(b Pick, ok bool) {
			if ok {
				r.st.SetRuler(&Ruler{From: a.Loc, To: b.Loc})
			}
		})
	})
}

// rulerText says what the ruler measures, and what that means for the
// selected ship of the player's: the turns it takes and the fuel it needs
// at its movement range, by the engine's rule; "" when no ruler is out.
func rulerText(st *State) (measure, meaning string) {
	r := st.Ruler()
	if r == nil {
		return "", ""
	}
	measure = fmt.Sprintf("Ruler: %s from %v to %v", plural.Count(r.Distance(), "position"), r.From, r.To)
	g, d := st.Game(), st.Draft()
	key := st.Selected()
	if g == nil || d == nil || key.Kind != model.KindShip {
		return measure, "Select a ship of yours to see what it means for it."
	}
	s, ok := g.Ships[key.ID]
	facts, mine := d.Ship(key.ID)
	if !ok || !mine {
		return measure, "Select a ship of yours to see what it means for it."
	}
	j := turn.PlanJourney(r.From, r.To, facts.MoveRange, s.Fuel)
	return measure, fmt.Sprintf("For ship %d: %s.", s.ID, journeyText(j, s.Fuel))
}

// journeyText says what a journey takes: turns at the ship's range and
// the fuel on arrival, or where the fuel runs out.
func journeyText(j turn.Journey, fuel int) string {
	switch {
	case j.Distance == 0:
		return "already there"
	case j.Reach <= 0:
		return "it cannot move"
	}
	text := fmt.Sprintf("%s at %d a turn", plural.Count(j.Turns, "turn"), j.Reach)
	if j.Fuel >= 0 {
		return text + fmt.Sprintf(", arriving with %d fuel of %d", j.Fuel, fuel)
	}
	return text + fmt.Sprintf("; its %d fuel runs out in turn %d of them, %s short",
		fuel, j.DryTurn(fuel), plural.Count(-j.Fuel, "position"))
}
