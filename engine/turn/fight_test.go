package turn

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/state"
)

// hostBattle carries out a host turn of g with the orders, and returns the
// record of its battle and the game as phase 1 left it (the battle's
// setup).
func hostBattle(t *testing.T, r *rules.Rules, g *model.Game, orders map[int][]order.Order) (*Record, *model.Game) {
	t.Helper()
	rec := &Record{}
	var before *model.Game
	Run(NewWorld(r, g, Host), orders, Options{Battle: rec, AfterPhase: func(phase int, w *World) {
		if phase == 1 {
			before = copyGame(w.G)
		}
	}})
	if before == nil {
		t.Fatal("the turn had no phase 1")
	}
	return rec, before
}

// battleOrders are the battle/movement orders among a turn's.
func battleOrders(orders map[int][]order.Order) map[int][]order.Order {
	out := map[int][]order.Order{}
	for p, list := range orders { // any order: fills a map
		for _, o := range list {
			if o.Code.Valid() && o.Code.Class() == order.BattleMovement {
				out[p] = append(out[p], o)
			}
		}
	}
	return out
}

// TestFightIsTheTurnsBattle: on every scenario where ships fight, a battle
// fought on its own from the game as phase 1 left it, with the turn's seed,
// gives the record of the host turn's battle exactly.
func TestFightIsTheTurnsBattle(t *testing.T) {
	r := rules.Default()
	fought := 0
	for _, sc := range readScenarios(t) {
		rr := r
		if sc.house != (rules.HouseRules{}) {
			rr = r.WithHouse(sc.house)
		}
		g, orders := sc.setUp(t, rr)
		rec, before := hostBattle(t, rr, g, orders)
		shots := 0
		for _, ph := range rec.Phases {
			shots += len(ph.Shots) + len(ph.Bombardment)
		}
		if shots == 0 {
			continue
		}
		fought++
		got, err := Fight(BattleSetup{Rules: rr, Game: before, Orders: battleOrders(orders), Seed: before.Seed})
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		if !reflect.DeepEqual(got, rec) {
			t.Errorf("%s:%d %s: the battle on its own differs from the turn's:\n turn %+v\n own  %+v", sc.file, sc.line, sc.name, rec, got)
		}
	}
	if fought < 10 {
		t.Errorf("only %d scenarios fought a battle; want at least 10", fought)
	}
}

// crowdBattle is a game of n armed ships, half of each of two players,
// close enough to fight, over a planet of the second with defence units.
func crowdBattle(n int, seed int64) (*model.Game, map[int][]order.Order) {
	g := &model.Game{Turn: 6, Seed: seed}
	g.Empires = []model.Empire{{Player: 1, Name: "One", Credits: 100000}, {Player: 2, Name: "Two", Credits: 100000}}
	g.Planets = []model.Planet{{ID: 1, Kind: model.Independent, Loc: geom.Point{Y: 300}, Owner: 2, Population: 10000, Industry: 10000, DefenceUnits: 40, DefenceActive: true}}
	orders := map[int][]order.Order{}
	for i := 1; i <= n; i++ {
		p := 1 + i%2
		typ, fire, def := 3, 2, 10
		if i%5 == 0 {
			typ, fire, def = 23, 5, 35
		}
		loc := geom.Point{X: (i % 7) * 3, Y: 300 - 20*(p-1) + (i % 3), Z: (i % 4) * 2}
		if p == 1 {
			loc.Y = 280 - (i % 3)
		}
		g.Ships = append(g.Ships, model.Ship{ID: i, Type: typ, Owner: p, Loc: loc, Fire: fire, Defence: def, MaxFire: fire, MaxDefence: def, Fuel: 100})
		if p == 1 {
			orders[1] = append(orders[1], order.Order{Code: order.EN, N: 5, Args: [order.MaxArgs]int{i, 2, 0, 300, 0}})
		} else if i%3 == 0 {
			orders[2] = append(orders[2], order.Order{Code: order.DF, N: 2, Args: [order.MaxArgs]int{i, 0}})
		}
	}
	return g, orders
}

// TestFightCrowdSameAsTurn: a battle of fifty ships and a planet's
// defence, fought by the host turn and on its own, gives the same record
// with the turn's seed; another seed draws planet defence's shots
// otherwise.
func TestFightCrowdSameAsTurn(t *testing.T) {
	r := rules.Default()
	g, orders := crowdBattle(50, 7)
	rec, before := hostBattle(t, r, g, orders)
	if len(rec.Phases[0].Shots) == 0 || len(rec.Phases[2].Lost)+len(rec.Phases[1].Lost)+len(rec.Phases[0].Lost) == 0 {
		t.Fatalf("no battle: %+v", rec.Phases)
	}
	got, err := Fight(BattleSetup{Rules: r, Game: before, Orders: orders, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rec) {
		t.Fatalf("the battle on its own differs from the turn's")
	}
	differs := false
	for seed := int64(8); seed < 20 && !differs; seed++ {
		other, _ := Fight(BattleSetup{Rules: r, Game: before, Orders: orders, Seed: seed})
		differs = !reflect.DeepEqual(other, rec)
	}
	if !differs {
		t.Error("twelve other seeds all gave the same battle: the seed is not used")
	}
}

// TestFightLeavesItsGame: Fight works on a copy.
func TestFightLeavesItsGame(t *testing.T) {
	r := rules.Default()
	g, orders := crowdBattle(20, 3)
	want := fmt.Sprint(g.Ships, g.Planets, g.Empires)
	if _, err := Fight(BattleSetup{Rules: r, Game: g, Orders: orders, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(g.Ships, g.Planets, g.Empires); got != want {
		t.Error("Fight changed the game it was given")
	}
	if _, err := Fight(BattleSetup{Rules: r}); err == nil || !strings.Contains(err.Error(), "no game") {
		t.Errorf("Fight without a game: %v", err)
	}
}

// setUp reads a scenario's game and orders.
func (sc *scenario) setUp(t *testing.T, r *rules.Rules) (*model.Game, map[int][]order.Order) {
	t.Helper()
	where := fmt.Sprintf("%s:%d", sc.file, sc.line)
	g, err := state.Read(strings.NewReader("silverfall-state 1\n"+strings.Join(sc.state, "\n")+"\n"), where+" state", r)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	orders := map[int][]order.Order{}
	for p, lines := range sc.orders { // any order: fills a map
		for i, l := range lines {
			o, err := order.Parse(l)
			if err != nil {
				t.Fatalf("%s:%d: %v", sc.file, sc.ordersLine[p]+i+1, err)
			}
			orders[p] = append(orders[p], o)
		}
	}
	return g, orders
}
