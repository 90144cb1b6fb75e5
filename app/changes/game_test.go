package changes

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/turnsheet"
	"silverfall/host"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// TestCompareHostedGame plays a real game for a few turns (the computer
// writes every empire's orders but on the last turn player 1's, which hold
// an order that cannot be carried out) and checks the rows against the two
// sheets as the host wrote them.
func TestCompareHostedGame(t *testing.T) {
	g, err := host.New(filepath.Join(t.TempDir(), "game"), host.Config{Seed: 7, Players: 4, Name: "Changes Test"})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	for range 3 {
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			t.Fatal(err)
		}
	}
	// The player's password, as his sheet gives it: the host refuses a
	// file without it.
	f := &orderwriter.File{Game: g.State.Name, Player: 1, Turn: g.State.Turn + 1, Password: g.State.Empires[0].Password}
	bad, _ := order.Parse("SM 9999 1")
	f.Orders = append(f.Orders, bad)
	var b bytes.Buffer
	if err := orderwriter.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(host.TurnDir(g.Dir, g.State.Turn), host.OrdersDir, turnsheet.FileName(1)), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
		t.Fatal(err)
	}
	sheet := func(turn int) *model.Knowledge {
		rep, err := reportparse.ReadFile(g.R, filepath.Join(host.TurnDir(g.Dir, turn), host.SheetsDir, turnsheet.FileName(1)))
		if err != nil {
			t.Fatal(err)
		}
		return rep.Knowledge
	}
	prev, cur := sheet(g.State.Turn-1), sheet(g.State.Turn)
	rows := Compare(g.R, prev, cur)
	count := map[Kind]int{}
	for _, r := range rows {
		count[r.Kind]++
		if r.Key.IsZero() || r.Text == "" {
			t.Errorf("row %+v names nothing", r)
		}
	}
	if count[OrderError] != len(cur.Errors) || len(cur.Errors) == 0 {
		t.Errorf("%d error rows for %d errors", count[OrderError], len(cur.Errors))
	}
	var errText strings.Builder
	for _, r := range rows {
		if r.Kind == OrderError {
			errText.WriteString(r.Text)
		}
	}
	if !strings.Contains(errText.String(), "9999") {
		t.Errorf("the bad order's error is not listed: %q", errText.String())
	}
	own := func(k *model.Knowledge) map[int]bool {
		m := map[int]bool{}
		for _, s := range k.Ships {
			m[s.ID] = true
		}
		return m
	}
	was, is := own(prev), own(cur)
	lost, gained := 0, 0
	for id := range was {
		if !is[id] {
			lost++
		}
	}
	for id := range is {
		if !was[id] {
			gained++
		}
	}
	if count[ShipLost] != lost || count[ShipGained] != gained {
		t.Errorf("ships lost %d gained %d, rows %d and %d", lost, gained, count[ShipLost], count[ShipGained])
	}
	if (prev.Empire.Credits != cur.Empire.Credits) != (count[Credits] == 1) {
		t.Errorf("credits %d → %d, %d rows", prev.Empire.Credits, cur.Empire.Credits, count[Credits])
	}
	if len(rows) < 2 {
		t.Errorf("only %d rows over a turn of a game: %+v", len(rows), rows)
	}
	t.Logf("%d rows: %v", len(rows), count)
}
