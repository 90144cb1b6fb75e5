package ai

import (
	"fmt"
	"sort"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// The computer players' view of the end of turn's pay, of the pull and of
// the markets is the host's: on real games (the galaxy set up, every turn
// carried out by the host's turn to the end), what a planner makes of each
// sheet is what the host's game shows.

// hostFigures is what one empire's sheet says the host's end of turn took
// and brought (its credit report), or where the host's game left things.
type hostFigures struct {
	pay, tax int
}

// creditFigures reads the end of turn's pay and tax off an empire's
// credit report, as the host's turn wrote it.
func creditFigures(c model.CreditReport) hostFigures {
	var f hostFigures
	for _, l := range c.Lines {
		switch l.What {
		case "Fleet upkeep", "Crew pay", "Interceptor pay":
			f.pay -= l.Amount
		case "Tax from planets":
			f.tax += l.Amount
		}
	}
	return f
}

// viewMismatches compares the planner's view of one sheet with the host's
// figures; one line for each that differs.
func viewMismatches(where string, view, host hostFigures) []string {
	var out []string
	if view.pay != host.pay {
		out = append(out, fmt.Sprintf("%s: the planner counts %d of pay, the host took %d", where, view.pay, host.pay))
	}
	if view.tax != host.tax {
		out = append(out, fmt.Sprintf("%s: the planner counts %d of tax, the host paid %d", where, view.tax, host.tax))
	}
	return out
}

// fallMismatches compares the turn the planners expect each planet to fall
// in (by planet) with the last turn it was in the host's game, which was
// played to the end of turn played: a planet still there then should be
// expected to fall later.
func fallMismatches(expected, last map[int]int, played int) []string {
	var out []string
	ids := make([]int, 0, len(expected))
	for id := range expected {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		got := expected[id]
		if want, fell := last[id]; fell && got != want {
			out = append(out, fmt.Sprintf("planet %d: the planner expects it to last to turn %d, the host's pull took it at the end of turn %d", id, got, want))
		} else if !fell && got <= played {
			out = append(out, fmt.Sprintf("planet %d: the planner expects it to last to turn %d, it was there at the end of turn %d", id, got, played))
		}
	}
	return out
}

// hostGame plays a six-player game to the end with the levels in turn,
// each turn carried out by the host's turn: sheet is called with each
// empire's sheet before its orders are given, after (if not nil) with the
// game after each turn and the turn's result.
func hostGame(t *testing.T, seed int64, sheet func(g *model.Game, k *model.Knowledge), after func(g *model.Game, res turn.Result)) {
	t.Helper()
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: 6})
	if err != nil {
		t.Fatal(err)
	}
	lvs := []*Level{Easy(), Normal(), Hard()}
	for !g.Over && g.Turn < r.Game.ExpectedLastTurn {
		all := map[int][]order.Order{}
		for p := 1; p <= 6; p++ {
			k := g.KnowledgeOf(r, p)
			sheet(g, k)
			all[p] = Play(r, k, uint64(seed)*1000+uint64(g.Turn*50+p), lvs[p%3])
		}
		res := turn.Run(turn.NewWorld(r, g, turn.Host), all, turn.Options{EndOfTurn: true})
		if after != nil {
			after(g, res)
		}
	}
}

func TestViewOfPayIsTheHosts(t *testing.T) {
	r := rules.Default()
	var bad []string
	sheets := 0
	for _, seed := range []int64{3, 11} {
		// The sheet after a turn shows the ships and planets where the end
		// of that turn paid for them.
		hostGame(t, seed, func(*model.Game, *model.Knowledge) {}, func(g *model.Game, res turn.Result) {
			for pl := 1; pl <= 6; pl++ {
				p := newPlanner(r, g.KnowledgeOf(r, pl), 1, Normal())
				sheets++
				bad = append(bad, viewMismatches(fmt.Sprintf("seed %d turn %d player %d", seed, g.Turn, pl),
					hostFigures{pay: p.pay.Total(), tax: p.tax}, creditFigures(res.Credit[pl]))...)
			}
		})
	}
	if sheets < 100 {
		t.Fatalf("only %d sheets compared", sheets)
	}
	reportSome(t, bad)
	// A planner that counted every ship that can move a fleet of its own
	// (the figure the account starts from, margin and all) would be told.
	k, credit := sheetWithFleet(t)
	p := newPlanner(r, k, 1, Normal())
	if host := creditFigures(credit); len(viewMismatches("margin", hostFigures{pay: p.upkeep, tax: p.tax}, host)) == 0 {
		t.Errorf("the plan's margin (%d over the host's %d) passes for the host's pay", p.upkeep, host.pay)
	}
}

