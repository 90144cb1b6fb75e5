package app

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/app/practice"
	"silverfall/engine/ai"
	"silverfall/engine/model"
)

// The walk: a model-based test of the window. A seeded random walk does
// what a player does (select in the tree, on the map and in the tables;
// give, edit, delete and move orders through forms and the order text;
// undo and redo; switch tabs; end a practice turn; step through turns;
// open the demo and sheets good and broken; open and answer dialogs;
// resize) and after every step checks what the player relies on. A failure
// prints the seed and the steps, and how to replay them.
var (
	walkSeed  = flag.Int64("walk.seed", 0, "walk this seed only, or the first of -walk.seeds (0: from 1)")
	walkSteps = flag.Int("walk.steps", 0, "steps of each walk (0: the bounded walk of make test)")
	walkSeeds = flag.Int("walk.seeds", 0, "how many seeds to walk (0: the bounded walk's, or one with -walk.seed)")
	walkShow  = flag.Bool("walk.show", false, "log every step of a walk that passes too")
)

// The bounded walk of make test: counted in steps, well under a minute
// here.
const (
	boundedWalkSeeds = 2
	boundedWalkSteps = 500
	raceWalkSteps    = 300 // under the race detector, one seed
	paintEvery       = 16
)

func TestWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("the walk is long")
	}
	steps := *walkSteps
	if steps <= 0 {
		steps = boundedWalkSteps
		if raceOn {
			// Under the race detector the walk looks for data races, which
			// a few hundred steps of each kind of action meet as well as a
			// thousand: one seed of the bounded walk's steps.
			steps = raceWalkSteps
		}
	}
	// -walk.seed alone replays one seed; with -walk.seeds, walks that many
	// from it.
	first, n := *walkSeed, *walkSeeds
	switch {
	case first != 0 && n <= 0:
		n = 1
	case n <= 0 && raceOn:
		n = 1
	case n <= 0:
		n = boundedWalkSeeds
	}
	first = max(first, 1)
	var seeds []int64
	for s := first; s < first+int64(n); s++ {
		seeds = append(seeds, s)
	}
	// Dialogs start in the home folder: the walk's own.
	t.Setenv("HOME", t.TempDir())
	sheets := hostGame(t, 3, 4)
	broken := filepath.Join(t.TempDir(), "broken.txt")
	if err := os.WriteFile(broken, []byte("DARKNESS OF SILVERFALL -- TURN SHEET\nGame: X\nPlayer: abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			w := newWalker(t, seed, steps)
			w.sheets, w.broken = sheets, broken
			w.run()
		})
	}
}

// walker walks a window.
type walker struct {
	t      *testing.T
	x      *App
	a      fyne.App
	seed   int64
	n      int
	rng    *rand.Rand
	steps  []string
	sheets []string // good sheets of a hosted game, oldest first
	broken string   // a sheet cut short in its header
	// What the walk went through, for its log: the games and turns shown,
	// the steps on an earlier turn, with a dialog, with orders.
	titles                         map[string]bool
	onEarlier, inDialog, withOrder int
	mostOrders                     int
}

func newWalker(t *testing.T, seed int64, n int) *walker {
	a := test.NewTempApp(t)
	x := New(a, Options{Frames: software, Workspaces: t.TempDir()})
	x.NativeDialogs = false
	x.Background = func(f func()) { f() }
	x.tips.watchEvery = 0
	x.SaveInLine()
	x.Window().Resize(fyne.NewSize(1280, 800))
	w := &walker{t: t, x: x, a: a, seed: seed, n: n, rng: rand.New(rand.NewSource(seed)), titles: map[string]bool{}}
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	x.Window().Canvas().Capture()
	return w
}

// action is a thing a player does; it says what it did.
type action struct {
	name   string
	weight int
	modal  bool // can be done while a dialog shows (keys, resizing)
	do     func(w *walker) string
}

