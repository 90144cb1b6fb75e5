package turn

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// Severity says whether an order fails (Error), may not do what the player
// expects (Warning), or is fine but worth knowing (Note).
type Severity uint8

// The severities.
const (
	Error Severity = iota + 1
	Warning
	Note
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Note:
		return "note"
	}
	return "?"
}

// Diagnostic is one finding about one order of the player checked.
type Diagnostic struct {
	Severity Severity
	Order    int    // index of the order in the player's list
	Code     string // stable identifier of the rule, e.g. "cargo-full"
	Message  string
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("order %d: %s %s: %s", d.Order+1, d.Severity, d.Code, d.Message)
}

// Options choose what of a turn is carried out.
type Options struct {
	// EndOfTurn carries out phase 7: mines, ownership, the black hole,
	// markets, growth, tax and pay, points, winning.
	EndOfTurn bool
	// AfterPhase, when set, is called at the end of each phase that has
	// steps (0 to 5, and 7 with the end of turn), with the world as that
	// phase left it: the forecast's snapshots.
	AfterPhase func(phase int, w *World)
	// ByComputer names the players whose orders the computer wrote for
	// them this turn (they sent none): the turn still counts as missed.
	ByComputer map[int]bool
	// Refused are, by player, lines of his orders that could not be read;
	// his sheet lists them first among the errors in orders.
	Refused map[int][]string
	// Battle, when set, gets the record of the turn's battle (phases 2
	// to 4): shots, bombardments, ships lost, where the ships ended, what
	// each player won or lost.
	Battle *Record
	// checkTargets has every pick of a target made by the index checked
	// against a look at every ship (tests).
	checkTargets bool
}

// Result is what a turn left besides the game's new state.
type Result struct {
	// Diagnostics are, in a check, the findings about the player's orders,
	// ordered by order.
	Diagnostics []Diagnostic
	// Carried says, by player, which of his orders were carried out (in a
	// check: which had no error).
	Carried map[int][]bool
	// Sales are, in a check, the takings expected from the player's sales
	// at trading planets (prices may move before they come in).
	Sales map[int]int
	// Upkeep is, by player, what the end of the turn took for fleets,
	// crews and interceptors.
	Upkeep map[int]int
	// Credit is, by player, the turn's income and expenses by kind, from
	// the opening balance to the closing one (in a check the expected
	// sales are in Sales, not here).
	Credit map[int]model.CreditReport
}

// ref names an order: its player and its index in his list (-1 for an
// order that is not one of his this turn: carried over, or the default).
type ref struct{ player, index int }

var noRef = ref{-1, -1}

// books is what every part of a turn shares, combat with the rest: the
// world, the players' reports, the books of credits, the random streams
// of the steps and the ships lost. A battle (battle.go) holds the rest of
// its state itself; a simulated battle has books of its own.
type books struct {
	w      *World
	credit map[int]*creditBook
	rep    map[int]*model.Report
	rngs   map[string]*rand.Rand
	lost   map[int]lostShip // ships lost this turn, and how
	// lostOrder is the ships lost, in the order they were: a battle's
	// record lists them so.
	lostOrder []int
	// In a check, sales are counted apart: prices may move before the
	// credits come in.
	sales    map[int]int
	curPhase int
	// quiet writes no reports: a battle fought on its own (Fight) keeps
	// its record instead.
	quiet bool
}

// run is one turn being carried out.
type run struct {
	books
	opt    Options
	orders map[int][]order.Order
	// rotation is the players in the order their orders of one command are
	// carried out: turn by turn, a different player goes first.
	rotation []int
	cur      ref
	o        order.Order // the order being carried out
	failed   map[ref]bool
	diags    []Diagnostic

	battle map[int]*move // each ship's battle/movement order this turn
	fleets map[int]map[int]*model.Fleet
	fight  *battle // phases 2 to 4, from the first of them on

	// Per-turn tallies.
	builds     map[int]int  // ship → ships it built
	repairs    map[int]int  // ship → ships it repaired
	firstBuild map[int]bool // player → he built his first ship

	byCode [][]ref // the orders of each code, in the order they are carried out
	slab   []move
	upkeep map[int]int
}

