// Package draft holds the orders a player is writing for the next turn:
// editing with undo and redo, a check of the whole set after every change,
// the orders grouped as they will be carried out, the palette of orders a
// ship's type can give, and the walk from one ship without orders to the
// next. It knows no user interface.
package draft

import (
	"fmt"
	"sort"
	"strings"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Draft is one turn's orders being written.
type Draft struct {
	r       *rules.Rules
	k       *model.Knowledge
	checker *check.Checker

	state
	undo, redo []state
	results    []check.Diagnostic
	left       Left

	idx *model.Index // shared with the checker
	// typing is set while the changes come from text typed in a row: they
	// make one undo step, not one a keystroke.
	typing bool
	// OnChange is called after every change, undo and redo included.
	OnChange func()
	// readOnly: the orders of an earlier turn, shown and never changed.
	readOnly bool
}

// SetReadOnly makes the draft refuse every change from now on (the orders
// of an earlier turn, shown as they were sent).
func (d *Draft) SetReadOnly() { d.readOnly = true }

// ReadOnly reports whether the draft refuses changes.
func (d *Draft) ReadOnly() bool { return d.readOnly }

// state is what undo restores.
type state struct {
	orders    []order.Order
	unread    []Unread
	onStation map[int]bool
}

// Unread is a line the player typed that does not read as an order. It is
// kept as typed, shown and counted until the player mends or deletes it:
// nothing typed is ever dropped.
type Unread struct {
	Text string
	Err  string // why it does not read as an order
}

func (s state) clone() state {
	c := state{orders: append([]order.Order(nil), s.orders...), unread: append([]Unread(nil), s.unread...), onStation: map[int]bool{}}
	for k, v := range s.onStation {
		c.onStation[k] = v
	}
	return c
}

// New starts an empty draft for the turn after k's.
func New(r *rules.Rules, k *model.Knowledge) *Draft { return NewFor(check.New(r, k), k) }

// NewFor starts an empty draft checked by c, a checker of k.
func NewFor(c *check.Checker, k *model.Knowledge) *Draft {
	d := &Draft{r: c.Rules(), k: k, checker: c, idx: c.Index, state: state{onStation: map[int]bool{}}}
	d.recheck()
	return d
}

// Ship is what the rules make of one of the player's ships: its ranges,
// its cargo room and the orders it can give.
func (d *Draft) Ship(id int) (check.ShipFacts, bool) { return d.checker.Ship(id) }

// Knowledge is what the draft is checked against.
func (d *Draft) Knowledge() *model.Knowledge { return d.k }

// Orders are the orders, in the player's order.
func (d *Draft) Orders() []order.Order { return d.orders }

// Results are the checker's findings for the orders, ordered by order.
func (d *Draft) Results() []check.Diagnostic { return d.results }

// ResultsOf are the findings for order i.
func (d *Draft) ResultsOf(i int) []check.Diagnostic {
	lo := sort.Search(len(d.results), func(j int) bool { return d.results[j].Order >= i })
	hi := lo
	for hi < len(d.results) && d.results[hi].Order == i {
		hi++
	}
	return d.results[lo:hi]
}

// Errors counts the findings that are errors.
func (d *Draft) Errors() int {
	n := 0
	for _, r := range d.results {
		if r.Severity == check.Error {
			n++
		}
	}
	return n
}

func (d *Draft) recheck() {
	res := d.checker.Run(d.orders)
	d.results = res.Diagnostics
	d.left = Left{Certain: res.Credits, Sales: res.Sales}
}

// Left is what the orders leave of the credits: for certain, and what
// this turn's sales at trading planets are expected to add.
type Left struct{ Certain, Sales int }

// CreditsLeft is what the orders leave of the credits, by the checker's
// count: the orders with errors spend nothing.
func (d *Draft) CreditsLeft() Left { return d.left }

// own returns the player's ship id.
func (d *Draft) own(id int) (*model.Ship, bool) {
	i, ok := d.idx.OwnShip[id]
	if !ok {
		return nil, false
	}
	return &d.k.Ships[i], true
}

// change records the state for undo, applies f and re-checks.
func (d *Draft) change(f func()) {
	if d.readOnly {
		return
	}
	d.undo = append(d.undo, d.state.clone())
	d.redo = nil
	d.typing = false
	f()
	d.changed()
}

func (d *Draft) changed() {
	d.recheck()
	if d.OnChange != nil {
		d.OnChange()
	}
}

// Add appends an order and returns its index.
func (d *Draft) Add(o order.Order) int {
	d.change(func() { d.orders = append(d.orders, o) })
	return len(d.orders) - 1
}

// Replace changes order i.
func (d *Draft) Replace(i int, o order.Order) {
	if i < 0 || i >= len(d.orders) {
		return
	}
	d.change(func() { d.orders[i] = o })
}

// Delete removes order i.
func (d *Draft) Delete(i int) {
	if i < 0 || i >= len(d.orders) {
		return
	}
	d.change(func() { d.orders = append(d.orders[:i:i], d.orders[i+1:]...) })
}

// Move moves order i up (-1) or down (+1) among the orders of its kind,
// whose order is the order they are carried out in. It returns the order's
// new index.
func (d *Draft) Move(i, dir int) int {
	if i < 0 || i >= len(d.orders) {
		return i
	}
	code := d.orders[i].Code
	j := i + dir
	for j >= 0 && j < len(d.orders) && d.orders[j].Code != code {
		j += dir
	}
	if j < 0 || j >= len(d.orders) {
		return i
	}
	d.change(func() { d.orders[i], d.orders[j] = d.orders[j], d.orders[i] })
	return j
}

// SetAll replaces every order.
func (d *Draft) SetAll(orders []order.Order) {
	if ordersEqual(orders, d.orders) {
		return
	}
	d.change(func() { d.orders = append([]order.Order(nil), orders...) })
}

// Unread are the lines typed that do not read as orders, in the order
// they were typed.
func (d *Draft) Unread() []Unread { return d.unread }

// SetText replaces the orders and the unreadable lines by those of a text
// typed one order a line (the text view does this on every keystroke).
// Changes made by typing in a row make one undo step.
func (d *Draft) SetText(text string) {
	orders, unread := readText(text)
	if ordersEqual(orders, d.orders) && unreadEqual(unread, d.unread) {
		return
	}
	set := func() { d.orders, d.unread = orders, unread }
	if d.readOnly {
		return
	}
	if d.typing && len(d.undo) > 0 {
		d.redo = nil
		set()
		d.changed()
		return
	}
	d.change(set)
	d.typing = true
}

// DeleteUnread removes unreadable line i.
func (d *Draft) DeleteUnread(i int) {
	if i < 0 || i >= len(d.unread) {
		return
	}
	d.change(func() { d.unread = append(d.unread[:i:i], d.unread[i+1:]...) })
}

// readText reads a typed text: the orders, and the lines that are not.
func readText(text string) ([]order.Order, []Unread) {
	orders, bad := ParseText(text)
	if len(bad) == 0 {
		return orders, nil
	}
	lines := splitLines(text)
	unread := make([]Unread, 0, len(bad))
	for _, b := range bad {
		t := ""
		if b.Line-1 < len(lines) {
			t = strings.TrimSpace(lines[b.Line-1])
		}
		unread = append(unread, Unread{Text: t, Err: b.Err.Error()})
	}
	return orders, unread
}

// splitLines splits at every line end: LF, CRLF or a lone CR.
func splitLines(s string) []string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Split(strings.ReplaceAll(s, "\r", "\n"), "\n")
}

