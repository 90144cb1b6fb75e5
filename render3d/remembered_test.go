package render3d

import (
	"slices"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

func TestRememberedLabelsLast(t *testing.T) {
	// A trading planet's name shows however old the sight of it.
	if labelPriority(&Body{Kind: PlanetTrading, Age: 2}, false) != mustLabel {
		t.Error("a remembered trading planet is not named with the others")
	}
	for _, k := range []Kind{PlanetOther, ShipMine, ShipOther} {
		if now, old := labelPriority(&Body{Kind: k}, false), labelPriority(&Body{Kind: k, Age: 1}, false); old <= now || old <= labelPriority(&Body{Kind: PlanetUnowned}, false) {
			t.Errorf("%v: priority %d now, %d when remembered", k, now, old)
		}
	}
	if labelPriority(&Body{Kind: PlanetOther, Age: 3}, true) != 0 {
		t.Error("a remembered body selected is not labelled first")
	}
}

func TestFadedByAge(t *testing.T) {
	c := DefaultPalette()[ShipOther]
	if Faded(c, 0) != c {
		t.Error("a body of the sheet shown is faded")
	}
	prev := c
	for age := 1; age <= 12; age++ {
		f := Faded(c, age)
		if f.R > prev.R || (age <= 8 && f.R == prev.R) || f.R <= Background.R {
			t.Errorf("age %d: red %d after %d (background %d)", age, f.R, prev.R, Background.R)
		}
		prev = f
	}
}

// Remembered planets and ships join the map dimmed; a trail gets a dot at
// each earlier turn, named on hover, and lines between its places.
func TestAddRemembered(t *testing.T) {
	r := rules.Default()
	k := &model.Knowledge{Empire: model.Empire{Player: 1, Allies: []int{3}}}
	k.Planets = []model.Planet{{ID: 1, Owner: 1, Loc: geom.Point{X: 10}}}
	m := FromKnowledge(r, k)
	trail := Trail{Ship: 50, Owner: 2, Kind: ShipOther, Points: []TrailPoint{
		{Turn: 3, Loc: geom.Point{X: 10}, Age: 2}, {Turn: 4, Loc: geom.Point{X: 20}, Age: 1}, {Turn: 5, Loc: geom.Point{X: 30}}}}
	m.AddRemembered(r, k, []OldPlanet{{ID: 2, Owner: 3, Loc: geom.Point{Y: 5}, Age: 4}},
		[]OldShip{{ID: 50, Owner: 2, Loc: geom.Point{X: 20}, Age: 1}, {ID: 51, Owner: 2, Loc: geom.Point{X: 20}, Age: 1}}, []Trail{trail})
	if i := m.Find(model.PlanetKey(2)); i < 0 || m.Bodies[i].Kind != PlanetAllied || m.Bodies[i].Age != 4 {
		t.Fatalf("remembered planet: %+v", m.Bodies)
	}
	if i := m.Find(model.ShipKey(51)); i < 0 || m.Bodies[i].Count != 2 || m.Bodies[i].Age != 1 {
		t.Errorf("remembered ships: %+v", m.Bodies[i])
	}
	var notes []string
	for _, b := range m.Bodies {
		if b.Note != "" {
			notes = append(notes, b.Note)
		}
	}
	if len(notes) != 2 || notes[0] != "ship 50 on turn 3 at 10,0,0" {
		t.Errorf("trail dots: %q", notes)
	}
	segs := trailSegments(m, DefaultPalette())
	if len(segs) != 2 || segs[0].a[2] == 0 || segs[1].a[2] != 0 {
		t.Errorf("trail lines %+v (the first starts over planet 1)", segs)
	}
	s, err := NewSoftware(DefaultPalette())
	if err != nil {
		t.Fatal(err)
	}
	s.SetMap(m)
	if _, err := s.Render(Selection{}, DefaultCamera(), 200, 150); err != nil {
		t.Fatal(err)
	}
}

// A map laid out with allies of its own draws their planets and ships, on
// the sheet and remembered, in the allies' colours; the allies the sheet
// lists stay allies only when the map says so.
func TestAlliedColours(t *testing.T) {
	r := rules.Default()
	k := &model.Knowledge{Empire: model.Empire{Player: 1, Allies: []int{3}}}
	k.ForeignPlanets = []model.Planet{{ID: 5, Owner: 4, Loc: geom.Point{X: 10}}, {ID: 6, Owner: 3, Loc: geom.Point{X: 20}}}
	k.ForeignShips = []model.Ship{{ID: 70, Owner: 4, Loc: geom.Point{X: 40}}}
	old := []OldPlanet{{ID: 8, Owner: 4, Loc: geom.Point{Y: 5}}}
	ships := []OldShip{{ID: 71, Owner: 4, Loc: geom.Point{Y: 9}, Age: 1}}
	kinds := func(m *Map) []Kind {
		m.AddRemembered(r, k, old, ships, nil)
		var out []Kind
		for _, key := range []model.Key{model.PlanetKey(5), model.PlanetKey(6), model.ShipKey(70), model.PlanetKey(8), model.ShipKey(71)} {
			out = append(out, m.Bodies[m.Find(key)].Kind)
		}
		return out
	}
	for _, c := range []struct {
		name string
		m    *Map
		want []Kind
	}{
		{"the sheet's allies", FromKnowledge(r, k), []Kind{PlanetOther, PlanetAllied, ShipOther, PlanetOther, ShipOther}},
		{"player 4 allied", FromKnowledgeAllied(r, k, func(p int) bool { return p == 4 }), []Kind{PlanetAllied, PlanetOther, ShipAllied, PlanetAllied, ShipAllied}},
	} {
		if got := kinds(c.m); !slices.Equal(got, c.want) {
			t.Errorf("%s: kinds %v, want %v", c.name, got, c.want)
		}
	}
}
