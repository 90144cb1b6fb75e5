package turn

import (
	"fmt"
	"sort"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// movement is the battle/movement orders' part of the turn that is not
// combat: each ship's order for the turn, copies and conversions, the order
// of moving, moves and jumps.
type movement struct{ *run }

// moves is the turn's movement.
func (t *run) moves() movement { return movement{t} }

// move is a ship's battle/movement order for the turn and how far it got.
type move struct {
	ship    int
	o       order.Order // given to this ship; converted to its plain form in phase 2
	src     ref         // the order it comes from (noRef: carried over, or the default)
	kind    moveKind
	dest    geom.Point
	hasDest bool
	target  int // FI, PS: the ship; CP: the ship copied
	against int // EN, ST, AB, DF, FP: the player attacked (0, 88, 99 or a player)
	failed  bool
	done    bool // finished this turn: not carried over
	budget  int  // positions it may still move this turn (range and fuel)
	step    float64
	speed   int // its movement range, size and side, for the order of moving
	size    int
	sauran  bool
	moved   int
	thirds  int  // the last third of the turn (1 to 3) it was to move in; 0 none yet
	killed  bool // destroyed its target this phase (engage, ambush)
	head    int  // a copy (CP): the ship at the head of its sequence; 0 for none
	// shortest is, for the head of a sequence of copies, the least range
	// and fuel among its ships; -1 when it is no head.
	shortest int
	// The straight line the ship is on: hops are measured along it from
	// its start, so that a move costs its whole distance, truncated once,
	// not each hop truncated.
	lineFrom, lineTo, lineAt geom.Point
	lineUsed                 int
	lined                    bool
}

type moveKind uint8

const (
	ownOrder moveKind = iota
	fleetOrder
	carriedOver
	defaultOrder
)

// assign is the start of phase 2: each ship's battle/movement order for
// the turn, from its own order, its fleet's, the one carried over, or the
// default (an armed ship without orders defends itself against Sauran);
// then the orders toward planets and ships become plain moves.
func (t movement) assign() {
	w := t.w
	for _, p := range t.rotation {
		list := t.orders[p]
		for i, o := range list {
			if o.Code.Class() != order.BattleMovement || o.Fleet {
				continue
			}
			t.cur, t.o = ref{p, i}, o
			if t.failed[t.cur] {
				continue
			}
			s := t.ownShip(o.Subject())
			if s == nil || t.docked(s, 2) {
				continue
			}
			m := t.newMove(move{ship: s.ID, o: o, src: t.cur, kind: ownOrder})
			t.battle[s.ID] = m
			if !t.battleFor(m, s, true) {
				m.failed = true
			}
		}
		for i, o := range list {
			if o.Code.Class() != order.BattleMovement || !o.Fleet {
				continue
			}
			t.cur, t.o = ref{p, i}, o
			if !t.failed[t.cur] {
				t.fleetOrder(o)
			}
		}
	}
	t.cur, t.o = noRef, order.Order{}
	// Orders carried over, and the default.
	ids := make([]int, 0, len(w.G.Ships))
	w.Live(func(s *model.Ship) { ids = append(ids, s.ID) })
	sort.Ints(ids)
	for _, id := range ids {
		s := w.Ship(id)
		if _, has := t.battle[id]; has || s.Inside != 0 {
			continue
		}
		if s.Standing.Code != order.Invalid {
			m := t.newMove(move{ship: id, o: s.Standing, src: noRef, kind: carriedOver})
			t.battle[id] = m
			if !t.battleFor(m, s, false) {
				m.failed, m.done = true, true
			}
			continue
		}
		// An armed ship without orders defends itself against Sauran (his
		// own against everyone). Only battles need it: a check leaves it out.
		st := w.R.Ship(s.Type)
		if w.Mode == Host && st != nil && st.Armed() && s.Fire > 0 && s.Owner != 0 {
			against := w.R.Game.PlayerSauran
			if s.Owner == against {
				against = w.R.Game.PlayerAllButAllies
			}
			o := order.Order{Code: order.DF, N: 2, Args: [order.MaxArgs]int{id, against}}
			m := t.newMove(move{ship: id, o: o, src: noRef, kind: defaultOrder})
			if t.battleFor(m, s, false) {
				t.battle[id] = m
			}
		}
	}
	t.copies()
}

// newMove files a move in the turn's slab: there is one for most ships.
func (t movement) newMove(m move) *move {
	if len(t.slab) == cap(t.slab) {
		t.slab = make([]move, 0, 256)
	}
	m.shortest = -1
	t.slab = append(t.slab, m)
	return &t.slab[len(t.slab)-1]
}

// fleetOrder gives a fleet's order to the ships of the fleet that have no
// order of their own and can carry it out; the others are passed over
// without a word, as the rules say.
func (t movement) fleetOrder(o order.Order) {
	f := t.fleets[t.me()][o.Subject()]
	if f == nil {
		t.fail("unknown-fleet", "you have no fleet %d", o.Subject())
		return
	}
	switch p := o.Player(); o.Code {
	case order.EN, order.EP, order.ST, order.SL, order.AB, order.DF, order.FP:
		if t.isAlly(p) && o.Code != order.FP {
			t.fail("attack-ally", "player %d is your ally, and allies cannot be attacked; break the alliance first (BA %d)", p, p)
			return
		}
	case order.FI, order.PS:
		id, _ := o.Target()
		if b := t.w.Ship(id); b != nil && b.Owner != t.me() && t.isAlly(b.Owner) {
			t.fail("attack-ally", "ship %d belongs to your ally, player %d", id, b.Owner)
			return
		}
	case order.BP:
		if p := t.w.PlanetAt(f.Loc); p != nil && p.Owner != t.me() && t.isAlly(p.Owner) {
			t.fail("attack-ally", "planet %d belongs to your ally, player %d", p.ID, p.Owner)
			return
		}
	}
	can := 0
	var ownOrders []string
	for _, id := range f.Ships {
		s := t.w.Ship(id)
		if s == nil || s.Owner != t.me() {
			continue
		}
		if m, has := t.battle[id]; has && m.kind == ownOrder {
			ownOrders = append(ownOrders, fmt.Sprint(id))
			continue // its own order supersedes the fleet's
		}
		if s.Inside != 0 {
			continue // docked ships do not act
		}
		so := o
		so.Fleet = false
		so.Args[0] = id
		m := t.newMove(move{ship: id, o: so, src: t.cur, kind: fleetOrder})
		if t.battleFor(m, s, false) {
			t.battle[id] = m
			can++
		}
	}
	if can == 0 {
		t.warn("fleet-none-can", "no ship of fleet %d can carry out %s without an order of its own", f.ID, o.Code)
		return
	}
	if len(ownOrders) > 0 {
		// The sentence agrees in number with the ships it names.
		w := [3]string{"ship " + ownOrders[0], "has an order of its own", "it carries"}
		if n := len(ownOrders); n > 1 {
			list := strings.Join(ownOrders[:n-1], ", ") + " and " + ownOrders[n-1]
			w = [3]string{"ships " + list, "have orders of their own", "they carry"}
		}
		t.note("ship-orders-win", "%s of fleet %d %s this turn, which %s out instead of the fleet's", w[0], f.ID, w[1], w[2])
	}
}

// isAlly reports whether p is the current player's ally now.
func (t movement) isAlly(p int) bool { return t.w.Allied(t.me(), p) }

// battleFor checks a battle/movement order for one ship and works out
// where it goes. For a fleet's or a carried-over order (strict false) the
// ships that cannot carry it out are passed over without a word.
func (t movement) battleFor(m *move, s *model.Ship, strict bool) bool {
	w := t.w
	o := m.o
	st := w.R.Ship(s.Type)
	if st == nil {
		return false
	}
	saved := t.cur
	if !strict {
		t.cur = noRef // say nothing
	}
	defer func() { t.cur = saved }()
	fail := func(c, format string, args ...any) bool {
		if strict {
			t.fail(c, format, args...)
		}
		return false
	}
	armed := s.Fire > 0 && st.Armed()
	code := o.Code
	player := o.Player()
	me := s.Owner
	switch code {
	case order.EN, order.EP, order.ST, order.SL, order.AB, order.DF, order.FP:
		m.against = player
		if w.Allied(me, player) && code != order.FP {
			return fail("attack-ally", "player %d is your ally, and allies cannot be attacked; break the alliance first (BA %d)", player, player)
		}
	}
	switch code {
	case order.HD:
		switch {
		case st.ID == rules.TypeBattleStation:
			return fail("hyperdrive-battle-station", "a battle station cannot hyperjump")
		case s.Hyperjumped:
			return fail("hyperdrive-used", "ship %d has made its one hyperjump", s.ID)
		case s.Defence < w.R.Movement.HyperdriveMinDefence:
			return fail("hyperdrive-defence", "ship %d has %d defence units; a hyperjump needs more than %d and costs %d",
				s.ID, s.Defence, w.R.Movement.HyperdriveMinDefence-1, w.R.Movement.HyperdriveDefenceCost)
		}
		return true
	case order.WD, order.WP:
		if !st.Warpdrive {
			return fail("no-warpdrive", "a %s has no warpdrive", st.Name)
		}
		if s.Defence <= w.R.Movement.WarpdriveDefenceCost && strict {
			// The rules only take the units; a ship left with none is lost.
			t.warn("warp-defence", "ship %d has %d defence units and a warpdrive jump costs %d: the jump destroys it",
				s.ID, s.Defence, w.R.Movement.WarpdriveDefenceCost)
		}
		if !t.destination(m) {
			return true
		}
		if !m.dest.Within(geom.Origin, w.R.Movement.WarpdriveRadius) {
			return fail("warp-range", "%v is %d positions from Silverfall; a warpdrive jump must end within %d",
				m.dest, m.dest.Dist(geom.Origin), w.R.Movement.WarpdriveRadius)
		}
		if m.dest.Within(geom.Origin, w.R.Movement.DestructionRadius) && strict {
			t.warn("black-hole", "ship %d would jump to %v, %d positions from Silverfall: anything within %d is destroyed",
				s.ID, m.dest, m.dest.Dist(geom.Origin), w.R.Movement.DestructionRadius)
		}
		return true
	case order.BP:
		p := w.PlanetAt(s.Loc)
		switch {
		case p == nil:
			return fail("no-planet-here", "ship %d is at %v, where there is no planet to bombard", s.ID, s.Loc)
		case p.Owner == me:
			return fail("bombard-own", "planet %d is your own", p.ID)
		case w.Allied(me, p.Owner):
			return fail("attack-ally", "planet %d belongs to your ally, player %d", p.ID, p.Owner)
		case !armed:
			return fail("unarmed", "ship %d has no fire units to bombard with", s.ID)
		}
		return true
	case order.FI, order.PS:
		id, _ := o.Target()
		m.target = id
		b := w.Ship(id)
		switch {
		case !armed:
			return fail("unarmed", "ship %d has no fire units; only armed ships can %s", s.ID, code.What())
		case id == s.ID:
			return fail("attack-self", "ship %d cannot %s itself", id, code.What())
		case b != nil && b.Owner == me && code == order.PS:
			return fail("pursue-own", "ship %d is your own", id)
		case b != nil && b.Owner == me:
			if strict {
				t.warn("fire-own", "ship %d is your own ship", id)
			}
		case b != nil && w.Allied(me, b.Owner):
			return fail("attack-ally", "ship %d belongs to your ally, player %d", id, b.Owner)
		case b != nil && code == order.FI && !s.Loc.Within(b.Loc, st.FireRange.N) && strict:
			t.warn("out-of-range", "ship %d is %d positions away and a %s fires %d; it fires only if the target comes in range",
				id, s.Loc.Dist(b.Loc), st.Name, st.FireRange.N)
		}
		if code == order.FI {
			return true
		}
	case order.ST, order.SL:
		if !armed {
			return fail("unarmed", "ship %d has no fire units; only armed ships can strafe", s.ID)
		}
	case order.AB:
		if !st.Cloak {
			return fail("no-cloak", "a %s has no cloaking device to lie in ambush with", st.Name)
		}
		if !armed && strict {
			t.warn("unarmed", "ship %d has no fire units, so its ambush cannot fire", s.ID)
		}
		return true
	case order.DF:
		if !armed && strict {
			t.warn("unarmed", "ship %d has no fire units, so it cannot defend itself", s.ID)
		}
		return true
	case order.CP:
		id, _ := o.Target()
		m.target = id
		b := w.Ship(id)
		switch {
		case id == s.ID:
			return fail("copy-self", "ship %d cannot copy itself", id)
		case b == nil && w.Mode == Check:
			if strict {
				t.warn("unknown-ship", "you have not seen ship %d; it must start the turn within ship %d's communication range", id, s.ID)
			}
		case b == nil:
			return fail("unknown-ship", "there is no ship %d to copy", id)
		case b.Owner != me && !s.Loc.Within(b.Loc, w.CommRange(s)):
			// Another player's ship must start the turn within range; no
			// battle/movement order has moved a ship yet.
			return fail("out-of-comm-range", "ship %d is %d positions away, beyond ship %d's communication range of %d; another player's ship can only be copied from within it",
				id, s.Loc.Dist(b.Loc), s.ID, w.CommRange(s))
		}
	}
	if code.Moves() {
		if strict && !armed && (code == order.EN || code == order.EP) {
			t.note("unarmed-engage", "ship %d has no fire units: it moves, but cannot fire at what it meets", s.ID)
		}
		return t.plan(m, s, st, strict)
	}
	return true
}

// destination works out where an order heads; false when it is not known
// (a planet or ship the player cannot see).
func (t movement) destination(m *move) bool {
	o := m.o
	if l, ok := o.Location(); ok {
		m.dest, m.hasDest = l, true
		return true
	}
	switch o.Code {
	case order.MP, order.WP, order.EP, order.SL:
		if p := t.w.Planet(o.Planet()); p != nil {
			m.dest, m.hasDest = p.Loc, true
			return true
		}
		if t.cur.player >= 0 {
			if t.w.Mode == Check {
				t.warn("unknown-planet", "you know of no planet %d, so its distance cannot be checked", o.Planet())
			} else {
				t.fail("unknown-planet", "there is no planet %d", o.Planet())
				m.failed = true
			}
		}
	case order.CP, order.PS:
		id, _ := o.Target()
		if b := t.w.Ship(id); b != nil {
			m.dest, m.hasDest = b.Loc, true
			return true
		}
	}
	return false
}

// plan checks fuel and the black hole for an order that moves the ship,
// and sets how far it may go this turn.
func (t movement) plan(m *move, s *model.Ship, st *rules.ShipType, strict bool) bool {
	if !st.CanMove() {
		if strict {
			t.fail("cannot-move", "a %s cannot move", st.Name)
		}
		return false
	}
	if s.Fuel <= 0 {
		if strict {
			t.fail("no-fuel", "ship %d has no fuel and cannot move; load fuel first (LF %d 0 over a planet)", s.ID, s.ID)
		} else if m.kind == fleetOrder && t.w.Mode == Check {
			saved := t.cur
			t.cur = m.src
			t.warn("no-fuel", "ship %d of the fleet has no fuel and will not move", s.ID)
			t.cur = saved
		}
		return false
	}
	reach := t.w.MoveRange(s)
	m.step = journey.PerThird(t.w.R, reach)
	m.budget = min(reach, s.Fuel)
	if !t.destination(m) {
		return !m.failed
	}
	j := PlanJourney(s.Loc, m.dest, reach, s.Fuel)
	dist := j.Distance
	leg := min(dist, reach)
	fixed := m.o.Code != order.CP && m.o.Code != order.PS // a fixed place, not a ship that moves
	if strict && t.w.Mode == Check {
		if leg > s.Fuel {
			t.warn("fuel-short", "ship %d would move %d positions this turn but has fuel for %d; it stops when the fuel runs out", s.ID, leg, s.Fuel)
		}
		if fixed && reach > 0 {
			t.journeyNotes(m, s, reach)
		}
		end := s.Loc.Toward(m.dest, min(leg, s.Fuel))
		d := t.w.R.Movement.DestructionRadius
		if geom.SegmentDist2(s.Loc, end, geom.Origin) <= float64(d*d) || m.dest.Within(geom.Origin, d) {
			t.warn("black-hole", "ship %d's course comes within %d positions of Silverfall, where ships are destroyed", s.ID, d)
		}
	}
	return true
}

// ceilDiv is a/b rounded up, for positive b.
func ceilDiv(a, b int) int { return (a + b - 1) / b }

// copies resolves CP: a copying ship does what the ship it copies does.
// Every chain is followed on the orders as given, before any is rewritten,
// so that the result does not depend on which chain is resolved first; and
// every ship of a sequence, the one at its head included, moves no faster
// than the slowest ship of the sequence ("only move as far as the slowest
// ship in the sequence", "all ships will end the turn at the same
// location").
func (t movement) copies() {
	ids := t.battleIDs()
	// head[id] is the ship at the head of id's chain; 0 when the chain is
	// broken (a ship without an order, a failed one, or a loop).
	head := map[int]int{}
	via := map[int][]int{} // the copying ships between id and its head
	for _, id := range ids {
		m := t.battle[id]
		if m.o.Code != order.CP || m.failed {
			continue
		}
		cur, seen := m, map[int]bool{id: true}
		for cur != nil && cur.o.Code == order.CP {
			next := t.battle[cur.target]
			if next == nil || seen[cur.target] || next.failed {
				cur = nil
				break
			}
			seen[cur.target] = true
			if next.o.Code == order.CP {
				via[id] = append(via[id], next.ship)
			}
			cur = next
		}
		if cur == nil || t.w.Ship(m.ship) == nil {
			head[id] = 0
			continue
		}
		head[id] = cur.ship
	}
	// Each copy becomes the order it copies, checked as that ship's own
	// order would be: a copy is no way around what the ship cannot do (a
	// warpdrive it lacks, a hyperjump it has made, fire it has not).
	given := map[int]order.Order{} // the CP orders as given
	for _, id := range ids {
		h, ok := head[id]
		if !ok {
			continue
		}
		m := t.battle[id]
		if h == 0 {
			m.done = true // nothing to copy: stays where it is
			continue
		}
		given[id] = m.o
		t.copyOrder(m, t.battle[h])
	}
	// A ship that copies a ship whose copy failed copies nothing: the ship
	// it copies does nothing this turn ("copy the action of the other
	// ship").
	for _, id := range ids {
		for _, x := range via[id] {
			if t.battle[x].failed && !t.battle[id].failed {
				m := t.battle[id]
				m.o, m.head, m.hasDest, m.done = given[id], 0, false, true
				head[id] = 0
				break
			}
		}
	}
	// The slowest ship of each sequence: its head and every ship copying
	// it; and the shortest way any of them can go this turn (range and
	// fuel), for the planet a find-planet order draws.
	slowest := map[int]float64{}
	for _, id := range ids {
		h, ok := head[id]
		if !ok || h == 0 || t.battle[id].failed {
			continue
		}
		for _, x := range []int{h, id} {
			if st := t.battle[x].step; st > 0 {
				if v, ok := slowest[h]; !ok || st < v {
					slowest[h] = st
				}
			}
			if b := t.battle[x].budget; t.battle[h].shortest < 0 || b < t.battle[h].shortest {
				t.battle[h].shortest = b
			}
		}
	}
	for _, id := range ids {
		m := t.battle[id]
		if v, ok := slowest[m.head]; ok && m.head != 0 && m.step > 0 {
			m.step = v
		}
		if v, ok := slowest[id]; ok && m.step > 0 {
			m.step = v // a head is slowed too
		}
	}
}

// copyOrder makes a copying ship's move the order of the ship at the head
// of its sequence, checked for the copying ship; a copy it cannot carry
// out fails, with the reason on the sheet when the copy is its own order.
func (t movement) copyOrder(m, src *move) {
	s := t.w.Ship(m.ship)
	copied := src.o
	copied.Args[0] = m.ship
	m.o, m.head = copied, src.ship
	saved, savedOrder := t.cur, t.o
	t.cur = m.src
	if m.src.player >= 0 {
		t.o = t.orders[m.src.player][m.src.index]
	}
	defer func() { t.cur, t.o = saved, savedOrder }()
	if s == nil || !t.battleFor(m, s, m.kind == ownOrder) {
		m.failed = true
		return
	}
	m.against = src.against
	m.target = src.target
	if src.hasDest {
		m.dest, m.hasDest = src.dest, true
	}
}

// battleIDs are the ships with a battle/movement order this turn, by
// number: whatever walks the orders does so in this order, never in a
// map's.
func (t movement) battleIDs() []int { return sortedIDs(t.battle) }

// sortedIDs are the ships of the orders, by number.
func sortedIDs(moves map[int]*move) []int {
	ids := make([]int, 0, len(moves))
	for id := range moves { // any order: sorted below
		ids = append(ids, id)
	}
	sort.Ints(ids)
	return ids
}

// convert turns the orders toward planets into plain ones (phase 2): MP
// and FP to MO, EP to EN, WP to WD, SL to ST.
func (t movement) convert() {
	ids := t.battleIDs()
	for _, id := range ids {
		m := t.battle[id]
		s := t.w.Ship(id)
		if m.failed || s == nil || m.head != 0 {
			continue
		}
		if m.o.Code == order.FP {
			t.findPlanet(m, s)
		}
	}
	// A ship copying a find-planet order goes where the head of its
	// sequence goes: "all ships will end the turn at the same location".
	for _, id := range ids {
		m := t.battle[id]
		if m.failed || m.head == 0 || m.o.Code != order.FP {
			continue
		}
		src := t.battle[m.head]
		m.dest, m.hasDest = src.dest, src.hasDest
		if !src.hasDest {
			m.done = true // no planet in reach, or drawn on the turn itself
		}
	}
}

// findPlanet is FP: a random planet of the given player (0: anyone's but
// the ship's own side and allies) that the ship reaches this turn.
func (t movement) findPlanet(m *move, s *model.Ship) {
	w := t.w
	// Within the reach of the slowest ship of a sequence copying it, and
	// the fuel of the one with least, so that all may reach the planet
	// this turn.
	reach := min(w.MoveRange(s), s.Fuel, int(m.step*float64(w.R.Movement.PhaseFraction)+0.5))
	if m.shortest >= 0 {
		reach = min(reach, m.shortest)
	}
	var cand []*model.Planet
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if p.Kind != model.Independent || !s.Loc.Within(p.Loc, reach) || p.Loc == s.Loc {
			continue
		}
		switch a := m.against; {
		case a == 0:
			if p.Owner == s.Owner || w.Allied(s.Owner, p.Owner) {
				continue
			}
		case a == w.R.Game.PlayerEnemies:
			if e := w.Empire(s.Owner); e == nil || !e.HasEnemy(p.Owner) {
				continue
			}
		default:
			if p.Owner != a {
				continue
			}
		}
		cand = append(cand, p)
	}
	if len(cand) == 0 {
		m.done = true // no planet in reach: it stays
		return
	}
	if w.Mode != Host {
		m.done = true // which planet is drawn on the turn itself
		return
	}
	p := cand[t.rng("find planet").IntN(len(cand))]
	m.dest, m.hasDest = p.Loc, true
}

