package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAllyName(t *testing.T) {
	for _, c := range []struct {
		p, t   int
		empire string
		want   string
	}{
		{7, 12, "Blue Stars", "turn-012-player-07-Blue-Stars.txt"},
		{7, 12, "", "turn-012-player-07.txt"},
		{7, 12, "../../etc/passwd", "turn-012-player-07-----etcpasswd.txt"},
		{7, 12, "Звёзды", "turn-012-player-07.txt"},
		{3, 2, "Game", "turn-002-player-03-Game.txt"},
		{3, 2, strings.Repeat("a", 90), "turn-002-player-03-" + strings.Repeat("a", 40) + ".txt"},
	} {
		got := AllyName(c.p, c.t, c.empire)
		if got != c.want {
			t.Errorf("AllyName(%d, %d, %q) = %q, want %q", c.p, c.t, c.empire, got, c.want)
		}
		if p, tn, ok := allyName(got); !ok || p != c.p || tn != c.t {
			t.Errorf("%q reads back as player %d turn %d (%v)", got, p, tn, ok)
		}
	}
}

func TestAllySheets(t *testing.T) {
	w, err := Open(t.TempDir(), "Silverfall 42", 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := w.AllySheets(); err != nil || len(got) != 0 {
		t.Fatalf("a new workspace lists %v, %v", got, err)
	}
	add := func(p, turn int, text string) (AllySheet, bool, error) {
		return w.AddAllySheet(p, turn, "Empire", []byte(text))
	}
	for _, c := range []struct{ p, t int }{{9, 3}, {2, 3}, {9, 1}, {4, 2}} {
		if _, isNew, err := add(c.p, c.t, "sheet"); err != nil || !isNew {
			t.Fatalf("adding player %d turn %d: new %v, %v", c.p, c.t, isNew, err)
		}
	}
	// Files that are not kept sheets are left out of the list.
	os.WriteFile(filepath.Join(w.AlliesDir(), "notes.txt"), []byte("x"), 0o644)
	os.Mkdir(filepath.Join(w.AlliesDir(), "turn-001-player-05.txt"), 0o755)

	if a, isNew, err := add(9, 3, "sheet"); err != nil || isNew || a.Player != 9 {
		t.Errorf("the same sheet again: %+v, new %v, %v", a, isNew, err)
	}
	if _, _, err := add(9, 3, "another"); !errors.Is(err, ErrAllyKept) {
		t.Errorf("a different sheet of a kept player and turn: %v", err)
	}
	got, err := w.AllySheets()
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, a := range got {
		order = append(order, filepath.Base(a.Path))
	}
	want := "turn-001-player-09-Empire.txt turn-002-player-04-Empire.txt turn-003-player-02-Empire.txt turn-003-player-09-Empire.txt"
	if strings.Join(order, " ") != want {
		t.Errorf("listed %v, want %s", order, want)
	}
	if data, _ := os.ReadFile(got[0].Path); string(data) != "sheet" {
		t.Errorf("kept %q", data)
	}

	if err := w.RemoveAllySheet(got[1]); err != nil {
		t.Fatal(err)
	}
	if err := w.RemoveAllySheet(AllySheet{Path: filepath.Join(w.Dir, "workspace.txt")}); err == nil {
		t.Error("a file outside the allies' folder was removed")
	}
	if err := w.RemoveAllySheet(AllySheet{Path: filepath.Join(w.AlliesDir(), "notes.txt")}); err == nil {
		t.Error("a file not named as a sheet was removed")
	}
	if left, _ := w.AllySheets(); len(left) != 3 || left[1].Player != 2 {
		t.Errorf("after the removal: %v", left)
	}
}

// FuzzAllyName: every name AllyName makes reads back as its player and
// turn, holds no path separator, and any other name reads without a panic.
func FuzzAllyName(f *testing.F) {
	f.Add(7, 12, "Blue Stars", "turn-012-player-07-Blue-Stars.txt")
	f.Add(1, 1, "", "turn-001-player-01.txt")
	f.Add(99, 1000, "../x", "turn-1000-player-99-x.txt")
	f.Add(3, 2, "Звёзды", "turn-2-player-3")
	f.Fuzz(func(t *testing.T, p, turn int, empire, name string) {
		allyName(name)
		if p < 1 || turn < 1 || p > 1<<20 || turn > 1<<20 {
			return
		}
		got := AllyName(p, turn, empire)
		if strings.ContainsAny(got, `/\`) || strings.HasPrefix(got, ".") {
			t.Fatalf("AllyName(%d, %d, %q) = %q", p, turn, empire, got)
		}
		if gp, gt, ok := allyName(got); !ok || gp != p || gt != turn {
			t.Fatalf("%q reads back as player %d turn %d (%v), not %d and %d", got, gp, gt, ok, p, turn)
		}
	})
}