func unreadEqual(a, b []Unread) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ReadUnread gives lines kept from an earlier session their reasons again.
func ReadUnread(lines []string) []Unread {
	var out []Unread
	for _, l := range lines {
		if _, u := readText(l); len(u) > 0 {
			out = append(out, u...)
		} else if strings.TrimSpace(l) != "" {
			// It reads now (the rules changed): still the player's to decide.
			out = append(out, Unread{Text: strings.TrimSpace(l), Err: "kept from an earlier session"})
		}
	}
	return out
}

// UnreadTexts are the unreadable lines as typed.
func (d *Draft) UnreadTexts() []string {
	out := make([]string, len(d.unread))
	for i, u := range d.unread {
		out[i] = u.Text
	}
	return out
}

func ordersEqual(a, b []order.Order) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Load replaces the orders, unreadable lines and marks without an undo
// step (a saved draft).
func (d *Draft) Load(orders []order.Order, unread []string, onStation []int) {
	d.orders = append([]order.Order(nil), orders...)
	d.unread = ReadUnread(unread)
	d.onStation = map[int]bool{}
	for _, s := range onStation {
		d.onStation[s] = true
	}
	d.undo, d.redo = nil, nil
	d.changed()
}

// Undo takes back the last change.
func (d *Draft) Undo() bool {
	if len(d.undo) == 0 || d.readOnly {
		return false
	}
	d.typing = false
	d.redo = append(d.redo, d.state.clone())
	d.state = d.undo[len(d.undo)-1]
	d.undo = d.undo[:len(d.undo)-1]
	d.changed()
	return true
}

