package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/order"
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
// move one of the player's ships to a place, a planet or a ship.
func newJourneyNote(f *orderForm) *journeyNote {
	if !f.code.Moves() || f.code == order.FP || f.start.Fleet || f.st.Draft() == nil {
		return nil
	}
	s, ok := f.st.Game().Ships[f.start.Subject()]
	if !ok || !f.st.Game().own(s) {
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
	id := n.f.start.Subject()
	o, err := order.Parse(n.f.Text())
	if err != nil {
		return "Give the destination to see the distance, the turns and the fuel."
	}
	dest, ok := orderDestination(g, o)
	if !ok {
		return "The destination is not on your sheet: its distance is not known."
	}
	fuel := g.Ships[id].Fuel
	if f := n.f.st.Forecast(); f != nil {
		if sf, ok := shipForecast(f, id); ok {
			for _, ph := range sf.Phases {
				if ph.Phase == 1 {
					fuel = ph.Fuel
				}
			}
		}
	}
	j, ok := d.Journey(id, dest, fuel)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s to %v: %s.", capital(plural.Count(j.Distance, "position")), dest, journeyText(j, fuel))
}
