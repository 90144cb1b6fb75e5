package galaxy

import (
	"fmt"
	"maps"
	"math"
	"math/rand"
	"slices"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/setup"
)

// The figures the rule book leaves open (starting credits, distances,
// prices, mine output) are the rules data's [setup], [market] and [mining]
// choices; docs/choices.md lists them.

// Options say what game to generate.
type Options struct {
	Name    string
	Seed    int64
	Players int // 1 to the rules' maximum
	Planets int // 0: the setup's planets_base + planets_per_player * Players
	DueDate string
	// Setups are the set-ups players chose, by player; a player without
	// one gets a drawn set-up.
	Setups map[int]*setup.Setup
}

// Generate makes a new game at turn 1.
func Generate(r *rules.Rules, opt Options) (*model.Game, error) {
	if opt.Players < 1 || opt.Players > r.Game.MaxPlayers {
		return nil, fmt.Errorf("galaxy: %d players; a game has 1 to %d", opt.Players, r.Game.MaxPlayers)
	}
	if opt.Planets == 0 {
		opt.Planets = r.Setup.PlanetsBase + r.Setup.PlanetsPerPlayer*opt.Players
	}
	if min := r.Game.TradingPlanets + opt.Players + 10; opt.Planets < min {
		return nil, fmt.Errorf("galaxy: %d planets are too few for %d players; give at least %d", opt.Planets, opt.Players, min)
	}
	if opt.Name == "" {
		opt.Name = fmt.Sprintf("Silverfall %d", opt.Seed)
	}
	if err := checkSetups(r, opt); err != nil {
		return nil, err
	}
	g := &gen{r: r, setups: opt.Setups, rng: rand.New(rand.NewSource(opt.Seed)), grid: map[geom.Point][]geom.Point{}}
	g.game = &model.Game{Name: opt.Name, Turn: 1, DueDate: opt.DueDate, Seed: opt.Seed, Markets: map[int]model.Market{}}
	g.tradingPlanets()
	if err := g.origins(opt.Players); err != nil {
		return nil, err
	}
	if err := g.fill(opt.Planets); err != nil {
		return nil, err
	}
	g.artifacts()
	for p := 1; p <= opt.Players; p++ {
		g.player(p)
	}
	g.sauran()
	return g.game, nil
}

type gen struct {
	r       *rules.Rules
	rng     *rand.Rand
	game    *model.Game
	grid    map[geom.Point][]geom.Point // planets by 10-position cell
	origin  []int                       // origin planet of each player, by index
	nextID  struct{ ship, officer, artifact int }
	station []geom.Point
	setups  map[int]*setup.Setup
}

func (g *gen) cell(p geom.Point) geom.Point {
	d := g.r.Game.MinPlanetSpacing
	f := func(v int) int { return int(math.Floor(float64(v) / float64(d))) }
	return geom.Point{X: f(p.X), Y: f(p.Y), Z: f(p.Z)}
}

// free reports whether a planet at p keeps its distance from the others.
func (g *gen) free(p geom.Point) bool {
	c := g.cell(p)
	d := g.r.Game.MinPlanetSpacing
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			for dz := -1; dz <= 1; dz++ {
				for _, q := range g.grid[geom.Point{X: c.X + dx, Y: c.Y + dy, Z: c.Z + dz}] {
					if q.Dist2(p) < d*d {
						return false
					}
				}
			}
		}
	}
	return true
}

func (g *gen) addPlanet(p model.Planet) *model.Planet {
	p.ID = len(g.game.Planets) + 1
	g.game.Planets = append(g.game.Planets, p)
	c := g.cell(p.Loc)
	g.grid[c] = append(g.grid[c], p.Loc)
	return &g.game.Planets[len(g.game.Planets)-1]
}

func scale(v [3]float64, r float64) geom.Point {
	return geom.Point{X: geom.Round(v[0] * r), Y: geom.Round(v[1] * r), Z: geom.Round(v[2] * r)}
}

var tradingNames = []string{"Council Haven", "Silver Exchange", "Wizards Market", "Harmony Port", "Last Light"}

