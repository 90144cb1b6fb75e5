package model

import (
	"reflect"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/rules"
)

func TestGroupFleets(t *testing.T) {
	a, b := geom.Point{X: 1}, geom.Point{X: 2}
	ships := []Ship{{ID: 9, Loc: b}, {ID: 4, Loc: a}, {ID: 2, Loc: b}, {ID: 7, Loc: a}, {ID: 30, Loc: geom.Point{}}}
	got := GroupFleets(ships)
	want := []Fleet{{ID: 1, Loc: b, Ships: []int{2, 9}}, {ID: 2, Loc: a, Ships: []int{4, 7}}, {ID: 3, Ships: []int{30}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if len(GroupFleets(nil)) != 0 {
		t.Error("no ships, no fleets")
	}
}

func TestScore(t *testing.T) {
	e := &Empire{Credits: 100000, Points: 20000, AntiPoints: 1500}
	// credits + 10,000 a planet + 5,000 a ship + 100 a mine + points + anti-points
	if got := ScoreOf(rules.Default(), e, 3, 10, 2); got != 100000+30000+50000+200+20000+1500 {
		t.Errorf("score %d", got)
	}
}

func TestLevels(t *testing.T) {
	var l Levels
	l[0], l[13] = 3, 2
	if l.Of(1) != 3 || l.Of(14) != 2 || l.Of(0) != 0 || l.Of(15) != 0 || l.Sum() != 5 {
		t.Errorf("levels %v", l)
	}
	e := Empire{Allies: []int{4}, Enemies: []int{99}}
	if !e.HasAlly(4) || e.HasAlly(99) || !e.HasEnemy(99) {
		t.Error("allies and enemies mixed up")
	}
	if (Ore{1, 2, 3, 4, 5}).Total() != 15 {
		t.Error("ore total")
	}
}

func TestIndexAndSeen(t *testing.T) {
	k := &Knowledge{Empire: Empire{Player: 1},
		Ships:          []Ship{{ID: 1, Owner: 1}},
		ForeignShips:   []Ship{{ID: 9, Owner: 2, Loc: geom.Point{X: 5}}},
		ScannedPlayer:  []Ship{{ID: 9, Owner: 2}, {ID: 7, Owner: 2}},
		ScannedShip:    &Ship{ID: 9, Owner: 2, Fuel: 40, Loc: geom.Point{X: 5}},
		ForeignPlanets: []Planet{{ID: 4, Owner: 2, Loc: geom.Point{Y: 3}}},
		ScannedPlanet:  &Planet{ID: 4, Owner: 2, Population: 900, Loc: geom.Point{Y: 3}},
		Planets:        []Planet{{ID: 2, Owner: 1, Loc: geom.Point{Y: 3}}},
		Trading:        []TradingPlanet{{Planet: Planet{ID: 3, Kind: Trading}}},
	}
	seen := k.SeenShips()
	if len(seen) != 2 || seen[0].ID != 7 || seen[1].ID != 9 || seen[1].Fuel != 40 {
		t.Errorf("seen ships %+v: one each, the scan's figures winning", seen)
	}
	if p := k.SeenPlanets(); len(p) != 1 || p[0].Population != 900 {
		t.Errorf("seen planets %+v", p)
	}
	k.ScannedPlanet = &Planet{ID: 3, Kind: Trading}
	if p := k.SeenPlanets(); len(p) != 1 || p[0].ID != 4 {
		t.Errorf("a scanned trading planet stays in the trading list: %+v", p)
	}
	k.ScannedPlanet = &Planet{ID: 4, Owner: 2, Population: 900, Loc: geom.Point{Y: 3}}
	x := NewIndex(k)
	if !x.Own(1) || x.Own(9) || x.Ships[9].Fuel != 40 || x.Planets[4].Population != 900 || x.Trading[3] == nil {
		t.Errorf("index %+v", x)
	}
	if at := x.PlanetsAt[geom.Point{Y: 3}]; len(at) != 2 {
		t.Errorf("two planets at 0,3,0: %v", at)
	}
}

// AppendSeenShips keeps what is before it in dst, and gives one entry a
// ship by number: of ships in sight given twice the last, of the scanned
// player's the first, and the scanned ship over either.
func TestAppendSeenShips(t *testing.T) {
	for _, c := range []struct {
		name string
		k    Knowledge
		want []Ship // after the ship already in dst
	}{
		{"none", Knowledge{}, nil},
		{"in sight, unsorted and twice",
			Knowledge{ForeignShips: []Ship{{ID: 9, Fuel: 1}, {ID: 3}, {ID: 9, Fuel: 2}}},
			[]Ship{{ID: 3}, {ID: 9, Fuel: 2}}},
		{"scanned player's where not in sight",
			Knowledge{ForeignShips: []Ship{{ID: 5}}, ScannedPlayer: []Ship{{ID: 8, Fuel: 1}, {ID: 5, Fuel: 9}, {ID: 8, Fuel: 2}, {ID: 2}}},
			[]Ship{{ID: 2}, {ID: 5}, {ID: 8, Fuel: 1}}},
		{"scanned ship over the scanned player's",
			Knowledge{Empire: Empire{Player: 1}, ScannedPlayer: []Ship{{ID: 8, Owner: 2}}, ScannedShip: &Ship{ID: 8, Owner: 2, Fuel: 7}},
			[]Ship{{ID: 8, Owner: 2, Fuel: 7}}},
		{"scanned ship alone",
			Knowledge{Empire: Empire{Player: 1}, ForeignShips: []Ship{{ID: 9}}, ScannedShip: &Ship{ID: 4, Owner: 2}},
			[]Ship{{ID: 4, Owner: 2}, {ID: 9}}},
		{"own scanned ship left out",
			Knowledge{Empire: Empire{Player: 1}, ScannedShip: &Ship{ID: 4, Owner: 1}},
			nil},
	} {
		got := c.k.AppendSeenShips([]Ship{{ID: 100}})
		if len(got) == 0 || got[0].ID != 100 || !reflect.DeepEqual(got[1:], append([]Ship{}, c.want...)) {
			t.Errorf("%s: got %+v, want %+v after ship 100", c.name, got, c.want)
		}
	}
}

// SeenShips of a sheet without scans is the ships in sight themselves when
// they are one a number, in order; otherwise a list made as
// AppendSeenShips makes it.
func TestSeenShipsShared(t *testing.T) {
	k := &Knowledge{ForeignShips: []Ship{{ID: 3}, {ID: 5}}}
	if s := k.SeenShips(); len(s) != 2 || &s[0] != &k.ForeignShips[0] {
		t.Errorf("not shared: %+v", s)
	}
	for _, fs := range [][]Ship{{{ID: 5}, {ID: 3}}, {{ID: 3}, {ID: 3, Fuel: 1}}} {
		k := &Knowledge{ForeignShips: fs}
		if s, want := k.SeenShips(), k.AppendSeenShips(nil); !reflect.DeepEqual(s, want) || &s[0] == &fs[0] {
			t.Errorf("%+v: got %+v, want %+v, a copy", fs, s, want)
		}
	}
}
