package app

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/engine/geom"
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
	if n.f.start.Fleet {
		return fleetJourney(n.f, dest, movePlanet(o))
	}
	id := n.f.start.Subject()
	fuel := startFuel(n.f.st, id)
	j, ok := d.Journey(id, dest, movePlanet(o), fuel, false)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s to %v: %s.", capital(plural.Count(j.Distance, "position")), dest, journeyText(j, fuel))
}

// movePlanet is the planet a move order heads for (MP, EP, SL, WP), which
// the pull moves on the way; 0 for a place or a ship.
func movePlanet(o order.Order) int {
	switch o.Code {
	case order.MP, order.EP, order.SL, order.WP:
		return o.Planet()
	}
	return 0
}

// fleetJourney says what a fleet's move to dest does. The order is given
// to each ship of the fleet that can carry it out, and each goes at its
// own speed (only ships copying another, CP, keep to the slowest): the
// fleet comes apart on the way, the faster ships arriving first. The
// note says which ships arrive when, and who runs out of fuel.
func fleetJourney(f *orderForm, dest geom.Point, planet int) string {
	d := f.st.Draft()
	var arrivals []arrival // by turns, fewest first
	var dry, own []string
	stays := typeStays(f)
	dist := -1
	for _, s := range journeyShips(f) {
		if ownBattleOrder(d, s) {
			own = append(own, strconv.Itoa(s)) // its own order goes before the fleet's
			continue
		}
		if f.st.Game().Ships[s].Inside != 0 {
			continue // docked ships do not act
		}
		fuel := startFuel(f.st, s)
		j, ok := d.Journey(s, dest, planet, fuel, false)
		if !ok {
			continue
		}
		dist = j.Distance
		switch {
		case j.Distance > 0 && j.Reach <= 0:
			stays = stays.add(s, "no movement range")
			continue
		case j.Distance > 0 && fuel <= 0:
			stays = stays.add(s, "no fuel")
			continue
		}
		if !j.Arrives() {
			dry = append(dry, fmt.Sprintf("ship %d in turn %d, %s", s, j.Turn, endText(j)))
			continue // it does not arrive
		}
		t := j.Turns()
		at := sort.Search(len(arrivals), func(i int) bool { return arrivals[i].turns >= t })
		if at == len(arrivals) || arrivals[at].turns != t {
			arrivals = slices.Insert(arrivals, at, arrival{turns: t})
		}
		arrivals[at].ships = append(arrivals[at].ships, s)
	}
	if dist < 0 {
		if len(own) > 0 {
			return "Every ship of the fleet that can move has an order of its own this turn: the fleet's order moves none."
		}
		return strings.TrimSpace(stays.text())
	}
	return fleetText(dist, dest, arrivals, dry, own) + stays.text()
}

// arrival is the ships of a fleet that arrive in turns turns.
type arrival struct {
	turns int
	ships []int
}

// stays are the ships of a fleet that the move leaves where they are, by
// why, in the order first met.
type stays []stay

type stay struct {
	why   string
	ships []int
}

// add notes that ship stays, for why.
func (ss stays) add(ship int, why string) stays {
	for i := range ss {
		if ss[i].why == why {
			ss[i].ships = append(ss[i].ships, ship)
			return ss
		}
	}
	return append(ss, stay{why: why, ships: []int{ship}})
}

// text names the ships that stay and why: " Ships 4 and 9 stay: no fuel."
func (ss stays) text() string {
	s := ""
	for _, st := range ss {
		why := st.why
		if why == whyType {
			why = plural.Pick(len(st.ships), "its type does not move", "their types do not move")
		}
		s += fmt.Sprintf(" %s %s: %s.", capital(plural.List("ship", plural.Ints(st.ships))), plural.Pick(len(st.ships), "stays", "stay"), why)
	}
	return s
}

// whyType is why a ship of a type that does not move stays.
const whyType = "type"

// typeStays are the player's ships of f's fleet whose type does not move.
func typeStays(f *orderForm) stays {
	g := f.st.Game()
	fl, ok := g.Fleets[f.start.Subject()]
	if !f.start.Fleet || !ok {
		return nil
	}
	var ss stays
	for _, sid := range fl.Ships {
		if s, ok := g.Ships[sid]; ok && g.own(s) {
			if t := g.R.Ship(s.Type); t != nil && !t.CanMove() {
				ss = ss.add(sid, whyType)
			}
		}
	}
	return ss
}

// fleetText says a fleet's journey of dist to dest: the ships arriving,
// those that run out of fuel on the way, and those with orders of their
// own.
func fleetText(dist int, dest geom.Point, arrivals []arrival, dry, own []string) string {
	var parts []string
	for _, a := range arrivals {
		who := plural.List("ship", plural.Ints(a.ships))
		switch {
		case dist == 0:
			parts = append(parts, who+" already there")
		default:
			parts = append(parts, fmt.Sprintf("%s in %s", who, plural.Count(a.turns, "turn")))
		}
	}
	text := fmt.Sprintf("%s to %v. Each ship goes at its own speed", capital(plural.Count(dist, "position")), dest)
	switch {
	case len(parts) == 0:
		text += ", and none arrives"
	case len(arrivals)+min(len(dry), 1) > 1:
		text += ", so the fleet splits on the way: " + strings.Join(parts, "; ")
	default:
		text += ": " + strings.Join(parts, "; ")
	}
	text += "."
	if len(dry) > 0 {
		text += " Not there: " + strings.Join(dry, "; ") + "."
	}
	if len(own) > 0 {
		text += " " + capital(plural.Pick(len(own), "ship ", "ships ")) + strings.Join(own, ", ") + " " +
			plural.Pick(len(own), "has an order", "have orders") + " of " + plural.Pick(len(own), "its", "their") + " own this turn, which goes before the fleet's."
	}
	return text
}

// ownBattleOrder reports whether ship has a battle/movement order of its
// own written this turn (one carried over gives way to the fleet's).
func ownBattleOrder(d *draft.Draft, ship int) bool {
	for _, o := range d.Orders() {
		if !o.Fleet && o.Class() == order.BattleMovement && o.Subject() == ship {
			return true
		}
	}
	return false
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
