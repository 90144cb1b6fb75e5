package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/practice"
	"silverfall/app/workspace"
	"silverfall/engine/model"
	"silverfall/host"
)

// A game change with an order row selected (the last of a long list)
// draws nothing of the new game with the old game's rows: End turn in a
// practice game, a turn step and the demo opened (bug: a panic in
// ordersPanel.rowVerdict, index out of range).
func TestGameChangeWithRowSelected(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 7, Players: 3, Level: "easy"})
	selectLastOrder := func() {
		t.Helper()
		giveOrders(t, x)
		x.st.ShowTab(TabOrders)
		x.Window().Canvas().Capture()
		last := -1
		for i, r := range x.orders.rows {
			if r.index >= 0 {
				last = i
			}
		}
		if last < 0 {
			t.Fatal("no order row")
		}
		x.orders.list.Select(last)
		x.orders.list.ScrollToBottom()
		x.Window().Canvas().Capture()
		if x.st.Chosen() < 0 {
			t.Fatal("selecting the row chose no order")
		}
	}
	selectLastOrder()
	x.practice.EndTurn()
	if g := x.st.Game(); g.K.Turn != 2 {
		t.Fatalf("End turn: turn %d", g.K.Turn)
	}
	x.Window().Canvas().Capture()
	selectLastOrder()
	x.practice.EndTurn()
	x.Window().Canvas().Capture()
	selectLastOrder()
	x.turns.Earlier()
	x.Window().Canvas().Capture()
	x.orders.list.Select(len(x.orders.rows) - 1)
	x.turns.Current()
	x.Window().Canvas().Capture()
	selectLastOrder()
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	x.Window().Canvas().Capture()
}

// On an earlier turn the buttons that change the orders are disabled and
// say why on hover; End turn is disabled with its reason, and does
// nothing (bug: they looked enabled and silently did nothing, End turn
// asked to open the newest sheet and then ended nothing).
func TestEarlierTurnControlsSayWhy(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 3, Players: 2, Level: "easy"})
	giveOrders(t, x)
	x.practice.EndTurn()
	giveOrders(t, x)
	x.st.ChooseOrder(0)
	for _, a := range x.orders.acts {
		if a.b.Disabled() {
			t.Errorf("on the current turn with an order chosen, %q is disabled: %s", a.b.Text, a.b.tip)
		}
	}
	if x.practice.button.Disabled() || x.practice.endItem.Disabled {
		t.Fatalf("End turn disabled on the current turn: %s", x.practice.button.tip)
	}
	x.turns.Earlier()
	if !x.st.Earlier() || x.st.Game().K.Turn != 1 {
		t.Fatalf("not on turn 1: %d", x.st.Game().K.Turn)
	}
	x.orders.list.Select(1)
	for _, a := range x.orders.acts {
		if !a.b.Disabled() || !strings.Contains(a.b.tip, "read-only") {
			t.Errorf("on an earlier turn %q (%s) is enabled %v, tip %q", a.b.Text, a.tip, !a.b.Disabled(), a.b.tip)
		}
	}
	if !x.orders.undo.Disabled() || !x.orders.redo.Disabled() {
		t.Error("undo or redo enabled on an earlier turn")
	}
	if p := x.orders; !p.undoItem.Disabled || !p.redoItem.Disabled || !p.nextItem.Disabled {
		t.Errorf("the Orders menu on an earlier turn: undo %v, redo %v, next ship %v enabled", !p.undoItem.Disabled, !p.redoItem.Disabled, !p.nextItem.Disabled)
	}
	v := x.practice
	if !v.button.Disabled() || !v.endItem.Disabled || !strings.Contains(v.button.tip, "Alt+End") {
		t.Errorf("End turn on an earlier turn: disabled %v (menu %v), tip %q", v.button.Disabled(), v.endItem.Disabled, v.button.tip)
	}
	before := x.st.Draft().Text()
	v.EndTurn()
	if top := x.Window().Canvas().Overlays().Top(); top != nil {
		t.Errorf("End turn on an earlier turn asked: %s", collectText(top))
	}
	if n, _ := practice.Read(v.Shown().Dir); n.Turn != 2 || x.st.Game().K.Turn != 1 || x.st.Draft().Text() != before {
		t.Errorf("End turn on an earlier turn did something: game at %d, shown %d", n.Turn, x.st.Game().K.Turn)
	}
	if !strings.Contains(x.status.Text(), "earlier turn") {
		t.Errorf("the status says %q", x.status.Text())
	}
	x.turns.Current()
	if p := x.orders; p.undoItem.Disabled || p.nextItem.Disabled {
		t.Errorf("the Orders menu back on the current turn: undo %v, next ship %v disabled", p.undoItem.Disabled, p.nextItem.Disabled)
	}
	if v.button.Disabled() || v.endItem.Disabled {
		t.Errorf("End turn still disabled back on the current turn: %s", v.button.tip)
	}
	// Without an order chosen, the buttons that act on one say so.
	x.st.ChooseOrder(-1)
	if b := x.orders.acts[0].b; !b.Disabled() || !strings.Contains(b.tip, noChosenTip) {
		t.Errorf("Edit with no order chosen: disabled %v, %q", b.Disabled(), b.tip)
	}
}

