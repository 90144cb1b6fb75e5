package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/app/practice"
	"silverfall/engine/ai"
)

// giveOrders gives the draft the orders the computer would give in the
// player's place, and returns them as the order file's text.
func giveOrders(tb testing.TB, x *App) string {
	tb.Helper()
	g := x.st.Game()
	orders := ai.Play(x.rules, g.K, uint64(g.K.Turn), ai.Easy())
	if len(orders) == 0 {
		tb.Fatal("no orders to give")
	}
	x.st.Draft().SetAll(orders)
	if title, text := x.export.warning(); title != "" {
		tb.Fatalf("the orders have errors: %s\n%s", title, text)
	}
	return x.export.Text()
}

func TestPracticeGameInTheWindow(t *testing.T) {
	x := newApp(t)
	v := x.practice
	if !v.button.Visible() || v.button.Text != "Practice" || !v.endItem.Disabled {
		t.Errorf("beside the demo: button %q shown %v, End turn disabled %v", v.button.Text, v.button.Visible(), v.endItem.Disabled)
	}
	if o := x.mailing.orders(); !o.Demo || o.Practice {
		t.Errorf("the demo's orders: %+v", o)
	}
	v.start(practice.Options{Seed: 5, Players: 3, Level: "easy"})
	g := x.st.Game()
	if g.K.Game != "Practice 5" || g.K.Turn != 1 || v.Shown() == nil {
		t.Fatalf("shown: %s turn %d, practice %v", g.K.Game, g.K.Turn, v.Shown())
	}
	if !v.button.Visible() || v.button.Text != "End turn" || v.endItem.Disabled {
		t.Errorf("a practice game: button %q shown %v, End turn disabled %v", v.button.Text, v.button.Visible(), v.endItem.Disabled)
	}
	if o := x.mailing.orders(); o.Demo || !o.Practice {
		t.Errorf("a practice game's orders would be mailed: %+v", o)
	}
	dir := v.Shown().Dir
	// Orders with an error: asked about first, nothing carried out yet.
	x.st.Draft().SetAll(mustOrders(t, "MO 999 0 0 0"))
	if x.Window().Canvas().Overlays().Top() != nil {
		t.Fatal("a dialog shows before End turn")
	}
	v.EndTurn()
	if top := x.Window().Canvas().Overlays().Top(); top == nil || x.st.Game().K.Turn != 1 {
		t.Errorf("End turn with an order in error: no question asked (turn %d)", x.st.Game().K.Turn)
	} else {
		x.Window().Canvas().Overlays().Remove(top)
	}
	if n, _ := practice.Read(dir); n.Turn != 1 {
		t.Errorf("a turn was carried out before the player answered")
	}
	for turn := 1; turn <= 2; turn++ {
		text := giveOrders(t, x)
		v.EndTurn()
		if g := x.st.Game(); g.K.Turn != turn+1 || g.Source != filepath.Join(dir, "turn-00"+string(rune('1'+turn)), "sheets", "player-01.txt") {
			t.Fatalf("after End turn: turn %d from %s", g.K.Turn, g.Source)
		}
		sent, err := os.ReadFile(filepath.Join(dir, "turn-00"+string(rune('0'+turn)), "orders", practice.OrdersName(1)))
		if err != nil || string(sent) != text {
			t.Errorf("turn %d: the order file is not the draft's: %v\n%s", turn, err, sent)
		}
		if kept, err := os.ReadFile(x.keep.ws.ExportPath(turn + 1)); err != nil || string(kept) != string(sent) {
			t.Errorf("turn %d: the workspace does not keep the orders sent: %v\n%s", turn, err, kept)
		}
		if !strings.HasPrefix(x.status.Text(), "Turn ") || v.running || v.endItem.Disabled {
			t.Errorf("after the turn: %q", x.status.Text())
		}
	}
	// The kept sheet reopens as the practice game.
	last := x.keep.ws.ReportPath(3)
	if err := x.Load(last); err != nil {
		t.Fatal(err)
	}
	if v.Shown() == nil || v.Shown().Turn != 3 {
		t.Errorf("the workspace's copy of the sheet is not taken for the practice game")
	}
	// An older turn's sheet: End turn carries out nothing.
	if err := x.Load(x.keep.ws.ReportPath(1)); err != nil {
		t.Fatal(err)
	}
	v.EndTurn()
	if n, _ := practice.Read(dir); n.Turn != 3 || x.st.Game().K.Turn != 1 {
		t.Errorf("End turn on turn 1's sheet: the game at %d", n.Turn)
	}
	// Another window on the same workspaces continues it.
	y := New(test.NewTempApp(t), Options{Frames: software, Workspaces: x.keep.root})
	y.Background = func(f func()) { f() }
	noNoteTimers(y)
	games, err := practice.List(x.keep.root)
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games listed: %v", len(games), err)
	}
	y.practice.continueGame(games[0])
	if g := y.st.Game(); g == nil || g.K.Turn != 3 || y.practice.Shown() == nil {
		t.Errorf("continued: %+v", g)
	}
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	if v.Shown() != nil || v.button.Text != "Practice" || !v.endItem.Disabled {
		t.Errorf("back on the demo: %q", v.button.Text)
	}
}

// BenchmarkEndTurn times End turn in a 6-player practice game, from the
// click to the new sheet's map drawn in the window.
func BenchmarkEndTurn(b *testing.B) {
	a := test.NewApp()
	defer a.Quit()
	x := New(a, Options{Frames: software, Workspaces: b.TempDir()})
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.Window().Resize(fyne.NewSize(1280, 800))
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		x.practice.start(practice.Options{Seed: int64(i), Players: 6})
		giveOrders(b, x)
		b.StartTimer()
		x.practice.EndTurn()
		x.Window().Canvas().Capture()
		if x.st.Game().K.Turn != 2 {
			b.Fatal("no turn carried out")
		}
	}
}
