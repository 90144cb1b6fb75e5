package ai

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Orders are the orders a computer player gives for the turn after its
// sheet k. It knows only what the sheet shows. seed makes its choices
// repeatable (the host passes the game's seed, turn and player).
//
// The player explores and takes independent planets, starts mines, ships
// ore to the trading planets, builds at its battle stations, engages
// Sauran's ships that come near, keeps its ships fuelled, buys
// interceptors and planet defence, and allies with a neighbour. Every
// order it gives passes the checker with no error: orders that would
// fail are dropped before they are given.
func Orders(r *rules.Rules, k *model.Knowledge, seed uint64) []order.Order {
	return Play(r, k, seed, Normal())
}

// Play is Orders at a given level.
func Play(r *rules.Rules, k *model.Knowledge, seed uint64, lv *Level) []order.Order {
	p := newPlanner(r, k, seed)
	p.lv = lv
	p.plan()
	return p.clean()
}

type planner struct {
	r   *rules.Rules
	k   *model.Knowledge
	rng *rand.Rand
	out []order.Order
	lv  *Level

	me       int
	credits  int // left for what the plan buys, as it goes
	own      map[geom.Point]*model.Planet
	targeted map[int]bool // planets a ship of ours is sent to
	moved    map[int]bool // ships with a battle/movement order
}

func newPlanner(r *rules.Rules, k *model.Knowledge, seed uint64) *planner {
	p := &planner{r: r, k: k, rng: rand.New(rand.NewPCG(seed, uint64(k.Empire.Player))), me: k.Empire.Player,
		credits: k.Empire.Credits, own: map[geom.Point]*model.Planet{}, targeted: map[int]bool{}, moved: map[int]bool{}}
	for i := range k.Planets {
		p.own[k.Planets[i].Loc] = &k.Planets[i]
	}
	return p
}

func (p *planner) add(format string, args ...any) bool {
	o, err := order.Parse(fmt.Sprintf(format, args...))
	if err != nil {
		return false // a plan that does not even read is dropped
	}
	p.out = append(p.out, o)
	return true
}

func (p *planner) plan() {
	p.diplomacy()
	p.mines()
	p.defence()
	p.ships()
	p.build()
}

// reserve is what the player keeps back against the end of the turn's
// upkeep, which tax alone does not pay for a fleet.
func (p *planner) reserve() int {
	upkeep := 0
	for _, s := range p.k.Ships {
		if st := p.r.Ship(s.Type); st != nil {
			upkeep += p.r.CrewPay(st)
		}
	}
	upkeep += len(p.k.Fleets)*p.r.Upkeep.Fleet + p.k.Empire.Interceptors*p.r.Interceptors.PayPerTurn
	return upkeep
}

func (p *planner) spend(n int) bool {
	if p.credits-n < p.reserve() {
		return false
	}
	p.credits -= n
	return true
}

// diplomacy declares Sauran an enemy and allies with the nearest empire
// whose ships it sees, when it has no ally yet.
func (p *planner) diplomacy() {
	e := p.k.Empire
	sauran := p.r.Game.PlayerSauran
	if !e.HasEnemy(sauran) && len(e.Enemies) < p.r.Diplomacy.MaxEnemies {
		p.add("DE %d", sauran)
	}
	if len(e.Allies) > 0 || len(p.k.Planets) == 0 {
		return
	}
	home := p.k.Planets[0].Loc
	best, dist := 0, 0
	for _, s := range p.k.ForeignShips {
		if s.Owner == sauran || s.Owner == p.me || s.Owner <= 0 || e.HasEnemy(s.Owner) {
			continue
		}
		if d := home.Dist(s.Loc); best == 0 || d < dist || d == dist && s.Owner < best {
			best, dist = s.Owner, d
		}
	}
	if best != 0 {
		p.add("AA %d", best)
	}
}