var walkActions = []action{
	{"select in the tree", 8, false, (*walker).selectInTree},
	{"click the map", 6, false, (*walker).clickMap},
	{"hover the map", 3, false, (*walker).hoverMap},
	{"key on the map", 3, false, (*walker).keyOnMap},
	{"select a ship in the table", 5, false, (*walker).selectShipRow},
	{"sort or filter the ships", 2, false, (*walker).sortShips},
	{"select an order row", 8, false, (*walker).selectOrderRow},
	{"select a row of This turn", 2, false, (*walker).selectThisTurnRow},
	{"search", 2, false, (*walker).search},
	{"select or sort search results", 2, false, (*walker).useSearchRows},
	{"select a checker message", 2, false, (*walker).selectTextMessage},
	{"jump to a sheet section", 1, false, (*walker).jumpToSection},
	{"choose a plot", 1, false, (*walker).choosePlot},
	{"press an order button", 8, false, (*walker).pressOrderButton},
	{"give an order by form", 8, false, (*walker).orderByForm},
	{"type the order text", 6, false, (*walker).typeText},
	{"paste orders", 2, false, (*walker).pasteOrders},
	{"leave the order text", 2, false, (*walker).leaveText},
	{"undo or redo", 4, true, (*walker).undoRedo},
	{"switch tabs", 5, false, (*walker).switchTab},
	{"step through turns", 5, true, (*walker).stepTurn},
	{"end turn", 2, true, (*walker).endTurn},
	{"open a game", 2, false, (*walker).openGame},
	{"use the menu", 4, false, (*walker).useMenu},
	{"answer the dialog", 30, true, (*walker).answerDialog},
	{"press a shortcut", 3, true, (*walker).shortcut},
	{"resize", 1, true, (*walker).resize},
}

func (w *walker) run() {
	total := 0
	for _, a := range walkActions {
		total += a.weight
	}
	for i := 0; i < w.n; i++ {
		modal := w.x.Window().Canvas().Overlays().Top() != nil
		var a action
		for {
			r := w.rng.Intn(total)
			for _, c := range walkActions {
				if r -= c.weight; r < 0 {
					a = c
					break
				}
			}
			if !modal || a.modal {
				break
			}
		}
		before := w.snapshot()
		var what string
		if msg := w.guard(func() { what = a.do(w) }); msg != "" {
			w.steps = append(w.steps, fmt.Sprintf("%d %s: %s", i, a.name, what))
			w.fail(msg)
		}
		w.steps = append(w.steps, fmt.Sprintf("%d %s: %s", i, a.name, what))
		// The window is painted whole after a game change and every few
		// steps (painting is most of a step's time; the views draw their
		// rows as they change in any case).
		if i%paintEvery == paintEvery-1 || w.x.Window().Title() != before.title {
			if msg := w.guard(func() { w.x.Window().Canvas().Capture() }); msg != "" {
				w.fail("painting the window: " + msg)
			}
		}
		w.closeOtherWindows()
		if msg := w.check(before); msg != "" {
			w.fail(msg)
		}
		w.count()
	}
	if *walkShow {
		w.t.Logf("the steps:\n  %s", strings.Join(w.steps, "\n  "))
	}
	w.t.Logf("seed %d: %d steps through %d games and turns; %d steps on an earlier turn, %d with a dialog, %d with a row chosen; at most %d orders",
		w.seed, w.n, len(w.titles), w.onEarlier, w.inDialog, w.withOrder, w.mostOrders)
}

// count notes what the step left shown.
func (w *walker) count() {
	x := w.x
	w.titles[x.Window().Title()] = true
	if x.st.Earlier() {
		w.onEarlier++
	}
	if x.Window().Canvas().Overlays().Top() != nil {
		w.inDialog++
	}
	if x.st.Chosen() >= 0 || x.orders.selRow >= 0 {
		w.withOrder++
	}
	w.mostOrders = max(w.mostOrders, len(x.st.Draft().Orders()))
}

// guard runs f and turns a panic into its message and stack.
func (w *walker) guard(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	f()
	return ""
}

func (w *walker) fail(msg string) {
	w.t.Helper()
	shown := w.steps
	const last = 80
	if len(shown) > last {
		shown = shown[len(shown)-last:]
	}
	w.t.Fatalf("walk seed %d failed after %d steps: %s\nthe last steps:\n  %s\nreplay: go test ./app -run '^TestWalk$' -walk.seed=%d -walk.steps=%d -v",
		w.seed, len(w.steps), msg, strings.Join(shown, "\n  "), w.seed, len(w.steps))
}

// closeOtherWindows closes the help windows a step opened.
func (w *walker) closeOtherWindows() {
	wins := append([]fyne.Window(nil), w.a.Driver().AllWindows()...)
	for _, win := range wins {
		if win != nil && win != w.x.Window() {
			win.Close()
		}
	}
}

// snapshot is what a step must leave alone: an earlier turn's orders.
type snapshot struct {
	title   string
	draft   *draft.Draft
	earlier bool
	text    string
}

