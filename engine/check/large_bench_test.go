package check

import (
	"fmt"
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// largeKnowledge is bigGame's empire with n more of one kind of object:
// mines on one planet, ships at one place, planets, foreign ships in sight.
func largeKnowledge(kind string, n int) *model.Knowledge {
	k, _ := bigGame()
	home := k.Planets[0]
	switch kind {
	case "mines":
		for i := range n {
			k.Mines = append(k.Mines, model.Mine{ID: i + 1, Planet: home.ID, Owner: 1, OreType: 1 + i%5, Rate: 1})
		}
	case "ships":
		base := k.Ships[0]
		for i := range n {
			s := base
			s.ID, s.Loc = 100_000+i, home.Loc
			k.Ships = append(k.Ships, s)
		}
		k.Fleets = model.GroupFleets(k.Ships)
	case "foreign":
		for i := range n {
			k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 200_000 + i, Type: 1, Owner: 2, Loc: home.Loc})
		}
	case "planets":
		for i := range n {
			p := home
			p.ID, p.Loc.X = 10_000+i, home.Loc.X+i+1
			k.Planets = append(k.Planets, p)
		}
	}
	return k
}

// The forecast and the check of an empire with 10,000 and 100,000 objects
// of each kind: they grow as n log n at most.
func BenchmarkForecastLarge(b *testing.B) {
	_, orders := bigGame()
	for _, kind := range []string{"mines", "ships", "foreign", "planets"} {
		for _, n := range []int{10_000, 100_000} {
			b.Run(fmt.Sprintf("%s-%d", kind, n), func(b *testing.B) {
				k := largeKnowledge(kind, n)
				for b.Loop() {
					ForecastOnce(rules.Default(), k, orders)
				}
			})
		}
	}
}
