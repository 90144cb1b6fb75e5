package search

import (
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
)

// bigKnown is a 25-turn, 40-player game as player 1 knows it: his own
// sheets of every turn, 1,500 planets and 4,000 ships of the 40 players
// seen over the turns (each turn shows a part of them, moved on), merged
// as the window merges sheets.
func bigKnown(tb testing.TB) *known.Known {
	k := known.New("Big", 1)
	for t := 1; t <= 25; t++ {
		s := &model.Knowledge{Game: "Big", Turn: t, Empire: model.Empire{Player: 1, Allies: []int{2, 3}}}
		for i := 1; i <= 1500; i++ {
			if i%25 != t%25 && i%3 != 0 {
				continue
			}
			p := model.Planet{ID: i, Owner: i % 41, Name: "Planet", Loc: geom.Point{X: (i * 37) % 2000, Y: (i * 53) % 2000, Z: (i*17)%400 - 200},
				Ore: model.Ore{i % 7, i % 5, i % 3, 0, i % 11}, Industry: i % 9}
			if p.Owner == 1 {
				s.Planets = append(s.Planets, p)
			} else {
				s.ForeignPlanets = append(s.ForeignPlanets, p)
			}
		}
		for i := 1; i <= 4000; i++ {
			if i%25 != t%25 && i%40 != 1 {
				continue
			}
			sh := model.Ship{ID: i, Owner: 1 + i%40, Name: "Hawk", Fuel: i % 200, Type: i % 10,
				Loc: geom.Point{X: (i*71 + t*5) % 2000, Y: (i * 29) % 2000, Z: (i*13)%400 - 200}}
			if sh.Owner == 1 {
				s.Ships = append(s.Ships, sh)
			} else {
				s.ForeignShips = append(s.ForeignShips, sh)
			}
		}
		if err := k.Add(s); err != nil {
			tb.Fatal(err)
		}
	}
	return k
}

// benchSearch is what the window does on Enter, but drawing: the objects
// known, the query run over them, the rows made and sorted.
func benchSearch(b *testing.B, text string) {
	k := bigKnown(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := Run(text, k.Objects(), k.Newest(), owner)
		if err != nil {
			b.Fatal(err)
		}
		r.Sort(5, false)
	}
}

func BenchmarkSearchPlanets(b *testing.B) {
	benchSearch(b, "unowned planets with ore 3 within 500 of ship 41, seen in the last 3 turns")
}

// Every object found: the most rows a search makes.
func BenchmarkSearchEverything(b *testing.B) { benchSearch(b, "objects within 5000 of 0,0,0") }
