package check

import (
	"fmt"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// actor is an own ship about to act, with its type and this turn's state.
type actor struct {
	s  *model.Ship
	t  *rules.ShipType
	st *shipState
}

// own looks up one of the player's ships, reporting when it is not one.
func (r *run) own(id int) (actor, bool) {
	j, ok := r.OwnShip[id]
	if !ok {
		if f, seen := r.foreign(id); seen {
			r.errorf("not-your-ship", "ship %d belongs to player %d; you can only give orders to your own ships", id, f.Owner)
		} else {
			r.errorf("unknown-ship", "you have no ship %d", id)
		}
		return actor{}, false
	}
	s := &r.k.Ships[j]
	t := r.r.Ship(s.Type)
	if t == nil {
		r.errorf("unknown-type", "ship %d is of type %d, which the rules do not have", id, s.Type)
		return actor{}, false
	}
	r.touchShip(j)
	return actor{s, t, &r.st[j]}, true
}

// ownPlanet looks up one of the player's planets, reporting when it is not one.
func (r *run) ownPlanet(id int, what string) (*model.Planet, bool) {
	p, ok := r.Planets[id]
	switch {
	case !ok:
		r.errorf("unknown-planet", "you do not control planet %d; %s only works on your own planets", id, what)
		return nil, false
	case p.Owner != r.me:
		r.errorf("not-your-planet", "planet %d belongs to %s; %s only works on your own planets", id, owner(p.Owner), what)
		return nil, false
	}
	return p, true
}

func owner(p int) string {
	if p == 0 {
		return "nobody"
	}
	return fmt.Sprintf("player %d", p)
}

// planetHere returns the planet at the ship's location, reporting when
// there is none that the player knows of.
func (r *run) planetHere(a actor, what string) (*model.Planet, bool) {
	if at := r.PlanetsAt[a.s.Loc]; len(at) > 0 {
		return at[0], true
	}
	r.errorf("no-planet-here", "ship %d is at %v, where there is no planet; %s needs the ship directly over a planet", a.s.ID, a.s.Loc, what)
	return nil, false
}

// other looks up a second ship: own (with state) or seen.
func (r *run) other(id int) (*model.Ship, *shipState) {
	if j, ok := r.OwnShip[id]; ok {
		r.touchShip(j)
		return &r.k.Ships[j], &r.st[j]
	}
	if f, ok := r.foreign(id); ok {
		return f, nil
	}
	return nil, nil
}

// together checks that a second ship is at the same location.
func (r *run) together(a actor, b *model.Ship, what string) bool {
	if b.Loc != a.s.Loc {
		r.errorf("not-together", "ship %d is at %v and ship %d at %v; %s needs both at the same location", a.s.ID, a.s.Loc, b.ID, b.Loc, what)
		return false
	}
	return true
}

func (r *run) check(o order.Order) {
	if o.Fleet {
		r.fleetOrder(o)
		return
	}
	switch o.Code.Subject() {
	case order.ShipSubject:
		if o.Code.Class() == order.Naming || o.Code.Class() == order.Gift {
			r.sheetEntry(o)
			return
		}
		a, ok := r.own(o.Subject())
		if !ok {
			return
		}
		if a.st.inside != 0 && o.Phase() != 1 {
			r.errorf("docked", "ship %d is docked in ship %d and can only carry out phase 1 orders; release it first (RE %d %d)",
				a.s.ID, a.st.inside, a.st.inside, a.s.ID)
			return
		}
		if o.Code.Class() == order.BattleMovement {
			r.battle(o, a)
		} else {
			r.shipGeneral(o, a)
		}
	case order.PlanetSubject, order.OfficerSubject:
		if o.Code.Class() == order.Naming || o.Code.Class() == order.Gift {
			r.sheetEntry(o)
			return
		}
		r.planetOrder(o)
	case order.FleetSubject:
		r.practice(o)
	case order.EmpireSubject:
		r.empireOrder(o)
	}
}

// shipsInRange calls f for each own ship numbered first to last.
func (r *run) shipsInRange(first, last int, f func(actor)) {
	lo, hi := 0, len(r.shipIDs)
	for lo < hi {
		m := (lo + hi) / 2
		if r.shipIDs[m] < first {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(r.shipIDs) && r.shipIDs[i] <= last; i++ {
		j := r.OwnShip[r.shipIDs[i]]
		s := &r.k.Ships[j]
		if t := r.r.Ship(s.Type); t != nil {
			r.touchShip(j)
			f(actor{s, t, &r.st[j]})
		}
	}
}

// rangeEnd returns the last ship of a ranged order (LF UF CL UC), or 0 for a
// single ship, reporting a range that runs backwards.
func (r *run) rangeEnd(o order.Order) (int, bool) {
	last, ok := o.Target()
	if !ok {
		return 0, true
	}
	if last < o.Subject() {
		r.errorf("bad-range", "the ship range %d to %d runs backwards; give the lower number first", o.Subject(), last)
		return 0, false
	}
	return last, true
}

func (r *run) shipGeneral(o order.Order, a actor) {
	switch o.Code {
	case order.BS:
		r.build(o, a)
	case order.DO:
		r.dock(o, a)
	case order.RE:
		r.release(o, a)
	case order.LO, order.UL:
		r.ore(o, a)
	case order.LF, order.UF:
		last, ok := r.rangeEnd(o)
		if !ok {
			return
		}
		r.fuel(o, a, true)
		if last != 0 {
			r.shipsInRange(o.Subject()+1, last, func(b actor) { r.fuel(o, b, false) })
		}
	case order.RF:
		r.refuel(o, a)
	case order.RP:
		r.repair(o, a)
	case order.LP, order.UP:
		r.population(o, a)
	case order.CL, order.UC:
		last, ok := r.rangeEnd(o)
		if !ok {
			return
		}
		if last == 0 && !a.t.Cloak {
			if o.Code == order.CL {
				r.errorf("no-cloak", "a %s has no cloaking device", a.t.Name)
			} else {
				r.warnf("no-cloak", "a %s has no cloaking device, so there is nothing to switch off", a.t.Name)
			}
		}
		if last != 0 {
			any := false
			r.shipsInRange(o.Subject(), last, func(b actor) { any = any || b.t.Cloak })
			if !any {
				r.warnf("no-cloak", "none of your ships %d to %d has a cloaking device", o.Subject(), last)
			}
		}
	case order.TO:
		r.transfer(o, a, "officer")
	case order.TA:
		r.transfer(o, a, "artifact")
	}
}

func (r *run) build(o order.Order, a actor) {
	per := r.r.Builds(a.t.ID)
	if per == 0 {
		r.errorf("cannot-build", "a %s cannot build ships; only battle stations and monitors can", a.t.Name)
		return
	}
	a.st.builds++
	if a.st.builds > per {
		r.errorf("build-limit", "a %s builds at most %d ships a turn; this is build %d for ship %d", a.t.Name, per, a.st.builds, a.s.ID)
	}
	t := r.r.Ship(o.ShipType())
	fire, def := o.Units()
	cost := adjusted(r.r.BuildCost(t, fire, def), r.percent(abilityEconomist), r.level(a.s, abilityEconomist))
	industry := adjusted(r.r.BuildIndustry(t), r.percent(abilityConstruction), r.level(a.s, abilityConstruction))
	p, ok := r.planetHere(a, "building a ship")
	if ok {
		if p.Kind == model.Trading {
			r.errorf("build-over-trading", "ship %d is over trading planet %d; ships can only be built over an origin or independent planet", a.s.ID, p.ID)
		} else if p.Owner == r.me {
			if r.industryUsed == nil {
				r.industryUsed = map[int]int{}
			}
			if r.addTo(r.industryUsed, p.ID, industry) > p.Industry {
				r.errorf("industry-short", "building a %s takes %d industry from planet %d, which has %d left of %d",
					t.Name, industry, p.ID, max(p.Industry-(r.industryUsed[p.ID]-industry), 0), p.Industry)
			}
		}
	}
	r.spend(cost, fmt.Sprintf("building a %s", t.Name))
}

func (r *run) dock(o order.Order, a actor) {
	id, _ := o.Target()
	if id == a.s.ID {
		r.errorf("dock-self", "ship %d cannot dock into itself", id)
		return
	}
	b, bst := r.other(id)
	switch {
	case b == nil:
		r.errorf("unknown-ship", "you have no ship %d to dock into", id)
		return
	case bst == nil:
		r.errorf("dock-foreign", "ship %d belongs to player %d; ships can only dock into their own side's ships", id, b.Owner)
		return
	}
	bt := r.r.Ship(b.Type)
	switch {
	case !r.together(a, b, "docking"):
	case bt == nil || bt.CarriesSize == 0:
		r.errorf("cannot-carry", "a %s cannot carry other ships", typeName(bt))
	case a.st.carried > 0:
		r.errorf("dock-nesting", "ship %d is carrying other ships and cannot itself dock; ships cannot be nested", a.s.ID)
	case bst.inside != 0:
		r.errorf("dock-nesting", "ship %d is itself docked in ship %d; ships cannot be nested", id, bst.inside)
	case a.st.inside == id:
		r.warnf("already-docked", "ship %d is already docked in ship %d", a.s.ID, id)
	case bst.carried+a.t.Size > bt.CarriesSize:
		r.errorf("dock-capacity", "a %s carries ships of total size %d; ship %d (size %d) does not fit beside the size %d already aboard",
			bt.Name, bt.CarriesSize, a.s.ID, a.t.Size, bst.carried)
	default:
		r.undock(a)
		a.st.inside = id
		bst.carried += a.t.Size
	}
}

// undock takes a ship out of whatever carries it, in this turn's state.
func (r *run) undock(a actor) {
	if a.st.inside == 0 {
		return
	}
	if j, ok := r.OwnShip[a.st.inside]; ok {
		r.touchShip(j)
		r.st[j].carried -= a.t.Size
	}
	a.st.inside = 0
}

func (r *run) release(o order.Order, a actor) {
	id, _ := o.Target()
	if a.st.carried == 0 {
		r.warnf("nothing-docked", "ship %d has no ships docked in it to release", a.s.ID)
		return
	}
	if id == 0 {
		for j := range r.st {
			if r.st[j].inside == a.s.ID {
				if t := r.r.Ship(r.k.Ships[j].Type); t != nil {
					r.touchShip(j)
					r.undock(actor{&r.k.Ships[j], t, &r.st[j]})
				}
			}
		}
		return
	}
	b, bst := r.other(id)
	if b == nil || bst == nil || bst.inside != a.s.ID {
		r.errorf("not-docked-here", "ship %d is not docked in ship %d", id, a.s.ID)
		return
	}
	if t := r.r.Ship(b.Type); t != nil {
		r.undock(actor{b, t, bst})
	}
}

func typeName(t *rules.ShipType) string {
	if t == nil {
		return "ship of unknown type"
	}
	return t.Name
}

// ore checks LO and UL.
func (r *run) ore(o order.Order, a actor) {
	what := "loading ore"
	if o.Code == order.UL {
		what = "unloading ore"
	}
	if !a.t.CarriesCargo() {
		r.errorf("no-cargo-space", "a %s has no cargo space", a.t.Name)
		return
	}
	p, ok := r.planetHere(a, what)
	if !ok {
		return
	}
	typ, amount := o.OreType(), o.Amount()
	types := []int{typ}
	if typ == 0 {
		types = []int{1, 2, 3, 4, 5}
	}
	capacity := a.t.Cargo.N * r.r.CargoScale()
	prices := r.prices(p.ID)
	merchant := r.level(a.s, abilityMerchant)
	ps := r.planet(p)
	if o.Code == order.UL {
		moved := 0
		for _, ty := range types {
			n := amount
			have := a.st.cargo[ty-1]
			if n == 0 {
				n = have
			} else if n > have && typ != 0 {
				r.errorf("cargo-short", "ship %d carries %d units of ore type %d, not %d", a.s.ID, have, ty, n)
				return
			}
			n = min(n, have)
			a.st.cargo[ty-1] -= n
			moved += n
			if ps != nil {
				ps.stock[ty-1] += n
			}
			if prices != nil {
				r.earn(adjusted(n*prices.Ore[ty-1], r.percent(abilityMerchant), merchant))
			}
		}
		if moved == 0 {
			r.warnf("nothing-to-unload", "ship %d carries no ore of that type to unload", a.s.ID)
		}
		return
	}
	if ps != nil && typ == 0 && ps.stock.Total() == 0 {
		r.errorf("planet-empty", "planet %d has no ore stockpiled at that point, so ship %d has nothing to load", p.ID, a.s.ID)
		return
	}
	for _, ty := range types {
		per := r.r.CargoScale() / r.r.Ore.PerCargoUnit[ty-1]
		room := (capacity - r.r.CargoNeeded(a.st.cargo)) / per
		n := amount
		if n == 0 {
			n = room
		} else if n > room {
			r.errorf("cargo-full", "ship %d has room for %d more units of ore type %d, not %d (a %s has %d cargo units; one holds %d of type %d)",
				a.s.ID, room, ty, n, a.t.Name, a.t.Cargo.N, r.r.Ore.PerCargoUnit[ty-1], ty)
			return
		}
		if ps != nil {
			have := ps.stock[ty-1]
			switch {
			case have == 0 && typ != 0:
				r.errorf("planet-empty", "planet %d has no ore of type %d stockpiled at that point, so ship %d has nothing to load", p.ID, ty, a.s.ID)
				return
			case n > have && amount != 0:
				r.warnf("planet-short", "planet %d has %d units of ore type %d stockpiled at that point; ship %d will load only those", p.ID, have, ty, a.s.ID)
			}
			n = min(n, have)
			ps.stock[ty-1] -= n
		}
		a.st.cargo[ty-1] += n
		if prices != nil {
			if typ == 0 && amount == 0 {
				r.warnf("cost-unknown", "loading as much ore as fits from trading planet %d: the cost depends on the mix it loads", p.ID)
				return
			}
			r.spend(n*prices.Ore[ty-1]*r.r.Trade.BuyPriceFactor, fmt.Sprintf("buying %d units of ore type %d at trading planet %d", n, ty, p.ID))
		}
	}
}

// fuel checks LF and UF for one ship; strict is false for the further ships
// of a range, which only "attempt" the order.
func (r *run) fuel(o order.Order, a actor, strict bool) {
	amount := o.Amount()
	if !a.t.MaxFuel.OK {
		if strict {
			r.errorf("no-fuel-tank", "a %s carries no fuel", a.t.Name)
		}
		return
	}
	at := r.PlanetsAt[a.s.Loc]
	if len(at) == 0 {
		if strict {
			r.planetHere(a, "loading or unloading fuel")
		}
		return
	}
	p := at[0]
	prices := r.prices(p.ID)
	merchant := r.level(a.s, abilityMerchant)
	ps := r.planet(p)
	if o.Code == order.UF {
		n := amount
		if n == 0 {
			n = a.st.fuel
		} else if n > a.st.fuel {
			if strict {
				r.errorf("fuel-short", "ship %d has %d fuel, not %d", a.s.ID, a.st.fuel, n)
				return
			}
			n = a.st.fuel
		}
		a.st.fuel -= n
		if ps != nil {
			ps.fuel += n
		}
		if prices != nil {
			r.earn(adjusted(n*prices.Fuel, r.percent(abilityMerchant), merchant))
		}
		return
	}
	room := a.t.MaxFuel.N - a.st.fuel
	n := amount
	if n == 0 {
		n = room
	} else if n > room {
		if strict {
			r.errorf("fuel-full", "ship %d has %d fuel and a %s holds %d, so %d more fit, not %d", a.s.ID, a.st.fuel, a.t.Name, a.t.MaxFuel.N, room, n)
			return
		}
		n = room
	}
	if ps != nil {
		if ps.fuel == 0 && room > 0 {
			if strict {
				r.errorf("planet-empty", "planet %d has no fuel left at that point, so ship %d has none to load", p.ID, a.s.ID)
			}
			return
		}
		if n > ps.fuel {
			if strict && amount != 0 {
				r.warnf("planet-short", "planet %d has %d fuel left at that point; ship %d will load only that", p.ID, ps.fuel, a.s.ID)
			}
			n = ps.fuel
		}
		ps.fuel -= n
	}
	a.st.fuel += n
	if prices != nil {
		// A merchant buys fuel cheaper: the second effect of the ability.
		pct := 0.0
		if ab := r.r.Ability(abilityMerchant); ab != nil && len(ab.Effects) > 1 {
			pct = ab.Effects[1].PercentPerLevel
		}
		r.spend(adjusted(n*prices.Fuel*r.r.Trade.BuyPriceFactor, pct, merchant), fmt.Sprintf("buying %d fuel at trading planet %d", n, p.ID))
	}
}

func (r *run) refuel(o order.Order, a actor) {
	if !a.t.Refuels {
		r.errorf("cannot-refuel", "a %s cannot refuel other ships", a.t.Name)
		return
	}
	id, _ := o.Target()
	if id == a.s.ID {
		r.errorf("refuel-self", "ship %d cannot refuel itself; use LF to load fuel from a planet", id)
		return
	}
	b, bst := r.other(id)
	if b == nil {
		r.errorf("unknown-ship", "there is no ship %d that you know of to refuel", id)
		return
	}
	if !r.together(a, b, "refuelling") {
		return
	}
	n := o.Amount()
	if n == 0 {
		n = a.st.fuel
	}
	if n > a.st.fuel {
		r.errorf("fuel-short", "ship %d has %d fuel to give, not %d", a.s.ID, a.st.fuel, n)
		return
	}
	if bst != nil {
		bt := r.r.Ship(b.Type)
		if bt == nil || !bt.MaxFuel.OK {
			r.errorf("no-fuel-tank", "a %s carries no fuel", typeName(bt))
			return
		}
		room := bt.MaxFuel.N - bst.fuel
		if o.Amount() == 0 {
			n = min(n, room)
		} else if n > room {
			r.errorf("fuel-full", "ship %d has room for %d more fuel, not %d", id, room, n)
			return
		}
		bst.fuel += n
	}
	a.st.fuel -= n
}

func (r *run) repair(o order.Order, a actor) {
	if !a.t.Repairs {
		r.errorf("cannot-repair", "a %s cannot repair other ships", a.t.Name)
		return
	}
	id, _ := o.Target()
	if id == a.s.ID {
		r.errorf("repair-self", "ship %d cannot repair itself", id)
		return
	}
	b, bst := r.other(id)
	if b == nil {
		r.errorf("unknown-ship", "there is no ship %d that you know of to repair", id)
		return
	}
	if !r.together(a, b, "repairing") {
		return
	}
	a.st.repairs++
	if a.st.repairs > 1 {
		r.errorf("one-repair", "ship %d can repair one ship a turn", a.s.ID)
		return
	}
	bt := r.r.Ship(b.Type)
	if bt != nil && bt.Unrepairable {
		r.errorf("unrepairable", "a %s cannot be repaired", bt.Name)
		return
	}
	if bst == nil {
		return // a foreign ship: its damage is not known
	}
	cost := (b.MaxFire-b.Fire)*r.r.Repair.FireUnitCost + (b.MaxDefence-bst.defence)*r.r.Repair.DefenceUnitCost
	if cost <= 0 {
		r.warnf("nothing-to-repair", "ship %d is not damaged", id)
		return
	}
	bst.defence = b.MaxDefence
	r.spend(cost, fmt.Sprintf("repairing ship %d", id))
}

func (r *run) population(o order.Order, a actor) {
	what := "loading population"
	if o.Code == order.UP {
		what = "unloading population"
	}
	if a.t.Population == 0 {
		r.errorf("cannot-carry-population", "a %s cannot carry population", a.t.Name)
		return
	}
	p, ok := r.planetHere(a, what)
	if !ok {
		return
	}
	ps := r.planet(p)
	slaver := r.level(a.s, abilitySlaver)
	slaverPct := func(i int) float64 {
		if ab := r.r.Ability(abilitySlaver); ab != nil && len(ab.Effects) > i {
			return ab.Effects[i].PercentPerLevel
		}
		return 0
	}
	n := o.Amount()
	if o.Code == order.UP {
		if n == 0 {
			n = a.st.pop
		} else if n > a.st.pop {
			r.errorf("population-short", "ship %d carries %d population, not %d", a.s.ID, a.st.pop, n)
			return
		}
		a.st.pop -= n
		if ps != nil {
			ps.pop += n
		}
		if p.Kind == model.Trading {
			r.earn(adjusted(n*r.r.Trade.PopulationSellPrice, slaverPct(0), slaver))
		}
		return
	}
	room := a.t.Population - a.st.pop
	if n == 0 {
		n = room
	} else if n > room {
		r.errorf("population-full", "a %s carries at most %d population; ship %d has room for %d, not %d", a.t.Name, a.t.Population, a.s.ID, room, n)
		return
	}
	if ps != nil {
		if ps.pop == 0 {
			r.errorf("planet-empty", "planet %d has no population left at that point, so ship %d has none to take", p.ID, a.s.ID)
			return
		}
		if n > ps.pop {
			r.warnf("planet-short", "planet %d has %d population left at that point; ship %d will take only those", p.ID, ps.pop, a.s.ID)
			n = ps.pop
		}
		ps.pop -= n
	}
	a.st.pop += n
	if p.Kind == model.Trading {
		r.spend(adjusted(n*r.r.Trade.PopulationBuyPrice, slaverPct(1), slaver), fmt.Sprintf("buying %d population at trading planet %d", n, p.ID))
	}
}

// transfer checks TO and TA.
func (r *run) transfer(o order.Order, a actor, what string) {
	id, two := o.Target()
	if !two || id == 0 {
		p, ok := r.planetHere(a, "transferring an "+what)
		if !ok {
			return
		}
		if what == "officer" && p.Owner != r.me {
			r.errorf("not-your-planet", "planet %d belongs to %s; officers can only be transferred to and from your own planets", p.ID, owner(p.Owner))
			return
		}
		if what == "officer" && a.s.Officer == 0 && p.Officer == 0 {
			r.warnf("nothing-to-transfer", "neither ship %d nor planet %d has a commission officer", a.s.ID, p.ID)
		}
		if what == "artifact" {
			if p.Owner != r.me && p.DefenceUnits > 0 {
				r.errorf("artifact-defended", "planet %d has planet defence units; artifacts can only be taken from undefended planets", p.ID)
				return
			}
			r.ringCarrier(a, p.Artifact)
		}
		return
	}
	if id == a.s.ID {
		r.errorf("transfer-self", "ship %d cannot swap with itself", id)
		return
	}
	b, bst := r.other(id)
	switch {
	case b == nil:
		r.errorf("unknown-ship", "you have no ship %d", id)
		return
	case bst == nil:
		r.errorf("not-your-ship", "ship %d belongs to player %d; %ss move only between your own ships", id, b.Owner, what)
		return
	}
	if !r.together(a, b, "transferring an "+what) {
		return
	}
	if what == "officer" && a.s.Officer == 0 && b.Officer == 0 {
		r.warnf("nothing-to-transfer", "neither ship %d nor ship %d has a commission officer", a.s.ID, id)
	}
	if what == "artifact" {
		r.ringCarrier(a, b.Artifact)
		if bt := r.r.Ship(b.Type); bt != nil {
			r.ringCarrier(actor{b, bt, bst}, a.s.Artifact)
		}
	}
}

// ringCarrier checks that a ship receiving a Ring of Darkness can hold one.
func (r *run) ringCarrier(a actor, artifact int) {
	if art, ok := r.Artifacts[artifact]; ok && art.Ring && a.t.ID != r.r.Rings.CarrierShipType {
		r.errorf("ring-needs-castle", "artifact %d is a Ring of Darkness, which only a %s can carry; ship %d is a %s",
			artifact, r.r.Ship(r.r.Rings.CarrierShipType).Name, a.s.ID, a.t.Name)
	}
}

// battle checks a ship's battle/movement order.
func (r *run) battle(o order.Order, a actor) {
	r.battleFor(o, a, true)
}

// battleFor checks a battle/movement order for one ship. For a fleet order
// (own false) the ships that cannot carry it out are skipped without a word,
// as the rules do, and only warnings are given.
func (r *run) battleFor(o order.Order, a actor, strict bool) bool {
	code := o.Code
	fail := func(c, format string, args ...any) bool {
		if strict {
			r.errorf(c, format, args...)
		}
		return false
	}
	player := o.Player()
	switch code {
	case order.EN, order.EP, order.ST, order.SL, order.AB, order.DF, order.FP:
		if player == r.me {
			return fail("attack-self", "player %d is you", player)
		}
		if r.isAlly(player) && code != order.FP {
			return fail("attack-ally", "player %d is your ally, and allies cannot be attacked; break the alliance first (BA %d)", player, player)
		}
	}
	switch code {
	case order.HD:
		switch {
		case a.t.ID == rules.TypeBattleStation:
			return fail("hyperdrive-battle-station", "a battle station cannot hyperjump")
		case a.s.Hyperjumped:
			return fail("hyperdrive-used", "ship %d has made its one hyperjump", a.s.ID)
		case a.st.defence < r.r.Movement.HyperdriveMinDefence:
			return fail("hyperdrive-defence", "ship %d has %d defence units; a hyperjump needs more than %d and costs %d",
				a.s.ID, a.st.defence, r.r.Movement.HyperdriveMinDefence-1, r.r.Movement.HyperdriveDefenceCost)
		}
		return true
	case order.WD, order.WP:
		if !a.t.Warpdrive {
			return fail("no-warpdrive", "a %s has no warpdrive", a.t.Name)
		}
		if a.st.defence <= r.r.Movement.WarpdriveDefenceCost {
			return fail("warp-defence", "ship %d has %d defence units and each warpdrive jump costs %d, which would destroy it",
				a.s.ID, a.st.defence, r.r.Movement.WarpdriveDefenceCost)
		}
		dest, known := r.destination(o)
		if !known {
			return true
		}
		if !dest.Within(geom.Origin, r.r.Movement.WarpdriveRadius) {
			return fail("warp-range", "%v is %d positions from Silverfall; a warpdrive jump must end within %d",
				dest, dest.Dist(geom.Origin), r.r.Movement.WarpdriveRadius)
		}
		if dest.Within(geom.Origin, r.r.Movement.DestructionRadius-1) {
			r.warnf("black-hole", "ship %d would jump to %v, %d positions from Silverfall: anything closer than %d is destroyed",
				a.s.ID, dest, dest.Dist(geom.Origin), r.r.Movement.DestructionRadius)
		}
		return true
	case order.BP:
		p, ok := r.PlanetsAt[a.s.Loc]
		if !ok || len(p) == 0 {
			return fail("no-planet-here", "ship %d is at %v, where there is no planet to bombard", a.s.ID, a.s.Loc)
		}
		switch {
		case p[0].Owner == r.me:
			return fail("bombard-own", "planet %d is your own", p[0].ID)
		case r.isAlly(p[0].Owner):
			return fail("attack-ally", "planet %d belongs to your ally, player %d", p[0].ID, p[0].Owner)
		case a.s.Fire <= 0 || !a.t.Armed():
			return fail("unarmed", "ship %d has no fire units to bombard with", a.s.ID)
		}
		return true
	case order.FI, order.PS:
		id, _ := o.Target()
		b, bst := r.other(id)
		switch {
		case a.s.Fire <= 0 || !a.t.Armed():
			return fail("unarmed", "ship %d has no fire units; only armed ships can %s", a.s.ID, code.What())
		case id == a.s.ID:
			return fail("attack-self", "ship %d cannot %s itself", id, code.What())
		case bst != nil && code == order.PS:
			return fail("pursue-own", "ship %d is your own", id)
		case bst != nil:
			r.warnf("fire-own", "ship %d is your own ship", id)
		case b != nil && r.isAlly(b.Owner):
			return fail("attack-ally", "ship %d belongs to your ally, player %d", id, b.Owner)
		case b != nil && code == order.FI && !a.s.Loc.Within(b.Loc, a.t.FireRange.N):
			r.warnf("out-of-range", "ship %d is %d positions away and a %s fires %d; it fires only if the target comes in range",
				id, a.s.Loc.Dist(b.Loc), a.t.Name, a.t.FireRange.N)
		}
		if code == order.FI {
			return true
		}
	case order.ST, order.SL:
		if a.s.Fire <= 0 || !a.t.Armed() {
			return fail("unarmed", "ship %d has no fire units; only armed ships can strafe", a.s.ID)
		}
	case order.AB:
		if !a.t.Cloak {
			return fail("no-cloak", "a %s has no cloaking device to lie in ambush with", a.t.Name)
		}
		if (a.s.Fire <= 0 || !a.t.Armed()) && strict {
			r.warnf("unarmed", "ship %d has no fire units, so its ambush cannot fire", a.s.ID)
		}
		return true
	case order.DF:
		if (a.s.Fire <= 0 || !a.t.Armed()) && strict {
			r.warnf("unarmed", "ship %d has no fire units, so it cannot defend itself", a.s.ID)
		}
		return true
	case order.CP:
		id, _ := o.Target()
		b, bst := r.other(id)
		switch {
		case id == a.s.ID:
			return fail("copy-self", "ship %d cannot copy itself", id)
		case b == nil:
			r.warnf("unknown-ship", "you have not seen ship %d; it must start the turn within ship %d's communication range", id, a.s.ID)
		case bst == nil && !a.s.Loc.Within(b.Loc, r.commRange(a.s)):
			r.warnf("out-of-comm-range", "ship %d is %d positions away, beyond ship %d's communication range of %d; it cannot be copied",
				id, a.s.Loc.Dist(b.Loc), a.s.ID, r.commRange(a.s))
		}
	}
	if code.Moves() {
		return r.move(o, a, strict)
	}
	return true
}

// destination is where a move or jump is headed, if known.
func (r *run) destination(o order.Order) (geom.Point, bool) {
	if l, ok := o.Location(); ok {
		return l, true
	}
	switch o.Code {
	case order.MP, order.WP, order.EP, order.SL:
		if p, ok := r.Planets[o.Planet()]; ok {
			return p.Loc, true
		}
		r.warnf("unknown-planet", "you know of no planet %d, so its distance cannot be checked", o.Planet())
	case order.CP, order.PS:
		id, _ := o.Target()
		if b, _ := r.other(id); b != nil {
			return b.Loc, true
		}
	}
	return geom.Point{}, false
}

// move checks fuel and the black hole for orders that move a ship.
func (r *run) move(o order.Order, a actor, strict bool) bool {
	if !a.t.CanMove() {
		if strict {
			r.errorf("cannot-move", "a %s cannot move", a.t.Name)
		}
		return false
	}
	if a.st.fuel <= 0 {
		if strict {
			r.errorf("no-fuel", "ship %d has no fuel and cannot move; load fuel first (LF %d 0 over a planet)", a.s.ID, a.s.ID)
		} else {
			r.warnf("no-fuel", "ship %d of the fleet has no fuel and will not move", a.s.ID)
		}
		return false
	}
	dest, known := r.destination(o)
	if !known {
		return true
	}
	reach := r.movementRange(a.s)
	dist := a.s.Loc.Dist(dest)
	leg := min(dist, reach)
	fixed := o.Code != order.CP && o.Code != order.PS // a fixed destination, not a ship that moves
	switch {
	case leg > a.st.fuel:
		r.warnf("fuel-short", "ship %d would move %d positions this turn but has fuel for %d; it stops when the fuel runs out", a.s.ID, leg, a.st.fuel)
	case dist > a.st.fuel && reach > 0 && fixed:
		r.warnf("fuel-runs-out", "ship %d is %d positions from %v but has fuel for %d: at %d a turn it runs dry in turn %d, %d short, unless it takes on fuel on the way",
			a.s.ID, dist, dest, a.st.fuel, reach, r.k.Turn+ceilDiv(a.st.fuel, reach), dist-a.st.fuel)
	}
	if dist > reach && reach > 0 && strict && fixed {
		r.notef("takes-turns", "the %d positions to %v take %d turns at %d a turn, arriving in turn %d; the order carries over until then",
			dist, dest, ceilDiv(dist, reach), reach, r.k.Turn+ceilDiv(dist, reach))
	}
	end := a.s.Loc.Toward(dest, min(leg, a.st.fuel))
	d2 := float64(r.r.Movement.DestructionRadius * r.r.Movement.DestructionRadius)
	if geom.SegmentDist2(a.s.Loc, end, geom.Origin) < d2 || dest.Dist2(geom.Origin) < int(d2) {
		r.warnf("black-hole", "ship %d's course comes within %d positions of Silverfall, where ships are destroyed",
			a.s.ID, r.r.Movement.DestructionRadius)
	}
	return true
}

// fleetOrder checks a battle/movement order given to a fleet.
func (r *run) fleetOrder(o order.Order) {
	f, ok := r.Fleets[o.Subject()]
	if !ok {
		r.errorf("unknown-fleet", "you have no fleet %d", o.Subject())
		return
	}
	switch p := o.Player(); o.Code {
	case order.EN, order.EP, order.ST, order.SL, order.AB, order.DF, order.FP:
		if p == r.me {
			r.errorf("attack-self", "player %d is you", p)
			return
		}
		if r.isAlly(p) && o.Code != order.FP {
			r.errorf("attack-ally", "player %d is your ally, and allies cannot be attacked; break the alliance first (BA %d)", p, p)
			return
		}
	case order.WD:
		if dest, _ := o.Location(); !dest.Within(geom.Origin, r.r.Movement.WarpdriveRadius) {
			r.errorf("warp-range", "%v is %d positions from Silverfall; a warpdrive jump must end within %d",
				dest, dest.Dist(geom.Origin), r.r.Movement.WarpdriveRadius)
			return
		}
	}
	can := 0
	var ownOrders []string
	for _, id := range f.Ships {
		j, ok := r.OwnShip[id]
		if ok && r.st[j].battle {
			ownOrders = append(ownOrders, fmt.Sprint(id))
		}
		if !ok || r.st[j].battle || r.st[j].inside != 0 {
			continue // its own order supersedes the fleet's; docked ships do not act
		}
		s := &r.k.Ships[j]
		t := r.r.Ship(s.Type)
		if t == nil {
			continue
		}
		if r.battleFor(o, actor{s, t, &r.st[j]}, false) {
			can++
		}
	}
	if can == 0 {
		r.warnf("fleet-none-can", "no ship of fleet %d can carry out %s without an order of its own", f.ID, o.Code)
		return
	}
	if len(ownOrders) > 0 {
		r.notef("ship-orders-win", "ship %s of fleet %d %s an order of its own this turn, which it carries out instead of the fleet's",
			strings.Join(ownOrders, ", "), f.ID, map[bool]string{true: "has", false: "have"}[len(ownOrders) == 1])
	}
}

// ceilDiv is a/b rounded up, for positive b.
func ceilDiv(a, b int) int { return (a + b - 1) / b }
