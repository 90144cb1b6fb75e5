package app

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"silverfall/app/draft"
	"silverfall/app/practice"
	"silverfall/app/workspace"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// planShip finds a ship of the player's, other than those of not, and a
// place that takes it at least turns turns to reach, and arrives.
func planShip(t *testing.T, x *App, turns int, not ...int) (int, geom.Point) {
	t.Helper()
	g, d := x.st.Game(), x.st.Draft()
	var ids []int
	for id, s := range g.Ships {
		if g.own(s) && s.Inside == 0 && !slices.Contains(not, id) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		s := g.Ships[id]
		for dist := 100; dist <= 400; dist += 20 {
			to := geom.Point{X: s.Loc.X + dist, Y: s.Loc.Y, Z: s.Loc.Z}
			j, ok := d.Journey(id, to, 0, s.Fuel, true)
			if ok && j.Arrives() && j.Turns() >= turns && len(j.Steps[0].Orders) > 0 {
				return id, to
			}
		}
	}
	t.Fatalf("no ship takes %d turns to a place", turns)
	return 0, geom.Point{}
}

// shipMove is the index and row text of ship's battle/movement order in
// the draft shown (-1 none).
func shipMove(x *App, ship int) (int, string) {
	i := ownMoveIndex(x.st.Draft().Orders(), ship)
	if i < 0 {
		return -1, ""
	}
	return i, x.orders.rowVerdict(orderRow{index: i})
}

// endTurn ends the practice game's turn and checks the next sheet came.
func endTurn(t *testing.T, x *App) {
	t.Helper()
	was := x.st.Game().K.Turn
	x.practice.EndTurn()
	if top := x.Window().Canvas().Overlays().Top(); top != nil {
		t.Fatalf("End turn on turn %d asks a question", was)
	}
	if x.st.Game().K.Turn != was+1 {
		t.Fatalf("End turn on turn %d: turn %d shown", was, x.st.Game().K.Turn)
	}
}

