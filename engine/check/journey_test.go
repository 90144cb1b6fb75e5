package check

import (
	"strconv"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/rules"
)

// A move's warnings over the turns it takes name the turn and the place,
// as the journey under the pull has them; Checker.Journey answers with the
// same journey.
func TestJourneyWarningsNameTurnAndPlace(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		turn  int
		code  string
		end   journey.End
		at    geom.Point // ship 16's place (zero: the fixture's)
	}{
		{"the fuel runs out", []string{"LF 3 100", "MO 3 100 300 0"}, 6, "fuel-runs-out", journey.FuelOut, geom.Point{}},
		{"a later move ends by the black hole", []string{"MO 16 300 0 0"}, 6, "falls-in", journey.FallsIn, geom.Point{}},
		{"the pull draws the ship in", []string{"MO 16 0 30 0"}, 20, "falls-in", journey.FallsIn, geom.Point{X: 40}},
	} {
		k := fixture()
		k.Turn = c.turn
		k.Ships[15].Fuel = 600
		if c.at != (geom.Point{}) {
			k.Ships[15].Loc = c.at
		}
		c2 := New(rules.Default(), k)
		o := parseOrders(t, c.lines...)
		var msg string
		for _, d := range c2.Check(o) {
			if d.Code == c.code {
				msg = d.Message
			}
		}
		last := o[len(o)-1]
		dest, _ := last.Location()
		fuel := k.Ships[last.Subject()-1].Fuel
		if last.Subject() == 3 {
			fuel += 100 // loaded first
		}
		j, ok := c2.Journey(last.Subject(), dest, 0, fuel, false)
		if !ok || j.End != c.end {
			t.Errorf("%s: the checker's journey ends %v, want %v", c.name, j.End, c.end)
			continue
		}
		for _, want := range []string{"turn " + strconv.Itoa(j.Turn), j.Where.String()} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: %s says %q; want it to name %q", c.name, c.code, msg, want)
			}
		}
	}
	if _, ok := New(rules.Default(), fixture()).Journey(999, geom.Point{}, 0, 10, false); ok {
		t.Error("a journey for a ship that is not the player's")
	}
}
