package turn

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Officer abilities the orders use.
const (
	abilityTactical     = 1
	abilitySurveillance = 4
	abilityEngineer     = 5
	abilityEnterprise   = 6
	abilityAdmin        = 7
	abilitySecurity     = 8
	abilityConstruction = 9
	abilityEconomist    = 10
	abilityTechnology   = 11
	abilityMerchant     = 12
	abilitySlaver       = 13
	abilityExplorer     = 14
)

// percent is the percentage per level of ability a's effect i.
func (t *books) percent(a, i int) float64 {
	if ab := t.w.R.Ability(a); ab != nil && len(ab.Effects) > i {
		return ab.Effects[i].PercentPerLevel
	}
	return 0
}

// shipOrder finds the ship of a ship's general order, failing it when the
// ship is not the player's or is docked outside phase 1.
func (t *run) shipOrder(o order.Order) (*model.Ship, *rules.ShipType) {
	s := t.ownShip(o.Subject())
	if s == nil || t.docked(s, o.Phase()) {
		return nil, nil
	}
	return s, t.w.R.Ship(s.Type)
}

// rangeEnd returns the last ship of a ranged order (LF UF CL UC), or 0 for
// a single ship. (Static refuses a range that runs backwards.)
func (t *run) rangeEnd(o order.Order) (int, bool) {
	last, ok := o.Target()
	switch {
	case !ok:
		return 0, true
	case last < o.Subject():
		return 0, false
	}
	return last, true
}

// ownRange calls f for each of the player's live ships numbered first to
// last.
func (t *run) ownRange(first, last int, f func(s *model.Ship, st *rules.ShipType)) {
	var ids []int
	t.w.Live(func(s *model.Ship) {
		if s.Owner == t.me() && s.ID >= first && s.ID <= last {
			ids = append(ids, s.ID)
		}
	})
	sort.Ints(ids)
	for _, id := range ids {
		s := t.w.Ship(id)
		if st := t.w.R.Ship(s.Type); st != nil {
			f(s, st)
		}
	}
}

// practice carries out PR: the officers of a fleet, and the officer on
// the player's planet at its place, practise one or two abilities.
func (t *run) practice(o order.Order) {
	id := o.Subject()
	f := t.fleets[t.me()][id]
	if f == nil {
		t.fail("unknown-fleet", "you have no fleet %d", id)
		return
	}
	var officers []*model.Officer
	for _, sid := range f.Ships {
		if s := t.w.Ship(sid); s != nil && s.Owner == t.me() && s.Officer != 0 {
			if off := t.w.Officer(s.Officer); off != nil {
				officers = append(officers, off)
			}
		}
	}
	if p := t.w.PlanetAt(f.Loc); p != nil && p.Owner == t.me() && p.Officer != 0 {
		if off := t.w.Officer(p.Officer); off != nil {
			officers = append(officers, off)
		}
	}
	if len(officers) == 0 {
		t.warn("no-officers", "fleet %d has no commission officers to practise", id)
		return
	}
	a1, a2 := o.Abilities()
	rng := t.rng("practice")
	for _, a := range []int{a1, a2} {
		if a < 1 || a > rules.Abilities {
			continue
		}
		if a == abilityTechnology {
			t.technology(officers, rng)
		}
		best := 0
		for _, off := range officers {
			best = max(best, off.Levels.Of(a))
		}
		for _, off := range officers {
			lv := off.Levels.Of(a)
			if lv >= t.levelCap(off) {
				continue
			}
			base := 100.0 // a teacher of higher skill brings him up a level
			if lv == best {
				base = float64(t.w.R.Officers.PracticeSameLevelPercent)
			}
			if chance(rng, base*t.aptitudeChance(off, a, lv+1)/100) {
				t.raise(off, a)
			}
		}
	}
}

// technology is the chance of practising Technology: a new special
// ability from the council.
func (t *run) technology(officers []*model.Officer, rng *rand.Rand) {
	levels := make([]int, len(officers))
	for i, off := range officers {
		levels[i] = off.Current.Of(abilityTechnology)
	}
	if chance(rng, technologyChance(levels, t.percent(abilityTechnology, 0), t.percent(abilityTechnology, 1))) {
		t.grantSpecial(t.me(), rng, true)
	}
}

