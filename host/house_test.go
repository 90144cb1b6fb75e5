package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// game.toml's [house_rules] turns on readings that depart from the book;
// none is on unless listed, and a misspelt one is refused.
func TestHouseRules(t *testing.T) {
	r := rules.Default()
	head := "name = \"x\"\nseed = 1\nplayers = 2\n"
	for _, tc := range []struct {
		name, toml, err string
		want            rules.HouseRules
	}{
		{"none listed", head, "", rules.HouseRules{}},
		{"trading planets hold", head + "[house_rules]\ntrading_planets_hold = true\n", "", rules.HouseRules{TradingPlanetsHold: true}},
		{"all three", head + "[house_rules]\ntrading_planets_hold = true\nstation_repair_of_maximum = true\nsauran_pays_no_upkeep = true\n", "",
			rules.HouseRules{TradingPlanetsHold: true, StationRepairOfMaximum: true, SauranPaysNoUpkeep: true}},
		{"misspelt", head + "[house_rules]\ntrading_planet_hold = true\n", "unknown settings: house_rules.trading_planet_hold", rules.HouseRules{}},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(tc.toml), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := readConfig(dir, r)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := c.Rules(r).House; got != tc.want {
			t.Errorf("%s: house rules %+v, want %+v", tc.name, got, tc.want)
		}
	}
	if r.House != (rules.HouseRules{}) {
		t.Errorf("the shared rules took a game's house rules: %+v", r.House)
	}
}

// A game made with a house rule keeps it when opened again: it is written
// to game.toml, and the game's rules carry it.
func TestHouseRulesKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	g, err := New(dir, Config{Seed: 3, Players: 2, HouseRules: &rules.HouseRules{TradingPlanetsHold: true}})
	if err != nil {
		t.Fatal(err)
	}
	if !g.R.House.TradingPlanetsHold {
		t.Error("the new game's rules lack the house rule")
	}
	g.Close()
	data, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil || !strings.Contains(string(data), "trading_planets_hold = true") {
		t.Fatalf("game.toml lacks the house rule (%v):\n%s", err, data)
	}
	h, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if !h.R.House.TradingPlanetsHold || h.R.House.SauranPaysNoUpkeep {
		t.Errorf("the opened game's house rules are %+v", h.R.House)
	}
}

// A game played with a house rule is replayed with it: the trading planets
// hold their place through the pull's turns, and every turn recomputes to
// the bytes of its folder.
func TestHouseRulesReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("16 turns")
	}
	g, err := NewWith(filepath.Join(t.TempDir(), "game"),
		Config{Seed: 4, Players: 2, HouseRules: &rules.HouseRules{TradingPlanetsHold: true}}, testPasswords(4))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	start := map[int]geom.Point{}
	for _, p := range g.State.Planets {
		if p.Kind == model.Trading {
			start[p.ID] = p.Loc
		}
	}
	for g.State.Turn < 16 {
		if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range g.State.Planets {
		if at, ok := start[p.ID]; ok && p.Loc != at {
			t.Errorf("trading planet %d moved from %v to %v under the house rule", p.ID, at, p.Loc)
		}
	}
	turns, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range turns {
		if !rt.Match() {
			t.Errorf("turn %d does not replay: %v %v", rt.Turn, rt.Differ, rt.Err)
		}
	}
}