// A route kept as a standing plan puts each turn's move into the draft of
// the next sheets, marked as from the plan; the player edits it as any
// order, cancels a plan from its order's row, and an earlier turn takes
// no plan orders; a ship given away stops its plan, which This turn says
// until the player cancels it.
func TestStandingPlanOverTurns(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 5, Players: 3, Level: "easy"})
	a, toA := planShip(t, x, 5)
	b, toB := planShip(t, x, 2, a)
	ships, places := []int{a, b}, []geom.Point{toA, toB}
	for i, id := range ships {
		x.st.Select(model.ShipKey(id), FromTree)
		x.route.OpenSelected()
		x.route.dest.SetText(fmt.Sprintf("%d %d %d", places[i].X, places[i].Y, places[i].Z))
		test.Tap(findButton(x.route.win.Content(), "Keep as a standing plan"))
	}
	x.route.win.Hide()
	where := fmt.Sprintf("route to %d,%d,%d", places[0].X, places[0].Y, places[0].Z)
	if _, row := shipMove(x, a); !strings.HasPrefix(row, "from plan ("+where+")") {
		t.Fatalf("turn 1: ship %d's row says %q", a, row)
	}
	if plans, err := x.keep.ws.LoadPlans(); err != nil || len(plans) != 2 || plans[0].Made != 1 {
		t.Fatalf("the workspace keeps %+v, %v", plans, err)
	}
	endTurn(t, x)
	i, row := shipMove(x, a)
	if i < 0 || !strings.HasPrefix(row, "from plan ("+where+")") {
		t.Fatalf("turn 2: ship %d's row says %q", a, row)
	}
	if _, row := shipMove(x, b); !strings.HasPrefix(row, "from plan (") {
		t.Errorf("turn 2: ship %d's row says %q", b, row)
	}
	if !strings.Contains(x.plans.text(), fmt.Sprintf("Ship %d, %s (kept on turn 1): goes on.", a, where)) {
		t.Errorf("This turn says %q", x.plans.text())
	}
	// Edited: the player's order, no longer marked; the plan goes on.
	s := x.st.Game().Ships[a]
	mine := mustOrder(t, fmt.Sprintf("MO %d %d %d %d", a, s.Loc.X, s.Loc.Y+5, s.Loc.Z))
	x.st.Draft().Replace(i, mine)
	if _, row := shipMove(x, a); strings.Contains(row, "from plan") {
		t.Errorf("an edited order is still marked: %q", row)
	}
	// Cancelled from the order's row: the order stays, the plan goes.
	j, _ := shipMove(x, b)
	x.st.ChooseOrder(j)
	cancel := x.orders.cancel
	if cancel.Disabled() {
		t.Fatal("Cancel plan is disabled on a plan's order")
	}
	test.Tap(cancel)
	if k, row := shipMove(x, b); k < 0 || strings.Contains(row, "from plan") || x.plans.Has(b) {
		t.Errorf("cancelled: ship %d's order %d says %q, plan kept %v", b, k, row, x.plans.Has(b))
	}
	x.st.ChooseOrder(-1)
	endTurn(t, x)
	if k, row := shipMove(x, a); k < 0 || !strings.HasPrefix(row, "from plan") {
		t.Errorf("turn 3: after an edited turn, ship %d's row says %q", a, row)
	}
	if k, _ := shipMove(x, b); k >= 0 {
		t.Errorf("turn 3: the cancelled plan gave ship %d an order", b)
	}
	// An earlier turn takes no plan orders, and keeps no plan.
	x.turns.Earlier()
	if !x.st.Earlier() || x.st.Game().K.Turn != 2 {
		t.Fatalf("Earlier shows turn %d", x.st.Game().K.Turn)
	}
	if k, row := shipMove(x, a); k < 0 || strings.Contains(row, "from plan") {
		t.Errorf("turn 2 read again: ship %d's order says %q", a, row)
	}
	x.st.Select(model.ShipKey(b), FromTree)
	x.route.OpenSelected()
	x.route.dest.SetText(fmt.Sprintf("%d %d %d", places[1].X, places[1].Y, places[1].Z))
	x.route.Keep()
	if x.plans.Has(b) {
		t.Error("a plan was kept from an earlier turn")
	}
	x.route.win.Hide()
	x.turns.Current()
	if moves := countMoves(x, a); moves != 1 {
		t.Errorf("turn 3 shown again: ship %d has %d moves", a, moves)
	}
	for x.st.Game().K.Turn < 5 {
		endTurn(t, x)
	}
	// Ship a given away: the next sheet stops its plan, kept until cancelled.
	d := x.st.Draft()
	if k, _ := shipMove(x, a); k >= 0 {
		d.Delete(k)
	}
	d.Add(mustOrder(t, fmt.Sprintf("GIFT SHIP %d 2", a)))
	endTurn(t, x)
	want := fmt.Sprintf("Ship %d, %s: the plan cannot go on: ship %d is not on the sheet of turn 6", a, where, a)
	if !strings.Contains(x.plans.text(), want) || !x.plans.Has(a) {
		t.Errorf("This turn says %q; want %q", x.plans.text(), want)
	}
	test.Tap(findButton(x.thisTurn.box, "Cancel plan"))
	if x.plans.Has(a) || x.plans.box.Visible() {
		t.Errorf("cancelled in This turn: plan kept %v, rows %q", x.plans.Has(a), x.plans.text())
	}
}

// Each sheet's reasons for a plan to stop, and the order put in only when
// the player gave the ship no battle/movement order of his own (the
// demo's ship 8, range 55).
func TestStandingPlanOnASheet(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	s := g.Ships[8]
	ids := make([]int, 0, len(g.Planets))
	for id := range g.Planets {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	pl := g.Planets[ids[0]]
	near := [3]int{s.Loc.X, s.Loc.Y + 100, s.Loc.Z}
	base := func() workspace.Plan {
		return workspace.Plan{Ship: 8, To: near, Made: g.K.Turn - 1, Given: g.K.Turn - 1, Fire: s.Fire, Defence: s.Defence}
	}
	for _, c := range []struct {
		name string
		edit func(p *workspace.Plan)
		own  string // the player's own order for ship 8 ("" none)
		want string // This turn's line has it
		put  bool   // the plan's move is in the draft
	}{
		{"goes on", func(p *workspace.Plan) {}, "", "goes on", true},
		{"the player's order kept", func(p *workspace.Plan) {}, "MO 8 1 1 1", "goes on", false},
		{"ship lost", func(p *workspace.Plan) { p.Ship = 99999 }, "", "ship 99999 is not on the sheet", false},
		{"damaged", func(p *workspace.Plan) { p.Defence = s.Defence + 1 }, "", "was damaged", false},
		{"planet gone", func(p *workspace.Plan) { p.Planet = 99999 }, "", "planet 99999 is gone", false},
		{"planet taken", func(p *workspace.Plan) { p.Planet, p.Owner = pl.ID, pl.Owner+1 }, "", fmt.Sprintf("planet %d is now", pl.ID), false},
		{"fuel", func(p *workspace.Plan) { p.To = [3]int{s.Loc.X + 5000, s.Loc.Y, s.Loc.Z} }, "", "the journey now fails", false},
		{"arrived", func(p *workspace.Plan) { p.To = [3]int{s.Loc.X, s.Loc.Y, s.Loc.Z} }, "", "its standing plan is done", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := draft.New(x.rules, g.K)
			if c.own != "" {
				d.Add(mustOrder(t, c.own))
			}
			p := base()
			c.edit(&p)
			said := ""
			sp := newStandingPlans(x.st, nil, func(s string) { said = s })
			sp.plans = []workspace.Plan{p}
			sp.follow(g, d)
			sp.show()
			if !strings.Contains(sp.text(), c.want) {
				t.Errorf("This turn says %q; want %q", sp.text(), c.want)
			}
			moves := 0
			for _, o := range d.Orders() {
				if o.Subject() == 8 && o.Class() == order.BattleMovement && o.String() != c.own {
					moves++
				}
			}
			if put := moves > 0; put != c.put {
				t.Errorf("the plan's move put in: %v; want %v (%v)", put, c.put, d.Orders())
			}
			wantSaid := ""
			switch {
			case c.want == "its standing plan is done":
				wantSaid = "1 standing plan arrived: see This turn."
			case c.want != "goes on":
				wantSaid = "1 standing plan cannot go on: see This turn."
			}
			if said != wantSaid {
				t.Errorf("the status line says %q; want %q", said, wantSaid)
			}
			if c.want == "its standing plan is done" && len(sp.plans) != 0 {
				t.Error("a plan that arrived is kept")
			}
		})
	}
}