func (w *walker) snapshot() snapshot {
	d := w.x.st.Draft()
	s := snapshot{title: w.x.Window().Title(), draft: d, earlier: w.x.st.Earlier()}
	if d != nil {
		s.text = d.Text() + strings.Join(d.UnreadTexts(), "\n")
	}
	return s
}

// check holds the invariants: the orders list shows the draft's orders,
// what is selected exists in the game shown, the title names the turn
// shown, an earlier turn takes no edit, the draft on disk is the draft
// shown. It says what is wrong, "" when nothing is.
func (w *walker) check(before snapshot) string {
	x := w.x
	g, d := x.st.Game(), x.st.Draft()
	if g == nil || d == nil {
		return "no game shown"
	}
	if msg := w.checkOrdersList(d); msg != "" {
		return msg
	}
	if key := x.st.Selected(); !has(g, key) {
		return fmt.Sprintf("%v is selected, which turn %d of %s does not have", key, g.K.Turn, g.K.Game)
	}
	if msg := w.checkViews(g, d); msg != "" {
		return msg
	}
	if c := x.st.Chosen(); c >= len(d.Orders()) {
		return fmt.Sprintf("order %d is chosen of %d", c, len(d.Orders()))
	}
	want := fmt.Sprintf("%s, player %d, turn %d", g.K.Game, g.K.Empire.Player, g.K.Turn)
	if title := x.Window().Title(); !strings.Contains(title, want) {
		return fmt.Sprintf("the title is %q, the game shown %q", title, want)
	}
	if x.st.Earlier() != d.ReadOnly() {
		return fmt.Sprintf("earlier turn %v, read-only orders %v", x.st.Earlier(), d.ReadOnly())
	}
	if before.earlier && before.draft == d {
		if now := w.snapshot(); now.text != before.text {
			return fmt.Sprintf("an earlier turn's orders changed:\n%s\nto\n%s", before.text, now.text)
		}
	}
	return w.checkDisk(g, d)
}

// checkViews says whether the views show the selection and the orders
// shown: the tree, the details, the ships table, the order text.
func (w *walker) checkViews(g *Game, d *draft.Draft) string {
	x := w.x
	sel := x.st.Selected()
	if key := model.ParseKey(x.tree.shown); !key.IsZero() && key != sel {
		return fmt.Sprintf("the tree highlights %v, %v is selected", key, sel)
	}
	if title, _ := g.Details(sel); x.details.title.Text != title && !sel.IsZero() {
		return fmt.Sprintf("the details are titled %q, %v (%q) is selected", x.details.title.Text, sel, title)
	}
	if p := x.ships; p.row >= 0 && (p.row >= len(p.rows) || model.ShipKey(p.rows[p.row].id) != sel) {
		return fmt.Sprintf("the ships table highlights row %d, %v is selected", p.row, sel)
	}
	if v := x.search; v.result != nil && v.of != g {
		return "the search's rows are of a game no longer shown"
	}
	if c, p := x.st.Chosen(), x.orders; c >= 0 && (p.selRow < 0 || p.rows[p.selRow].index != c) {
		return fmt.Sprintf("order %d is chosen, the orders list highlights row %d", c, p.selRow)
	}
	if k, _ := x.st.Picking(); (k != PickNothing) != (x.mapView.picker.request != nil) {
		return fmt.Sprintf("the state says pick %v, the map has a request: %v", k, x.mapView.picker.request != nil)
	}
	if p := x.text; !p.editing && !p.stale && p.Text() != d.Text() {
		return fmt.Sprintf("the order text shows\n%s\nthe draft is\n%s", p.Text(), d.Text())
	}
	return ""
}

// checkOrdersList says whether the orders list shows each of the draft's
// orders once, from the draft shown.
func (w *walker) checkOrdersList(d *draft.Draft) string {
	p := w.x.orders
	if p.built != d {
		return "the orders list was built from another draft than the one shown"
	}
	seen := make([]int, len(d.Orders()))
	for _, r := range p.rows {
		if r.index >= len(seen) {
			return fmt.Sprintf("the orders list has a row of order %d; the draft has %d", r.index, len(seen))
		}
		if r.index >= 0 {
			seen[r.index]++
		}
	}
	for i, n := range seen {
		if n != 1 {
			return fmt.Sprintf("the orders list shows order %d (%s) %d times", i, d.Orders()[i], n)
		}
	}
	if p.selRow >= len(p.rows) {
		return fmt.Sprintf("row %d of %d is selected in the orders list", p.selRow, len(p.rows))
	}
	return ""
}

