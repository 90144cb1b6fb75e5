package host

import (
	"path/filepath"
	"testing"

	"bytes"
	"silverfall/engine/ai"
	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/state"
	"silverfall/engine/turn"
)

// fortyPlayers is a 40-player game some turns in, with every empire's
// orders for the next turn written by the computer.
func fortyPlayers(b *testing.B) (*rules.Rules, []byte, map[int][]order.Order) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 40, Players: 40})
	if err != nil {
		b.Fatal(err)
	}
	orders := func(g *model.Game) map[int][]order.Order {
		out := map[int][]order.Order{}
		for p := 1; p <= 40; p++ {
			out[p] = ai.Orders(r, g.KnowledgeOf(r, p), uint64(g.Turn*100+p))
		}
		return out
	}
	for i := 0; i < 5; i++ {
		turn.Run(turn.NewWorld(r, g, turn.Host), orders(g), turn.Options{EndOfTurn: true})
	}
	var buf bytes.Buffer
	state.Write(&buf, g)
	return r, buf.Bytes(), orders(g)
}

// One turn of a 40-player game: the turn's steps alone.
func BenchmarkFortyPlayerTurn(b *testing.B) {
	r, saved, orders := fortyPlayers(b)
	g0, _ := state.Read(bytes.NewReader(saved), "state", r)
	ships, sauran := len(g0.Ships), 0
	for _, s := range g0.Ships {
		if s.Owner == r.Game.PlayerSauran {
			sauran++
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, _ := state.Read(bytes.NewReader(saved), "state", r)
		b.StartTimer()
		turn.Run(turn.NewWorld(r, g, turn.Host), orders, turn.Options{EndOfTurn: true})
	}
	b.ReportMetric(float64(len(g0.Planets)), "planets")
	b.ReportMetric(float64(ships), "ships")
	b.ReportMetric(float64(sauran), "sauran-ships")
}

// 25 turns of a 40-player game as the host runs them: the computer's
// orders for every empire, the turn, every sheet and the state written
// and committed to disk.
func BenchmarkFortyPlayerGame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		g, err := New(filepath.Join(b.TempDir(), "game"), Config{Seed: 40, Players: 40})
		if err != nil {
			b.Fatal(err)
		}
		defer g.Close()
		for t := 0; t < 25 && !g.State.Over; t++ {
			if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// A turn of a game whose state holds 60,000 ships at one place, half of
// them Sauran's and half the four players', all in battle, as the host
// carries it out: the battle, every sheet and the state written, read
// back and committed.
func BenchmarkCrowdedTurn60k(b *testing.B) { crowdedTurn(b, false) }

// The same with the computer writing every empire's orders.
func BenchmarkCrowdedTurn60kComputer(b *testing.B) { crowdedTurn(b, true) }

func crowdedTurn(b *testing.B, computer bool) {
	for b.Loop() {
		b.StopTimer()
		g, err := New(filepath.Join(b.TempDir(), "game"), Config{Seed: 5, Players: 4})
		if err != nil {
			b.Fatal(err)
		}
		r := g.R
		top := 0
		for _, s := range g.State.Ships {
			top = max(top, s.ID)
		}
		at := g.State.Ships[0].Loc
		for i := range 60_000 {
			t := r.Ship(1 + i%20)
			owner := 1 + i%8/2 // every other ship Sauran's: the players' defend themselves
			if i%2 == 1 {
				owner = r.Game.PlayerSauran
			}
			g.State.Ships = append(g.State.Ships, model.Ship{ID: top + 1 + i, Type: t.ID, Owner: owner, Loc: at,
				Fire: t.Fire.Max, Defence: t.Defence.Max, MaxFire: t.Fire.Max, MaxDefence: t.Defence.Max})
		}
		b.StartTimer()
		if _, err := g.Turn(TurnOptions{AutoMissing: computer}); err != nil {
			b.Fatal(err)
		}
		g.Close()
	}
}
