package check

import (
	"fmt"

	"silverfall/engine/order"
)

// planetOrder checks SM, BU, AD, DA and FA.
func (r *run) planetOrder(o order.Order) {
	id := o.Subject()
	switch o.Code {
	case order.SM:
		r.startMine(o)
	case order.BU:
		p, ok := r.ownPlanet(id, "building planet defence units")
		if !ok {
			return
		}
		if r.pduBuilt == nil {
			r.pduBuilt = map[int]int{}
		}
		n := o.Amount()
		r.addTo(r.pduBuilt, id, n)
		pd := r.r.PlanetDefence
		pop := p.Population
		if ps := r.planet(p); ps != nil {
			pop = ps.pop
		}
		switch {
		case r.pduBuilt[id] > pd.MaxPerTurn:
			r.errorf("pdu-turn-limit", "at most %d planet defence units can be built on a planet a turn; these orders build %d on planet %d",
				pd.MaxPerTurn, r.pduBuilt[id], id)
		case p.DefenceUnits+r.pduBuilt[id] > pd.MaxPerPlanet:
			r.errorf("pdu-planet-limit", "a planet holds at most %d defence units; planet %d has %d, so %d more fit",
				pd.MaxPerPlanet, id, p.DefenceUnits, max(pd.MaxPerPlanet-p.DefenceUnits-(r.pduBuilt[id]-n), 0))
		case pop < pd.MinPopulation:
			r.errorf("pdu-population", "planet %d has %d population at that point; building defence units needs %d", id, pop, pd.MinPopulation)
		}
		if r.industryUsed == nil {
			r.industryUsed = map[int]int{}
		}
		if r.addTo(r.industryUsed, id, n*pd.IndustryPerUnit) > p.Industry {
			r.errorf("industry-short", "%d defence units use %d industry; planet %d has %d left of %d",
				n, n*pd.IndustryPerUnit, id, max(p.Industry-(r.industryUsed[id]-n*pd.IndustryPerUnit), 0), p.Industry)
		}
		r.spend(n*pd.UnitCost, fmt.Sprintf("%d planet defence units", n))
	case order.AD, order.DA:
		if id == 0 {
			return
		}
		p, ok := r.ownPlanet(id, "switching planet defences")
		if ok && o.Code == order.AD && p.DefenceUnits+r.pduBuilt[id] == 0 {
			r.warnf("no-defence-units", "planet %d has no defence units to activate", id)
		}
	case order.FA:
		p, ok := r.ownPlanet(id, "searching for artifacts")
		if ok && p.Population < r.r.Artifacts.PopulationPerPercent {
			r.warnf("no-chance", "planet %d has %d population; each %d gives a 1%% chance of finding an artifact, so this search cannot succeed",
				id, p.Population, r.r.Artifacts.PopulationPerPercent)
		}
	}
}

func (r *run) startMine(o order.Order) {
	id, typ := o.Subject(), o.OreType()
	m := r.r.Mines
	p, known := r.Planets[id]
	if known && (p.Owner == r.me || p == r.k.ScannedPlanet) {
		if r.minesAdded == nil {
			r.minesAdded = map[int]int{}
		}
		r.addTo(r.minesAdded, id, 1)
		pop := p.Population
		if ps := r.planet(p); ps != nil {
			pop = ps.pop
		}
		switch {
		case pop < m.MinPopulationToStart:
			r.errorf("mine-population", "planet %d has %d population at that point; starting a mine needs %d", id, pop, m.MinPopulationToStart)
		case r.mines[id]+r.minesAdded[id] > m.MaxPerPlanet:
			r.errorf("mine-limit", "planet %d would have %d mines; a planet has at most %d", id, r.mines[id]+r.minesAdded[id], m.MaxPerPlanet)
		case p.Ore[typ-1] == 0:
			r.errorf("mine-no-ore", "planet %d has no ore of type %d left to mine", id, typ)
		}
	}
	r.spend(m.Cost, "starting a mine")
}

