package check

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

func TestForecastFollowsTheTurn(t *testing.T) {
	r := rules.Default()
	k := fixture()
	dest := geom.Point{X: 200, Y: 80, Z: 50}
	f := New(r, k).Forecast(parseOrders(t, "MO 7 200 80 50", "LF 2 100"))
	if f.Turn != k.Turn+1 {
		t.Errorf("forecast for turn %d, want %d", f.Turn, k.Turn+1)
	}
	ships := map[int]ShipForecast{}
	for _, s := range f.Ships {
		ships[s.ID] = s
	}
	if len(ships) != len(k.Ships) {
		t.Errorf("%d ships forecast, the sheet has %d", len(ships), len(k.Ships))
	}

	// Ship 7 moves a third of its range in each of phases 2-4 along the
	// straight line, and pays a unit of fuel for each position of the line
	// (the distance truncated once, not each hop).
	mover := ships[7]
	if len(mover.Phases) != 3 || mover.End.Loc != dest {
		t.Fatalf("ship 7: phases %v, end %v; want three hops ending at %v", mover.Phases, mover.End, dest)
	}
	reach := r.Ship(3).Movement.N
	at := away
	for i, p := range mover.Phases {
		if p.Phase != i+2 {
			t.Errorf("hop %d in phase %d, want %d", i, p.Phase, i+2)
		}
		// Positions are whole numbers: a hop can fall short of the third
		// by a fraction, which the next hop makes up.
		hop := at.Dist(p.Loc)
		if hop > reach/3+1 {
			t.Errorf("phase %d: a hop of %d, more than a third of range %d", p.Phase, hop, reach)
		}
		if fuel := 100 - away.Dist(p.Loc); p.Fuel != fuel {
			t.Errorf("phase %d: fuel %d, want %d", p.Phase, p.Fuel, fuel)
		}
		at = p.Loc
	}

	if used := 100 - mover.End.Fuel; used != away.Dist(dest) {
		t.Errorf("ship 7 used %d fuel for %d positions", used, away.Dist(dest))
	}

	// LF moves 100 fuel from planet 10 to ship 2 in phase 1.
	if s := ships[2]; len(s.Phases) != 1 || s.Phases[0].Phase != 1 || s.End.Fuel != 200 || s.Cargo != (model.Ore{50}) {
		t.Errorf("ship 2: %+v, want fuel 200 from phase 1 and its cargo of 50 ore 1", s)
	}
	if s := ships[4]; len(s.Phases) != 0 || s.End.Loc != home {
		t.Errorf("ship 4 had no orders but %+v", s)
	}
	planets := map[int]PlanetForecast{}
	for _, p := range f.Planets {
		planets[p.ID] = p
	}
	// Planet 10: industry above population, so industry +5% and
	// population +10%; its mine adds 100 of ore 1. Planet 11: population
	// above industry, so industry +25% and population -25%.
	want10 := PlanetForecast{ID: 10, Fuel: 400, Stock: model.Ore{200, 50}, Population: 11000, Industry: 12600}
	want11 := PlanetForecast{ID: 11, Population: 2250, Industry: 625}
	if planets[10] != want10 || planets[11] != want11 {
		t.Errorf("planets %+v, want %+v and %+v", f.Planets, want10, want11)
	}

	// Tax on the grown industry, 50,000 for the Ring on planet 10, less
	// fleets, crews and interceptors.
	places := map[geom.Point]bool{}
	crew := 0
	for _, s := range k.Ships {
		places[s.Loc] = true
		crew += r.CrewPay(r.Ship(s.Type))
	}
	places[away] = false // ship 7 left; the fleet there is gone
	delete(places, away)
	places[dest] = true
	upkeep := len(places)*r.Upkeep.Fleet + crew + k.Empire.Interceptors*r.Interceptors.PayPerTurn
	credits := k.Empire.Credits + 12600 + 625 + r.Rings.CreditsPerRing - upkeep
	if f.Upkeep != upkeep || f.Credits != credits {
		t.Errorf("credits %d upkeep %d, want %d and %d", f.Credits, f.Upkeep, credits, upkeep)
	}
	// The credit report adds up to the credits, and names the costs.
	sum, items := f.Credit.Opening, map[string]int{}
	for _, l := range f.Credit.Lines {
		sum += l.Amount
		items[l.What] = l.Amount
	}
	if f.Credit.Opening != k.Empire.Credits || sum != f.Credits || items["Crew pay"] != -crew || items["Tax from planets"] != 12600+625 {
		t.Errorf("credit report %+v: from %d adds up to %d, want %d to %d with crew pay %d", f.Credit, f.Credit.Opening, sum, k.Empire.Credits, f.Credits, -crew)
	}
	e := k.Empire
	e.Credits = credits
	if score := model.ScoreOf(r, &e, 2, len(k.Ships), 1); f.Score != score {
		t.Errorf("score %d, want %d", f.Score, score)
	}

	var out bytes.Buffer
	if err := f.Write(&out); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"ship 7 phase 2 ", "ship 7 end 200,80,50 fuel ",
		"ship 2 phase 1 100,0,0 fuel 200\n", "ship 2 end 100,0,0 fuel 200 cargo 50 0 0 0 0\n",
		"planet 10 end fuel 400 stock 200 50 0 0 0 population 11000 industry 12600\n",
		"empire end credits ",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("printed forecast lacks %q:\n%s", line, out.String())
		}
	}
}