// Run carries out a turn of w's game with every player's orders, and
// advances the game to the next turn when the end of turn is carried out.
func Run(w *World, orders map[int][]order.Order, opt Options) Result {
	t := newRun(w, orders, opt)
	t.setUp()
	last := -1
	for _, st := range steps {
		if st.phase == 7 && !opt.EndOfTurn {
			continue
		}
		if st.phase != last && last >= 0 && opt.AfterPhase != nil {
			opt.AfterPhase(last, w)
		}
		last = st.phase
		if st.hostOnly && w.Mode != Host {
			continue
		}
		t.cur, t.o = noRef, order.Order{}
		st.run(t)
	}
	if opt.AfterPhase != nil {
		opt.AfterPhase(last, w)
	}
	t.finish()
	res := Result{Carried: map[int][]bool{}, Sales: t.sales, Upkeep: t.upkeep, Credit: map[int]model.CreditReport{}}
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		if b := t.credit[e.Player]; b != nil {
			res.Credit[e.Player] = b.report(e.Credits)
		}
	}
	for p, list := range orders { // any order: fills a map
		done := make([]bool, len(list))
		for i := range list {
			done[i] = !t.failed[ref{p, i}]
		}
		res.Carried[p] = done
	}
	res.Diagnostics = byOrder(t.diags)
	return res
}

// newRun is a turn about to be carried out, with books of its own.
func newRun(w *World, orders map[int][]order.Order, opt Options) *run {
	return &run{books: books{w: w, sales: map[int]int{}, credit: map[int]*creditBook{}, rep: map[int]*model.Report{},
		rngs: map[string]*rand.Rand{}}, opt: opt, orders: orders, failed: map[ref]bool{}, battle: map[int]*move{},
		builds: map[int]int{}, repairs: map[int]int{}, firstBuild: map[int]bool{}}
}

// setUp prepares the turn: the players' rotation, the fleets as the sheets
// number them, the books and reports.
func (t *run) setUp() {
	w := t.w
	players := map[int]bool{}
	for i := range w.G.Empires {
		players[w.G.Empires[i].Player] = true
	}
	for p := range t.orders { // any order: fills a set
		players[p] = true
	}
	for p := range players { // any order: sorted below
		t.rotation = append(t.rotation, p)
	}
	sort.Ints(t.rotation)
	if n := len(t.rotation); n > 0 {
		k := w.G.Turn % n
		t.rotation = append(t.rotation[k:], t.rotation[:k]...)
	}
	t.byCode = make([][]ref, order.NumCodes)
	for _, p := range t.rotation {
		for i, o := range t.orders[p] {
			if o.Code.Valid() {
				t.byCode[o.Code] = append(t.byCode[o.Code], ref{p, i})
			}
		}
	}
	t.fleets = map[int]map[int]*model.Fleet{}
	byOwner := map[int][]*model.Ship{}
	if w.SheetFleets == nil {
		// Each player's ships in a list of its size, by reference: a sheet
		// may tell of tens of thousands, and this is done at every check.
		// Only orders name fleets: the players without orders (in a check,
		// all but one) need none.
		count := map[int]int{}
		w.Live(func(s *model.Ship) {
			if len(t.orders[s.Owner]) > 0 {
				count[s.Owner]++
			}
		})
		w.Live(func(s *model.Ship) {
			if count[s.Owner] == 0 {
				return
			}
			if byOwner[s.Owner] == nil {
				byOwner[s.Owner] = make([]*model.Ship, 0, count[s.Owner])
			}
			byOwner[s.Owner] = append(byOwner[s.Owner], s)
		})
	}
	for p, ships := range byOwner { // any order: each player's fleets on their own
		sort.Slice(ships, func(i, j int) bool { return ships[i].ID < ships[j].ID })
		fl := model.GroupFleetsOf(len(ships), func(i int) (int, geom.Point) { return ships[i].ID, ships[i].Loc })
		m := map[int]*model.Fleet{}
		for i := range fl {
			m[fl[i].ID] = &fl[i]
		}
		t.fleets[p] = m
	}
	if w.SheetFleets != nil {
		m := map[int]*model.Fleet{}
		for i := range w.SheetFleets {
			m[w.SheetFleets[i].ID] = &w.SheetFleets[i]
		}
		t.fleets[w.Me] = m
	}
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		t.credit[e.Player] = &creditBook{opening: e.Credits}
		t.rep[e.Player] = &model.Report{Errors: append([]string(nil), t.opt.Refused[e.Player]...)}
	}
	// The orders no game could make legal are refused before any is
	// carried out.
	for _, p := range t.rotation {
		if e := w.Empire(p); e != nil && e.Out {
			for i, o := range t.orders[p] {
				t.cur, t.o = ref{p, i}, o
				t.fail("out-of-game", "your empire lost its last ship and is out of the game")
			}
			continue
		}
		for _, d := range Static(w.R, p, t.orders[p]) {
			t.cur, t.o = ref{p, d.Order}, t.orders[p][d.Order]
			t.fail(d.Code, "%s", d.Message)
		}
	}
	t.cur, t.o = noRef, order.Order{}
}