// practice checks PR.
func (r *run) practice(o order.Order) {
	id := o.Subject()
	f, ok := r.Fleets[id]
	if !ok {
		r.errorf("unknown-fleet", "you have no fleet %d", id)
		return
	}
	if r.count(fmt.Sprint("PR", id)) > 1 {
		r.errorf("one-practice", "fleet %d already practises this turn; one practice order a fleet, with up to two abilities", id)
		return
	}
	for _, sid := range f.Ships {
		if j, ok := r.OwnShip[sid]; ok && r.k.Ships[j].Officer != 0 {
			return
		}
	}
	for _, p := range r.PlanetsAt[f.Loc] {
		if p.Owner == r.me && p.Officer != 0 {
			return
		}
	}
	r.warnf("no-officers", "fleet %d has no commission officers to practise", id)
}

// empireOrder checks the orders given to the empire as a whole.
func (r *run) empireOrder(o order.Order) {
	d := r.r.Diplomacy
	p := o.Player()
	switch o.Code {
	case order.SS:
		if r.count("SS") > 1 {
			r.errorf("one-ship-scan", "you can scan one ship a turn")
		} else if id, _ := o.Target(); r.hasShip(id) {
			r.warnf("scan-own", "ship %d is your own; you know all about it already", id)
		}
	case order.SP:
		if r.count("SP") > 1 {
			r.errorf("one-planet-scan", "you can scan one planet a turn")
		} else if q, ok := r.Planets[o.Planet()]; ok && q.Owner == r.me {
			r.warnf("scan-own", "planet %d is your own; you know all about it already", q.ID)
		}
	case order.SR:
		sr := r.r.ScanPlayer
		switch {
		case p == r.me:
			r.errorf("scan-self", "you cannot scan your own empire")
			return
		case r.interceptors < sr.CostInterceptors:
			r.errorf("interceptors-short", "scanning a player uses %d interceptors; you have %d at that point", sr.CostInterceptors, r.interceptors)
		case p == r.r.Game.PlayerSauran && r.k.Turn+1 < r.r.Game.SauranScanFromTurn:
			r.warnf("sauran-scan-early", "a scan of Dark Lord Sauran has no chance before turn %d", r.r.Game.SauranScanFromTurn)
		}
		r.interceptors -= sr.CostInterceptors
		r.spend(sr.CostCredits, fmt.Sprintf("scanning player %d", p))
	case order.PI:
		n := o.Amount()
		if r.interceptors+n > r.r.Interceptors.Max {
			r.errorf("interceptor-limit", "you may hold at most %d interceptors; you have %d, so %d more", r.r.Interceptors.Max, r.interceptors, max(r.r.Interceptors.Max-r.interceptors, 0))
		}
		r.interceptors += n
		r.spend(n*r.r.Interceptors.Cost, fmt.Sprintf("%d interceptors", n))
	case order.AA:
		switch {
		case p == r.me:
			r.errorf("ally-self", "you cannot ally with yourself")
		case r.count("AA") > d.AllyChangesPerTurn:
			r.errorf("ally-change-limit", "you can add %d ally a turn", d.AllyChangesPerTurn)
		case r.isAlly(p):
			r.warnf("already-ally", "player %d is already your ally", p)
		case len(r.allies) >= d.MaxAllies:
			r.errorf("ally-limit", "you have %d allies, the most allowed; break an alliance first (BA)", len(r.allies))
		default:
			r.allies = append(r.allies, p)
		}
	case order.BA:
		switch {
		case r.count("BA") > d.AllyChangesPerTurn:
			r.errorf("ally-change-limit", "you can drop %d ally a turn", d.AllyChangesPerTurn)
		case !r.isAlly(p):
			r.errorf("not-ally", "player %d is not your ally", p)
		default:
			r.allies = remove(r.allies, p)
		}
	case order.DE:
		switch {
		case p == r.me:
			r.errorf("enemy-self", "you cannot declare yourself an enemy")
		case r.count("DE") > d.EnemyChangesPerTurn:
			r.errorf("enemy-change-limit", "you can declare %d enemy a turn", d.EnemyChangesPerTurn)
		case contains(r.enemies, p):
			r.warnf("already-enemy", "player %d is already a declared enemy", p)
		case len(r.enemies) >= d.MaxEnemies:
			r.errorf("enemy-limit", "you have %d declared enemies, the most allowed; forgive one first (FE)", len(r.enemies))
		default:
			r.enemies = append(r.enemies, p)
		}
	case order.FE:
		switch {
		case r.count("FE") > d.EnemyChangesPerTurn:
			r.errorf("enemy-change-limit", "you can forgive %d enemy a turn", d.EnemyChangesPerTurn)
		case !contains(r.enemies, p):
			r.errorf("not-enemy", "player %d is not a declared enemy", p)
		default:
			r.enemies = remove(r.enemies, p)
		}
	case order.Broadcast:
		if n := r.count("BROADCAST"); n > r.r.Naming.BroadcastLines {
			r.errorf("broadcast-lines", "the general broadcast has at most %d lines; this is line %d", r.r.Naming.BroadcastLines, n)
		}
	}
}

