package ai

import (
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// account is the plan's purse: the credits left for what it buys, and the
// tax and upkeep at the end of the turn as the plan stands. Each purchase
// asks it first and is entered in it, so the later parts of the plan see
// what the earlier ones spent.
type account struct {
	credits int // left for what the plan buys, as it goes
	tax     int // the tax the planets bring at the end of the turn
	upkeep  int // the pay at the end of the turn, as the plan stands
	level   *Level
}

// deficit is how much more the end of the turn pays out than the tax
// brings in, with extra more upkeep.
func (a *account) deficit(extra int) int { return max(0, a.upkeep+extra-a.tax) }

// afford reports whether the plan can pay cost now and extra more upkeep
// each turn and still cover the level's turns of any deficit, keeping
// margin besides.
func (a *account) afford(cost, extra, margin int) bool {
	return a.credits-cost-a.deficit(extra)*a.level.ReserveTurns >= margin
}

// invest pays for what pays for itself soon (a mine) keeping only one
// turn of any deficit and the level's margin, when the level invests so.
func (a *account) invest(cost, extra int) bool {
	if !a.level.InvestFromReserve || a.credits-cost-a.deficit(extra) < a.level.BuildMargin {
		return false
	}
	a.credits -= cost
	a.upkeep += extra
	return true
}

// spend pays cost now and enters extra more upkeep, when afford allows.
func (a *account) spend(cost, extra, margin int) bool {
	if !a.afford(cost, extra, margin) {
		return false
	}
	a.credits -= cost
	a.upkeep += extra
	return true
}

// mines starts mines where the ore left in the ground is worth most at
// the markets' base prices. A mine pays for itself in about a turn.
func (p *planner) mines() {
	// Nor once its ore could no longer reach a market before the pull
	// takes them: a mine pays only by the ore sold.
	if p.thrifty() || p.turn+p.lv.ThriftTurns > p.mk.lastMarket() {
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
				worth := min(ore, 10*p.r.Mining.Rates[t]) * p.mk.orePrice(t)
				if ore > 0 && !mined[[2]int{pl.ID, t + 1}] && worth > bestWorth && p.minePays(&pl, t) {
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
		p.newDug += p.r.Mining.Rates[bestType-1] * 100 / p.r.Ore.PerCargoUnit[bestType-1]
		count[bestPlanet]++
		mined[[2]int{bestPlanet, bestType}] = true
	}
}

// defence buys interceptors and planet defence units when there is money
// to spare.
func (p *planner) defence() {
	ir := p.r.Interceptors
	if want := p.interceptorsWanted(); want > p.lv.Interceptors {
		// Raided: the treasury is worth guarding, at once.
		if n := want - p.k.Empire.Interceptors; n > 0 && p.spend(n*ir.Cost, n*ir.PayPerTurn, p.lv.BuildMargin) {
			p.add("PI %d", n)
		}
	} else if n := p.lv.Interceptors - p.k.Empire.Interceptors; n >= 5 && p.spend(5*ir.Cost, 5*ir.PayPerTurn, 200_000) {
		p.add("PI %d", 5)
	}
	pd := p.r.PlanetDefence
	if p.lv.LockPlanets && p.turn >= p.lv.OutwardFrom {
		// A planet with defence units cannot be taken: those that last to
		// the end, and so count for the win, get one.
		for _, pl := range p.k.Planets {
			if pl.Kind == model.Independent && pl.DefenceUnits == 0 && pl.Population >= pd.MinPopulation &&
				pl.Industry >= pd.IndustryPerUnit && p.mk.outlasts(pl.Loc) && p.spend(pd.UnitCost, 0, p.lv.BuildMargin) {
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
				pl.Fuel-p.fuelFor[pl.ID] < p.lv.buildFuel(want) {
				// The origin cannot fuel what is wanted: the first tanker
				// comes first, to bring more.
				want = p.r.Ship(tanker)
			}
			if role(want) == roleTanker && pl.Kind == model.Origin {
				p.fuelFor[pl.ID] -= p.tankerFuel // the fuel kept for it
				p.tankerFuel = 0
			}
			fuel := p.lv.buildFuel(want)
			if tended {
				// A tanker waits at the origin with the fuel.
				if p.tender < fuel || pl.Industry < p.r.BuildIndustry(want) {
					return
				}
			} else if pl.Fuel-p.fuelFor[pl.ID] < fuel || pl.Industry < p.r.BuildIndustry(want) {
				return
			}
			// A new ship is a fleet of its own once it leaves.
			if !p.spend(p.r.BuildCost(want, 0, 0), turn.AlonePay(p.r, want), p.lv.BuildMargin) {
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
	cargo := p.cargoWanted()
	if p.turn > lv.CargoUntil || !p.mk.marketOpen(p.turn+4) || p.turn+4 > p.mk.lastMarket() {
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

// guardAttacked buys defence units for the origin, and keeps them active,
// once the sheet shows a player attacked the empire: up to the level's
// figure, as the credits allow beyond the level's margin.
func (p *planner) guardAttacked() {
	pd := p.r.PlanetDefence
	if p.lv.AttackedDefence == 0 || p.origin == nil || len(attackers(p.k, p.r.Game.PlayerSauran)) == 0 {
		return
	}
	pl := p.origin
	n := min(pd.MaxPerTurn, p.lv.AttackedDefence-pl.DefenceUnits, pl.Industry/max(1, pd.IndustryPerUnit))
	if n <= 0 || pl.Population < pd.MinPopulation || !p.spend(n*pd.UnitCost, 0, p.lv.BuildMargin) {
		return
	}
	pl.Industry -= n * pd.IndustryPerUnit
	pl.DefenceUnits += n
	p.add("BU %d %d", pl.ID, n)
	if !pl.DefenceActive {
		p.add("AD %d", pl.ID)
	}
}
