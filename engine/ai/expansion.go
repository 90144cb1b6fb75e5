package ai

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

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
		if !p.canGo(s, fp.Loc) && !p.boldTo(s, fp.Loc) || fp.Loc.Within(geom.Origin, p.r.Movement.DestructionRadius+10) {
			continue
		}
		if fp.Loc == s.Loc {
			d = 0
		}
		w := 1 / float64(10+d)
		if late {
			// Late in the game, the planets that last to the end count:
			// the share of the planets held then wins the game.
			last := p.mk.lastTurnAt(fp.Loc)
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
		} else if p.mk.inDanger(s, st) {
			p.outward(s, st)
		}
		return
	}
	if p.mk.inDanger(s, st) {
		if !p.toFuel(s, st) {
			p.outward(s, st)
		}
		return
	}
	// A planet out of sight: the turn finds one within reach. The ship
	// goes only with the fuel to come back to fuel from wherever it lands.
	if n := st.Movement.N; p.lv.FindPlanets && p.mayFind(s, st) && !p.mk.tooFarIn(s, n) && p.mayLeave(s) {
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
func canFind(s *model.Ship, st *rules.ShipType) bool {
	return s.Fuel >= st.Movement.N+2
}

// shell claims for the end of the game. The planets that outlast the pull
// lie in a thin shell far out, some 70 apart, while a planet-taker sees
// only 35 around it: it goes to one it sees, else it finds one with FP
// (a random planet within its reach, not its own or an ally's) from a
// stance so far out that most of its reach lies among the planets that
// last, else it moves out to that stance. The share of the planets held at
// the end is what wins. false when the ship has not the fuel to go on.
func (p *planner) shell(s *model.Ship, st *rules.ShipType) bool {
	rs := p.mk.survivors()
	var best *model.Planet
	bestD := 0
	for i := range p.k.ForeignPlanets {
		fp := &p.k.ForeignPlanets[i]
		if fp.Kind != model.Independent || p.targeted[fp.ID] || fp.Owner != 0 && p.k.Empire.HasAlly(fp.Owner) ||
			!p.mk.outlasts(fp.Loc) {
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
	if (s.Fuel < max(0, stance-rho)+st.Movement.N || !p.vw.onPlanet(s.Loc) && s.Fuel < 2*st.Movement.N) && p.fillOnWay(s, st, rs) {
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
		if !p.vw.unowned(s.Loc) && (p.turn+s.ID)%2 == 0 && p.relocate(s, st, stance, m) {
			return true
		}
		if !canFind(s, st) {
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
		if w := -1000*p.vw.ownWithin(q, m+20) + s.Loc.Dist(q); !found || w > bestW {
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
		if pl.Loc == s.Loc || d+2 > s.Fuel || p.targeted[pl.ID] || p.mk.lastTurnAt(pl.Loc) <= p.turn+2 {
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
	minR := p.r.Movement.DestructionRadius + 40 + p.mk.pullUntil(p.turn+2)
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

// boldTo reports whether a level that claims boldly sends the ship to an
// unowned planet at loc on the fuel it has, counting on the planet's own
// fuel for the way on (most planets hold some): within its move this
// turn, two positions to spare for the pull's rounding.
func (p *planner) boldTo(s *model.Ship, loc geom.Point) bool {
	st := p.r.Ship(s.Type)
	return p.lv.BoldClaims && st != nil && st.Movement.OK && s.Loc.Dist(loc)+2 <= min(s.Fuel, st.Movement.N)
}

// mayFind reports whether the ship has the fuel to look for a planet out
// of sight (FP): with the fuel to come back to fuel from wherever it
// lands, or, at a level that claims boldly, for the move alone.
func (p *planner) mayFind(s *model.Ship, st *rules.ShipType) bool {
	n := st.Movement.N
	if p.lv.BoldClaims {
		return canFind(s, st)
	}
	return s.Fuel-n >= p.toSafety(s.Loc)+n
}