// tradingPlanets places the five trading planets near the centre: at the
// poles and around the equator of a sphere, as evenly as five points go.
func (g *gen) tradingPlanets() {
	n := g.r.Game.TradingPlanets
	dirs := [][3]float64{{0, 0, 1}, {0, 0, -1}}
	for i := 0; len(dirs) < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n-2)
		dirs = append(dirs, [3]float64{math.Cos(a), math.Sin(a), 0})
	}
	for i := 0; i < n; i++ {
		p := g.addPlanet(model.Planet{Kind: model.Trading, Loc: scale(dirs[i], float64(g.r.Setup.TradingRadius)),
			Name: tradingNames[i%len(tradingNames)], Population: g.r.Growth.MaxPopulation, Industry: g.r.Growth.MaxIndustry})
		mr := g.r.Market
		var pr model.Prices
		for t := range pr.Ore {
			pr.Ore[t] = g.vary(mr.BaseOrePrices[t])
		}
		pr.Fuel = g.vary(mr.BaseFuelPrice)
		g.game.Markets[p.ID] = model.Market{Prices: pr, Base: pr, Stock: mr.ReferenceStock, Fuel: mr.ReferenceFuel}
	}
}

// vary returns v changed by up to the market's variation either way, at
// least 1.
func (g *gen) vary(v int) int {
	return g.r.Market.Varied(v, g.rng.Float64())
}

// fibonacci returns n directions spread evenly over the sphere.
func fibonacci(n int, turn float64) [][3]float64 {
	out := make([][3]float64, n)
	golden := math.Pi * (3 - math.Sqrt(5))
	for i := range out {
		y := 1 - 2*(float64(i)+0.5)/float64(n)
		rad := math.Sqrt(1 - y*y)
		a := golden*float64(i) + turn
		out[i] = [3]float64{math.Cos(a) * rad, y, math.Sin(a) * rad}
	}
	return out
}

// origins spreads the players' origin planets evenly and puts each at the
// same distance from its nearest trading planet.
func (g *gen) origins(players int) error {
	trading := g.game.Planets[:g.r.Game.TradingPlanets]
	for i, d := range fibonacci(players, g.rng.Float64()*2*math.Pi) {
		tradeDist := g.r.Setup.OriginTradeDistance
		p := scale(d, float64(g.r.Setup.TradingRadius+tradeDist))
		for try := 0; try < 8; try++ {
			t := nearest(trading, p)
			v := p.Sub(t.Loc)
			l := math.Sqrt(float64(v.Dist2(geom.Origin)))
			k := float64(tradeDist) / l
			p = geom.Point{X: t.Loc.X + geom.Round(float64(v.X)*k),
				Y: t.Loc.Y + geom.Round(float64(v.Y)*k),
				Z: t.Loc.Z + geom.Round(float64(v.Z)*k)}
			if nearest(trading, p) == t {
				break
			}
		}
		if !g.free(p) {
			return fmt.Errorf("galaxy: origin of player %d falls too close to another planet", i+1)
		}
		su := g.r.Setup
		o := g.addPlanet(model.Planet{Kind: model.Origin, Loc: p, Owner: i + 1, Population: su.OriginPopulation,
			Industry: su.OriginIndustry, Ore: su.OriginOre, Fuel: su.OriginFuel})
		g.origin = append(g.origin, o.ID)
	}
	return nil
}

func nearest(ps []model.Planet, p geom.Point) *model.Planet {
	best := &ps[0]
	for i := range ps {
		if ps[i].Loc.Dist2(p) < best.Loc.Dist2(p) {
			best = &ps[i]
		}
	}
	return best
}