// mines starts up to two mines a turn, where the ore left in the ground is
// worth most at the markets' base prices. A mine pays for itself in about
// a turn, so mines come before the reserve.
func (p *planner) mines() {
	mr := p.r.Mines
	count := map[int]int{}
	mined := map[[2]int]bool{}
	for _, m := range p.k.Mines {
		count[m.Planet]++
		mined[[2]int{m.Planet, m.OreType}] = true
	}
	for started := 0; started < 2; started++ {
		bestPlanet, bestType, bestWorth := 0, 0, 0
		for _, pl := range p.k.Planets {
			// Each working mine needs its share of the population.
			if pl.Kind == model.Trading || pl.Population < mr.MinPopulationToStart || count[pl.ID] >= mr.MaxPerPlanet ||
				pl.Population < (count[pl.ID]+1)*mr.PopulationPerMine {
				continue
			}
			for t, ore := range pl.Ore {
				worth := ore * p.r.Market.BaseOrePrices[t]
				if ore > 0 && !mined[[2]int{pl.ID, t + 1}] && worth > bestWorth {
					bestPlanet, bestType, bestWorth = pl.ID, t+1, worth
				}
			}
		}
		if bestPlanet == 0 || p.credits < mr.Cost+10_000 {
			return
		}
		p.credits -= mr.Cost
		p.add("SM %d %d", bestPlanet, bestType)
		count[bestPlanet]++
		mined[[2]int{bestPlanet, bestType}] = true
	}
}

// defence buys interceptors and planet defence units when there is money
// to spare.
func (p *planner) defence() {
	ir := p.r.Interceptors
	if p.k.Empire.Interceptors < 10 && p.credits > 300_000 && p.spend(5*ir.Cost) {
		p.add("PI %d", 5)
	}
	pd := p.r.PlanetDefence
	for _, pl := range p.k.Planets {
		if pl.Kind == model.Origin && pl.DefenceUnits < 20 && pl.Population >= pd.MinPopulation && p.credits > 250_000 &&
			pl.Industry >= 5*pd.IndustryPerUnit && p.spend(5*pd.UnitCost) {
			p.add("BU %d %d", pl.ID, 5)
			if !pl.DefenceActive {
				p.add("AD %d", pl.ID)
			}
		}
	}
}

// ships gives each ship its work for the turn.
func (p *planner) ships() {
	sauran := p.r.Game.PlayerSauran
	var threats []model.Ship
	for _, s := range p.k.ForeignShips {
		if s.Owner == sauran {
			threats = append(threats, s)
		}
	}
	ships := append([]model.Ship(nil), p.k.Ships...)
	sort.Slice(ships, func(i, j int) bool { return ships[i].ID < ships[j].ID })
	for i := range ships {
		s := &ships[i]
		st := p.r.Ship(s.Type)
		if st == nil || s.Inside != 0 {
			continue
		}
		p.refuel(s, st)
		if !st.CanMove() || s.Standing.Code != order.Invalid {
			if st.Armed() && !st.CanMove() {
				p.add("DF %d %d", s.ID, sauran)
			}
			continue // battle stations hold; a ship on its way goes on
		}
		switch {
		case st.CarriesCargo() && !st.Armed():
			p.trade(s, st)
		case st.Armed() && s.Fire > 0:
			p.fight(s, st, threats)
		default:
			p.explore(s, st)
		}
	}
}

// refuel loads fuel at an own planet when the tank is less than half full.
func (p *planner) refuel(s *model.Ship, st *rules.ShipType) {
	pl := p.own[s.Loc]
	if pl == nil || !st.MaxFuel.OK || s.Fuel*2 >= st.MaxFuel.N || pl.Fuel <= 0 {
		return
	}
	n := min(st.MaxFuel.N-s.Fuel, pl.Fuel)
	if n > 0 && p.add("LF %d %d", s.ID, n) {
		pl.Fuel -= n
		s.Fuel += n
	}
}

