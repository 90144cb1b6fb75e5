package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/order"
	"silverfall/engine/turn"
	"silverfall/internal/plural"
)

// journeyNote is the line of a move form (MO, MP, EP and the like) that
// says, while the player fills the form in, what the move takes: the
// distance, the turns to arrive and the fuel on arrival, by the engine's
// rule. The fuel is what the forecast gives the ship when the moves begin
// (after phase 1's loading), or the sheet's.
type journeyNote struct {
	f     *orderForm
	label *widget.Label
}

// newJourneyNote is the note for form f, or nil when its order does not
// move a ship or fleet of the player's to a place, a planet or a ship.
func newJourneyNote(f *orderForm) *journeyNote {
	if !f.code.Moves() || f.code == order.FP || f.st.Draft() == nil || len(journeyShips(f)) == 0 {
		return nil
	}
	l := widget.NewLabel("")
	l.Wrapping = fyne.TextWrapWord
	return &journeyNote{f: f, label: l}
}

func (n *journeyNote) update() {
	if t := n.text(); t != n.label.Text {
		n.label.SetText(t)
	}
}

// text works the journey out from the form's fields as they are.
func (n *journeyNote) text() string {
	g, d := n.f.st.Game(), n.f.st.Draft()
	o, err := order.Parse(n.f.Text())
	if err != nil {
		return "Give the destination to see the distance, the turns and the fuel."
	}
	dest, ok := orderDestination(g, o)
	if !ok {
		return "The destination is not on your sheet: its distance is not known."
	}
	// A fleet goes as its slowest ship: the journey that takes longest,
	// and of those the one that leaves the least fuel.
	var worst turn.Journey
	id, fuel := 0, 0
	for _, s := range journeyShips(n.f) {
		f := startFuel(n.f.st, s)
		j, ok := d.Journey(s, dest, f)
		if ok && (id == 0 || j.Turns > worst.Turns || j.Turns == worst.Turns && j.Fuel < worst.Fuel) {
			worst, id, fuel = j, s, f
		}
	}
	if id == 0 {
		return ""
	}
	text := fmt.Sprintf("%s to %v: %s.", capital(plural.Count(worst.Distance, "position")), dest, journeyText(worst, fuel))
	if n.f.start.Fleet {
		text = fmt.Sprintf("Slowest, ship %d: %s", id, text)
	}
	return text
}

// journeyShips are the ships of the player's that a form's order moves:
// the ship, or the fleet's ships that can move.
func journeyShips(f *orderForm) []int {
	g := f.st.Game()
	id := f.start.Subject()
	if !f.start.Fleet {
		if s, ok := g.Ships[id]; ok && g.own(s) {
			return []int{id}
		}
		return nil
	}
	fl, ok := g.Fleets[id]
	if !ok {
		return nil
	}
	var out []int
	for _, sid := range fl.Ships {
		if s, ok := g.Ships[sid]; ok && g.own(s) {
			if t := g.R.Ship(s.Type); t != nil && t.CanMove() {
				out = append(out, sid)
			}
		}
	}
	return out
}

// startFuel is a ship's fuel when the moves begin: after phase 1 by the
// forecast, or the sheet's.
func startFuel(st *State, id int) int {
	fuel := st.Game().Ships[id].Fuel
	if f := st.Forecast(); f != nil {
		if sf, ok := shipForecast(f, id); ok {
			for _, ph := range sf.Phases {
				if ph.Phase == 1 {
					fuel = ph.Fuel
				}
			}
		}
	}
	return fuel
}