// After sfhost turn on a practice folder from the command line, the next
// start opens the newest turn, with the turns between in the turn bar.
func TestRestartOpensNewestPracticeTurn(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 9, Players: 2, Level: "easy"})
	dir, last := x.practice.Shown().Dir, x.settings.LastSheet
	if last == "" {
		t.Fatal("no last sheet kept")
	}
	for i := 0; i < 2; i++ { // sfhost turn DIR --auto-missing, twice
		h, err := host.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			t.Fatal(err)
		}
		h.Close()
	}
	y := New(test.NewTempApp(t), Options{Frames: software, Workspaces: x.keep.root})
	y.Background = func(f func()) { f() }
	y.SaveInLine()
	if err := y.Reopen(workspace.Reopen(last)); err != nil {
		t.Fatal(err)
	}
	if g := y.st.Game(); g.K.Turn != 3 || y.st.Earlier() || y.practice.Shown() == nil {
		t.Fatalf("the restart shows turn %d (earlier %v, practice %v)", g.K.Turn, y.st.Earlier(), y.practice.Shown())
	}
	if got := y.turns.turns(); len(got) != 3 {
		t.Errorf("the turn bar has turns %v, want 1 to 3", got)
	}
	if y.practice.button.Disabled() {
		t.Errorf("End turn disabled on the newest turn: %s", y.practice.button.tip)
	}
	// An older sheet of it reopened opens the newest too.
	if err := y.Reopen(x.keep.ws.ReportPath(1)); err != nil || y.st.Game().K.Turn != 3 {
		t.Errorf("reopening turn 1 of the practice game: %v, turn %d", err, y.st.Game().K.Turn)
	}
}

// A sheet cut short in its header (a game line, "Player: abc") is refused
// with its line; the game shown stays, and no workspace is made for it
// (bug: it loaded as an empty game "X, player 0" and opened at the next
// start).
func TestBrokenHeaderRefused(t *testing.T) {
	x := newApp(t)
	before, last := x.st.Game(), x.settings.LastSheet
	for _, c := range []struct{ text, want string }{
		{"Game: X\nPlayer: abc\n", `broken.txt:3: header: expected the player number`},
		{"Game: X\nPlayer: 2 Zorg\n", `broken.txt:2: header: the "Turn:" line is missing`},
	} {
		path := filepath.Join(t.TempDir(), "broken.txt")
		if err := os.WriteFile(path, []byte("DARKNESS OF SILVERFALL -- TURN SHEET\n"+c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		x.Import(path)
		top := x.Window().Canvas().Overlays().Top()
		if top == nil || !strings.Contains(collectText(top), c.want) || !strings.Contains(collectText(top), "still loaded") {
			t.Errorf("%q: no refusal naming the line (a dialog: %v)", c.text, top != nil)
		} else {
			x.Window().Canvas().Overlays().Remove(top)
		}
		if x.st.Game() != before || x.settings.LastSheet != last {
			t.Errorf("%q: the game shown is now %q player %d (last sheet %q)", c.text, x.st.Game().K.Game, x.st.Game().K.Empire.Player, x.settings.LastSheet)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(x.keep.root, "X*")); len(m) > 0 {
		t.Errorf("a workspace was made for the broken sheet: %v", m)
	}
}

// The ships table highlights the ship selected, wherever sorting and
// filtering move its row, and nothing when no ship is selected (it kept
// the row number, which then named another ship).
func TestShipsTableFollowsSelection(t *testing.T) {
	x := newApp(t)
	p := x.ships
	shown := func() int {
		if p.row < 0 || p.row >= len(p.rows) {
			return 0
		}
		return p.rows[p.row].id
	}
	x.st.Select(model.ShipKey(3), FromTree)
	if shown() != 3 {
		t.Fatalf("ship 3 selected, the table highlights ship %d", shown())
	}
	p.table.Select(widget.TableCellID{Row: 5, Col: 6})
	id := p.rows[5].id
	if x.st.Selected() != model.ShipKey(id) || shown() != id {
		t.Fatalf("row 5 clicked: selected %v, highlighted %d", x.st.Selected(), shown())
	}
	p.sortOn(0)
	p.sortOn(0) // down
	if shown() != id || p.col != 6 {
		t.Errorf("after sorting the table highlights ship %d (column %d), not %d", shown(), p.col, id)
	}
	x.st.Select(model.PlanetKey(5), FromTree)
	if p.row != -1 {
		t.Errorf("a planet selected, the table highlights ship %d", shown())
	}
}

// A pick on the map under way (the ruler's first end) ends with a game
// change: the state and the map agree that no pick is under way, and a
// click on the new game's map selects (bug: the map kept the old game's
// request while the state said none).
func TestGameChangeEndsPick(t *testing.T) {
	x := newApp(t)
	x.ruler.Toggle()
	if k, _ := x.st.Picking(); k != PickPoint || x.mapView.picker.request == nil {
		t.Fatalf("the ruler asks for no pick: %v", k)
	}
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	if k, _ := x.st.Picking(); k != PickNothing || x.mapView.picker.request != nil {
		t.Errorf("after the game change: state pick %v, map request %v", k, x.mapView.picker.request != nil)
	}
	x.Window().Canvas().Capture()
	target := x.st.Game().Map.Find(model.PlanetKey(5))
	x.mapView.Tapped(&fyne.PointEvent{Position: bodyPos(t, x, target)})
	if x.st.Selected() != model.PlanetKey(5) || x.st.Ruler() != nil {
		t.Errorf("a click after the change: selected %v, ruler %v", x.st.Selected(), x.st.Ruler())
	}
}
