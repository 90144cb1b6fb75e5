package app

import (
	"strings"
	"testing"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// "After turn 14 every planet and ship except origin planets or battle
// stations will begin to be pulled": a trading planet's details say its
// last turn as a market, from its place and the pull; the forecast warns
// of a market in its last turn.
func TestLastMarketText(t *testing.T) {
	r := rules.Default()
	for _, c := range []struct {
		turn int
		loc  geom.Point
		want string
	}{
		{1, geom.Point{Y: 70}, "turn 20 (the orders of turn 19's sheet)"},
		{19, geom.Point{Y: 35}, "turn 20, this turn"},
		{1, geom.Point{X: 600}, "to the game's end"},
	} {
		g := &Game{R: r, K: &model.Knowledge{Turn: c.turn}}
		if got := g.lastMarketText(&model.Planet{Kind: model.Trading, Loc: c.loc}); !strings.Contains(got, c.want) {
			t.Errorf("turn %d, %v: %q, want it to say %q", c.turn, c.loc, got, c.want)
		}
	}
	g := &Game{R: r.WithHouse(rules.HouseRules{TradingPlanetsHold: true}), K: &model.Knowledge{Turn: 1}}
	if got := g.lastMarketText(&model.Planet{Kind: model.Trading, Loc: geom.Point{Y: 70}}); !strings.Contains(got, "holds its place") {
		t.Errorf("with the house rule: %q", got)
	}
	f := &check.Forecast{LastMarkets: []int{3}}
	if got := empireAfterText(f); !strings.Contains(got, "Trading planet 3 trades for the last time this turn") {
		t.Errorf("the forecast's empire text does not warn of the market's last turn: %q", got)
	}
	if got := empireAfterText(&check.Forecast{}); strings.Contains(got, "last time") {
		t.Errorf("a warning without a last market: %q", got)
	}
}