// An order that fails changes nothing in the forecast, and is reported.
func TestForecastLeavesOutFailedOrders(t *testing.T) {
	f := New(rules.Default(), fixture()).Forecast(parseOrders(t, "LF 2 501"))
	for _, s := range f.Ships {
		if s.ID == 2 && (len(s.Phases) != 0 || s.End.Fuel != 100) {
			t.Errorf("ship 2 took fuel the planet does not have: %+v", s)
		}
	}
	if len(f.Diagnostics) == 0 || f.Diagnostics[0].Severity != Error {
		t.Errorf("no error for LF beyond the planet's fuel: %v", f.Diagnostics)
	}
}

// The same orders forecast twice give the same forecast: the checker's
// scratch world is reset between runs.
func TestForecastRepeats(t *testing.T) {
	c := New(rules.Default(), fixture())
	orders := parseOrders(t, "MO 7 200 80 50", "LF 2 100", "BS 1 8")
	var a, b bytes.Buffer
	c.Forecast(orders).Write(&a)
	c.Check(orders)
	c.Forecast(orders).Write(&b)
	if a.String() != b.String() {
		t.Errorf("second forecast differs:\n%s\nvs\n%s", a.String(), b.String())
	}
}

// The rule book's example: a ship of range 60 moving 50 positions moves
// 20, 20 and 10 in phases 2, 3 and 4; moving 20 it arrives in phase 2.
func TestForecastRuleBookMove(t *testing.T) {
	if n := rules.Default().Ship(3).Movement.N; n != 60 {
		t.Fatalf("a large fighter's range is %d; the example needs 60", n)
	}
	for _, c := range []struct {
		order string
		want  []ShipPlace
	}{
		{"MO 7 250 50 0", []ShipPlace{{2, geom.Point{X: 220, Y: 50}, 80}, {3, geom.Point{X: 240, Y: 50}, 60}, {4, geom.Point{X: 250, Y: 50}, 50}}},
		{"MO 7 200 30 0", []ShipPlace{{2, geom.Point{X: 200, Y: 30}, 80}}},
	} {
		f := New(rules.Default(), fixture()).Forecast(parseOrders(t, c.order))
		for _, s := range f.Ships {
			if s.ID == 7 && !slices.Equal(s.Phases, c.want) {
				t.Errorf("%s: %v, want %v", c.order, s.Phases, c.want)
			}
		}
	}
}

