package ai

import (
	"fmt"
	"math/rand/v2"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
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
// forecast_upkeep plans its purchases on the end of turn's pay that the
// engine's forecast (the one the window shows a player) gives for its
// moves; one with budget_turns weighs them by the turn's forecast too. Every order it gives passes the checker with no error: orders that
// would fail are dropped before they are given.
func Play(r *rules.Rules, k *model.Knowledge, seed uint64, lv *Level) []order.Order {
	c := check.New(r, k)
	p := planOn(r, k, seed, lv, -1)
	orders := clean(c, p.out)
	if lv.ForecastUpkeep {
		// The plan's purchases judged by the engine's pay: its moves
		// forecast without them, and planned again on the upkeep that
		// forecast shows (the fleets where the moves leave them).
		p = planOn(r, k, seed, lv, c.Forecast(withoutPurchases(orders)).Upkeep)
		orders = clean(c, p.out)
	}
	if lv.BudgetTurns > 0 {
		orders = p.budget(c, orders)
	}
	if lv.JudgeMoves {
		orders = p.judgeMoves(c, orders)
	}
	return orders
}

// planOn makes the plan on a copy of the sheet k: the plan keeps its own
// account of fuel, ore and industry as it goes, while the checker sees the
// sheet as it is. upkeep, when not negative, is the end of turn's pay the
// plan's account starts from (a forecast's) instead of the sheet's with
// the plan's margin for the ships it sends out.
func planOn(r *rules.Rules, k *model.Knowledge, seed uint64, lv *Level, upkeep int) *planner {
	mine := *k
	mine.Planets = append([]model.Planet(nil), k.Planets...)
	mine.Ships = append([]model.Ship(nil), k.Ships...)
	p := newPlanner(r, &mine, seed, lv)
	if upkeep >= 0 {
		p.upkeep = upkeep
	}
	p.plan()
	return p
}

// purchase reports whether o buys something that the end of the turn pays
// for, or that costs credits now: a ship, a mine, interceptors, defence
// units.
func purchase(o order.Order) bool {
	switch o.Code {
	case order.BS, order.SM, order.PI, order.BU:
		return true
	}
	return false
}

// withoutPurchases is orders without the purchases.
func withoutPurchases(orders []order.Order) []order.Order {
	out := make([]order.Order, 0, len(orders))
	for _, o := range orders {
		if !purchase(o) {
			out = append(out, o)
		}
	}
	return out
}

// budget weighs the purchases of the plan by the turn's forecast, the same
// a player gets: the plan knows no sales (and, without forecast_upkeep,
// counts each ship that can move a fleet of its own), the forecast knows
// the turn's upkeep and takings. While
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
			if purchase(o) {
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

	me, turn           int      // the player, and the turn the orders are for
	account                     // credits, tax and upkeep as the plan stands (economy.go)
	pay                turn.Pay // the engine's end of turn pay for the ships as the sheet shows them
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
	newDug             int           // ore the mines the plan starts dig a turn, in hundredths of a cargo unit (tradepays.go)
	origin             *model.Planet // the empire's origin (in k.Planets); nil when it has none
	outAllowed, outNow int           // ships away from the origin the tax keeps, and how many are

	// vw answers what the sheet shows about a place (view.go).
	vw *view
	// mk judges the markets and the pull (markets.go).
	mk *markets

	// stations is the station of Sauran the warships go for with the
	// allies this turn (sauran.go).
	stations stationPlan

	tankersAt map[geom.Point][]int // fromTanker's tankers, by place
	tankersOf *model.Ship          // the list tankersAt is of

	officers map[int]*model.Officer // the empire's officers, for the ships' movement range (trips.go)
}

func newPlanner(r *rules.Rules, k *model.Knowledge, seed uint64, lv *Level) *planner {
	p := &planner{r: r, k: k, lv: lv, rng: rand.New(rand.NewPCG(seed, uint64(k.Empire.Player))), me: k.Empire.Player,
		turn: k.Turn + 1, account: account{credits: k.Empire.Credits, level: lv}, own: map[geom.Point]*model.Planet{}, ownByID: map[int]*model.Planet{},
		targeted: map[int]bool{}, moved: map[int]bool{}, fuelFor: map[int]int{}, starved: map[int]int{}}
	p.vw = &view{r: r, k: k, lv: lv, own: p.own}
	p.mk = &markets{r: r, k: k, lv: lv, turn: p.turn}
	p.officers = model.OfficerMap(k.Officers)
	for i := range k.Planets {
		pl := &k.Planets[i]
		p.own[pl.Loc] = pl
		p.ownByID[pl.ID] = pl
	}
	// The tax and the pay are the engine's, for the planets and ships as
	// the sheet shows them (what the host's end of turn takes if nothing
	// moved), with the plan's margin for the ships it sends out
	// (spreadUpkeep).
	p.tax = turn.Tax(k.Planets)
	p.pay = turn.ShipsPay(r, k.Ships, k.Empire.Interceptors)
	p.upkeep = p.pay.Total() + p.spreadUpkeep()
	for _, s := range k.Ships {
		if st := r.Ship(s.Type); st != nil {
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
	// Short of money, ships come home, where they are one fleet, rather
	// than wander at a fleet's upkeep each.
	now := p.pay.Crew + p.pay.Interceptors
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

// spreadUpkeep is the plan's margin over the engine's pay for the ships
// where they are: every movable ship is counted a fleet of its own (the
// plan sends most of them out), and the ships that stay (the stations)
// one fleet a place. It is what the engine's pay would be with the
// movable ships spread out so, less that pay's fleets now.
func (p *planner) spreadUpkeep() int {
	spread := map[geom.Point]bool{}
	fleets := 0
	for _, s := range p.k.Ships {
		if st := p.r.Ship(s.Type); st == nil {
			continue
		} else if st.CanMove() {
			fleets++
		} else if !spread[s.Loc] {
			spread[s.Loc] = true
			fleets++
		}
	}
	return fleets*p.r.Upkeep.Fleet - turn.ShipsPay(p.r, p.k.Ships, 0).Fleets
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
	p.guardAttacked() // attacked, the origin's defence comes before mines and ships (economy.go)
	p.mines()
	p.planStations()
	p.ships()
	p.build()
	p.defence()
	p.scans()
	p.lastRaids()
	p.names()
}

// clean drops every order the checker finds an error in, until none is
// left: what the computer gives always passes.
func clean(c *check.Checker, orders []order.Order) []order.Order {
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