// checkDisk says whether the draft kept in the workspace is the draft
// shown (the current turn's; an earlier turn saves nothing).
func (w *walker) checkDisk(g *Game, d *draft.Draft) string {
	ws := w.x.st.Workspace()
	if ws == nil || w.x.st.Earlier() {
		return ""
	}
	want, err := ws.EncodeDraft(orderFileOf(w.x.st))
	if err != nil {
		return "the draft cannot be encoded: " + err.Error()
	}
	got, err := os.ReadFile(ws.DraftPath(g.K.Turn + 1))
	switch {
	case os.IsNotExist(err):
		if len(d.Orders()) > 0 || len(d.Unread()) > 0 {
			return fmt.Sprintf("the draft of %d orders is not on disk", len(d.Orders()))
		}
	case err != nil:
		return err.Error()
	case !bytes.Equal(got, want):
		return fmt.Sprintf("the draft on disk is not the draft shown:\n%s\nshown:\n%s", got, want)
	}
	return ""
}

// pick is a random index below n (n > 0).
func (w *walker) pick(n int) int { return w.rng.Intn(n) }

func (w *walker) selectInTree() string {
	var uids []string
	for _, c := range w.x.tree.cats {
		uids = append(uids, c.Key)
		for _, it := range c.Items {
			uids = append(uids, it.Key.String())
		}
	}
	if len(uids) == 0 {
		return "nothing in the tree"
	}
	uid := uids[w.pick(len(uids))]
	w.x.tree.tree.Select(uid)
	return uid
}

func (w *walker) mapPoint() (fyne.Position, string) {
	v := w.x.mapView
	s := v.Size()
	if m := v.Map(); m != nil && len(m.Bodies) > 0 && w.pick(3) > 0 {
		i := w.pick(len(m.Bodies))
		if px, py, _, ok := w.x.st.Camera().Project(m.Bodies[i].Pos, v.frames.pw, v.frames.ph); ok && v.frames.pw > 0 && v.frames.ph > 0 {
			return fyne.NewPos(float32(px)*s.Width/float32(v.frames.pw), float32(py)*s.Height/float32(v.frames.ph)), fmt.Sprintf("body %d", i)
		}
	}
	p := fyne.NewPos(float32(w.rng.Float64())*s.Width, float32(w.rng.Float64())*s.Height)
	return p, fmt.Sprintf("at %.0f,%.0f", p.X, p.Y)
}

func (w *walker) clickMap() string {
	p, what := w.mapPoint()
	if w.pick(5) == 0 {
		w.x.mapView.DoubleTapped(&fyne.PointEvent{Position: p})
		return "double-click " + what
	}
	w.x.mapView.Tapped(&fyne.PointEvent{Position: p})
	return what
}

func (w *walker) hoverMap() string {
	p, what := w.mapPoint()
	w.x.mapView.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}})
	return what
}

func (w *walker) keyOnMap() string {
	keys := []fyne.KeyName{fyne.KeyF, fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown, fyne.KeyPlus, fyne.KeyMinus, fyne.KeyEscape}
	k := keys[w.pick(len(keys))]
	w.x.mapView.TypedKey(&fyne.KeyEvent{Name: k})
	return string(k)
}

func (w *walker) selectShipRow() string {
	p := w.x.ships
	if len(p.rows) == 0 {
		return "no rows"
	}
	id := widget.TableCellID{Row: w.pick(len(p.rows)), Col: w.pick(shipColumns)}
	p.table.Select(id)
	return fmt.Sprintf("row %d (ship %d)", id.Row, p.rows[id.Row].id)
}

func (w *walker) sortShips() string {
	p := w.x.ships
	if w.pick(2) == 0 {
		col := w.pick(shipColumns)
		p.sortOn(col)
		return fmt.Sprintf("sort on %s", shipHeads[col])
	}
	opts := p.filter.Options
	f := opts[w.pick(len(opts))]
	p.filter.SetSelected(f)
	return f
}

func (w *walker) selectOrderRow() string {
	p := w.x.orders
	if len(p.rows) == 0 {
		return "no rows"
	}
	i := w.pick(len(p.rows))
	p.list.Select(i)
	return fmt.Sprintf("row %d of %d", i, len(p.rows))
}

