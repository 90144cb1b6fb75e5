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

// Orders are the orders a computer player at the normal level gives for
// the turn after its sheet k. It knows only what the sheet shows. seed
// makes its choices repeatable (the host passes the game's seed, turn and
// player).
func Orders(r *rules.Rules, k *model.Knowledge, seed uint64) []order.Order {
	return Play(r, k, seed, Normal())
}

// Play is the orders of a computer player at level lv.
//
// The player takes independent planets with unarmed ships that hop from
// planet to planet and load the fuel of each one taken, starts mines,
// runs ore to the trading planet that pays best and buys its fuel there
// for the way back, builds only what its tax keeps and only where the new
// ship can load fuel before the pull of Silverfall takes it, keeps its
// ships clear of the black hole, engages Sauran's ships near it, scans
// rivals, allies with a neighbour and names what it holds. A level with
// budget_turns weighs its purchases by the turn's forecast, as a player
// can. Every order it gives passes the checker with no error: orders that
// would fail are dropped before they are given.
func Play(r *rules.Rules, k *model.Knowledge, seed uint64, lv *Level) []order.Order {
	// The plan keeps its own account of fuel, ore and industry as it
	// goes, on a copy: the checker sees the sheet as it is.
	mine := *k
	mine.Planets = append([]model.Planet(nil), k.Planets...)
	mine.Ships = append([]model.Ship(nil), k.Ships...)
	p := newPlanner(r, &mine, seed, lv)
	p.plan()
	c := check.New(p.r, k)
	orders := p.clean(c, p.out)
	if lv.BudgetTurns > 0 {
		orders = p.budget(c, orders)
	}
	return orders
}

// budget weighs the purchases of the plan by the turn's forecast, the same
// a player gets: the plan counts each ship out as a fleet of its own and
// knows no sales, the forecast knows the turn's upkeep and takings. While
// the credits at the end of the turn would not cover the level's turns of
// the deficit left, with its margin, the last purchase is dropped.
func (p *planner) budget(c *check.Checker, orders []order.Order) []order.Order {
	for range 12 {
		fc := c.Forecast(orders)
		deficit := max(0, fc.Upkeep-p.tax)
		if fc.Credits-deficit*p.lv.BudgetTurns >= p.lv.BuildMargin {
			return orders
		}
		last := -1
		for i, o := range orders {
			switch o.Code {
			case order.BS, order.SM, order.PI, order.BU:
				last = i
			}
		}
		if last < 0 {
			return orders
		}
		orders = append(orders[:last:last], orders[last+1:]...)
	}
	return orders
}

type planner struct {
	r   *rules.Rules
	k   *model.Knowledge
	lv  *Level
	rng *rand.Rand
	out []order.Order

	me, turn           int // the player, and the turn the orders are for
	credits            int // left for what the plan buys, as it goes
	tax                int // the tax the planets bring at the end of the turn
	upkeep             int // the pay at the end of the turn, as the plan stands
	own                map[geom.Point]*model.Planet
	ownByID            map[int]*model.Planet
	targeted           map[int]bool // planets a ship of ours is sent to
	moved              map[int]bool // ships with a battle/movement order
	fuelFor            map[int]int  // fuel on a planet promised to ships built there
	starved            map[int]int  // ships without fuel at a planet that has none left for them
	traders            int
	tankers            int
	claimers           int
	warships           int
	enemyPlan          int           // a player the raids go against; 0 none
	dueNext            int           // traders due to sell next turn
	tender             int           // fuel the tankers that end the turn at the origin can give new ships
	tankerFuel         int           // fuel the origin keeps for the first tanker (in fuelFor)
	origin             *model.Planet // the empire's origin (in k.Planets); nil when it has none
	outAllowed, outNow int           // ships away from the origin the tax keeps, and how many are

	// stations is the station of Sauran the warships go for with the
	// allies this turn (sauran.go).
	stations stationPlan

	allies    *nearSet             // the places of allies' ships, for allyNear
	tankersAt map[geom.Point][]int // fromTanker's tankers, by place
	tankersOf *model.Ship          // the list tankersAt is of
}

func newPlanner(r *rules.Rules, k *model.Knowledge, seed uint64, lv *Level) *planner {
	p := &planner{r: r, k: k, lv: lv, rng: rand.New(rand.NewPCG(seed, uint64(k.Empire.Player))), me: k.Empire.Player,
		turn: k.Turn + 1, credits: k.Empire.Credits, own: map[geom.Point]*model.Planet{}, ownByID: map[int]*model.Planet{},
		targeted: map[int]bool{}, moved: map[int]bool{}, fuelFor: map[int]int{}, starved: map[int]int{}}
	for i := range k.Planets {
		pl := &k.Planets[i]
		p.own[pl.Loc] = pl
		p.ownByID[pl.ID] = pl
		p.tax += pl.Industry
	}
	fleets := map[geom.Point]bool{}
	for _, s := range k.Ships {
		if st := r.Ship(s.Type); st != nil {
			p.upkeep += r.CrewPay(st)
			// Ships that move out are fleets of their own, as the plan goes.
			if st.CanMove() {
				p.upkeep += r.Upkeep.Fleet
			} else if !fleets[s.Loc] {
				fleets[s.Loc] = true
				p.upkeep += r.Upkeep.Fleet
			}
			switch role(st) {
			case roleTrader:
				p.traders++
			case roleClaimer:
				p.claimers++
			case roleWarship:
				p.warships++
			case roleTanker:
				p.tankers++
			}
		}
	}
	p.upkeep += k.Empire.Interceptors * r.Interceptors.PayPerTurn
	// Short of money, ships come home, where they are one fleet, rather
	// than wander at a fleet's upkeep each.
	now := 0
	for _, s := range k.Ships {
		if st := r.Ship(s.Type); st != nil {
			now += r.CrewPay(st)
		}
	}
	now += k.Empire.Interceptors * r.Interceptors.PayPerTurn
	// The fleets out that the tax keeps, beside the one at home, with what
	// the credits can add over the level's reserve turns.
	p.outAllowed = (p.tax - now + max(0, k.Empire.Credits)/(2*max(1, lv.ReserveTurns))) / r.Upkeep.Fleet
	var origin geom.Point
	for i := range k.Planets {
		if pl := &k.Planets[i]; pl.Kind == model.Origin {
			p.origin, origin = pl, pl.Loc
		}
	}
	for _, s := range k.Ships {
		if st := r.Ship(s.Type); st != nil && st.CanMove() && s.Loc != origin {
			p.outNow++
		}
	}
	// The origin's fuel for the first tanker is kept from the ships that
	// load there too: without a tanker nothing brings fuel home, and with
	// the origin dry no ship, the tanker included, is ever built again.
	if pl := p.origin; pl != nil && lv.Tend && lv.Tankers > 0 && p.tankers == 0 &&
		r.GravityPull(p.turn) == 0 { // once the pull has started nothing is built there without a tanker
		p.tankerFuel = min(pl.Fuel, startFuel(r.Ship(tanker)))
		p.fuelFor[pl.ID] += p.tankerFuel
	}
	return p
}

type shipRole int

const (
	roleStation shipRole = iota
	roleTrader
	roleClaimer
	roleWarship
	roleTanker
)

func role(st *rules.ShipType) shipRole {
	switch {
	case !st.CanMove():
		return roleStation
	case st.Armed():
		return roleWarship
	case st.CarriesCargo():
		return roleTrader
	case st.Refuels && st.MaxFuel.Or(0) >= 300 && st.Movement.N >= 60:
		return roleTanker
	}
	return roleClaimer
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
	p.planStations()
	p.ships()
	p.build()
	p.defence()
	p.scans()
	p.names()
}

// deficit is how much more the end of the turn pays out than the tax
// brings in, with extra more upkeep.
func (p *planner) deficit(extra int) int { return max(0, p.upkeep+extra-p.tax) }

// afford reports whether the plan can pay cost now and extra more upkeep
// each turn and still cover the level's turns of any deficit, keeping
// margin besides.
func (p *planner) afford(cost, extra, margin int) bool {
	return p.credits-cost-p.deficit(extra)*p.lv.ReserveTurns >= margin
}

// invest pays for what pays for itself soon (a mine) keeping only one
// turn of any deficit and the level's margin, when the level invests so.
func (p *planner) invest(cost, extra int) bool {
	if !p.lv.InvestFromReserve || p.credits-cost-p.deficit(extra) < p.lv.BuildMargin {
		return false
	}
	p.credits -= cost
	p.upkeep += extra
	return true
}

func (p *planner) spend(cost, extra, margin int) bool {
	if !p.afford(cost, extra, margin) {
		return false
	}
	p.credits -= cost
	p.upkeep += extra
	return true
}

// pullUntil is how far the pull of Silverfall draws a ship or planet in
// from the start of this turn to the end of turn last.
func (p *planner) pullUntil(last int) int {
	n := 0
	for t := p.turn; t <= last; t++ {
		n += p.r.GravityPull(t)
	}
	return n
}

// lastTurnAt is the last turn a planet or ship now at loc still exists
// at, if nothing moves it out: the game's expected end when the pull never
// reaches it.
func (p *planner) lastTurnAt(loc geom.Point) int {
	end := p.r.Game.ExpectedLastTurn + 1
	d := loc.Dist(geom.Origin) - p.r.Movement.DestructionRadius
	for t := p.turn; t <= end; t++ {
		if p.pullUntil(t) >= d {
			return t
		}
	}
	return end
}

// marketLast is the last turn that trades at the trading planet tp (the
// engine's rules.MarketLastTurn): the pull of Silverfall takes it at that
// turn's end. Far beyond the game when the trading planets hold their
// place (a house rule).
func (p *planner) marketLast(tp *model.TradingPlanet) int {
	if t := p.r.MarketLastTurn(tp.Planet.Loc, p.k.Turn); t > 0 {
		return t
	}
	return 1 << 30
}

// lastMarket is the last turn any trading planet trades (marketLast).
func (p *planner) lastMarket() int {
	last := 0
	for i := range p.k.Trading {
		last = max(last, p.marketLast(&p.k.Trading[i]))
	}
	return last
}

// marketsHold reports whether the trading planets hold their place under
// the pull (the house rule): ships over them are drawn off them.
func (p *planner) marketsHold() bool { return p.r.House.TradingPlanetsHold }

