package render3d

import "math"

// PickSlack is how many pixels beside a body a click may land and still
// pick it, for bodies too small to hit exactly.
const PickSlack = 6.0

// Pick returns the index of the body under pixel (x, y) of a w×h view, or
// -1: the nearest body along the ray through the pixel; failing that, the
// body drawn nearest to the pixel within PickSlack. What the sheet shows
// now comes first, then what is remembered from earlier turns (dimmed),
// then the points of trails: a ship that stayed where it was has its last
// turn's point under its marker, and a ship last seen turns ago may be
// drawn over one there now; each is picked only where nothing of the tier
// before is.
func Pick(m *Map, c Camera, x, y float64, w, h int) int {
	for tier := range pickTiers {
		if i := pick(m, c, x, y, w, h, tier); i >= 0 {
			return i
		}
	}
	return -1
}

// pickTiers orders the bodies for picking: shown now, remembered, dots.
const pickTiers = 3

func pickTier(b *Body) int {
	switch {
	case b.Dot:
		return 2
	case b.Age > 0:
		return 1
	}
	return 0
}

// pick is Pick among the bodies of one tier.
func pick(m *Map, c Camera, x, y float64, w, h int, tier int) int {
	o, d := c.Ray(x, y, w, h)
	best, bestT := -1, math.Inf(1)
	for i := range m.Bodies {
		b := &m.Bodies[i]
		if pickTier(b) != tier {
			continue
		}
		oc := b.Pos.Sub(o)
		t := oc.Dot(d)
		if t <= 0 {
			continue
		}
		if oc.Dot(oc)-t*t <= b.Radius*b.Radius && t < bestT {
			best, bestT = i, t
		}
	}
	if best >= 0 {
		return best
	}
	bestD := PickSlack
	v := c.view(w, h)
	for i := range m.Bodies {
		if pickTier(&m.Bodies[i]) != tier {
			continue
		}
		px, py, _, ok := v.project(m.Bodies[i].Pos)
		if !ok {
			continue
		}
		if d := math.Hypot(px-x, py-y); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// PickGhost returns the ship whose ghost (where the turn leaves it) is
// drawn under pixel (x, y) of a w×h view, or 0: the nearest ghost within
// its drawn size, and at least PickSlack.
func PickGhost(cs []Course, c Camera, x, y float64, w, h int) int {
	best, bestD := 0, math.Inf(1)
	v := c.view(w, h)
	for i := range cs {
		g := &cs[i]
		if !g.Ghost || g.Ship == 0 {
			continue
		}
		px, py, depth, ok := v.project(g.Stop)
		if !ok {
			continue
		}
		reach := math.Max(PickSlack, courseMarkSize*ghostScale*c.PixelsPer(depth, h))
		if d := math.Hypot(px-x, py-y); d <= reach && d < bestD {
			best, bestD = g.Ship, d
		}
	}
	return best
}
