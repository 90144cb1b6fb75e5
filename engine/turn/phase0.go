package turn

import (
	"math"
	"math/rand/v2"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/names"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// name carries out NAME SHIP, NAME PLANET and NAME OFFICER.
func (t *run) name(o order.Order) {
	id := o.Subject()
	what := ""
	var current *string
	switch o.Code {
	case order.NameShip:
		s := t.ownShip(id)
		if s == nil {
			return
		}
		what, current = "ship", &s.Name
	case order.NamePlanet:
		p := t.ownPlanet(id, "naming")
		if p == nil {
			return
		}
		what, current = "planet", &p.Name
	case order.NameOfficer:
		off := t.w.Officer(id)
		if off == nil || t.w.officerOwner(off) != t.me() {
			t.fail("unknown-officer", "you have no officer %d", id)
			return
		}
		what, current = "officer", &off.Name
	}
	if *current != "" {
		t.fail("already-named", "%s %d is already named %q; names cannot be changed", what, id, *current)
		return
	}
	*current = o.Text
}

// computerNames names what players left unnamed: "If you do not name
// ships, planets or officers when prompted, the computer will name them
// during the next turn." The sheet that prompted showed them unnamed, and
// these orders were the answer: whatever of an empire's is still unnamed
// once its naming orders are carried out gets the computer's name. What
// comes later in the turn (a ship built, a planet taken) is asked for on
// the next sheet. A name given stays: names cannot be changed.
func (t *run) computerNames() {
	w := t.w
	nm := w.R.Naming
	empire := func(p int) (string, bool) {
		if e := w.Empire(p); e != nil && p != 0 {
			return e.Name, true
		}
		return "", false
	}
	w.Live(func(s *model.Ship) {
		if e, ok := empire(s.Owner); ok && s.Name == "" {
			s.Name = names.Ship(e, s.ID, nm.ShipLength)
		}
	})
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if e, ok := empire(p.Owner); ok && p.Name == "" && p.Kind != model.Trading {
			p.Name = names.Planet(e, p.ID, nm.PlanetLength)
		}
	}
	for i := range w.G.Officers {
		o := &w.G.Officers[i]
		if _, ok := empire(w.officerOwner(o)); ok && o.Name == "" {
			o.Name = names.Officer(o.ID, nm.OfficerLength)
		}
	}
}

// gift carries out GIFT SHIP and GIFT PLANET.
func (t *run) gift(o order.Order) {
	d := t.w.R.Diplomacy
	id, to := o.Subject(), o.Player()
	turn := t.w.G.Turn + 1 // the turn the orders are for
	if turn < d.GiftsFromTurn {
		t.fail("gift-too-early", "gifts can be made from turn %d on; these orders are for turn %d", d.GiftsFromTurn, turn)
		return
	}
	if o.Code == order.GiftPlanet {
		p := t.ownPlanet(id, "gifting")
		if p == nil {
			return
		}
		if t.w.Mode == Host {
			if t.w.Empire(to) == nil {
				t.fail("unknown-player", "there is no player %d in this game", to)
				return
			}
			p.Owner = to
			t.tell(to, "Player %d gave you planet %d.", t.me(), id)
		} else {
			p.Owner = to
		}
		return
	}
	s := t.ownShip(id)
	if s == nil {
		return
	}
	if s.Inside != 0 || len(t.carriedBy(s.ID)) > 0 {
		t.fail("gift-docked", "ship %d is docked or carries docked ships; such ships cannot be gifted", id)
		return
	}
	if t.w.Mode == Host && t.w.Empire(to) == nil {
		t.fail("unknown-player", "there is no player %d in this game", to)
		return
	}
	s.GiveTo(to)
	s.Standing = order.Order{}
	if t.w.Mode != Host {
		return
	}
	t.tell(to, "Player %d gave you ship %d.", t.me(), id)
	// Most ships given to a computer empire jump away at once.
	if e := t.w.Empire(to); e != nil && (e.Computer || e.Dropped || to == t.w.R.Game.PlayerSauran) {
		if chance(t.rng("gifts"), float64(t.w.R.Battle.GiftHyperdrivePercent)) && !s.Hyperjumped {
			t.hyperjump(s, t.rng("gifts"))
		}
	}
}