// diplomacy declares Sauran an enemy and allies with the nearest empire
// whose ships it sees, when it has no ally yet; alliances are kept.
func (p *planner) diplomacy() {
	e := p.k.Empire
	sauran := p.r.Game.PlayerSauran
	if !e.HasEnemy(sauran) && len(e.Enemies) < p.r.Diplomacy.MaxEnemies {
		p.add("DE %d", sauran)
	}
	if len(p.k.Planets) == 0 {
		return
	}
	home := p.k.Planets[0].Loc
	if len(e.Allies) == 0 {
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
	if p.lv.Raids {
		p.enemyPlan = p.raidTarget()
		if p.enemyPlan != 0 && !e.HasEnemy(p.enemyPlan) && len(e.Enemies) < p.r.Diplomacy.MaxEnemies && len(e.Enemies) > 0 {
			p.add("DE %d", p.enemyPlan)
		}
	}
}

// raidTarget is a neighbour worth raiding: a player, not an ally, whose
// ships near ours are mostly unarmed; declared enemies are kept.
func (p *planner) raidTarget() int {
	e := p.k.Empire
	for _, n := range e.Enemies {
		if n != p.r.Game.PlayerSauran {
			return n
		}
	}
	soft := map[int]int{}
	for _, s := range p.k.ForeignShips {
		st := p.r.Ship(s.Type)
		if st == nil || !p.r.IsPlayer(s.Owner) || e.HasAlly(s.Owner) {
			continue
		}
		if st.Armed() {
			soft[s.Owner] -= 2
		} else if st.CanMove() {
			soft[s.Owner]++
		}
	}
	best := 0
	for o, n := range soft { // any order: ties go to the lower number
		if n >= p.lv.RaidSoft && (best == 0 || n > soft[best] || n == soft[best] && o < best) {
			best = o
		}
	}
	return best
}

// mines starts mines where the ore left in the ground is worth most at
// the markets' base prices. A mine pays for itself in about a turn.
func (p *planner) mines() {
	// Nor once its ore could no longer reach a market before the pull
	// takes them: a mine pays only by the ore sold.
	if p.thrifty() || p.turn+p.lv.ThriftTurns > p.lastMarket() {
		return
	}
	mr := p.r.Mines
	count := map[int]int{}
	mined := map[[2]int]bool{}
	for _, m := range p.k.Mines {
		count[m.Planet]++
		mined[[2]int{m.Planet, m.OreType}] = true
	}
	for started := 0; started < p.lv.MinesPerTurn; started++ {
		bestPlanet, bestType, bestWorth := 0, 0, 0
		for _, pl := range p.k.Planets {
			// Each working mine needs its share of the population.
			if pl.Kind == model.Trading || pl.Population < mr.MinPopulationToStart || count[pl.ID] >= mr.MaxPerPlanet ||
				pl.Population < (count[pl.ID]+1)*mr.PopulationPerMine {
				continue
			}
			for t, ore := range pl.Ore {
				worth := min(ore, 10*p.r.Mining.Rates[t]) * p.orePrice(t)
				if ore > 0 && !mined[[2]int{pl.ID, t + 1}] && worth > bestWorth {
					bestPlanet, bestType, bestWorth = pl.ID, t+1, worth
				}
			}
		}
		if bestPlanet == 0 {
			return
		}
		// A mine pays for itself within a turn or two of sales: a level
		// that invests starts mines out of its reserve.
		if !p.invest(mr.Cost, 0) && !p.spend(mr.Cost, 0, 10_000) {
			return
		}
		p.add("SM %d %d", bestPlanet, bestType)
		count[bestPlanet]++
		mined[[2]int{bestPlanet, bestType}] = true
	}
}

// defence buys interceptors and planet defence units when there is money
// to spare.
func (p *planner) defence() {
	ir := p.r.Interceptors
	if n := p.lv.Interceptors - p.k.Empire.Interceptors; n >= 5 && p.spend(5*ir.Cost, 5*ir.PayPerTurn, 200_000) {
		p.add("PI %d", 5)
	}
	pd := p.r.PlanetDefence
	if p.lv.LockPlanets && p.turn >= p.lv.OutwardFrom {
		// A planet with defence units cannot be taken: those that last to
		// the end, and so count for the win, get one.
		rs := p.survivors()
		for _, pl := range p.k.Planets {
			if pl.Kind == model.Independent && pl.DefenceUnits == 0 && pl.Population >= pd.MinPopulation &&
				pl.Industry >= pd.IndustryPerUnit && pl.Loc.Dist(geom.Origin) > rs && p.spend(pd.UnitCost, 0, p.lv.BuildMargin) {
				p.add("BU %d 1", pl.ID)
			}
		}
	}
	for _, pl := range p.k.Planets {
		if pl.Kind == model.Origin && pl.DefenceUnits < 20 && pl.Population >= pd.MinPopulation &&
			pl.Industry >= 5*pd.IndustryPerUnit && p.spend(5*pd.UnitCost, 0, 200_000) {
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
	seen := map[int]bool{}
	for _, s := range p.k.ForeignShips {
		seen[s.ID] = true
		if s.Owner == sauran || s.Owner == p.enemyPlan && p.enemyPlan != 0 {
			threats = append(threats, s)
		}
	}
	// A scan of Sauran last turn shows all his ships: those near an ally
	// are fought together.
	if p.k.ScannedPlayerID == sauran {
		for _, s := range p.k.ScannedPlayer {
			if !seen[s.ID] && p.allyNear(s.Loc) {
				s.Owner = sauran
				threats = append(threats, s)
			}
		}
	}
	ships := append([]model.Ship(nil), p.k.Ships...)
	sort.Slice(ships, func(i, j int) bool { return ships[i].ID < ships[j].ID })
	p.dueNext = p.due()
	// Ships without fuel load first, the others can go elsewhere for
	// theirs;
	// the newest first: a ship just built has had no fuel at all.
	for i := len(ships) - 1; i >= 0; i-- {
		s := &ships[i]
		if st := p.r.Ship(s.Type); st != nil && s.Inside == 0 && s.Fuel == 0 && role(st) != roleStation && st.MaxFuel.OK {
			p.load1(s, st, startFuel(st))
			if s.Fuel == 0 {
				p.fromTanker(s, st, ships)
			}
			if s.Fuel == 0 && p.own[s.Loc] == nil && p.tradingAt(s.Loc) == nil && p.onPlanet(s.Loc) && !p.knownDry(s.Loc) {
				// Dry above a planet that is not ours: any planet's fuel may
				// be loaded (the book allows taking a rival's). What it
				// holds is unknown, so the plan does not count on it.
				p.add("LF %d 0", s.ID)
			}
			if pl := p.own[s.Loc]; pl != nil && s.Fuel == 0 {
				p.starved[pl.ID]++
			}
		}
	}
	// Then those short of a move's fuel, before the others fill up: two
	// ships at one planet with little fuel, the one the plan takes first
	// would have it all.
	for i := len(ships) - 1; i >= 0 && p.lv.LowFirst; i-- {
		s := &ships[i]
		if st := p.r.Ship(s.Type); st != nil && s.Inside == 0 && s.Fuel > 0 && s.Fuel < st.Movement.N && role(st) != roleStation && st.MaxFuel.OK {
			p.load1(s, st, startFuel(st)-s.Fuel)
		}
	}
	guard := 0
	for i := range ships {
		s := &ships[i]
		st := p.r.Ship(s.Type)
		if st == nil || s.Inside != 0 {
			continue
		}
		if role(st) == roleStation {
			if st.Armed() {
				p.add("DF %d %d", s.ID, sauran)
			}
			continue
		}
		if p.sellOut(s, st) {
			continue
		}
		if _, ok := p.grab(s, st); ok {
			continue
		}
		// Traders plan each leg afresh once the pull has started: where
		// they must stop for it to leave them over a market changes.
		replan := (role(st) == roleTrader || role(st) == roleTanker) && p.lv.PullLanding && p.r.GravityPull(p.turn) > 0 ||
			p.lv.Shell && p.late(st) && role(st) != roleTrader
		if s.Standing.Code != order.Invalid && !replan && !p.inDanger(s, st) && !p.arrivesTooLate(s) && p.fuelledFor(s) {
			p.topUp(s, st, 0)
			continue // a ship on its way goes on
		}
		switch role(st) {
		case roleTrader:
			if s.Cargo.Total() == 0 && p.contending() {
				p.claim(s, st) // the planets it takes count for the win
				continue
			}
			if !p.trade(s, st) && !p.refuelIdle(s, st) {
				p.claim(s, st)
			}
		case roleTanker:
			if !p.tank(s, st) {
				p.claim(s, st)
			}
		case roleWarship:
			if p.assault(s, st) || p.fight(s, st, threats) {
				continue
			}
			if pl := p.own[s.Loc]; pl != nil && pl.Kind == model.Origin && guard*100 < p.warships*p.lv.GuardPercent && !p.contending() &&
				p.lastTurnAt(s.Loc) > p.turn+1 {
				guard++
				p.topUp(s, st, 0)
				p.moveTo(s, "DF %d %d", s.ID, sauran)
				continue
			}
			p.claim(s, st)
		default:
			p.claim(s, st)
		}
	}
}

// fuelledFor reports whether a ship on its way to a planet still has the
// fuel to get there: the planet may have moved, or changed hands.
func (p *planner) fuelledFor(s *model.Ship) bool {
	if s.Standing.Code != order.MP {
		return true
	}
	id := s.Standing.Planet()
	if pl := p.ownByID[id]; pl != nil {
		return s.Fuel >= s.Loc.Dist(pl.Loc)
	}
	if tp := p.tradingByID(id); tp != nil {
		return s.Fuel >= s.Loc.Dist(tp.Planet.Loc)+p.toSafety(tp.Planet.Loc)
	}
	for _, fp := range p.k.ForeignPlanets {
		if fp.ID == id {
			return fp.Owner == 0 && s.Fuel >= s.Loc.Dist(fp.Loc)
		}
	}
	return false
}

// inDanger reports whether a ship would be too close to Silverfall by
// the end of next turn.
func (p *planner) inDanger(s *model.Ship, st *rules.ShipType) bool {
	return p.turn >= p.lv.OutwardFrom && p.lastTurnAt(s.Loc) <= p.turn+1
}

// arrivesTooLate reports whether a ship's standing move goes to a trading
// planet that falls into Silverfall before it arrives.
func (p *planner) arrivesTooLate(s *model.Ship) bool {
	if s.Standing.Code != order.MP {
		return false
	}
	tp := p.tradingByID(s.Standing.Planet())
	return tp != nil && !p.marketLasts(s, tp)
}

// topUp loads fuel at the planet the ship is at: up to the tank's size,
// keeping keep on the planet.
func (p *planner) topUp(s *model.Ship, st *rules.ShipType, keep int) {
	pl := p.own[s.Loc]
	if pl == nil || !st.MaxFuel.OK || s.Fuel >= st.MaxFuel.N {
		return
	}
	n := min(st.MaxFuel.N-s.Fuel, pl.Fuel-p.fuelFor[pl.ID]-keep)
	if n > 0 && p.add("LF %d %d", s.ID, n) {
		pl.Fuel -= n
		s.Fuel += n
	}
}

// startFuel is what a ship without fuel loads first: two turns' moves,
// which is also what a new ship is built with the fuel for.
func startFuel(st *rules.ShipType) int { return min(st.MaxFuel.Or(0), st.Movement.N*2) }

// load1 loads up to n fuel at the own planet the ship is at.
func (p *planner) load1(s *model.Ship, st *rules.ShipType, n int) {
	pl := p.own[s.Loc]
	if pl == nil {
		return
	}
	n = min(n, st.MaxFuel.N-s.Fuel, pl.Fuel-p.fuelFor[pl.ID])
	if n > 0 && p.add("LF %d %d", s.ID, n) {
		pl.Fuel -= n
		s.Fuel += n
	}
}

// buyFuel buys fuel at the trading planet the ship is at, to have need.
func (p *planner) buyFuel(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet, need int) {
	if !st.MaxFuel.OK {
		return
	}
	n := min(st.MaxFuel.N, need) - s.Fuel
	if n <= 0 {
		return
	}
	cost := n * tp.Prices.Fuel * p.r.Trade.BuyPriceFactor
	// The plan counts on the fuel only where the price shows the stock:
	// the planet sells no more than it holds.
	sure := p.fuelAt(tp.Planet.Loc)
	if p.spend(cost, 0, 0) && p.add("LF %d %d", s.ID, n) && sure {
		s.Fuel += n
	}
}

// trade runs ore from the planets' stocks to the trading planet that pays
// best for it; false when there is no trade for the ship.
func (p *planner) trade(s *model.Ship, st *rules.ShipType) bool {
	if tp := p.tradingAt(s.Loc); tp != nil {
		// Short of money, a trader sells all it has: waiting costs a fleet's
		// upkeep.
		if p.lv.SpreadSales && p.dueNext == 0 && p.afford(0, p.r.Upkeep.Fleet, p.lv.BuildMargin) && p.holdBack(s, st, tp) {
			return true
		}
		if s.Cargo.Total() > 0 {
			p.add("UL %d 0 0", s.ID)
			s.Cargo = model.Ore{}
		}
		src := p.bestSource(s)
		if src == nil {
			return false // refuelIdle fills it up here
		}
		// The fuel beyond the way back is sold here too. Where the market
		// sells fuel, the trader leaves with the fuel to come back to it
		// with its cargo: a planet with fuel near the source may be dry by
		// the time it gets there.
		keep := s.Loc.Dist(src.Loc) + p.lv.FuelMargin
		if !p.fuelAt(src.Loc) {
			keep += p.toSafety(src.Loc)
		}
		if p.lv.TripFuel && p.fuelAt(s.Loc) {
			keep = max(keep, 2*s.Loc.Dist(src.Loc)+p.lv.FuelMargin)
		}
		if p.r.GravityPull(p.turn) > 0 {
			// The planets near the markets fall in: the fuel for a long
			// way out stays aboard.
			keep = max(keep, st.MaxFuel.Or(0)*6/10)
		}
		if extra := s.Fuel - keep; extra >= 20 && p.add("UF %d %d", s.ID, extra) {
			s.Fuel -= extra
		}
		p.buyFuel(s, st, tp, keep)
		if p.canGo(s, src.Loc) {
			p.moveTo(s, "MP %d %d", s.ID, src.ID)
			return true
		}
		if p.lv.FindPlanets && p.canFind(s, st) {
			p.moveTo(s, "FP %d 0", s.ID)
			return true
		}
		return false
	}
	if pl := p.own[s.Loc]; pl != nil {
		if s.Cargo.Total() == 0 && !p.tripFuelled(s, st, pl) {
			p.topUp(s, st, 0)
			if p.toFuel(s, st) {
				return true
			}
		}
		p.load(s, st, pl)
	}
	if s.Cargo.Total() > 0 {
		tp := p.bestMarket(s)
		if tp == nil {
			return false
		}
		p.topUp(s, st, 0)
		if p.goTrade(s, st, tp) {
			return true
		}
		if pl := p.staging(s, tp.Planet.Loc); pl != nil {
			p.moveTo(s, "MP %d %d", s.ID, pl.ID)
			// Its fuel there is promised: another trader does not count
			// on the same.
			p.fuelFor[pl.ID] += min(st.MaxFuel.Or(0)-s.Fuel+s.Loc.Dist(pl.Loc), p.spare(pl))
			return true
		}
		// No fuel on the way: the planets crowd near the markets, and the
		// ship takes one of them after its sale, for its fuel.
		if p.lv.FindPlanets && s.Fuel >= s.Loc.Dist(tp.Planet.Loc)+p.r.GravityPull(p.turn)+p.lv.FuelMargin*2 {
			return p.goTradeAnyway(s, st, tp)
		}
		return p.toFuel(s, st)
	}
	if src := p.bestSource(s); src != nil {
		p.topUp(s, st, 0)
		if src.Loc != s.Loc && p.canGo(s, src.Loc) {
			p.moveTo(s, "MP %d %d", s.ID, src.ID)
			return true
		}
		return src.Loc == s.Loc // waits for the mines at its source
	}
	return false
}

// sellOut sells all the cargo and fuel of a ship over a trading planet in
// the game's expected last turn, when the level knows to: ore and fuel
// count for nothing at the end, credits for what they are. The fuel for a
// last move to take a planet (grab) stays aboard: the sale comes in phase
// one, the move after. true when it did; the ship stays unless it grabs.
func (p *planner) sellOut(s *model.Ship, st *rules.ShipType) bool {
	if !p.lv.SellOut || p.turn < p.r.Game.ExpectedLastTurn || p.tradingAt(s.Loc) == nil {
		return false
	}
	if s.Cargo.Total() > 0 && p.add("UL %d 0 0", s.ID) {
		s.Cargo = model.Ore{}
	}
	// Fuel is unloaded before any is loaded or passed on in the turn: what
	// it sells is what it had at the start.
	start := p.fuelAtStart(s.ID)
	keep, _ := p.grab(s, st)
	if n := min(start, s.Fuel) - keep; n > 0 && p.add("UF %d %d", s.ID, n) {
		s.Fuel -= n
	}
	p.moved[s.ID] = true
	return true
}

// raidSauran scans Sauran: once a turn with the interceptors in hand,
// and up to the level's scans a turn, buying the interceptors they lack
// (Purchase Interceptors comes before Scan Player in phase five), once
// the last turn's raids brought back the level's gain. Each scan costs
// 50,000 credits and 10 interceptors, and each that gets through brings
// back 5% of his credits, millions at first.
func (p *planner) raidSauran() {
	sr, ir := p.r.ScanPlayer, p.r.Interceptors
	n, buying := 1, false
	if p.lv.SauranRaids > 1 && p.raidGain() >= p.lv.SauranRaidGain {
		n, buying = p.lv.SauranRaids, true
	}
	have := p.k.Empire.Interceptors
	for _, o := range p.out {
		if o.Code == order.PI {
			have += o.Amount()
		}
	}
	for i := 0; i < n; i++ {
		buy := 0
		if buying {
			buy = max(0, sr.CostInterceptors-have)
		}
		if have+buy < sr.CostInterceptors || !p.spend(sr.CostCredits+buy*ir.Cost, buy*ir.PayPerTurn, p.lv.BuildMargin) {
			return
		}
		if buy > 0 {
			p.add("PI %d", buy)
			have += buy
		}
		have -= sr.CostInterceptors
		p.add("SR %d", p.r.Game.PlayerSauran)
	}
}

// sauranWorthScanning reports whether a scan of Sauran may pay this turn.
// By the book he pays for his armada as any empire does (some 1.5 million
// a turn in a six-player game, against his 10 million), and is broke long
// before a scan of him first has a chance: then a scan brings back only
// his fleet's places, which the strike wing needs only while it knows no
// station to go for. Where a house rule spares him the pay, or the last
// raid brought credits back, his credits are worth the raid.
func (p *planner) sauranWorthScanning() bool {
	if p.r.House.SauranPaysNoUpkeep || p.raidGain() > 0 {
		return true
	}
	lv := p.lv
	return lv.StationAttacks && !p.stations.ok && p.wing() > 0 && p.turn >= lv.StationFrom-lv.StationReach
}

// raidGain is what the empire's raiders brought back last turn.
func (p *planner) raidGain() int {
	n := 0
	for _, l := range p.k.Credit.Lines {
		if l.What == "Raids" && l.Amount > 0 {
			n += l.Amount
		}
	}
	return n
}

// grab sends a ship, in the game's expected last turn, to the nearest
// planet within its reach that it would take there: one no one holds (a
// rival's may have defence units, which the sheet does not show), not a
// trading planet, that lasts the turn, and that no other ship of ours is
// sent to; with none in sight, to one the turn finds (FP), when every
// planet within its move outlasts the turn's pull. The share of the
// planets held at the end of the turn decides the game. It returns the
// fuel the move takes, and true when the ship goes.
func (p *planner) grab(s *model.Ship, st *rules.ShipType) (int, bool) {
	if !p.lv.LastGrab || p.turn < p.r.Game.ExpectedLastTurn || !st.CanMove() || !st.Movement.OK || s.Fuel == 0 || p.keeper(s) {
		return 0, false
	}
	reach := min(st.Movement.N, s.Fuel)
	var best *model.Planet
	for i := range p.k.ForeignPlanets {
		fp := &p.k.ForeignPlanets[i]
		if fp.Owner != 0 || p.targeted[fp.ID] || p.tradingAt(fp.Loc) != nil ||
			s.Loc.Dist(fp.Loc) > reach || p.lastTurnAt(fp.Loc) <= p.turn {
			continue
		}
		if best == nil || s.Loc.Dist(fp.Loc) < s.Loc.Dist(best.Loc) {
			best = fp
		}
	}
	if best == nil {
		safe := s.Loc.Dist(geom.Origin)-st.Movement.N-p.r.GravityPull(p.turn) > p.r.Movement.DestructionRadius+2
		if !p.lv.FindPlanets || !safe || !p.canFind(s, st) {
			return 0, false
		}
		p.moveTo(s, "FP %d 0", s.ID)
		return st.Movement.N, true
	}
	p.targeted[best.ID] = true
	if best.Loc != s.Loc {
		p.moveTo(s, "MP %d %d", s.ID, best.ID)
	}
	p.moved[s.ID] = true
	return s.Loc.Dist(best.Loc), true
}

// keeper reports whether the ship keeps the planet of ours under it in the
// last turn: an independent planet without defence units, which a rival's
// ship alone over it would take; the visible ship of ours there with the
// lowest number keeps it (ships are planned in that order).
func (p *planner) keeper(s *model.Ship) bool {
	pl := p.own[s.Loc]
	if pl == nil || pl.Kind != model.Independent || pl.DefenceUnits > 0 || s.Cloaked || p.lastTurnAt(pl.Loc) <= p.turn {
		return false
	}
	for i := range p.k.Ships {
		if o := &p.k.Ships[i]; o.ID < s.ID && o.Loc == s.Loc && o.Inside == 0 && !o.Cloaked {
			return false
		}
	}
	return true
}

// fuelAtStart is the fuel a ship of ours has at the start of the turn.
func (p *planner) fuelAtStart(id int) int {
	for i := range p.k.Ships {
		if p.k.Ships[i].ID == id {
			return p.k.Ships[i].Fuel
		}
	}
	return 0
}

// holdBack sells all but one ore type of a mixed cargo (half of a cargo
// of one type) at the trading planet the ship is at and keeps the ship
// there for the next turn's sale, when no other trader of ours is due at
// a market then: the income comes every turn. A sale is paid at the
// turn's price and moves the price only at the turn's end, so holding one
// type back costs nothing (its price even rises as the market uses its
// stock). Half a cargo of one type held back sells lower next turn, so it
// is held back only while that half is a small share of the market's
// stock (or the price is at the top, where it does not move). false when
// the ship has nothing to hold back or cannot stay.
func (p *planner) holdBack(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	last, types := -1, 0
	for t, n := range s.Cargo {
		if n == 0 {
			continue
		}
		types++
		if last < 0 || n*tp.Prices.Ore[t] < s.Cargo[last]*tp.Prices.Ore[last] {
			last = t
		}
	}
	if types == 1 {
		n := s.Cargo[last] / 2
		// A trader does not linger over crumbs (each turn it waits is a
		// fleet's upkeep): the half it keeps must be worth a trip's least
		// load.
		if n*p.r.Market.BaseOrePrices[last] < p.lv.MinLoad || !p.splitCheap(tp, last, n) || !p.stay(s, st, tp) {
			return false
		}
		if p.add("UL %d %d %d", s.ID, last+1, n) {
			s.Cargo[last] -= n
		}
		p.dueNext++
		return true
	}
	if types < 2 || !p.stay(s, st, tp) {
		return false
	}
	for t, n := range s.Cargo {
		if n > 0 && t != last && p.add("UL %d %d 0", s.ID, t+1) {
			s.Cargo[t] = 0
		}
	}
	p.dueNext++
	return true
}

// splitCheap reports whether n units of ore type t sold at the trading
// planet now leave its price for the next turn's sale nearly as it is:
// the price is at the top (the stock is below a quarter of its
// reference), or n is within the level's share of the stock the price
// shows. The planet's own base price is unknown to a player; the lowest
// it can be gives the least stock the price can mean.
func (p *planner) splitCheap(tp *model.TradingPlanet, t, n int) bool {
	mr := p.r.Market
	low := mr.BaseOrePrices[t] * (100 - mr.PriceVariationPercent) / 100
	if tp.Prices.Ore[t]*100 >= low*mr.MaxPricePercent {
		return true
	}
	stock := low * mr.ReferenceStock[t] / max(tp.Prices.Ore[t], 1)
	return n*100 <= stock*p.lv.SplitStockPercent
}

// stay keeps a ship over the trading planet it is at for the next turn's
// sale: where it is (the pull draws the planet in with it), or, where a
// house rule holds the trading planets, once the pull has started, where
// the pull brings it back over the planet. false in the market's last
// turn: there is no next turn's sale.
func (p *planner) stay(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	if p.turn+1 > p.marketLast(tp) {
		return false // the pull takes the market at this turn's end
	}
	if p.r.GravityPull(p.turn) == 0 || !p.marketsHold() {
		p.moved[s.ID] = true // no move: it stays
		return true
	}
	at, ok := p.above(tp.Planet.Loc)
	if !ok || s.Loc.Dist(at) > min(st.Movement.N, s.Fuel-p.toSafety(tp.Planet.Loc)) {
		return false
	}
	p.moveTo(s, "MO %d %d %d %d", s.ID, at.X, at.Y, at.Z)
	return true
}

// due counts the loaded traders that reach a trading planet this turn, to
// sell there next turn.
func (p *planner) due() int {
	n := 0
	for _, s := range p.k.Ships {
		st := p.r.Ship(s.Type)
		if st == nil || role(st) != roleTrader || s.Cargo.Total() == 0 || p.tradingAt(s.Loc) != nil {
			continue
		}
		for i := range p.k.Trading {
			if d := s.Loc.Dist(p.k.Trading[i].Planet.Loc); d <= min(st.Movement.N, s.Fuel) {
				n++
				break
			}
		}
	}
	return n
}

// load fills the ship's hold from the planet's stock, the ore worth most
// a cargo unit at today's best price first.
func (p *planner) load(s *model.Ship, st *rules.ShipType, pl *model.Planet) {
	types := []int{0, 1, 2, 3, 4}
	worth := func(t int) int { return p.orePrice(t) * p.r.Ore.PerCargoUnit[t] }
	sort.SliceStable(types, func(i, j int) bool { return worth(types[i]) > worth(types[j]) })
	room := st.Cargo.N
	for t, n := range s.Cargo {
		room -= (n + p.r.Ore.PerCargoUnit[t] - 1) / p.r.Ore.PerCargoUnit[t]
	}
	for _, t := range types {
		per := p.r.Ore.PerCargoUnit[t]
		n := min(pl.Stock[t], room*per)
		if n <= 0 {
			continue
		}
		if p.add("LO %d %d %d", s.ID, t+1, n) {
			s.Cargo[t] += n
			pl.Stock[t] -= n
			room -= (n + per - 1) / per
		}
		if room <= 0 {
			return
		}
	}
}

// ceilDiv is a/b rounded up, for positive b.
func ceilDiv(a, b int) int { return (a + b - 1) / b }

// orePrice is what a unit of ore type t (0-based) fetches where it
// sells best, by this turn's prices; the base price where no trading
// planet is known. The ore that is scarce sells dearest: mines, loads
// and sources follow it, and feed the markets where they run low.
func (p *planner) orePrice(t int) int {
	best := 0
	for i := range p.k.Trading {
		best = max(best, p.k.Trading[i].Prices.Ore[t])
	}
	if best == 0 {
		return p.r.Market.BaseOrePrices[t]
	}
	return best
}

// bestSource is the own planet with the most ore worth carrying per
// position of the way there, or nil.
func (p *planner) bestSource(s *model.Ship) *model.Planet {
	var best *model.Planet
	bestW, bestPromise := 0.0, 0
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		v, worth := 0, 0 // at base prices (min_load's measure), at today's best
		for t, n := range pl.Stock {
			v += n * p.r.Market.BaseOrePrices[t]
			worth += n * p.orePrice(t)
		}
		if v < p.lv.MinLoad || p.targeted[-pl.ID] {
			continue
		}
		toMarket := 1 << 20
		st := p.r.Ship(s.Type)
		for j := range p.k.Trading {
			tp := &p.k.Trading[j]
			if !p.marketOpen(p.turn + 2) {
				continue
			}
			// Only a market that still trades when the ore gets there: it
			// loads the turn after it reaches the source, and sells the
			// turn after it reaches the market.
			d := pl.Loc.Dist(tp.Planet.Loc)
			if st != nil && st.Movement.N > 0 && p.turn+ceilDiv(s.Loc.Dist(pl.Loc), st.Movement.N)+ceilDiv(d, st.Movement.N) > p.marketLast(tp) {
				continue
			}
			toMarket = min(toMarket, d)
		}
		if toMarket == 1<<20 && !p.marketsHold() {
			continue // the pull takes the markets before its ore would reach one
		}
		// A source the pull takes before the trader is back out is none;
		// near the game's end only the sale before it counts (what the
		// pull does after the last turn does not).
		if st != nil && st.Movement.N > 0 {
			n := st.Movement.N
			at := p.turn + s.Loc.Dist(pl.Loc)/n
			end := p.r.Game.ExpectedLastTurn
			// It loads the turn after it gets there (this turn if it is
			// there) and sells the turn after it reaches the market.
			sells := p.turn + ceilDiv(s.Loc.Dist(pl.Loc), n) + ceilDiv(toMarket, n)
			if p.lastTurnAt(pl.Loc) <= at+min(3, max(0, end-at)) || p.lv.SellOut && sells > end {
				continue
			}
		}
		// Once the pull has started, the source's fuel for the whole trip
		// (to the market and from there on to fuel again, see tripNeed)
		// is promised to the trader, so that another does not count on it.
		promise := 0
		if st != nil && p.lv.TripFuel {
			arrive := s.Fuel
			if pl.Loc != s.Loc {
				arrive -= s.Loc.Dist(pl.Loc)
			}
			if need, late := p.tripNeed(s, st, pl.Loc, s.Loc.Dist(pl.Loc)); late {
				promise = min(p.spare(pl), max(0, need-max(0, arrive)))
			}
		}
		w := float64(worth) / float64(20+s.Loc.Dist(pl.Loc)+toMarket)
		if best == nil || w > bestW {
			best, bestW, bestPromise = pl, w, promise
		}
	}
	if best != nil {
		p.targeted[-best.ID] = true // one trader a stock
		p.fuelFor[best.ID] += bestPromise
	}
	return best
}

// tripNeed is the fuel a trader needs at a source at src to carry its
// ore to the nearest market and reach fuel again from there, and whether
// the pull will have started when it gets there (before, the market
// stays put and the trader's usual margins do).
func (p *planner) tripNeed(s *model.Ship, st *rules.ShipType, src geom.Point, before int) (int, bool) {
	if st.Movement.N <= 0 {
		return 0, false
	}
	var mkt *model.TradingPlanet
	for j := range p.k.Trading {
		tp := &p.k.Trading[j]
		// Under the book's pull, only a market that still trades when the
		// ore gets there.
		if !p.marketsHold() && p.turn+ceilDiv(before+src.Dist(tp.Planet.Loc), st.Movement.N) > p.marketLast(tp) {
			continue
		}
		if mkt == nil || src.Dist(tp.Planet.Loc) < src.Dist(mkt.Planet.Loc) {
			mkt = tp
		}
	}
	if mkt == nil {
		return 1 << 20, true
	}
	d := src.Dist(mkt.Planet.Loc)
	arrive := p.turn + (before+d+st.Movement.N-1)/st.Movement.N
	if p.r.GravityPull(arrive) == 0 {
		return 0, false
	}
	// Where the trading planets hold their place, the landing point lies
	// further out by the pull; from the market the nearest fuel of ours,
	// which the pull draws in meanwhile too.
	back := p.toSafety(mkt.Planet.Loc)
	if back >= 1<<20 {
		return 1 << 20, true
	}
	landing := 0
	if p.marketsHold() {
		landing = p.r.GravityPull(arrive)
	}
	return d + landing + back + p.lv.FuelMargin, true
}

// tripFuelled reports whether a trader at its source pl has, or can load
// there, the fuel for the trip its ore would make (see tripNeed); if not
// it loads no ore and goes for fuel first: a loaded trader without fuel
// far from a market carries its cargo about until the pull takes it.
func (p *planner) tripFuelled(s *model.Ship, st *rules.ShipType, pl *model.Planet) bool {
	if !p.lv.TripFuel {
		return true
	}
	need, late := p.tripNeed(s, st, pl.Loc, 0)
	return !late || need <= st.MaxFuel.Or(0) && s.Fuel+p.spare(pl) >= need
}

// spare is the fuel an own planet holds beyond what is promised to ships.
func (p *planner) spare(pl *model.Planet) int { return max(0, pl.Fuel-p.fuelFor[pl.ID]) }

// fuelAt reports whether a ship can load fuel at loc: an own planet
// with the level's fuel to spare, or a trading planet that still has fuel to sell
// (its price is not at the top) while there are credits to buy it.
func (p *planner) fuelAt(loc geom.Point) bool {
	if pl := p.own[loc]; pl != nil {
		return pl.Fuel-p.fuelFor[pl.ID] >= p.lv.FuelStop
	}
	if tp := p.tradingAt(loc); tp != nil {
		return p.marketFuel(tp, p.turn+1)
	}
	return false
}

// marketFuel reports whether the trading planet tp sells fuel in turn
// when: it still trades then, its price shows a stock, and there are
// credits to buy it.
func (p *planner) marketFuel(tp *model.TradingPlanet, when int) bool {
	if p.credits <= 30_000 || when > p.marketLast(tp) {
		return false
	}
	// The price follows the stock: below the lowest the top of the price
	// range can be, the planet still holds fuel for many ships.
	mr := p.r.Market
	top := mr.BaseFuelPrice * (100 - mr.PriceVariationPercent) * mr.MaxPricePercent / 100
	return tp.Prices.Fuel*100 < top
}

// toSafety is how far loc is from the nearest place with fuel, or a
// large number when there is none.
func (p *planner) toSafety(loc geom.Point) int {
	best := 1 << 30
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		if d := loc.Dist(pl.Loc); d < best && p.fuelAt(pl.Loc) {
			best = d
		}
	}
	for i := range p.k.Trading {
		tp := &p.k.Trading[i]
		if d := loc.Dist(tp.Planet.Loc); d < best && p.marketOpen(p.turn+2) && p.turn+1 <= p.marketLast(tp) && p.fuelAt(tp.Planet.Loc) {
			best = d
		}
	}
	return best
}

// canGo reports whether a ship can move to loc and still reach fuel
// from there.
func (p *planner) canGo(s *model.Ship, loc geom.Point) bool {
	d := s.Loc.Dist(loc)
	return d+p.lv.FuelMargin/3 <= s.Fuel && (p.fuelAt(loc) || s.Fuel-d >= p.toSafety(loc)+p.lv.FuelMargin)
}

// tank carries fuel home from the own planets that have most to the
// origin, where new ships load theirs; false when there is nothing to do.
func (p *planner) tank(s *model.Ship, st *rules.ShipType) bool {
	origin := p.origin
	if origin != nil && p.lv.Tend && p.r.GravityPull(p.turn+1) > 0 {
		return p.tend(s, st, origin)
	}
	if origin == nil || origin.Fuel >= p.lv.OriginFuel || p.r.GravityPull(p.turn+1) > 0 {
		return false // no builds at the origin once the pull starts
	}
	if tp := p.tradingAt(s.Loc); tp != nil && s.Fuel*10 < st.MaxFuel.N*6 {
		p.buyFuel(s, st, tp, st.MaxFuel.N) // the markets keep fuel, at four times its price
	}
	if s.Loc == origin.Loc {
		keep := p.lv.FuelMargin
		if src := p.fuelSource(s, origin.Loc); src != nil {
			keep += s.Loc.Dist(src.Loc)
		} else {
			keep = s.Fuel // nowhere to fill up again: keep it
		}
		if n := s.Fuel - keep; n > 0 && p.add("UF %d %d", s.ID, n) {
			s.Fuel -= n
			origin.Fuel += n
		}
		if src := p.fuelSource(s, origin.Loc); src != nil && s.Fuel >= s.Loc.Dist(src.Loc) {
			p.moveTo(s, "MP %d %d", s.ID, src.ID)
		}
		return true
	}
	p.topUp(s, st, 100)
	if s.Fuel*10 >= st.MaxFuel.N*6 && s.Fuel >= s.Loc.Dist(origin.Loc) {
		p.moveTo(s, "MP %d %d", s.ID, origin.ID)
		return true
	}
	if p.lv.TankerBuyCredits > 0 && p.credits >= p.lv.TankerBuyCredits && p.toMarketFuel(s, st) {
		return true // a full tank at once, for credits the empire has to spare
	}
	if src := p.fuelSource(s, s.Loc); src != nil && src.Loc != s.Loc && p.canGo(s, src.Loc) {
		p.moveTo(s, "MP %d %d", s.ID, src.ID)
		return true
	}
	return p.toMarketFuel(s, st)
}

// refuelIdle fills up a trader that has no trade, before it goes to
// claim planets: at the trading planet it is at, else at the nearest own
// planet or trading planet with fuel, while it has less than a third of
// its tank (out claiming, it would run dry where the pull takes it).
// false when it has enough or nowhere to go.
func (p *planner) refuelIdle(s *model.Ship, st *rules.ShipType) bool {
	if !st.MaxFuel.OK || s.Fuel*3 >= st.MaxFuel.N {
		return false
	}
	if p.own[s.Loc] != nil && p.fuelAt(s.Loc) {
		p.topUp(s, st, 0) // its own planet under it has fuel
		return false
	}
	if tp := p.tradingAt(s.Loc); tp != nil && p.marketFuel(tp, p.turn) {
		p.buyFuel(s, st, tp, st.MaxFuel.N*6/10)
		return false // it goes on to claim, with the fuel
	}
	return p.toFuel(s, st) || p.toMarketFuel(s, st)
}

// toMarketFuel sends a ship to the nearest trading planet whose price
// shows fuel in stock, to buy it there; false when none is in reach.
func (p *planner) toMarketFuel(s *model.Ship, st *rules.ShipType) bool {
	var best *model.TradingPlanet
	for i := range p.k.Trading {
		tp := &p.k.Trading[i]
		if p.fuelAt(tp.Planet.Loc) && p.marketLasts(s, tp) && s.Fuel >= s.Loc.Dist(tp.Planet.Loc) &&
			(best == nil || s.Loc.Dist(tp.Planet.Loc) < s.Loc.Dist(best.Planet.Loc)) {
			best = tp
		}
	}
	return best != nil && p.goTrade(s, st, best)
}

// fromTanker fills a ship without fuel from a tanker of ours at the same
// place, as far as the tanker can spare: once the pull has started, a
// ship built at the origin is drawn off it, with the tanker that waited
// there for it, before it could load fuel from the planet.
func (p *planner) fromTanker(s *model.Ship, st *rules.ShipType, ships []model.Ship) {
	if len(ships) == 0 {
		return
	}
	if p.tankersOf != &ships[0] {
		// The tankers by place, in the list's order: the ships do not move
		// while the plan is made.
		p.tankersAt, p.tankersOf = map[geom.Point][]int{}, &ships[0]
		for i := range ships {
			if tt := p.r.Ship(ships[i].Type); tt != nil && role(tt) == roleTanker {
				p.tankersAt[ships[i].Loc] = append(p.tankersAt[ships[i].Loc], i)
			}
		}
	}
	for _, i := range p.tankersAt[s.Loc] {
		t := &ships[i]
		tt := p.r.Ship(t.Type)
		if t.Loc != s.Loc || t.ID == s.ID || t.Inside != 0 || tt == nil || role(tt) != roleTanker {
			continue
		}
		n := min(startFuel(st), st.MaxFuel.N-s.Fuel, t.Fuel-p.tenderKeep(tt))
		if n > 0 && p.add("RF %d %d %d", t.ID, s.ID, n) {
			t.Fuel -= n
			s.Fuel += n
			return
		}
	}
}

// tenderKeep is the fuel a tanker keeps for its own trips.
func (p *planner) tenderKeep(st *rules.ShipType) int { return 2 * st.Movement.N }

// tend keeps a tanker at the origin once the pull has started, so that
// the ships built there, drawn off with it at the end of the turn, load
// their fuel from it at the start of the next; it fetches fuel from the
// own planets with most to spare, or buys it at a trading planet, when
// it cannot fill one more new ship. false when it has nothing to do.
func (p *planner) tend(s *model.Ship, st *rules.ShipType, origin *model.Planet) bool {
	spare := s.Fuel - p.tenderKeep(st)
	if tp := p.tradingAt(s.Loc); tp != nil && spare < st.MaxFuel.N/2 {
		p.buyFuel(s, st, tp, st.MaxFuel.N)
		spare = s.Fuel - p.tenderKeep(st)
	}
	p.topUp(s, st, 0)
	spare = s.Fuel - p.tenderKeep(st)
	if spare >= p.r.Ship(scout).Movement.N*2 && s.Loc.Dist(origin.Loc) <= min(st.Movement.N, s.Fuel) {
		if s.Loc != origin.Loc {
			p.moveTo(s, "MP %d %d", s.ID, origin.ID)
		} else {
			p.moved[s.ID] = true // it waits at the origin
		}
		p.tender += spare
		return true
	}
	if spare >= p.r.Ship(scout).Movement.N*2 && s.Fuel >= s.Loc.Dist(origin.Loc) {
		p.moveTo(s, "MP %d %d", s.ID, origin.ID)
		return true
	}
	// The nearest planets of ours with fuel to spare, round the origin.
	var src *model.Planet
	bestW := 0.0
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		spare := pl.Fuel - p.fuelFor[pl.ID] - 50
		d := s.Loc.Dist(pl.Loc)
		if pl.Kind == model.Origin || pl.Loc == s.Loc || spare < 100 || d > s.Fuel || pl.Loc.Dist(origin.Loc) > 2*st.Movement.N ||
			p.targeted[-pl.ID] || p.lastTurnAt(pl.Loc) <= p.turn+2 {
			continue
		}
		if w := float64(min(spare, st.MaxFuel.N-s.Fuel)) / float64(20+d+pl.Loc.Dist(origin.Loc)); src == nil || w > bestW {
			src, bestW = pl, w
		}
	}
	if src != nil {
		p.targeted[-src.ID] = true
		p.moveTo(s, "MP %d %d", s.ID, src.ID)
		return true
	}
	return p.toMarketFuel(s, st)
}

