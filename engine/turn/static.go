package turn

import (
	"silverfall/engine/geom"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Static finds what makes orders wrong whatever the game holds: limits on
// one order (interceptors bought, a warpdrive target), limits on one turn's
// orders (defence units a planet, gifts, alliances, scans, broadcast
// lines, one battle/movement order a ship), and orders aimed at their own
// subject. player is the player giving them, 0 when unknown (a list of
// orders without a header): then the checks that need him are left out.
//
// A turn carries these checks out first, so they are written once: the
// checker, the host and `sfcheck syntax` give the same findings.
func Static(r *rules.Rules, player int, orders []order.Order) []Diagnostic {
	s := static{r: r, player: player, counts: make(map[staticKey]int, len(orders))}
	for i, o := range orders {
		s.index = i
		s.order(o)
	}
	return s.diags
}

type staticKey struct {
	code order.Code
	id   int
}

type static struct {
	r      *rules.Rules
	player int
	index  int
	counts map[staticKey]int
	diags  []Diagnostic
}

func (s *static) fail(code, format string, args ...any) {
	s.diags = append(s.diags, Diagnostic{Error, s.index, code, sprintf(format, args...)})
}

// count counts an order of code about id and returns the new count.
func (s *static) count(code order.Code, id int) int {
	k := staticKey{code, id}
	s.counts[k]++
	return s.counts[k]
}

// self reports whether p is the player giving the orders.
func (s *static) self(p int) bool { return s.player != 0 && p == s.player }

func (s *static) order(o order.Order) {
	r := s.r
	d := r.Diplomacy
	if o.Code.Class() == order.BattleMovement {
		s.battleMovement(o)
		return
	}
	switch o.Code {
	case order.NameShip, order.NamePlanet, order.NameOfficer:
		if s.count(o.Code, o.Subject()) > 1 {
			s.fail("named-twice", "%s %d is named twice in these orders", map[order.Code]string{
				order.NameShip: "ship", order.NamePlanet: "planet", order.NameOfficer: "officer"}[o.Code], o.Subject())
		}
	case order.Broadcast:
		if n := s.count(o.Code, 0); n > r.Naming.BroadcastLines {
			s.fail("broadcast-lines", "the general broadcast has at most %d lines; this is line %d", r.Naming.BroadcastLines, n)
		}
	case order.GiftShip, order.GiftPlanet:
		limit, what := d.GiftShipsPerTurn, "ship"
		if o.Code == order.GiftPlanet {
			limit, what = d.GiftPlanetsPerTurn, "planet"
		}
		switch {
		case s.self(o.Player()):
			s.fail("gift-self", "you cannot gift to yourself")
		case s.count(o.Code, 0) > limit:
			s.fail("gift-limit", "you can gift %d %s a turn", limit, plural(limit, what))
		}
	case order.PR:
		if s.count(o.Code, o.Subject()) > 1 {
			s.fail("one-practice", "fleet %d already practises this turn; one practice order a fleet, with up to two abilities", o.Subject())
		}
	case order.LF, order.UF, order.CL, order.UC:
		if last, ok := o.Target(); ok && last < o.Subject() {
			s.fail("bad-range", "the ship range %d to %d runs backwards; give the lower number first", o.Subject(), last)
		}
	case order.TO, order.TA:
		if id, _ := o.Target(); id == o.Subject() {
			s.fail("transfer-self", "ship %d cannot swap with itself", id)
		}
	case order.RF:
		if id, _ := o.Target(); id == o.Subject() {
			s.fail("refuel-self", "ship %d cannot refuel itself; use LF to load fuel from a planet", id)
		}
	case order.RP:
		if id, _ := o.Target(); id == o.Subject() {
			s.fail("repair-self", "ship %d cannot repair itself", id)
		}
	case order.DO:
		if id, _ := o.Target(); id == o.Subject() {
			s.fail("dock-self", "ship %d cannot dock into itself", id)
		}
	case order.BU:
		pd := r.PlanetDefence
		k := staticKey{o.Code, o.Subject()}
		s.counts[k] += o.Amount()
		if built := s.counts[k]; built > pd.MaxPerTurn {
			s.fail("pdu-turn-limit", "at most %d planet defence units can be built on a planet a turn; these orders build %d on planet %d",
				pd.MaxPerTurn, built, o.Subject())
		}
	case order.PI:
		if n := o.Amount(); n > r.Interceptors.Max && s.player != r.Game.PlayerSauran {
			s.fail("interceptor-limit", "an empire holds at most %d interceptors, so one order cannot buy %d", r.Interceptors.Max, n)
		}
	case order.AA, order.BA:
		switch {
		case o.Code == order.AA && s.self(o.Player()):
			s.fail("ally-self", "you cannot ally with yourself")
		case s.count(o.Code, 0) > d.AllyChangesPerTurn:
			verb := map[order.Code]string{order.AA: "add", order.BA: "drop"}[o.Code]
			s.fail("ally-change-limit", "you can %s %d %s a turn", verb, d.AllyChangesPerTurn, plural(d.AllyChangesPerTurn, "ally"))
		}
	case order.DE, order.FE:
		switch {
		case o.Code == order.DE && s.self(o.Player()):
			s.fail("enemy-self", "you cannot declare yourself an enemy")
		case s.count(o.Code, 0) > d.EnemyChangesPerTurn:
			verb := map[order.Code]string{order.DE: "declare", order.FE: "forgive"}[o.Code]
			s.fail("enemy-change-limit", "you can %s %d %s a turn", verb, d.EnemyChangesPerTurn, plural(d.EnemyChangesPerTurn, "enemy"))
		}
	case order.SS:
		if s.count(o.Code, 0) > 1 {
			s.fail("one-ship-scan", "you can scan one ship a turn")
		}
	case order.SP:
		if s.count(o.Code, 0) > 1 {
			s.fail("one-planet-scan", "you can scan one planet a turn")
		}
	case order.SR:
		if s.self(o.Player()) {
			s.fail("scan-self", "you cannot scan your own empire")
		}
	}
}

// battleMovement checks a battle/movement order: one a ship and one a
// fleet, a warpdrive target within reach of a jump, no attack on oneself.
func (s *static) battleMovement(o order.Order) {
	if o.Fleet {
		if s.count(order.Invalid, -1-o.Subject()) > 1 {
			s.fail("one-fleet-order", "fleet %d already has a battle/movement order; a fleet takes one a turn", o.Subject())
			return
		}
	} else if s.count(order.Invalid, o.Subject()) > 1 {
		s.fail("one-battle-order", "ship %d already has a battle/movement order; a ship takes one a turn", o.Subject())
		return
	}
	switch o.Code {
	case order.WD:
		radius := s.r.Movement.WarpdriveRadius
		if dest, ok := o.Location(); ok && !dest.Within(geom.Origin, radius) {
			s.fail("warp-range", "%v is %d positions from Silverfall; a warpdrive jump must end within %d",
				dest, dest.Dist(geom.Origin), radius)
		}
	case order.EN, order.EP, order.ST, order.SL, order.AB, order.DF, order.FP:
		if s.self(o.Player()) {
			s.fail("attack-self", "player %d is you", o.Player())
		}
	case order.FI, order.PS, order.CP:
		if id, _ := o.Target(); id == o.Subject() && !o.Fleet {
			s.fail("attack-self", "ship %d cannot %s itself", id, o.Code.What())
		}
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	switch word {
	case "ally":
		return "allies"
	case "enemy":
		return "enemies"
	}
	return word + "s"
}