// CheckOnce and ForecastOnce find what a checker finds, and leave the
// sheet's knowledge as it was (a checker made after them finds the same).
func TestOnceSameAsChecker(t *testing.T) {
	k, orders := bigGame()
	r := rules.Default()
	c := New(r, k)
	run, fc := c.Run(orders), c.Forecast(orders)
	if len(run.Diagnostics) == 0 || len(fc.Ships) == 0 {
		t.Fatalf("the fixture finds nothing: %d diagnostics, %d ships", len(run.Diagnostics), len(fc.Ships))
	}
	for i := 0; i < 2; i++ {
		if got := CheckOnce(r, k, orders); !reflect.DeepEqual(got, run) {
			t.Errorf("CheckOnce: %d diagnostics, credits %d; the checker: %d, %d", len(got.Diagnostics), got.Credits, len(run.Diagnostics), run.Credits)
		}
		if got := ForecastOnce(r, k, orders); !reflect.DeepEqual(got, fc) {
			t.Errorf("ForecastOnce: credits %d, score %d; the checker: %d, %d", got.Credits, got.Score, fc.Credits, fc.Score)
		}
	}
	if again := New(r, k).Run(orders); !reflect.DeepEqual(again, run) {
		t.Error("the knowledge changed")
	}
}

// "After turn 14 every planet and ship except origin planets or battle
// stations will begin to be pulled": the forecast names the trading planet
// the pull takes at the end of the turn, which still trades in it, and the
// ship left above it is lost with it. On the next sheet an order aimed at
// the fallen market is an error of its own.
func TestForecastLastMarket(t *testing.T) {
	r := rules.Default()
	k := fixture()
	k.Turn = 19
	fall := geom.Point{Y: 35} // turn 20's pull of 21 leaves it 14 from Silverfall
	k.Trading[0].Planet.Loc = fall
	k.Ships[9].Loc = fall // ship 10, the large cargo at the market
	k.Fleets = model.GroupFleets(k.Ships)
	f := New(r, k).Forecast(parseOrders(t, "UL 10 3 20"))
	if len(f.LastMarkets) != 1 || f.LastMarkets[0] != 20 {
		t.Errorf("last markets %v, want [20]", f.LastMarkets)
	}
	var out strings.Builder
	if err := f.Write(&out); err != nil || !strings.HasSuffix(out.String(), "\nmarket 20 last turn\n") {
		t.Errorf("the forecast's lines do not end with the market's last turn (%v):\n%s", err, out.String())
	}
	for _, s := range f.Ships {
		if s.ID == 10 {
			t.Errorf("ship 10 survives the fall of the market it is above: %+v", s)
		}
	}
	// The sale is made before the fall: 20 units of ore 3 at 50.
	if plain := New(r, k).Forecast(nil); f.Credits-plain.Credits != 1000 {
		t.Errorf("the last sale brings %d, want 1000", f.Credits-plain.Credits)
	}
	// Elsewhere, or a turn earlier, no market falls.
	k.Turn = 18
	k.Trading[0].Planet.Loc = geom.Point{Y: 50}
	if f := New(r, k).Forecast(nil); len(f.LastMarkets) != 0 {
		t.Errorf("turn 19: last markets %v, want none", f.LastMarkets)
	}
	// Turn 20's sheet has no market 20: the checker cannot measure a move
	// to a planet the sheet does not know (the moderator's turn refuses
	// it: there is no such planet), and refuses a sale where no trading
	// planet is.
	k.Turn = 20
	k.Trading = nil
	k.Ships[9].Loc = geom.Point{Y: 60}
	k.Fleets = model.GroupFleets(k.Ships)
	if got := strings.Join(runCheck(t, k, "MP 10 20", "UL 10 3 20"), ", "); got != "W unknown-planet @0, E no-planet-here @1" {
		t.Errorf("orders aimed at the fallen market: %v", got)
	}
}
