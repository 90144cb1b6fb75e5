package app

import (
	"testing"

	"silverfall/app/practice"
)

// A game change with an order row selected (the last of a long list)
// draws nothing of the new game with the old game's rows: End turn in a
// practice game, a turn step and the demo opened (bug: a panic in
// ordersPanel.rowVerdict, index out of range).
func TestGameChangeWithRowSelected(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 7, Players: 3, Level: "easy"})
	selectLastOrder := func() {
		t.Helper()
		giveOrders(t, x)
		x.st.ShowTab(TabOrders)
		x.Window().Canvas().Capture()
		last := -1
		for i, r := range x.orders.rows {
			if r.index >= 0 {
				last = i
			}
		}
		if last < 0 {
			t.Fatal("no order row")
		}
		x.orders.list.Select(last)
		x.orders.list.ScrollToBottom()
		x.Window().Canvas().Capture()
		if x.st.Chosen() < 0 {
			t.Fatal("selecting the row chose no order")
		}
	}
	selectLastOrder()
	x.practice.EndTurn()
	if g := x.st.Game(); g.K.Turn != 2 {
		t.Fatalf("End turn: turn %d", g.K.Turn)
	}
	x.Window().Canvas().Capture()
	selectLastOrder()
	x.practice.EndTurn()
	x.Window().Canvas().Capture()
	selectLastOrder()
	x.turns.Earlier()
	x.Window().Canvas().Capture()
	x.orders.list.Select(len(x.orders.rows) - 1)
	x.turns.Current()
	x.Window().Canvas().Capture()
	selectLastOrder()
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	x.Window().Canvas().Capture()
}
