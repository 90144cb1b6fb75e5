package query

import (
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
)

// bigFixture is a 25-turn, 40-player game's knowledge as one player holds
// it: 1,500 planets and 4,000 ships, seen over the turns.
func bigFixture() []known.Object {
	var objs []known.Object
	objs = append(objs, known.Object{Key: model.EmpireKey, Owner: 1, Turn: 25, Full: true,
		Source: known.Source{Kind: known.OwnSheet, Player: 1, Turn: 25}, Empire: &model.Empire{Player: 1, Allies: []int{2, 3}}})
	for i := 1; i <= 1500; i++ {
		loc := geom.Point{X: (i * 37) % 2000, Y: (i * 53) % 2000, Z: (i*17)%400 - 200}
		p := &model.Planet{ID: i, Owner: i % 41, Loc: loc, Ore: model.Ore{i % 7, i % 5, i % 3, 0, i % 11}, Industry: i % 9}
		turn := 25 - i%25
		objs = append(objs, known.Object{Key: model.PlanetKey(i), Name: "Planet", Owner: p.Owner, Loc: loc, Turn: turn, Full: i%3 == 0,
			Source: known.Source{Kind: known.OwnSheet, Player: 1, Turn: turn}, Planet: p})
	}
	for i := 1; i <= 4000; i++ {
		loc := geom.Point{X: (i * 71) % 2000, Y: (i * 29) % 2000, Z: (i*13)%400 - 200}
		s := &model.Ship{ID: i, Owner: 1 + i%40, Loc: loc, Fuel: i % 200, Type: i % 10, Name: "Hawk"}
		turn := 25 - i%25
		objs = append(objs, known.Object{Key: model.ShipKey(i), Name: s.Name, Owner: s.Owner, Loc: loc, Turn: turn, Full: s.Owner == 1,
			Source: known.Source{Kind: known.OwnSheet, Player: 1, Turn: turn}, Ship: s})
	}
	return objs
}

func BenchmarkSearch(b *testing.B) {
	objs := bigFixture()
	q, err := Parse("unowned planets with ore 3 within 500 of ship 5, seen in the last 3 turns")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q.Run(objs, 25)
	}
}

func BenchmarkParseAndSearch(b *testing.B) {
	objs := bigFixture()
	for i := 0; i < b.N; i++ {
		q, err := Parse("foreign ships with type 3 within 300 of planet 12 named hawk")
		if err != nil {
			b.Fatal(err)
		}
		q.Run(objs, 25)
	}
}
