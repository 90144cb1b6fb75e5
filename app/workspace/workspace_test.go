package workspace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"silverfall/engine/model"
	"silverfall/engine/notes"
	"silverfall/engine/order"
	"silverfall/orderwriter"
)

// A child process saves drafts in a loop when this is set: the kill test.
const loopEnv = "SILVERFALL_TEST_SAVE_LOOP"

func TestMain(m *testing.M) {
	if dir := os.Getenv(loopEnv); dir != "" {
		w := &Workspace{Dir: dir}
		for i := 0; ; i++ {
			if err := w.SaveDraft(version(i % 2)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
			if i == 0 {
				fmt.Println("saving") // the parent kills from now on
			}
		}
	}
	os.Exit(m.Run())
}

// version is one of two drafts of different lengths.
func version(v int) *orderwriter.File {
	f := &orderwriter.File{Game: "Kill Test", Player: 3, Turn: 2}
	n := 40 + v*400
	for i := 0; i < n; i++ {
		o, _ := order.Parse(fmt.Sprintf("MO %d %d %d %d", i+1, v, i, -i))
		f.Orders = append(f.Orders, o)
	}
	return f
}

func text(f *orderwriter.File) string {
	var b bytes.Buffer
	orderwriter.Write(&b, f)
	return b.String()
}

// TestKilledWhileSaving kills a process that saves drafts as fast as it
// can, many times, and finds the draft always whole: the old or the new.
// It counts the kills that landed in the middle of a write (the temporary
// file is still there) and fails when none did: a test that never caught
// a write half done would prove nothing.
func TestKilledWhileSaving(t *testing.T) {
	dir := t.TempDir()
	w := &Workspace{Dir: dir}
	want := map[string]bool{text(version(0)): true, text(version(1)): true}
	rng := rand.New(rand.NewSource(1))
	checked, midWrite := 0, 0
	kills := 200
	if testing.Short() {
		kills = 20
	}
	for i := 0; i < kills; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), loopEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the child's first save, then kill it at a random moment
		// of its loop.
		bufio.NewReader(out).ReadString('\n')
		time.Sleep(time.Duration(rng.Intn(8000)) * time.Microsecond)
		cmd.Process.Kill()
		cmd.Wait()
		if tmp, _ := filepath.Glob(filepath.Join(dir, ".*.tmp*")); len(tmp) > 0 {
			midWrite++
			for _, f := range tmp {
				os.Remove(f)
			}
		}
		data, err := os.ReadFile(w.DraftPath(2))
		if errors.Is(err, os.ErrNotExist) {
			continue // killed before its first save
		}
		checked++
		if err != nil {
			t.Fatal(err)
		}
		if !want[string(data)] {
			t.Fatalf("kill %d left a draft of %d bytes that is neither version", i, len(data))
		}
		if _, err := orderwriter.Read(bytes.NewReader(data), "draft"); err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
	}
	t.Logf("%d kills, %d in the middle of a write", kills, midWrite)
	if checked < kills {
		t.Errorf("only %d of %d kills came after a first save", checked, kills)
	}
	if midWrite == 0 {
		t.Errorf("none of %d kills landed in the middle of a write", kills)
	}
	if _, err := Open(filepath.Dir(dir), filepath.Base(dir), 0); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedDraftsKeptApart: two damaged drafts set aside in the same
