package host

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

var update = flag.Bool("update", false, "rewrite the golden game in testdata")

// play makes a game in a fresh folder and carries out turns with every
// empire played by the computer, calling visit after each.
func play(t testing.TB, seed int64, players, turns int, visit func(g *Game)) *Game {
	t.Helper()
	// Passwords from a source of the test's own, so that the golden game
	// is the same every time (sfhost draws them from crypto/rand).
	g, err := NewWith(filepath.Join(t.(interface{ TempDir() string }).TempDir(), "game"),
		Config{Seed: seed, Players: players, Name: fmt.Sprintf("Property %d", seed)}, testPasswords(seed))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	if visit != nil {
		visit(g)
	}
	for i := 0; i < turns && !g.State.Over; i++ {
		if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
			t.Fatalf("seed %d turn %d: %v", seed, g.State.Turn+1, err)
		}
		if visit != nil {
			visit(g)
		}
	}
	return g
}

// testPasswords is a repeatable source of passwords for a test game.
func testPasswords(seed int64) io.Reader {
	var key [32]byte
	copy(key[:], fmt.Sprintf("silverfall test passwords %d", seed))
	return mrand.NewChaCha8(key)
}

// The golden game: 6 players over 10 turns with computer players; every
// file of every turn is compared with testdata/golden. `go test ./host
// -run Golden -update` rewrites them after a change that is meant.
func TestGoldenGame(t *testing.T) {
	g := play(t, 2026, 6, 10, nil)
	got := readTree(t, g.Dir)
	golden := filepath.Join("testdata", "golden")
	if *update {
		os.RemoveAll(golden)
		for name, data := range got {
			path := filepath.Join(golden, name)
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("wrote %d files", len(got))
		return
	}
	want := readTree(t, golden)
	if len(want) == 0 {
		t.Fatal("no golden files: run go test ./host -run Golden -update")
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	bad := 0
	for _, name := range names {
		if got[name] != want[name] {
			bad++
			if bad <= 10 {
				t.Errorf("%s differs from the golden file%s", name, firstDiff(got[name], want[name]))
			}
		}
	}
	if bad > 10 {
		t.Errorf("... %d files differ in all", bad)
	}
}

// TestGoldenGameSameEveryTime plays the golden game several times in one
// process: Go walks a map in a different order each time, so a turn whose
// result depends on that order gives a different game here.
func TestGoldenGameSameEveryTime(t *testing.T) {
	runs := 3
	if testing.Short() {
		runs = 2
	}
	first := readTree(t, play(t, 2026, 6, 10, nil).Dir)
	for i := 1; i < runs; i++ {
		if diff := treeDiff(first, readTree(t, play(t, 2026, 6, 10, nil).Dir)); diff != "" {
			t.Fatalf("run %d differs from the first: %s", i+1, diff)
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf(" at line %d:\n  got  %q\n  want %q", i+1, x, y)
		}
	}
	return ""
}

// Properties of whole games over many seeds.
func TestGameProperties(t *testing.T) {
	seeds, turns := 12, 8
	if testing.Short() {
		seeds, turns = 3, 4
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		var trees []map[string]string
		for run := 0; run < 2; run++ {
			g := play(t, seed, 2+int(seed)%5, turns, func(g *Game) {
				if run == 0 {
					checkTurn(t, g)
				}
			})
			trees = append(trees, readTree(t, g.Dir))
		}
		if diff := treeDiff(trees[0], trees[1]); diff != "" {
			t.Errorf("seed %d: two runs differ: %s", seed, diff)
		}
	}
}

var otherEmpire = regexp.MustCompile(`player (\d+)|Sauran`)

// checkTurn checks one turn's folder: its sheets read back into what the
// player may know, the credits add up, nothing is below zero, nothing is
// left within reach of the black hole, and every order that failed names
// another empire's action (the computer's orders all pass the checker).
func checkTurn(t *testing.T, g *Game) {
	t.Helper()
	r, s := g.R, g.State
	td := TurnDir(g.Dir, s.Turn)
	where := fmt.Sprintf("%s turn %d", s.Name, s.Turn)
	for _, e := range s.Empires {
		p := e.Player
		if !r.IsPlayer(p) {
			continue
		}
		name := filepath.Join(td, SheetsDir, turnsheet.FileName(p))
		rep, err := reportparse.ReadFile(r, name)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if d := knowledgeDiff("Knowledge", reflect.ValueOf(*rep.Knowledge), reflect.ValueOf(*s.KnowledgeOf(r, p))); d != "" {
			t.Errorf("%s: player %d's sheet reads back differently: %s", where, p, d)
		}
		c := e.Report.Credit
		sum := c.Opening
		for _, l := range c.Lines {
			sum += l.Amount
		}
		if s.Turn > 1 && sum != e.Credits {
			t.Errorf("%s: player %d's credit report adds up to %d, the empire has %d", where, p, sum, e.Credits)
		}
		for _, line := range e.Report.Errors {
			if m := otherEmpire.FindStringSubmatch(line); m == nil || m[1] == strconv.Itoa(p) {
				t.Errorf("%s: player %d's order failed without another empire's doing: %s", where, p, line)
			}
		}
		if e.Interceptors < 0 {
			t.Errorf("%s: player %d has %d interceptors", where, p, e.Interceptors)
		}
	}
	negative := func(what string, id int, vals ...int) {
		for _, v := range vals {
			if v < 0 {
				t.Errorf("%s: %s %d has a figure below zero: %v", where, what, id, vals)
				return
			}
		}
	}
	hole := r.Movement.DestructionRadius
	for _, sh := range s.Ships {
		negative("ship", sh.ID, append([]int{sh.Fuel, sh.Population, sh.Fire, sh.Defence}, sh.Cargo[:]...)...)
		if sh.Loc.Within(geom.Origin, hole) {
			t.Errorf("%s: ship %d at %v, within %d of Silverfall", where, sh.ID, sh.Loc, hole)
		}
	}
	for _, pl := range s.Planets {
		negative("planet", pl.ID, append(append([]int{pl.Fuel, pl.Population, pl.Industry, pl.DefenceUnits}, pl.Stock[:]...), pl.Ore[:]...)...)
		if pl.Loc.Within(geom.Origin, hole) {
			t.Errorf("%s: planet %d at %v, within %d of Silverfall", where, pl.ID, pl.Loc, hole)
		}
	}
	for id, m := range s.Markets {
		negative("market", id, append([]int{m.Fuel}, m.Stock[:]...)...)
	}
}

// knowledgeDiff compares two values as a sheet can hold them: an empty
// list and no list are the same.
func knowledgeDiff(path string, a, b reflect.Value) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": one is missing"
			}
			return ""
		}
		return knowledgeDiff(path, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := knowledgeDiff(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d items vs %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if d := knowledgeDiff(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if a.Len() != b.Len() || (a.Len() > 0 && !reflect.DeepEqual(a.Interface(), b.Interface())) {
			return path + ": maps differ"
		}
		return ""
	}
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		return fmt.Sprintf("%s: %v vs %v", path, a.Interface(), b.Interface())
	}
	return ""
}

// A 40-player game runs its 25 turns to the end (the rule book's game ends
// after about 25 turns with Sauran the winner, unless someone wins first).
func TestFortyPlayersToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("a long game")
	}
	g := play(t, 40, 40, 30, nil)
	if !g.State.Over {
		t.Errorf("after turn %d the game is not over", g.State.Turn)
	}
	if g.State.Turn > g.R.Game.ExpectedLastTurn {
		t.Errorf("the game went on to turn %d", g.State.Turn)
	}
	var out bytes.Buffer
	for _, e := range g.State.Empires {
		fmt.Fprintf(&out, "%d:%d ", e.Player, e.Credits)
	}
	t.Logf("over after turn %d; winners %v; credits %s", g.State.Turn, g.State.Winners, out.String())
	turns, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range turns {
		if !rt.Match() {
			t.Errorf("replay of turn %d: %v %v", rt.Turn, rt.Differ, rt.Err)
		}
	}
}

var _ = model.Game{}
