package ai

import (
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// sheetWithOrigin is the first sheet of a game (turn 8) with the origin
// moved to at and its stock set: a planet beside a market, or far out.
func sheetWithOrigin(t *testing.T, at geom.Point, stock model.Ore) (*rules.Rules, *model.Knowledge) {
	r, k := firstSheet(t, 150_000)
	for i := range k.Planets {
		if pl := &k.Planets[i]; pl.Kind == model.Origin {
			for j := range k.Ships {
				if k.Ships[j].Loc == pl.Loc {
					k.Ships[j].Loc = at
				}
			}
			pl.Loc, pl.Stock = at, stock
		}
	}
	return r, k
}

// farFrom is a place 330 from the centre on the side of market: far from
// every trading planet, as the edge of the map is.
func farFrom(market geom.Point) geom.Point {
	return geom.Origin.Toward(geom.Point{X: market.X * 10, Y: market.Y * 10, Z: market.Z * 10}, 330)
}

func builtOf(orders []order.Order, typ int) int {
	n := 0
	for _, o := range codes(orders, order.BS) {
		if st, _ := o.Arg(order.RoleShipType); st == typ {
			n++
		}
	}
	return n
}

// A level that judges its trade starts mines beside a market, where a
// trip is short and the ore brings more than its carrying costs, and none
// far out, where a cargo ship's pay and upkeep for the weeks on the way
// come to more than its hold brings; easy, which does not judge, mines
// far out too.
func TestMinesOnlyWherePaying(t *testing.T) {
	_, k := firstSheet(t, 150_000)
	market := k.Trading[0].Planet.Loc
	near := geom.Point{X: market.X + 10, Y: market.Y, Z: market.Z}
	far := farFrom(k.Trading[0].Planet.Loc)
	for _, lv := range []*Level{Normal(), Hard()} {
		r, k := sheetWithOrigin(t, near, model.Ore{})
		if n := len(codes(Play(r, k, 1, lv), order.SM)); n == 0 {
			t.Errorf("%s beside a market (%v): no mine started", lv.Name, near)
		}
		r, k = sheetWithOrigin(t, far, model.Ore{})
		if n := len(codes(Play(r, k, 1, lv), order.SM)); n > 0 {
			t.Errorf("%s far out (%v, %d from the market): %d mines started, want none", lv.Name, far, far.Dist(market), n)
		}
	}
	r, k := sheetWithOrigin(t, far, model.Ore{})
	k.Empire.Credits = 1_000_000 // easy keeps three turns of the deficit
	if n := len(codes(Play(r, k, 1, Easy()), order.SM)); n == 0 {
		t.Errorf("easy far out: no mine started (it does not judge its trade)")
	}
}

// It builds a cargo ship for a stock worth the trip, and none for one
// that is not: three holds' worth of ore beside a market, against a
// little far out. (Normal, with nothing else to build: its claimers come
// first by their share of what it wants.)
func TestCargoShipForAPayingLoad(t *testing.T) {
	_, k := firstSheet(t, 150_000)
	market := k.Trading[0].Planet.Loc
	near := geom.Point{X: market.X + 10, Y: market.Y, Z: market.Z}
	far := farFrom(market)
	only := *Normal()
	only.Claimers, only.Warships, only.Tankers = 0, 0, 0
	lv := &only
	r, k := sheetWithOrigin(t, near, model.Ore{0, 0, 300, 0, 0})
	if n := builtOf(Play(r, k, 1, lv), lv.CargoType); n == 0 {
		t.Errorf("300 of ore 3 beside a market (the small cargo ship there loads 30): no cargo ship built")
	}
	r, k = sheetWithOrigin(t, far, model.Ore{0, 0, 20, 0, 0})
	if n := builtOf(Play(r, k, 1, lv), lv.CargoType); n > 0 {
		t.Errorf("20 of ore 3, %d from the market: %d cargo ships built, want none", far.Dist(market), n)
	}
}
