package state

import (
	"bytes"
	"testing"

	"silverfall/engine/ai"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
	"silverfall/engine/turnsheet"
)

// runTurn carries out a turn on g as the host does, every player's orders
// by the computer; the state after it must read, and every sheet write.
func runTurn(t *testing.T, g *model.Game) {
	t.Helper()
	r := rules.Default()
	orders := map[int][]order.Order{}
	for _, e := range g.Empires {
		if r.IsPlayer(e.Player) {
			orders[e.Player] = ai.Orders(r, g.KnowledgeOf(r, e.Player), uint64(e.Player))
		}
	}
	turn.Run(turn.NewWorld(r, g, turn.Host), orders, turn.Options{EndOfTurn: true})
	var b bytes.Buffer
	if err := Write(&b, g); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(bytes.NewReader(b.Bytes()), "after the turn", r); err != nil {
		t.Fatalf("the state after a turn does not read: %v", err)
	}
	for _, e := range g.Empires {
		if r.IsPlayer(e.Player) {
			if err := turnsheet.Write(&bytes.Buffer{}, r, g.KnowledgeOf(r, e.Player)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The test game runs a turn.
func TestReadRuns(t *testing.T) {
	var b bytes.Buffer
	Write(&b, game(t))
	g, err := Read(&b, "state", rules.Default())
	if err != nil {
		t.Fatal(err)
	}
	runTurn(t, g)
}