func (r *run) hasShip(id int) bool { _, ok := r.OwnShip[id]; return ok }

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func remove(s []int, v int) []int {
	out := s[:0:0]
	for _, x := range s {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

// sheetEntry checks names and gifts.
func (r *run) sheetEntry(o order.Order) {
	id := o.Subject()
	if r.named == nil {
		r.named = map[[2]int]bool{}
	}
	key := [2]int{int(o.Code), id}
	switch o.Code {
	case order.NameShip:
		a, ok := r.own(id)
		if !ok {
			return
		}
		if a.s.Name != "" {
			r.errorf("already-named", "ship %d is already named %q; names cannot be changed", id, a.s.Name)
		} else if r.named[key] {
			r.errorf("named-twice", "ship %d is named twice in these orders", id)
		}
	case order.NamePlanet:
		p, ok := r.ownPlanet(id, "naming")
		if !ok {
			return
		}
		if p.Name != "" {
			r.errorf("already-named", "planet %d is already named %q; names cannot be changed", id, p.Name)
		} else if r.named[key] {
			r.errorf("named-twice", "planet %d is named twice in these orders", id)
		}
	case order.NameOfficer:
		off, ok := r.Officers[id]
		if !ok {
			r.errorf("unknown-officer", "you have no officer %d", id)
			return
		}
		if off.Name != "" {
			r.errorf("already-named", "officer %d is already named %q; names cannot be changed", id, off.Name)
		} else if r.named[key] {
			r.errorf("named-twice", "officer %d is named twice in these orders", id)
		}
	case order.GiftShip, order.GiftPlanet:
		r.gift(o)
	}
	r.named[key] = true
}

func (r *run) gift(o order.Order) {
	d := r.r.Diplomacy
	id, to := o.Subject(), o.Player()
	if r.k.Turn+1 < d.GiftsFromTurn {
		r.errorf("gift-too-early", "gifts can be made from turn %d on; these orders are for turn %d", d.GiftsFromTurn, r.k.Turn+1)
		return
	}
	if to == r.me {
		r.errorf("gift-self", "you cannot gift to yourself")
		return
	}
	if o.Code == order.GiftPlanet {
		if r.count("GIFT PLANET") > d.GiftPlanetsPerTurn {
			r.errorf("gift-limit", "you can gift %d planet a turn", d.GiftPlanetsPerTurn)
			return
		}
		r.ownPlanet(id, "gifting")
		return
	}
	if r.count("GIFT SHIP") > d.GiftShipsPerTurn {
		r.errorf("gift-limit", "you can gift %d ship a turn", d.GiftShipsPerTurn)
		return
	}
	a, ok := r.own(id)
	if !ok {
		return
	}
	if a.st.inside != 0 || a.st.carried > 0 {
		r.errorf("gift-docked", "ship %d is docked or carries docked ships; such ships cannot be gifted", id)
	}
}