// fuelSource is the own planet, other than the origin, with the most fuel
// to spare per position of the way from near, within the ship's tank.
func (p *planner) fuelSource(s *model.Ship, near geom.Point) *model.Planet {
	var best *model.Planet
	bestW := 0.0
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		spare := pl.Fuel - p.fuelFor[pl.ID] - 100
		d := near.Dist(pl.Loc)
		if pl.Kind == model.Origin || spare < 150 || 2*d > s.Fuel+spare {
			continue
		}
		if w := float64(spare) / float64(20+d); best == nil || w > bestW {
			best, bestW = pl, w
		}
	}
	return best
}

// staging is an own planet with fuel on the way to a market the ship
// cannot reach and leave again from where it is: the nearer the market
// and the shorter the way round, the better; nil when there is none.
func (p *planner) staging(s *model.Ship, market geom.Point) *model.Planet {
	var best *model.Planet
	bestD := 0
	here := s.Loc.Dist(market)
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		toMkt := pl.Loc.Dist(market)
		if pl.Loc == s.Loc || toMkt >= here-10 || !p.fuelAt(pl.Loc) || !p.canGo(s, pl.Loc) {
			continue
		}
		if d := s.Loc.Dist(pl.Loc) + toMkt; best == nil || d < bestD {
			best, bestD = pl, d
		}
	}
	return best
}

