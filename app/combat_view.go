package app

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/sim"
	"silverfall/engine/turn"
)

// The combat simulator's defaults: the ships and planets within
// combatRadius of the place it opens on (about a turn's move of most
// ships), fought combatRuns times. The player changes either.
const (
	combatRadius  = 60
	combatRuns    = 200
	combatMaxRuns = 10_000
	// combatMaxRadius is more than the solar system is across.
	combatMaxRadius = 2_000
)

// combatView is the combat simulator's window: the battle near the ship,
// contact or planet selected on the map, set up from what the sheet shows
// (my ships and the others', the planets with their defence units), each
// ship's battle/movement order written out to be changed, fought over many
// seeds by the engine (engine/sim), with the outcome: how often each ship
// survives, the damage of each phase, each side's points and credits.
type combatView struct {
	st         *State
	fyneApp    fyne.App
	background func(func()) // runs the battles off Fyne's thread
	done       func(func()) // back on it

	win    fyne.Window // nil until opened; one window, set up anew each time
	at     geom.Point
	of     model.Key
	me     int
	setup  turn.BattleSetup
	rows   []combatRow
	title  *widget.Label
	radius *widget.Entry
	runs   *widget.Entry
	seed   *widget.Entry
	runB   *widget.Button
	again  *widget.Button // sets the battle up anew; not while it is fought
	// setups counts the battles set up: an outcome fought for an earlier
	// one (the window opened on another place meanwhile) is not shown.
	setups int
	forces *fyne.Container
	status *widget.Label
	sides  *sortTable
	ships  *sortTable
	// last is the summary shown (tests read it).
	last *sim.Summary
}

// combatRow is a ship of the battle and the entry of its order.
type combatRow struct {
	ship  model.Ship
	entry *widget.Entry
}

func newCombatView(st *State, a fyne.App, background, done func(func())) *combatView {
	return &combatView{st: st, fyneApp: a, background: background, done: done}
}

// CanOpen reports whether the selection is a place a battle can be set up
// at.
func (v *combatView) CanOpen(key model.Key) bool {
	g := v.st.Game()
	if g == nil || key.Kind == model.KindOfficer {
		return false
	}
	_, ok := g.Location(key)
	return ok
}

// OpenSelected opens the simulator on the selection (View menu, Ctrl+B);
// with nothing on the map selected, on my first ship, else my first
// planet.
func (v *combatView) OpenSelected() {
	key, g := v.st.Selected(), v.st.Game()
	switch {
	case g == nil || v.CanOpen(key):
	case len(g.K.Ships) > 0:
		key = model.ShipKey(g.K.Ships[0].ID)
	case len(g.K.Planets) > 0:
		key = model.PlanetKey(g.K.Planets[0].ID)
	}
	v.Open(key)
}

// Open sets the battle up near the object key names and shows the window.
func (v *combatView) Open(key model.Key) {
	g := v.st.Game()
	if g == nil {
		return
	}
	at, ok := g.Location(key)
	if !ok {
		return
	}
	v.at, v.of, v.me = at, key, g.K.Empire.Player
	if v.win == nil {
		v.build()
	}
	v.radius.SetText(strconv.Itoa(combatRadius))
	v.setUp(g, combatRadius)
	v.win.Show()
	v.win.RequestFocus()
}

