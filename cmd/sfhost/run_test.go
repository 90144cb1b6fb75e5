package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/ai"
)

func sfhost(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(args, &out, &errb)
	return status, out.String(), errb.String()
}

func TestCommands(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	if s, out, errs := sfhost(t, "new", dir, "--seed", "4", "--players", "3", "--name", "Command Test"); s != 0 || !strings.Contains(out, `game "Command Test", 3 players`) {
		t.Fatalf("new: %d %q %q", s, out, errs)
	}
	if s, _, errs := sfhost(t, "new", dir, "--seed", "4", "--players", "3"); s != 1 || !strings.Contains(errs, "already holds a game") {
		t.Errorf("new over a game: %d %q", s, errs)
	}
	s, out, _ := sfhost(t, "status", dir)
	if s != 0 || !strings.Contains(out, "Turn      1\n") || !strings.Contains(out, "Missing   player 1, 2, 3\n") {
		t.Errorf("status: %d\n%s", s, out)
	}
	s, out, errs := sfhost(t, "turn", dir, "--auto-missing", "--due", "2027-03-01")
	if s != 0 || !strings.Contains(out, "turn 2 carried out: orders from no one; by the computer for player 1, 2, 3") {
		t.Fatalf("turn: %d %q %q", s, out, errs)
	}
	sheet, err := os.ReadFile(filepath.Join(dir, "turn-002", "sheets", "player-02.txt"))
	if err != nil || !bytes.Contains(sheet, []byte("2027-03-01")) {
		t.Errorf("turn 2's sheet of player 2: %v", err)
	}
	s, out, _ = sfhost(t, "replay", dir)
	if s != 0 || out != "turn 1: matches\nturn 2: matches\n" {
		t.Errorf("replay: %d %q", s, out)
	}
	os.WriteFile(filepath.Join(dir, "turn-002", "sheets", "player-02.txt"), []byte("edited"), 0o644)
	s, out, _ = sfhost(t, "replay", dir)
	if s != 1 || !strings.Contains(out, "turn 2: differs: sheets/player-02.txt") {
		t.Errorf("replay after an edit: %d %q", s, out)
	}
	// A broken state: FILE:LINE and status 1.
	os.WriteFile(filepath.Join(dir, "turn-002", "state.txt"), []byte("silverfall-state 1\ngame turn=2\nship id=x\n"), 0o644)
	s, _, errs = sfhost(t, "turn", dir)
	if s != 1 || !strings.Contains(errs, filepath.Join(dir, "turn-002", "state.txt")+":3: ship: column 6: id: expected a whole number") {
		t.Errorf("broken state: %d %q", s, errs)
	}
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{nil, 2, "usage: sfhost"},
		{[]string{"help"}, 0, "usage: sfhost"},
		{[]string{"frob", "x"}, 2, `unknown command "frob"`},
		{[]string{"new", "x"}, 2, "-seed and -players are needed"},
		{[]string{"new", "--seed", "x", "y"}, 2, "invalid value"},
		{[]string{"status", "a", "b"}, 2, `unexpected argument "b"`},
		{[]string{"mail", "send", filepath.Join(t.TempDir(), "none"), "--again"}, 2, "no such file"},
		{[]string{"mail", "frob"}, 2, `unknown mail command "frob"`},
		{[]string{"turn"}, 2, "usage: sfhost turn DIR"},
		{[]string{"turn", "x", "--colour", "red"}, 2, "not defined: -colour"},
		{[]string{"status", filepath.Join(t.TempDir(), "none")}, 2, "no such file"},
	} {
		s, out, errs := sfhost(t, c.args...)
		if s != c.status || !strings.Contains(out+errs, c.want) {
			t.Errorf("%v: %d %q %q", c.args, s, out, errs)
		}
	}
}

// Every command answers -h (or --help) with its own usage and options, on
// standard output, with status 0.
func TestHelpEachCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"new", "-h"}, "-players"},
		{[]string{"turn", "--help"}, "-auto-missing"},
		{[]string{"status", "-h"}, "usage: sfhost status DIR"},
		{[]string{"replay", "-help"}, "usage: sfhost replay DIR"},
		{[]string{"mail", "send", "-h"}, "-again"},
		{[]string{"mail", "fetch", "-h"}, "usage: sfhost mail fetch DIR"},
		{[]string{"mail", "password", "--help"}, "usage: sfhost mail password DIR"},
	} {
		s, out, errs := sfhost(t, c.args...)
		if s != 0 || !strings.Contains(out, c.want) || errs != "" {
			t.Errorf("%v: %d %q %q", c.args, s, out, errs)
		}
	}
}

// Options stand before or after the folder.
func TestOptionsAnywhere(t *testing.T) {
	for i, args := range [][]string{
		{"new", "--seed", "4", "--players", "2", "DIR"},
		{"new", "DIR", "--seed=4", "-players", "2"},
		{"new", "-seed", "4", "DIR", "-players=2", "-name", "Anywhere"},
	} {
		dir := filepath.Join(t.TempDir(), "g")
		for j := range args {
			if args[j] == "DIR" {
				args[j] = dir
			}
		}
		if s, out, errs := sfhost(t, args...); s != 0 {
			t.Errorf("%d %v: %d %q %q", i, args, s, out, errs)
		}
		if s, out, errs := sfhost(t, "turn", "--auto-missing", dir, "--due", "1 May"); s != 0 || !strings.Contains(out, "turn 2 carried out") {
			t.Errorf("%d turn: %d %q %q", i, s, out, errs)
		}
	}
}

