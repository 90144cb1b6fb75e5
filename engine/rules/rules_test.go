package rules

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"silverfall/engine/geom"
)

// rulebookShips reads testdata/rulebook-ships.txt: the ship table and the
// capability lists as the rule book prints them.
func rulebookShips(t *testing.T) (rows [][]string, lists map[string]string) {
	t.Helper()
	f, err := os.Open("testdata/rulebook-ships.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lists = map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, _ := strings.Cut(line, ": ")
		if key == "table" {
			rows = append(rows, tableRow(t, rest))
		} else {
			lists[key] = rest
		}
	}
	return rows, lists
}

// tableRow splits "17 CUSTOMISED SHIP 0 - 5 1 - 20 60 ..." into the number,
// the name and the nine figures, joining "0 - 5" into "0-5".
func tableRow(t *testing.T, s string) []string {
	f := strings.Fields(s)
	row := []string{f[0]}
	i := 1
	var name []string
	for ; i < len(f) && f[i] != "N/A" && (f[i][0] < '0' || f[i][0] > '9'); i++ {
		name = append(name, f[i])
	}
	row = append(row, strings.Join(name, " "))
	for ; i < len(f); i++ {
		v := strings.ReplaceAll(f[i], ",", "")
		if i+2 < len(f) && f[i+1] == "-" {
			v += "-" + f[i+2]
			i += 2
		}
		if f[i] == "**" {
			continue
		}
		row = append(row, v)
	}
	if len(row) != 11 {
		t.Fatalf("rule book row %q: %d fields, want 11", s, len(row))
	}
	return row
}

func TestShipTableMatchesRuleBook(t *testing.T) {
	r := Default()
	rows, _ := rulebookShips(t)
	if len(rows) != 50 || len(r.Ships) != 50 {
		t.Fatalf("rule book has %d rows, data has %d ships; want 50 each", len(rows), len(r.Ships))
	}
	for _, row := range rows {
		id, _ := strconv.Atoi(row[0])
		s := r.Ship(id)
		if s == nil {
			t.Errorf("ship %d missing", id)
			continue
		}
		got := []string{strconv.Itoa(s.ID), s.Name, s.Fire.String(), s.Defence.String(), s.Movement.String(),
			s.FireRange.String(), s.CommRange.String(), s.Cargo.String(), s.MaxFuel.String(),
			strconv.Itoa(s.Size), strconv.Itoa(s.Cost)}
		cols := []string{"number", "name", "fire", "defence", "movement", "fire range", "comm range", "cargo", "max fuel", "size", "cost"}
		for i := range row {
			if got[i] != row[i] {
				t.Errorf("ship %d %s: data says %s, rule book says %s", id, cols[i], got[i], row[i])
			}
		}
		if s.Customisable != !s.Fire.Fixed() {
			t.Errorf("ship %d: customisable %v but fire %v", id, s.Customisable, s.Fire)
		}
	}
}

var listEntry = regexp.MustCompile(`(\d+)\. ([A-Z][A-Z ]*[A-Z])(?: -- ([\d,]+))?`)

