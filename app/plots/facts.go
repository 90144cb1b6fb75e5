package plots

import (
	"sort"

	"silverfall/engine/model"
)

// Turn is what the plots need of one turn's sheet.
type Turn struct {
	Turn             int
	Score, Low, High int // the score line: the player's, the lowest, the highest
	Credits          int // at the start of the turn
	// Income and Expenses are the credit report's items of the turn
	// before, added up; Expenses is positive.
	Income, Expenses   int
	Ships              int // own ships
	Fire, Defence      int // their units, added up
	Points, AntiPoints int
	Prices             []Price // one per trading planet on the sheet
}

// Price is a trading planet's prices on one sheet.
type Price struct {
	Planet int
	Name   string
	Ore    model.Ore
	Fuel   int
}

// FactsOf takes the plots' numbers from one sheet's knowledge.
func FactsOf(k *model.Knowledge) Turn {
	t := Turn{Turn: k.Turn, Score: k.Score.Current, Low: k.Score.Low, High: k.Score.High,
		Credits: k.Empire.Credits, Ships: len(k.Ships), Points: k.Empire.Points, AntiPoints: k.Empire.AntiPoints}
	for _, l := range k.Credit.Lines {
		if l.Amount > 0 {
			t.Income += l.Amount
		} else {
			t.Expenses -= l.Amount
		}
	}
	for _, s := range k.Ships {
		t.Fire += s.Fire
		t.Defence += s.Defence
	}
	for _, tp := range k.Trading {
		t.Prices = append(t.Prices, Price{Planet: tp.Planet.ID, Name: tp.Planet.Name, Ore: tp.Prices.Ore, Fuel: tp.Prices.Fuel})
	}
	sort.Slice(t.Prices, func(i, j int) bool { return t.Prices[i].Planet < t.Prices[j].Planet })
	return t
}

// TurnsOf is the plots' numbers of sheets (a game's sheets, one a turn,
// as the window's archive holds them), oldest turn first.
func TurnsOf(sheets []*model.Knowledge) []Turn {
	turns := make([]Turn, 0, len(sheets))
	for _, k := range sheets {
		turns = append(turns, FactsOf(k))
	}
	sort.SliceStable(turns, func(i, j int) bool { return turns[i].Turn < turns[j].Turn })
	return turns
}