// toFuel sends a ship without the fuel for its trip to the nearest own
// planet with fuel it can reach; false when there is none.
func (p *planner) toFuel(s *model.Ship, st *rules.ShipType) bool {
	var best *model.Planet
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		if pl.Loc == s.Loc || !p.fuelAt(pl.Loc) || s.Loc.Dist(pl.Loc)+2 > s.Fuel { // slack as in fillOnWay
			continue
		}
		if best == nil || s.Loc.Dist(pl.Loc) < s.Loc.Dist(best.Loc) {
			best = pl
		}
	}
	if best == nil {
		return false
	}
	p.moveTo(s, "MP %d %d", s.ID, best.ID)
	return true
}

func (p *planner) tradingAt(loc geom.Point) *model.TradingPlanet {
	for i := range p.k.Trading {
		if p.k.Trading[i].Planet.Loc == loc {
			return &p.k.Trading[i]
		}
	}
	return nil
}

func (p *planner) tradingByID(id int) *model.TradingPlanet {
	for i := range p.k.Trading {
		if p.k.Trading[i].Planet.ID == id {
			return &p.k.Trading[i]
		}
	}
	return nil
}

// marketLasts reports whether the ship can still trade at the trading
// planet when it gets there.
func (p *planner) marketLasts(s *model.Ship, tp *model.TradingPlanet) bool {
	st := p.r.Ship(s.Type)
	if st == nil || !st.Movement.OK || st.Movement.N <= 0 {
		return false
	}
	arrive := p.turn + (s.Loc.Dist(tp.Planet.Loc)+st.Movement.N-1)/st.Movement.N - 1
	return p.marketOpen(arrive) && arrive+1 <= p.marketLast(tp)
}

