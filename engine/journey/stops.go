package journey

import (
	"slices"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// depot is a planet where the ship can take on fuel, and how much.
type depot struct {
	p      *model.Planet
	fuel   int
	detour int
}

// withStops is the best journey from from to t that takes on fuel at up
// to n planets on the way, the earliest to arrive; false when none
// arrives.
func (w World) withStops(s Ship, from leg, t Target, n int, used []int) (Journey, bool) {
	var best Journey
	found := false
	for _, d := range w.depots(s, from, t, used) {
		toStop := w.follow(s, from, Target{Planet: d.p.ID, Place: d.p.Loc, Kind: d.p.Kind})
		if toStop.End != Arrives || len(toStop.Steps) == 0 || toStop.Where != w.planetAt(d.p, toStop.Turn) {
			continue // not there, or the pull takes the ship off the planet
		}
		fuel := toStop.Fuel()
		load := min(d.fuel, s.MaxFuel-fuel)
		if load <= 0 {
			continue
		}
		next := leg{loc: toStop.Where, fuel: fuel, turn: toStop.Turn, load: load, stop: d.p.ID}
		rest := w.follow(s, next, t)
		if rest.End == FuelOut && n > 1 {
			if more, ok := w.withStops(s, next, t, n-1, append(slices.Clip(used), d.p.ID)); ok {
				rest = more
			}
		}
		if rest.End != Arrives {
			continue
		}
		j := Journey{Steps: append(slices.Clip(toStop.Steps), rest.Steps...), End: Arrives, Turn: rest.Turn, Where: rest.Where,
			Stops: append([]int{d.p.ID}, rest.Stops...)}
		if !found || better(j, best) {
			best, found = j, true
		}
	}
	return best, found
}

// better reports whether journey a is better than b: it arrives earlier,
// or as early with fewer stops, or with more fuel left.
func better(a, b Journey) bool {
	switch {
	case a.Turn != b.Turn:
		return a.Turn < b.Turn
	case len(a.Stops) != len(b.Stops):
		return len(a.Stops) < len(b.Stops)
	}
	return a.Fuel() > b.Fuel()
}

// depots are the planets worth trying as the next fuel stop: the player's
// own with fuel stocked and the trading planets with fuel to sell, the
// least out of the way first, as many as the rules data says.
func (w World) depots(s Ship, from leg, t Target, used []int) []depot {
	n := w.Rules.Journey.StopCandidates
	out := make([]depot, 0, n+1)
	dest := w.targetAt(t, from.turn)
	for i := range w.Planets {
		p := &w.Planets[i]
		if p.ID == t.Planet || slices.Contains(used, p.ID) {
			continue
		}
		fuel := 0
		switch {
		case p.Kind == model.Trading:
			if m, ok := w.Markets[p.ID]; ok {
				fuel = m.Fuel
			}
		case p.Owner == s.Owner && s.Owner != 0:
			fuel = p.Fuel
		}
		if fuel <= 0 {
			continue
		}
		at := w.planetAt(p, from.turn)
		out = keepBest(out, depot{p: p, fuel: fuel, detour: from.loc.Dist(at) + at.Dist(dest)}, n)
	}
	return out
}

// keepBest files d among the n least out of the way in list, which is in
// that order (of equal detours, the lower planet number first).
func keepBest(list []depot, d depot, n int) []depot {
	i := sort.Search(len(list), func(i int) bool {
		l := list[i]
		return l.detour > d.detour || l.detour == d.detour && l.p.ID > d.p.ID
	})
	if i >= n {
		return list
	}
	list = slices.Insert(list, i, d)
	return list[:min(len(list), n)]
}

// targetAt is where target t is at the end of the given turn.
func (w World) targetAt(t Target, turn int) geom.Point {
	if t.Planet == 0 {
		return t.Place
	}
	return w.planetAt(&model.Planet{Loc: t.Place, Kind: t.Kind}, turn)
}

// planetAt is where planet p stands at the end of the given turn, from
// where the sheet shows it.
func (w World) planetAt(p *model.Planet, turn int) geom.Point {
	loc := p.Loc
	if !PlanetPulled(w.Rules, p.Kind) {
		return loc
	}
	for t := w.Turn + 1; t <= turn; t++ {
		loc = Pulled(w.Rules, loc, t)
	}
	return loc
}
