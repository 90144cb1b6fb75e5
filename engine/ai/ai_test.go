package ai

import (
	"strings"
	"testing"

	"silverfall/engine/check"
	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// game plays turns of a game with every empire under the computer and
// calls visit with each turn's orders before the turn is carried out.
func game(t *testing.T, seed int64, players, turns int, visit func(g *model.Game, p int, k *model.Knowledge, orders []order.Order)) *model.Game {
	t.Helper()
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < turns; i++ {
		all := map[int][]order.Order{}
		for p := 1; p <= players; p++ {
			k := g.KnowledgeOf(r, p)
			lv := Normal() // both levels play in every game
			if p%2 == 1 {
				lv = Easy()
			}
			all[p] = Play(r, k, uint64(seed)*1000+uint64(g.Turn*50+p), lv)
			if visit != nil {
				visit(g, p, k, all[p])
			}
		}
		turn.Run(turn.NewWorld(r, g, turn.Host), all, turn.Options{EndOfTurn: true})
	}
	return g
}

func TestOrdersPassTheChecker(t *testing.T) {
	r := rules.Default()
	checked := 0
	// Four games of 12 turns, and one to the expected end, where the
	// orders of the last turns (sales of everything) are given.
	for seed := int64(1); seed <= 5; seed++ {
		turns := 12
		if seed == 5 {
			turns = rules.Default().Game.ExpectedLastTurn
		}
		game(t, seed, 5, turns, func(g *model.Game, p int, k *model.Knowledge, orders []order.Order) {
			for _, d := range check.New(r, k).Check(orders) {
				if d.Severity == check.Error {
					t.Errorf("seed %d turn %d player %d: %s: %s", seed, g.Turn, p, orders[d.Order], d.Message)
				}
			}
			checked += len(orders)
		})
	}
	if checked < 500 {
		t.Errorf("only %d orders given in 365 empire-turns", checked)
	}
}

// The computer plays the game: it takes planets, mines, trades,
// builds and fights Sauran.
func TestPlaysTheGame(t *testing.T) {
	r := rules.Default()
	codes := map[order.Code]int{}
	g := game(t, 7, 6, 12, func(g *model.Game, p int, k *model.Knowledge, orders []order.Order) {
		for _, o := range orders {
			codes[o.Code]++
		}
	})
	for _, c := range []order.Code{order.DE, order.SM, order.BS, order.LO, order.UL, order.MP, order.LF} {
		if codes[c] == 0 {
			t.Errorf("no computer player gave a %s order in 12 turns (%v)", c, codes)
		}
	}
	planets := map[int]int{}
	for _, pl := range g.Planets {
		planets[pl.Owner]++
	}
	sold := 0
	for p := 1; p <= 6; p++ {
		if planets[p] < 3 {
			t.Errorf("player %d holds %d planets after 12 turns", p, planets[p])
		}
		for _, l := range g.Empire(p).Report.Credit.Lines {
			if strings.HasPrefix(l.What, "Ore sold") {
				sold++
			}
		}
	}
	mines := map[int]int{}
	for _, m := range g.Mines {
		mines[m.Owner]++
	}
	// Every empire mines: easy wherever there is ore, normal where its
	// ore pays for carrying it (issue 27; tradepays_test.go has the mines
	// it does not start).
	for p := 1; p <= 6; p++ {
		if mines[p] == 0 {
			t.Errorf("player %d has no mine after 12 turns", p)
		}
	}
	_ = r
	t.Logf("planets %v, mines %v, orders %v, sales in the last turn %d", planets, mines, codes, sold)
}

// The same sheet and seed give the same orders.
func TestRepeatable(t *testing.T) {
	r := rules.Default()
	g, _ := galaxy.Generate(r, galaxy.Options{Seed: 3, Players: 3})
	k := g.KnowledgeOf(r, 2)
	a, b := Orders(r, k, 99), Orders(r, k, 99)
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d and %d orders", len(a), len(b))
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			t.Errorf("order %d: %s vs %s", i, a[i], b[i])
		}
	}
}

