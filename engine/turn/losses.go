package turn

// Ships lost in the turn, by fire, jumps, the pull or the black hole, and
// what goes with them: their officers' escape, their artifacts, the Rings'
// places on every sheet.

import (
	"fmt"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// phaseNow is the phase being carried out, for reports.
func (t *books) phaseNow() int { return t.curPhase }

// typeOf is a ship's type name, for reports.
func (t *books) typeOf(s *model.Ship) string {
	if st := t.w.R.Ship(s.Type); st != nil {
		return st.Name
	}
	return "?"
}

// destroy takes a ship out of the game, with what it carries; its officer
// may escape, a Ring it holds flies to another planet.
func (t *books) destroy(s *model.Ship, by int, why string) {
	w := t.w
	if w.gone[s.ID] {
		return
	}
	w.gone[s.ID] = true
	if t.lost == nil {
		t.lost = map[int]lostShip{}
	}
	t.lost[s.ID] = lostShip{max(t.curPhase, 1), why, s.Owner, by}
	t.lostOrder = append(t.lostOrder, s.ID)
	t.battleLine(s.Owner, "Your ship %d (%s) was lost: %s.", s.ID, t.typeOf(s), why)
	if by > 0 && by != s.Owner {
		t.battleLine(by, "Ship %d of player %d (%s) was destroyed.", s.ID, s.Owner, t.typeOf(s))
	}
	for _, c := range t.carriedBy(s.ID) {
		t.destroy(c, by, fmt.Sprintf("destroyed with ship %d, which carried it", s.ID))
		c.Officer = 0 // docked officers have no chance of escape
	}
	t.escape(s)
	if s.Artifact != 0 {
		t.scatter(s.Artifact)
		s.Artifact = 0
	}
}

// escape gives a destroyed ship's officer his rank's chance of escaping to
// another ship of his side at the place, or else to the nearest planet of
// his side.
func (t *books) escape(s *model.Ship) {
	w := t.w
	off := w.Officer(s.Officer)
	if off == nil || s.Inside != 0 {
		return
	}
	rank := w.R.RankFor(off.Levels.Sum())
	if w.Mode != Host || !chance(t.rng("escape"), float64(rank.EscapePercent)) {
		return
	}
	for _, b := range w.shipsAt(s.Loc) {
		if b.Owner == s.Owner && b.ID != s.ID && b.Officer == 0 && b.Inside == 0 {
			b.Officer, s.Officer = off.ID, 0
			off.Ship = b.ID
			t.tell(s.Owner, "Officer %d escaped from ship %d to ship %d.", off.ID, s.ID, b.ID)
			return
		}
	}
	var best *model.Planet
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if p.Owner == s.Owner && p.Officer == 0 && (best == nil || s.Loc.Dist2(p.Loc) < s.Loc.Dist2(best.Loc)) {
			best = p
		}
	}
	if best != nil {
		best.Officer, s.Officer = off.ID, 0
		off.Ship, off.Planet = 0, best.ID
		t.tell(s.Owner, "Officer %d escaped from ship %d to planet %d.", off.ID, s.ID, best.ID)
	}
}

// scatter sends an artifact from a lost ship to a random planet, an
// unowned one where there is one: a Ring found lies there to be picked up,
// any other artifact is hidden again.
func (t *books) scatter(id int) {
	w := t.w
	a := w.Artifact(id)
	if a == nil || w.Mode != Host {
		return
	}
	var cand []*model.Planet
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if p.Kind == model.Independent && p.Owner == 0 && p.Artifact == 0 && p.Hidden == 0 {
			cand = append(cand, p)
		}
	}
	if len(cand) == 0 {
		return
	}
	p := cand[t.rng("artifacts lost").IntN(len(cand))]
	if a.Ring {
		p.Artifact = id
	} else {
		p.Hidden = id
	}
	t.ringMoved(id)
}

// ringMoved updates where a found Ring of Darkness is, for every sheet.
func (t *books) ringMoved(id int) {
	w := t.w
	a := w.Artifact(id)
	if a == nil || !a.Ring {
		return
	}
	var sight *model.RingSighting
	for i := range w.G.Rings {
		if w.G.Rings[i].Ring == id {
			sight = &w.G.Rings[i]
		}
	}
	where, holder, found := geom.Point{}, 0, false
	w.Live(func(s *model.Ship) {
		if s.Artifact == id {
			where, holder, found = s.Loc, s.Owner, true
		}
	})
	for i := range w.G.Planets {
		if p := &w.G.Planets[i]; p.Artifact == id {
			where, holder, found = p.Loc, p.Owner, true
		}
	}
	if !found {
		return
	}
	if sight == nil {
		w.G.Rings = append(w.G.Rings, model.RingSighting{Ring: id})
		sight = &w.G.Rings[len(w.G.Rings)-1]
	}
	sight.Loc, sight.Player = where, holder
	sort.Slice(w.G.Rings, func(i, j int) bool { return w.G.Rings[i].Ring < w.G.Rings[j].Ring })
}
