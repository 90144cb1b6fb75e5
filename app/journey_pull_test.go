package app

import (
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/rules"
)

// The move forms' and the ruler's journey says, from the pull's first
// turn on, how far the pull of Silverfall draws the ship in on the way and
// where it leaves it; before it, nothing of the pull; and what stops a
// journey that does not arrive.
func TestJourneyTextShowsThePull(t *testing.T) {
	r := rules.Default()
	ship := journey.Ship{ID: 8, Owner: 1, Loc: geom.Point{Y: 300}, Reach: 45, Fuel: 300, MaxFuel: 300}
	for _, c := range []struct {
		turn   int
		to     geom.Point
		fuel   int
		want   string
		unwant string
	}{
		{2, geom.Point{Y: 160}, 300, "4 turns at 45 a turn, arriving with 160 fuel of 300 in turn 6", "pull"},
		{r.Movement.GravityFromTurn, geom.Point{Y: 160}, 300, "3 turns at 45 a turn, arriving with 169 fuel of 300 in turn 18; the pull of Silverfall draws it 19 positions in on the way and leaves it at 0,150,0 at the end of turn 18", "runs out"},
		{2, geom.Point{Y: 100}, 60, "its fuel runs out in turn 4 at 0,240,0, 140 positions short", "arriving"},
		{r.Game.ExpectedLastTurn - 1, geom.Point{Y: -300}, 300, "the game ends after turn 25", "arriving"},
	} {
		s := ship
		s.Fuel = c.fuel
		j := journey.Plan(journey.World{Rules: r, Turn: c.turn}, s, journey.Target{Place: c.to})
		got := journeyText(j, c.fuel)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.unwant) {
			t.Errorf("turn %d to %v: %q; want it to say %q and not %q", c.turn, c.to, got, c.want, c.unwant)
		}
	}
}
