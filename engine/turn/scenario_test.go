package turn

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/state"
)

// Scenario tests: testdata/scenarios/*.txt hold small games, the orders
// given, and what the turn must leave. A file holds scenarios, each:
//
//	=== name
//	end-of-turn: no          (optional: carry out phases 0-5 only)
//	house: trading_planets_hold  (optional: game.toml's house rules turned on)
//	state:
//	<records of the state format, without its first line>
//	orders P:
//	<player P's orders, one a line>
//	expect:
//	<records naming only the fields to check: ship id=3 fuel=40>
//	gone ship id=4           (the ship is no more)
//	errors P:
//	<a piece of each error in orders P's sheet lists, in order; or: none>
//	report P:
//	<a piece of text his battle reports or messages hold, or of the
//	lines "scanned ship ID at X,Y,Z" of his scan of a player>
//	quiet P:
//	<a piece of text none of them holds>
//
// Records are found by id (an empire by player, a market by planet).

type scenario struct {
	name, file   string
	line         int
	endOfTurn    bool
	house        rules.HouseRules
	state        []string
	orders       map[int][]string
	expect       []numbered
	errors       map[int][]string
	errorsGiven  map[int]bool
	reports      map[int][]string
	quiet        map[int][]string
	stateLine    int
	ordersLine   map[int]int
	expectedLine int
}

type numbered struct {
	text string
	line int
}

func readScenarios(t *testing.T) []*scenario {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	var out []*scenario
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var sc *scenario
		section, player := "", 0
		for i, raw := range strings.Split(string(data), "\n") {
			n := i + 1
			line := strings.TrimSpace(raw)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if title, ok := strings.CutPrefix(line, "=== "); ok {
				sc = &scenario{name: title, file: name, line: n, endOfTurn: true, orders: map[int][]string{},
					errors: map[int][]string{}, errorsGiven: map[int]bool{}, reports: map[int][]string{}, quiet: map[int][]string{}, ordersLine: map[int]int{}}
				out = append(out, sc)
				section = ""
				continue
			}
			if sc == nil {
				t.Fatalf("%s:%d: text before the first scenario", name, n)
			}
			if v, ok := strings.CutPrefix(line, "end-of-turn:"); ok {
				sc.endOfTurn = strings.TrimSpace(v) != "no"
				continue
			}
			if v, ok := strings.CutPrefix(line, "house:"); ok {
				var text strings.Builder
				for _, h := range strings.Fields(strings.ReplaceAll(v, ",", " ")) {
					fmt.Fprintf(&text, "%s = true\n", h)
				}
				if md, err := toml.Decode(text.String(), &sc.house); err != nil || len(md.Undecoded()) > 0 {
					t.Fatalf("%s:%d: unknown house rule in %q (%v)", name, n, v, err)
				}
				continue
			}
			if head, ok := strings.CutSuffix(line, ":"); ok && !strings.Contains(head, "=") {
				f := strings.Fields(head)
				section, player = f[0], 0
				if len(f) == 2 {
					player, _ = strconv.Atoi(f[1])
				}
				switch section {
				case "state":
					sc.stateLine = n
				case "orders":
					sc.ordersLine[player] = n
				case "errors":
					sc.errorsGiven[player] = true
				case "expect", "report", "quiet":
				default:
					t.Fatalf("%s:%d: unknown section %q", name, n, head)
				}
				continue
			}
			switch section {
			case "state":
				sc.state = append(sc.state, line)
			case "orders":
				sc.orders[player] = append(sc.orders[player], line)
			case "expect":
				sc.expect = append(sc.expect, numbered{line, n})
			case "errors":
				if line != "none" {
					sc.errors[player] = append(sc.errors[player], line)
				}
			case "report":
				sc.reports[player] = append(sc.reports[player], line)
			case "quiet":
				sc.quiet[player] = append(sc.quiet[player], line)
			default:
				t.Fatalf("%s:%d: a line outside any section", name, n)
			}
		}
	}
	return out
}

// play carries out a scenario's turn, and returns the game it leaves.
func (sc *scenario) play(t *testing.T, r *rules.Rules) (*model.Game, Result) {
	t.Helper()
	if sc.house != (rules.HouseRules{}) {
		r = r.WithHouse(sc.house)
	}
	where := fmt.Sprintf("%s:%d", sc.file, sc.line)
	text := "silverfall-state 1\n" + strings.Join(sc.state, "\n") + "\n"
	g, err := state.Read(strings.NewReader(text), where+" state", r)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	orders := map[int][]order.Order{}
	for p, lines := range sc.orders {
		orders[p] = []order.Order{}
		for i, l := range lines {
			o, err := order.Parse(l)
			if err != nil {
				t.Fatalf("%s:%d: %v", sc.file, sc.ordersLine[p]+i+1, err)
			}
			orders[p] = append(orders[p], o)
		}
	}
	w := NewWorld(r, g, Host)
	res := Run(w, orders, Options{EndOfTurn: sc.endOfTurn})
	return g, res
}

