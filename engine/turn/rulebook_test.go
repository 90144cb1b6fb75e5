package turn

import (
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
