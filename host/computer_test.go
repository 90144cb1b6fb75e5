package host

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A player marked `computer = true` in game.toml is a computer empire from
// turn 1: plain turns play it (no --auto-missing), it never misses a turn (player 1, who sends nothing, is dropped after two),
// and the replay agrees. Marking it later is refused: turn 1 made it a
// player's.
func TestComputerEmpireFromTurnOne(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	c := Config{Seed: 5, Players: 3, Player: []Player{{Number: 2, Computer: true, Level: "easy"}, {Number: 3, Computer: true}}}
	g, err := New(dir, c)
	if err != nil {
		t.Fatal(err)
	}
	for turn := 0; turn < 2; turn++ {
		sum, err := g.Turn(TurnOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(sum.Computer) != "[2 3]" || fmt.Sprint(sum.Missing) != "[1]" {
			t.Errorf("turn %d: computer %v, missing %v; want [2 3] and [1]", sum.Turn, sum.Computer, sum.Missing)
		}
	}
	for _, p := range []int{2, 3} {
		if e := g.State.Empire(p); !e.Computer || e.Dropped || e.Missed != 0 {
			t.Errorf("empire %d: computer %v, dropped %v, missed %d", p, e.Computer, e.Dropped, e.Missed)
		}
	}
	if e := g.State.Empire(1); !e.Computer || !e.Dropped {
		t.Errorf("player 1 sent nothing for two turns: computer %v, dropped %v; want dropped", e.Computer, e.Dropped)
	}
	g.Close()
	res, err := Replay(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range res {
		if !rt.Match() {
			t.Errorf("replay of turn %d: %v %v", rt.Turn, rt.Differ, rt.Err)
		}
	}

	// Player 1 made a computer empire after turn 1: refused.
	dir = filepath.Join(t.TempDir(), "h")
	if g, err = New(dir, c); err != nil {
		t.Fatal(err)
	}
	g.Close()
	data, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "[[player]]\n  number = 2", "[[player]]\n  number = 1\n  computer = true\n\n[[player]]\n  number = 2", 1)
	if edited == string(data) {
		t.Fatalf("game.toml is not as expected:\n%s", data)
	}
	if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if g, err := Open(dir); err == nil || !strings.Contains(err.Error(), "player 1 is a computer empire in the settings but not in the state") {
		if g != nil {
			g.Close()
		}
		t.Errorf("a computer empire chosen after turn 1: %v", err)
	}
}
