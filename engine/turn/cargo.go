package turn

import (
	"fmt"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// cargo is the orders of phase 1 that move ore, fuel and population
// between ships, planets and the trading planets' markets, with their
// trade.
type cargo struct{ *run }

// ore carries out UL and LO.
func (t cargo) ore(o order.Order) {
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	what := "loading ore"
	if o.Code == order.UL {
		what = "unloading ore"
	}
	if !st.CarriesCargo() {
		t.fail("no-cargo-space", "a %s has no cargo space", st.Name)
		return
	}
	p := t.planetHere(s, what)
	if p == nil {
		return
	}
	r := t.w.R
	typ, amount := o.OreType(), o.Amount()
	types := []int{typ}
	if typ == 0 {
		types = []int{1, 2, 3, 4, 5}
	}
	market, trading := t.w.G.Markets[p.ID]
	trading = trading && p.Kind == model.Trading
	known := t.w.Known(p)
	merchant := t.w.level(s, abilityMerchant)
	if o.Code == order.UL {
		moved, value := 0, 0
		var n [rules.OreTypes]int
		for _, ty := range types {
			k := amount
			have := s.Cargo[ty-1]
			if k == 0 {
				k = have
			} else if k > have && typ != 0 {
				t.fail("cargo-short", "ship %d carries %d units of ore type %d, not %d", s.ID, have, ty, k)
				return
			}
			n[ty-1] = min(k, have)
			moved += n[ty-1]
		}
		if moved == 0 {
			t.warn("nothing-to-unload", "ship %d carries no ore of that type to unload", s.ID)
			return
		}
		for ty := range n {
			s.Cargo[ty] -= n[ty]
			switch {
			case trading:
				value += n[ty] * market.Prices.Ore[ty]
				market.Stock[ty] += n[ty]
			case known:
				p.Stock[ty] += n[ty]
			}
		}
		if trading {
			// One sale, however many types: Merchant on the whole, rounded once.
			t.w.G.Markets[p.ID] = market
			t.earn(t.me(), rules.Adjust(value, t.percent(abilityMerchant, 0), merchant), fmt.Sprintf("Ore sold at planet %d", p.ID), true)
		}
		s.Cloaked = false
		return
	}
	// Loading.
	if known && !trading && typ == 0 && p.Stock.Total() == 0 {
		t.fail("planet-empty", "planet %d has no ore stockpiled at that point, so ship %d has nothing to load", p.ID, s.ID)
		return
	}
	cargo := s.Cargo
	cost := 0
	for _, ty := range types {
		room := r.CargoRoom(st.Cargo.N, cargo, ty)
		k := amount
		if k == 0 {
			k = room
		} else if k > room {
			t.fail("cargo-full", "ship %d has room for %d more units of ore type %d, not %d (a %s has %d cargo units; one holds %d of type %d)",
				s.ID, room, ty, k, st.Name, st.Cargo.N, r.Ore.PerCargoUnit[ty-1], ty)
			return
		}
		switch {
		case trading:
			if t.w.Mode == Host {
				k = min(k, market.Stock[ty-1])
			}
			if typ == 0 && amount == 0 && t.w.Mode == Check {
				t.warn("cost-unknown", "loading as much ore as fits from trading planet %d: the cost depends on the mix it loads", p.ID)
			}
			cost += r.BuyCost(k, market.Prices.Ore[ty-1])
		case known:
			have := p.Stock[ty-1]
			switch {
			case have == 0 && typ != 0:
				t.fail("planet-empty", "planet %d has no ore of type %d stockpiled at that point, so ship %d has nothing to load", p.ID, ty, s.ID)
				return
			case k > have && amount != 0:
				t.warn("planet-short", "planet %d has %d units of ore type %d stockpiled at that point; ship %d will load only those", p.ID, have, ty, s.ID)
			}
			k = min(k, have)
		}
		cargo[ty-1] += k
	}
	if trading && !t.afford(cost, fmt.Sprintf("buying ore at trading planet %d", p.ID), "") {
		return
	}
	for ty := range cargo {
		k := cargo[ty] - s.Cargo[ty]
		switch {
		case trading:
			market.Stock[ty] -= min(k, market.Stock[ty])
		case known:
			p.Stock[ty] -= k
		}
	}
	s.Cargo = cargo
	if trading {
		t.w.G.Markets[p.ID] = market
		t.pay(t.me(), cost, "Ore bought")
	}
	s.Cloaked = false
}

// fuel carries out UF and LF, for the ship and the further ships of a range.
func (t cargo) fuel(o order.Order) {
	last, ok := t.rangeEnd(o)
	if !ok {
		return
	}
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	t.fuelOne(o, s, st, true)
	if last != 0 {
		t.ownRange(o.Subject()+1, last, func(b *model.Ship, bt *rules.ShipType) { t.fuelOne(o, b, bt, false) })
	}
}

// fuelOne loads or unloads fuel for one ship; strict is false for the
// further ships of a range, which only "attempt" the order.
func (t cargo) fuelOne(o order.Order, s *model.Ship, st *rules.ShipType, strict bool) {
	amount := o.Amount()
	if !st.MaxFuel.OK {
		if strict {
			t.fail("no-fuel-tank", "a %s carries no fuel", st.Name)
		}
		return
	}
	if s.Inside != 0 && !strict {
		return
	}
	p := t.w.PlanetAt(s.Loc)
	if p == nil {
		if strict {
			t.planetHere(s, "loading or unloading fuel")
		}
		return
	}
	market, trading := t.w.G.Markets[p.ID]
	trading = trading && p.Kind == model.Trading
	known := t.w.Known(p)
	merchant := t.w.level(s, abilityMerchant)
	if o.Code == order.UF {
		n := amount
		if n == 0 {
			n = s.Fuel
		} else if n > s.Fuel {
			if strict {
				t.fail("fuel-short", "ship %d has %d fuel, not %d", s.ID, s.Fuel, n)
				return
			}
			n = s.Fuel
		}
		if n == 0 {
			return
		}
		s.Fuel -= n
		switch {
		case trading:
			market.Fuel += n
			t.w.G.Markets[p.ID] = market
			t.earn(t.me(), rules.Adjust(n*market.Prices.Fuel, t.percent(abilityMerchant, 0), merchant), fmt.Sprintf("Fuel sold at planet %d", p.ID), true)
		case known:
			p.Fuel += n
		}
		s.Cloaked = false
		return
	}
	room := st.MaxFuel.N - s.Fuel
	n := amount
	if n == 0 {
		n = room
	} else if n > room {
		if strict {
			t.fail("fuel-full", "ship %d has %d fuel and a %s holds %d, so %d more fit, not %d", s.ID, s.Fuel, st.Name, st.MaxFuel.N, room, n)
			return
		}
		n = room
	}
	switch {
	case trading:
		if t.w.Mode == Host {
			n = min(n, market.Fuel)
		}
	case known:
		if p.Fuel == 0 && room > 0 {
			if strict {
				t.fail("planet-empty", "planet %d has no fuel left at that point, so ship %d has none to load", p.ID, s.ID)
			}
			return
		}
		if n > p.Fuel {
			if strict && amount != 0 {
				t.warn("planet-short", "planet %d has %d fuel left at that point; ship %d will load only that", p.ID, p.Fuel, s.ID)
			}
			n = p.Fuel
		}
	}
	if n <= 0 {
		return
	}
	cost := 0
	if trading {
		// A merchant buys fuel cheaper: the second effect of the ability.
		cost = rules.Adjust(t.w.R.BuyCost(n, market.Prices.Fuel), t.percent(abilityMerchant, 1), merchant)
		if !t.afford(cost, fmt.Sprintf("buying %d fuel at trading planet %d", n, p.ID), "") {
			return
		}
	}
	s.Fuel += n
	switch {
	case trading:
		market.Fuel -= min(n, market.Fuel)
		t.w.G.Markets[p.ID] = market
		t.pay(t.me(), cost, "Fuel bought")
	case known:
		p.Fuel -= n
	}
	s.Cloaked = false
}

// population carries out UP and LP.
func (t cargo) population(o order.Order) {
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	what := "loading population"
	if o.Code == order.UP {
		what = "unloading population"
	}
	if st.Population == 0 {
		t.fail("cannot-carry-population", "a %s cannot carry population", st.Name)
		return
	}
	p := t.planetHere(s, what)
	if p == nil {
		return
	}
	known := t.w.Known(p)
	trading := p.Kind == model.Trading
	slaver := t.w.level(s, abilitySlaver)
	n := o.Amount()
	if o.Code == order.UP {
		if n == 0 {
			n = s.Population
		} else if n > s.Population {
			t.fail("population-short", "ship %d carries %d population, not %d", s.ID, s.Population, n)
			return
		}
		if known && !trading {
			// "Population ... can never go above 50,000": what the planet
			// cannot take stays aboard.
			capPop, _ := t.w.caps(p)
			if room := max(capPop-p.Population, 0); n > room {
				t.warn("planet-full", "planet %d has %d population at that point and holds at most %d; ship %d lands %d and keeps %d aboard",
					p.ID, p.Population, capPop, s.ID, room, n-room)
				t.tell(t.me(), "Planet %d could take only %d of ship %d's population; the other %d stayed aboard.", p.ID, room, s.ID, n-room)
				n = room
			}
		}
		s.Population -= n
		switch {
		case trading:
			t.earn(t.me(), rules.Adjust(n*t.w.R.Trade.PopulationSellPrice, t.percent(abilitySlaver, 0), slaver),
				fmt.Sprintf("Population sold at planet %d", p.ID), true)
		case known:
			p.Population += n
		}
		s.Cloaked = false
		return
	}
	room := st.Population - s.Population
	if n == 0 {
		n = room
	} else if n > room {
		t.fail("population-full", "a %s carries at most %d population; ship %d has room for %d, not %d", st.Name, st.Population, s.ID, room, n)
		return
	}
	if known && !trading {
		if p.Population == 0 {
			t.fail("planet-empty", "planet %d has no population left at that point, so ship %d has none to take", p.ID, s.ID)
			return
		}
		if n > p.Population {
			t.warn("planet-short", "planet %d has %d population left at that point; ship %d will take only those", p.ID, p.Population, s.ID)
			n = p.Population
		}
	}
	cost := 0
	if trading {
		cost = rules.Adjust(n*t.w.R.Trade.PopulationBuyPrice, t.percent(abilitySlaver, 1), slaver)
		if !t.afford(cost, fmt.Sprintf("buying %d population at trading planet %d", n, p.ID), "") {
			return
		}
	}
	s.Population += n
	switch {
	case trading:
		t.pay(t.me(), cost, "Population bought")
	case known:
		p.Population -= n
	}
	s.Cloaked = false
}

// refuel carries out RF.
func (t cargo) refuel(o order.Order) {
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	if !st.Refuels {
		t.fail("cannot-refuel", "a %s cannot refuel other ships", st.Name)
		return
	}
	id, _ := o.Target()
	b := t.w.Ship(id)
	if b == nil {
		t.fail("unknown-ship", "there is no ship %d that you know of to refuel", id)
		return
	}
	if !t.together(s, b, "refuelling") {
		return
	}
	n := o.Amount()
	if n == 0 {
		n = s.Fuel
	}
	if n > s.Fuel {
		t.fail("fuel-short", "ship %d has %d fuel to give, not %d", s.ID, s.Fuel, n)
		return
	}
	bt := t.w.R.Ship(b.Type)
	if bt == nil || !bt.MaxFuel.OK {
		t.fail("no-fuel-tank", "a %s carries no fuel", typeName(bt))
		return
	}
	if t.w.KnownShip(b) {
		room := bt.MaxFuel.N - b.Fuel
		if o.Amount() == 0 {
			n = min(n, room)
		} else if n > room {
			t.fail("fuel-full", "ship %d has room for %d more fuel, not %d", id, room, n)
			return
		}
		b.Fuel += n
	}
	s.Fuel -= n
	s.Cloaked, b.Cloaked = false, false
}