// marketOpen reports whether a ship reaching a trading planet by the end
// of turn arrive can trade there: a level that lands on the markets can
// always (see above and goTrade); others only before the pull starts.
func (p *planner) marketOpen(arrive int) bool { return p.lv.PullLanding || p.sellsAfter(arrive) }

// above is where a ship must end turn p.turn for the pull of Silverfall to
// leave it over the fixed planet at to (a trading planet or an origin):
// further out on the line from Silverfall, by the pull. ok is false when
// no point rounds onto it.
func (p *planner) above(to geom.Point) (at geom.Point, ok bool) {
	pull := p.r.GravityPull(p.turn)
	if pull <= 0 {
		return to, true
	}
	d := to.Exact(geom.Origin)
	if d == 0 {
		return to, false
	}
	f := (d + float64(pull)) / d
	c := geom.Point{X: geom.Round(float64(to.X) * f), Y: geom.Round(float64(to.Y) * f), Z: geom.Round(float64(to.Z) * f)}
	for dx := -2; dx <= 2; dx++ {
		for dy := -2; dy <= 2; dy++ {
			for dz := -2; dz <= 2; dz++ {
				q := geom.Point{X: c.X + dx, Y: c.Y + dy, Z: c.Z + dz}
				if q.Toward(geom.Origin, pull) == to && (!ok || q.Dist2(c) < at.Dist2(c)) {
					at, ok = q, true
				}
			}
		}
	}
	return at, ok
}

