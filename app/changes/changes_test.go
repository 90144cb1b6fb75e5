package changes

import (
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// base is a small sheet: two ships in two fleets, a planet, an officer, a
// foreign ship and planet in range, a trading planet.
func base() *model.Knowledge {
	return &model.Knowledge{
		Game: "Test", Turn: 4,
		Empire: model.Empire{Player: 1, Credits: 1000, Points: 3, AntiPoints: -1},
		Score:  model.Score{Current: 1500, Low: 900, High: 2100},
		Ships: []model.Ship{
			{ID: 1, Type: 1, Owner: 1, Fire: 10, Defence: 10, Loc: geom.Point{X: 1}},
			{ID: 2, Type: 1, Owner: 1, Fire: 8, Defence: 6, Loc: geom.Point{X: 2}},
		},
		Fleets:         []model.Fleet{{ID: 1, Ships: []int{1}}, {ID: 2, Ships: []int{2}}},
		Planets:        []model.Planet{{ID: 5, Name: "Home", Owner: 1}},
		Officers:       []model.Officer{{ID: 3, Levels: model.Levels{2, 2, 2, 2}, Ship: 1}},
		ForeignShips:   []model.Ship{{ID: 40, Type: 1, Owner: 2}},
		ForeignPlanets: []model.Planet{{ID: 7, Name: "Far"}, {ID: 8, Owner: 3}},
		Trading: []model.TradingPlanet{{Planet: model.Planet{ID: 9, Name: "Port", Kind: model.Trading},
			Prices: model.Prices{Ore: model.Ore{10, 20, 30, 40, 50}, Fuel: 5}}},
	}
}

type want struct {
	kind Kind
	key  model.Key
	text string // a part of the row's text
}

func TestCompare(t *testing.T) {
	r := rules.Default()
	rankUp := r.Ranks[1].MinLevels
	tests := []struct {
		name   string
		change func(k *model.Knowledge)
		want   []want
	}{
		{"nothing", func(k *model.Knowledge) {}, nil},
		{"ship lost", func(k *model.Knowledge) { k.Ships = k.Ships[:1] },
			[]want{{ShipLost, model.ShipKey(2), "Ship 2"}}},
		{"ship gained", func(k *model.Knowledge) {
			k.Ships = append(k.Ships, model.Ship{ID: 12, Type: 1, Owner: 1, Fire: 1, Defence: 1})
		}, []want{{ShipGained, model.ShipKey(12), "Ship 12"}}},
		{"ship damaged", func(k *model.Knowledge) { k.Ships[0].Defence = 4 },
			[]want{{ShipDamaged, model.ShipKey(1), "defence 10 → 4"}}},
		{"ship captured", func(k *model.Knowledge) {
			k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 2, Type: 1, Owner: 3, Loc: k.Ships[1].Loc})
			k.Ships = k.Ships[:1]
		}, []want{{ShipLost, model.ShipKey(2), "is now player 3's"}}},
		{"ship taken from another player", func(k *model.Knowledge) {
			k.Ships = append(k.Ships, model.Ship{ID: 40, Type: 1, Owner: 1})
			k.ForeignShips = nil
		}, []want{{ShipGained, model.ShipKey(40), "Ship 40"}}},
		{"ship repaired is no damage", func(k *model.Knowledge) { k.Ships[1].Fire = 10 }, nil},
		{"planet taken", func(k *model.Knowledge) {
			k.Planets = append(k.Planets, model.Planet{ID: 7, Name: "Far", Owner: 1})
			k.ForeignPlanets = k.ForeignPlanets[1:]
		}, []want{{PlanetTaken, model.PlanetKey(7), "Far is now yours"}}},
		{"planet lost to a player", func(k *model.Knowledge) {
			k.Planets = nil
			k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 5, Name: "Home", Owner: 4})
		}, []want{{PlanetLost, model.PlanetKey(5), "held by player 4"}}},
		{"officer levels and rank", func(k *model.Knowledge) {
			k.Officers[0].Levels[0] += rankUp - k.Officers[0].Levels.Sum()
		}, []want{
			{OfficerLevels, model.OfficerKey(3), r.Ability(1).Name + " 2 → "},
			{OfficerRank, model.OfficerKey(3), r.Ranks[0].Ship + " → " + r.Ranks[1].Ship},
		}},
		{"officer posted to a planet", func(k *model.Knowledge) { k.Officers[0].Ship, k.Officers[0].Planet = 0, 5 },
			[]want{{OfficerPosting, model.OfficerKey(3), "on ship 1 → on planet 5"}}},
		{"officer hired and lost", func(k *model.Knowledge) { k.Officers = []model.Officer{{ID: 6, Planet: 5}} },
			[]want{{OfficerGained, model.OfficerKey(6), "on planet 5"}, {OfficerLost, model.OfficerKey(3), "Officer 3"}}},
		{"contacts", func(k *model.Knowledge) {
			k.ForeignShips = []model.Ship{{ID: 41, Type: 1, Owner: 3}}
			k.ForeignPlanets = []model.Planet{{ID: 8, Owner: 2}, {ID: 11}}
		}, []want{
			{ContactAppeared, model.ShipKey(41), "player 3"},
			{ContactAppeared, model.PlanetKey(11), "unowned"},
			{ContactGone, model.ShipKey(40), "player 2"},
			{ContactGone, model.PlanetKey(7), "out of range"},
			{ContactOwner, model.PlanetKey(8), "player 3 → player 2"},
		}},
		{"credits, score, points", func(k *model.Knowledge) {
			k.Empire.Credits, k.Score.Current, k.Empire.Points, k.Empire.AntiPoints = 750, 1600, 5, -4
		}, []want{
			{Credits, model.EmpireKey, "1,000 → 750 (-250)"},
			{Score, model.EmpireKey, "1,500 → 1,600 (+100)"},
			{Score, model.EmpireKey, "Points 3 → 5"},
			{Score, model.EmpireKey, "Anti-points -1 → -4"},
		}},
		{"prices", func(k *model.Knowledge) { k.Trading[0].Prices.Ore[2], k.Trading[0].Prices.Fuel = 33, 4 },
			[]want{{Prices, model.PlanetKey(9), "ore 3 30 → 33, fuel 5 → 4"}}},
		// "Once a ship or planet is within a distance of twenty positions
		// from Silverfall it will be destroyed": 35 out on turn 19's
		// sheet, the trading planet is 14 out after turn 20's pull of 21.
		{"a market's last turn", func(k *model.Knowledge) { k.Turn, k.Trading[0].Planet.Loc = 19, geom.Point{Y: 35} },
			[]want{{MarketEnd, model.PlanetKey(9), "Planet 9 Port trades for the last time this turn"}}},
		{"a market a turn before its last", func(k *model.Knowledge) { k.Turn, k.Trading[0].Planet.Loc = 18, geom.Point{Y: 50} }, nil},
		{"a market fallen", func(k *model.Knowledge) { k.Trading = nil },
			[]want{{MarketEnd, model.PlanetKey(9), "Planet 9 Port fell into Silverfall"}}},
		{"order errors", func(k *model.Knowledge) {
			k.Errors = []string{"MO 3 10 -20 30: too far", "FLEET MO 2 1 1 1: no fuel", "line 4: not an order", "LO 2 1 251: no room"}
		}, []want{
			{OrderError, model.ShipKey(3), "too far"},
			{OrderError, model.ShipKey(2), "no fuel"}, // fleet 2 of the sheet before
			{OrderError, model.EmpireKey, "not an order"},
			{OrderError, model.ShipKey(2), "no room"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cur := base()
			cur.Turn++
			tc.change(cur)
			got := Compare(r, base(), cur)
			if len(got) != len(tc.want) {
				t.Fatalf("%d rows, want %d: %+v", len(got), len(tc.want), got)
			}
			for i, w := range tc.want {
				g := got[i]
				if g.Kind != w.kind || g.Key != w.key || !strings.Contains(g.Text, w.text) {
					t.Errorf("row %d = %v %v %q, want %v %v containing %q", i, g.Kind, g.Key, g.Text, w.kind, w.key, w.text)
				}
			}
		})
	}
}

func TestCompareWithoutSheetBefore(t *testing.T) {
	cur := base()
	cur.Errors = []string{"MO 1 0 0 0: blocked"}
	got := Compare(rules.Default(), nil, cur)
	if len(got) != 1 || got[0].Kind != OrderError || got[0].Key != model.ShipKey(1) {
		t.Fatalf("got %+v, want the one error", got)
	}
	if Compare(rules.Default(), base(), nil) != nil {
		t.Error("rows without a newest sheet")
	}
}

func TestKindNames(t *testing.T) {
	for k := OrderError; k <= Prices; k++ {
		if k.String() == "?" {
			t.Errorf("kind %d has no name", k)
		}
	}
	if Kind(0).String() != "?" {
		t.Error("the zero kind has a name")
	}
}
