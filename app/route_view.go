package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/internal/plural"
	"silverfall/render3d"
)

// Route is a route planner's plan: ship Ship's journey from From, turn by
// turn under the pull, as the engine plans it (engine/journey), which the
// map draws.
type Route struct {
	Ship    int
	From    geom.Point
	Journey journey.Journey
	// To is the destination, planet Planet's place (0: a place).
	To     geom.Point
	Planet int
}

// courses are the route's turns as the map draws them: each turn's move
// from where the last left the ship to where the move ends, then (in the
// later colour) the pull's draw to where the turn leaves it; a ghost at
// the end, red when the journey fails.
func (r *Route) courses() []render3d.Course {
	var out []render3d.Course
	at := r.From
	for i, st := range r.Journey.Steps {
		c := render3d.Course{Kind: render3d.CourseMove, From: vec(at), Stop: vec(st.Moved), To: vec(st.Pulled)}
		if i == len(r.Journey.Steps)-1 {
			c.Ghost, c.Error = true, !r.Journey.Arrives()
		}
		out = append(out, c)
		at = st.Pulled
	}
	return out
}

// routeView is the route planner (View > Plan a route, Ctrl+J): a ship of
// the player's (the selection) and a destination (a planet, or a place,
// typed or picked on the map); the plan over as many turns as it takes,
// each turn's orders, the fuel taken on where, the pull's effect, and what
// makes it fail; drawn on the map.
type routeView struct {
	st   *State
	app  fyne.App
	view *MapView // for picking the destination on the map

	win    fyne.Window // nil until opened
	ship   int
	title  *widget.Label
	dest   *escEntry
	plan   *widget.Label
	status *widget.Label
	// plans keeps a route as a standing plan (nil: none kept).
	plans *standingPlans
}

func newRouteView(st *State, a fyne.App, view *MapView, plans *standingPlans) *routeView {
	return &routeView{st: st, app: a, view: view, plans: plans}
}

// OpenSelected opens the planner on the selected ship of the player's.
func (v *routeView) OpenSelected() {
	g := v.st.Game()
	if g == nil {
		return
	}
	if v.win == nil {
		v.build()
	}
	v.ship = 0
	if key := v.st.Selected(); key.Kind == model.KindShip {
		if s, ok := g.Ships[key.ID]; ok && g.own(s) {
			v.ship = s.ID
		}
	}
	v.plan.SetText("")
	if v.ship == 0 {
		v.title.SetText("Select a ship of yours on the map or in the tree, then open the planner again.")
	} else {
		v.title.SetText(fmt.Sprintf("Route of ship %d from %v", v.ship, g.Ships[v.ship].Loc))
	}
	v.win.Show()
	v.win.RequestFocus()
	v.win.Canvas().Focus(v.dest)
}

// build makes the window.
func (v *routeView) build() {
	v.win = v.app.NewWindow("Silverfall — Plan a route")
	v.win.SetCloseIntercept(func() { v.win.Hide() })
	// Esc puts the planner away, in the destination or anywhere else in
	// the window; the plan stays on the map.
	v.win.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape {
			v.win.Hide()
		}
	})
	v.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.title.Wrapping = fyne.TextWrapWord
	v.dest = newEscEntry(func() { v.win.Hide() })
	v.dest.SetPlaceHolder("a planet's number, or a place: X Y Z")
	v.dest.OnSubmitted = func(string) { v.Plan() }
	pick := widget.NewButton("Pick on the map", v.pick)
	planB := widget.NewButton("Plan", v.Plan)
	planB.Importance = widget.HighImportance
	clear := widget.NewButton("Take it off the map", func() { v.st.SetRoute(nil) })
	give := widget.NewButton("Give this turn's orders", v.GiveFirst)
	keep := widget.NewButton("Keep as a standing plan", v.Keep)
	cancel := widget.NewButton("Cancel the standing plan", v.CancelPlan)
	v.plan = widget.NewLabel("")
	v.plan.Wrapping = fyne.TextWrapWord
	v.status = widget.NewLabel("The plan is the engine's: each turn's move and the pull of Silverfall, as the host carries them out when no one interferes.")
	v.status.Wrapping = fyne.TextWrapWord
	controls := container.NewBorder(nil, nil, widget.NewLabel("To"), container.NewHBox(pick, planB, give, clear), v.dest)
	standing := container.NewHBox(keep, cancel)
	v.win.SetContent(container.NewBorder(container.NewVBox(v.title, controls, standing), v.status, nil, nil, container.NewVScroll(v.plan)))
	v.win.Resize(fyne.NewSize(760, 560))
}