// fill adds independent planets up to total: the same number in each of
// the eight octants, denser toward the centre, a few beyond the map radius.
func (g *gen) fill(total int) error {
	rest := total - len(g.game.Planets)
	outer := max(1, rest*g.r.Setup.OuterPercent/100)
	inR := float64(g.r.Setup.InnerRadius)
	inner := rest - outer
	R := float64(g.r.Game.MapRadius)
	for i := 0; i < rest; i++ {
		oct := i % 8
		far := i >= inner
		placed := false
		for try := 0; try < 2000; try++ {
			var r float64
			if far {
				r = R + 10 + g.rng.Float64()*100
			} else {
				// r grows slower than the cube root of the volume: the density falls outward.
				r = inR + (R-inR)*math.Pow(g.rng.Float64(), 0.75)
			}
			d := g.direction(oct)
			p := scale(d, r)
			// A zero coordinate would put the planet on a sector's boundary.
			if p.X == 0 || p.Y == 0 || p.Z == 0 || !g.free(p) || (!far && !p.Within(geom.Origin, g.r.Game.MapRadius)) {
				continue
			}
			ore := model.Ore{}
			for t := range ore {
				ore[t] = g.rng.Intn(g.r.Mining.Rates[t] * 30)
				if far {
					ore[t] *= g.r.Setup.OuterOreFactor
				}
			}
			pop := 0
			if g.rng.Intn(3) > 0 {
				pop = 1000 + g.rng.Intn(15000)
			}
			g.addPlanet(model.Planet{Loc: p, Population: pop, Industry: g.rng.Intn(12000), Ore: ore, Fuel: g.rng.Intn(600)})
			placed = true
			break
		}
		if !placed {
			return fmt.Errorf("galaxy: no room for %d planets at least %d apart", total, g.r.Game.MinPlanetSpacing)
		}
	}
	return nil
}

// direction returns a random unit vector in octant oct (its three bits
// are the signs of x, y and z).
func (g *gen) direction(oct int) [3]float64 {
	for {
		v := [3]float64{math.Abs(g.rng.NormFloat64()), math.Abs(g.rng.NormFloat64()), math.Abs(g.rng.NormFloat64())}
		l := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
		if l < 1e-9 {
			continue
		}
		for k := 0; k < 3; k++ {
			v[k] /= l
			if oct&(1<<k) != 0 {
				v[k] = -v[k]
			}
		}
		return v
	}
}

var artifactNames = []string{"Crystal Eye", "Star Compass", "Old Crown", "Void Lens", "Silver Key", "Ember Stone",
	"Wizard Staff", "Sun Shard", "Deep Map", "Iron Heart", "Moon Mirror", "Storm Horn"}

// artifacts hides artifacts on independent planets, ten of them Rings.
func (g *gen) artifacts() {
	var cand []int
	for i := range g.game.Planets {
		if g.game.Planets[i].Kind == model.Independent {
			cand = append(cand, i)
		}
	}
	g.rng.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
	n := max(g.r.Rings.Count, len(cand)*g.r.Setup.ArtifactPercent/100)
	n = min(n, len(cand))
	for k := 0; k < n; k++ {
		g.nextID.artifact++
		a := model.Artifact{ID: g.nextID.artifact}
		if k < g.r.Rings.Count {
			a.Name, a.Ring, a.Points = fmt.Sprintf("Ring of Darkness %d", k+1), true, g.r.Setup.RingPoints
		} else {
			a.Name = artifactNames[g.rng.Intn(len(artifactNames))]
			a.Points = 500 * (1 + g.rng.Intn(8))
			if g.rng.Intn(4) > 0 {
				a.Ability, a.Levels = 1+g.rng.Intn(rules.Abilities), 1
			}
		}
		g.game.Artifacts = append(g.game.Artifacts, a)
		g.game.Planets[cand[k]].Hidden = a.ID
	}
}

var empireWords = [2][]string{
	{"Crimson", "Azure", "Iron", "Golden", "Shadow", "Silver", "Stellar", "Ember", "Frozen", "Verdant", "Obsidian", "Radiant"},
	{"Hegemony", "League", "Dominion", "Union", "Compact", "Throne", "Concord", "Fleet", "Realm", "Covenant"},
}

// checkSetups refuses a set-up of a player not in the game, or one that
// breaks a limit of the book's set-up.
func checkSetups(r *rules.Rules, opt Options) error {
	// Sorted, so that the first wrong one is the one said, whatever the map's order.
	for _, p := range slices.Sorted(maps.Keys(opt.Setups)) {
		s := opt.Setups[p]
		switch {
		case s == nil:
			continue
		case p < 1 || p > opt.Players || s.Player != p:
			return fmt.Errorf("galaxy: a set-up of player %d, in a game of players 1 to %d", s.Player, opt.Players)
		}
		if probs := s.Check(r); len(probs) > 0 {
			return fmt.Errorf("galaxy: player %d's set-up: %s", p, probs[0].Msg)
		}
	}
	return nil
}