// A folder name with control characters is printed escaped.
func TestNamesEscaped(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "evil\x1b[2J")
	s, out, errs := sfhost(t, "status", dir)
	if s != 2 || strings.ContainsRune(out+errs, 0x1b) || !strings.Contains(errs, `evil\x1b[2J`) {
		t.Errorf("%d %q %q", s, out, errs)
	}
}

// Lines of an order file that the host does not take are named to the
// moderator as well as on the player's sheet.
func TestRefusedLinesTold(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	if s, _, errs := sfhost(t, "new", dir, "-seed", "3", "-players", "2", "-name", "Told"); s != 0 {
		t.Fatal(errs)
	}
	orders := "# Darkness of Silverfall order file\nGAME Told\nPLAYER 1\nTURN 2\nPASSWORD " + passwordOf(t, dir, 1) + "\n\n[NAMES]\nNAME SHIP 1 Bell\a\n\nEND\n"
	os.WriteFile(filepath.Join(dir, "turn-001", "orders", "p1.txt"), []byte(orders), 0o644)
	s, out, errs := sfhost(t, "turn", dir)
	if s != 0 || !strings.Contains(out, "player 1: 1 line of the order file not taken") || strings.ContainsRune(out, '\a') {
		t.Errorf("%d %q %q", s, out, errs)
	}
}

// An order file taken whole is carried out and named to no one as having
// lines not taken (sfhost once failed on it, indexing the empty list).
func TestCleanOrderFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	if s, _, errs := sfhost(t, "new", dir, "-seed", "3", "-players", "2", "-name", "Clean"); s != 0 {
		t.Fatal(errs)
	}
	orders := "# Darkness of Silverfall order file\nGAME Clean\nPLAYER 1\nTURN 2\nPASSWORD " + passwordOf(t, dir, 1) + "\n\n[NAMES]\nNAME SHIP 1 Bell\n\nEND\n"
	os.WriteFile(filepath.Join(dir, "turn-001", "orders", "p1.txt"), []byte(orders), 0o644)
	s, out, errs := sfhost(t, "turn", dir, "-auto-missing")
	if s != 0 || !strings.Contains(out, "turn 2 carried out: orders from player 1; by the computer for player 2") || strings.Contains(out, "not taken") {
		t.Errorf("%d %q %q", s, out, errs)
	}
}

// passwordOf is player p's password as his turn 1 sheet prints it.
func passwordOf(t *testing.T, dir string, p int) string {
	t.Helper()
	sheet, err := os.ReadFile(filepath.Join(dir, "turn-001", "sheets", fmt.Sprintf("player-%02d.txt", p)))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(sheet), "\n") {
		if v, ok := strings.CutPrefix(l, "Password:"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("player %d's sheet prints no password", p)
	return ""
}

// An order file without the player's password is refused: the moderator
// is told, with the file, and it is kept aside.
func TestWrongPasswordTold(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	if s, _, errs := sfhost(t, "new", dir, "-seed", "3", "-players", "2", "-name", "Told"); s != 0 {
		t.Fatal(errs)
	}
	if passwordOf(t, dir, 1) == passwordOf(t, dir, 2) {
		t.Error("two players have one password")
	}
	orders := "# Darkness of Silverfall order file\nGAME Told\nPLAYER 1\nTURN 2\nPASSWORD " + passwordOf(t, dir, 2) + "\n\n[GENERAL]\nPI 1\n\nEND\n"
	os.WriteFile(filepath.Join(dir, "turn-001", "orders", "p1.txt"), []byte(orders), 0o644)
	if s, _, errs := sfhost(t, "status", dir); s != 0 || !strings.Contains(errs, "p1.txt:5: orders for player 1 with a wrong password") {
		t.Errorf("status: %d %q", s, errs)
	}
	s, out, errs := sfhost(t, "turn", dir)
	if s != 0 || !strings.Contains(errs, "p1.txt:5: orders for player 1 with a wrong password; refused and set aside") || !strings.Contains(out, "none from player 1, 2") {
		t.Errorf("%d %q %q", s, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "turn-001", "orders", "refused", "p1.txt")); err != nil {
		t.Error(err)
	}
}

// sfhost new -levels reads and checks the game's levels file, refusing a
// mistake with its file and line; game.toml names the file, and every turn
// checks it again.
func TestNewWithLevels(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	os.MkdirAll(dir, 0o755)
	levels := filepath.Join(dir, "levels.toml")
	os.WriteFile(levels, []byte("[[level]]\nname = \"cautious\"\nbased_on = \"normal\"\nguard_percent = -5\n"), 0o644)
	s, _, errs := sfhost(t, "new", dir, "--seed", "4", "--players", "2", "--levels", "levels.toml")
	if s != 1 || !strings.Contains(errs, levels+":4: guard_percent = -5: no figure of a level is negative") {
		t.Fatalf("new with a bad levels file: %d %q", s, errs)
	}
	os.WriteFile(levels, []byte("[[level]]\nname = \"cautious\"\nbased_on = \"normal\"\nguard_percent = 80\n"), 0o644)
	s, out, errs := sfhost(t, "new", dir, "--seed", "4", "--players", "2", "--levels", "levels.toml")
	names := append(ai.LevelNames(), "cautious") // a moderator's own after the built-in ones
	if s != 0 || !strings.Contains(out, "computer levels: "+strings.Join(names, ", ")+"\n") {
		t.Fatalf("new with levels: %d %q %q", s, out, errs)
	}
	os.WriteFile(levels, []byte("[[level]]\nname = \"normal\"\nscans = \"often\"\n"), 0o644)
	s, _, errs = sfhost(t, "turn", dir, "--auto-missing")
	if s != 1 || !strings.Contains(errs, levels+":3: scans = \"often\": true or false is wanted") {
		t.Errorf("turn with a levels file edited wrong: %d %q", s, errs)
	}
}