func (w *walker) selectThisTurnRow() string {
	v := w.x.thisTurn
	if len(v.rows) == 0 {
		return "no rows"
	}
	i := w.pick(len(v.rows))
	v.list.Select(i)
	return fmt.Sprintf("row %d of %d", i, len(v.rows))
}

// walkQueries are queries a player types, some of which do not read.
var walkQueries = []string{"my ships", "planets within 300 of planet 3", "foreign ships", "ships with fuel below 100",
	"unowned planets with ore 2", "planets within of ship", "objects named a", "ship 1", "empires", ""}

func (w *walker) search() string {
	q := walkQueries[w.pick(len(walkQueries))]
	e := w.x.search.entry
	e.SetText(q)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	return fmt.Sprintf("%q: %s", q, w.x.search.note.Text)
}

func (w *walker) useSearchRows() string {
	v := w.x.search
	if v.result == nil || len(v.result.Rows) == 0 {
		return "no rows"
	}
	if col := w.pick(len(v.result.Heads) + 1); col < len(v.result.Heads) {
		v.sortOn(col)
		return "sort on " + v.result.Heads[col]
	}
	i := w.pick(len(v.result.Rows))
	v.table.Select(widget.TableCellID{Row: i, Col: 0})
	return fmt.Sprintf("row %d (%v)", i, v.result.Rows[i].Key)
}

func (w *walker) selectTextMessage() string {
	p := w.x.text
	if len(p.msgs) == 0 {
		return "no messages"
	}
	i := w.pick(len(p.msgs))
	p.list.Select(i)
	return fmt.Sprintf("message %d of %d", i, len(p.msgs))
}

func (w *walker) jumpToSection() string {
	opts := w.x.sheet.jump.Options
	if len(opts) == 0 {
		return "no sections"
	}
	s := opts[w.pick(len(opts))]
	w.x.sheet.jump.SetSelected(s)
	return s
}

func (w *walker) choosePlot() string {
	opts := w.x.plots.pick.Options
	if len(opts) == 0 {
		return "no plots"
	}
	s := opts[w.pick(len(opts))]
	w.x.plots.pick.SetSelected(s)
	return s
}

func (w *walker) pressOrderButton() string {
	p := w.x.orders
	buttons := []*tipButton{p.undo, p.redo}
	for _, a := range p.acts {
		buttons = append(buttons, a.b)
	}
	b := buttons[w.pick(len(buttons))]
	test.Tap(b)
	state := "enabled"
	if b.Disabled() {
		state = "disabled"
	}
	return fmt.Sprintf("%q (%s, %s)", b.Text, b.tip, state)
}

// orderByForm presses one of the order buttons of the Details tab; the
// form it opens is answered by the next steps.
func (w *walker) orderByForm() string {
	var buttons []*widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch b := o.(type) {
		case *tipButton:
			buttons = append(buttons, &b.Button)
		case *widget.Button:
			buttons = append(buttons, b)
		case *fyne.Container:
			for _, c := range b.Objects {
				walk(c)
			}
		}
	}
	walk(w.x.details.palette)
	if len(buttons) == 0 {
		return "no order buttons for " + w.x.st.Selected().String()
	}
	b := buttons[w.pick(len(buttons))]
	b.OnTapped()
	return fmt.Sprintf("%q for %v", b.Text, w.x.st.Selected())
}

// typeText changes the order text as a player typing would: a line added,
// taken away, swapped or mangled.
func (w *walker) typeText() string {
	x := w.x
	lines := strings.Split(strings.TrimSuffix(x.text.Text(), "\n"), "\n")
	if x.text.Text() == "" {
		lines = nil
	}
	g := x.st.Game()
	ship := 1
	if len(g.K.Ships) > 0 {
		ship = g.K.Ships[w.pick(len(g.K.Ships))].ID
	}
	what := ""
	switch op := w.pick(6); {
	case op <= 2 || len(lines) == 0:
		l := []string{
			fmt.Sprintf("MO %d %d %d %d", ship, w.pick(200)-100, w.pick(200)-100, w.pick(200)-100),
			fmt.Sprintf("SM %d %d", ship, w.pick(20)),
			fmt.Sprintf("PI %d", w.pick(30)),
			"XX not an order",
			"",
			"# a note",
		}[w.pick(6)]
		at := w.pick(len(lines) + 1)
		lines = append(lines[:at], append([]string{l}, lines[at:]...)...)
		what = fmt.Sprintf("line %d %q added", at+1, l)
	case op == 2:
		at := w.pick(len(lines))
		what = fmt.Sprintf("line %d %q taken away", at+1, lines[at])
		lines = append(lines[:at], lines[at+1:]...)
	case op == 3:
		i, j := w.pick(len(lines)), w.pick(len(lines))
		lines[i], lines[j] = lines[j], lines[i]
		what = fmt.Sprintf("lines %d and %d swapped", i+1, j+1)
	default:
		at := w.pick(len(lines))
		lines[at] += fmt.Sprint(w.pick(10))
		what = fmt.Sprintf("line %d now %q", at+1, lines[at])
	}
	x.st.ShowTab(TabText)
	x.text.SetText(strings.Join(lines, "\n") + "\n")
	return what
}