// player sets up player p: empire, officers and starting fleet, as the
// player chose them or drawn.
func (g *gen) player(p int) {
	chosen := g.setups[p]
	var race int
	if chosen != nil {
		race = chosen.Race
	} else {
		race = 1 + g.rng.Intn(len(g.r.Races))
	}
	g.game.Empires = append(g.game.Empires, model.Empire{
		Player: p, Race: race, Credits: g.r.Setup.StartCredits,
		Name: fmt.Sprintf("%s %s", empireWords[0][g.rng.Intn(len(empireWords[0]))], empireWords[1][g.rng.Intn(len(empireWords[1]))]),
	})
	home := g.game.Planets[g.origin[p-1]-1].Loc
	station := g.ship(p, rules.TypeBattleStation, home, 0, 0)
	ships := []int{station}
	picks := g.startingTypes
	levels := g.commodoreLevels
	if chosen != nil {
		picks = func() []pick { return chosenTypes(chosen) }
		levels = func() model.Levels { return chosen.Levels }
	}
	for _, t := range picks() {
		ships = append(ships, g.ship(p, t.id, home, t.fire, t.def))
	}
	// The Commodore commands the battle station; captains the other ships.
	g.officer(p, race, levels(), false, station)
	others := append([]int(nil), ships[1:]...)
	g.rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	for i := 0; i < g.r.Officers.CaptainsAtStart && i < len(others); i++ {
		r := race
		if g.rng.Intn(100) >= g.r.Officers.MainRacePercent {
			r = 1 + g.rng.Intn(len(g.r.Races))
		}
		g.officer(p, r, g.captainLevels(), true, others[i])
	}
}

type pick struct{ id, fire, def int }