// Redo makes the last undone change again.
func (d *Draft) Redo() bool {
	if len(d.redo) == 0 || d.readOnly {
		return false
	}
	d.typing = false
	d.undo = append(d.undo, d.state.clone())
	d.state = d.redo[len(d.redo)-1]
	d.redo = d.redo[:len(d.redo)-1]
	d.changed()
	return true
}

// CanUndo and CanRedo tell whether there is something to undo or redo.
func (d *Draft) CanUndo() bool { return len(d.undo) > 0 }

// CanRedo tells whether there is something to redo.
func (d *Draft) CanRedo() bool { return len(d.redo) > 0 }

// Text is the orders one per line, as the rule book writes them, then the
// lines that do not read as orders, as typed.
func (d *Draft) Text() string {
	var b strings.Builder
	for _, o := range d.orders {
		b.WriteString(o.String())
		b.WriteByte('\n')
	}
	for _, u := range d.unread {
		b.WriteString(u.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// ParseText reads orders typed one per line. Bad lines are returned apart;
// the good ones keep their order.
func ParseText(text string) ([]order.Order, []order.LineError) {
	lines, bad, _ := order.ReadLines(strings.NewReader(text))
	out := make([]order.Order, len(lines))
	for i, l := range lines {
		out[i] = l.Order
	}
	return out, bad
}

// Group is the orders of one ship, fleet, planet or of the empire, in the
// order they are carried out.
type Group struct {
	Key    model.Key // the ship, fleet, planet (0: all of them), officer or the empire
	Title  string
	Orders []int // indexes into Orders()
}

// Groups gathers the orders by what they are given to: ships, then fleets,
// planets, officers and the empire, each kind by number; within a group by
// phase and place in the phase.
func (d *Draft) Groups() []Group {
	byKey := map[model.Key]*Group{}
	var keys []model.Key
	for i, o := range d.orders {
		key, title := d.groupOf(o)
		g, ok := byKey[key]
		if !ok {
			g = &Group{Key: key, Title: title}
			byKey[key] = g
			keys = append(keys, key)
		}
		g.Orders = append(g.Orders, i)
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a].Kind != keys[b].Kind {
			return keys[a].Kind < keys[b].Kind
		}
		return keys[a].ID < keys[b].ID
	})
	out := make([]Group, len(keys))
	for i, k := range keys {
		g := byKey[k]
		sort.SliceStable(g.Orders, func(a, b int) bool {
			oa, ob := d.orders[g.Orders[a]], d.orders[g.Orders[b]]
			if oa.Phase() != ob.Phase() {
				return oa.Phase() < ob.Phase()
			}
			return oa.Position() < ob.Position()
		})
		out[i] = *g
	}
	return out
}

func (d *Draft) groupOf(o order.Order) (model.Key, string) {
	s := o.Subject()
	switch o.SubjectKind() {
	case order.ShipSubject:
		title := fmt.Sprintf("Ship %d", s)
		if sh, ok := d.own(s); ok {
			if t := d.r.Ship(sh.Type); t != nil {
				title += " " + t.Name
			}
		}
		return model.ShipKey(s), title
	case order.FleetSubject:
		return model.FleetKey(s), fmt.Sprintf("Fleet %d", s)
	case order.PlanetSubject:
		if s == 0 {
			return model.PlanetKey(0), "All your planets"
		}
		return model.PlanetKey(s), fmt.Sprintf("Planet %d", s)
	case order.OfficerSubject:
		return model.OfficerKey(s), fmt.Sprintf("Officer %d", s)
	}
	return model.EmpireKey, "Empire"
}

// HasBattleOrder reports whether ship has a battle/movement order of its
// own this turn, new or carried over (and not replaced).
func (d *Draft) HasBattleOrder(ship int) (order.Order, bool) {
	if o, ok := d.newBattleOrder(ship); ok {
		return o, true
	}
	if s, ok := d.own(ship); ok && s.Standing.Code != order.Invalid {
		return s.Standing, true
	}
	return order.Order{}, false
}

// newBattleOrder is ship's own battle/movement order written this turn.
func (d *Draft) newBattleOrder(ship int) (order.Order, bool) {
	for _, o := range d.orders {
		if !o.Fleet && o.Class() == order.BattleMovement && o.Subject() == ship {
			return o, true
		}
	}
	return order.Order{}, false
}

// OnStation reports whether the player marked the ship to be left alone.
func (d *Draft) OnStation(ship int) bool { return d.onStation[ship] }

// SetOnStation marks or unmarks a ship as on station.
func (d *Draft) SetOnStation(ship int, on bool) {
	if d.onStation[ship] == on {
		return
	}
	d.change(func() {
		if on {
			d.onStation[ship] = true
		} else {
			delete(d.onStation, ship)
		}
	})
}

// OnStationShips lists the ships marked on station, ascending.
func (d *Draft) OnStationShips() []int {
	var out []int
	for s := range d.onStation {
		out = append(out, s)
	}
	sort.Ints(out)
	return out
}

// NextShipWithoutOrders returns the first ship after ship (by number,
// wrapping round) that has no battle/movement order, new or carried over,
// is not on station and is not docked.
func (d *Draft) NextShipWithoutOrders(after int) (int, bool) {
	ids := make([]int, 0, len(d.k.Ships))
	for _, s := range d.k.Ships {
		ids = append(ids, s.ID)
	}
	sort.Ints(ids)
	start := sort.SearchInts(ids, after+1)
	for n := 0; n < len(ids); n++ {
		id := ids[(start+n)%len(ids)]
		s, _ := d.own(id)
		if _, has := d.HasBattleOrder(id); has || d.onStation[id] || s.Inside != 0 {
			continue
		}
		return id, true
	}
	return 0, false
}

// CancelStanding replaces a ship's carried-over order by an order to stay
// where it is: a move to its own location, which ends the old order.
func (d *Draft) CancelStanding(ship int) (int, error) {
	s, ok := d.own(ship)
	if !ok || s.Standing.Code == order.Invalid {
		return -1, fmt.Errorf("ship %d has no order carried over", ship)
	}
	o, err := order.Parse(fmt.Sprintf("MO %d %d %d %d", ship, s.Loc.X, s.Loc.Y, s.Loc.Z))
	if err != nil {
		return -1, err
	}
	return d.Add(o), nil
}

// Palette lists the orders a ship can give: battle and movement orders,
// then general ones, as the engine allows them for its type.
func (d *Draft) Palette(ship int) (battle, general []order.Code) {
	f, ok := d.checker.Ship(ship)
	if !ok {
		return nil, nil
	}
	return f.Battle, f.General
}

// PlanetPalette lists the orders for a planet: all of them for the
// player's own, a mine and a scan for others'.
func PlanetPalette(own bool) []order.Code {
	if own {
		return []order.Code{order.BU, order.AD, order.DA, order.SM, order.FA, order.NamePlanet, order.GiftPlanet}
	}
	return []order.Code{order.SM, order.SP}
}

// FleetPalette lists the orders a fleet can be given.
func FleetPalette() []order.Code {
	var out []order.Code
	for _, c := range order.Codes() {
		if c.FleetOK() {
			out = append(out, c)
		}
	}
	return append(out, order.PR)
}

// EmpirePalette lists the orders of the empire as a whole.
func EmpirePalette() []order.Code {
	return []order.Code{order.SS, order.SP, order.SR, order.PI, order.AA, order.BA, order.DE, order.FE, order.Broadcast}
}

// Forecaster snapshots the orders and returns the forecast of them, to be
// run on any goroutine (the checker takes turns between its users): where
// the engine's own turn leaves the ships, planets and credits.
func (d *Draft) Forecaster() func() check.Forecast {
	orders := append([]order.Order(nil), d.orders...)
	return func() check.Forecast { return d.checker.Forecast(orders) }
}

// Journey is ship id's journey to a place, or to planet (0: the place),
// by the engine's rule: turn by turn under the pull, from the fuel it has
// when the moves begin (fuel: as a forecast gives it after phase 1), with
// fuel stops on the way when stops is set (see check.Checker.Journey).
func (d *Draft) Journey(id int, to geom.Point, planet, fuel int, stops bool) (journey.Journey, bool) {
	return d.checker.Journey(id, to, planet, fuel, stops)
}

// JourneyFrom is Journey as if ship id were at from (the ruler's first
// end), to a place, without stops.
func (d *Draft) JourneyFrom(id int, from, to geom.Point, fuel int) (journey.Journey, bool) {
	return d.checker.JourneyFrom(id, from, to, fuel)
}
