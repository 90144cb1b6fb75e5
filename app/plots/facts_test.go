package plots

import (
	"path/filepath"
	"reflect"
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/turnsheet"
	"silverfall/host"
	"silverfall/reportparse"
)

// hostedSheets plays a game of turns turns (the computer writes every
// empire's orders) and returns player 1's sheet files, oldest first.
func hostedSheets(tb testing.TB, players, turns int) (*host.Game, []string) {
	tb.Helper()
	g, err := host.New(filepath.Join(tb.TempDir(), "game"), host.Config{Seed: 11, Players: players, Name: "Plots Test"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { g.Close() })
	for g.State.Turn < turns {
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			tb.Fatal(err)
		}
	}
	var paths []string
	for t := 1; t <= turns; t++ {
		paths = append(paths, filepath.Join(host.TurnDir(g.Dir, t), host.SheetsDir, turnsheet.FileName(1)))
	}
	return g, paths
}

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

func TestReadSheets(t *testing.T) {
	g, paths := hostedSheets(t, 3, 3)
	// One sheet missing: the others are read all the same.
	turns, err := ReadSheets(g.R, append([]string{filepath.Join(t.TempDir(), "gone.txt")}, paths...))
	if err == nil {
		t.Error("no error for a missing sheet")
	}
	if len(turns) != 3 {
		t.Fatalf("%d turns read, want 3", len(turns))
	}
	for i, p := range paths {
		rep, err := reportparse.ReadFile(g.R, p)
		if err != nil {
			t.Fatal(err)
		}
		k := rep.Knowledge
		tn := turns[i]
		if tn.Turn != i+1 || tn.Score != k.Score.Current || tn.Credits != k.Empire.Credits || tn.Ships != len(k.Ships) ||
			len(tn.Prices) != len(k.Trading) {
			t.Errorf("turn %d: %+v from a sheet of turn %d, score %d, credits %d, %d ships", i+1, tn, k.Turn,
				k.Score.Current, k.Empire.Credits, len(k.Ships))
		}
	}
	if len(turns[0].Prices) == 0 || turns[2].Income == 0 {
		t.Errorf("a hosted game's sheets without prices or income: %+v", turns)
	}
}

// BenchmarkReadSheets25 reads 25 sheets of a game (played first, outside
// the timing) for the plots' numbers.
func BenchmarkReadSheets25(b *testing.B) {
	g, paths := hostedSheets(b, 6, 25)
	b.ResetTimer()
	for b.Loop() {
		if _, err := ReadSheets(g.R, paths); err != nil {
			b.Fatal(err)
		}
	}
}
