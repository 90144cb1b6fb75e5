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
func BenchmarkOrdersFortyPlayers(b *testing.B) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 40, Players: 40})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 10; i++ {
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
