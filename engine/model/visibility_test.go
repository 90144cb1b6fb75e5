package model

import (
	"reflect"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/rules"
)

// A scout (range 35) and a small fighter (range 20) of player 1 at the
// origin; others' ships and planets around them.
func sightGame() *Game {
	return &Game{
		Name: "t", Turn: 2,
		Empires: []Empire{{Player: 1, Credits: 100}, {Player: 2, Credits: 50}, {Player: 99}},
		Ships: []Ship{
			{ID: 1, Type: 1, Owner: 1, Loc: geom.Point{X: 100}},
			{ID: 2, Type: 2, Owner: 1, Loc: geom.Point{X: 100}},
			{ID: 3, Type: 1, Owner: 1, Loc: geom.Point{X: -100}, Inside: 4}, // docked scout
			{ID: 4, Type: 9, Owner: 1, Loc: geom.Point{X: -100}},            // small transport, range 20
			{ID: 10, Type: 3, Owner: 2, Loc: geom.Point{X: 130}, Fuel: 77, Cargo: Ore{1}, Name: "Spear"},
			{ID: 11, Type: 3, Owner: 2, Loc: geom.Point{X: 130}, Cloaked: true},
			{ID: 12, Type: 3, Owner: 2, Loc: geom.Point{X: 136}},
			{ID: 13, Type: 3, Owner: 2, Loc: geom.Point{X: -125}},
			{ID: 14, Type: 2, Owner: 2, Loc: geom.Point{X: 130}, Inside: 10},
			{ID: 15, Type: 3, Owner: 99, Loc: geom.Point{X: -118}},
		},
		Planets: []Planet{
			{ID: 1, Kind: Trading, Loc: geom.Point{Y: 70}, Name: "Market"},
			{ID: 2, Kind: Origin, Owner: 1, Loc: geom.Point{X: 100}, Population: 20000, Hidden: 5},
			{ID: 3, Kind: Origin, Owner: 2, Loc: geom.Point{X: 120}, Population: 20000, Industry: 9},
			{ID: 4, Loc: geom.Point{X: 300}},
		},
		Officers: []Officer{{ID: 1, Ship: 2}, {ID: 2, Ship: 10}},
		Markets:  map[int]Market{1: {Prices: Prices{Fuel: 5}}},
	}
}

func TestKnowledgeOf(t *testing.T) {
	r := rules.Default()
	k := sightGame().KnowledgeOf(r, 1)
	ids := func(ss []Ship) (out []int) {
		for _, s := range ss {
			out = append(out, s.ID)
		}
		return out
	}
	// Seen: 10 (30 away, within the scout's 35), 15 (18 from the transport).
	// Not seen: 11 cloaked, 12 beyond 35, 13 only in the docked scout's range,
	// 14 docked.
	if got := ids(k.ForeignShips); len(got) != 2 || got[0] != 10 || got[1] != 15 {
		t.Errorf("foreign ships seen %v, want [10 15]", got)
	}
	if s := k.ForeignShips[0]; !reflect.DeepEqual(s, Ship{ID: 10, Type: 3, Owner: 2, Loc: geom.Point{X: 130}, Name: "Spear"}) {
		t.Errorf("another player's ship shows more than number, type, name, location and owner: %+v", s)
	}
	if len(k.ForeignPlanets) != 1 || k.ForeignPlanets[0] != (Planet{ID: 3, Loc: geom.Point{X: 120}, Owner: 2}) {
		t.Errorf("foreign planets %+v: want planet 3 with number, location and owner only", k.ForeignPlanets)
	}
	if len(k.Planets) != 1 || k.Planets[0].Hidden != 0 || k.Planets[0].Population != 20000 {
		t.Errorf("own planets %+v: full figures but no hidden artifact", k.Planets)
	}
	if len(k.Trading) != 1 || k.Trading[0].Prices.Fuel != 5 {
		t.Errorf("trading planets %+v", k.Trading)
	}
	if len(k.Officers) != 1 || k.Officers[0].ID != 1 {
		t.Errorf("officers %+v: only the player's own", k.Officers)
	}
	g := sightGame()
	g.Empires[0].Out, g.Empires[0].Abilities = true, []SpecialAbility{{Name: "A", Practised: true}}
	if e := g.KnowledgeOf(r, 1).Empire; e.Out || e.Abilities[0].Practised || !g.Empires[0].Abilities[0].Practised {
		t.Errorf("empire %+v: the sheet shows neither that it is out nor how an ability was won", e)
	}
	g.Officers[0].Current[0], g.Officers[0].Raised[0] = 2, 1
	if o := g.KnowledgeOf(r, 1).Officers[0]; o.Current[0] != 2 || o.Raised != (Levels{}) {
		t.Errorf("officer %+v: the sheet shows his current levels, not the artifact's part in them", o)
	}
	if len(k.Fleets) != 2 || k.Empire.Credits != 100 || k.Credit.Opening != 100 {
		t.Errorf("fleets %d, credits %d", len(k.Fleets), k.Empire.Credits)
	}
	// Scores: player 1 has 1 planet and 4 ships, player 2 has 1 planet and 5 ships.
	if k.Score.Current != 100+10000+4*5000 || k.Score.High != 50+10000+5*5000 || k.Score.Low != k.Score.Current {
		t.Errorf("score %+v", k.Score)
	}
}