// startingTypes chooses up to nine ships: at most two of a type, together
// costing no more than the setup allows.
func (g *gen) startingTypes() []pick {
	s := g.r.Start
	var pool []int
	for i := range g.r.Ships {
		t := &g.r.Ships[i]
		if g.r.Builds(t.ID) > 0 || t.Cost > s.MaxShipsCost/3 {
			continue
		}
		for k := 0; k < s.MaxPerType; k++ {
			pool = append(pool, t.ID)
		}
	}
	g.rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	var out []pick
	spent := 0
	for _, id := range pool {
		if len(out) == s.MaxShips {
			break
		}
		t := g.r.Ship(id)
		f, d := t.Fire.Max, t.Defence.Max
		if t.Customisable {
			f, d = t.Fire.Min+g.rng.Intn(t.Fire.Max-t.Fire.Min+1), t.Defence.Min+g.rng.Intn(t.Defence.Max-t.Defence.Min+1)
		}
		cost := g.r.BuildCost(t, f, d)
		if spent+cost > s.MaxShipsCost {
			continue
		}
		spent += cost
		out = append(out, pick{id, f, d})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// chosenTypes are the ships a player chose, in his order.
func chosenTypes(s *setup.Setup) []pick {
	out := make([]pick, len(s.Ships))
	for i, sh := range s.Ships {
		out[i] = pick{sh.Type, sh.Fire, sh.Defence}
	}
	return out
}

// ship adds a ship with full fuel and returns its number.
func (g *gen) ship(owner, typ int, loc geom.Point, fire, def int) int {
	t := g.r.Ship(typ)
	if !t.Customisable {
		fire, def = t.Fire.Max, t.Defence.Max
	}
	g.nextID.ship++
	g.game.Ships = append(g.game.Ships, model.Ship{ID: g.nextID.ship, Type: typ, Owner: owner, Loc: loc,
		Fire: fire, Defence: def, MaxFire: fire, MaxDefence: def, Fuel: t.MaxFuel.Or(0)})
	return g.nextID.ship
}

// commodoreLevels spends the setup points, at most three in an ability.
func (g *gen) commodoreLevels() model.Levels {
	var l model.Levels
	for left := g.r.Officers.CommodorePoints; left > 0; {
		a := g.rng.Intn(rules.Abilities)
		if l[a] < g.r.Officers.CommodoreMaxStartLevel {
			l[a]++
			left--
		}
	}
	return l
}

// captainLevels gives a captain's worth of levels: 11 to 15 in all.
func (g *gen) captainLevels() model.Levels {
	var l model.Levels
	k := g.r.RankFor(11)
	for left := k.MinLevels + g.rng.Intn(k.MaxLevels-k.MinLevels+1); left > 0; {
		a := g.rng.Intn(rules.Abilities)
		if l[a] < g.r.Officers.MaxLevel-1 {
			l[a]++
			left--
		}
	}
	return l
}

// officer adds a commission officer in command of ship. Captains get their
// race's extra levels; the Commodore, chosen by the player, does not.
func (g *gen) officer(owner, race int, levels model.Levels, raceBonus bool, ship int) {
	g.nextID.officer++
	o := model.Officer{ID: g.nextID.officer, Race: race, Levels: levels, Current: levels, Ship: ship}
	for a := range o.Aptitude {
		o.Aptitude[a] = max(levels[a], 1+g.rng.Intn(g.r.Officers.MaxLevel))
		if raceBonus {
			o.Current[a] = min(levels[a]+g.r.Race(race).Bonus[a+1], g.r.Officers.MaxBoostedLevel)
		}
	}
	g.game.Officers = append(g.game.Officers, o)
	g.game.Ships[ship-1].Officer = o.ID
}

// Sauran's warships, by weight.
var sauranTypes = []int{2, 3, 3, 4, 6, 6, 7, 8, 20, 21, 22, 23, 31, 33, 34, 40, 41}

// sauran sets up Dark Lord Sauran: five battle stations far apart and an
// armada of over two hundred ships, most guarding the stations.
func (g *gen) sauran() {
	g.game.Empires = append(g.game.Empires, model.Empire{Player: g.r.Game.PlayerSauran, Name: "Dark Lord Sauran",
		Credits: g.r.Setup.SauranCredits, Interceptors: g.r.Game.SauranStartInterceptors})
	me := g.r.Game.PlayerSauran
	R := float64(g.r.Game.MapRadius)
	// Each station goes where it is farthest from the players' origins and
	// the stations before it, out of a few hundred candidate places.
	var avoid []geom.Point
	for _, id := range g.origin {
		avoid = append(avoid, g.game.Planets[id-1].Loc)
	}
	for k := 0; k < g.r.Game.SauranBattleStations; k++ {
		var best geom.Point
		bestD := -1
		for _, d := range fibonacci(300, g.rng.Float64()*2*math.Pi) {
			loc := scale(d, R*(0.5+0.3*g.rng.Float64()))
			near := math.MaxInt
			for _, a := range avoid {
				near = min(near, a.Dist2(loc))
			}
			if near > bestD {
				best, bestD = loc, near
			}
		}
		avoid = append(avoid, best)
		g.station = append(g.station, best)
		g.ship(me, rules.TypeBattleStation, best, 0, 0)
	}
	n := g.r.Game.SauranMinShips + 10 + g.rng.Intn(40)
	for i := 0; i < n; i++ {
		var loc geom.Point
		if g.rng.Intn(100) < g.r.Setup.SauranGuardPercent {
			s := g.station[i%len(g.station)]
			loc = geom.Point{X: s.X + g.rng.Intn(31) - 15, Y: s.Y + g.rng.Intn(31) - 15, Z: s.Z + g.rng.Intn(31) - 15}
			if g.rng.Intn(3) == 0 {
				loc = s
			}
		} else {
			inR := float64(g.r.Setup.InnerRadius)
			loc = scale(g.direction(g.rng.Intn(8)), inR+10+(R-inR-10)*g.rng.Float64())
		}
		g.ship(me, sauranTypes[g.rng.Intn(len(sauranTypes))], loc, 0, 0)
	}
}
