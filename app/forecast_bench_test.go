package app

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2/test"

	"silverfall/engine/ai"
	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// fortyPlayerSheet plays a 40-player game some turns with the computer
// for every empire (as the host's benchmarks do) and returns the sheet of
// the largest empire, as the player reads it, with its computer orders.
func fortyPlayerSheet(b *testing.B, turns int) (*reportparse.Report, []order.Order) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 40, Players: 40})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < turns; i++ {
		orders := map[int][]order.Order{}
		for p := 1; p <= 40; p++ {
			orders[p] = ai.Orders(r, g.KnowledgeOf(r, p), uint64(g.Turn*100+p))
		}
		turn.Run(turn.NewWorld(r, g, turn.Host), orders, turn.Options{EndOfTurn: true})
	}
	ships := map[int]int{}
	for _, s := range g.Ships {
		ships[s.Owner]++
	}
	big := 1
	for p := 1; p <= 40; p++ {
		if ships[p] > ships[big] {
			big = p
		}
	}
	var buf bytes.Buffer
	if err := turnsheet.Write(&buf, r, g.KnowledgeOf(r, big)); err != nil {
		b.Fatal(err)
	}
	rep, err := reportparse.Parse(r, "forty", buf.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	return rep, ai.Orders(r, rep.Knowledge, uint64(g.Turn*100+big))
}

// BenchmarkForecastShown times one change of the orders in the window, on
// the largest empire of a 40-player game 12 turns in (its largest; later
// the pull of Silverfall empties the map), from the edit to the
// engine's forecast of the new orders shown: the check, the forecast (run
// in line here), the map's courses, the details, the status bar and the
// table of ships.
func BenchmarkForecastShown(b *testing.B) {
	rep, orders := fortyPlayerSheet(b, 12)
	a := test.NewApp()
	defer a.Quit()
	x := New(a, Options{Frames: software, Workspaces: "-"})
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.Show(NewGame(rules.Default(), rep, "forty"))
	d := x.st.Draft()
	d.SetAll(orders)
	k := rep.Knowledge
	x.st.Select(model.ShipKey(k.Ships[0].ID), FromTree)
	move := order.Order{Code: order.MO, N: 4, Args: [order.MaxArgs]int{k.Ships[0].ID, 10, 20, 30}}
	shown := 0
	x.st.Subscribe(func(c Change) {
		if c.Has(ChangeForecast) {
			shown++
		}
	})
	at := d.Add(move)
	shown = 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		move.Args[1] = 10 + i%2 // another place each time
		d.Replace(at, move)
	}
	b.StopTimer()
	if shown != b.N {
		b.Fatalf("%d forecasts shown for %d changes", shown, b.N)
	}
	b.ReportMetric(float64(len(k.Ships)), "ships")
	b.ReportMetric(float64(len(d.Orders())), "orders")
}