// goTrade sends a ship to the trading planet tp. Once the pull has
// started, a level that lands on the markets ends its last leg where the
// pull leaves it over the planet; false when the ship cannot go.
func (p *planner) goTrade(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	to := tp.Planet.Loc
	if p.marketsHold() && p.lv.PullLanding && p.r.GravityPull(p.turn) > 0 && s.Loc.Dist(to) <= st.Movement.N+p.r.GravityPull(p.turn) {
		at, ok := p.above(to)
		// Where the market sells fuel the ship needs no margin beyond the
		// way (two positions for the pull's rounding): it fills up there.
		if !ok || !p.canGo(s, at) && !(p.fuelAt(to) && s.Loc.Dist(at)+2 <= s.Fuel) {
			return false
		}
		p.moveTo(s, "MO %d %d %d %d", s.ID, at.X, at.Y, at.Z)
		return true
	}
	if !p.canGo(s, to) {
		return false
	}
	// A trip of more turns than one under the pull: each turn's pull may
	// draw the ship off its line by as much, and a trader that set out
	// with the fuel for the straight way alone ran dry short of the
	// market with its cargo.
	if n := st.Movement.N; p.lv.PullLanding && n > 0 && s.Loc.Dist(to) > n &&
		s.Fuel < s.Loc.Dist(to)+p.pullUntil(p.turn+ceilDiv(s.Loc.Dist(to), n)-1) {
		return false
	}
	p.moveTo(s, "MP %d %d", s.ID, tp.Planet.ID)
	return true
}

// goTradeAnyway sends a ship to the trading planet tp without the fuel to
// reach fuel again from it: it buys some there, or takes a planet nearby.
func (p *planner) goTradeAnyway(s *model.Ship, st *rules.ShipType, tp *model.TradingPlanet) bool {
	to := tp.Planet.Loc
	if p.marketsHold() && p.lv.PullLanding && p.r.GravityPull(p.turn) > 0 && s.Loc.Dist(to) <= st.Movement.N+p.r.GravityPull(p.turn) {
		at, ok := p.above(to)
		if !ok || s.Loc.Dist(at) > s.Fuel {
			return false
		}
		p.moveTo(s, "MO %d %d %d %d", s.ID, at.X, at.Y, at.Z)
		return true
	}
	p.moveTo(s, "MP %d %d", s.ID, tp.Planet.ID)
	return true
}

// sellsAfter reports whether a ship that reaches a trading planet by the
// end of turn arrive is still over it when the next turn's trade is done:
// the pull draws the trading planets in with the ships above them; where
// a house rule holds the trading planets, the pull draws the ships off
// them at the end of each turn from its start.
func (p *planner) sellsAfter(arrive int) bool {
	return !p.marketsHold() || p.r.GravityPull(arrive) == 0
}

// bestMarket is the trading planet that pays most for the ship's cargo
// per position of the way there, among those still there on arrival.
func (p *planner) bestMarket(s *model.Ship) *model.TradingPlanet {
	var best *model.TradingPlanet
	bestWorth := 0.0
	for i := range p.k.Trading {
		tp := &p.k.Trading[i]
		if !p.marketLasts(s, tp) {
			continue
		}
		worth := 0
		for t, n := range s.Cargo {
			worth += n * tp.Prices.Ore[t]
		}
		w := float64(worth+1) / float64(20+s.Loc.Dist(tp.Planet.Loc))
		if best == nil || w > bestWorth {
			best, bestWorth = tp, w
		}
	}
	return best
}

// fight engages hostile ships within two turns' reach; false when there
// is none.
func (p *planner) fight(s *model.Ship, st *rules.ShipType, threats []model.Ship) bool {
	reach := min(st.Movement.N*2, s.Fuel)
	var target *model.Ship
	bestW := 0.0
	for i := range threats {
		t := &threats[i]
		tt := p.r.Ship(t.Type)
		if tt == nil || t.Owner != p.r.Game.PlayerSauran && tt.Armed() {
			continue // raids go after the unarmed
		}
		// Sauran's ships an ally is at are fought together, from further
		// off; his stations only so.
		joint := p.lv.JointAttacks && t.Owner == p.r.Game.PlayerSauran && p.allyNear(t.Loc)
		r := reach
		if joint {
			r = min(st.Movement.N*p.lv.JointReach, s.Fuel)
		} else if !tt.CanMove() {
			continue
		}
		d := s.Loc.Dist(t.Loc)
		if d > r || s.Fuel-d < p.toSafety(t.Loc) {
			continue
		}
		w := 1 / float64(10+d)
		if joint {
			w *= 4
		}
		if target == nil || w > bestW {
			target, bestW = t, w
		}
	}
	if target == nil {
		return false
	}
	p.topUp(s, st, 0)
	if target.Loc == s.Loc {
		p.moveTo(s, "DF %d %d", s.ID, target.Owner)
	} else {
		p.moveTo(s, "EN %d %d %d %d %d", s.ID, target.Owner, target.Loc.X, target.Loc.Y, target.Loc.Z)
	}
	return true
}

// allyNear reports whether a ship of an ally is within the level's reach
// of a joint attack of loc.
func (p *planner) allyNear(loc geom.Point) bool {
	if p.allies == nil {
		p.allies = newNearSet(p.lv.JointRadius)
		for _, o := range p.k.ForeignShips {
			if p.k.Empire.HasAlly(o.Owner) {
				p.allies.add(o.Loc)
			}
		}
	}
	return p.allies.near(loc)
}

// claim sends a ship to the independent planet it can take soonest: the
// nearest unowned one it knows of within its fuel that no other ship of
// ours is sent to, else out into the unknown within reach of fuel. It
// loads the fuel of the planet it is at first.
func (p *planner) claim(s *model.Ship, st *rules.ShipType) {
	p.topUp(s, st, 0)
	var best *model.Planet
	bestW := 0.0
	// Late in the game the ships made for it claim for the end: the
	// others keep the planets near the markets, where trade needs fuel.
	late := p.late(st)
	if late && p.lv.Shell && p.shell(s, st) {
		return
	}
	for i := range p.k.ForeignPlanets {
		fp := &p.k.ForeignPlanets[i]
		if fp.Owner != 0 || fp.Kind != model.Independent || p.targeted[fp.ID] || fp.DefenceUnits > 0 {
			continue
		}
		d := s.Loc.Dist(fp.Loc)
		if !p.canGo(s, fp.Loc) || fp.Loc.Within(geom.Origin, p.r.Movement.DestructionRadius+10) {
			continue
		}
		if fp.Loc == s.Loc {
			d = 0
		}
		w := 1 / float64(10+d)
		if late {
			// Late in the game, the planets that last to the end count:
			// the share of the planets held then wins the game.
			last := p.lastTurnAt(fp.Loc)
			if last <= p.turn+1 {
				continue
			}
			if last <= p.r.Game.ExpectedLastTurn {
				continue
			}
		}
		if best == nil || w > bestW {
			best, bestW = fp, w
		}
	}
	if best != nil {
		p.targeted[best.ID] = true
		if best.Loc != s.Loc {
			p.moveTo(s, "MP %d %d", s.ID, best.ID)
		} else if p.inDanger(s, st) {
			p.outward(s, st)
		}
		return
	}
	if p.inDanger(s, st) {
		if !p.toFuel(s, st) {
			p.outward(s, st)
		}
		return
	}
	// A planet out of sight: the turn finds one within reach. The ship
	// goes only with the fuel to come back to fuel from wherever it lands.
	if n := st.Movement.N; p.lv.FindPlanets && s.Fuel-n >= p.toSafety(s.Loc)+n && !p.tooFarIn(s, n) && p.mayLeave(s) {
		p.moveTo(s, "FP %d 0", s.ID)
		return
	}
	if pl := p.own[s.Loc]; pl != nil && pl.Kind == model.Origin {
		if p.outNow >= p.outAllowed {
			return // stays in the fleet at home
		}
		p.outNow++
	} else if p.outNow > p.outAllowed {
		p.outNow--
		p.home(s)
		return
	}
	if !p.explore(s, st) && !p.fuelAt(s.Loc) {
		p.toFuel(s, st)
	}
}

