package allies

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/app/workspace"
	"silverfall/assets"
	"silverfall/engine/known"
	"silverfall/engine/rules"
)

func demo(t *testing.T, p int) []byte {
	t.Helper()
	data, err := assets.DemoSheet(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// file writes data into a file of its own and gives its path.
func file(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImport(t *testing.T) {
	r := rules.Default()
	ws, err := workspace.Open(t.TempDir(), assets.DemoName, assets.DemoPlayer)
	if err != nil {
		t.Fatal(err)
	}
	ally := demo(t, 4)
	other := []byte(strings.Replace(string(ally), assets.DemoName, "Another Game", 1))
	broken := []byte(strings.Replace(string(ally), "Turn:       1", "Turn:       one", 1))
	for _, c := range []struct {
		name, file string
		data       []byte
		want       string // in the error; "" for kept
	}{
		{"an ally's sheet", "ally.txt", ally, ""},
		{"the same again", "again.txt", ally, "again.txt: player 4's sheet of turn 1 is merged already"},
		{"another game", "other.txt", other, `the sheet is of the game "Another Game"`},
		{"my own", "mine.txt", demo(t, assets.DemoPlayer), "mine.txt: this is your own sheet (player 1, turn 1)"},
		{"broken", "broken.txt", broken, "broken.txt:5: header: expected the turn number"},
		{"another ally", "seven.txt", demo(t, 7), ""},
	} {
		a, err := Import(r, ws, file(t, c.file, c.data))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		case c.want == "" && a.Path == "":
			t.Errorf("%s: kept nowhere", c.name)
		}
	}
	kept, _ := ws.AllySheets()
	if len(kept) != 2 || kept[0].Player != 4 || kept[1].Player != 7 {
		t.Fatalf("kept %+v", kept)
	}
	if _, err := Keep(nil, "x.txt", nil, ally); err == nil {
		t.Error("a sheet was kept without a workspace")
	}
	if sheets, _ := ws.Sheets(); len(sheets) != 0 {
		t.Errorf("an ally's sheet went among the player's own: %v", sheets)
	}
}

func TestAddTo(t *testing.T) {
	r := rules.Default()
	ws, err := workspace.Open(t.TempDir(), assets.DemoName, assets.DemoPlayer)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []int{4, 7} {
		if _, err := Import(r, ws, file(t, "ally.txt", demo(t, p))); err != nil {
			t.Fatal(err)
		}
	}
	// A sheet broken after it was kept is left out, and named.
	os.WriteFile(filepath.Join(ws.AlliesDir(), "turn-001-player-09.txt"), []byte("not a sheet"), 0o644)

	k := known.New(assets.DemoName, assets.DemoPlayer)
	errs := AddTo(k, r, ws)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "turn-001-player-09.txt") {
		t.Errorf("errors %v", errs)
	}
	src := k.Sheets()
	if len(src) != 2 || src[0] != (known.Source{Kind: known.AllySheet, Player: 4, Turn: 1}) || src[1].Player != 7 {
		t.Errorf("sources merged %+v", src)
	}
	if o, ok := k.Object(known.EmpireKey(4)); !ok || o.Source.Kind != known.AllySheet {
		t.Errorf("the ally's empire is known as %+v (%v)", o, ok)
	}
	if len(k.AllyOnly(1)) == 0 {
		t.Error("nothing is known from the allies alone")
	}
	if _, ok := k.Object(known.EmpireKey(assets.DemoPlayer)); ok {
		t.Error("the player's own empire came from an ally's sheet")
	}
	// Merged again, every sheet is refused by the knowledge: nothing twice.
	if errs := AddTo(k, r, ws); len(errs) != 3 {
		t.Errorf("merged twice: %v", errs)
	}
	if AddTo(nil, r, ws) != nil || AddTo(k, r, nil) != nil {
		t.Error("nothing to merge gives errors")
	}
}

// Merged again and again (each turn or game switch), the allies' sheets
// are read once each, a broken one too; a sheet changed on disk is read
// again; a cache over its bound keeps only the newest used.
func TestCacheReadsOnce(t *testing.T) {
	r := rules.Default()
	ws, err := workspace.Open(t.TempDir(), assets.DemoName, assets.DemoPlayer)
	if err != nil {
		t.Fatal(err)
	}
	var kept []workspace.AllySheet
	for _, p := range []int{4, 7} {
		a, err := Import(r, ws, file(t, "ally.txt", demo(t, p)))
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, a)
	}
	broken := filepath.Join(ws.AlliesDir(), "turn-001-player-09.txt")
	os.WriteFile(broken, []byte("not a sheet"), 0o644)

	merge := func(c *Cache) (objects int, errs []error) {
		k := known.New(assets.DemoName, assets.DemoPlayer)
		errs = c.AddTo(k, r, ws)
		return len(k.Objects()), errs
	}
	c := NewCache(DefaultCacheBytes)
	first, errs := merge(c)
	if c.Reads() != 3 || len(errs) != 1 || first == 0 {
		t.Fatalf("the first merge read %d files, errors %v, %d objects", c.Reads(), errs, first)
	}
	for i := 0; i < 5; i++ {
		if n, errs := merge(c); n != first || len(errs) != 1 || !strings.Contains(errs[0].Error(), "turn-001-player-09.txt") {
			t.Fatalf("merge %d: %d objects (first %d), errors %v", i+2, n, first, errs)
		}
	}
	if c.Reads() != 3 {
		t.Errorf("six merges read %d files, want 3", c.Reads())
	}
	// The ally's file rewritten (another size): read again, with what it says now.
	os.WriteFile(kept[1].Path, demo(t, 4), 0o644)
	if _, errs := merge(c); c.Reads() != 4 || len(errs) != 2 {
		t.Errorf("after a change: %d reads, errors %v (the file is now player 4's again)", c.Reads(), errs)
	}
	// Bounded: room for one sheet only, two merges read both each time.
	info, _ := os.Stat(kept[0].Path)
	small := NewCache(info.Size() + 100)
	merge(small)
	merge(small)
	if small.Reads() < 5 {
		t.Errorf("a cache of one sheet's room read %d files in two merges of three", small.Reads())
	}
	if small.bytes > small.max {
		t.Errorf("the cache holds %d bytes, over its bound of %d", small.bytes, small.max)
	}
	// Without a cache every merge reads every file.
	if n, errs := merge(nil); n == 0 || len(errs) != 2 {
		t.Errorf("without a cache: %d objects, errors %v", n, errs)
	}
}

// BenchmarkAddTo merges the eleven other players' sheets of the demo game
// kept in a workspace, as a game switch does.
func BenchmarkAddTo(b *testing.B) { benchAddTo(b, nil) }

// BenchmarkCacheAddTo merges them through a cache, as the window does on
// every switch after the first.
func BenchmarkCacheAddTo(b *testing.B) { benchAddTo(b, NewCache(DefaultCacheBytes)) }

func benchAddTo(b *testing.B, c *Cache) {
	r := rules.Default()
	ws, err := workspace.Open(b.TempDir(), assets.DemoName, assets.DemoPlayer)
	if err != nil {
		b.Fatal(err)
	}
	for p := 2; p <= assets.DemoPlayers; p++ {
		data, _ := assets.DemoSheet(p)
		path := filepath.Join(b.TempDir(), "ally.txt")
		os.WriteFile(path, data, 0o644)
		if _, err := Import(r, ws, path); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := known.New(assets.DemoName, assets.DemoPlayer)
		if errs := c.AddTo(k, r, ws); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}
