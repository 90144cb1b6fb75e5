package turn

import (
	"fmt"
	"strings"
	"testing"

	"silverfall/engine/rules"
)

// scenarioNamed is the scenario of testdata/scenarios with the name.
func scenarioNamed(t *testing.T, name string) *scenario {
	t.Helper()
	for _, sc := range readScenarios(t) {
		if sc.name == name {
			return sc
		}
	}
	t.Fatalf("no scenario %q", name)
	return nil
}

// The scan of a planet is "identical to what you would receive if you
// controlled that planet": the planet in full, and its mines.
func TestScanPlanetShowsItsMines(t *testing.T) {
	g, _ := scenarioNamed(t, "a scan of a planet shows its mines, as its owner sees them").play(t, rules.Default())
	rep := g.Empire(1).Report
	if rep.ScannedPlanet == nil || rep.ScannedPlanet.ID != 8 || rep.ScannedPlanet.Ore[2] != 50 {
		t.Fatalf("scanned planet %+v, want planet 8 in full", rep.ScannedPlanet)
	}
	if len(rep.ScannedMines) != 2 || rep.ScannedMines[0].ID != 1 || rep.ScannedMines[1].ID != 3 {
		t.Fatalf("scanned mines %+v, want mines 1 and 3 (not mine 2, on another planet)", rep.ScannedMines)
	}
	for _, m := range rep.ScannedMines {
		if m.Owner != 2 || m.Planet != 8 {
			t.Errorf("scanned mine %+v: planet 8's, owned by player 2", m)
		}
	}
}

// Over many seeds, a scan between equal empires whose target's interceptors
// stop every scan is stopped every time: the scan's own cost does not make
// the scanner the smaller empire.
func TestScanSizesBeforeItsCost(t *testing.T) {
	r := rules.Default()
	sc := scenarioNamed(t, "the sizes of a scan are judged before the scanner pays for it")
	for seed := 1; seed <= 12; seed++ {
		c := *sc
		c.state = append([]string(nil), sc.state...)
		c.state[0] = strings.Replace(c.state[0], "seed=1", fmt.Sprintf("seed=%d", seed), 1)
		g, _ := c.play(t, r)
		if n := g.Empire(2).Interceptors; n != 80 {
			t.Errorf("seed %d: the scan went through (player 2 has %d interceptors, 80 when he stops it)", seed, n)
		}
	}
}