// The levels are data: every level reads, the names are known, and an
// unknown name is refused with the names there are.
func TestLevels(t *testing.T) {
	if got := strings.Join(LevelNames(), " "); got != "easy normal hard" {
		t.Errorf("levels %q", got)
	}
	for _, name := range LevelNames() {
		lv, err := LevelNamed(name)
		if err != nil || lv.ReserveTurns < 1 || lv.Claimers < 1 {
			t.Errorf("level %s: %+v, %v", name, lv, err)
		}
	}
	if _, err := LevelNamed("expert"); err == nil || !strings.Contains(err.Error(), "easy, normal, hard") {
		t.Errorf("unknown level: %v", err)
	}
}

// Names are within the rule book's lengths and given once: a named ship
// is not named again.
func TestNamesWithinLimits(t *testing.T) {
	r := rules.Default()
	g, _ := galaxy.Generate(r, galaxy.Options{Seed: 5, Players: 2})
	k := g.KnowledgeOf(r, 1)
	k.Ships[0].Name = "Given"
	named := map[int]bool{}
	for _, o := range Orders(r, k, 1) {
		var limit int
		switch o.Code {
		case order.NameShip:
			limit = r.Naming.ShipLength
			named[o.Subject()] = true
		case order.NamePlanet:
			limit = r.Naming.PlanetLength
		case order.NameOfficer:
			limit = r.Naming.OfficerLength
		default:
			continue
		}
		if n := len(o.Text); n == 0 || n > limit {
			t.Errorf("%s: name of %d characters, limit %d", o, n, limit)
		}
	}
	if named[k.Ships[0].ID] {
		t.Errorf("ship %d named again", k.Ships[0].ID)
	}
	if len(named) == 0 {
		t.Error("no ship named")
	}
}

// By the book's pull the trading planets fall in turn 20 ("After turn 14
// every planet and ship except origin planets or battle stations will
// begin to be pulled"): no computer empire sends a ship to a trading
// planet it could not trade at on arrival (it sells the turn after it
// gets there), and none holds cargo back at a market in its last turn.
func TestNoTradeSentToAFallenMarket(t *testing.T) {
	r := rules.Default()
	sent := 0
	for seed := int64(1); seed <= 3; seed++ {
		game(t, seed, 6, 21, func(g *model.Game, p int, k *model.Knowledge, orders []order.Order) {
			markets := map[int]*model.TradingPlanet{}
			for i := range k.Trading {
				markets[k.Trading[i].Planet.ID] = &k.Trading[i]
			}
			ships := map[int]*model.Ship{}
			for i := range k.Ships {
				ships[k.Ships[i].ID] = &k.Ships[i]
			}
			for _, o := range orders {
				s := ships[o.Subject()]
				if s == nil {
					continue
				}
				if o.Code == order.MP {
					tp := markets[o.Planet()]
					st := r.Ship(s.Type)
					if tp == nil || st == nil || st.Movement.N <= 0 || k.Turn < 14 {
						continue
					}
					sent++
					arrive := k.Turn + (s.Loc.Dist(tp.Planet.Loc)+st.Movement.N-1)/st.Movement.N
					if last := r.MarketLastTurn(tp.Planet.Loc, k.Turn); arrive+1 > last {
						t.Errorf("seed %d turn %d player %d: %v reaches trading planet %d in turn %d, which trades last in turn %d", seed, k.Turn, p, o, tp.Planet.ID, arrive, last)
					}
				}
				if o.Code == order.UL && s.Cargo.Total() > 0 {
					for _, tp := range markets {
						if tp.Planet.Loc == s.Loc && r.MarketLastTurn(tp.Planet.Loc, k.Turn) == k.Turn+1 && o.Amount() != 0 {
							t.Errorf("seed %d turn %d player %d: %v holds cargo back at trading planet %d in its last turn", seed, k.Turn, p, o, tp.Planet.ID)
						}
					}
				}
			}
		})
	}
	if sent == 0 {
		t.Error("no ship was sent to a trading planet after turn 14: the test saw nothing")
	}
}

// No order file both asks a player to ally and declares him an enemy.
func TestNeverAllyAndEnemyAtOnce(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		game(t, seed, 6, 16, func(g *model.Game, p int, k *model.Knowledge, orders []order.Order) {
			asked := map[int]bool{}
			for _, o := range orders {
				if o.Code == order.AA {
					asked[o.Player()] = true
				}
			}
			for _, o := range orders {
				if o.Code == order.DE && asked[o.Player()] {
					t.Errorf("seed %d turn %d player %d: AA and DE %d in one order file", seed, g.Turn, p, o.Player())
				}
			}
		})
	}
}