// trade runs ore from the planets' stocks to the trading planet that pays
// best for it.
func (p *planner) trade(s *model.Ship, st *rules.ShipType) {
	var load int
	for _, n := range s.Cargo {
		load += n
	}
	if load > 0 {
		if tp := p.tradingAt(s.Loc); tp != nil {
			p.add("UL %d 0 %d", s.ID, load)
			p.explore(s, st)
			return
		}
		if tp := p.bestMarket(s); tp != nil {
			p.moveTo(s, "MP %d %d", s.ID, tp.Planet.ID)
		}
		return
	}
	if pl := p.own[s.Loc]; pl != nil {
		best, amount := 0, 0
		for t, n := range pl.Stock {
			if n > amount {
				best, amount = t+1, n
			}
		}
		if best != 0 {
			amount = min(amount, st.Cargo.N*p.r.Ore.PerCargoUnit[best-1])
		}
		if best != 0 && amount > 0 {
			p.add("LO %d %d %d", s.ID, best, amount)
			if tp := p.bestMarket(s); tp != nil {
				p.moveTo(s, "MP %d %d", s.ID, tp.Planet.ID)
			}
			return
		}
	}
	// Go home to the planet with the biggest stock.
	var home *model.Planet
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		if home == nil || sum(pl.Stock) > sum(home.Stock) {
			home = pl
		}
	}
	if home != nil && home.Loc != s.Loc && sum(home.Stock) > 0 {
		p.moveTo(s, "MP %d %d", s.ID, home.ID)
	}
}

func sum(o model.Ore) int {
	n := 0
	for _, v := range o {
		n += v
	}
	return n
}

func (p *planner) tradingAt(loc geom.Point) *model.TradingPlanet {
	for i := range p.k.Trading {
		if p.k.Trading[i].Planet.Loc == loc {
			return &p.k.Trading[i]
		}
	}
	return nil
}

// bestMarket is the trading planet that pays most for the ship's cargo
// per position of the way there.
func (p *planner) bestMarket(s *model.Ship) *model.TradingPlanet {
	var best *model.TradingPlanet
	bestWorth := 0.0
	for i := range p.k.Trading {
		tp := &p.k.Trading[i]
		worth := 0
		for t, n := range s.Cargo {
			worth += n * tp.Prices.Ore[t]
		}
		if worth == 0 {
			worth = 1
		}
		w := float64(worth) / float64(1+s.Loc.Dist(tp.Planet.Loc))
		if best == nil || w > bestWorth {
			best, bestWorth = tp, w
		}
	}
	return best
}

// fight engages Sauran's ships within two turns' reach, else takes or
// guards planets.
func (p *planner) fight(s *model.Ship, st *rules.ShipType, threats []model.Ship) {
	reach := st.Movement.N * 2
	var target *model.Ship
	for i := range threats {
		t := &threats[i]
		if s.Loc.Within(t.Loc, reach) && (target == nil || s.Loc.Dist(t.Loc) < s.Loc.Dist(target.Loc)) {
			target = t
		}
	}
	sauran := p.r.Game.PlayerSauran
	if target != nil {
		if target.Loc == s.Loc {
			p.moveTo(s, "DF %d %d", s.ID, sauran)
		} else {
			p.moveTo(s, "EN %d %d %d %d %d", s.ID, sauran, target.Loc.X, target.Loc.Y, target.Loc.Z)
		}
		return
	}
	// Half the warships stay home to guard; the others take planets.
	if pl := p.own[s.Loc]; pl != nil && pl.Kind == model.Origin && s.ID%2 == 0 {
		p.moveTo(s, "DF %d %d", s.ID, sauran)
		return
	}
	p.explore(s, st)
}