// An empire out of the game (no ships left) no longer ranks: the lowest
// and highest scores leave it out, though it still sees its own.
func TestScoresLeaveOutEmpiresOutOfTheGame(t *testing.T) {
	r := rules.Default()
	g := sightGame()
	g.Empires = append(g.Empires, Empire{Player: 3, Credits: 10_000_000, Out: true})
	k := g.KnowledgeOf(r, 1)
	if k.Score.High != 50+10000+5*5000 {
		t.Errorf("highest score %d: the empire out of the game ranks", k.Score.High)
	}
	if k := g.KnowledgeOf(r, 3); k.Score.Current != 10_000_000 || k.Score.High != 50+10000+5*5000 {
		t.Errorf("the empire out of the game: score %+v", k.Score)
	}
	g.Empires[len(g.Empires)-1].Out = false
	if k := g.KnowledgeOf(r, 1); k.Score.High != 10_000_000 {
		t.Errorf("highest score %d, want the empire still in the game", k.Score.High)
	}
}

func TestSightUsesLongestRangeAndOfficers(t *testing.T) {
	r := rules.Default()
	ships := []Ship{{ID: 1, Type: 2, Loc: geom.Point{}}, {ID: 2, Type: 1, Loc: geom.Point{}}, {ID: 3, Type: 2, Loc: geom.Point{X: 50}, Officer: 7}}
	officers := map[int]*Officer{7: {ID: 7, Current: Levels{0, 0, 2}}} // Intelligence 2: +20%
	s := Sight(r, ships, officers, nil)
	if s[geom.Point{}] != 35 || s[geom.Point{X: 50}] != 24 {
		t.Errorf("sight %v: want 35 at the origin (the scout) and 24 (20 +20%%)", s)
	}
	if MoveRange(r, &Ship{Type: 1, Officer: 8}, map[int]*Officer{8: {Current: Levels{0, 3}}}, nil) != 104 {
		t.Error("a scout with Navigation 3 moves 80 +30% = 104")
	}
}

// "4. Surveillance Each level has 10% chance of locating ships within
// communication range that have their cloaking device on": a cloaked ship
// shows on the sheet of a player whose officer there has Surveillance, in
// about seven turns of ten at level 7; never without the officer, nor
// beyond the ship's communication range; the same each time the sheet is
// made.
func TestSurveillanceLocatesCloakedShips(t *testing.T) {
	r := rules.Default()
	game := func(turn, level int, at geom.Point) *Game {
		return &Game{Seed: 9, Turn: turn,
			Empires: []Empire{{Player: 1}, {Player: 2}},
			Ships: []Ship{
				{ID: 1, Type: 3, Owner: 1, Officer: 1, Defence: 10, MaxDefence: 10},
				{ID: 2, Type: 1, Owner: 2, Loc: at, Cloaked: true, Defence: 5, MaxDefence: 5},
			},
			Officers: []Officer{{ID: 1, Ship: 1, Current: Levels{3: level}}},
		}
	}
	count := func(level int, at geom.Point) int {
		n := 0
		for turn := 1; turn <= 200; turn++ {
			g := game(turn, level, at)
			k := g.KnowledgeOf(r, 1)
			again := g.KnowledgeOf(r, 1)
			if len(k.ForeignShips) != len(again.ForeignShips) {
				t.Fatalf("turn %d: the sheet made twice differs", turn)
			}
			if len(k.ForeignShips) == 1 && k.ForeignShips[0].ID == 2 {
				n++
			}
		}
		return n
	}
	near := geom.Point{X: 5}
	if n := count(7, near); n < 120 || n > 160 {
		t.Errorf("Surveillance 7 located the cloaked ship in %d of 200 turns, want about 140", n)
	}
	if n := count(1, near); n < 8 || n > 35 {
		t.Errorf("Surveillance 1 located the cloaked ship in %d of 200 turns, want about 20", n)
	}
	if n := count(0, near); n != 0 {
		t.Errorf("without Surveillance the cloaked ship showed in %d turns", n)
	}
	if n := count(7, geom.Point{X: 500}); n != 0 {
		t.Errorf("beyond the communication range the cloaked ship showed in %d turns", n)
	}
}

// The sheet's sight is the turn's: Long Range Sensors raise it too, and
// only the final figure is rounded.
func TestSightWithLongRangeSensors(t *testing.T) {
	r := rules.Default()
	sensors := []SpecialAbility{{Name: "Long Range Sensors"}}
	ships := []Ship{{ID: 3, Type: 2, Officer: 7}} // small fighter: 20
	officers := map[int]*Officer{7: {ID: 7, Current: Levels{0, 0, 1}}}
	// 20 x 1.10 x 1.20 = 26.4: 26; without the sensors 22.
	if s := Sight(r, ships, officers, sensors); s[geom.Point{}] != 26 {
		t.Errorf("sight with Long Range Sensors %v, want 26", s)
	}
	if s := Sight(r, ships, officers, nil); s[geom.Point{}] != 22 {
		t.Errorf("sight without them %v, want 22", s)
	}
	g := &Game{Turn: 3,
		Empires:  []Empire{{Player: 1, Abilities: sensors}, {Player: 2}},
		Ships:    []Ship{{ID: 3, Type: 2, Owner: 1, Officer: 7}, {ID: 4, Type: 2, Owner: 2, Loc: geom.Point{X: 26}}, {ID: 5, Type: 2, Owner: 2, Loc: geom.Point{X: -27}}},
		Officers: []Officer{{ID: 7, Ship: 3, Current: Levels{0, 0, 1}}},
	}
	if k := g.KnowledgeOf(r, 1); len(k.ForeignShips) != 1 || k.ForeignShips[0].ID != 4 {
		t.Errorf("player 1 sees %+v, want ship 4 (26 away) and not ship 5 (27)", k.ForeignShips)
	}
}
