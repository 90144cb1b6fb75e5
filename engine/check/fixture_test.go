package check

import (
	"fmt"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// The fixture: player 3 at turn 6, most ships over its planet 10 at 100,0,0.
var (
	home    = geom.Point{X: 100}
	away    = geom.Point{X: 200, Y: 50}
	market  = geom.Point{Y: 40}
	nowhere = geom.Point{X: -300, Y: 10, Z: 10}
)

func ship(id, typ int, loc geom.Point, mod func(*model.Ship)) model.Ship {
	t := rules.Default().Ship(typ)
	s := model.Ship{ID: id, Type: typ, Owner: 3, Loc: loc, Fire: t.Fire.Max, Defence: t.Defence.Max,
		MaxFire: t.Fire.Max, MaxDefence: t.Defence.Max, Fuel: t.MaxFuel.Or(0) / 2}
	if mod != nil {
		mod(&s)
	}
	return s
}

func fixture() *model.Knowledge {
	k := &model.Knowledge{
		Game: "test", Turn: 6,
		Empire: model.Empire{Player: 3, Credits: 100000, Interceptors: 20, Allies: []int{5}, Enemies: []int{6}},
		Ships: []model.Ship{
			ship(1, 13, home, func(s *model.Ship) { s.Officer = 1 }),                         // battle station
			ship(2, 11, home, func(s *model.Ship) { s.Cargo = model.Ore{50}; s.Fuel = 100 }), // small cargo: 30 cargo, 5 used
			ship(3, 1, home, func(s *model.Ship) { s.Fuel = 0 }),                             // scout, no fuel
			ship(4, 14, home, nil), // small tanker, fuel 300
			ship(5, 9, home, nil),  // small transport, carries 5
			ship(6, 2, home, func(s *model.Ship) { s.Inside = 5 }), // small fighter docked in 5
			ship(7, 3, away, nil),  // large fighter away from planets
			ship(8, 16, home, nil), // maintenance ship
			ship(9, 3, home, func(s *model.Ship) { s.Fire, s.Defence = 1, 5 }),          // damaged large fighter
			ship(10, 12, market, func(s *model.Ship) { s.Cargo = model.Ore{0, 0, 20} }), // large cargo at the market
			ship(11, 24, home, nil),                                             // monitor
			ship(12, 28, home, nil),                                             // castle
			ship(13, 18, home, func(s *model.Ship) { s.Defence = 5 }),           // probe, worn down
			ship(14, 10, home, func(s *model.Ship) { s.Population = 100 }),      // large transport
			ship(15, 18, home, nil),                                             // probe
			ship(16, 33, nowhere, func(s *model.Ship) { s.Hyperjumped = true }), // corsair that has jumped
		},
		Planets: []model.Planet{
			{ID: 10, Loc: home, Owner: 3, Population: 10000, Industry: 12000, Ore: model.Ore{1000, 0, 500},
				Stock: model.Ore{100, 50}, Fuel: 500, DefenceUnits: 45, Officer: 2, Artifact: 900},
			{ID: 11, Name: "Old Home", Kind: model.Origin, Loc: geom.Point{X: -150}, Owner: 3, Population: 3000, Industry: 500},
		},
		Officers: []model.Officer{
			{ID: 1, Ship: 1, Current: levels(map[int]int{10: 2, 9: 1})},
			{ID: 2, Planet: 10, Name: "Jorn"},
		},
		Mines: []model.Mine{{ID: 1, Planet: 10, OreType: 1, Rate: 100, Owner: 3}},
		Trading: []model.TradingPlanet{{
			Planet: model.Planet{ID: 20, Kind: model.Trading, Loc: market},
			Prices: model.Prices{Ore: model.Ore{10, 20, 50, 2, 8}, Fuel: 5},
		}},
		ForeignShips: []model.Ship{
			{ID: 500, Type: 2, Owner: 7, Loc: geom.Point{X: 205, Y: 50}},
			{ID: 501, Type: 2, Owner: 5, Loc: away},
			{ID: 502, Type: 2, Owner: 7, Loc: geom.Point{X: 290, Y: 50}},
		},
		ForeignPlanets: []model.Planet{{ID: 30, Loc: away, Owner: 7}, {ID: 31, Loc: geom.Point{X: 500}}},
		Artifacts:      []model.Artifact{{ID: 900, Name: "Ring", Ring: true}},
	}
	k.Fleets = model.GroupFleets(k.Ships)
	return k
}

func levels(m map[int]int) (l model.Levels) {
	for a, n := range m {
		l[a-1] = n
	}
	return l
}

// run checks the orders against k and returns the findings as
// "E code @n" / "W code @n" (n: the order's index).
func runCheck(t *testing.T, k *model.Knowledge, lines ...string) []string {
	t.Helper()
	orders := parseOrders(t, lines...)
	var got []string
	for _, d := range New(rules.Default(), k).Check(orders) {
		got = append(got, fmt.Sprintf("%c %s @%d", strings.ToUpper(d.Severity.String())[0], d.Code, d.Order))
		if d.Message == "" {
			t.Errorf("%s has no message", d.Code)
		}
	}
	return got
}

func parseOrders(t *testing.T, lines ...string) []order.Order {
	t.Helper()
	var orders []order.Order
	for _, l := range lines {
		o, err := order.Parse(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		orders = append(orders, o)
	}
	return orders
}