// explore sends a ship to the nearest independent planet it knows of that
// no other ship of ours is sent to, or else out into the unknown.
func (p *planner) explore(s *model.Ship, st *rules.ShipType) {
	if pl := p.own[s.Loc]; pl == nil {
		for _, fp := range p.k.ForeignPlanets {
			if fp.Loc == s.Loc && fp.Owner == 0 && fp.Kind == model.Independent && !p.targeted[fp.ID] {
				p.targeted[fp.ID] = true
				return // stay: the planet is ours at the end of the turn if no one else is here
			}
		}
	}
	var best *model.Planet
	for i := range p.k.ForeignPlanets {
		fp := &p.k.ForeignPlanets[i]
		if fp.Owner != 0 || fp.Kind != model.Independent || p.targeted[fp.ID] || fp.DefenceUnits > 0 {
			continue
		}
		if fp.Loc.Within(geom.Origin, p.r.Movement.DestructionRadius+10) {
			continue
		}
		if best == nil || s.Loc.Dist(fp.Loc) < s.Loc.Dist(best.Loc) {
			best = fp
		}
	}
	if best != nil {
		p.targeted[best.ID] = true
		p.moveTo(s, "MP %d %d", s.ID, best.ID)
		return
	}
	// Out into the unknown: a point within the fuel's reach, away from
	// the black hole.
	reach := min(st.Movement.N*3, s.Fuel)
	if reach <= 0 {
		return
	}
	for try := 0; try < 8; try++ {
		to := geom.Point{X: s.Loc.X + p.rng.IntN(2*reach+1) - reach, Y: s.Loc.Y + p.rng.IntN(2*reach+1) - reach,
			Z: s.Loc.Z + p.rng.IntN(2*reach+1) - reach}
		if !to.Within(geom.Origin, 340) || to.Within(geom.Origin, p.r.Movement.DestructionRadius+40) {
			continue
		}
		if s.Loc.Dist(to) > s.Fuel {
			continue
		}
		p.moveTo(s, "MO %d %d %d %d", s.ID, to.X, to.Y, to.Z)
		return
	}
}

// moveTo gives a ship its battle/movement order, once.
func (p *planner) moveTo(s *model.Ship, format string, args ...any) {
	if p.moved[s.ID] {
		return
	}
	if p.add(format, args...) {
		p.moved[s.ID] = true
	}
}

// build builds at each battle station or monitor: cargo ships while there
// are few, explorers, then warships.
func (p *planner) build() {
	counts := map[string]int{}
	for _, s := range p.k.Ships {
		st := p.r.Ship(s.Type)
		if st == nil {
			continue
		}
		switch {
		case st.CarriesCargo() && !st.Armed():
			counts["cargo"]++
		case st.Armed():
			counts["war"]++
		default:
			counts["scout"]++
		}
	}
	for _, s := range p.k.Ships {
		per := p.r.Builds(s.Type)
		if per == 0 || s.Inside != 0 || p.own[s.Loc] == nil {
			continue
		}
		for n := 0; n < per; n++ {
			want := warship
			switch {
			case counts["cargo"] < 2:
				want = cargoShip
			case counts["scout"] < 3:
				want = scout
			}
			st := p.r.Ship(want.typ)
			if st == nil || st.Customisable || p.credits < p.reserve()+p.r.BuildCost(st, 0, 0)+50_000 ||
				!p.spend(p.r.BuildCost(st, 0, 0)) {
				return
			}
			if p.own[s.Loc].Industry < p.r.BuildIndustry(st) {
				return
			}
			p.own[s.Loc].Industry -= p.r.BuildIndustry(st)
			p.add("BS %d %d", s.ID, st.ID)
			counts[want.kind]++
		}
	}
}

type buildChoice struct {
	kind string
	typ  int
}

// The ship types the computer builds: chosen from the ship table for their
// work (a large cargo ship, a scout, a large fighter).
var (
	cargoShip = buildChoice{"cargo", 12}
	scout     = buildChoice{"scout", 1}
	warship   = buildChoice{"war", 3}
)

// clean drops every order the checker finds an error in, until none is
// left: what the computer gives always passes.
func (p *planner) clean() []order.Order {
	c := check.New(p.r, p.k)
	orders := p.out
	for round := 0; round < 10; round++ {
		bad := map[int]bool{}
		for _, d := range c.Check(orders) {
			if d.Severity == check.Error {
				bad[d.Order] = true
			}
		}
		if len(bad) == 0 {
			return orders
		}
		kept := orders[:0:0]
		for i, o := range orders {
			if !bad[i] {
				kept = append(kept, o)
			}
		}
		orders = kept
	}
	return nil
}
