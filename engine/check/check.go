package check

import (
	"sync"

	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// Severity says whether an order will fail (Error), may not do what the
// player expects (Warning), or is fine but worth knowing about (Note).
type Severity = turn.Severity

// The severities.
const (
	Error   = turn.Error
	Warning = turn.Warning
	Note    = turn.Note
)

// Diagnostic is one finding about one order.
type Diagnostic = turn.Diagnostic

// Checker checks order sets against one player's knowledge of one turn, by
// carrying them out, with the turn's own machinery, on what he knows.
type Checker struct {
	r *rules.Rules
	k *model.Knowledge
	// sheet makes the world of the sheet again for each check, from k.
	sheet *turn.Sheet
	// work is the world checks and forecasts are carried out on, reused
	// from one to the next (mu lets one at a time use it): on a sheet of
	// tens of thousands of ships, each copy of its world is tens of MB.
	work *turn.World
	mu   sync.Mutex
	*model.Index
	// remembered are the objects not on the sheet that the checked world
	// holds as last known (see NewWith), by key.
	remembered map[model.Key]known.Object
}

// New prepares a checker for the knowledge k under rules r. k must not
// change while the checker is in use.
func New(r *rules.Rules, k *model.Knowledge) *Checker {
	return &Checker{r: r, k: k, sheet: turn.NewSheet(r, k), Index: model.NewIndex(k)}
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
	c.mu.Lock()
	defer c.mu.Unlock()
	defer c.done()
	return c.run(c.fresh(), orders)
}

// CheckOnce checks one order set as New(r, k).Run does, on the world of
// the sheet itself instead of a copy kept apart for the next check: for a
// command that checks once, on a sheet of tens of thousands of ships,
// that copy is a third of the memory taken.
func CheckOnce(r *rules.Rules, k *model.Knowledge, orders []order.Order) Result {
	c := &Checker{r: r, k: k}
	return c.run(turn.KnowledgeWorld(r, k), orders)
}

// fresh makes the working world the sheet's again; c.mu must be held.
func (c *Checker) fresh() *turn.World {
	if c.work == nil {
		c.work = c.sheet.World()
	} else {
		c.sheet.Reset(c.work)
	}
	return c.work
}

// keepWork is how many ships and planets a sheet may have for the checker
// to keep its working world from one check to the next. A check on a
// larger sheet takes long enough that making the world again is little,
// and the memory is the window's (a copy of a sheet of 150,000 objects is
// some 35 MB, and 70 MB of the heap's peak).
const keepWork = 20_000

// done lets go of the working world after a check or forecast on a large
// sheet; c.mu must be held.
func (c *Checker) done() {
	if c.sheet.Objects() > keepWork {
		c.work = nil
	}
}

// run carries the orders out on w, which it changes.
func (c *Checker) run(w *turn.World, orders []order.Order) Result {
	me := c.k.Empire.Player
	res := turn.Run(w, map[int][]order.Order{me: orders}, turn.Options{})
	out := Result{Diagnostics: c.rememberedNotes(res.Diagnostics, orders), Sales: res.Sales[me]}
	if e := w.Empire(me); e != nil {
		out.Credits, out.Interceptors = e.Credits, e.Interceptors
	}
	return out
}

// Rules are the rules the checker applies.
func (c *Checker) Rules() *rules.Rules { return c.r }

// World is a fresh copy of the world of the sheet, for a forecast.
func (c *Checker) World() *turn.World { return c.sheet.World() }