// technologyChance is the chance (percent) that officers practising
// Technology together win a special ability: the highest level at best
// percent a level, every other level at other percent.
func technologyChance(levels []int, best, other float64) float64 {
	top, rest := 0, 0
	for _, lv := range levels {
		if lv > top {
			rest += top
			top = lv
		} else {
			rest += lv
		}
	}
	return float64(top)*best + float64(rest)*other
}

// aptitudeChance is the share (0 to 100) of the usual chance an officer
// has of reaching level lv in ability a: whole up to his aptitude, a
// quarter for the first level beyond, halved for each further one.
func (t *run) aptitudeChance(off *model.Officer, a, lv int) float64 {
	apt := off.Aptitude.Of(a)
	if lv <= apt {
		return 100
	}
	c := float64(t.w.R.Officers.AptitudeFirstOverPercent)
	for k := apt + 1; k < lv; k++ {
		c /= 2
	}
	return c
}

// levelCap is the highest unmodified level an officer can reach.
func (t *run) levelCap(off *model.Officer) int {
	cap := t.w.R.Officers.MaxLevel
	if n, ok := t.w.special(t.w.officerOwner(off), rules.EffectOfficerCap); ok {
		cap += n
	}
	return min(cap, t.w.R.Officers.MaxBoostedLevel)
}

// raise puts an officer a level up in ability a, his current level too
// (an artifact's raise stays on top, within the highest level).
func (t *run) raise(off *model.Officer, a int) {
	off.Levels[a-1]++
	top := t.w.R.Officers.MaxBoostedLevel
	base := min(off.Current[a-1]-off.Raised[a-1]+1, top)
	off.Current[a-1] = min(base+off.Raised[a-1], top)
	off.Raised[a-1] = off.Current[a-1] - base
}

// transferOfficer carries out TO.
func (t *run) transferOfficer(o order.Order) {
	s, _ := t.shipOrder(o)
	if s == nil {
		return
	}
	id, two := o.Target()
	if !two || id == 0 {
		p := t.planetHere(s, "transferring an officer")
		if p == nil {
			return
		}
		if p.Owner != t.me() {
			t.fail("not-your-planet", "planet %d belongs to %s; officers can only be transferred to and from your own planets", p.ID, owner(p.Owner))
			return
		}
		if s.Officer == 0 && p.Officer == 0 {
			t.warn("nothing-to-transfer", "neither ship %d nor planet %d has a commission officer", s.ID, p.ID)
			return
		}
		s.Officer, p.Officer = p.Officer, s.Officer
		t.post(s.Officer, s.ID, 0)
		t.post(p.Officer, 0, p.ID)
		return
	}
	b := t.otherShip(s, id, "officer")
	if b == nil || !t.together(s, b, "transferring an officer") {
		return
	}
	if s.Officer == 0 && b.Officer == 0 {
		t.warn("nothing-to-transfer", "neither ship %d nor ship %d has a commission officer", s.ID, id)
		return
	}
	s.Officer, b.Officer = b.Officer, s.Officer
	t.post(s.Officer, s.ID, 0)
	t.post(b.Officer, b.ID, 0)
}

// post records where an officer now serves.
func (t *run) post(id, ship, planet int) {
	if off := t.w.Officer(id); off != nil {
		off.Ship, off.Planet = ship, planet
	}
}

// otherShip is the second ship of a transfer: one of the player's own.
func (t *run) otherShip(s *model.Ship, id int, what string) *model.Ship {
	b := t.w.Ship(id)
	switch {
	case b == nil:
		t.fail("unknown-ship", "you have no ship %d", id)
		return nil
	case b.Owner != t.me():
		t.fail("not-your-ship", "ship %d belongs to player %d; %ss move only between your own ships", id, b.Owner, what)
		return nil
	}
	return b
}

// release carries out RE.
func (t *run) release(o order.Order) {
	s, _ := t.shipOrder(o)
	if s == nil {
		return
	}
	id, _ := o.Target()
	carried := t.carriedBy(s.ID)
	if len(carried) == 0 {
		t.warn("nothing-docked", "ship %d has no ships docked in it to release", s.ID)
		return
	}
	if id == 0 {
		for _, c := range carried {
			t.w.Dock(c, 0)
		}
		return
	}
	b := t.w.Ship(id)
	if b == nil || b.Owner != t.me() || b.Inside != s.ID {
		t.fail("not-docked-here", "ship %d is not docked in ship %d", id, s.ID)
		return
	}
	t.w.Dock(b, 0)
}

