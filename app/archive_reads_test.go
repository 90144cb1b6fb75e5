package app

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/app/practice"
	"silverfall/app/workspace"
)

// Opening the newest sheet of a game whose workspace keeps the others
// reads each kept sheet once, for the turn bar, the knowledge, the plots
// and This turn together; stepping to a recent turn reads nothing again.
func TestEachKeptSheetReadOnce(t *testing.T) {
	const turns = 8
	x, newest := keptGameApp(t, 6, turns)
	if err := x.Load(newest); err != nil {
		t.Fatal(err)
	}
	x.Window().Canvas().Capture() // the first frame: the knowledge is merged after it
	a, k := x.st.Archive(), x.st.Known()
	if k == nil || len(k.Turns()) != turns {
		t.Fatalf("the knowledge after the first frame: %v", k)
	}
	if len(x.plots.turns) != turns {
		t.Errorf("the plots have %d turns, want %d", len(x.plots.turns), turns)
	}
	if note := x.thisTurn.note.Text; !strings.Contains(note, fmt.Sprintf("against turn %d", turns-1)) {
		t.Errorf("This turn says %q", note)
	}
	// Seven sheets kept besides the one opened: seven reads are each
	// read once.
	if a.Reads() != turns-1 {
		t.Errorf("%d sheet files read for %d kept sheets", a.Reads(), turns-1)
	}
	x.turns.Show(4)
	x.turns.Show(2)
	x.turns.Current()
	if x.st.Game().K.Turn != turns || a.Reads() != turns-1 {
		t.Errorf("after stepping: turn %d, %d sheet files read", x.st.Game().K.Turn, a.Reads())
	}
	if x.st.Known() != k {
		t.Error("stepping through the turns made the knowledge again")
	}
}

// inLineWindow is a window of 1280×800 on the workspaces in root that
// does its background work and its saving in line, with no timers.
func inLineWindow(tb testing.TB, root string) *App {
	x := New(test.NewTempApp(tb), Options{Frames: software, Workspaces: root})
	x.NativeDialogs = false
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.tips.watchEvery = 0
	x.SaveInLine()
	x.Window().Resize(fyne.NewSize(1280, 800))
	return x
}

// keptGameApp is a window whose workspace keeps player 1's sheets of all
// but the last turn of a game of players empires, and that last sheet,
// not opened yet.
func keptGameApp(tb testing.TB, players, turns int) (*App, string) {
	tb.Helper()
	sheets := hostGame(tb, players, turns)
	x := inLineWindow(tb, tb.TempDir())
	ws, err := workspace.Open(x.keep.root, fmt.Sprintf("Steps %d", players), 1)
	if err != nil {
		tb.Fatal(err)
	}
	for n, path := range sheets[:turns-1] {
		data, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		if _, _, err := ws.AddReport(n+1, data); err != nil {
			tb.Fatal(err)
		}
	}
	return x, sheets[turns-1]
}

// BenchmarkOpen40 opens the newest of player 1's 25 sheets of a 40-player
// game whose workspace keeps the 24 before it, in a new window each time:
// "frame" to the window's first frame (the plots and This turn, which
// read the archive in the background in the window, read it in line
// here), "known" on to the knowledge merged and the remembered objects on
// the map. It reports the sheet files read.
func BenchmarkOpen40(b *testing.B) {
	x, newest := keptGameApp(b, 40, 25)
	root := x.keep.root
	for _, name := range []string{"frame", "known"} {
		b.Run(name, func(b *testing.B) {
			reads := 0
			for b.Loop() {
				b.StopTimer()
				y := inLineWindow(b, root)
				b.StartTimer()
				if err := y.Load(newest); err != nil {
					b.Fatal(err)
				}
				if name == "frame" {
					y.turns.pending = nil // the knowledge is not merged
					y.Window().Canvas().Capture()
					continue
				}
				y.Window().Canvas().Capture()
				if y.st.Known() == nil {
					b.Fatal("no knowledge after the first frame")
				}
				reads = y.st.Archive().Reads()
			}
			if name == "known" {
				b.ReportMetric(float64(reads)/24, "reads/kept-sheet")
			}
		})
	}
}

// End turn in a practice game hands the new sheet to the archive and
// reads no kept sheet; the knowledge takes the new turn in.
func TestPracticeEndTurnReadsNoSheet(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 5, Players: 3, Level: "easy"})
	for turn := 1; turn <= 2; turn++ {
		giveOrders(t, x)
		x.practice.EndTurn()
	}
	a, k := x.st.Archive(), x.st.Known()
	if x.st.Game().K.Turn != 3 || k == nil || fmt.Sprint(k.Turns()) != "[1 2 3]" {
		t.Fatalf("turn %d, knowledge of turns %v", x.st.Game().K.Turn, k)
	}
	if a.Reads() != 0 || fmt.Sprint(a.Turns()) != "[1 2 3]" {
		t.Errorf("%d sheet files read by the archive of turns %v", a.Reads(), a.Turns())
	}
}
