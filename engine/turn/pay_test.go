package turn

import (
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// The end of turn's pay: a fleet's upkeep a place, a crew's pay a ship,
// an interceptor's pay each; the tax of every planet but a trading one.
func TestPay(t *testing.T) {
	r := rules.Default()
	a, b := geom.Point{X: 100}, geom.Point{X: 200}
	crew := r.CrewPay(r.Ship(rules.TypeBattleStation))
	for _, c := range []struct {
		name         string
		ships        []model.Ship
		interceptors int
		want         Pay
	}{
		{"nothing", nil, 0, Pay{}},
		{"two ships at one place are one fleet", []model.Ship{{ID: 1, Type: rules.TypeBattleStation, Loc: a}, {ID: 2, Type: rules.TypeBattleStation, Loc: a}}, 0,
			Pay{Fleets: r.Upkeep.Fleet, Crew: 2 * crew}},
		{"two places are two", []model.Ship{{ID: 1, Type: rules.TypeBattleStation, Loc: a}, {ID: 2, Type: rules.TypeBattleStation, Loc: b}}, 3,
			Pay{Fleets: 2 * r.Upkeep.Fleet, Crew: 2 * crew, Interceptors: 3 * r.Interceptors.PayPerTurn}},
		{"docked inside a carrier, at its place", []model.Ship{{ID: 1, Type: rules.TypeBattleStation, Loc: a}, {ID: 2, Type: rules.TypeBattleStation, Loc: a, Inside: 1}}, 0,
			Pay{Fleets: r.Upkeep.Fleet, Crew: 2 * crew}},
	} {
		if got := ShipsPay(r, c.ships, c.interceptors); got != c.want {
			t.Errorf("%s: pay %+v, want %+v", c.name, got, c.want)
		}
	}
	// Two empires at one place pay a fleet each.
	var tally PayTally
	for _, s := range []model.Ship{{ID: 1, Owner: 1, Type: rules.TypeBattleStation, Loc: a}, {ID: 2, Owner: 2, Type: rules.TypeBattleStation, Loc: a}} {
		tally.Add(r, &s)
	}
	if p1, p2 := tally.Of(r, 1, 0), tally.Of(r, 2, 0); p1.Fleets != r.Upkeep.Fleet || p2.Fleets != r.Upkeep.Fleet {
		t.Errorf("two empires at one place pay fleets %d and %d, want %d each", p1.Fleets, p2.Fleets, r.Upkeep.Fleet)
	}
	if st := r.Ship(rules.TypeBattleStation); AlonePay(r, st) != r.Upkeep.Fleet+crew {
		t.Errorf("a ship alone pays %d, want a fleet's %d and its crew's %d", AlonePay(r, st), r.Upkeep.Fleet, crew)
	}
	planets := []model.Planet{{ID: 1, Kind: model.Origin, Industry: 20000}, {ID: 2, Kind: model.Independent, Industry: 300}, {ID: 3, Kind: model.Trading, Industry: 9000}}
	if got := Tax(planets); got != 20300 {
		t.Errorf("tax %d, want 20,300 (none from the trading planet)", got)
	}
}
