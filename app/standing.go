package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/app/workspace"
	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/order"
	"silverfall/internal/plural"
)

// standingPlans keeps the game's standing plans (app/workspace's
// plans.toml): a route kept from the route planner, whose order for each
// later turn goes into that turn's draft when its sheet is shown, planned
// again from where the sheet shows the ship. It says in This turn which
// plans cannot go on, and which arrived.
type standingPlans struct {
	st    *State
	plans []workspace.Plan
	dir   string // the workspace the plans were read from
	// problem shows a problem of the plans' file in the status bar; say
	// says in the status line that a sheet stopped or ended plans.
	problem func(text string)
	say     func(text string)
	// lines are what This turn says of the plans, with rows.
	lines []string
	done  []string // the plans that arrived with the sheet shown
	rows  *fyne.Container
	box   *fyne.Container
}

func newStandingPlans(st *State, problem, say func(string)) *standingPlans {
	s := &standingPlans{st: st, problem: problem, say: say}
	title := widget.NewLabelWithStyle("Standing plans", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.rows = container.NewVBox()
	s.box = container.NewVBox(title, s.rows)
	s.box.Hide()
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame) {
			s.arrived()
		}
	})
	return s
}

// arrived reads the plans of the workspace shown, and, on the newest
// turn's sheet, puts their orders for this turn into the draft.
func (s *standingPlans) arrived() {
	s.done = nil
	s.read()
	g, d := s.st.Game(), s.st.Draft()
	if g != nil && d != nil && !s.st.Earlier() && !d.ReadOnly() {
		s.follow(g, d)
	}
	s.show()
}

// read reads the plans when another workspace is shown.
func (s *standingPlans) read() {
	ws := s.st.Workspace()
	dir := ""
	if ws != nil {
		dir = ws.Dir
	}
	if dir == s.dir {
		return
	}
	s.dir, s.plans = dir, nil
	if ws == nil {
		return
	}
	plans, err := ws.LoadPlans()
	s.plans = plans
	if err != nil {
		s.tell("The standing plans could not be read: " + err.Error())
	} else {
		s.tell("")
	}
}

func (s *standingPlans) tell(text string) {
	if s.problem != nil {
		s.problem(text)
	}
}

// save keeps the plans in the workspace.
func (s *standingPlans) save() {
	if ws := s.st.Workspace(); ws != nil {
		if err := ws.SavePlans(s.plans); err != nil {
			s.tell("The standing plans could not be saved: " + err.Error())
		} else {
			s.tell("")
		}
	}
}

// follow takes each plan on to the turn of sheet g: its orders go into the
// draft d once a turn; a plan that arrived is removed.
func (s *standingPlans) follow(g *Game, d *draft.Draft) {
	changed, stopped := false, 0
	var kept []workspace.Plan
	for _, p := range s.plans {
		if p.Made >= g.K.Turn || p.Given >= g.K.Turn || p.Stopped != "" {
			kept = append(kept, p)
			continue
		}
		changed = true
		j, why := planAgain(g, d, p)
		switch {
		case why != "":
			p.Stopped = why
			stopped++
		case len(j.Steps) == 0:
			s.done = append(s.done, fmt.Sprintf("Ship %d is at its destination (%s): its standing plan is done.", p.Ship, planWhere(p)))
			continue
		default:
			p.Given, p.Put = g.K.Turn, nil
			if ownMoveIndex(d.Orders(), p.Ship) < 0 {
				for _, o := range j.Steps[0].Orders {
					d.Add(o)
					p.Put = append(p.Put, o.String())
				}
			}
		}
		kept = append(kept, p)
	}
	s.plans = kept
	if changed {
		s.save()
	}
	s.tellSheet(stopped)
}

// tellSheet says in the status line how many plans the sheet stopped and
// ended.
func (s *standingPlans) tellSheet(stopped int) {
	var parts []string
	if stopped > 0 {
		parts = append(parts, fmt.Sprintf("%s cannot go on", plural.Count(stopped, "standing plan")))
	}
	if n := len(s.done); n > 0 {
		parts = append(parts, fmt.Sprintf("%s arrived", plural.Count(n, "standing plan")))
	}
	if len(parts) > 0 && s.say != nil {
		s.say(capital(strings.Join(parts, "; ")) + ": see This turn.")
	}
}

