package sparring_test

import (
	"testing"

	"silverfall/engine/ai"
	"silverfall/engine/ai/sparring"
	"silverfall/engine/check"
	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// play plays a six-player game to the expected end: the four partners in
// seats 1 to 4, normal computer empires in 5 and 6. visit sees each
// partner's orders with the sheet they were written on.
func play(t *testing.T, r *rules.Rules, seed int64, visit func(name string, g *model.Game, k *model.Knowledge, orders []order.Order)) *model.Game {
	t.Helper()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: 6})
	if err != nil {
		t.Fatal(err)
	}
	partners := sparring.Partners()
	for !g.Over && g.Turn < r.Game.ExpectedLastTurn {
		all := map[int][]order.Order{}
		for p := 1; p <= 6; p++ {
			k := g.KnowledgeOf(r, p)
			if p > len(partners) {
				all[p] = ai.Play(r, k, uint64(seed)*1000+uint64(g.Turn*50+p), ai.Normal())
				continue
			}
			orders, err := partners[p-1].Play(r, k)
			if err != nil {
				t.Fatalf("seed %d turn %d %s: %v", seed, g.Turn, partners[p-1].Name, err)
			}
			visit(partners[p-1].Name, g, k, orders)
			all[p] = orders
		}
		turn.Run(turn.NewWorld(r, g, turn.Host), all, turn.Options{EndOfTurn: true})
	}
	return g
}

// Every order a partner gives passes the checker, and each plays its
// strategy: the orders it is named for come in every game. Two games by
// the book, and one under every house rule (the trading planets hold).
func TestOrdersPassTheChecker(t *testing.T) {
	book := rules.Default()
	house := book.WithHouse(rules.HouseRules{TradingPlanetsHold: true, StationRepairOfMaximum: true, SauranPaysNoUpkeep: true})
	wants := map[string][]order.Code{
		"taker":  {order.FP, order.MP, order.SM, order.BS, order.SR},
		"raider": {order.FP, order.SR, order.PI},
		"trader": {order.LO, order.UL, order.MP, order.SM},
		"turtle": {order.BU, order.AD, order.PI},
	}
	for seed := int64(1); seed <= 3; seed++ {
		r := book
		if seed == 3 {
			r = house
		}
		given := map[string]map[order.Code]int{}
		play(t, r, seed, func(name string, g *model.Game, k *model.Knowledge, orders []order.Order) {
			if given[name] == nil {
				given[name] = map[order.Code]int{}
			}
			for _, d := range check.New(r, k).Check(orders) {
				if d.Severity == check.Error {
					t.Errorf("seed %d turn %d %s: %s: %s", seed, g.Turn, name, orders[d.Order], d.Message)
				}
			}
			for _, o := range orders {
				given[name][o.Code]++
			}
		})
		t.Logf("seed %d: orders by partner: %v", seed, given)
		for name, codes := range wants {
			for _, c := range codes {
				if given[name][c] == 0 {
					t.Errorf("seed %d: the %s gave no %v order in a whole game (%v)", seed, name, c, given[name])
				}
			}
		}
	}
}

// A sheet with nothing on it (an empire out of the game) gives no orders
// and no fault.
func TestEmptySheet(t *testing.T) {
	r := rules.Default()
	k := &model.Knowledge{Turn: 7, Empire: model.Empire{Player: 3, Credits: -5000}}
	for _, p := range sparring.Partners() {
		orders, err := p.Play(r, k)
		if err != nil || len(orders) != 0 {
			t.Errorf("%s on an empty sheet: %v, %v", p.Name, orders, err)
		}
	}
}