// pasteOrders replaces the order text with a whole turn's orders, the
// computer's for the empire, as a player pasting them would.
func (w *walker) pasteOrders() string {
	x := w.x
	g := x.st.Game()
	orders := ai.Play(x.rules, g.K, uint64(w.rng.Int63()), ai.Easy())
	var b strings.Builder
	for _, o := range orders {
		b.WriteString(o.String() + "\n")
	}
	x.st.ShowTab(TabText)
	x.text.SetText(b.String())
	return fmt.Sprintf("%d orders", len(orders))
}

func (w *walker) leaveText() string {
	w.x.Window().Canvas().Unfocus()
	return ""
}

func (w *walker) undoRedo() string {
	c := w.x.Window().Canvas().(interface{ TypedShortcut(fyne.Shortcut) })
	if w.pick(2) == 0 {
		c.TypedShortcut(&fyne.ShortcutUndo{})
		return "Ctrl+Z"
	}
	c.TypedShortcut(&fyne.ShortcutRedo{})
	return "Ctrl+Y"
}

func (w *walker) switchTab() string {
	if w.pick(2) == 0 {
		i := w.pick(len(w.x.rightTabs.Items))
		w.x.rightTabs.SelectIndex(i)
		return "right " + w.x.rightTabs.Items[i].Text
	}
	i := w.pick(len(w.x.bottomTabs.Items))
	w.x.bottomTabs.SelectIndex(i)
	return "bottom " + w.x.bottomTabs.Items[i].Text
}

func (w *walker) stepTurn() string {
	c := w.x.Window().Canvas().(interface{ TypedShortcut(fyne.Shortcut) })
	alt := func(k fyne.KeyName) {
		c.TypedShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierAlt})
	}
	switch w.pick(4) {
	case 0:
		alt(fyne.KeyLeft)
		return "Alt+Left"
	case 1:
		alt(fyne.KeyRight)
		return "Alt+Right"
	case 2:
		alt(fyne.KeyEnd)
		return "Alt+End"
	}
	opts := w.x.turns.pick.Options
	if len(opts) == 0 {
		return "no turns"
	}
	s := opts[w.pick(len(opts))]
	w.x.turns.pick.SetSelected(s)
	return "turn " + s
}

// endTurn ends the turn of a practice game (Ctrl+T or the button), and
// starts one when none is shown.
func (w *walker) endTurn() string {
	v := w.x.practice
	if v.Shown() == nil {
		if w.x.Window().Canvas().Overlays().Top() != nil {
			return "a dialog shows"
		}
		seed := w.rng.Int63n(1000) + 1
		v.start(practice.Options{Seed: seed, Players: 2 + w.pick(2), Level: "easy"})
		return fmt.Sprintf("new practice game, seed %d", seed)
	}
	if w.pick(2) == 0 {
		c := w.x.Window().Canvas().(interface{ TypedShortcut(fyne.Shortcut) })
		c.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyT, Modifier: fyne.KeyModifierShortcutDefault})
		return "Ctrl+T"
	}
	test.Tap(v.button)
	return fmt.Sprintf("the %q button (%s)", v.button.Text, v.button.tip)
}

func (w *walker) openGame() string {
	x := w.x
	switch w.pick(5) {
	case 0:
		if err := x.LoadDemo(); err != nil {
			return "the demo: " + err.Error()
		}
		return "the demo"
	case 1:
		x.Import(w.broken)
		return "a broken sheet"
	case 2:
		x.practice.ContinueDialog()
		return "Continue practice game…"
	}
	i := w.pick(len(w.sheets))
	x.Import(w.sheets[i])
	return fmt.Sprintf("turn %d of the hosted game", i+1)
}