// sheetWithFleet is a sheet after a turn of a game, whose empire has two
// movable ships or more at one place, and its credit report of that turn.
func sheetWithFleet(t *testing.T) (*model.Knowledge, model.CreditReport) {
	t.Helper()
	r := rules.Default()
	var found *model.Knowledge
	var credit model.CreditReport
	hostGame(t, 5, func(*model.Game, *model.Knowledge) {}, func(g *model.Game, res turn.Result) {
		for pl := 1; pl <= 6 && found == nil; pl++ {
			k := g.KnowledgeOf(r, pl)
			at := map[geom.Point]int{}
			for _, s := range k.Ships {
				if st := r.Ship(s.Type); st != nil && st.CanMove() {
					if at[s.Loc]++; at[s.Loc] == 2 {
						found, credit = k, res.Credit[pl]
					}
				}
			}
		}
	})
	if found == nil {
		t.Fatal("no sheet with two movable ships at one place")
	}
	return found, credit
}

func TestViewOfThePullIsTheHosts(t *testing.T) {
	r := rules.Default()
	for _, seed := range []int64{3, 11} {
		expected := map[int]int{} // planet: the last turn the planner expects it in, when first seen
		last := map[int]int{}     // planet: the last turn it was in the host's game
		there := map[int]bool{}
		sheet := func(g *model.Game, k *model.Knowledge) {
			m := &markets{r: r, k: k, lv: Normal(), turn: k.Turn + 1}
			for _, pl := range append(append([]model.Planet(nil), k.ForeignPlanets...), k.Planets...) {
				if _, ok := expected[pl.ID]; !ok && pl.Kind != model.Origin && pl.Kind != model.Trading {
					expected[pl.ID] = m.lastTurnAt(pl.Loc)
				}
			}
			for i := range k.Trading {
				if tp := &k.Trading[i]; expected[tp.Planet.ID] == 0 {
					expected[tp.Planet.ID] = m.marketLast(tp)
				}
			}
		}
		after := func(g *model.Game, _ turn.Result) {
			now := map[int]bool{}
			for _, pl := range g.Planets {
				now[pl.ID] = true
			}
			for id := range there { // any order: each is set once
				if _, ok := last[id]; !ok && !now[id] {
					last[id] = g.Turn
				}
			}
			there = now
		}
		played := 0
		hostGame(t, seed, sheet, func(g *model.Game, res turn.Result) {
			after(g, res)
			played = g.Turn
		})
		fell := 0
		for id := range last {
			if _, ok := expected[id]; ok {
				fell++
			}
		}
		if fell < 10 {
			t.Fatalf("seed %d: the pull took only %d planets the sheets showed", seed, fell)
		}
		for _, b := range fallMismatches(expected, last, played) {
			t.Errorf("seed %d: %s", seed, b)
		}
		// A planner a turn out on one planet would be told.
		for id, n := range last {
			if _, ok := expected[id]; ok {
				if len(fallMismatches(map[int]int{id: n + 1}, last, played)) == 0 {
					t.Errorf("planet %d expected a turn late passes", id)
				}
				break
			}
		}
	}
}

// The markets: each price a sheet shows is the engine's price rule of the
// host's stock, and the least stock a planner reads from that price is
// never more than the host's.
func TestViewOfTheMarketsIsTheHosts(t *testing.T) {
	r := rules.Default()
	mr := &r.Market
	var bad []string
	checked := 0
	sheet := func(g *model.Game, k *model.Knowledge) {
		for _, tp := range k.Trading {
			m, ok := g.Markets[tp.Planet.ID]
			if !ok {
				continue
			}
			for ty, price := range tp.Prices.Ore {
				ref := mr.ReferenceStock[ty]
				if want := mr.Price(m.Base.Ore[ty], ref, m.Stock[ty]); price != want {
					bad = append(bad, fmt.Sprintf("turn %d planet %d ore %d: the sheet shows %d, the rule gives %d", g.Turn, tp.Planet.ID, ty+1, price, want))
				}
				low := mr.LowestBase(mr.BaseOrePrices[ty])
				if price < mr.Price(low, ref, 0) {
					checked++
					if least := mr.StockFor(low, ref, price); least > m.Stock[ty] {
						bad = append(bad, fmt.Sprintf("turn %d planet %d ore %d: a price of %d read as at least %d held, the host holds %d",
							g.Turn, tp.Planet.ID, ty+1, price, least, m.Stock[ty]))
					}
				}
			}
		}
	}
	for _, seed := range []int64{3, 11} {
		hostGame(t, seed, sheet, nil)
	}
	if checked < 100 {
		t.Fatalf("only %d prices read", checked)
	}
	reportSome(t, bad)
}

// reportSome reports the first ten differences found and how many there
// were in all.
func reportSome(t *testing.T, bad []string) {
	t.Helper()
	for i, b := range bad {
		if i == 10 {
			t.Errorf("... %d in all", len(bad))
			return
		}
		t.Error(b)
	}
}
