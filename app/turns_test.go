package app

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/app/workspace"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/turnsheet"
	"silverfall/host"
)

// hostGame plays a game of players empires over turns turns, the computer
// playing them all, and returns player 1's sheets, oldest first.
// Seed 2 leaves player 1 with planets and foreign ships seen on earlier
// turns that turn 8 no longer shows.
//
// The game is played once for all the package's tests: the sheets are
// only read, and the same seed makes the same game (playing turns is much
// of the tests' time, more so under the race detector).
func hostGame(tb testing.TB, players, turns int) []string {
	tb.Helper()
	hostGames.Lock()
	defer hostGames.Unlock()
	key := [2]int{players, turns}
	if s, ok := hostGames.sheets[key]; ok {
		return s
	}
	dir, err := sharedDir(fmt.Sprintf("steps-%d-%d", players, turns))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := host.New(dir, host.Config{Seed: 2, Players: players, Name: fmt.Sprintf("Steps %d", players)})
	if err != nil {
		tb.Fatal(err)
	}
	defer g.Close()
	for i := 1; i < turns; i++ {
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			tb.Fatal(err)
		}
	}
	var out []string
	for n := 1; n <= turns; n++ {
		out = append(out, filepath.Join(host.TurnDir(g.Dir, n), host.SheetsDir, turnsheet.FileName(1)))
	}
	if hostGames.sheets == nil {
		hostGames.sheets = map[[2]int][]string{}
	}
	hostGames.sheets[key] = out
	return out
}

// hostGames are the games hostGame played, by players and turns.
var hostGames struct {
	sync.Mutex
	sheets map[[2]int][]string
}

// shared is the folder of what the package's tests share, removed when
// they end (TestMain).
var shared struct {
	sync.Mutex
	dir string
}

// sharedDir is a new folder name in the shared folder (not made yet).
func sharedDir(name string) (string, error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.dir == "" {
		d, err := os.MkdirTemp("", "silverfall-app-tests-")
		if err != nil {
			return "", err
		}
		shared.dir = d
	}
	return filepath.Join(shared.dir, name), nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// historyApp opens each sheet in turn in a window whose workspace keeps
// them; an order is drafted on turn 1.
func historyApp(t *testing.T, sheets []string) *App {
	t.Helper()
	x := inLineWindow(t, t.TempDir())
	for i, path := range sheets {
		if err := x.Load(path); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			x.Window().Canvas().Capture() // the first frame: the history is read after it
			o, err := order.Parse(fmt.Sprintf("MO %d 1 2 3", x.st.Game().K.Ships[0].ID))
			if err != nil {
				t.Fatal(err)
			}
			x.st.Draft().Add(o)
		}
	}
	return x
}