// second both stay.
func TestDamagedDraftsKeptApart(t *testing.T) {
	w, err := Open(t.TempDir(), "Damage", 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, junk := range []string{"GAME x\nfirst damage\n", "GAME y\nsecond damage\n"} {
		os.WriteFile(w.DraftPath(2), []byte(junk), 0o644)
		if _, err := w.LoadDraft(2); err == nil {
			t.Fatalf("damage %d was read", i)
		}
	}
	aside, _ := filepath.Glob(w.DraftPath(2) + ".damaged-*")
	if len(aside) != 2 {
		t.Fatalf("kept aside: %v", aside)
	}
	var all string
	for _, a := range aside {
		data, _ := os.ReadFile(a)
		all += string(data)
	}
	if !strings.Contains(all, "first damage") || !strings.Contains(all, "second damage") {
		t.Errorf("the damaged drafts kept are %q", all)
	}
}

func TestReports(t *testing.T) {
	w, err := Open(t.TempDir(), "Silverfall Demo", 1)
	if err != nil {
		t.Fatal(err)
	}
	if base := filepath.Base(w.Dir); !strings.HasPrefix(base, "Silverfall-Demo-") || !strings.HasSuffix(base, "-player-01") {
		t.Errorf("folder %s", w.Dir)
	}
	p1, isNew, err := w.AddReport(1, []byte("sheet"))
	if err != nil || !isNew {
		t.Fatal(isNew, err)
	}
	p2, isNew, _ := w.AddReport(1, []byte("sheet"))
	if isNew || p2 != p1 {
		t.Error("the same sheet imported twice added something")
	}
	p3, isNew, _ := w.AddReport(1, []byte("another sheet"))
	if !isNew || p3 == p1 {
		t.Error("a different sheet for the same turn should be kept beside")
	}
	if data, _ := os.ReadFile(p1); string(data) != "sheet" {
		t.Error("the first copy changed")
	}
}

func TestDraftAndState(t *testing.T) {
	w, _ := Open(t.TempDir(), "Kill Test", 3)
	if f, err := w.LoadDraft(2); f != nil || err != nil {
		t.Fatalf("no draft yet: %v %v", f, err)
	}
	if err := w.SaveDraft(version(0)); err != nil {
		t.Fatal(err)
	}
	f, err := w.LoadDraft(2)
	if err != nil || len(f.Orders) != 40 {
		t.Fatalf("%v %v", f, err)
	}
	s := State{Selected: "ship:4", Camera: [5]float64{1, 2, 3, 400, 0.5}, Pitch: 0.3, HasCamera: true, OnStation: []int{2, 9}}
	w.SaveState(2, s)
	if got := w.LoadState(2); fmt.Sprint(got) != fmt.Sprint(s) {
		t.Errorf("state %+v", got)
	}
	// A damaged draft is kept aside and named.
	os.WriteFile(w.DraftPath(2), []byte("GAME g\nPLAYER 3\nTURN 2\n[GENERAL]\nLO 1 9 9\nEND\n"), 0o644)
	f, err = w.LoadDraft(2)
	var dmg *DamagedError
	if f != nil || !errors.As(err, &dmg) {
		t.Fatalf("got %v, %v", f, err)
	}
	if _, err := os.Stat(dmg.Aside); err != nil {
		t.Errorf("the damaged draft was not kept: %v", err)
	}
	if _, err := os.Stat(w.DraftPath(2)); !errors.Is(err, os.ErrNotExist) {
		t.Error("the damaged draft is still in the way")
	}
	if !strings.Contains(err.Error(), "column 6: LO: the ore type") {
		t.Errorf("message %q", err)
	}
}

// A start opens the game shown last again: its newest turn (a sheet
// fetched since counts), the sheet shown when it is the newest.
func TestReopen(t *testing.T) {
	w, err := Open(t.TempDir(), "Reopen Game", 2)
	if err != nil {
		t.Fatal(err)
	}
	add := func(turn int, text string) string {
		p, _, err := w.AddReport(turn, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	t3 := add(3, "three")
	t3b := add(3, "three, corrected")
	if got := Reopen(t3); got != t3 {
		t.Errorf("the sheet shown, turn 3: reopen %s", got)
	}
	if got := Reopen(t3b); got != t3b {
		t.Errorf("the corrected sheet shown: reopen %s", got)
	}
	t4 := add(4, "four")
	if got := Reopen(t3); got != t4 {
		t.Errorf("turn 4 fetched since: reopen %s, want %s", got, t4)
	}
	t4b := add(4, "four, corrected")
	if got := Reopen(t3); got != t4b {
		t.Errorf("two sheets of turn 4: reopen %s, want the last added %s", got, t4b)
	}
	os.Remove(t4)
	os.Remove(t4b)
	os.Remove(t3)
	if got := Reopen(t3); got != t3b {
		t.Errorf("the sheet shown is gone: reopen %s, want %s", got, t3b)
	}
	if got := Reopen(filepath.Join(t.TempDir(), "turn-001-sheet.txt")); got != "" {
		t.Errorf("nothing there: reopen %q", got)
	}
	if Reopen("") != "" {
		t.Error("no sheet shown before: reopen something")
	}
}

func TestSheetsListsTheNewestCopyOfEachTurn(t *testing.T) {
	w, err := Open(t.TempDir(), "Game", 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		turn int
		text string
	}{{2, "a"}, {1, "b"}, {2, "c"}, {10, "d"}} {
		if _, _, err := w.AddReport(s.turn, []byte(s.text)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := w.Sheets()
	if err != nil {
		t.Fatal(err)
	}
	var turns []int
	for _, s := range got {
		turns = append(turns, s.Turn)
	}
	if fmt.Sprint(turns) != "[1 2 10]" {
		t.Fatalf("turns %v, want [1 2 10]", turns)
	}
	if data, _ := os.ReadFile(got[1].Path); string(data) != "c" {
		t.Errorf("turn 2 is %q, want the copy added last", data)
	}
}

// Games whose names fold to one safe name never share a workspace, and a
// workspace of the earlier naming is still found for its own game.
func TestWorkspacePerGame(t *testing.T) {
	root := t.TempDir()
	seen := map[string]string{}
	for _, g := range []string{"Silverfall 42", "Silverfall.42", "Silverfall-42", "Игра", "Война", "银河", "星战"} {
		w, err := Open(root, g, 1)
		if err != nil {
			t.Fatal(err)
		}
		if other, ok := seen[w.Dir]; ok {
			t.Errorf("%q and %q share %s", g, other, w.Dir)
		}
		seen[w.Dir] = g
		again, _ := Open(root, g, 1)
		if again.Dir != w.Dir {
			t.Errorf("%q opened again in %s, first in %s", g, again.Dir, w.Dir)
		}
	}
	// An old folder: the safe name alone, holding a draft of its game.
	old := filepath.Join(root, "Kill-Test-player-03")
	os.MkdirAll(old, 0o755)
	os.WriteFile(filepath.Join(old, "turn-002-orders.draft"), []byte(text(version(0))), 0o644)
	if w, _ := Open(root, "Kill Test", 3); w.Dir != old {
		t.Errorf("the old workspace %s not found: %s", old, w.Dir)
	}
	if w, _ := Open(root, "Kill.Test", 3); w.Dir == old {
		t.Errorf("another game took the old workspace %s", old)
	}
}

// A draft of another game or player found in a workspace is set aside,
// never loaded: the next edit would overwrite it.
func TestDraftOfAnotherGame(t *testing.T) {
	for _, c := range []struct {
		game string
		p    int
	}{{"Kill.Test", 3}, {"Kill Test", 4}} {
		w, _ := Open(t.TempDir(), c.game, c.p)
		os.WriteFile(w.DraftPath(2), []byte(text(version(0))), 0o644)
		f, err := w.LoadDraft(2)
		var dmg *DamagedError
		if f != nil || !errors.As(err, &dmg) {
			t.Errorf("%q player %d: loaded %v, %v", c.game, c.p, f, err)
		}
	}
}

// A view file that is damaged, nested past reason or not a file is set
// aside and the view starts from its defaults.
func TestDamagedViewSetAside(t *testing.T) {
	w, _ := Open(t.TempDir(), "Kill Test", 3)
	for _, data := range []string{"selected = [", "camera = " + strings.Repeat("[", 50000), strings.Repeat("#", 2<<20)} {
		os.WriteFile(w.StatePath(2), []byte(data), 0o644)
		if got := w.LoadState(2); fmt.Sprint(got) != fmt.Sprint(State{}) {
			t.Errorf("%.20q gave %+v", data, got)
		}
		if _, err := os.Stat(w.StatePath(2)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%.20q: the damaged view file is still in place", data)
		}
	}
}

// TestNotes: the notes are kept for the game and read back; a file with a
// damaged line gives the others and keeps the whole file aside.
func TestNotes(t *testing.T) {
	w, err := Open(t.TempDir(), "Notes", 2)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := w.LoadNotes(); err != nil || b.Len() != 0 {
		t.Fatalf("no notes yet: %v, %v", b, err)
	}
	b := &notes.Book{}
	b.Add(notes.Entry{Kind: notes.Note, Object: model.ShipKey(3), Text: "the scout"})
	b.Add(notes.Entry{Kind: notes.Reminder, Turn: 9, Text: "build"})
	if err := w.SaveNotes(b); err != nil {
		t.Fatal(err)
	}
	got, err := w.LoadNotes()
	if err != nil || got.Len() != 2 || got.Of(model.ShipKey(3))[0].Text != "the scout" {
		t.Fatalf("read back: %+v, %v", got.Entries(), err)
	}
	data, _ := os.ReadFile(w.NotesPath())
	os.WriteFile(w.NotesPath(), append(data, "{broken\n"...), 0o644)
	got, err = w.LoadNotes()
	var d *DamagedError
	if !errors.As(err, &d) || got.Len() != 2 || !strings.Contains(err.Error(), "notes.jsonl:4:") {
		t.Fatalf("damaged line: %d entries, %v", got.Len(), err)
	}
	kept, _ := os.ReadFile(d.Aside)
	if !strings.Contains(string(kept), "{broken") || !strings.Contains(string(kept), "the scout") {
		t.Errorf("the copy kept aside holds %q", kept)
	}
}
