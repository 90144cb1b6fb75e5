package app

import (
	"fmt"
	"sort"
	"strings"

	"silverfall/app/draft"
	"silverfall/engine/check"
	"silverfall/engine/model"
)

// creditsText is the status line's figures: the credits the sheet gives,
// what the orders spend of them (and the sales they make), what the turn
// leaves when it is over (the engine's forecast: upkeep, pay and tax
// included) with, when that is less, what costs most; and the score now
// and after the turn.
func creditsText(k *model.Knowledge, f *check.Forecast, left *draft.Left) string {
	g := num
	var then []string
	if left != nil && (left.Certain != k.Empire.Credits || left.Sales > 0) {
		s := "orders spend " + g(k.Empire.Credits-left.Certain)
		if left.Sales > 0 {
			s += " and sell for " + g(left.Sales)
		}
		then = append(then, s)
	}
	score := "score " + g(k.Score.Current)
	if f != nil {
		s := "turn leaves " + g(f.Credits)
		if fall := fallingOf(k, f).short(); fall != "" {
			s += " (" + fall + ")"
		}
		then = append(then, s)
		score += " → " + g(f.Score)
	}
	credits := "credits " + g(k.Empire.Credits)
	if len(then) > 0 {
		credits += ": " + strings.Join(then, ", ")
	}
	// The turn is in the title and the bar over the map: the line keeps
	// its width for the figures.
	return fmt.Sprintf("%s · %s (players %s–%s)", credits, score, g(k.Score.Low), g(k.Score.High))
}

// falling is what the forecast says of credits and score going down; the
// zero value when neither falls.
type falling struct {
	credits, score int // by how much each falls (0: it does not)
	costs          []model.CreditLine
	income         int
}

// fallingOf reads the forecast f of the sheet k: how much the credits and
// the score fall, the turn's costs, largest first, and its income.
func fallingOf(k *model.Knowledge, f *check.Forecast) falling {
	if f == nil {
		return falling{}
	}
	var fl falling
	fl.credits = max(0, k.Empire.Credits-f.Credits)
	fl.score = max(0, k.Score.Current-f.Score)
	for _, l := range f.Credit.Lines {
		if l.Amount < 0 {
			fl.costs = append(fl.costs, model.CreditLine{What: l.What, Amount: -l.Amount})
		} else {
			fl.income += l.Amount
		}
	}
	sort.SliceStable(fl.costs, func(i, j int) bool { return fl.costs[i].Amount > fl.costs[j].Amount })
	return fl
}

// what names the largest costs, at most n, with their figures.
func (fl falling) what(n int) string {
	var s []string
	for _, c := range fl.costs[:min(n, len(fl.costs))] {
		s = append(s, strings.ToLower(c.What[:1])+c.What[1:]+" "+num(c.Amount))
	}
	return strings.Join(s, ", ")
}

// short is the status line's word on falling credits: what costs most;
// "" when they do not fall.
func (fl falling) short() string {
	if fl.credits > 0 && len(fl.costs) > 0 {
		return fl.what(1) + " costs most"
	}
	return ""
}

// sentence is This turn's line on it: "" when nothing falls.
func (fl falling) sentence() string {
	g := num
	var head string
	switch {
	case fl.credits > 0 && fl.score > 0:
		head = fmt.Sprintf("After these orders your credits fall by %s and your score by %s", g(fl.credits), g(fl.score))
	case fl.credits > 0:
		head = fmt.Sprintf("After these orders your credits fall by %s", g(fl.credits))
	case fl.score > 0:
		return fmt.Sprintf("After these orders your score falls by %s.", g(fl.score))
	default:
		return ""
	}
	if len(fl.costs) == 0 {
		return head + "."
	}
	return fmt.Sprintf("%s: the turn costs %s (%s) against an income of %s.", head, g(fl.cost()), fl.what(3), g(fl.income))
}

func (fl falling) cost() int {
	n := 0
	for _, c := range fl.costs {
		n += c.Amount
	}
	return n
}
