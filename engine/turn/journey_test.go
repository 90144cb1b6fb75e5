package turn

import (
	"testing"

	"silverfall/engine/geom"
)

func TestPlanJourney(t *testing.T) {
	at := geom.Point{X: 100}
	for _, c := range []struct {
		name        string
		to          geom.Point
		reach, fuel int
		want        Journey
		arrives     bool
		dry         int
	}{
		{"within a turn", geom.Point{X: 130}, 45, 100, Journey{Distance: 30, Reach: 45, Turns: 1, Fuel: 70}, true, 0},
		{"three turns, fuel enough", geom.Point{X: 200}, 45, 100, Journey{Distance: 100, Reach: 45, Turns: 3, Fuel: 0}, true, 0},
		{"fuel runs out in the second turn", geom.Point{X: 250}, 45, 60, Journey{Distance: 150, Reach: 45, Turns: 4, Fuel: -90}, false, 2},
		{"there already", at, 45, 10, Journey{Reach: 45, Fuel: 10}, true, 0},
		{"cannot move", geom.Point{X: 150}, 0, 10, Journey{Distance: 50, Fuel: -40}, false, 0},
	} {
		j := PlanJourney(at, c.to, c.reach, c.fuel)
		if j != c.want || j.Arrives() != c.arrives || j.DryTurn(c.fuel) != c.dry {
			t.Errorf("%s: %+v arrives %v dry %d; want %+v, %v, %d", c.name, j, j.Arrives(), j.DryTurn(c.fuel), c.want, c.arrives, c.dry)
		}
	}
}