// pick asks the map for the destination: a planet, or a place.
func (v *routeView) pick() {
	g := v.st.Game()
	if g == nil || v.ship == 0 {
		return
	}
	z := float64(g.Ships[v.ship].Loc.Z)
	v.view.RequestPick(PickPoint, "the route's destination", z, func(p Pick, ok bool) {
		if !ok {
			return
		}
		if p.Key.Kind == model.KindPlanet {
			v.dest.SetText(strconv.Itoa(p.Key.ID))
		} else {
			v.dest.SetText(fmt.Sprintf("%d %d %d", p.Loc.X, p.Loc.Y, p.Loc.Z))
		}
		v.Plan()
	})
}

// destination reads the destination typed: a planet of the sheet's, or a
// place.
func (v *routeView) destination(g *Game) (geom.Point, int, error) {
	f := strings.Fields(v.dest.Text)
	n := make([]int, len(f))
	for i, w := range f {
		x, err := strconv.Atoi(w)
		if err != nil {
			return geom.Point{}, 0, fmt.Errorf("%q is not a number", w)
		}
		n[i] = x
	}
	switch len(n) {
	case 1:
		p, ok := g.Planets[n[0]]
		if !ok {
			return geom.Point{}, 0, fmt.Errorf("planet %d is not on your sheet", n[0])
		}
		return p.Loc, p.ID, nil
	case 3:
		return geom.Point{X: n[0], Y: n[1], Z: n[2]}, 0, nil
	}
	return geom.Point{}, 0, fmt.Errorf("give a planet's number, or a place as X Y Z")
}

// Plan plans the route to the destination typed and shows it, on the map
// too.
func (v *routeView) Plan() {
	g, d := v.st.Game(), v.st.Draft()
	if g == nil || d == nil || v.ship == 0 {
		return
	}
	v.status.SetText("")
	to, planet, err := v.destination(g)
	if err != nil {
		// The route of an earlier destination goes with it: Give must not
		// put in a plan the text no longer asks for.
		v.plan.SetText(capital(err.Error()) + ".")
		v.st.SetRoute(nil)
		return
	}
	fuel := startFuel(v.st, v.ship)
	j, ok := d.Journey(v.ship, to, planet, fuel, true)
	if !ok {
		return
	}
	v.plan.SetText(routeText(g, v.ship, to, planet, j, fuel))
	v.st.SetRoute(&Route{Ship: v.ship, From: g.Ships[v.ship].Loc, Journey: j, To: to, Planet: planet})
}

// GiveFirst puts the plan's orders for this turn into the draft: the
// move in place of the ship's own battle/movement order, if it has one.
func (v *routeView) GiveFirst() {
	r, d := v.st.Route(), v.st.Draft()
	if r == nil || d == nil || r.Ship != v.ship || len(r.Journey.Steps) == 0 || r.Journey.Steps[0].Turn != v.st.Game().K.Turn+1 {
		v.status.SetText("Plan a route first: there are no orders of a plan to give.")
		return
	}
	for _, o := range r.Journey.Steps[0].Orders {
		if o.Class() == order.BattleMovement {
			if i := ownMoveIndex(d.Orders(), r.Ship); i >= 0 {
				d.Replace(i, o)
				continue
			}
		}
		d.Add(o)
	}
	v.status.SetText(fmt.Sprintf("This turn's orders of the plan for ship %d are in the draft.", r.Ship))
}