// allyPoints gives each empire 1% of its allies' anti-points.
func (t *run) allyPoints() {
	pct := float64(t.w.R.Points.AllyAntiPointsPercent)
	gains := map[int]int{}
	for i := range t.w.G.Empires {
		e := &t.w.G.Empires[i]
		total := 0 // "1/100th of the total anti-points of your allies": rounded once
		for _, a := range e.Allies {
			if ae := t.w.Empire(a); ae != nil {
				total += ae.AntiPoints
			}
		}
		gains[e.Player] = rules.Adjust(total, pct-100, 1)
	}
	for i := range t.w.G.Empires {
		e := &t.w.G.Empires[i]
		if g := gains[e.Player]; g > 0 {
			e.Points += g
			t.tell(e.Player, "Your allies' anti-points brought you %s points.", cr(g))
		}
	}
}

// refuelAtStart fills the tanks of Sauran's ships, and of the empires with
// the special ability to refuel.
func (t *run) refuelAtStart() {
	t.w.Live(func(s *model.Ship) {
		if s.Owner != t.w.R.Game.PlayerSauran {
			if _, ok := t.w.special(s.Owner, rules.EffectRefuel); !ok {
				return
			}
		}
		if st := t.w.R.Ship(s.Type); st != nil && st.MaxFuel.OK {
			s.Fuel = st.MaxFuel.N
		}
	})
}

// hyperjump sends a ship to a random place in the system, at the cost of
// a defence unit.
func (t *books) hyperjump(s *model.Ship, rng *rand.Rand) {
	b := t.w.R.Battle
	lo, hi := float64(b.HyperdriveMinRadius), float64(b.HyperdriveRadius)
	// Uniform in the shell between the two radii.
	r := math.Cbrt(lo*lo*lo + rng.Float64()*(hi*hi*hi-lo*lo*lo))
	var v [3]float64
	for {
		v = [3]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if l := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2]); l > 1e-9 {
			v[0], v[1], v[2] = v[0]/l, v[1]/l, v[2]/l
			break
		}
	}
	to := geom.Point{X: geom.Round(v[0] * r), Y: geom.Round(v[1] * r), Z: geom.Round(v[2] * r)}
	s.Defence -= t.w.R.Movement.HyperdriveDefenceCost
	s.Hyperjumped = true
	t.relocate(s, to)
}

// relocate moves a ship and what it carries.
func (t *books) relocate(s *model.Ship, to geom.Point) {
	s.Loc = to
	for _, c := range t.carriedBy(s.ID) {
		c.Loc = to
	}
}

// grantSpecial gives player p a special ability he does not hold yet:
// for his points, or won by practice.
func (t *run) grantSpecial(p int, rng interface{ IntN(int) int }, practised bool) bool {
	e := t.w.Empire(p)
	if e == nil || p == t.w.R.Game.PlayerSauran {
		return false
	}
	held := map[string]bool{}
	for _, a := range e.Abilities {
		held[a.Name] = true
	}
	var free []rules.Special
	for _, sp := range t.w.R.Specials {
		if !held[sp.Name] {
			free = append(free, sp)
		}
	}
	if len(free) == 0 {
		return false
	}
	sp := free[rng.IntN(len(free))]
	e.Abilities = append(e.Abilities[:len(e.Abilities):len(e.Abilities)], model.SpecialAbility{Name: sp.Name, Description: sp.Description, Practised: practised})
	t.tell(p, "The Imperial Council grants you a special ability: %s (%s).", sp.Name, sp.Description)
	return true
}
