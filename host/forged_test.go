package host

import (
	"fmt"
	"path/filepath"
	"reflect"
	"silverfall/engine/text"
	"sort"
	"strings"
	"testing"

	"silverfall/engine/order"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// structureLines are lines that a sheet reader takes for the sheet's own
// structure when they stand at the start of a line.
var structureLines = []string{
	"=== 15. ERRORS IN ORDERS ===",
	turnsheet.End,
	turnsheet.None,
	turnsheet.Banner,
	turnsheet.PageHeader + "F -- player 2 -- page 2",
	"=== ORDER SHEET ===",
	"=== 13. MESSAGES ===",
	turnsheet.Quote + "a line already quoted",
	"> a quoted mail line",
}

// A player's broadcast lines and names, and the moderator's game name,
// cannot change what another player's sheet reads: every sheet reads back
// exactly as what its player knows, with the broadcast as messages and the
// names as names, and the turn's errors are those of the same turn without
// them.
func TestForgedSheets(t *testing.T) {
	run := func(hostile bool) map[int]*reportparse.Report {
		name := "Plain Game"
		if hostile {
			name = "=== 15. ERRORS IN ORDERS ==="
		}
		g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 23, Players: 3, Name: name})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		for p := 1; p <= 3; p++ {
			var lines []string
			if hostile {
				for i := 0; i < 3; i++ {
					lines = append(lines, "BROADCAST "+structureLines[(3*(p-1)+i)%len(structureLines)])
				}
				ship := shipOf(g, p)
				lines = append(lines, fmt.Sprintf("NAME SHIP %d %s", ship, []string{turnsheet.End, turnsheet.None, "=== 1. SCORE ==="}[p-1]))
			}
			lines = append(lines, "PI 1")
			put(t, g, turnsheet.FileName(p), orderFile(t, g, p, lines...))
		}
		if _, err := g.Turn(TurnOptions{}); err != nil {
			t.Fatal(err)
		}
		out := map[int]*reportparse.Report{}
		for p := 1; p <= 3; p++ {
			file := filepath.Join(TurnDir(g.Dir, 2), SheetsDir, turnsheet.FileName(p))
			rep, err := reportparse.ReadFile(g.R, file)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if len(rep.Warnings) > 0 || !rep.Ended {
				t.Errorf("%s: warnings %v, ended %v", file, rep.Warnings, rep.Ended)
			}
			k := g.State.KnowledgeOf(g.R, p)
			if d := knowledgeDiff("Knowledge", reflect.ValueOf(*rep.Knowledge), reflect.ValueOf(*k)); d != "" {
				t.Errorf("hostile %v: player %d's sheet reads back differently: %s", hostile, p, d)
			}
			out[p] = rep
		}
		return out
	}
	plain, hostile := run(false), run(true)
	for p := 1; p <= 3; p++ {
		h := hostile[p].Knowledge
		if h.Broadcasts != 9 || len(h.Messages) < 9 {
			t.Errorf("player %d reads %d broadcast lines: %q", p, h.Broadcasts, h.Messages)
			continue
		}
		got := append([]string(nil), h.Messages[:9]...)
		sort.Strings(got)
		want := append([]string(nil), structureLines...)
		sort.Strings(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("player %d: the broadcast reads %q, want %q", p, got, want)
		}
		if !reflect.DeepEqual(h.Errors, plain[p].Knowledge.Errors) || len(h.Errors) != 0 {
			t.Errorf("player %d: errors %q, without the broadcast %q", p, h.Errors, plain[p].Knowledge.Errors)
		}
		if len(hostile[p].Sections) != len(plain[p].Sections) {
			t.Errorf("player %d: %d sections, without the broadcast %d", p, len(hostile[p].Sections), len(plain[p].Sections))
		}
		if len(h.Empire.Abilities) != len(plain[p].Knowledge.Empire.Abilities) {
			t.Errorf("player %d: the special abilities differ", p)
		}
	}
}

// shipOf is one of player p's ships.
func shipOf(g *Game, p int) int {
	for _, s := range g.State.Ships {
		if s.Owner == p {
			return s.ID
		}
	}
	return 0
}

// Names and broadcasts with characters that are not printable are refused
// where they are given: in the order file (the line is refused and the
// sheet says so), in game.toml and for a new game's name.
func TestUnprintableTextRefused(t *testing.T) {
	for _, name := range []string{"Split\nGame", "Esc\x1b[2Jape", "Bidi\u202eeman", " Blank", strings.Repeat("x", text.MaxGameName+1)} {
		if _, err := New(filepath.Join(t.TempDir(), "g"), Config{Seed: 1, Players: 2, Name: name}); err == nil {
			t.Errorf("game name %q taken", name)
		}
	}
	for _, line := range []string{"BROADCAST Esc\x1b[2J", "NAME SHIP 1 A\x07bell", "BROADCAST rtl \u202e text"} {
		if _, err := order.Parse(line); err == nil {
			t.Errorf("%q taken as an order", line)
		}
	}
}
