package turn

import (
	"fmt"
	"math"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// lastBattlePhase is the turn's last phase of battle and movement.
const lastBattlePhase = 4

// battle is phases 2 to 4 of a turn: each ship's battle/movement order
// carried out, fire and its rewards, planet defence, bombardment. It holds
// its own state (the orders, the order of moving, the index of targets,
// who was promoted, the record) and shares with the rest of the turn only
// its books: the world, the reports and credits, the random streams, the
// ships lost. The host turn and the simulator (Fight) both carry out
// battles with it.
type battle struct {
	*books
	moves        map[int]*move // each ship's battle/movement order, by ship
	moving       []*move       // the ships with orders, in moving order (fixed at phase 2)
	targets      *targets      // the ships that can be fired at, during a phase
	promoted     map[int]bool  // ships that had their chance of an officer this turn
	checkTargets bool
	rec          *Record // what happened, when it is recorded
}

// newBattle is the battle of the turn whose books and orders these are;
// rec, when set, gets its record.
func newBattle(b *books, moves map[int]*move, checkTargets bool, rec *Record) *battle {
	x := &battle{books: b, moves: moves, promoted: map[int]bool{}, checkTargets: checkTargets, rec: rec}
	if rec != nil {
		rec.start(b.w)
	}
	return x
}

// combat is the battle as the receiver of its orders' executors.
type combat struct{ *battle }

// phase carries out phase 2, 3 or 4 of battle and movement: each ship in
// moving order does its order's part of the phase.
func (t combat) phase(n int) {
	w := t.w
	t.curPhase = n
	t.targets = nil
	defer func() { t.targets = nil }()
	lostFrom := len(t.lostOrder)
	list := t.movingOrder()
	for _, m := range list {
		s := w.Ship(m.ship)
		if s == nil || m.failed || m.done {
			continue
		}
		exec := movementExec[n][m.o.Code]
		if exec == nil {
			continue // the order has no part in this phase
		}
		m.killed = false
		exec(t, m, s)
	}
	if t.battles() && n == 4 {
		t.planetDefenceFire()
	}
	if t.battles() {
		t.proportion()
	}
	if t.rec != nil {
		t.rec.lostIn(n, t.books, lostFrom)
		if n == lastBattlePhase {
			t.rec.finish(w)
		}
	}
}

// moveFunc carries out a ship's battle/movement order's part of a phase.
type moveFunc func(t combat, m *move, s *model.Ship)

// movementExec carries out the battle/movement orders in phases 2 to 4, by
// phase and code, as the rule book lists them: fire, move, defend, engage,
// ambush, strafe and pursue in each; hyperdrive in phase 2; warpdrive and
// bombard in phase 3. The orders toward planets (MP, EP, WP, SL, FP) act as
// their plain forms once phase 2 has worked out where they go; copy orders
// have become the order they copy by then.
var movementExec = func() (x [5]map[order.Code]moveFunc) {
	for p := 2; p <= 4; p++ {
		x[p] = map[order.Code]moveFunc{
			order.FI: combat.fireAct,
			order.MO: combat.moveAct, order.MP: combat.moveAct, order.FP: combat.moveAct,
			order.DF: combat.defendAct,
			order.EN: combat.engageAct, order.EP: combat.engageAct,
			order.AB: combat.ambushAct,
			order.ST: combat.strafeAct, order.SL: combat.strafeAct,
			order.PS: combat.pursue,
		}
	}
	x[2][order.HD] = combat.hyperdriveAct
	x[3][order.WD] = combat.warpAct
	x[3][order.WP] = combat.warpAct
	x[3][order.BP] = combat.bombardAct
	return x
}()

// hyperdriveAct is HD (phase 2): a jump to a random place, on the host.
func (t combat) hyperdriveAct(m *move, s *model.Ship) {
	if t.w.Mode == Host {
		t.hyperjump(s, t.rng("hyperdrive"))
		t.touch(s)
		if s.Defence < 1 {
			t.destroy(s, 0, "its hyperjump took its last defence units")
		}
	}
	m.done = true
}

// warpAct is WD and WP (phase 3): a jump to the place chosen.
func (t combat) warpAct(m *move, s *model.Ship) {
	if m.hasDest {
		t.jump(m, s)
	}
}

// moveAct is MO, MP and FP: a third of the range toward the destination.
func (t combat) moveAct(m *move, s *model.Ship) { t.advance(m, s, t.curPhase) }

// engageAct is EN and EP: stop to fight a target in range; else move on,
// and fire at what the move brings in range. A ship that destroys its
// target moves on ("will then recommence movement") without firing again:
// a ship fires once a phase.
func (t combat) engageAct(m *move, s *model.Ship) {
	if t.battles() && t.engage(m, s, false) {
		if m.killed {
			t.advance(m, s, t.curPhase)
			t.seekAgain(m)
		}
		return
	}
	t.advance(m, s, t.curPhase)
	if t.battles() {
		t.engage(m, s, false)
		t.seekAgain(m)
	}
}

// strafeAct is ST and SL: move on, firing one damage a shot on the way.
func (t combat) strafeAct(m *move, s *model.Ship) {
	t.advance(m, s, t.curPhase)
	if t.battles() {
		t.engage(m, s, true)
		t.seekAgain(m)
	}
}

// seekAgain keeps the order of a ship that destroyed its target this
// phase for the next, even when its move has reached its destination:
// "if the ship being attacked is completely destroyed during the turn the
// attacking ship will then seek to fire upon a new ship". With none in
// range then, the order ends there; after the turn's last battle phase it
// ends at once, as on arriving.
func (t combat) seekAgain(m *move) {
	if m.killed && t.curPhase < lastBattlePhase {
		m.done = false
	}
}

// ambushAct is AB.
func (t combat) ambushAct(m *move, s *model.Ship) {
	if t.battles() {
		t.ambush(m, s)
	}
}

// defendAct is DF: fire at a target in range, staying put.
func (t combat) defendAct(m *move, s *model.Ship) {
	if t.battles() {
		t.engage(m, s, false)
	}
}

// fireAct is FI: fire at the ship named while it is in range; the order
// ends with the ship.
func (t combat) fireAct(m *move, s *model.Ship) {
	if !t.battles() {
		return
	}
	if b := t.w.Ship(m.target); b != nil && b.Inside == 0 && t.inRange(s, b) {
		t.fire(s, b, false)
	} else if b == nil {
		m.done = true
	}
}

// bombardAct is BP (phase 3).
func (t combat) bombardAct(m *move, s *model.Ship) {
	if t.battles() {
		t.bombard(s)
	}
}

// pursue does PS: fire when the target is in range, else move toward it
// (never both in one phase);
// the target gets away beyond twice the pursuer's communication range, or
// when it docks or cloaks.
func (t combat) pursue(m *move, s *model.Ship) {
	b := t.w.Ship(m.target)
	if b == nil || b.Inside != 0 || b.Cloaked {
		m.done = true
		return
	}
	if !s.Loc.Within(b.Loc, t.w.R.Movement.PursueRangeFactor*t.w.CommRange(s)) {
		m.done = true
		t.tell(s.Owner, "Ship %d lost sight of ship %d, which got away.", s.ID, b.ID)
		return
	}
	if t.battles() && t.inRange(s, b) {
		t.fire(s, b, false)
		return
	}
	// Out of range it only moves: the rule book's "if within fire-range
	// your ship will fire at it, otherwise ... move", one or the other in a
	// phase.
	m.dest, m.hasDest = b.Loc, true
	t.advance(m, s, t.curPhase)
	m.done = false
}

// battles reports whether fire and combat are carried out: on the host.
// A check or forecast runs one player's orders and assumes no one
// interferes, so its ships only move.
func (t combat) battles() bool { return t.w.Mode == Host }

// inRange reports whether b is within s's fire range.
func (t combat) inRange(s, b *model.Ship) bool {
	st := t.w.R.Ship(s.Type)
	return st != nil && st.FireRange.OK && s.Loc.Within(b.Loc, st.FireRange.N)
}

// engage fires at the best target in range among the ships of the player
// attacked; true when it fired. Strafing shots do one damage each.
func (t combat) engage(m *move, s *model.Ship, strafe bool) bool {
	b := t.pick(s, m.against)
	if b == nil {
		return false
	}
	if t.fire(s, b, strafe) {
		m.killed = true
	}
	return true
}

// ambush lies cloaked in wait; on an enemy in range it uncloaks and fires,
// and cloaks again when the enemy is destroyed.
func (t combat) ambush(m *move, s *model.Ship) {
	b := t.pick(s, m.against)
	if b == nil {
		if st := t.w.R.Ship(s.Type); st != nil && st.Cloak {
			s.Cloaked = true
			t.touch(s)
		}
		return
	}
	s.Cloaked = false
	t.touch(s)
	if t.fire(s, b, false) {
		s.Cloaked = true
		t.touch(s)
	}
}

// hostile reports whether ship b belongs to the players that order's
// player number names, for ship s's owner: 0 all but allies, 88 declared
// enemies, 99 Sauran, or one player.
func (t combat) hostile(s, b *model.Ship, against int) bool {
	return t.hostileOwner(s.Owner, b.Owner, against)
}

// hostileOwner is hostile for the ships' owners: it depends on nothing
// else.
func (t combat) hostileOwner(owner, other, against int) bool {
	w := t.w
	if other == owner || w.Allied(owner, other) {
		return false
	}
	switch against {
	case w.R.Game.PlayerAllButAllies:
		return true
	case w.R.Game.PlayerEnemies:
		e := w.Empire(owner)
		return e != nil && e.HasEnemy(other)
	}
	return other == against
}

// pick chooses the target of an engaging ship: of the hostile ships in
// range that it detects, the one whose fire per unit of defence left is
// greatest (the most dangerous and the easiest to destroy), then the
// nearest, then the lowest number.
func (t combat) pick(s *model.Ship, against int) *model.Ship {
	st := t.w.R.Ship(s.Type)
	if st == nil || !st.FireRange.OK || s.Fire <= 0 {
		return nil
	}
	// The index finds the candidates; no cloaked ship is among them.
	if t.targets == nil {
		t.targets = newTargets(t.w)
	}
	b := t.targets.pick(t, s, against, st.FireRange.N)
	if t.checkTargets {
		if want := t.scanPick(s, against, st.FireRange.N); want != b {
			panic(fmt.Sprintf("ship %d: the index picked %v, a look at every ship %v", s.ID, b, want))
		}
	}
	return b
}

// scanPick is pick looking at every ship.
func (t combat) scanPick(s *model.Ship, against, fireRange int) *model.Ship {
	var best *model.Ship
	bestScore, bestDist := -1.0, math.MaxInt
	t.w.Live(func(b *model.Ship) {
		if b.Inside != 0 || !t.hostile(s, b, against) || !s.Loc.Within(b.Loc, fireRange) {
			return
		}
		// A cloaked ship "will not be detected by any other battle
		// command" than fire, whatever the officer: Surveillance locates
		// cloaked ships for the sheet, where fire can be aimed at them.
		if b.Cloaked {
			return
		}
		score := float64(b.Fire+1) / float64(max(b.Defence, 1))
		d := s.Loc.Dist2(b.Loc)
		if score > bestScore || score == bestScore && (d < bestDist || d == bestDist && b.ID < best.ID) {
			best, bestScore, bestDist = b, score, d
		}
	})
	return best
}

// fire has s fire at b; true when b was destroyed.
func (t combat) fire(s, b *model.Ship, strafe bool) bool {
	w := t.w
	if s.Fire <= 0 {
		return false
	}
	s.Cloaked = false // firing gives a ship away
	t.touch(s)
	d := 1 // a strafing shot: one damage, whatever either side's abilities
	if !strafe {
		dmg := float64(s.Fire) * (1 + t.percent(abilityTactical, 0)*float64(w.level(s, abilityTactical))/100)
		// The target's Security officer and special abilities soften the
		// blow; only the final figure is rounded.
		if lv := w.level(b, abilitySecurity); lv > 0 {
			dmg *= math.Max(0, 1+t.percent(abilitySecurity, 1)*float64(lv)/100)
		}
		if pct, ok := w.special(b.Owner, rules.EffectDamageTakenPercent); ok {
			dmg *= math.Max(0, 1+float64(pct)/100)
		}
		d = geom.Round(dmg)
	}
	if d <= 0 {
		return false
	}
	d = min(d, max(b.Defence, 0))
	b.Defence -= d
	t.touch(b)
	if s.Owner != b.Owner {
		b.HitTurn = w.G.Turn + 1
	}
	t.battleLine(s.Owner, "Phase %d: your ship %d (%s) fired on ship %d of player %d (%s): %d damage.",
		t.phaseNow(), s.ID, t.typeOf(s), b.ID, b.Owner, t.typeOf(b), d)
	t.battleLine(b.Owner, "Phase %d: ship %d of player %d (%s) fired on your ship %d (%s): %d damage.",
		t.phaseNow(), s.ID, s.Owner, t.typeOf(s), b.ID, t.typeOf(b), d)
	t.rec.shot(Shot{Phase: t.curPhase, Ship: s.ID, Player: s.Owner, Target: b.ID, TargetOwner: b.Owner, Damage: d, Strafe: strafe, Destroys: b.Defence < 1})
	t.damagePoints(s.Owner, b, d)
	t.promote(s, b)
	if b.Defence < 1 {
		t.destroy(b, s.Owner, fmt.Sprintf("destroyed by ship %d of player %d", s.ID, s.Owner))
		return true
	}
	return false
}

// damagePoints pays for damage player by did to ship b, by his ships or
// his planets' defence units: the council's points for damage to Sauran,
// Sauran's credits for damage to players, anti-points to the damaged.
func (t combat) damagePoints(by int, b *model.Ship, d int) {
	w := t.w
	pr := w.R.Points
	sa := w.R.Game.PlayerSauran
	if by == b.Owner {
		return // self-inflicted
	}
	if b.Owner == sa && by != sa {
		if e := w.Empire(by); e != nil {
			e.Points += d * pr.PerDamageToSauran
		}
	}
	// "Sauran himself will pay you": the credits for damage to players come
	// out of his own, but never go to a giver of the ship for damaging it;
	// its new owner is still owed his anti-points.
	if b.Owner != sa && by != sa && !b.GivenBy(by) && w.Empire(by) != nil {
		amount := d * pr.SauranCreditsPerDamageToPlayers
		t.earn(by, amount, "Paid by Dark Lord Sauran", false)
		t.pay(sa, amount, "Paid to players for damage")
	}
	if b.Owner != sa {
		if e := w.Empire(b.Owner); e != nil {
			e.AntiPoints += d * pr.AntiPointsPerDamageTaken
		}
	}
}

// promote gives a ship without a commission officer, in battle with Sauran,
// its chance of one rising from the ranks.
func (t combat) promote(s, b *model.Ship) {
	sa := t.w.R.Game.PlayerSauran
	for _, x := range []*model.Ship{s, b} {
		other := b
		if x == b {
			other = s
		}
		if x.Owner == sa || other.Owner != sa || x.Officer != 0 || t.w.Mode != Host {
			continue
		}
		if t.promoted[x.ID] {
			continue
		}
		t.promoted[x.ID] = true
		if chance(t.rng("promotion"), float64(t.w.R.Officers.NCOPromotionPercent)) {
			t.newOfficer(x.Owner, x, t.rng("promotion"))
		}
	}
}

// proportion sets every ship's fire units in proportion to its defence
// units left (end of each battle phase), rounded.
func (t combat) proportion() {
	t.w.Live(func(s *model.Ship) {
		if s.MaxDefence > 0 && s.Defence < s.MaxDefence {
			s.Fire = min(s.Fire, rules.Adjust(s.MaxFire, float64(s.Defence)*100/float64(s.MaxDefence)-100, 1))
		}
	})
}

// planetDefenceFire is phase 4's fire of the activated planet defence
// units: one damage a unit at other players' ships above the planet
// (allies aside), at most five shots a planet, each using up a unit.
func (t combat) planetDefenceFire() {
	w := t.w
	rng := t.rng("planet defence")
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if !p.DefenceActive || p.DefenceUnits == 0 || p.Owner == 0 {
			continue
		}
		// Security "increases the total fire power of defence units by
		// 0.5 per level": the turn's shots together do that much more (a
		// unit each, five shots at most), spread over them, the running
		// total rounded (halves up): level 1 makes five shots do 6.
		shots := min(w.R.PlanetDefence.ShotsPerTurn, p.DefenceUnits)
		total := float64(shots) + w.R.Ability(abilitySecurity).Effects[0].UnitsPerLevel*float64(w.planetLevel(p, abilitySecurity))
		upTo := func(n int) int { return int(math.Floor(total*float64(n)/float64(shots) + 0.5)) }
		for shot := 0; shot < shots && p.DefenceUnits > 0; shot++ {
			var cand []*model.Ship
			for _, s := range w.shipsAt(p.Loc) {
				if s.Owner != p.Owner && !w.Allied(p.Owner, s.Owner) && s.Inside == 0 && !s.Cloaked {
					cand = append(cand, s)
				}
			}
			if len(cand) == 0 {
				break
			}
			s := cand[rng.IntN(len(cand))]
			p.DefenceUnits--
			d := min(upTo(shot+1)-upTo(shot), s.Defence)
			s.Defence -= d
			t.touch(s)
			s.HitTurn = w.G.Turn + 1
			t.battleLine(p.Owner, "Phase 4: the defence units of your planet %d hit ship %d of player %d: %d damage.", p.ID, s.ID, s.Owner, d)
			t.battleLine(s.Owner, "Phase 4: the defence units of planet %d hit your ship %d: %d damage.", p.ID, s.ID, d)
			// Damage by defence units is paid for as a ship's is (see
			// docs/choices.md).
			t.rec.shot(Shot{Phase: 4, Planet: p.ID, Player: p.Owner, Target: s.ID, TargetOwner: s.Owner, Damage: d, Destroys: s.Defence < 1})
			t.damagePoints(p.Owner, s, d)
			if s.Defence < 1 {
				t.destroy(s, p.Owner, fmt.Sprintf("destroyed by the defence units of planet %d", p.ID))
			}
		}
	}
}

