package turn

import (
	"fmt"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// sauranProgram is Dark Lord Sauran's program (phase 0): his battle
// stations defend themselves; ships near a ship of his that was attacked
// in the last turn go to its rescue (not to one the pull wore down); some roam the system, attacking what they meet on the way; the
// rest guard the nearest battle station. A ship still on its way (an order
// carried over) goes on. The figures are in the rules data ([sauran]).
func (t *run) sauranProgram() {
	w := t.w
	me := w.R.Game.PlayerSauran
	if w.Empire(me) == nil || len(t.orders[me]) > 0 {
		return // no Sauran in this game, or his orders were given
	}
	t.orders[me] = SauranOrders(w, t.rng("Sauran's program"))
	for i, o := range t.orders[me] {
		if o.Code.Valid() {
			t.byCode[o.Code] = append(t.byCode[o.Code], ref{me, i})
		}
	}
}

// SauranOrders are the orders of Sauran's program for the turn of w.
func SauranOrders(w *World, rng interface{ IntN(int) int }) []order.Order {
	r := w.R
	sr := r.Sauran
	me := r.Game.PlayerSauran
	var stations, ships, damaged []*model.Ship
	w.Live(func(s *model.Ship) {
		if s.Owner != me || s.Inside != 0 {
			return
		}
		if s.Type == rules.TypeBattleStation {
			stations = append(stations, s)
		} else {
			ships = append(ships, s)
		}
		if s.HitTurn != 0 && s.HitTurn >= w.G.Turn && s.Defence > 0 {
			damaged = append(damaged, s) // attacked in the last turn
		}
	})
	byID := func(l []*model.Ship) {
		sort.Slice(l, func(i, j int) bool { return l[i].ID < l[j].ID })
	}
	byID(stations)
	byID(ships)
	byID(damaged)
	var out []order.Order
	add := func(format string, args ...any) {
		o, err := order.Parse(fmt.Sprintf(format, args...))
		if err == nil {
			out = append(out, o)
		}
	}
	all := r.Game.PlayerAllButAllies
	for _, s := range stations {
		add("DF %d %d", s.ID, all)
	}
	given := map[int]bool{}
	armed := func(s *model.Ship) bool {
		st := r.Ship(s.Type)
		return st != nil && st.Armed() && s.Fire > 0
	}
	movable := func(s *model.Ship) bool {
		st := r.Ship(s.Type)
		return st != nil && st.CanMove()
	}
	// Rescue: the nearest armed ships within reach go to each ship attacked
	// in the last turn.
	for _, d := range damaged {
		var near []*model.Ship
		for _, s := range ships {
			if s != d && !given[s.ID] && armed(s) && movable(s) && s.Loc.Within(d.Loc, sr.RescueRange) {
				near = append(near, s)
			}
		}
		sort.SliceStable(near, func(i, j int) bool { return near[i].Loc.Dist(d.Loc) < near[j].Loc.Dist(d.Loc) })
		for _, s := range near[:min(len(near), sr.RescueShips)] {
			given[s.ID] = true
			if s.Loc == d.Loc {
				add("DF %d %d", s.ID, all)
			} else {
				add("EN %d %d %d %d %d", s.ID, all, d.Loc.X, d.Loc.Y, d.Loc.Z)
			}
		}
	}
	for _, s := range ships {
		if given[s.ID] || !movable(s) {
			continue
		}
		if s.Standing.Code != order.Invalid {
			continue // still on its way
		}
		if rng.IntN(100) < sr.RoamPercent && len(w.G.Planets) > 0 {
			p := w.G.Planets[rng.IntN(len(w.G.Planets))]
			to := p.Loc
			if to.Within(geom.Origin, r.Movement.DestructionRadius+5) {
				continue // not into the black hole
			}
			if armed(s) && rng.IntN(100) < sr.AttackPercent {
				add("EN %d %d %d %d %d", s.ID, all, to.X, to.Y, to.Z)
			} else {
				add("MO %d %d %d %d", s.ID, to.X, to.Y, to.Z)
			}
			continue
		}
		var home *model.Ship
		for _, st := range stations {
			if home == nil || s.Loc.Dist(st.Loc) < s.Loc.Dist(home.Loc) {
				home = st
			}
		}
		switch {
		case home != nil && !s.Loc.Within(home.Loc, sr.GuardRadius):
			add("MO %d %d %d %d", s.ID, home.Loc.X, home.Loc.Y, home.Loc.Z)
		case armed(s):
			add("DF %d %d", s.ID, all)
		}
	}
	return out
}