// late reports whether a ship of type st claims for the end of the game:
// the planet-takers from the level's turn, every ship from a later one.
func (p *planner) late(st *rules.ShipType) bool {
	return p.turn >= p.lv.OutwardFrom && role(st) == roleClaimer || p.turn >= p.lv.AllOutFrom || p.contending()
}

// contending reports whether the empire, in the level's last turns for
// it, is on its way to the score a win needs (its score now, with this
// turn's tax less upkeep for each turn left, reaches five million) and
// so sends every ship it can spare, its empty traders and its guards
// too, to take planets that last: the share of the planets is then all
// it lacks, and what trade would still bring counts for less.
func (p *planner) contending() bool {
	if p.lv.ContendFrom == 0 || p.turn < p.lv.ContendFrom {
		return false
	}
	left := max(0, p.r.Game.ExpectedLastTurn-p.turn+1)
	score := p.k.Empire.Credits + (p.tax-p.upkeep)*left + len(p.k.Planets)*p.r.Score.PerPlanet +
		len(p.k.Ships)*p.r.Score.PerShip + p.k.Empire.Points
	return score >= p.r.Winning.Score
}

// canFind reports whether the ship has the fuel for an FP: the planet it
// finds may be as far as its movement, and a ship that runs dry on the
// way stops short of it, in empty space, where it can load nothing. Two
// positions more allow for the pull's rounding.
func (p *planner) canFind(s *model.Ship, st *rules.ShipType) bool {
	return s.Fuel >= st.Movement.N+2
}

// survivors is how far from Silverfall a planet must be now to be there
// still at the end of the game's expected last turn, with a little to
// spare for the rounding of the pull's steps.
func (p *planner) survivors() int {
	return p.r.Movement.DestructionRadius + p.pullUntil(p.r.Game.ExpectedLastTurn) + 3
}

// shell claims for the end of the game. The planets that outlast the pull
// lie in a thin shell far out, some 70 apart, while a planet-taker sees
// only 35 around it: it goes to one it sees, else it finds one with FP
// (a random planet within its reach, not its own or an ally's) from a
// stance so far out that most of its reach lies among the planets that
// last, else it moves out to that stance. The share of the planets held at
// the end is what wins. false when the ship has not the fuel to go on.
func (p *planner) shell(s *model.Ship, st *rules.ShipType) bool {
	rs := p.survivors()
	var best *model.Planet
	bestD := 0
	for i := range p.k.ForeignPlanets {
		fp := &p.k.ForeignPlanets[i]
		if fp.Kind != model.Independent || p.targeted[fp.ID] || fp.Owner != 0 && p.k.Empire.HasAlly(fp.Owner) ||
			fp.Loc.Dist(geom.Origin) <= rs {
			continue
		}
		d := s.Loc.Dist(fp.Loc)
		if fp.Loc != s.Loc && d > s.Fuel-5 {
			continue
		}
		if fp.Owner != 0 {
			d += 40 // a rival's planet may have defence units: an unowned one first
		}
		if best == nil || d < bestD {
			best, bestD = fp, d
		}
	}
	if best != nil {
		if best.Loc != s.Loc && !p.mayLeave(s) {
			return true
		}
		p.targeted[best.ID] = true
		if best.Loc != s.Loc {
			p.moveTo(s, "MP %d %d", s.ID, best.ID)
		}
		return true
	}
	rho := s.Loc.Dist(geom.Origin)
	stance := rs + st.Movement.N - p.lv.ShellSlack
	if (s.Fuel < max(0, stance-rho)+st.Movement.N || !p.onPlanet(s.Loc) && s.Fuel < 2*st.Movement.N) && p.fillOnWay(s, st, rs) {
		return true
	}
	m := min(st.Movement.N, s.Fuel)
	if m < st.Movement.N/2 {
		return false
	}
	stance = rs + m - p.lv.ShellSlack
	if !p.mayLeave(s) {
		return true
	}
	if rho >= stance && p.lv.FindPlanets {
		// Out in empty space the last FP may have found nothing left to
		// take within reach (its own planets do not count): then it moves
		// along the shell to where it holds fewer, and looks there.
		if !p.unowned(s.Loc) && (p.turn+s.ID)%2 == 0 && p.relocate(s, st, stance, m) {
			return true
		}
		if !p.canFind(s, st) {
			return false
		}
		p.moveTo(s, "FP %d 0", s.ID)
		return true
	}
	n := min(stance-rho, st.Movement.N, s.Fuel-st.Movement.N/2)
	if n <= 0 || rho == 0 {
		return false
	}
	far := geom.Point{X: 3 * s.Loc.X, Y: 3 * s.Loc.Y, Z: 3 * s.Loc.Z}
	to := s.Loc.Toward(far, n)
	p.moveTo(s, "MO %d %d %d %d", s.ID, to.X, to.Y, to.Z)
	return true
}

// onPlanet reports whether a planet the sheet shows is at loc.
func (p *planner) onPlanet(loc geom.Point) bool {
	if p.own[loc] != nil {
		return true
	}
	for i := range p.k.ForeignPlanets {
		if p.k.ForeignPlanets[i].Loc == loc {
			return true
		}
	}
	return false
}

// knownDry reports whether the planet at loc is the one scanned last
// turn and held no fuel then (of other planets the fuel is unknown).
func (p *planner) knownDry(loc geom.Point) bool {
	sp := p.k.ScannedPlanet
	return sp != nil && sp.Loc == loc && sp.Fuel == 0
}

// unowned reports whether a planet no one holds is at loc (a ship above
// it takes it at the end of the turn).
func (p *planner) unowned(loc geom.Point) bool {
	for i := range p.k.ForeignPlanets {
		if fp := &p.k.ForeignPlanets[i]; fp.Loc == loc && fp.Owner == 0 {
			return true
		}
	}
	return false
}

// ownWithin counts the planets of ours and of allies within n of loc:
// FP does not go to them.
func (p *planner) ownWithin(loc geom.Point, n int) int {
	c := 0
	for i := range p.k.Planets {
		if p.k.Planets[i].Loc.Within(loc, n) {
			c++
		}
	}
	for i := range p.k.ForeignPlanets {
		if fp := &p.k.ForeignPlanets[i]; fp.Owner != 0 && p.k.Empire.HasAlly(fp.Owner) && fp.Loc.Within(loc, n) {
			c++
		}
	}
	return c
}

// relocate moves a planet-taker along the stance sphere (stance from
// Silverfall) to a point within its move from which an FP of reach m
// finds the fewest planets of ours: fresh ground. false when it cannot.
func (p *planner) relocate(s *model.Ship, st *rules.ShipType, stance, m int) bool {
	step := min(st.Movement.N, s.Fuel-st.Movement.N/2)
	if step < 20 {
		return false
	}
	var best geom.Point
	bestW, found := 0, false
	for try := 0; try < 16; try++ {
		q := geom.Point{X: s.Loc.X + p.rng.IntN(2*step+1) - step, Y: s.Loc.Y + p.rng.IntN(2*step+1) - step,
			Z: s.Loc.Z + p.rng.IntN(2*step+1) - step}
		d := q.Exact(geom.Origin)
		if d == 0 {
			continue
		}
		f := float64(stance) / d
		q = geom.Point{X: geom.Round(float64(q.X) * f), Y: geom.Round(float64(q.Y) * f), Z: geom.Round(float64(q.Z) * f)}
		if s.Loc.Dist(q) > step || s.Loc.Dist(q) < step/2 {
			continue
		}
		if w := -1000*p.ownWithin(q, m+20) + s.Loc.Dist(q); !found || w > bestW {
			best, bestW, found = q, w, true
		}
	}
	if !found {
		return false
	}
	p.moveTo(s, "MO %d %d %d %d", s.ID, best.X, best.Y, best.Z)
	return true
}

// fillOnWay sends a planet-taker without the fuel to reach the planets
// that last and look for them there to fuel on its way out: a planet of
// ours with fuel to spare, or one it sees that no one holds, to take it
// and load its fuel (most planets hold some); the further out the
// better. false when there is none within its fuel.
func (p *planner) fillOnWay(s *model.Ship, st *rules.ShipType, rs int) bool {
	var best *model.Planet
	bestW := 0
	try := func(pl *model.Planet) {
		d := s.Loc.Dist(pl.Loc)
		// Two positions of slack: the pull draws ship and planet in by
		// rounded steps of their own, and a ship that arrives dry one
		// position off cannot load.
		if pl.Loc == s.Loc || d+2 > s.Fuel || p.targeted[pl.ID] || p.lastTurnAt(pl.Loc) <= p.turn+2 {
			return
		}
		if w := 2*pl.Loc.Dist(geom.Origin) - d; best == nil || w > bestW {
			best, bestW = pl, w
		}
	}
	for i := range p.k.Planets {
		if pl := &p.k.Planets[i]; p.fuelAt(pl.Loc) {
			try(pl)
		}
	}
	for i := range p.k.ForeignPlanets {
		if fp := &p.k.ForeignPlanets[i]; fp.Owner == 0 && fp.Kind == model.Independent {
			try(fp)
		}
	}
	if best == nil || best.Loc.Dist(geom.Origin) < s.Loc.Dist(geom.Origin)-st.Movement.N/2 || !p.mayLeave(s) {
		return false
	}
	if p.own[best.Loc] == nil {
		p.targeted[best.ID] = true
	}
	p.moveTo(s, "MP %d %d", s.ID, best.ID)
	return true
}