// bombard is BP (phase 3): the planet below loses defence units equal to
// the ship's fire units, and some industry and population.
func (t combat) bombard(s *model.Ship) {
	w := t.w
	p := w.PlanetAt(s.Loc)
	if p == nil || p.Owner == s.Owner || w.Allied(s.Owner, p.Owner) {
		return
	}
	b := w.R.Battle
	lost := min(p.DefenceUnits, s.Fire)
	p.DefenceUnits -= lost
	ind := p.Industry * b.BombardIndustryLossPercent / 100
	pop := p.Population * b.BombardPopulationLossPercent / 100
	p.Industry -= ind
	p.Population -= pop
	s.Cloaked = false
	t.touch(s)
	t.rec.bombarded(Bombardment{Ship: s.ID, Player: s.Owner, Planet: p.ID, PlanetOwner: p.Owner, DefenceUnits: lost, Industry: ind, Population: pop})
	t.battleLine(s.Owner, "Phase 3: your ship %d bombarded planet %d: %d defence units, %d industry and %d population lost.", s.ID, p.ID, lost, ind, pop)
	if p.Owner != 0 {
		t.battleLine(p.Owner, "Phase 3: ship %d of player %d bombarded your planet %d: %d defence units, %d industry and %d population lost.",
			s.ID, s.Owner, p.ID, lost, ind, pop)
	}
}
