package host

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/ai"
	"silverfall/engine/rules"
)

// game.toml chooses the computer's level per empire; an unknown level is
// refused with the player's number, and no level means "normal".
func TestComputerLevelInConfig(t *testing.T) {
	r := rules.Default()
	for _, tc := range []struct {
		toml, err string
		p2        string
	}{
		{"name = \"x\"\nseed = 1\nplayers = 2\n[[player]]\nnumber = 1\nlevel = \"easy\"\n", "", "normal"},
		{"name = \"x\"\nseed = 1\nplayers = 2\n[[player]]\nnumber = 2\nlevel = \"easy\"\n", "", "easy"},
		{"name = \"x\"\nseed = 1\nplayers = 2\n[[player]]\nnumber = 2\nlevel = \"expert\"\n", "player 2: no computer level \"expert\"", ""},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(tc.toml), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := readConfig(dir, r)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.toml, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := c.level(2).Name; got != tc.p2 {
			t.Errorf("%q: player 2 plays at %q, want %q", tc.toml, got, tc.p2)
		}
	}
}

// levelsGame makes a game of two players, player 2 a computer empire at
// "normal", with toml added to its game.toml (after sfhost new, as a
// moderator edits it), and carries out turn 2.
func levelsGame(t *testing.T, toml string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "game")
	g, err := NewWith(dir, Config{Seed: 11, Players: 2, Player: []Player{{Number: 2, Computer: true}}}, testPasswords(11))
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	appendConfig(t, dir, toml)
	if g, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := g.Turn(TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func appendConfig(t *testing.T, dir, toml string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, ConfigFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(toml); err != nil {
		t.Fatal(err)
	}
}

func computerOrders(t *testing.T, dir string, turn int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(TurnDir(dir, turn), OrdersDir, ComputerDir, "player-02.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func countOrders(orders, code string) int {
	n := 0
	for _, l := range strings.Split(orders, "\n") {
		if strings.HasPrefix(l, code+" ") {
			n++
		}
	}
	return n
}

// A level's figures changed in game.toml change what the computer empire
// orders: normal starts mines on turn 1, normal with mines_per_turn = 0
// none, and builds fewer ships with fewer planet-takers and traders.
func TestLevelOverriddenInConfig(t *testing.T) {
	plain := computerOrders(t, levelsGame(t, ""), 1)
	dir := levelsGame(t, "\n[[level]]\nname = \"normal\"\nmines_per_turn = 0\n")
	changed := computerOrders(t, dir, 1)
	if countOrders(plain, "SM") == 0 {
		t.Fatalf("the built-in normal level starts no mine on turn 1; the test needs one:\n%s", plain)
	}
	if n := countOrders(changed, "SM"); n != 0 {
		t.Errorf("normal with mines_per_turn = 0 started %d mines:\n%s", n, changed)
	}
	if _, err := os.Stat(filepath.Join(TurnDir(dir, 2), LevelsRecordFile)); err != nil {
		t.Errorf("no record of the levels turn 2 was played at: %v", err)
	}
	if _, err := os.Stat(filepath.Join(TurnDir(levelsGame(t, ""), 2), LevelsRecordFile)); err == nil {
		t.Errorf("a game at the built-in levels has a record of them")
	}
}

// The replay plays each turn at the levels it was played at, though
// game.toml changed between turns; without the turn's record it would
// not.
func TestReplayAtTheTurnsLevels(t *testing.T) {
	dir := levelsGame(t, "\n[[level]]\nname = \"normal\"\nmines_per_turn = 0\n")
	data, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	// Between turns the moderator lets normal start mines again.
	edited := strings.Replace(string(data), "mines_per_turn = 0", "mines_per_turn = 8", 1)
	if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Turn(TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	g.Close()
	if countOrders(computerOrders(t, dir, 2), "SM") == 0 {
		t.Fatalf("turn 3 took no mines after game.toml allowed them again")
	}
	// The computer's order files gone, the replay writes them again.
	for turn := 1; turn <= 2; turn++ {
		os.RemoveAll(filepath.Join(TurnDir(dir, turn), OrdersDir, ComputerDir))
	}
	replayMatches := func() bool {
		res, err := Replay(dir)
		if err != nil {
			t.Fatal(err)
		}
		ok := len(res) == 3
		for _, rt := range res {
			ok = ok && rt.Match()
		}
		return ok
	}
	if !replayMatches() {
		t.Errorf("the replay differs from the turns played at the levels of their time")
	}
	if err := os.Remove(filepath.Join(TurnDir(dir, 2), LevelsRecordFile)); err != nil {
		t.Fatal(err)
	}
	if replayMatches() {
		t.Errorf("without turn 2's record, the replay still matched: the record made no difference")
	}
}

// game.toml names a levels file of the game's folder: read at sfhost new
// (a new level, a built-in one changed), checked again at every turn, and
// refused with its file and line; game.toml's own tables come after it.
func TestLevelsFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	os.MkdirAll(dir, 0o755)
	c := Config{Seed: 3, Players: 2, Levels: "levels.toml", Player: []Player{{Number: 2, Computer: true, Level: "cautious"}}}
	if _, err := New(dir, c); err == nil || !strings.Contains(err.Error(), "levels.toml") {
		t.Fatalf("no levels file: %v", err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("levels.toml", "[[level]]\nname = \"cautious\"\nbased_on = \"normal\"\nguard_percent = 180\n")
	if _, err := New(dir, c); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "levels.toml")+":4: guard_percent = 180: a share in percent is 0 to 100") {
		t.Fatalf("a percent over 100: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
		t.Fatalf("a refused sfhost new left a game.toml")
	}
	write("levels.toml", "[[level]]\nname = \"cautious\"\nbased_on = \"normal\"\nguard_percent = 80\n")
	g, err := New(dir, c)
	if err != nil {
		t.Fatal(err)
	}
	if lv := g.Config.level(2); lv.Name != "cautious" || lv.GuardPercent != 80 || lv.Claimers != ai.Normal().Claimers {
		t.Errorf("player 2 plays at %+v", lv)
	}
	g.Close()
	data, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
	if !strings.Contains(string(data), `levels = "levels.toml"`) {
		t.Errorf("game.toml does not name the levels file:\n%s", data)
	}
	// game.toml's tables over the file's.
	appendConfig(t, dir, "\n[[level]]\nname = \"cautious\"\nwarships = 2\n")
	if g, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	if lv := g.Config.level(2); lv.GuardPercent != 80 || lv.Warships != 2 {
		t.Errorf("cautious after game.toml's table: guard %d warships %d; want 80 and 2", lv.GuardPercent, lv.Warships)
	}
	g.Close()
	// Edited between turns: the next turn refuses it.
	write("levels.toml", "[[level]]\nname = \"cautious\"\nbased_on = \"normal\"\nclaimerz = 3\n")
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "levels.toml")+":4: claimerz: no such setting of a level") {
		t.Errorf("an unknown setting in the levels file at the next turn: %v", err)
	}
	write("levels.toml", "[[level]]\nname = \"easy\"\n")
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "game.toml:14: no level \"cautious\" to change") {
		t.Errorf("game.toml's table for a level gone from the levels file: %v", err)
	}
	write(ConfigFile, string(data))
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "player 2: no computer level \"cautious\"") {
		t.Errorf("player 2's level gone from the levels file: %v", err)
	}
}

// The levels file is one of the game's folder, named by its path there.
func TestLevelsFileOutside(t *testing.T) {
	for _, name := range []string{"../levels.toml", "/etc/levels.toml"} {
		dir := filepath.Join(t.TempDir(), "game")
		_, err := New(dir, Config{Seed: 3, Players: 2, Levels: name})
		if err == nil || !strings.Contains(err.Error(), "not outside it") {
			t.Errorf("levels = %q: %v", name, err)
		}
	}
}

// A figure out of range in game.toml's own [[level]] table is refused
// with game.toml's line.
func TestLevelInConfigRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	g, err := New(dir, Config{Seed: 3, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	data, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
	line := strings.Count(string(data), "\n") + 4
	appendConfig(t, dir, "\n[[level]]\nname = \"easy\"\ncargo_ships = -2\n")
	want := fmt.Sprintf("%s:%d: cargo_ships = -2: no figure of a level is negative", filepath.Join(dir, ConfigFile), line)
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a negative count in game.toml: %v, want %q", err, want)
	}
}