// The window remembers what earlier sheets showed: dimmed on the map, in
// the tree and details with the turn last seen, trails with the turn at
// each dot; the check box shows this turn's sheet alone.
func TestRememberedKnowledge(t *testing.T) {
	x := historyApp(t, hostGame(t, 6, 8))
	g := x.st.Game()
	if g.memory == nil || g.K.Turn != 8 {
		t.Fatalf("turn %d, history read: %v", g.K.Turn, g.memory != nil)
	}
	old, dots := 0, 0
	for i, b := range x.mapView.Map().Bodies {
		hover := hoverText(x.st, i, 0)
		if b.Age > 0 && !b.Dot {
			old++
			// When it was seen, and what it was: its kind, type and owner.
			if !strings.Contains(hover, fmt.Sprintf("last seen on turn %d", g.K.Turn-b.Age)) ||
				(b.Kind.IsShip() && !strings.Contains(hover, fmt.Sprintf("Ship %d ", b.IDs[0]))) ||
				(!b.Kind.IsShip() && !strings.Contains(hover, " then)")) {
				t.Errorf("under the pointer, a remembered body says %q", hover)
			}
			o := g.remembered(b.Object())
			if s := o.Ship; s != nil && (!strings.Contains(hover, typeName(g.R, s.Type)) || !strings.Contains(hover, ", "+g.ownerShort(s.Owner))) {
				t.Errorf("a remembered ship's hover %q lacks its type or owner", hover)
			} else if p := o.Planet; p != nil && !strings.Contains(hover, g.ownerShort(p.Owner)+" then") {
				t.Errorf("a remembered planet's hover %q lacks its owner", hover)
			}
			// And where that was learnt: the player's own sheet of that turn.
			if (o.Planet != nil || len(b.IDs) == 1) && !strings.Contains(hover, fmt.Sprintf("from your sheet of turn %d", o.Turn)) {
				t.Errorf("a remembered body's hover %q does not say its source", hover)
			}
		}
		if b.Dot {
			dots++
			if !strings.Contains(hover, fmt.Sprintf("Ship %d", b.IDs[0])) || !strings.Contains(hover, fmt.Sprintf("here on turn %d ", g.K.Turn-b.Age)) ||
				!strings.Contains(hover, ", ") {
				t.Errorf("under the pointer, a trail dot says %q", hover)
			}
		}
	}
	if old == 0 || dots == 0 || len(x.mapView.Map().Trails) == 0 {
		t.Fatalf("%d remembered bodies, %d trail dots, %d trails on the map", old, dots, len(x.mapView.Map().Trails))
	}
	var seen *Category
	cats := g.Tree("", "Everything")
	for i := range cats {
		if cats[i].Key == "cat:remembered" {
			seen = &cats[i]
		}
	}
	if seen == nil || len(seen.Items) == 0 || !strings.Contains(seen.Items[0].Label, "last seen on turn ") {
		t.Fatalf("tree: %+v", cats)
	}
	key := seen.Items[0].Key
	x.st.Select(key, FromTree)
	turn, _ := g.LastSeen(key)
	if text := collectText(x.details.box); !strings.Contains(text, fmt.Sprintf("last seen on turn %d", turn)) ||
		!strings.Contains(text, fmt.Sprintf("your sheet of turn %d", turn)) {
		t.Errorf("details of %v:\n%s", key, text)
	}
	if i := x.mapView.Map().Find(key); i < 0 || x.mapView.Map().Bodies[i].Age != g.K.Turn-turn {
		t.Errorf("%v on the map: body %d", key, i)
	}
	saveShot(t, x, "remembered")

	x.turns.only.SetChecked(true)
	for _, b := range x.mapView.Map().Bodies {
		if b.Age > 0 {
			t.Fatalf("with this sheet only, the map shows %+v", b)
		}
	}
	for _, c := range x.st.Game().Tree("", "Everything") {
		if c.Key == "cat:remembered" {
			t.Error("with this sheet only, the tree lists what is remembered")
		}
	}
	if x.st.Game().Map.Find(key) >= 0 {
		t.Errorf("with this sheet only, %v is on the map", key)
	}
	x.turns.menuItems()[3].Action()
	if x.turns.only.Checked || x.st.Game().Map.Find(key) < 0 {
		t.Errorf("the menu's entry does not show what is remembered again")
	}
	if x.st.Game().Map.Find(key) < 0 {
		t.Errorf("shown again, %v is not on the map", key)
	}
}