// fail records that the order being carried out cannot be, and why.
func (t *run) fail(code, format string, args ...any) {
	t.failed[t.cur] = true
	if t.cur.player < 0 {
		return
	}
	msg := sprintf(format, args...)
	if t.w.Mode == Check {
		if t.cur.player == t.w.Me {
			t.diags = append(t.diags, Diagnostic{Error, t.cur.index, code, msg})
		}
		return
	}
	if r := t.rep[t.cur.player]; r != nil {
		r.Errors = append(r.Errors, fmt.Sprintf("%s: %s", t.o, msg))
	}
}

// warn records that the order may not do what the player expects (checks
// only: on the host the order simply does what it can).
func (t *run) warn(code, format string, args ...any) {
	if t.w.Mode == Check && t.cur.player == t.w.Me && t.cur.index >= 0 {
		t.diags = append(t.diags, Diagnostic{Warning, t.cur.index, code, sprintf(format, args...)})
	}
}

// note records what is worth knowing about the order (checks only).
func (t *run) note(code, format string, args ...any) {
	if t.w.Mode == Check && t.cur.player == t.w.Me && t.cur.index >= 0 {
		t.diags = append(t.diags, Diagnostic{Note, t.cur.index, code, sprintf(format, args...)})
	}
}

// me is the player whose order is being carried out.
func (t *run) me() int { return t.cur.player }

// forEach carries out every order of one code: the players in the turn's
// rotation, each player's orders in his own order.
func (t *run) forEach(code order.Code, f func(o order.Order)) {
	for _, rf := range t.byCode[code] {
		o := t.orders[rf.player][rf.index]
		if o.Fleet && code.Class() == order.BattleMovement {
			continue
		}
		t.cur, t.o = rf, o
		if t.failed[t.cur] {
			continue // refused when the orders were checked
		}
		f(o)
	}
	t.cur, t.o = noRef, order.Order{}
}

// lostShip is how a ship was lost in the turn, for the orders it can no
// longer carry out.
type lostShip struct {
	phase     int
	why       string
	owner, by int // its owner, and the player who destroyed it (0: none)
}

// ownShip finds the player's ship an order is given to, failing the order
// when it is not his.
func (t *run) ownShip(id int) *model.Ship {
	s := t.w.Ship(id)
	switch {
	case s == nil && t.lost[id].phase > 0:
		l := t.lost[id]
		t.fail("ship-lost", "ship %d was lost in phase %d: %s", id, l.phase, l.why)
		return nil
	case s == nil:
		t.fail("unknown-ship", "you have no ship %d", id)
		return nil
	case s.Owner != t.me():
		t.fail("not-your-ship", "ship %d belongs to player %d; you can only give orders to your own ships", id, s.Owner)
		return nil
	case t.w.R.Ship(s.Type) == nil:
		t.fail("unknown-type", "ship %d is of type %d, which the rules do not have", id, s.Type)
		return nil
	}
	return s
}