func TestCapabilitiesMatchRuleBook(t *testing.T) {
	r := Default()
	_, lists := rulebookShips(t)
	caps := map[string]func(*ShipType) int{
		"cloak":          func(s *ShipType) int { return b2i(s.Cloak) },
		"cloaked_moving": func(s *ShipType) int { return b2i(s.CloakedMoving) },
		"warpdrive":      func(s *ShipType) int { return b2i(s.Warpdrive) },
		"refuels":        func(s *ShipType) int { return b2i(s.Refuels) },
		"repairs":        func(s *ShipType) int { return b2i(s.Repairs) },
		"unrepairable":   func(s *ShipType) int { return b2i(s.Unrepairable) },
		"carries_size":   func(s *ShipType) int { return s.CarriesSize },
		"population":     func(s *ShipType) int { return s.Population },
	}
	for key, get := range caps {
		text, ok := lists[key]
		if !ok {
			t.Fatalf("test data has no %s list", key)
		}
		_, text, _ = strings.Cut(text, ":-")
		want := map[int]int{}
		for _, m := range listEntry.FindAllStringSubmatch(text, -1) {
			id, _ := strconv.Atoi(m[1])
			v := 1
			if m[3] != "" {
				v, _ = strconv.Atoi(strings.ReplaceAll(m[3], ",", ""))
			}
			want[id] = v
			if s := r.Ship(id); s == nil || s.Name != strings.TrimSpace(m[2]) {
				t.Errorf("%s: rule book lists %d %s, which the table does not name so", key, id, m[2])
			}
		}
		if len(want) == 0 {
			t.Fatalf("%s: no entries read from the test data", key)
		}
		for i := range r.Ships {
			s := &r.Ships[i]
			if got := get(s); got != want[s.ID] {
				t.Errorf("%s of ship %d (%s): data %d, rule book %d", key, s.ID, s.Name, got, want[s.ID])
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestOreMatchesRuleBook(t *testing.T) {
	_, lists := rulebookShips(t)
	var want []int
	for _, m := range regexp.MustCompile(`(\d+) units? of ore type (\d)`).FindAllStringSubmatch(lists["ore"], -1) {
		n, _ := strconv.Atoi(m[1])
		want = append(want, n)
	}
	got := Default().Ore.PerCargoUnit
	if len(want) != 5 {
		t.Fatalf("read %d ore figures from the test data", len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ore type %d: %d a cargo unit, rule book %d", i+1, got[i], want[i])
		}
	}
}

// TestFiguresMatchRuleBook pins every cost, limit and rate to the rule book.
func TestFiguresMatchRuleBook(t *testing.T) {
	r := Default()
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"warpdrive radius", r.Movement.WarpdriveRadius, 350},
		{"warpdrive defence cost", r.Movement.WarpdriveDefenceCost, 5},
		{"hyperdrive defence cost", r.Movement.HyperdriveDefenceCost, 1},
		{"hyperdrive needs defence above 1", r.Movement.HyperdriveMinDefence, 2},
		{"destruction radius", r.Movement.DestructionRadius, 20},
		{"gravity starts after turn 14", r.Movement.GravityFromTurn, 15},
		{"battle station gravity loss", r.Movement.BattleStationGravityDefenceLoss, 7},
		{"pursue interaction range", r.Movement.PursueRangeFactor, 2},
		{"movement per phase = 1/3", r.Movement.PhaseFraction, 3},
		{"battle station builds", r.Builds(TypeBattleStation), 4},
		{"monitor builds", r.Builds(TypeMonitor), 2},
		{"scout builds", r.Builds(1), 0},
		{"build industry base", r.Building.IndustryBase, 1000},
		{"build industry per size", r.Building.IndustryPerSize, 100},
		{"custom fire unit", r.Building.CustomFireUnitCost, 4000},
		{"custom defence unit", r.Building.CustomDefenceUnitCost, 2000},
		{"repair fire unit", r.Repair.FireUnitCost, 2000},
		{"repair defence unit", r.Repair.DefenceUnitCost, 1000},
		{"station self repair", r.Repair.BattleStationSelfRepairPercent, 10},
		{"mine cost", r.Mines.Cost, 5000},
		{"mines a planet", r.Mines.MaxPerPlanet, 2},
		{"mine start population", r.Mines.MinPopulationToStart, 5000},
		{"population per mine", r.Mines.PopulationPerMine, 1000},
		{"PDU cost", r.PlanetDefence.UnitCost, 1000},
		{"PDU per turn", r.PlanetDefence.MaxPerTurn, 10},
		{"PDU per planet", r.PlanetDefence.MaxPerPlanet, 50},
		{"PDU population", r.PlanetDefence.MinPopulation, 5000},
		{"PDU industry", r.PlanetDefence.IndustryPerUnit, 100},
		{"PDU shots", r.PlanetDefence.ShotsPerTurn, 5},
		{"interceptor cost", r.Interceptors.Cost, 2000},
		{"interceptor max", r.Interceptors.Max, 90},
		{"interceptor pay", r.Interceptors.PayPerTurn, 100},
		{"interceptors lost per stop", r.Interceptors.LostPerStoppedScan, 10},
		{"scan player credits", r.ScanPlayer.CostCredits, 50000},
		{"scan player interceptors", r.ScanPlayer.CostInterceptors, 10},
		{"scan player steals credits %", r.ScanPlayer.StealCreditsPercent, 5},
		{"scan player steals points %", r.ScanPlayer.StealPointsPercent, 10},
		{"buy at 4x market", r.Trade.BuyPriceFactor, 4},
		{"population buy", r.Trade.PopulationBuyPrice, 25},
		{"population sell", r.Trade.PopulationSellPrice, 5},
		{"fleet upkeep", r.Upkeep.Fleet, 5000},
		{"crew base", r.Upkeep.CrewBase, 2000},
		{"crew per size", r.Upkeep.CrewPerSize, 100},
		{"points per damage to Sauran", r.Points.PerDamageToSauran, 500},
		{"Sauran credits per damage", r.Points.SauranCreditsPerDamageToPlayers, 500},
		{"anti-points per damage", r.Points.AntiPointsPerDamageTaken, 500},
		{"ally anti-points %", r.Points.AllyAntiPointsPercent, 1},
		{"first special ability", r.Points.SpecialAbilityFirst, 20000},
		{"special ability step", r.Points.SpecialAbilityStep, 10000},
		{"score per planet", r.Score.PerPlanet, 10000},
		{"score per ship", r.Score.PerShip, 5000},
		{"score per mine", r.Score.PerMine, 100},
		{"win planet share", r.Winning.PlanetSharePercent, 15},
		{"win score", r.Winning.Score, 5000000},
		{"rings", r.Rings.Count, 10},
		{"ring credits", r.Rings.CreditsPerRing, 50000},
		{"rings carried by castles", r.Rings.CarrierShipType, TypeCastle},
		{"max allies", r.Diplomacy.MaxAllies, 3},
		{"max enemies", r.Diplomacy.MaxEnemies, 3},
		{"gifts from turn", r.Diplomacy.GiftsFromTurn, 5},
		{"ship name", r.Naming.ShipLength, 20},
		{"planet name", r.Naming.PlanetLength, 20},
		{"officer name", r.Naming.OfficerLength, 10},
		{"broadcast lines", r.Naming.BroadcastLines, 3},
		{"broadcast line", r.Naming.BroadcastLineLength, 60},
		{"max industry", r.Growth.MaxIndustry, 50000},
		{"max population", r.Growth.MaxPopulation, 50000},
		{"industry growth", r.Growth.IndustryGrowthPercent, 5},
		{"industry growth when short", r.Growth.IndustryGrowthLowPercent, 25},
		{"population growth", r.Growth.PopulationGrowthPercent, 10},
		{"population decline", r.Growth.PopulationDeclinePercent, 25},
		{"artifact population per %", r.Artifacts.PopulationPerPercent, 350},
		{"artifact search loss %", r.Artifacts.SearchLossPercent, 25},
		{"artifact search loss max", r.Artifacts.SearchLossMax, 5000},
		{"officer max level", r.Officers.MaxLevel, 4},
		{"officer boosted max", r.Officers.MaxBoostedLevel, 7},
		{"commodore points", r.Officers.CommodorePoints, 16},
		{"commodore start max", r.Officers.CommodoreMaxStartLevel, 3},
		{"start ships", r.Start.MaxShips, 9},
		{"start per type", r.Start.MaxPerType, 2},
		{"start cost", r.Start.MaxShipsCost, 350000},
		{"players all", r.Game.PlayerAllButAllies, 0},
		{"players enemies", r.Game.PlayerEnemies, 88},
		{"Sauran", r.Game.PlayerSauran, 99},
		{"trading planets", r.Game.TradingPlanets, 5},
		{"planet spacing", r.Game.MinPlanetSpacing, 10},
		{"gravity turn 14", r.GravityPull(14), 0},
		{"gravity turn 15", r.GravityPull(15), 1},
		{"gravity turn 16", r.GravityPull(16), 3},
		{"gravity turn 17", r.GravityPull(17), 6},
		{"crew pay of a scout", r.CrewPay(r.Ship(1)), 2100},
		{"industry to build a battle station", r.BuildIndustry(r.Ship(TypeBattleStation)), 10500},
		{"cost of customised ship 3/7", r.BuildCost(r.Ship(17), 3, 7), 20000 + 12000 + 14000},
		{"cost of a plain type ignores units", r.BuildCost(r.Ship(8), 3, 7), 100000},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, rule book %d", c.name, c.got, c.want)
		}
	}
}

func TestOfficersMatchRuleBook(t *testing.T) {
	r := Default()
	names := []string{"Tactical", "Navigation", "Intelligence", "Surveillance", "Engineer", "Enterprise",
		"Administration", "Security", "Construction", "Economist", "Technology", "Merchant", "Slaver", "Explorer"}
	first := []float64{15, 10, 10, 10, 0, 3, 3, 0, -5, -5, 5, 10, 20, 10}
	for i, n := range names {
		a := r.Ability(i + 1)
		if a == nil || a.Name != n {
			t.Fatalf("ability %d: got %+v, want %s", i+1, a, n)
		}
		if got := a.Effects[0].PercentPerLevel; got != first[i] {
			t.Errorf("%s: %v%% a level, rule book %v%%", n, got, first[i])
		}
	}
	if e := r.Ability(8).Effects[0]; e.On != "planet" || e.UnitsPerLevel != 0.5 {
		t.Errorf("Security on a planet: %+v, want +0.5 fire a level", e)
	}
	if e := r.Ability(5).Effects[0]; e.UnitsPerLevel != 1 {
		t.Errorf("Engineer: %+v, want 1 defence a level", e)
	}
	races := []struct {
		name  string
		bonus map[int]int
	}{
		{"Brungir", map[int]int{1: 2}}, {"Devlon", map[int]int{11: 2}}, {"Froria", map[int]int{13: 2}},
		{"Everiel", map[int]int{14: 2}}, {"Gorishi", map[int]int{8: 2}}, {"Charmar", map[int]int{12: 2}},
		{"Kishla", map[int]int{2: 2}}, {"Inatan", map[int]int{5: 2}}, {"Ashecta", map[int]int{6: 1, 7: 1}},
		{"Lexmons", map[int]int{9: 1, 10: 1}}, {"Preirn", map[int]int{3: 1, 4: 1}},
	}
	if len(r.Races) != 11 {
		t.Fatalf("%d races, want 11", len(r.Races))
	}
	for i, want := range races {
		race := r.Race(i + 1)
		if race.Name != want.name {
			t.Errorf("race %d: %s, want %s", i+1, race.Name, want.name)
		}
		for a := 1; a <= Abilities; a++ {
			if race.Bonus[a] != want.bonus[a] {
				t.Errorf("%s: +%d in ability %d, want +%d", want.name, race.Bonus[a], a, want.bonus[a])
			}
		}
	}
	for _, c := range []struct {
		levels        int
		ship, planet  string
		escapePercent int
	}{
		{1, "Commander", "Commander", 5}, {10, "Commander", "Commander", 5}, {11, "Captain", "Captain", 10},
		{16, "Commodore", "Major", 25}, {21, "Rear Admiral", "Colonel", 50}, {40, "Vice Admiral", "Brigadier", 75},
		{41, "Admiral", "General", 85}, {56, "Admiral", "General", 85},
	} {
		k := r.RankFor(c.levels)
		if k.Ship != c.ship || k.Planet != c.planet || k.EscapePercent != c.escapePercent {
			t.Errorf("%d levels: %+v, want %s/%s %d%%", c.levels, k, c.ship, c.planet, c.escapePercent)
		}
	}
}

func TestCargoNeeded(t *testing.T) {
	r := Default()
	s := r.CargoScale()
	for _, c := range []struct {
		ore  [OreTypes]int
		want int // in cargo units * s
	}{
		{[OreTypes]int{10}, s},
		{[OreTypes]int{0, 5}, s},
		{[OreTypes]int{0, 0, 1}, s},
		{[OreTypes]int{0, 0, 0, 125}, s},
		{[OreTypes]int{0, 0, 0, 0, 35}, s},
		{[OreTypes]int{5, 0, 0, 0, 0}, s / 2},
		{[OreTypes]int{10, 5, 1, 125, 35}, 5 * s},
	} {
		if got := r.CargoNeeded(c.ore); got != c.want {
			t.Errorf("%v: %d, want %d", c.ore, got, c.want)
		}
	}
}

// A market uses 12% of its reference a turn in a game of the most
// players, and in a smaller game in proportion to its planets: the five
// markets must be fed by fewer mines there.
func TestMarketUse(t *testing.T) {
	r := Default()
	for _, c := range []struct{ ref, players, want int }{
		{5000, 40, 600},   // 12% of 5,000
		{5000, 99, 600},   // never beyond the largest game
		{5000, 6, 192},    // 12% x 960 / 3,000 planets
		{20000, 6, 768},   // fuel
		{5000, 1, 132},    // 660 planets
		{5000, 0, 132},    // at least a one-player game
		{62500, 20, 4500}, // 1,800 planets
	} {
		if got := r.MarketUse(c.ref, c.players); got != c.want {
			t.Errorf("MarketUse(%d, %d players) = %d, want %d", c.ref, c.players, got, c.want)
		}
	}
}

func TestLoadRejectsBadData(t *testing.T) {
	for _, c := range []struct {
		name, edit, from, want string
	}{
		{"typo in a key", "max_fuel = 350", "max_fule = 350", `unknown key "ship.max_fule"`},
		{"missing key", "max_fuel = 350\n", "", `ship 1: missing key "max_fuel"`},
		{"missing section key", "fleet = 5000\n", "", `missing key "fleet" in [upkeep]`},
		{"bad N/A", `fire_range = "N/A"`, `fire_range = "none"`, `want a whole number or "N/A"`},
		{"bad range", `fire = "0-5"`, `fire = "5-0"`, `want a whole number or a range`},
		{"ids out of order", "id = 2\nname = \"SMALL FIGHTER\"", "id = 3\nname = \"SMALL FIGHTER\"", "ship row 2 has id 3"},
		{"ore of zero", "per_cargo_unit = [10, 5, 1, 125, 35]", "per_cargo_unit = [10, 0, 1, 125, 35]", "ore type 2 holds 0"},
		{"bad race bonus", "bonus = { 1 = 2 }", "bonus = { 15 = 2 }", `race 1: bonus key "15"`},
		{"no planets", "planets_base = 600 ", "planets_base = -2400 ", "must make a game of planets"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(embedded, c.edit, c.from, 1)
			if text == embedded {
				t.Fatalf("edit %q not found in the data", c.edit)
			}
			_, err := Load(strings.NewReader(text))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestNAIsNotZero(t *testing.T) {
	r := Default()
	bs := r.Ship(TypeBattleStation)
	if bs.Movement.OK || bs.CanMove() {
		t.Error("battle station movement should be N/A")
	}
	if c := r.Ship(11).Cargo; !c.OK || c.N != 30 {
		t.Errorf("small cargo cargo = %v, want 30", c)
	}
	if r.Ship(1).Armed() || !r.Ship(2).Armed() {
		t.Error("a scout is unarmed and a small fighter armed")
	}
	if NA.String() != "N/A" || Of(0).String() != "0" || NA == Of(0) {
		t.Error("N/A must print and compare apart from 0")
	}
}

// The rule book rounds only the final figure of a chain of adjustments.
func TestAdjustAll(t *testing.T) {
	for _, c := range []struct {
		v        float64
		percents []float64
		want     int
	}{
		{1.3, nil, 1}, {2.5, nil, 3}, {4.67, nil, 5}, // the book's own examples
		{10, []float64{5}, 11},       // 10.5
		{10, []float64{5, 25}, 13},   // 13.125, not 11 x 1.25 = 13.75 -> 14
		{45, []float64{10, 10}, 54},  // 54.45, not 49.5 -> 50, then 55
		{25, []float64{20, -20}, 24}, // 24, not 30 -> 24 either way
		{-2.5, nil, -3},
	} {
		if got := AdjustAll(c.v, c.percents...); got != c.want {
			t.Errorf("AdjustAll(%v, %v) = %d, want %d", c.v, c.percents, got, c.want)
		}
	}
}

// "After turn 14 every planet and ship except origin planets or battle
// stations will begin to be pulled": a trading planet placed 70 from
// Silverfall trades last in turn 20 (the orders of sheet 19); turn 20's
// pull of 21 takes it within the twenty positions that destroy. The house rule that holds the
// trading planets is off by default.
func TestMarketLastTurn(t *testing.T) {
	r := Default()
	if r.House != (HouseRules{}) {
		t.Fatalf("house rules on by default: %+v", r.House)
	}
	for _, c := range []struct {
		name       string
		r          *Rules
		loc        geom.Point
		turn, want int
	}{
		{"70 out at turn 1", r, geom.Point{Y: 70}, 1, 20},
		{"69 out at turn 15", r, geom.Point{Y: 69}, 15, 20},
		{"35 out at turn 19", r, geom.Point{Y: 35}, 19, 20},
		{"50 out at turn 18", r, geom.Point{Y: 50}, 18, 20},
		{"36 out at turn 19", r, geom.Point{Y: 36}, 19, 20},
		{"41 out at turn 19", r, geom.Point{Y: 41}, 19, 20},
		{"42 out at turn 19", r, geom.Point{Y: 42}, 19, 21},
		{"300 out at turn 1", r, geom.Point{X: 300}, 1, 0},
		{"held by the house rule", r.WithHouse(HouseRules{TradingPlanetsHold: true}), geom.Point{Y: 70}, 1, 0},
	} {
		got := c.r.MarketLastTurn(c.loc, c.turn)
		if c.name == "300 out at turn 1" {
			// the pull takes any planet at last: a turn past 20
			if got <= 21 {
				t.Errorf("%s: last turn %d, want one after 21", c.name, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s: last turn %d, want %d", c.name, got, c.want)
		}
	}
	if Default().House != (HouseRules{}) {
		t.Error("WithHouse changed the shared rules")
	}
}

// FallsIn follows the end of turn's pull step by step (Pulled): off the
// axes the rounding of each step can take a planet a turn earlier or
// later than the pulls summed would.
func TestFallsIn(t *testing.T) {
	r := Default()
	for _, c := range []struct {
		name              string
		loc               geom.Point
		sheet, last, want int
	}{
		{"70 out, on the axis", geom.Point{Y: 70}, 0, 25, 20},
		{"within the reach already", geom.Point{X: 20}, 7, 25, 7},
		{"just beyond the reach before the pull", geom.Point{X: 21}, 3, 25, 15},
		{"not by the last turn asked", geom.Point{X: 70}, 0, 19, 0},
		{"far out", geom.Point{X: 400}, 0, 25, 0},
	} {
		if got := r.FallsIn(c.loc, c.sheet, c.last); got != c.want {
			t.Errorf("%s: falls in turn %d, want %d", c.name, got, c.want)
		}
	}
	// Off the axes each step is rounded: the turn found is the one the
	// steps give, whatever the sum says.
	for x := 30; x < 120; x++ {
		loc := geom.Point{X: x, Y: x / 2, Z: x / 3}
		want, at := 0, loc
		for turn := 1; turn <= 30 && want == 0; turn++ {
			if at = at.Toward(geom.Origin, r.GravityPull(turn)); at.Within(geom.Origin, r.Movement.DestructionRadius) {
				want = turn
			}
		}
		if got := r.FallsIn(loc, 0, 30); got != want {
			t.Errorf("%v: falls in turn %d, the steps say %d", loc, got, want)
		}
	}
	if got := r.PullBetween(15, 17); got != 1+3+6 {
		t.Errorf("pull over turns 15 to 17: %d, want 10", got)
	}
}

// The least stock a price can mean is never more than the stock that
// gave the price, and one unit less would ask a higher price.
func TestStockFor(t *testing.T) {
	m := &Default().Market
	for _, c := range []struct{ base, ref, stock int }{
		{100, 1000, 1000}, {80, 1000, 1900}, {120, 500, 333}, {10, 1000, 1900}, {7, 30000, 29999},
	} {
		price := m.Price(c.base, c.ref, c.stock)
		least := m.StockFor(c.base, c.ref, price)
		if least > c.stock {
			t.Errorf("%+v: price %d read as at least %d held", c, price, least)
		}
		if least > 1 && m.Price(c.base, c.ref, least-1) <= price {
			t.Errorf("%+v: %d held asks %d too, not more", c, least-1, price)
		}
	}
	if lo, hi := m.LowestBase(100), m.Varied(100, 1); lo >= 100 || hi <= 100 {
		t.Errorf("base prices of 100 vary from %d to %d", lo, hi)
	}
}