// countMoves counts ship's own battle/movement orders in the draft shown.
func countMoves(x *App, ship int) int {
	n := 0
	for _, o := range x.st.Draft().Orders() {
		if !o.Fleet && o.Subject() == ship && o.Class() == order.BattleMovement {
			n++
		}
	}
	return n
}

// The route planner keeps a plan that arrives, refuses one that does not,
// and cancels the ship's plan; the workspace keeps what is left.
func TestRoutePlannerKeepsAndCancels(t *testing.T) {
	x := newApp(t)
	s := x.st.Game().Ships[8]
	x.st.Select(model.ShipKey(8), FromTree)
	v := x.route
	v.OpenSelected()
	v.dest.SetText(fmt.Sprintf("%d %d %d", s.Loc.X+20000, s.Loc.Y, s.Loc.Z))
	test.Tap(findButton(v.win.Content(), "Keep as a standing plan"))
	if x.plans.Has(8) || !strings.Contains(v.status.Text, "does not arrive") {
		t.Errorf("a journey that fails was kept (%q)", v.status.Text)
	}
	v.dest.SetText("-10 405 87")
	v.Plan()
	test.Tap(findButton(v.win.Content(), "Keep as a standing plan"))
	if !x.plans.Has(8) || !x.plans.box.Visible() || !strings.Contains(x.plans.text(), "Ship 8, route to -10,405,87") {
		t.Fatalf("not kept: %q", x.plans.text())
	}
	if countMoves(x, 8) != 1 {
		t.Errorf("ship 8 has %d moves after keeping the plan", countMoves(x, 8))
	}
	test.Tap(findButton(v.win.Content(), "Cancel the standing plan"))
	if x.plans.Has(8) || x.plans.box.Visible() || countMoves(x, 8) != 1 {
		t.Errorf("cancelled: plan kept %v, rows %q, %d moves", x.plans.Has(8), x.plans.text(), countMoves(x, 8))
	}
	if ws := x.st.Workspace(); ws != nil {
		if plans, err := ws.LoadPlans(); err != nil || len(plans) != 0 {
			t.Errorf("the workspace keeps %+v, %v", plans, err)
		}
	}
	v.win.Close()
}

// A plans' file that cannot be read is said in the status bar with its
// line when the game opens; the game opens all the same.
func TestStandingPlansFileDamaged(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 5, Players: 2, Level: "easy"})
	ws := x.st.Workspace()
	if err := os.WriteFile(ws.PlansPath(), []byte("[[plan]]\nship = 8\nmade = \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := x.LoadDemo(); err != nil { // another workspace, then back
		t.Fatal(err)
	}
	if err := x.Load(ws.ReportPath(1)); err != nil {
		t.Fatal(err)
	}
	if got := x.status.Problems(); !strings.Contains(got, "standing plans could not be read") || !strings.Contains(got, "plans.toml:3:") {
		t.Errorf("the status bar says %q", got)
	}
	if x.st.Game() == nil || x.st.Game().K.Turn != 1 {
		t.Error("the game did not open")
	}
}
