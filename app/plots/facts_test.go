package plots

import (
	"reflect"
	"testing"

	"silverfall/engine/model"
)

func TestFactsOf(t *testing.T) {
	k := &model.Knowledge{Turn: 3, Score: model.Score{Current: 10, Low: 5, High: 20},
		Empire: model.Empire{Credits: 700, Points: 4, AntiPoints: -2},
		Ships:  []model.Ship{{ID: 1, Fire: 3, Defence: 4}, {ID: 2, Fire: 5, Defence: 1}},
		Credit: model.CreditReport{Lines: []model.CreditLine{{What: "a", Amount: 100}, {What: "b", Amount: -30}, {What: "c", Amount: 50}, {What: "d", Amount: -5}}},
		Trading: []model.TradingPlanet{
			{Planet: model.Planet{ID: 9, Name: "B"}, Prices: model.Prices{Fuel: 7}},
			{Planet: model.Planet{ID: 4, Name: "A"}, Prices: model.Prices{Ore: model.Ore{1, 2, 3, 4, 5}, Fuel: 6}},
		}}
	got := FactsOf(k)
	want := Turn{Turn: 3, Score: 10, Low: 5, High: 20, Credits: 700, Income: 150, Expenses: 35, Ships: 2,
		Fire: 8, Defence: 5, Points: 4, AntiPoints: -2}
	prices := got.Prices
	got.Prices = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("facts %+v,\nwant %+v", got, want)
	}
	if len(prices) != 2 || prices[0].Planet != 4 || prices[0].Ore[4] != 5 || prices[1].Fuel != 7 {
		t.Errorf("prices %+v: want planets 4 and 9 in order", prices)
	}
}

// The numbers of sheets given in any order come oldest turn first, one a
// sheet.
func TestTurnsOf(t *testing.T) {
	var sheets []*model.Knowledge
	for _, n := range []int{3, 1, 2} {
		sheets = append(sheets, &model.Knowledge{Turn: n, Empire: model.Empire{Credits: 100 * n}})
	}
	turns := TurnsOf(sheets)
	if len(turns) != 3 {
		t.Fatalf("%d turns, want 3", len(turns))
	}
	for i, tn := range turns {
		if tn.Turn != i+1 || tn.Credits != 100*(i+1) {
			t.Errorf("turn %d: %+v", i+1, tn)
		}
	}
	if len(TurnsOf(nil)) != 0 {
		t.Error("numbers without a sheet")
	}
}
