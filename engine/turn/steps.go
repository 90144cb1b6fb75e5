package turn

import (
	"sort"

	"silverfall/engine/order"
)

// stepDef is one step of a turn: a command of a phase, or a part of the
// turn that no order starts.
type stepDef struct {
	phase    int
	name     string
	hostOnly bool // only the moderator's turn does it
	run      func(t *run)
}

// generalExec carries out one general order, by code.
var generalExec = map[order.Code]func(t *run, o order.Order){
	order.PR: (*run).practice, order.TO: (*run).transferOfficer, order.RE: (*run).release,
	order.UL: with(cargo.ore), order.LO: with(cargo.ore), order.UF: with(cargo.fuel), order.LF: with(cargo.fuel),
	order.UP: with(cargo.population), order.LP: with(cargo.population), order.RF: with(cargo.refuel),
	order.RP: (*run).repair, order.TA: (*run).transferArtifact, order.DO: (*run).dock,
	order.SM: (*run).startMine, order.BU: (*run).defenceUnits, order.AD: (*run).planetDefence,
	order.DA: (*run).planetDefence,
	order.UC: (*run).cloak, order.CL: (*run).cloak, order.BS: (*run).build, order.FA: (*run).findArtifact,
	order.PI: (*run).interceptors, order.BA: (*run).diplomacy, order.AA: (*run).diplomacy,
	order.FE: (*run).diplomacy, order.DE: (*run).diplomacy, order.SS: (*run).scan, order.SP: (*run).scan,
	order.SR: (*run).scan,
}

// phase0Exec carries out the orders of the order sheet's own spaces that
// act in phase 0, by code: names and gifts.
var phase0Exec = map[order.Code]func(t *run, o order.Order){
	order.NameShip: (*run).name, order.NamePlanet: (*run).name, order.NameOfficer: (*run).name,
	order.GiftShip: (*run).gift, order.GiftPlanet: (*run).gift,
}

// with makes a general order's executor of a helper type's method.
func with[T ~struct{ *run }](f func(T, order.Order)) func(*run, order.Order) {
	return func(t *run, o order.Order) { f(T{t}, o) }
}

// commandSteps are the general orders of a phase as steps, in the order
// the rule book gives for the phase.
func commandSteps(phase int) []stepDef {
	var codes []order.Code
	for _, c := range order.Codes() {
		if c.Class() == order.General && c.Phase() == phase {
			codes = append(codes, c)
		}
	}
	sort.SliceStable(codes, func(i, j int) bool { return codes[i].Position() < codes[j].Position() })
	var out []stepDef
	for _, c := range codes {
		c := c
		exec := generalExec[c]
		out = append(out, stepDef{phase, c.String(), false, func(t *run) {
			t.curPhase = phase
			t.forEach(c, func(o order.Order) { exec(t, o) })
		}})
	}
	return out
}

// each carries out the orders of the codes, code by code, with their
// phase 0 executors.
func each(codes ...order.Code) func(t *run) {
	return func(t *run) {
		for _, c := range codes {
			exec := phase0Exec[c]
			t.forEach(c, func(o order.Order) { exec(t, o) })
		}
	}
}

func battlePhase(n int) func(t *run) {
	return func(t *run) {
		if t.fight == nil {
			t.fight = newBattle(&t.books, t.battle, t.opt.checkTargets, t.opt.Battle)
		}
		combat{t.fight}.phase(n)
	}
}

// in makes a step of a helper type's method: the helper types split the
// turn's work by concern (movement, combat, cargo and trade, the end of the
// turn), each on the run of the turn.
func in[T ~struct{ *run }](f func(T)) func(*run) {
	return func(t *run) { f(T{t}) }
}

// steps is the turn, in the order the rule book carries it out.
var steps = func() []stepDef {
	s := []stepDef{
		{0, "names", false, each(order.NameShip, order.NamePlanet, order.NameOfficer)},
		{0, "the computer's names", true, (*run).computerNames},
		{0, "gifts", false, each(order.GiftShip, order.GiftPlanet)},
		{0, "Sauran's program", true, (*run).sauranProgram},
		{0, "allies' points", true, (*run).allyPoints},
		{0, "refuelling", false, (*run).refuelAtStart},
		{0, "officers' levels", true, (*run).officerLevels},
	}
	s = append(s, commandSteps(1)...)
	s = append(s, stepDef{1, "officers' levels", true, (*run).officerLevels})
	s = append(s,
		stepDef{2, "orders of ships and fleets", false, in(movement.assign)},
		stepDef{2, "conversions", false, in(movement.convert)},
		stepDef{2, "phase 2", false, battlePhase(2)},
		stepDef{3, "phase 3", false, battlePhase(3)},
		stepDef{4, "phase 4", false, battlePhase(4)},
	)
	s = append(s, commandSteps(5)...)
	s = append(s, stepDef{5, "officers' levels", true, (*run).officerLevels})
	s = append(s,
		stepDef{7, "mines", false, in(closing.mines)},
		stepDef{7, "ownership", false, in(closing.ownership)},
		stepDef{7, "gravity", false, in(closing.gravity)},
		stepDef{7, "black hole", false, in(closing.blackHole)},
		stepDef{7, "markets", false, in(closing.markets)},
		stepDef{7, "growth", false, in(closing.growth)},
		stepDef{7, "tax and pay", false, in(closing.taxAndPay)},
		stepDef{7, "special abilities", true, in(closing.specials)},
		stepDef{7, "repairs", false, in(closing.selfRepairs)},
		stepDef{7, "officer growth", true, in(closing.officerGrowth)},
		stepDef{7, "officers' levels", true, (*run).officerLevels},
		stepDef{7, "standing orders", false, in(closing.standing)},
		stepDef{7, "Sauran's interceptors", true, in(closing.sauranInterceptors)},
		stepDef{7, "empires out", true, in(closing.out)},
		stepDef{7, "winning", true, in(closing.winning)},
		stepDef{7, "missed turns", true, in(closing.missedTurns)},
		stepDef{7, "next turn", false, in(closing.advanceTurn)},
	)
	return s
}()

// sauranInterceptors: the Dark Lord loses some interceptors each turn.
func (t closing) sauranInterceptors() {
	if e := t.w.Empire(t.w.R.Game.PlayerSauran); e != nil {
		e.Interceptors = max(0, e.Interceptors-t.w.R.Sauran.InterceptorLossPerTurn)
	}
}

// StepNames lists the steps of a turn in order, for the documentation.
func StepNames() []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = s.name
	}
	return out
}
