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
	sheets := hostGame(t, 6, turns)
	x := New(test.NewTempApp(t), Options{Frames: software, Workspaces: t.TempDir()})
	x.NativeDialogs = false
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.tips.watchEvery = 0
	x.SaveInLine()
	x.Window().Resize(fyne.NewSize(1280, 800))
	ws, err := workspace.Open(x.keep.root, "Steps 6", 1)
	if err != nil {
		t.Fatal(err)
	}
	for n, path := range sheets[:turns-1] {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := ws.AddReport(n+1, data); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Load(sheets[turns-1]); err != nil {
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
