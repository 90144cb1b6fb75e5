package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"silverfall/app/workspace"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/host"
	"silverfall/reportparse"
)

// played plays a game of players empires for turns turns (the computer
// playing each) and lists player 1's sheets.
func played(tb testing.TB, players, turns int) []workspace.Sheet {
	tb.Helper()
	g, err := host.New(filepath.Join(tb.TempDir(), "game"), host.Config{Seed: 3, Players: players, Name: "Archive"})
	if err != nil {
		tb.Fatal(err)
	}
	defer g.Close()
	for i := 1; i < turns; i++ {
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			tb.Fatal(err)
		}
	}
	var out []workspace.Sheet
	for n := 1; n <= turns; n++ {
		out = append(out, workspace.Sheet{Turn: n, Path: filepath.Join(host.TurnDir(g.Dir, n), host.SheetsDir, turnsheet.FileName(1))})
	}
	return out
}

// counting is an archive that counts the reads of each file.
func counting(r *rules.Rules) (*Archive, map[string]int) {
	a := New(r)
	reads := map[string]int{}
	a.read = func(r *rules.Rules, path string) (*reportparse.Report, []byte, error) {
		reads[path]++
		return reportparse.ReadFileData(r, path)
	}
	return a, reads
}

// Every use of the sheets reads each file once: the whole list, one
// turn's knowledge, the one before a turn; the text of a sheet used long
// ago is read again, its knowledge is not.
func TestEachSheetReadOnce(t *testing.T) {
	const turns = KeptTexts + 4
	sheets := played(t, 3, turns)
	a, reads := counting(rules.Default())
	a.Keep(sheets)
	all, errs := a.All()
	if len(errs) > 0 || len(all) != turns {
		t.Fatalf("%d sheets read, errors %v", len(all), errs)
	}
	for i, k := range all {
		if k.Turn != i+1 {
			t.Errorf("sheet %d is of turn %d", i, k.Turn)
		}
	}
	a.Keep(sheets) // listed again, as each game shown does
	if k, err := a.Before(5); err != nil || k.Turn != 4 {
		t.Errorf("the sheet before turn 5: %v %v", k, err)
	}
	if k, err := a.Knowledge(2); err != nil || k != all[1] {
		t.Errorf("turn 2's knowledge is not the one read: %v", err)
	}
	if _, _, path, err := a.Sheet(turns); err != nil || path != sheets[turns-1].Path {
		t.Errorf("turn %d's sheet: %q %v", turns, path, err)
	}
	for _, s := range sheets {
		if reads[s.Path] != 1 {
			t.Errorf("turn %d's sheet read %d times", s.Turn, reads[s.Path])
		}
	}
	if a.Reads() != turns {
		t.Errorf("%d reads counted for %d sheets", a.Reads(), turns)
	}
	// The first sheets' texts were let go (only the last KeptTexts
	// keep theirs): turn 1's is read again, with the same knowledge.
	rep, data, _, err := a.Sheet(1)
	if err != nil || len(data) == 0 || rep.Knowledge != all[0] || reads[sheets[0].Path] != 2 {
		t.Errorf("turn 1's text again: %v, %d reads", err, reads[sheets[0].Path])
	}
	if _, _, _, err := a.Sheet(1); err != nil || reads[sheets[0].Path] != 2 {
		t.Errorf("turn 1's text, kept now, read again: %v", err)
	}
}

// A sheet put in (one just opened or made) is never read from its file,
// and stays when the list of kept sheets does not name it yet.
func TestPutNeverRead(t *testing.T) {
	sheets := played(t, 2, 3)
	a, reads := counting(rules.Default())
	rep, data, err := reportparse.ReadFileData(rules.Default(), sheets[2].Path)
	if err != nil {
		t.Fatal(err)
	}
	a.Keep(sheets[:2])
	a.Put(3, "", rep, data)
	a.Keep(sheets[:2]) // the workspace lists it later
	if got := fmt.Sprint(a.Turns()); got != "[1 2 3]" {
		t.Errorf("turns %s", got)
	}
	a.Keep(sheets)
	if _, _, path, err := a.Sheet(3); err != nil || path != sheets[2].Path || reads[sheets[2].Path] != 0 {
		t.Errorf("turn 3, put: %q %v, read %d times", path, err, reads[sheets[2].Path])
	}
	if all, errs := a.All(); len(all) != 3 || len(errs) > 0 || all[2] != rep.Knowledge {
		t.Errorf("all: %d sheets, %v", len(all), errs)
	}
}

// A sheet that cannot be read is named in an error with its file, and
// the others are read; no turn kept is no error but nothing.
func TestUnreadable(t *testing.T) {
	sheets := played(t, 2, 3)
	bad := filepath.Join(t.TempDir(), "turn-002-sheet.txt")
	if err := os.WriteFile(bad, []byte("not a sheet at all\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sheets[1].Path = bad
	a := New(rules.Default())
	a.Keep(sheets)
	all, errs := a.All()
	if len(all) != 2 || len(errs) != 1 {
		t.Fatalf("%d read, errors %v", len(all), errs)
	}
	if k, err := a.Knowledge(2); k != nil || err == nil {
		t.Errorf("turn 2: %v %v", k, err)
	}
	if _, err := a.Knowledge(9); err == nil {
		t.Error("a turn never kept has knowledge")
	}
	if k, err := New(rules.Default()).Before(4); k != nil || err != nil {
		t.Errorf("before anything is kept: %v %v", k, err)
	}
}