// planAgain plans p again from where sheet g shows its ship; why says why
// it cannot go on ("": it can).
func planAgain(g *Game, d *draft.Draft, p workspace.Plan) (journey.Journey, string) {
	sh, ok := g.Ships[p.Ship]
	if !ok || !g.own(sh) {
		return journey.Journey{}, fmt.Sprintf("ship %d is not on the sheet of turn %d: lost or given away", p.Ship, g.K.Turn)
	}
	if sh.Fire < p.Fire || sh.Defence < p.Defence || sh.HitTurn > p.Made {
		return journey.Journey{}, fmt.Sprintf("ship %d was damaged (fire %d, defence %d; %d and %d when planned)", p.Ship, sh.Fire, sh.Defence, p.Fire, p.Defence)
	}
	to := geom.Point{X: p.To[0], Y: p.To[1], Z: p.To[2]}
	if p.Planet != 0 {
		pl, ok := g.Planets[p.Planet]
		if !ok {
			return journey.Journey{}, fmt.Sprintf("planet %d is gone from the sheet", p.Planet)
		}
		if pl.Owner != p.Owner {
			return journey.Journey{}, fmt.Sprintf("planet %d is now %s's, %s's when planned", p.Planet, g.ownerShort(pl.Owner), g.ownerShort(p.Owner))
		}
		to = pl.Loc
	}
	if sh.Loc == to {
		return journey.Journey{End: journey.Arrives}, ""
	}
	j, ok := d.Journey(p.Ship, to, p.Planet, sh.Fuel, true)
	if !ok {
		return j, fmt.Sprintf("ship %d cannot be planned for", p.Ship)
	}
	if !j.Arrives() {
		return j, fmt.Sprintf("the journey now fails: %s on turn %d at %v", j.End, j.Turn, j.Where)
	}
	if len(j.Steps) > 0 && j.Steps[0].Turn != g.K.Turn+1 {
		return j, fmt.Sprintf("the journey's first move is on turn %d, not %d", j.Steps[0].Turn, g.K.Turn+1)
	}
	return j, ""
}

// planWhere names a plan's destination.
func planWhere(p workspace.Plan) string {
	if p.Planet != 0 {
		return fmt.Sprintf("planet %d", p.Planet)
	}
	return fmt.Sprintf("%d,%d,%d", p.To[0], p.To[1], p.To[2])
}

// Keep keeps route r of the sheet shown as ship r.Ship's standing plan, in
// place of any it had, and marks this turn's orders of it as from the plan.
func (s *standingPlans) Keep(r *Route) {
	g := s.st.Game()
	sh, ok := g.Ships[r.Ship]
	if g == nil || !ok || s.st.Earlier() {
		return
	}
	p := workspace.Plan{Ship: r.Ship, Planet: r.Planet, To: [3]int{r.To.X, r.To.Y, r.To.Z}, Made: g.K.Turn, Given: g.K.Turn,
		Fire: sh.Fire, Defence: sh.Defence}
	if pl, ok := g.Planets[r.Planet]; ok {
		p.Owner = pl.Owner
	}
	for i, st := range r.Journey.Steps {
		var turn []string
		for _, o := range st.Orders {
			turn = append(turn, o.String())
		}
		p.Orders = append(p.Orders, turn)
		if i == 0 {
			p.Put = turn
		}
	}
	s.drop(r.Ship)
	s.plans = append(s.plans, p)
	s.save()
	s.show()
	s.st.OrdersChanged() // the rows marked from the plan
}

// Cancel removes ship's standing plan; the orders it put in stay, as the
// player's.
func (s *standingPlans) Cancel(ship int) {
	if s.drop(ship) {
		s.save()
		s.show()
		s.st.OrdersChanged()
	}
}

func (s *standingPlans) drop(ship int) bool {
	for i, p := range s.plans {
		if p.Ship == ship {
			s.plans = append(s.plans[:i], s.plans[i+1:]...)
			return true
		}
	}
	return false
}

// Has reports whether ship has a standing plan.
func (s *standingPlans) Has(ship int) bool {
	_, ok := s.planOf(ship)
	return ok
}

func (s *standingPlans) planOf(ship int) (workspace.Plan, bool) {
	for _, p := range s.plans {
		if p.Ship == ship {
			return p, true
		}
	}
	return workspace.Plan{}, false
}

// From says, of an order of the draft shown, which standing plan put it
// in ("route to planet 12"), or "" for the player's own.
func (s *standingPlans) From(o order.Order) string {
	g := s.st.Game()
	if g == nil || o.Fleet {
		return ""
	}
	p, ok := s.planOf(o.Subject())
	if !ok || p.Given != g.K.Turn {
		return ""
	}
	for _, put := range p.Put {
		if put == o.String() {
			return "route to " + planWhere(p)
		}
	}
	return ""
}

// show draws This turn's rows of the plans: those that cannot go on (with
// Cancel), those going on, those done.
func (s *standingPlans) show() {
	s.lines = nil
	var objs []fyne.CanvasObject
	for _, p := range s.plans {
		line := fmt.Sprintf("Ship %d, route to %s (kept on turn %d): goes on.", p.Ship, planWhere(p), p.Made)
		if p.Stopped != "" {
			line = fmt.Sprintf("Ship %d, route to %s: the plan cannot go on: %s.", p.Ship, planWhere(p), p.Stopped)
		}
		ship := p.Ship
		objs = append(objs, s.row(line, widget.NewButton("Cancel plan", func() { s.Cancel(ship) })))
	}
	for _, line := range s.done {
		objs = append(objs, s.row(line, nil))
	}
	s.rows.Objects = objs
	s.rows.Refresh()
	if len(objs) == 0 {
		s.box.Hide()
	} else {
		s.box.Show()
	}
}

func (s *standingPlans) row(line string, b *widget.Button) fyne.CanvasObject {
	s.lines = append(s.lines, line)
	l := widget.NewLabel(line)
	l.Wrapping = fyne.TextWrapWord
	if b == nil {
		return l
	}
	return container.NewBorder(nil, nil, nil, b, l)
}

// text is This turn's lines of the plans, for tests.
func (s *standingPlans) text() string { return strings.Join(s.lines, "\n") }