// explore moves a ship out into the unknown: a point within its reach and
// its fuel, away from the black hole, from which it can still get back to
// fuel.
func (p *planner) explore(s *model.Ship, st *rules.ShipType) bool {
	reach := min(st.Movement.N, s.Fuel-p.lv.FuelMargin)
	if reach <= 10 {
		return false
	}
	minR := p.r.Movement.DestructionRadius + 40 + p.pullUntil(p.turn+2)
	// Late in the game the search goes outward, where the planets last.
	late := p.turn >= p.lv.OutwardFrom
	var best geom.Point
	found := false
	for try := 0; try < 12; try++ {
		to := geom.Point{X: s.Loc.X + p.rng.IntN(2*reach+1) - reach, Y: s.Loc.Y + p.rng.IntN(2*reach+1) - reach,
			Z: s.Loc.Z + p.rng.IntN(2*reach+1) - reach}
		if !to.Within(geom.Origin, p.r.Game.MapRadius+60) || to.Within(geom.Origin, minR) || s.Loc.Dist(to) > reach ||
			!p.canGo(s, to) {
			continue
		}
		if !found || late && to.Dist2(geom.Origin) > best.Dist2(geom.Origin) {
			best, found = to, true
		}
		if !late {
			break
		}
	}
	if found {
		p.moveTo(s, "MO %d %d %d %d", s.ID, best.X, best.Y, best.Z)
	}
	return found
}

// tooFarIn reports whether, late in the game, the planets within n of
// the ship fall into Silverfall before the end: FP would find those.
func (p *planner) tooFarIn(s *model.Ship, n int) bool {
	if p.turn < p.lv.OutwardFrom {
		return false
	}
	end := p.r.Game.ExpectedLastTurn
	return s.Loc.Dist(geom.Origin)-p.pullUntil(end) < p.r.Movement.DestructionRadius
}

// mayLeave reports whether a ship at the origin may go out, counting it
// out when it may.
func (p *planner) mayLeave(s *model.Ship) bool {
	if pl := p.own[s.Loc]; pl == nil || pl.Kind != model.Origin {
		return true
	}
	if p.outNow >= p.outAllowed {
		return false
	}
	p.outNow++
	return true
}

// home brings a ship to the empire's origin planet to join the fleet
// there, if its fuel reaches.
func (p *planner) home(s *model.Ship) {
	pl := p.origin
	if pl == nil || pl.Loc == s.Loc {
		return
	}
	if p.lv.PullLanding && p.r.GravityPull(p.turn) > 0 {
		// The origin holds its place while the pull draws the ships off
		// it: a ship that moved onto it would be drawn off again before it
		// could load. It stops where the pull leaves it over the origin;
		// further than a move, it goes a move's way toward that point and
		// plans the rest under the next turn's pull.
		at, ok := p.above(pl.Loc)
		st := p.r.Ship(s.Type)
		if !ok || st == nil || !st.Movement.OK || s.Loc.Dist(at) > s.Fuel {
			return
		}
		if s.Loc.Dist(at) > st.Movement.N {
			at = s.Loc.Toward(at, st.Movement.N)
		}
		p.moveTo(s, "MO %d %d %d %d", s.ID, at.X, at.Y, at.Z)
		return
	}
	if s.Loc.Dist(pl.Loc) <= s.Fuel {
		p.moveTo(s, "MP %d %d", s.ID, pl.ID)
	}
}

// outward moves a ship straight away from Silverfall, as far as its fuel
// allows this turn.
func (p *planner) outward(s *model.Ship, st *rules.ShipType) {
	n := min(st.Movement.N, s.Fuel)
	if n <= 0 {
		return
	}
	far := geom.Point{X: 3 * s.Loc.X, Y: 3 * s.Loc.Y, Z: 3 * s.Loc.Z}
	away := s.Loc.Toward(far, n)
	if away == s.Loc || !away.Within(geom.Origin, p.r.Game.MapRadius+100) {
		return
	}
	p.moveTo(s, "MO %d %d %d %d", s.ID, away.X, away.Y, away.Z)
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

// build builds at each battle station or monitor what the level wants
// more of: cargo ships, then ships to take planets, then warships; only
// what the tax keeps, and only where the new ship can load fuel the next
// turn before the pull of Silverfall draws it off.
func (p *planner) build() {
	if p.thrifty() {
		return
	}
	for _, s := range p.k.Ships {
		per := p.r.Builds(s.Type)
		pl := p.own[s.Loc]
		if per == 0 || s.Inside != 0 || pl == nil {
			continue
		}
		tended := pl.Kind == model.Origin && p.r.GravityPull(p.turn) > 0 && p.tender > 0
		if !tended && (pl.Kind == model.Origin && p.r.GravityPull(p.turn) > 0 || p.starved[pl.ID] > 0) {
			// The new ship would drift off the planet before it could load
			// fuel, or wait for fuel behind others.
			continue
		}
		for n := 0; n < per; n++ {
			want := p.nextBuild()
			if want == nil || want.Customisable {
				return
			}
			if p.tankerFuel > 0 && pl.Kind == model.Origin && role(want) != roleTanker &&
				pl.Fuel-p.fuelFor[pl.ID] < p.buildFuel(want) {
				// The origin cannot fuel what is wanted: the first tanker
				// comes first, to bring more.
				want = p.r.Ship(tanker)
			}
			if role(want) == roleTanker && pl.Kind == model.Origin {
				p.fuelFor[pl.ID] -= p.tankerFuel // the fuel kept for it
				p.tankerFuel = 0
			}
			fuel := p.buildFuel(want)
			if tended {
				// A tanker waits at the origin with the fuel.
				if p.tender < fuel || pl.Industry < p.r.BuildIndustry(want) {
					return
				}
			} else if pl.Fuel-p.fuelFor[pl.ID] < fuel || pl.Industry < p.r.BuildIndustry(want) {
				return
			}
			// A new ship is a fleet of its own once it leaves.
			if !p.spend(p.r.BuildCost(want, 0, 0), p.r.CrewPay(want)+p.r.Upkeep.Fleet, p.lv.BuildMargin) {
				return
			}
			pl.Industry -= p.r.BuildIndustry(want)
			if tended {
				p.tender -= fuel
			} else {
				p.fuelFor[pl.ID] += fuel
			}
			p.add("BS %d %d", s.ID, want.ID)
			switch role(want) {
			case roleTrader:
				p.traders++
			case roleClaimer:
				p.claimers++
			case roleTanker:
				p.tankers++
			default:
				p.warships++
			}
		}
	}
}

// nextBuild is the ship type the level is shortest of, by the share of
// what it wants that it has; nil when it has all it wants. Cargo ships
// are not built once a new one could no longer load and reach a market
// before the pull keeps ships from trading, or takes the markets.
func (p *planner) nextBuild() *rules.ShipType {
	lv := p.lv
	if st := p.strikeBuild(); st != nil {
		return st // the strike wing for the joint attacks (sauran.go)
	}
	cargo := lv.CargoShips
	if p.turn > lv.CargoUntil || !p.marketOpen(p.turn+4) || p.turn+4 > p.lastMarket() {
		cargo = 0
	}
	wants := []struct{ have, want, typ int }{
		{p.tankers, lv.Tankers, tanker}, {p.claimers, lv.Claimers, scout},
		{p.traders, cargo, lv.CargoType}, {p.warships - p.wing(), lv.Warships, lv.warshipType()},
	}
	if lv.Tend && p.tankers == 0 && lv.Tankers > 0 && p.traders >= min(4, cargo) {
		return p.r.Ship(tanker) // the origin keeps the fuel for it (see build)
	}
	if p.traders < min(lv.CargoFirst, cargo) {
		return p.r.Ship(lv.CargoType) // trade pays from the first turns
	}
	if lv.Tend && p.tankers < lv.Tankers && p.turn >= lv.OutwardFrom {
		return p.r.Ship(tanker) // the fuel for the ships built from now on
	}
	best, bestShare := -1, 0.0
	for i, w := range wants {
		if w.have >= w.want {
			continue
		}
		if share := float64(w.have) / float64(w.want); best < 0 || share < bestShare {
			best, bestShare = i, share
		}
	}
	if best < 0 {
		return nil
	}
	return p.r.Ship(wants[best].typ)
}

// The ship types the computer builds besides its cargo ships (the level's
// choice): chosen from the ship table for their work (a scout, a large
// fighter, a small tanker).
const (
	scout   = 1
	warship = 3
	tanker  = 14
)

// scans looks at a rival's ship and planet each turn: the nearest ones
// of players who are not allies.
func (p *planner) scans() {
	if !p.lv.Scans || len(p.k.Planets) == 0 {
		return
	}
	home := p.k.Planets[0].Loc
	// A scan of a ship fails when the ship is lost in the turn's battles
	// first: the scans go to stations, which last, or to rivals' ships
	// far from Sauran's and from our raids.
	sauran := p.r.Game.PlayerSauran
	nearSauran, nearRaid := newNearSet(200), newNearSet(150)
	for _, o := range p.k.ForeignShips {
		if o.Owner == sauran {
			nearSauran.add(o.Loc)
		}
	}
	for _, o := range p.k.Ships {
		if st := p.r.Ship(o.Type); st != nil && st.Armed() {
			nearRaid.add(o.Loc)
		}
	}
	safe := func(s *model.Ship) bool {
		if st := p.r.Ship(s.Type); st != nil && !st.CanMove() && st.Defence.Max >= 30 {
			return true
		}
		if s.Owner == sauran || s.Owner == p.enemyPlan {
			return false
		}
		return !nearSauran.near(s.Loc) && !nearRaid.near(s.Loc)
	}
	var ship *model.Ship
	for i := range p.k.ForeignShips {
		s := &p.k.ForeignShips[i]
		if s.Owner == p.me || p.k.Empire.HasAlly(s.Owner) || !safe(s) {
			continue
		}
		if ship == nil || home.Dist(s.Loc) < home.Dist(ship.Loc) {
			ship = s
		}
	}
	if ship != nil {
		p.add("SS %d", ship.ID)
	}
	// Sauran's whole fleet, for attacks with allies, once a scan of him
	// has a chance; each scan also costs him interceptors, and brings back
	// a share of his credits.
	if p.lv.ScanSauran && (len(p.k.Empire.Allies) > 0 || p.lv.SauranRaids > 1) && p.turn >= p.r.Game.SauranScanFromTurn && p.sauranWorthScanning() {
		p.raidSauran()
	}
	var planet *model.Planet
	for i := range p.k.ForeignPlanets {
		fp := &p.k.ForeignPlanets[i]
		if fp.Owner == 0 || fp.Owner == p.me || p.k.Empire.HasAlly(fp.Owner) {
			continue
		}
		if planet == nil || home.Dist(fp.Loc) < home.Dist(planet.Loc) {
			planet = fp
		}
	}
	if planet != nil {
		p.add("SP %d", planet.ID)
	}
}

// clean drops every order the checker finds an error in, until none is
// left: what the computer gives always passes.
func (p *planner) clean(c *check.Checker, orders []order.Order) []order.Order {
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

// thrifty reports whether the game is so near its expected end that a
// mine or a ship no longer pays for itself: the credits count for the
// score as they are, a ship only 5,000 and its upkeep every turn.
func (p *planner) thrifty() bool {
	return p.lv.ThriftTurns > 0 && p.turn > p.r.Game.ExpectedLastTurn-p.lv.ThriftTurns
}