// ownPlanet finds the player's planet an order is given to.
func (t *run) ownPlanet(id int, what string) *model.Planet {
	p := t.w.Planet(id)
	switch {
	case p == nil:
		t.fail("unknown-planet", "you do not control planet %d; %s only works on your own planets", id, what)
		return nil
	case p.Owner != t.me():
		t.fail("not-your-planet", "planet %d belongs to %s; %s only works on your own planets", id, owner(p.Owner), what)
		return nil
	}
	return p
}

func owner(p int) string {
	if p == 0 {
		return "nobody"
	}
	return fmt.Sprintf("player %d", p)
}

// planetHere is the planet at a ship's place, failing the order when there
// is none.
func (t *run) planetHere(s *model.Ship, what string) *model.Planet {
	if p := t.w.PlanetAt(s.Loc); p != nil {
		return p
	}
	t.fail("no-planet-here", "ship %d is at %v, where there is no planet; %s needs the ship directly over a planet", s.ID, s.Loc, what)
	return nil
}

// together checks that a second ship is at the same place.
func (t *run) together(a, b *model.Ship, what string) bool {
	if b.Loc != a.Loc {
		t.fail("not-together", "ship %d is at %v and ship %d at %v; %s needs both at the same location", a.ID, a.Loc, b.ID, b.Loc, what)
		return false
	}
	return true
}

// docked fails an order of a docked ship outside phase 1.
func (t *run) docked(s *model.Ship, phase int) bool {
	if s.Inside != 0 && phase != 1 {
		t.fail("docked", "ship %d is docked in ship %d and can only carry out phase 1 orders; release it first (RE %d %d)",
			s.ID, s.Inside, s.Inside, s.ID)
		return true
	}
	return false
}

// report is player p's report of this turn.
func (t *books) report(p int) *model.Report {
	r := t.rep[p]
	if r == nil {
		r = &model.Report{}
		t.rep[p] = r
	}
	return r
}

// tell adds a message to player p's next sheet.
func (t *books) tell(p int, format string, args ...any) {
	if t.w.Mode == Host && !t.quiet {
		t.report(p).Messages = append(t.report(p).Messages, fmt.Sprintf(format, args...))
	}
}

// battleLine adds a line to player p's battle and action reports.
func (t *books) battleLine(p int, format string, args ...any) {
	if t.w.Mode == Host && !t.quiet {
		t.report(p).Battle = append(t.report(p).Battle, fmt.Sprintf(format, args...))
	}
}

// finish closes the turn: the reports go to the empires, the destroyed
// ships go.
func (t *run) finish() {
	w := t.w
	if w.Mode == Host {
		for i := range w.G.Empires {
			e := &w.G.Empires[i]
			r := t.report(e.Player)
			t.spiesReport(r)
			if b := t.credit[e.Player]; b != nil {
				r.Credit = b.report(e.Credits)
			}
			e.Report = *r
		}
	}
	w.compact()
}

// spiesReport lists, for a successful scan of a player, his fleet as the
// turn leaves it: "details of all ships in the player's fleet at the end
// of the turn".
func (t *run) spiesReport(r *model.Report) {
	if r.ScannedPlayerID == 0 {
		return
	}
	r.ScannedPlayer = nil
	t.w.Live(func(s *model.Ship) {
		if s.Owner == r.ScannedPlayerID {
			r.ScannedPlayer = append(r.ScannedPlayer, model.Ship{ID: s.ID, Type: s.Type, Name: s.Name, Owner: s.Owner, Loc: s.Loc})
		}
	})
}

// byOrder sorts diagnostics by order, keeping the order they were found in
// among those of one order (a counting sort: there are many, with few keys).
func byOrder(d []Diagnostic) []Diagnostic {
	if len(d) < 2 {
		return d
	}
	lo, hi := d[0].Order, d[0].Order
	for _, x := range d {
		lo, hi = min(lo, x.Order), max(hi, x.Order)
	}
	start := make([]int, hi-lo+2)
	for _, x := range d {
		start[x.Order-lo+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	out := make([]Diagnostic, len(d))
	for _, x := range d {
		out[start[x.Order-lo]] = x
		start[x.Order-lo]++
	}
	return out
}
