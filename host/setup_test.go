package host

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// chosen is player 2's set-up in the game "Setup Test": a Lexmons
// Commodore and five ships of 340,500 credits.
const chosen = `# Darkness of Silverfall set-up file
GAME Setup Test
PLAYER 2
RACE Lexmons
ABILITY Construction 3
ABILITY Economist 3
ABILITY Tactical 3
ABILITY Security 3
ABILITY Technology 2
ABILITY Navigation 2
SHIP 23
SHIP 23
SHIP 1
SHIP 42 2 10
SHIP 11
END
`

func newWithSetups(t *testing.T, files map[string]string) (string, *Game, error) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "game")
	if err := os.MkdirAll(filepath.Join(dir, SetupsDir), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, SetupsDir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, err := NewWith(dir, Config{Name: "Setup Test", Seed: 8, Players: 3}, testPasswords(8))
	if err == nil {
		t.Cleanup(func() { g.Close() })
	}
	return dir, g, err
}

// TestNewWithSetup: "Each player may select which nine ships he/she will
// start with" and "they can select the race and abilities for the
// Commodore": the first sheet of a player who sent a set-up shows exactly
// his ships, his race and his Commodore's levels; the others' are drawn,
// and the replay makes the same turn 1.
func TestNewWithSetup(t *testing.T) {
	dir, g, err := newWithSetups(t, map[string]string{"ann.txt": chosen})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Chosen, []int{2}) {
		t.Errorf("chosen: %v", g.Chosen)
	}
	r := rules.Default()
	name := filepath.Join(TurnDir(dir, 1), SheetsDir, turnsheet.FileName(2))
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reportparse.Parse(r, name, data)
	if err != nil {
		t.Fatal(err)
	}
	k := rep.Knowledge
	if k.Empire.Race != 10 {
		t.Errorf("the sheet's race: %d", k.Empire.Race)
	}
	var types []int
	var station model.Ship
	for _, s := range k.Ships {
		types = append(types, s.Type)
		if s.Type == rules.TypeBattleStation {
			station = s
		}
		if s.Type == 42 && (s.MaxFire != 2 || s.MaxDefence != 10) {
			t.Errorf("the freighter: fire %d, defence %d", s.MaxFire, s.MaxDefence)
		}
	}
	if !reflect.DeepEqual(types, []int{13, 23, 23, 1, 42, 11}) {
		t.Errorf("the sheet's ships: %v", types)
	}
	var want model.Levels
	want[8], want[9], want[0], want[7], want[10], want[1] = 3, 3, 3, 3, 2, 2
	found := false
	for _, o := range k.Officers {
		if o.Ship == station.ID {
			found = true
			if o.Race != 10 || o.Levels != want || o.Current != want {
				t.Errorf("the Commodore: race %d, levels %v, current %v", o.Race, o.Levels, o.Current)
			}
		}
	}
	if !found {
		t.Error("no officer on the battle station")
	}
	turns, err := g.Replay()
	if err != nil || len(turns) != 1 || !turns[0].Match() {
		t.Errorf("replay: %+v %v", turns, err)
	}
}

// TestNewRefusesSetup: a set-up that breaks a limit, or is for another
// game, or a second of a player's, stops sfhost new with its file and line.
func TestNewRefusesSetup(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"three of a type", map[string]string{"p2.txt": strings.Replace(chosen, "SHIP 1\n", "SHIP 23\n", 1)},
			"p2.txt:13: a DREADNOUGHT (23) more than the 2 of a type"},
		{"four in an ability", map[string]string{"p2.txt": strings.Replace(chosen, "Navigation 2", "Navigation 4", 1)},
			"p2.txt:10: Navigation 4: the Commodore starts with at most 3"},
		{"another game", map[string]string{"p2.txt": strings.Replace(chosen, "Setup Test", "Other Game", 1)},
			`p2.txt:2: the set-up is for game "Other Game"; this game is "Setup Test"`},
		{"a player not in the game", map[string]string{"p2.txt": strings.Replace(chosen, "PLAYER 2", "PLAYER 4", 1)},
			"p2.txt:3: player 4: this game has players 1 to 3"},
		{"twice", map[string]string{"a.txt": chosen, "b.txt": chosen}, "b.txt:3: player 2's set-up is in"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, _, err := newWithSetups(t, c.files)
			if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, SetupsDir, c.want)) {
				t.Fatalf("got %v\nwant %s", err, c.want)
			}
			if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
				t.Error("the game was made all the same")
			}
		})
	}
}

// A game without a set-ups folder, or with an empty one, is drawn as
// before: the same turn 1.
func TestNewWithoutSetups(t *testing.T) {
	dir, _, err := newWithSetups(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "plain")
	// The same passwords in both: only the set-ups could make them differ.
	g, err := NewWith(other, Config{Name: "Setup Test", Seed: 8, Players: 3}, testPasswords(8))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	a, _ := os.ReadFile(filepath.Join(TurnDir(dir, 1), StateFile))
	b, _ := os.ReadFile(filepath.Join(TurnDir(other, 1), StateFile))
	if len(a) == 0 || string(a) != string(b) {
		t.Error("an empty set-ups folder changed turn 1")
	}
}

// TestNewSetupNameComposed: a game's name typed by the player with its
// accents as separate characters (as some keyboards give them) is the
// moderator's name all the same; it looked the same in the refusal.
func TestNewSetupNameComposed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	if err := os.MkdirAll(filepath.Join(dir, SetupsDir), 0o755); err != nil {
		t.Fatal(err)
	}
	decomposed := strings.Replace(chosen, "Setup Test", "Cafe\u0301 E\u0301toile", 1)
	if err := os.WriteFile(filepath.Join(dir, SetupsDir, "p2.txt"), []byte(decomposed), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := New(dir, Config{Name: "Caf\u00e9 \u00c9toile", Seed: 8, Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	sheet, err := os.ReadFile(filepath.Join(TurnDir(dir, 1), SheetsDir, "player-02.txt"))
	if err != nil || !strings.Contains(string(sheet), "10 Lexmons") {
		t.Errorf("player 2's set-up not taken: %v", err)
	}
}