// build makes the window and its parts.
func (v *combatView) build() {
	v.win = v.fyneApp.NewWindow("Silverfall — Combat simulator")
	v.win.SetCloseIntercept(func() { v.win.Hide() })
	v.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.title.Wrapping = fyne.TextWrapWord
	v.radius, v.runs, v.seed = widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	v.runs.SetText(strconv.Itoa(combatRuns))
	v.seed.SetText("1")
	v.again = widget.NewButton("Set up again", func() {
		if n, err := strconv.Atoi(strings.TrimSpace(v.radius.Text)); err == nil && n > 0 && n <= combatMaxRadius {
			v.setUp(v.st.Game(), n)
		} else {
			v.status.SetText(fmt.Sprintf("The distance must be a whole number of positions from 1 to %d.", combatMaxRadius))
		}
	})
	v.runB = widget.NewButton("Run", v.Run)
	v.runB.Importance = widget.HighImportance
	controls := container.NewHBox(widget.NewLabel("Ships and planets within"), widthOf(v.radius, 70),
		widget.NewLabel("positions"), v.again, widget.NewSeparator(),
		widget.NewLabel("Runs"), widthOf(v.runs, 80), widget.NewLabel("first seed"), widthOf(v.seed, 90), v.runB)
	v.status = widget.NewLabel("Change the orders if you like, then Run: each run is the turn's battle with another seed.")
	v.status.Wrapping = fyne.TextWrapWord
	v.forces = container.NewVBox()
	v.sides = newSortTable([]string{"Side", "Ships", "Left after", "Damage done 2 / 3 / 4", "Damage taken 2 / 3 / 4", "Points", "Anti-points", "Credits"},
		[]float32{80, 60, 85, 165, 165, 70, 95, 80}, nil, map[int]bool{1: true, 2: true, 5: true, 6: true, 7: true}, nil)
	v.ships = newSortTable([]string{"Ship", "Side", "Type", "Survives", "Damage taken 2 / 3 / 4", "Defence left"},
		[]float32{70, 90, 170, 90, 180, 130}, nil, map[int]bool{0: true, 3: true, 5: true}, nil)
	left := container.NewBorder(widget.NewLabelWithStyle("The battle and each ship's order", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		nil, nil, nil, container.NewVScroll(v.forces))
	sides := container.NewBorder(widget.NewLabelWithStyle("Each side, on average over the runs", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil, v.sides.box)
	ships := container.NewBorder(widget.NewLabelWithStyle("Each ship", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil, v.ships.box)
	right := container.NewVSplit(sides, ships)
	right.SetOffset(0.3)
	split := container.NewHSplit(left, right)
	split.SetOffset(0.35)
	top := container.NewVBox(v.title, controls)
	v.win.SetContent(container.NewBorder(top, v.status, nil, nil, split))
	v.win.Resize(fyne.NewSize(1280, 800))
}

// setUp takes the battle within radius of the place from the sheet, and
// writes each ship's order into its entry.
func (v *combatView) setUp(g *Game, radius int) {
	if g == nil {
		return
	}
	v.setup = sim.FromSheet(g.R, g.K, v.at, radius)
	ships := append([]model.Ship(nil), v.setup.Game.Ships...)
	sort.SliceStable(ships, func(i, j int) bool {
		a, b := ships[i].Owner == v.me, ships[j].Owner == v.me
		if a != b {
			return a
		}
		if ships[i].Owner != ships[j].Owner {
			return ships[i].Owner < ships[j].Owner
		}
		return ships[i].ID < ships[j].ID
	})
	v.rows = v.rows[:0]
	for _, s := range ships {
		e := widget.NewEntry()
		e.SetText(v.orderFor(g, s))
		e.SetPlaceHolder("no order: its standing one, or the default")
		v.rows = append(v.rows, combatRow{ship: s, entry: e})
	}
	v.title.SetText(fmt.Sprintf("Battle near %s at %v, turn %d: %s and %s", keyName(v.of), v.at, g.K.Turn,
		count(len(ships), "ship"), count(len(v.setup.Game.Planets), "planet")))
	v.showForces(g)
	v.last = nil
	v.setups++
	v.sides.setRows(nil)
	v.ships.setRows(nil)
}

// keyName names an object for the title.
func keyName(k model.Key) string {
	switch k.Kind {
	case model.KindShip:
		return fmt.Sprintf("ship %d", k.ID)
	case model.KindPlanet:
		return fmt.Sprintf("planet %d", k.ID)
	case model.KindFleet:
		return fmt.Sprintf("fleet %d", k.ID)
	}
	return k.String()
}

// count is "3 ships", "1 ship".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// orderFor is the order a ship is expected to give: mine, the order of my
// draft (or carried over), else to defend against all but allies; the
// others' armed ships, to engage me where the battle is.
func (v *combatView) orderFor(g *Game, s model.Ship) string {
	if s.Owner == v.me {
		if d := v.st.Draft(); d != nil {
			if o, ok := d.HasBattleOrder(s.ID); ok {
				return o.String()
			}
		}
		if s.Standing.Code != order.Invalid {
			return s.Standing.String()
		}
		return fmt.Sprintf("DF %d 0", s.ID)
	}
	st := g.R.Ship(s.Type)
	if st == nil || !st.Armed() || !st.CanMove() {
		if st != nil && st.Armed() {
			return fmt.Sprintf("DF %d %d", s.ID, v.me)
		}
		return ""
	}
	return fmt.Sprintf("EN %d %d %d %d %d", s.ID, v.me, v.at.X, v.at.Y, v.at.Z)
}

// showForces lists the ships, side by side, each with its order's entry,
// then the planets.
func (v *combatView) showForces(g *Game) {
	var objs []fyne.CanvasObject
	owner := -1
	for _, r := range v.rows {
		if r.ship.Owner != owner {
			owner = r.ship.Owner
			objs = append(objs, widget.NewLabelWithStyle(v.shipsOf(owner), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		}
		name := "?"
		if st := g.R.Ship(r.ship.Type); st != nil {
			name = st.Name
		}
		l := widget.NewLabel(fmt.Sprintf("%d  %s  %d/%d", r.ship.ID, name, r.ship.Fire, r.ship.Defence))
		objs = append(objs, container.NewGridWithColumns(2, l, r.entry))
	}
	if len(v.rows) == 0 {
		objs = append(objs, widget.NewLabel("No ships there."))
	}
	objs = append(objs, v.planetLines()...)
	objs = append(objs, widget.NewLabel("Fire/defence of others' ships the sheet does not give: as built."))
	v.forces.Objects = objs
	v.forces.Refresh()
}

// planetLines lists the planets of the battle: each with defence units
// on a line of its own, those without on one line (they cannot fire).
func (v *combatView) planetLines() []fyne.CanvasObject {
	if len(v.setup.Game.Planets) == 0 {
		return nil
	}
	objs := []fyne.CanvasObject{widget.NewLabelWithStyle("Planets", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})}
	var none []string
	for _, p := range v.setup.Game.Planets {
		if p.DefenceUnits == 0 {
			name := strconv.Itoa(p.ID)
			if p.Owner != 0 {
				name += " (" + v.ownerName(p.Owner) + ")"
			}
			none = append(none, name)
			continue
		}
		active := "not active"
		if p.DefenceActive {
			active = "active"
		}
		l := widget.NewLabel(fmt.Sprintf("Planet %d (%s): %d defence units, %s", p.ID, v.ownerName(p.Owner), p.DefenceUnits, active))
		l.Wrapping = fyne.TextWrapWord
		objs = append(objs, l)
	}
	if len(none) > 0 {
		l := widget.NewLabel("Without defence units: " + strings.Join(none, ", ") + ".")
		l.Wrapping = fyne.TextWrapWord
		objs = append(objs, l)
	}
	return objs
}

// sideName names a side in the tables: "Mine", "Player 4", "Sauran".
func (v *combatView) sideName(p int) string {
	switch {
	case p == v.me:
		return "Mine"
	case v.sauran(p):
		return "Sauran"
	}
	return fmt.Sprintf("Player %d", p)
}

// shipsOf heads a side's ships: "My ships", "Player 4's ships".
func (v *combatView) shipsOf(p int) string {
	if p == v.me {
		return "My ships"
	}
	return v.sideName(p) + "'s ships"
}

// sauran reports whether p is the Dark Lord, who pays players for the
// damage they do to each other.
func (v *combatView) sauran(p int) bool {
	g := v.st.Game()
	return g != nil && p == g.R.Game.PlayerSauran
}

// ownerName names a planet's owner.
func (v *combatView) ownerName(p int) string {
	switch p {
	case 0:
		return "nobody's"
	case v.me:
		return "mine"
	}
	return fmt.Sprintf("player %d's", p)
}

// orders reads the entries: each ship's battle/movement order, by owner.
func (v *combatView) orders() (map[int][]order.Order, error) {
	out := map[int][]order.Order{}
	for _, r := range v.rows {
		text := strings.TrimSpace(r.entry.Text)
		if text == "" {
			continue
		}
		o, err := order.Parse(text)
		switch {
		case err != nil:
			return nil, fmt.Errorf("ship %d: %v", r.ship.ID, err)
		case o.Class() != order.BattleMovement || o.Fleet:
			return nil, fmt.Errorf("ship %d: %s is not a ship's battle/movement order", r.ship.ID, o.Code)
		case o.Subject() != r.ship.ID:
			return nil, fmt.Errorf("ship %d: the order %q is for ship %d", r.ship.ID, text, o.Subject())
		}
		out[r.ship.Owner] = append(out[r.ship.Owner], o)
	}
	return out, nil
}

// Run fights the battle over the seeds asked for, off Fyne's thread, and
// shows the outcome.
func (v *combatView) Run() {
	orders, err := v.orders()
	if err == nil && len(v.rows) == 0 {
		err = errors.New("there are no ships to fight; set up within a greater distance")
	}
	runs, rerr := strconv.Atoi(strings.TrimSpace(v.runs.Text))
	if err == nil && (rerr != nil || runs < 1 || runs > combatMaxRuns) {
		err = fmt.Errorf("runs: a whole number from 1 to %d", combatMaxRuns)
	}
	seed, serr := strconv.ParseInt(strings.TrimSpace(v.seed.Text), 10, 64)
	if err == nil && serr != nil {
		err = errors.New("first seed: a whole number")
	}
	if err != nil {
		v.status.SetText("Cannot run: " + err.Error())
		return
	}
	setup := v.setup
	setup.Orders = orders
	v.runB.Disable()
	v.again.Disable()
	v.status.SetText(fmt.Sprintf("Fighting %d battles…", runs))
	of := v.setups
	v.background(func() {
		sum, err := sim.Simulate(setup, seed, runs)
		v.done(func() {
			if of != v.setups {
				v.runB.Enable()
				v.again.Enable()
				v.status.SetText("The battle was set up anew while the other was fought: Run again.")
				return
			}
			v.show(sum, err)
		})
	})
}

// show puts a summary in the tables.
func (v *combatView) show(sum sim.Summary, err error) {
	v.runB.Enable()
	v.again.Enable()
	if err != nil {
		v.status.SetText("Cannot run: " + err.Error())
		return
	}
	v.last = &sum
	g := v.st.Game()
	var sides, ships [][]string
	for _, p := range sum.Players {
		if p.Ships == 0 && p.Points == 0 && p.Credits == 0 && p.AntiPoints == 0 && p.DamageDone == [3]float64{} {
			continue // an empire not in the battle
		}
		sides = append(sides, []string{v.sideName(p.Player), strconv.Itoa(p.Ships), one(p.ShipsLeft), phases(p.DamageDone),
			phases(p.DamageTook), one(p.Points), one(p.AntiPoints), one(p.Credits)})
	}
	for _, s := range sum.Ships {
		name := "?"
		if g != nil {
			if st := g.R.Ship(s.Type); st != nil {
				name = st.Name
			}
		}
		ships = append(ships, []string{strconv.Itoa(s.ID), v.sideName(s.Owner), name, fmt.Sprintf("%.0f%%", 100*s.Survival),
			phases(s.DamageTaken), fmt.Sprintf("%s of %d", one(s.DefenceLeft), s.StartDefence)})
	}
	v.sides.setRows(sides)
	v.ships.setRows(ships)
	v.status.SetText(fmt.Sprintf("%d runs, seeds %d to %d. Fire, defence and fuel of others' ships the sheet does not show are taken as built; their alliances are not known.",
		sum.Runs, sum.First, sum.First+int64(sum.Runs)-1))
}

// one prints a mean with one decimal, or none when it is whole.
func one(x float64) string {
	if x == float64(int64(x)) {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// phases prints the figures of phases 2, 3 and 4.
func phases(x [3]float64) string { return one(x[0]) + " / " + one(x[1]) + " / " + one(x[2]) }

// setRows shows other rows.
func (t *sortTable) setRows(rows [][]string) {
	t.rows = rows
	t.sortBy, t.desc = -1, false
	t.fitRows()
	t.table.Refresh()
}

// widthOf gives an entry a width of its own in a row of buttons.
func widthOf(o fyne.CanvasObject, w float32) fyne.CanvasObject {
	return container.New(fixedWidth{w}, o)
}
