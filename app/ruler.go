package app

import (
	"fmt"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
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
	_, mine := d.Ship(key.ID)
	if !ok || !mine {
		return measure, "Select a ship of yours to see what it means for it."
	}
	j, _ := d.JourneyFrom(s.ID, r.From, r.To, s.Fuel)
	return measure, fmt.Sprintf("For ship %d: %s.", s.ID, journeyText(j, s.Fuel))
}

// journeyText says what a journey takes: the turns at the ship's range,
// the turn it arrives and the fuel then, and what the pull of Silverfall
// does on the way (where it leaves the ship at the end); or what stops it.
func journeyText(j journey.Journey, fuel int) string {
	switch {
	case j.Distance == 0 && j.Arrives():
		return "already there"
	case j.End == journey.CannotMove:
		return "it cannot move"
	case !j.Arrives():
		return fmt.Sprintf("at %d a turn %s", j.Reach, endText(j))
	}
	text := fmt.Sprintf("%s at %d a turn, arriving with %d fuel of %d in turn %d", plural.Count(j.Turns(), "turn"), j.Reach, j.Fuel(), fuel, j.Turn)
	if len(j.Stops) > 0 {
		text += fmt.Sprintf(" after taking on fuel at %s", plural.List("planet", plural.Ints(j.Stops)))
	}
	return text + pullText(j)
}

// pullText says what the pull of Silverfall does to a journey: how far it
// draws the ship in, and where it leaves it at the end of the last turn.
func pullText(j journey.Journey) string {
	if !j.Pulls() {
		return ""
	}
	last := j.Last()
	return fmt.Sprintf("; the pull of Silverfall draws it %s in on the way and leaves it at %v at the end of turn %d",
		plural.Count(j.Pull(), "position"), last.Pulled, last.Turn)
}

// endText says why a journey does not arrive, and when.
func endText(j journey.Journey) string {
	short := j.Distance
	if len(j.Steps) > 0 {
		short = j.Where.Dist(j.Last().Aim)
	}
	switch j.End {
	case journey.FuelOut:
		return fmt.Sprintf("its fuel runs out in turn %d at %v, %s short", j.Turn, j.Where, plural.Count(short, "position"))
	case journey.FallsIn:
		return fmt.Sprintf("it ends turn %d at %v, within the black hole's reach, and is destroyed", j.Turn, j.Where)
	case journey.TargetFalls:
		return fmt.Sprintf("the planet falls into the black hole's reach in turn %d, before it gets there", j.Turn)
	case journey.GameEnds:
		return fmt.Sprintf("the game ends after turn %d, with the ship at %v, %s short", j.Turn, j.Where, plural.Count(short, "position"))
	}
	return fmt.Sprintf("it is not there by turn %d", j.Turn)
}