// Keep gives this turn's orders of the plan shown and keeps the plan as
// the ship's standing plan: each later sheet puts that turn's orders into
// the draft.
func (v *routeView) Keep() {
	if v.plans == nil || v.ship == 0 {
		return
	}
	v.st.SetRoute(nil)
	v.Plan() // the destination as typed now
	r := v.st.Route()
	switch {
	case r == nil || r.Ship != v.ship:
		return
	case v.st.Earlier():
		v.status.SetText("An earlier turn's sheet keeps no plan: go back to the current turn.")
		return
	case !r.Journey.Arrives() || len(r.Journey.Steps) == 0:
		v.status.SetText(fmt.Sprintf("Ship %d's journey does not arrive: there is no plan to keep.", r.Ship))
		return
	}
	v.GiveFirst()
	v.plans.Keep(r)
	v.status.SetText(fmt.Sprintf("Ship %d's route is kept as a standing plan: each new sheet puts that turn's orders into the draft (This turn lists the plan).", r.Ship))
}

// CancelPlan cancels the standing plan of the ship shown.
func (v *routeView) CancelPlan() {
	if v.plans == nil || v.ship == 0 {
		return
	}
	if !v.plans.Has(v.ship) {
		v.status.SetText(fmt.Sprintf("Ship %d has no standing plan.", v.ship))
		return
	}
	v.plans.Cancel(v.ship)
	v.status.SetText(fmt.Sprintf("Ship %d's standing plan is cancelled; the orders it gave stay in the draft.", v.ship))
}

// ownMoveIndex is the index of ship's own battle/movement order among
// orders, or -1.
func ownMoveIndex(orders []order.Order, ship int) int {
	for i, o := range orders {
		if !o.Fleet && o.Class() == order.BattleMovement && o.Subject() == ship {
			return i
		}
	}
	return -1
}

// routeText is the plan in words: the whole, then turn by turn.
func routeText(g *Game, ship int, to geom.Point, planet int, j journey.Journey, fuel int) string {
	where := fmt.Sprintf("%v", to)
	if planet != 0 {
		where = fmt.Sprintf("planet %d at %v", planet, to)
	}
	lines := []string{fmt.Sprintf("Ship %d to %s, %s away: %s.", ship, where, plural.Count(j.Distance, "position"), journeyText(j, fuel))}
	for _, st := range j.Steps {
		lines = append(lines, stepText(st))
	}
	return strings.Join(lines, "\n")
}

// stepText is one turn of a plan: its orders, where the move ends, what
// the pull does, the fuel then.
func stepText(st journey.Step) string {
	orders := make([]string, len(st.Orders))
	for i, o := range st.Orders {
		orders[i] = order.Format(o)
	}
	text := fmt.Sprintf("Turn %d: %s.", st.Turn, strings.Join(orders, ", then "))
	if st.Loaded > 0 {
		text += fmt.Sprintf(" It takes on %d fuel at planet %d.", st.Loaded, st.Stop)
	}
	text += fmt.Sprintf(" The move ends at %v", st.Moved)
	if st.Pulled != st.Moved {
		text += fmt.Sprintf("; the pull draws it %s in, to %v", plural.Count(st.Moved.Dist(st.Pulled), "position"), st.Pulled)
	}
	return text + fmt.Sprintf(". Fuel %d.", st.Fuel)
}

// escEntry is an entry that hands Esc to its window (to close it).
type escEntry struct {
	widget.Entry
	esc func()
}

func newEscEntry(esc func()) *escEntry {
	e := &escEntry{esc: esc}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey gives Esc to the window; the entry keeps the other keys.
func (e *escEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		e.esc()
		return
	}
	e.Entry.TypedKey(k)
}
