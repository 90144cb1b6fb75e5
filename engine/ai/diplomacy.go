package ai

import (
	"silverfall/engine/model"
	"silverfall/engine/order"
	"slices"
)

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
	allied := 0 // asked this turn: not yet on the sheet, never also declared an enemy
	judged := p.allyCheck()
	var dropped []int // allies dropped for never allying back, not asked again
	if judged != nil {
		dropped = judged.dropped
	}
	if len(e.Allies) == 0 {
		best, dist := 0, 0
		for _, s := range p.k.ForeignShips {
			if s.Owner == sauran || s.Owner == p.me || s.Owner <= 0 || e.HasEnemy(s.Owner) || slices.Contains(dropped, s.Owner) {
				continue
			}
			if d := home.Dist(s.Loc); best == 0 || d < dist || d == dist && s.Owner < best {
				best, dist = s.Owner, d
			}
		}
		if best != 0 {
			p.add("AA %d", best)
			allied = best
		}
	}
	p.allyNote(judged, allied)
	if p.lv.Raids {
		p.enemyPlan = p.raidTarget(allied)
		if p.enemyPlan != 0 && !e.HasEnemy(p.enemyPlan) && len(e.Enemies) < p.r.Diplomacy.MaxEnemies && len(e.Enemies) > 0 {
			p.add("DE %d", p.enemyPlan)
		}
	}
}

// raidTarget is a neighbour worth raiding: a player, not an ally, whose
// ships near ours are mostly unarmed; declared enemies are kept. The
// player asked to ally this turn (allied) is never the target.
func (p *planner) raidTarget(allied int) int {
	e := p.k.Empire
	for _, n := range e.Enemies {
		if n != p.r.Game.PlayerSauran {
			return n
		}
	}
	soft := map[int]int{}
	for _, s := range p.k.ForeignShips {
		st := p.r.Ship(s.Type)
		if st == nil || !p.r.IsPlayer(s.Owner) || e.HasAlly(s.Owner) || s.Owner == allied {
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

// raidSauran scans Sauran: once a turn with the interceptors in hand,
// and up to the level's scans a turn, buying the interceptors they lack
// (Purchase Interceptors comes before Scan Player in phase five), once
// the last turn's raids brought back the level's gain. Each scan costs
// 50,000 credits and 10 interceptors, and each that gets through brings
// back 5% of his credits, millions at first.
func (p *planner) raidSauran() {
	sr, ir := p.r.ScanPlayer, p.r.Interceptors
	n, buying := 1, false
	if p.lv.SauranRaids > 1 && p.vw.raidGain() >= p.lv.SauranRaidGain {
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
	if p.r.House.SauranPaysNoUpkeep || p.vw.raidGain() > 0 {
		return true
	}
	lv := p.lv
	return lv.StationAttacks && !p.stations.ok && p.wing() > 0 && p.turn >= lv.StationFrom-lv.StationReach
}

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
