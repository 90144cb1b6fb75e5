package turn

import (
	"container/heap"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// targets finds an engaging ship's target without looking at every ship:
// the ships that can be fired at (undocked, not cloaked), by place and
// owner, each group in a heap by the engage order's preference (fire per
// unit of defence left, then the lowest number; within a place every ship
// is as near). The places sit in a grid of cells as wide as the longest
// fire range, so that a ship looks at the places of its own cell and the
// next ones only. With every ship at one place, a pick costs the log of
// their number, not their number: 60,000 ships engaging took minutes.
//
// The index is built at the first pick of a phase and dropped at its end.
// What changes a ship within the phase (a hit, a move, a cloak lifted)
// adds a fresh entry for it (touch); an entry that no longer matches its
// ship is dropped when it comes to the top.
type targets struct {
	w      *World
	cell   int
	cells  map[[3]int][]*place
	places map[geom.Point]*place
}

// place is the ships at one place, by owner.
type place struct {
	loc     geom.Point
	owners  map[int]*targetHeap
	ordered []int // the owners, as they came: the map's keys in a fixed order
}

// target is one entry: a ship as it was when entered.
type target struct {
	score         float64
	id            int
	fire, defence int
}

// score is the engage order's preference for a target: its fire per unit
// of defence left.
func score(b *model.Ship) float64 { return float64(b.Fire+1) / float64(max(b.Defence, 1)) }

// better reports whether target a is preferred to b at the same distance.
func (a target) better(b target) bool {
	return a.score > b.score || a.score == b.score && a.id < b.id
}

type targetHeap []target

func (h targetHeap) Len() int           { return len(h) }
func (h targetHeap) Less(i, j int) bool { return h[i].better(h[j]) }
func (h targetHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *targetHeap) Push(x any)        { *h = append(*h, x.(target)) }
func (h *targetHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// newTargets indexes the world's ships that can be fired at.
func newTargets(w *World) *targets {
	x := &targets{w: w, cell: 1, cells: map[[3]int][]*place{}, places: map[geom.Point]*place{}}
	for i := range w.R.Ships {
		if st := &w.R.Ships[i]; st.FireRange.OK {
			x.cell = max(x.cell, st.FireRange.N)
		}
	}
	w.Live(func(s *model.Ship) { x.add(s, false) })
	for _, p := range x.places { // any order: each heap apart
		for _, h := range p.owners { // any order: each heap apart
			heap.Init(h)
		}
	}
	return x
}

func (x *targets) cellOf(p geom.Point) [3]int {
	div := func(a int) int {
		if a < 0 {
			return -((-a + x.cell - 1) / x.cell)
		}
		return a / x.cell
	}
	return [3]int{div(p.X), div(p.Y), div(p.Z)}
}

// add enters s as it is now, if it can be fired at; push keeps the heap
// (false while building, before heap.Init).
func (x *targets) add(s *model.Ship, push bool) {
	if s.Inside != 0 || s.Cloaked {
		return
	}
	p := x.places[s.Loc]
	if p == nil {
		p = &place{loc: s.Loc, owners: map[int]*targetHeap{}}
		x.places[s.Loc] = p
		c := x.cellOf(s.Loc)
		x.cells[c] = append(x.cells[c], p)
	}
	h := p.owners[s.Owner]
	if h == nil {
		h = &targetHeap{}
		p.owners[s.Owner] = h
		p.ordered = append(p.ordered, s.Owner)
	}
	e := target{score: score(s), id: s.ID, fire: s.Fire, defence: s.Defence}
	if push {
		heap.Push(h, e)
	} else {
		*h = append(*h, e)
	}
}

// top is the preferred ship of a group that still is as its entry says.
func (x *targets) top(loc geom.Point, owner int, h *targetHeap) (*model.Ship, target, bool) {
	for h.Len() > 0 {
		e := (*h)[0]
		b := x.w.Ship(e.id)
		if b != nil && b.Loc == loc && b.Owner == owner && b.Inside == 0 && !b.Cloaked && b.Fire == e.fire && b.Defence == e.defence {
			return b, e, true
		}
		heap.Pop(h)
	}
	return nil, target{}, false
}

// pick is combat.pick: the preferred hostile ship in sight within fire
// range r of s.
func (x *targets) pick(t combat, s *model.Ship, against, r int) *model.Ship {
	var best *model.Ship
	var bestE target
	bestDist := 0
	lo, hi := x.cellOf(geom.Point{X: s.Loc.X - r, Y: s.Loc.Y - r, Z: s.Loc.Z - r}), x.cellOf(geom.Point{X: s.Loc.X + r, Y: s.Loc.Y + r, Z: s.Loc.Z + r})
	for cx := lo[0]; cx <= hi[0]; cx++ {
		for cy := lo[1]; cy <= hi[1]; cy++ {
			for cz := lo[2]; cz <= hi[2]; cz++ {
				for _, p := range x.cells[[3]int{cx, cy, cz}] {
					loc := p.loc
					if !s.Loc.Within(loc, r) {
						continue
					}
					d := s.Loc.Dist2(loc)
					for _, owner := range p.ordered {
						if owner == s.Owner || !t.hostileOwner(s.Owner, owner, against) {
							continue
						}
						b, e, ok := x.top(loc, owner, p.owners[owner])
						if !ok {
							continue
						}
						if best == nil || e.score > bestE.score || e.score == bestE.score && (d < bestDist || d == bestDist && e.id < bestE.id) {
							best, bestE, bestDist = b, e, d
						}
					}
				}
			}
		}
	}
	return best
}

// touch enters ship s afresh after a change within the phase (a hit, a
// move, a cloak lifted), when the index is built.
func (t *battle) touch(s *model.Ship) {
	if t.targets != nil && s != nil && !t.w.gone[s.ID] {
		t.targets.add(s, true)
	}
}
