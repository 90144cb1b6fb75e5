package ai

import (
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

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
			if !seen[s.ID] && p.vw.allyNear(s.Loc) {
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
			if s.Fuel == 0 && p.own[s.Loc] == nil && p.mk.tradingAt(s.Loc) == nil && p.vw.onPlanet(s.Loc) && !p.vw.knownDry(s.Loc) {
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
	guard, guardPct := 0, p.guardPercent()
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
		if s.Standing.Code != order.Invalid && !replan && !p.mk.inDanger(s, st) && !p.arrivesTooLate(s) && p.fuelledFor(s) {
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
			if p.assault(s, st) || !p.lv.BoldClaims && p.fight(s, st, threats) {
				continue
			}
			if pl := p.own[s.Loc]; pl != nil && pl.Kind == model.Origin && guard*100 < p.warships*guardPct && !p.contending() &&
				p.mk.lastTurnAt(s.Loc) > p.turn+1 {
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
		if fp.Owner != 0 || p.targeted[fp.ID] || p.mk.tradingAt(fp.Loc) != nil ||
			s.Loc.Dist(fp.Loc) > reach || p.mk.lastTurnAt(fp.Loc) <= p.turn {
			continue
		}
		if best == nil || s.Loc.Dist(fp.Loc) < s.Loc.Dist(best.Loc) {
			best = fp
		}
	}
	if best == nil {
		// A planet found a move nearer Silverfall, as the end of the turn
		// pulls it, with two positions to spare.
		safe := !journey.Pulled(p.r, s.Loc.Toward(geom.Origin, st.Movement.N), p.turn).Within(geom.Origin, p.r.Movement.DestructionRadius+2)
		if !p.lv.FindPlanets || !safe || !canFind(s, st) {
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
	if pl == nil || pl.Kind != model.Independent || pl.DefenceUnits > 0 || s.Cloaked || p.mk.lastTurnAt(pl.Loc) <= p.turn {
		return false
	}
	for i := range p.k.Ships {
		if o := &p.k.Ships[i]; o.ID < s.ID && o.Loc == s.Loc && o.Inside == 0 && !o.Cloaked {
			return false
		}
	}
	return true
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
		if d := loc.Dist(tp.Planet.Loc); d < best && p.mk.marketOpen(p.turn+2) && p.turn+1 <= p.mk.marketLast(tp) && p.fuelAt(tp.Planet.Loc) {
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
		joint := p.lv.JointAttacks && t.Owner == p.r.Game.PlayerSauran && p.vw.allyNear(t.Loc)
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

// mayLeave reports whether a ship at the origin may go out, counting it
// out when it may.
func (p *planner) mayLeave(s *model.Ship) bool {
	if p.lv.BoldClaims {
		return true // a planet taken pays more than a fleet's upkeep
	}
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
		at, ok := p.mk.above(pl.Loc)
		st := p.r.Ship(s.Type)
		if !ok || st == nil || !st.Movement.OK || !p.placeTrip(s, s.Fuel, at).Arrives() {
			return // its journey there, the pull counted, runs dry or falls in
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