// useMenu picks an entry of the main menu, as a click would; the dialog it
// opens is answered by the next steps. The help's windows are closed after
// the step.
func (w *walker) useMenu() string {
	var items []*fyne.MenuItem
	var add func(its []*fyne.MenuItem)
	add = func(its []*fyne.MenuItem) {
		for _, it := range its {
			if it.IsSeparator || it.Disabled || it.Action == nil {
				continue
			}
			switch it.Label {
			case "Fetch turn sheets", "Send orders…", "Quit":
				continue // the mail walks elsewhere, with servers of its own
			}
			items = append(items, it)
			if it.ChildMenu != nil {
				add(it.ChildMenu.Items)
			}
		}
	}
	for _, m := range w.x.Window().MainMenu().Items {
		add(m.Items)
	}
	it := items[w.pick(len(items))]
	it.Action()
	return it.Label
}

// answerDialog presses a button of the dialog on top: OK, Cancel, Close,
// Yes, No, a form's fields filled first. It sends and saves nothing.
func (w *walker) answerDialog() string {
	top := w.x.Window().Canvas().Overlays().Top()
	if top == nil {
		return "no dialog"
	}
	var buttons, icons []*widget.Button
	var entries []*widget.Entry
	var items []fyne.Tappable // a pop-up menu's entries (the ships of a marker)
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		switch b := o.(type) {
		case *tipButton:
			if b.Text != "" {
				buttons = append(buttons, &b.Button)
			}
			return
		case *widget.Button:
			if b.Text != "" {
				buttons = append(buttons, b)
			} else if b.Icon != nil {
				icons = append(icons, b) // a pick on the map, a folder's buttons
			}
			return
		case *formEntry:
			entries = append(entries, &b.Entry)
			return
		case *widget.Entry:
			if _, err := strconv.Atoi(b.Text); err == nil {
				entries = append(entries, b) // a number (a practice game's seed): one of the walk's
			}
			return
		case *fyne.Container:
			for _, c := range b.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			if tap, ok := b.(fyne.Tappable); ok && fmt.Sprintf("%T", b) == "*widget.menuItem" {
				items = append(items, tap)
				return
			}
			for _, c := range test.WidgetRenderer(b).Objects() {
				walk(c)
			}
		}
	}
	walk(top)
	if len(items) > 0 {
		i := w.pick(len(items) + 1)
		if i == len(items) {
			w.x.Window().Canvas().Overlays().Remove(top)
			return fmt.Sprintf("a menu of %d left", len(items))
		}
		test.Tap(items[i])
		return fmt.Sprintf("entry %d of a menu of %d", i, len(items))
	}
	filled := 0
	for _, e := range entries {
		if w.pick(2) == 0 {
			e.SetText(fmt.Sprint(w.pick(300) - 100))
			filled++
		}
	}
	if len(icons) > 0 && w.pick(4) == 0 {
		b := icons[w.pick(len(icons))]
		test.Tap(b)
		return fmt.Sprintf("an icon button (%d fields filled) in %.60q", filled, collectText(top))
	}
	var ok []*widget.Button
	for _, b := range buttons {
		switch b.Text {
		case "Send", "Fetch", "Save", "Save as PNG/SVG…":
			continue // nothing leaves the walk
		}
		ok = append(ok, b)
	}
	if len(ok) == 0 {
		w.x.Window().Canvas().Overlays().Remove(top)
		return "no button to press: the dialog taken away"
	}
	b := ok[w.pick(len(ok))]
	test.Tap(b)
	return fmt.Sprintf("%q (%d fields filled) in %.60q", b.Text, filled, collectText(top))
}

// shortcut presses a key of the menus: they work while a dialog shows.
func (w *walker) shortcut() string {
	keys := []fyne.KeyName{fyne.KeyN, fyne.KeyR, fyne.KeyE, fyne.KeyO, fyne.KeyT, fyne.KeyF}
	k := keys[w.pick(len(keys))]
	c := w.x.Window().Canvas().(interface{ TypedShortcut(fyne.Shortcut) })
	c.TypedShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault})
	return "Ctrl+" + string(k)
}

func (w *walker) resize() string {
	s := fyne.NewSize(float32(1000+w.pick(920)), float32(700+w.pick(500)))
	w.x.Window().Resize(s)
	return fmt.Sprintf("%.0fx%.0f", s.Width, s.Height)
}
