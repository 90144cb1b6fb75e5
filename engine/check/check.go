package check

import (
	"fmt"
	"sort"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

// Severity says whether an order will fail (Error), may not do what the
// player expects (Warning), or is fine but worth knowing about (Note).
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

// Diagnostic is one finding about one order.
type Diagnostic struct {
	Severity Severity
	Order    int    // index of the order in the checked set
	Code     string // stable identifier of the rule, e.g. "cargo-full"
	Message  string
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("order %d: %s %s: %s", d.Order+1, d.Severity, d.Code, d.Message)
}

// Checker checks order sets against one player's knowledge of one turn.
type Checker struct {
	r  *rules.Rules
	k  *model.Knowledge
	me int
	*model.Index

	shipIDs []int       // own ship numbers, ascending
	mines   map[int]int // planet -> mines known on it
	carried []int       // by ship index: total size docked inside
}

// New prepares a checker for the knowledge k under rules r. k must not
// change while the checker is in use.
func New(r *rules.Rules, k *model.Knowledge) *Checker {
	c := &Checker{r: r, k: k, me: k.Empire.Player, Index: model.NewIndex(k),
		shipIDs: make([]int, 0, len(k.Ships)), mines: map[int]int{}, carried: make([]int, len(k.Ships))}
	for i := range k.Ships {
		c.shipIDs = append(c.shipIDs, k.Ships[i].ID)
	}
	sort.Ints(c.shipIDs)
	for i := range k.Ships {
		s := &k.Ships[i]
		if j, ok := c.OwnShip[s.Inside]; ok && s.Inside != 0 {
			if t := r.Ship(s.Type); t != nil {
				c.carried[j] += t.Size
			}
		}
	}
	for _, m := range k.Mines {
		c.mines[m.Planet]++
	}
	return c
}

// prices are what trading planet id pays, or nil for other planets.
func (c *Checker) prices(id int) *model.Prices {
	if t, ok := c.Trading[id]; ok {
		return &t.Prices
	}
	return nil
}

// foreign returns another player's ship the sheet tells of.
func (c *Checker) foreign(id int) (*model.Ship, bool) {
	if c.Own(id) {
		return nil, false
	}
	s, ok := c.Ships[id]
	return s, ok
}

// planetState is what the orders of this turn change about a planet whose
// figures the player knows (his own, or the one scanned).
type planetState struct {
	stock     model.Ore
	fuel, pop int
}

// shipState is what the orders of this turn change about a ship.
type shipState struct {
	fuel, pop, defence int
	cargo              model.Ore
	inside             int
	carried            int
	battle             bool // has a battle/movement order of its own
	builds, repairs    int
}

// run is one check of one order set.
type run struct {
	*Checker
	orders []order.Order
	st     []shipState
	diags  []Diagnostic
	cur    int // index of the order being checked

	credits int // certain balance
	sales   int // expected takings from sales, which prices may change

	interceptors int
	pduBuilt     map[int]int
	industryUsed map[int]int
	minesAdded   map[int]int
	counts       map[string]int
	named        map[[2]int]bool
	fleetOrdered map[int]bool
	allies       []int
	enemies      []int

	planets map[int]*planetState

	// An order with an error is not carried out, so it uses up nothing in
	// the checks after it: what each order changes is journaled, and
	// undone when the order turns out to have an error.
	failed    []bool // by order: it has an error
	journal   []func()
	gen       int   // the order being checked, plus one
	shipGen   []int // by ship index: the gen that saved its state
	planetGen map[int]int
}

// Result is what a check finds: the diagnostics, and what the orders
// leave of the empire's resources when carried out.
type Result struct {
	Diagnostics []Diagnostic
	// Credits is what is left for certain; Sales what this turn's sales at
	// trading planets are expected to add (prices may move).
	Credits, Sales int
	Interceptors   int
}

// Check checks a whole order set and returns its diagnostics, ordered by
// order and, for one order, by the rules in the order they are checked.
func (c *Checker) Check(orders []order.Order) []Diagnostic { return c.Run(orders).Diagnostics }

// Run checks a whole order set: the diagnostics, as Check gives them, and
// the resources left.
func (c *Checker) Run(orders []order.Order) Result {
	r := &run{
		Checker:      c,
		orders:       orders,
		st:           make([]shipState, len(c.k.Ships)),
		credits:      c.k.Empire.Credits,
		interceptors: c.k.Empire.Interceptors,
		allies:       append([]int(nil), c.k.Empire.Allies...),
		enemies:      append([]int(nil), c.k.Empire.Enemies...),
		failed:       make([]bool, len(orders)),
		shipGen:      make([]int, len(c.k.Ships)),
	}
	for i := range c.k.Ships {
		s := &c.k.Ships[i]
		r.st[i] = shipState{fuel: s.Fuel, pop: s.Population, defence: s.Defence, cargo: s.Cargo,
			inside: s.Inside, carried: c.carried[i]}
	}
	// One battle/movement order a ship, one a fleet: the second and later
	// ones in the sheet's order are the errors.
	for i, o := range orders {
		if o.Code.Class() != order.BattleMovement {
			continue
		}
		r.cur = i
		if o.Fleet {
			if r.fleetOrdered == nil {
				r.fleetOrdered = map[int]bool{}
			}
			if r.fleetOrdered[o.Subject()] {
				r.errorf("one-fleet-order", "fleet %d already has a battle/movement order; a fleet takes one a turn", o.Subject())
			}
			r.fleetOrdered[o.Subject()] = true
		} else if j, ok := c.OwnShip[o.Subject()]; ok {
			if r.st[j].battle {
				r.errorf("one-battle-order", "ship %d already has a battle/movement order; a ship takes one a turn", o.Subject())
			}
			r.st[j].battle = true
		}
	}
	seq := make([]int, len(orders))
	for i := range seq {
		seq[i] = i
	}
	sort.SliceStable(seq, func(a, b int) bool {
		oa, ob := orders[seq[a]], orders[seq[b]]
		if oa.Phase() != ob.Phase() {
			return oa.Phase() < ob.Phase()
		}
		return oa.Position() < ob.Position()
	})
	for _, i := range seq {
		r.cur = i
		r.gen = i + 1
		r.journal = r.journal[:0]
		credits, sales, interceptors := r.credits, r.sales, r.interceptors
		r.check(orders[i])
		if r.failed[i] {
			for j := len(r.journal) - 1; j >= 0; j-- {
				r.journal[j]()
			}
			r.credits, r.sales, r.interceptors = credits, sales, interceptors
		}
	}
	sort.SliceStable(r.diags, func(a, b int) bool { return r.diags[a].Order < r.diags[b].Order })
	return Result{Diagnostics: r.diags, Credits: r.credits, Sales: r.sales, Interceptors: r.interceptors}
}

// touchShip saves ship j's state before the order being checked changes it.
func (r *run) touchShip(j int) {
	if r.shipGen == nil || r.shipGen[j] == r.gen {
		return
	}
	r.shipGen[j] = r.gen
	old := r.st[j]
	r.journal = append(r.journal, func() { r.st[j] = old })
}

// planet is the state of a planet whose figures the player knows, or nil.
func (r *run) planet(p *model.Planet) *planetState {
	if p == nil || (p.Owner != r.me && p != r.k.ScannedPlanet) {
		return nil
	}
	if r.planets == nil {
		r.planets, r.planetGen = map[int]*planetState{}, map[int]int{}
	}
	ps, ok := r.planets[p.ID]
	if !ok {
		ps = &planetState{stock: p.Stock, fuel: p.Fuel, pop: p.Population}
		r.planets[p.ID] = ps
	}
	if r.planetGen[p.ID] != r.gen {
		r.planetGen[p.ID] = r.gen
		old := *ps
		r.journal = append(r.journal, func() { *ps = old })
	}
	return ps
}

// addTo adds n to m[k], undone with the order if it fails.
func (r *run) addTo(m map[int]int, k, n int) int {
	old, had := m[k]
	m[k] = old + n
	r.journal = append(r.journal, func() {
		if had {
			m[k] = old
		} else {
			delete(m, k)
		}
	})
	return m[k]
}

func (r *run) errorf(code, format string, args ...any) {
	r.diags = append(r.diags, Diagnostic{Error, r.cur, code, fmt.Sprintf(format, args...)})
	if r.cur < len(r.failed) {
		r.failed[r.cur] = true
	}
}

func (r *run) warnf(code, format string, args ...any) {
	r.diags = append(r.diags, Diagnostic{Warning, r.cur, code, fmt.Sprintf(format, args...)})
}

func (r *run) notef(code, format string, args ...any) {
	r.diags = append(r.diags, Diagnostic{Note, r.cur, code, fmt.Sprintf(format, args...)})
}

// count counts an event of this run and returns the new count.
func (r *run) count(key string) int {
	if r.counts == nil {
		r.counts = map[string]int{}
	}
	r.counts[key]++
	return r.counts[key]
}

// cr prints credits with thousands separators: 25,000.
func cr(n int) string { return turnsheet.Grouped(n) }

// spend takes a cost from the credits in execution order.
func (r *run) spend(cost int, what string) {
	if cost <= 0 {
		return
	}
	before := r.credits
	r.credits -= cost
	if r.credits >= 0 {
		return
	}
	if r.credits+r.sales >= 0 {
		r.warnf("credits-need-sales", "%s costs %s credits but only %s are left at this point; it goes through only if this turn's sales bring in what they are expected to",
			what, cr(cost), cr(max(before, 0)))
		return
	}
	r.errorf("credits-short", "%s costs %s credits but only %s are left when it is carried out (you have %s, and the orders before it spend the rest)",
		what, cr(cost), cr(max(before, 0)), cr(r.k.Empire.Credits))
}

// earn adds expected takings from a sale.
func (r *run) earn(n int) { r.sales += n }

// adjusted applies an officer's percentage per level to a figure.
func adjusted(v int, percentPerLevel float64, level int) int {
	return rules.Adjust(v, percentPerLevel, level)
}

// level is the current level in ability a of the officer commanding ship s.
func (r *run) level(s *model.Ship, a int) int {
	if s == nil || s.Officer == 0 {
		return 0
	}
	if o, ok := r.Officers[s.Officer]; ok {
		return o.Current.Of(a)
	}
	return 0
}

func (r *run) percent(ability int) float64 { return r.r.Percent(ability) }

// Abilities used by the checker.
const (
	abilityConstruction = 9
	abilityEconomist    = 10
	abilityMerchant     = 12
	abilitySlaver       = 13
)

func (r *run) movementRange(s *model.Ship) int { return model.MoveRange(r.r, s, r.Officers) }

func (r *run) commRange(s *model.Ship) int { return model.CommRange(r.r, s, r.Officers) }

// isAlly reports whether p is an ally as the orders before leave it.
func (r *run) isAlly(p int) bool {
	for _, a := range r.allies {
		if a == p {
			return true
		}
	}
	return false
}