// order of moving: the fastest first; of equal speed the smaller; Sauran's
// after the others of the same speed; then by number.
func (t *battle) movingOrder() []*move {
	if t.moving != nil {
		return t.moving // the order is fixed for the turn
	}
	list := make([]*move, 0, len(t.moves))
	for _, id := range sortedIDs(t.moves) {
		if m := t.moves[id]; !m.failed && !m.done && t.w.Ship(m.ship) != nil {
			list = append(list, m)
		}
	}
	sa := t.w.R.Game.PlayerSauran
	for _, m := range list {
		if m.speed == 0 && m.size == 0 {
			s := t.w.Ship(m.ship)
			m.speed = t.w.MoveRange(s)
			if st := t.w.R.Ship(s.Type); st != nil {
				m.size = st.Size
			}
			m.sauran = s.Owner == sa
		}
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.speed != b.speed {
			return a.speed > b.speed
		}
		if a.sauran != b.sauran {
			return !a.sauran
		}
		if a.size != b.size {
			return a.size < b.size
		}
		return a.ship < b.ship
	})
	t.moving = list
	return list
}

// advance moves a ship its share of this phase toward its destination,
// burning a unit of fuel a position; false when it did not move.
func (t *battle) advance(m *move, s *model.Ship, phase int) bool {
	if !m.hasDest || m.budget <= 0 || s.Loc == m.dest {
		if s.Loc == m.dest && m.hasDest && isPlainMove(m.o.Code) {
			m.done = true
		}
		return false
	}
	k := phase - 1 // phases 2, 3, 4 are the first, second and third third
	upTo := func(k int) int { return journey.Third(m.step, k) }
	// A third the ship spent fighting (engage, pursuit) is not made up
	// later: it moves "at the maximum rate of 1/3 it's total movement
	// points per phase".
	if m.thirds < k-1 {
		m.moved += upTo(k-1) - upTo(m.thirds)
	}
	m.thirds = k
	allow := upTo(k) - m.moved
	allow = min(allow, m.budget)
	if allow <= 0 {
		return false
	}
	if !m.lined || m.lineTo != m.dest || m.lineAt != s.Loc {
		// A new line: the first hop, a new target (pursuit), or the ship
		// was moved by something else.
		m.lineFrom, m.lineTo, m.lineUsed, m.lined = s.Loc, m.dest, 0, true
	}
	next, d, ok := journey.Hop(m.lineFrom, m.dest, m.lineUsed, allow, s.Fuel)
	if !ok || next == s.Loc {
		return false
	}
	m.lineUsed += d
	m.lineAt = next
	m.moved += d
	m.budget -= d
	s.Fuel -= d
	t.relocate(s, next)
	if st := t.w.R.Ship(s.Type); st != nil && !st.CloakedMoving {
		s.Cloaked = false
	}
	t.touch(s)
	if s.Loc == m.dest && isPlainMove(m.o.Code) {
		m.done = true
	}
	return true
}

// isPlainMove reports whether an order ends when the ship arrives.
func isPlainMove(c order.Code) bool {
	switch c {
	case order.MO, order.MP, order.FP, order.EN, order.EP, order.ST, order.SL:
		return true
	}
	return false
}

// jump carries out a warpdrive jump (phase 3).
func (t *battle) jump(m *move, s *model.Ship) {
	s.Defence -= t.w.R.Movement.WarpdriveDefenceCost
	t.relocate(s, m.dest)
	s.Cloaked = false
	t.touch(s)
	m.done = true
	if s.Defence < 1 {
		t.destroy(s, 0, "its warpdrive jump took its last defence units")
	}
}