// carriedBy lists the live ships docked in ship id.
func (t *books) carriedBy(id int) []*model.Ship { return t.w.Carried(id) }

// carriedSize is the total size of the ships docked in ship id.
func (t *run) carriedSize(id int) int {
	n := 0
	for _, s := range t.carriedBy(id) {
		if st := t.w.R.Ship(s.Type); st != nil {
			n += st.Size
		}
	}
	return n
}

func typeName(t *rules.ShipType) string {
	if t == nil {
		return "ship of unknown type"
	}
	return t.Name
}

// repair carries out RP.
func (t *run) repair(o order.Order) {
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	if !st.Repairs {
		t.fail("cannot-repair", "a %s cannot repair other ships", st.Name)
		return
	}
	id, _ := o.Target()
	b := t.w.Ship(id)
	if b == nil {
		t.fail("unknown-ship", "there is no ship %d that you know of to repair", id)
		return
	}
	if !t.together(s, b, "repairing") {
		return
	}
	if t.repairs[s.ID] >= 1 {
		t.fail("one-repair", "ship %d can repair one ship a turn", s.ID)
		return
	}
	bt := t.w.R.Ship(b.Type)
	if bt != nil && bt.Unrepairable {
		t.fail("unrepairable", "a %s cannot be repaired", bt.Name)
		return
	}
	t.repairs[s.ID]++
	if !t.w.KnownShip(b) {
		return // another player's ship: its damage is not known
	}
	rp := t.w.R.Repair
	cost := (b.MaxFire-b.Fire)*rp.FireUnitCost + (b.MaxDefence-b.Defence)*rp.DefenceUnitCost
	if cost <= 0 {
		t.warn("nothing-to-repair", "ship %d is not damaged", id)
		return
	}
	if !t.afford(cost, fmt.Sprintf("repairing ship %d", id), "") {
		t.repairs[s.ID]--
		return
	}
	b.Fire, b.Defence = b.MaxFire, b.MaxDefence
	b.Cloaked = false
	t.pay(t.me(), cost, "Repairs")
}

// transferArtifact carries out TA.
func (t *run) transferArtifact(o order.Order) {
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	id, two := o.Target()
	if !two || id == 0 {
		p := t.planetHere(s, "transferring an artifact")
		if p == nil {
			return
		}
		if p.Owner != t.me() && p.DefenceUnits > 0 && p.Artifact != 0 {
			t.fail("artifact-defended", "planet %d has planet defence units; artifacts can only be taken from undefended planets", p.ID)
			return
		}
		if !t.canHold(s, st, p.Artifact) {
			return
		}
		s.Artifact, p.Artifact = p.Artifact, s.Artifact
		t.ringMoved(s.Artifact)
		t.ringMoved(p.Artifact)
		return
	}
	b := t.otherShip(s, id, "artifact")
	if b == nil || !t.together(s, b, "transferring an artifact") {
		return
	}
	bt := t.w.R.Ship(b.Type)
	if !t.canHold(s, st, b.Artifact) || (bt != nil && !t.canHold(b, bt, s.Artifact)) {
		return
	}
	s.Artifact, b.Artifact = b.Artifact, s.Artifact
}

// canHold checks that a ship receiving a Ring of Darkness can carry one.
func (t *run) canHold(s *model.Ship, st *rules.ShipType, artifact int) bool {
	if a := t.w.Artifact(artifact); a != nil && a.Ring && st.ID != t.w.R.Rings.CarrierShipType {
		t.fail("ring-needs-castle", "artifact %d is a Ring of Darkness, which only a %s can carry; ship %d is a %s",
			artifact, t.w.R.Ship(t.w.R.Rings.CarrierShipType).Name, s.ID, st.Name)
		return false
	}
	return true
}

