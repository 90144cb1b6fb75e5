package ai

import (
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// Orders for one empire of a 40-player game some turns in, at each level
// (the figure: within 20 ms).
func BenchmarkOrdersFortyPlayers(b *testing.B) { benchOrders(b, 10) }

// The same under the pull of Silverfall, some turns after it starts, when
// the ships' trips are judged by their journeys (engine/journey).
func BenchmarkOrdersFortyPlayersUnderThePull(b *testing.B) {
	benchOrders(b, rules.Default().Movement.GravityFromTurn+3)
}

// benchOrders plays a 40-player game for the given turns, then times one
// empire's orders at each level.
func benchOrders(b *testing.B, turns int) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 40, Players: 40})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < turns; i++ {
		all := map[int][]order.Order{}
		for p := 1; p <= 40; p++ {
			all[p] = Play(r, g.KnowledgeOf(r, p), uint64(g.Turn*100+p), Normal())
		}
		turn.Run(turn.NewWorld(r, g, turn.Host), all, turn.Options{EndOfTurn: true})
	}
	ks := make([]*model.Knowledge, 40)
	for p := 1; p <= 40; p++ {
		ks[p-1] = g.KnowledgeOf(r, p)
	}
	for _, lv := range []*Level{Easy(), Normal(), Hard()} {
		b.Run(lv.Name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Play(r, ks[i%40], uint64(i), lv)
			}
		})
	}
}