// The history is read after the map's first frame, never before it.
func TestHistoryAfterFirstFrame(t *testing.T) {
	sheets := hostGame(t, 6, 3)
	x := New(test.NewTempApp(t), Options{Frames: software, Workspaces: t.TempDir()})
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.SaveInLine()
	for _, path := range sheets {
		if err := x.Load(path); err != nil {
			t.Fatal(err)
		}
	}
	if x.st.Game().memory != nil || x.st.Known() != nil {
		t.Fatal("the history was read before the first frame")
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture()
	if x.st.Game().memory == nil {
		t.Fatal("the history was not read after the first frame")
	}
	if p := x.status.Problems(); p != "" {
		t.Errorf("problems: %q", p)
	}

	// A kept sheet that no longer reads is left out, and said so.
	ws := x.st.Workspace()
	if err := os.WriteFile(filepath.Join(ws.Dir, "turn-002-sheet-9.txt"), []byte("no sheet at all\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := x.Load(sheets[2]); err != nil {
		t.Fatal(err)
	}
	if x.st.Game().memory == nil || !strings.Contains(x.status.Problems(), "1 sheet kept of this game could not be read") {
		t.Errorf("with a damaged sheet: memory %v, problems %q", x.st.Game().memory != nil, x.status.Problems())
	}
	x.turns.Show(2)
	if x.st.Game().K.Turn != 3 || !strings.Contains(x.status.Problems(), "Turn 2 cannot be shown") {
		t.Errorf("turn %d shown; problems %q", x.st.Game().K.Turn, x.status.Problems())
	}
	x.turns.Show(1)
	if x.st.Game().K.Turn != 1 || strings.Contains(x.status.Problems(), "Turn 2") {
		t.Errorf("turn %d shown; problems %q", x.st.Game().K.Turn, x.status.Problems())
	}
}

// Stepping back shows an earlier turn's map, sheet and orders, read-only
// and visibly so, and nothing of it is saved; the current turn comes back
// with its orders as they were.
func TestStepThroughTurns(t *testing.T) {
	x := historyApp(t, hostGame(t, 6, 4))
	now, nowDraft := x.st.Game(), x.st.Draft()
	o, _ := order.Parse(fmt.Sprintf("MO %d 4 5 6", now.K.Ships[0].ID))
	nowDraft.Add(o)
	x.desk.New(model.ShipKey(now.K.Ships[0].ID), order.MO)
	x.turns.Earlier()
	if x.desk.open != nil {
		t.Error("the current turn's order form stays open on an earlier turn")
	}
	if g := x.st.Game(); g.K.Turn != 3 || !x.st.Earlier() || !x.st.Draft().ReadOnly() {
		t.Fatalf("after stepping back: turn %d, earlier %v", g.K.Turn, x.st.Earlier())
	}
	x.turns.Show(1)
	d := x.st.Draft()
	if x.st.Game().K.Turn != 1 || len(d.Orders()) != 1 || !strings.HasPrefix(d.Text(), "MO ") {
		t.Fatalf("turn %d with orders %q", x.st.Game().K.Turn, d.Text())
	}
	if !x.turns.warning.Visible() || !strings.Contains(x.turns.banner.Text, "Earlier turn 1, read-only · orders as drafted") {
		t.Errorf("banner %q", x.turns.banner.Text)
	}
	if !strings.Contains(sheetLines(x.st.Game()), "TURN 1") && !strings.Contains(x.win.Title(), "turn 1") {
		t.Errorf("title %q", x.win.Title())
	}
	x.desk.New(model.ShipKey(x.st.Game().K.Ships[0].ID), order.MO)
	if x.desk.open != nil {
		t.Error("an order form opened on an earlier turn")
	}
	d.Add(o)
	x.st.Undo()
	if len(d.Orders()) != 1 {
		t.Errorf("an earlier turn's orders changed: %q", d.Text())
	}
	for _, o := range x.win.Canvas().Overlays().List() {
		x.win.Canvas().Overlays().Remove(o) // the note that the orders cannot change
	}
	saveShot(t, x, "turn1")
	ws := x.st.Workspace()
	// An earlier turn's orders are not exported or sent again: the export
	// kept for the turn would be overwritten.
	x.export.Dialog()
	x.export.Copy()
	x.mailing.sendDialog()
	if _, err := os.Stat(ws.ExportPath(2)); err == nil || x.files.showing || len(x.win.Canvas().Overlays().List()) > 0 || !strings.Contains(x.status.Text(), "earlier turn") {
		t.Errorf("an earlier turn's orders could be exported or sent: status %q", x.status.Text())
	}
	if f, err := ws.LoadDraft(2); err != nil || f == nil || len(f.Orders) != 1 {
		t.Errorf("turn 1's draft on disk: %v %v", f, err)
	}
	x.turns.Current()
	if x.st.Game() != now || x.st.Draft() != nowDraft || x.st.Earlier() || len(nowDraft.Orders()) != 1 || x.turns.warning.Visible() {
		t.Fatalf("back: turn %d earlier %v orders %q", x.st.Game().K.Turn, x.st.Earlier(), x.st.Draft().Text())
	}
	nowDraft.Add(o)
	if f, err := ws.LoadDraft(5); err != nil || f == nil || len(f.Orders) != 2 {
		t.Errorf("the current turn's draft is not saved after coming back: %v %v", f, err)
	}
	x.turns.Later()
	if x.st.Game() != now {
		t.Error("stepped past the newest turn")
	}
	var view []string
	for _, m := range x.win.MainMenu().Items {
		for _, it := range m.Items {
			if m.Label == "View" && it.Shortcut != nil {
				view = append(view, it.Label+" "+it.Shortcut.ShortcutName())
			}
		}
	}
	if got := strings.Join(view, ", "); !strings.Contains(got, "Earlier turn CustomDesktop:Alt+Left, Later turn CustomDesktop:Alt+Right, Current turn CustomDesktop:Alt+End") {
		t.Errorf("the View menu's keys: %s", got)
	}
}

// saveShot writes the window's picture for a look, when SILVERFALL_SHOTS
// names a folder.
func saveShot(t *testing.T, x *App, name string) {
	dir := os.Getenv("SILVERFALL_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	png.Encode(f, x.Window().Canvas().Capture())
}

// BenchmarkSwitchTurn40 shows, one after another, earlier turns of player
// 1's 25 sheets of a 40-player game (the computer playing every empire),
// each read afresh (cache emptied): the time from the step to every view
// told, the worst case of a turn switch. "cached" steps between turns read
// before; "painted" reads afresh and paints the whole window once, its
// map drawn in software, and "paint" paints it alone, with no switch (the
// floor of the one before).
func BenchmarkSwitchTurn40(b *testing.B) {
	sheets := hostGame(b, 40, 25)
	a := test.NewTempApp(b)
	x := New(a, Options{Frames: software, Workspaces: b.TempDir()})
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.tips.watchEvery = 0
	x.SaveInLine()
	x.Window().Resize(fyne.NewSize(1280, 800))
	ws, err := workspace.Open(x.keep.root, "Steps 40", 1)
	if err != nil {
		b.Fatal(err)
	}
	for n, path := range sheets[:24] {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		ws.AddReport(n+1, data)
	}
	if err := x.Load(sheets[24]); err != nil {
		b.Fatal(err)
	}
	x.Window().Canvas().Capture() // the first frame: the history is read after it
	if x.st.Game().memory == nil {
		b.Fatal("no history read")
	}
	// What the earlier turns kept read cost in memory.
	var before, after runtime.MemStats
	x.turns.cache = nil
	runtime.GC()
	runtime.ReadMemStats(&before)
	for n := 24; n > 24-keptGames; n-- {
		x.turns.Show(n)
	}
	x.turns.Current()
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.Logf("%d earlier turns kept read: %d KiB", keptGames, (int64(after.HeapAlloc)-int64(before.HeapAlloc))/1024)
	for _, name := range []string{"fresh", "cached", "painted", "paint"} {
		cached, painted := name == "cached", name == "painted"
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if name == "paint" {
					x.Window().Canvas().Capture()
					continue
				}
				if !cached {
					x.turns.cache = nil
				}
				n := 24 - i%keptGames
				x.turns.Show(n)
				if x.st.Game().K.Turn != n {
					b.Fatalf("turn %d shown, not %d", x.st.Game().K.Turn, n)
				}
				if painted {
					x.Window().Canvas().Capture()
				}
			}
		})
	}
}