// dock carries out DO.
func (t *run) dock(o order.Order) {
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	id, _ := o.Target()
	b := t.w.Ship(id)
	switch {
	case b == nil:
		t.fail("unknown-ship", "you have no ship %d to dock into", id)
		return
	case b.Owner != t.me():
		t.fail("dock-foreign", "ship %d belongs to player %d; ships can only dock into their own side's ships", id, b.Owner)
		return
	}
	bt := t.w.R.Ship(b.Type)
	carried := t.carriedSize(b.ID)
	if s.Inside == id {
		carried -= st.Size
	}
	switch {
	case !t.together(s, b, "docking"):
	case bt == nil || bt.CarriesSize == 0:
		t.fail("cannot-carry", "a %s cannot carry other ships", typeName(bt))
	case t.carriedSize(s.ID) > 0:
		t.fail("dock-nesting", "ship %d is carrying other ships and cannot itself dock; ships cannot be nested", s.ID)
	case b.Inside != 0:
		t.fail("dock-nesting", "ship %d is itself docked in ship %d; ships cannot be nested", id, b.Inside)
	case s.Inside == id:
		t.warn("already-docked", "ship %d is already docked in ship %d", s.ID, id)
	case carried+st.Size > bt.CarriesSize:
		t.fail("dock-capacity", "a %s carries ships of total size %d; ship %d (size %d) does not fit beside the size %d already aboard",
			bt.Name, bt.CarriesSize, s.ID, st.Size, carried)
	default:
		t.w.Dock(s, id)
		s.Cloaked = false
	}
}

// startMine carries out SM.
func (t *run) startMine(o order.Order) {
	id, typ := o.Subject(), o.OreType()
	m := t.w.R.Mines
	p := t.w.Planet(id)
	if p == nil && t.w.Mode == Host {
		t.fail("unknown-planet", "there is no planet %d", id)
		return
	}
	if p != nil && t.w.Known(p) {
		n := 0
		for _, mine := range t.w.G.Mines {
			if mine.Planet == id {
				n++
			}
		}
		switch {
		case p.Population < m.MinPopulationToStart:
			t.fail("mine-population", "planet %d has %d population at that point; starting a mine needs %d", id, p.Population, m.MinPopulationToStart)
			return
		case n+1 > m.MaxPerPlanet:
			t.fail("mine-limit", "planet %d would have %d mines; a planet has at most %d", id, n+1, m.MaxPerPlanet)
			return
		case p.Ore[typ-1] == 0:
			t.fail("mine-no-ore", "planet %d has no ore of type %d left to mine", id, typ)
			return
		}
	}
	if !t.afford(m.Cost, "starting a mine", "") {
		return
	}
	t.pay(t.me(), m.Cost, "Mines started")
	if p == nil {
		return // a planet the player does not see: the host finds it
	}
	next := 0
	for _, mine := range t.w.G.Mines {
		next = max(next, mine.ID)
	}
	t.w.G.Mines = append(t.w.G.Mines, model.Mine{ID: next + 1, Planet: id, OreType: typ,
		Rate: t.w.R.Mining.Rates[typ-1], Owner: p.Owner})
}

// defenceUnits carries out BU.
func (t *run) defenceUnits(o order.Order) {
	id := o.Subject()
	p := t.ownPlanet(id, "building planet defence units")
	if p == nil {
		return
	}
	n := o.Amount()
	pd := t.w.R.PlanetDefence
	switch {
	case p.DefenceUnits+n > pd.MaxPerPlanet:
		t.fail("pdu-planet-limit", "a planet holds at most %d defence units; planet %d has %d, so %d more fit",
			pd.MaxPerPlanet, id, p.DefenceUnits, max(pd.MaxPerPlanet-p.DefenceUnits, 0))
		return
	case p.Population < pd.MinPopulation:
		t.fail("pdu-population", "planet %d has %d population at that point; building defence units needs %d", id, p.Population, pd.MinPopulation)
		return
	case n*pd.IndustryPerUnit > p.Industry:
		t.fail("industry-short", "%d defence units use %d industry; planet %d has %d left", n, n*pd.IndustryPerUnit, id, p.Industry)
		return
	}
	if !t.afford(n*pd.UnitCost, fmt.Sprintf("%d planet defence units", n), "") {
		return
	}
	p.DefenceUnits += n
	p.Industry -= n * pd.IndustryPerUnit
	t.pay(t.me(), n*pd.UnitCost, "Planet defence units")
}

// planetDefence carries out AD and DA.
func (t *run) planetDefence(o order.Order) {
	id := o.Subject()
	on := o.Code == order.AD
	if id == 0 {
		for i := range t.w.G.Planets {
			if p := &t.w.G.Planets[i]; p.Owner == t.me() && p.Kind != model.Trading {
				p.DefenceActive = on
			}
		}
		return
	}
	what := "switching planet defences"
	p := t.ownPlanet(id, what)
	if p == nil {
		return
	}
	if on && p.DefenceUnits == 0 {
		t.warn("no-defence-units", "planet %d has no defence units to activate", id)
	}
	p.DefenceActive = on
}