func TestScenarios(t *testing.T) {
	r := rules.Default()
	for _, sc := range readScenarios(t) {
		t.Run(sc.name, func(t *testing.T) {
			where := fmt.Sprintf("%s:%d", sc.file, sc.line)
			g, _ := sc.play(t, r)
			for _, e := range sc.expect {
				checkExpect(t, g, e, sc.file)
			}
			for p, want := range sc.errors {
				e := g.Empire(p)
				if e == nil {
					t.Fatalf("%s: no empire %d", where, p)
				}
				got := e.Report.Errors
				if len(got) != len(want) {
					t.Errorf("%s: player %d has %d errors in orders, want %d:\n  %s", where, p, len(got), len(want), strings.Join(got, "\n  "))
					continue
				}
				for i := range want {
					if !strings.Contains(got[i], want[i]) {
						t.Errorf("%s: player %d's error %d is %q, want it to hold %q", where, p, i+1, got[i], want[i])
					}
				}
			}
			for p := range sc.errorsGiven {
				if len(sc.errors[p]) == 0 {
					if e := g.Empire(p); e != nil && len(e.Report.Errors) > 0 {
						t.Errorf("%s: player %d has errors in orders:\n  %s", where, p, strings.Join(e.Report.Errors, "\n  "))
					}
				}
			}
			for p, want := range sc.reports {
				all := reportText(t, g, p)
				for _, w := range want {
					if !strings.Contains(all, w) {
						t.Errorf("%s: player %d's reports lack %q:\n%s", where, p, w, all)
					}
				}
			}
			for p, not := range sc.quiet {
				all := reportText(t, g, p)
				for _, w := range not {
					if strings.Contains(all, w) {
						t.Errorf("%s: player %d's reports hold %q:\n%s", where, p, w, all)
					}
				}
			}
		})
	}
}

// reportText is player p's battle reports and messages, then the ships his
// scan of a player found, a line each: "scanned ship 5 at 0,197,0".
func reportText(t *testing.T, g *model.Game, p int) string {
	e := g.Empire(p)
	if e == nil {
		t.Fatalf("no empire %d", p)
	}
	lines := append(append([]string(nil), e.Report.Battle...), e.Report.Messages...)
	for _, s := range e.Report.ScannedPlayer {
		lines = append(lines, fmt.Sprintf("scanned ship %d at %d,%d,%d", s.ID, s.Loc.X, s.Loc.Y, s.Loc.Z))
	}
	return strings.Join(lines, "\n")
}

// checkExpect checks one expected record against the game after the turn.
func checkExpect(t *testing.T, g *model.Game, e numbered, file string) {
	t.Helper()
	where := fmt.Sprintf("%s:%d", file, e.line)
	text, gone := strings.CutPrefix(e.text, "gone ")
	kind, want, err := state.ParseRecord(text)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	key := "id"
	switch kind {
	case "empire":
		key = "player"
	case "market":
		key = "planet"
	case "game":
		key = ""
	}
	id, err := strconv.Atoi(want[key])
	if err != nil && key != "" {
		t.Fatalf("%s: %s needs %s=", where, kind, key)
	}
	var found any
	switch kind {
	case "game":
		found = &struct {
			Turn    int
			Over    bool
			Winners []int
		}{g.Turn, g.Over, g.Winners}
	case "ship":
		for i := range g.Ships {
			if g.Ships[i].ID == id {
				found = &g.Ships[i]
			}
		}
	case "planet":
		for i := range g.Planets {
			if g.Planets[i].ID == id {
				found = &g.Planets[i]
			}
		}
	case "empire":
		if e := g.Empire(id); e != nil {
			found = e
		}
	case "officer":
		for i := range g.Officers {
			if g.Officers[i].ID == id {
				found = &g.Officers[i]
			}
		}
	case "mine":
		for i := range g.Mines {
			if g.Mines[i].ID == id {
				found = &g.Mines[i]
			}
		}
	case "market":
		if m, ok := g.Markets[id]; ok {
			found = &struct {
				Planet    int
				Prices    model.Ore
				PriceFuel int
				Stock     model.Ore
				Fuel      int
			}{id, m.Prices.Ore, m.Prices.Fuel, m.Stock, m.Fuel}
		}
	default:
		t.Fatalf("%s: cannot check a %s", where, kind)
	}
	if gone {
		if found != nil {
			t.Errorf("%s: %s %d is still there", where, kind, id)
		}
		return
	}
	if found == nil {
		t.Errorf("%s: there is no %s %d after the turn", where, kind, id)
		return
	}
	got := state.Fields(found)
	var names []string
	for name := range want {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		g, ok := got[name]
		if !ok {
			t.Errorf("%s: a %s has no field %q", where, kind, name)
			continue
		}
		if g != want[name] {
			t.Errorf("%s: %s %d: %s is %s, want %s", where, kind, id, name, g, want[name])
		}
	}
}

// TestScenariosSameEveryTime carries out every scenario's turn several
// times in one process: Go walks a map in a different order each time, so
// a result that depends on that order shows as a difference here.
func TestScenariosSameEveryTime(t *testing.T) {
	r := rules.Default()
	for _, sc := range readScenarios(t) {
		var first string
		for i := 0; i < 8; i++ {
			g, res := sc.play(t, r)
			var b strings.Builder
			if err := state.Write(&b, g); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%v %v %v %v\n", res.Carried, res.Sales, res.Upkeep, res.Diagnostics)
			if i == 0 {
				first = b.String()
			} else if got := b.String(); got != first {
				t.Errorf("%s:%d %s: run %d differs from the first%s", sc.file, sc.line, sc.name, i+1, firstDiff(got, first))
				break
			}
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf(" at line %d:\n  got  %q\n  want %q", i+1, x, y)
		}
	}
	return ""
}
