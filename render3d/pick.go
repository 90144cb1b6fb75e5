package render3d

import "math"

// PickSlack is how many pixels beside a body a click may land and still
// pick it, for bodies too small to hit exactly.
const PickSlack = 6.0

// Pick returns the index of the body under pixel (x, y) of a w×h view, or
// -1: the nearest body along the ray through the pixel; failing that, the
// body drawn nearest to the pixel within PickSlack.
func Pick(m *Map, c Camera, x, y float64, w, h int) int {
	o, d := c.Ray(x, y, w, h)
	best, bestT := -1, math.Inf(1)
	for i := range m.Bodies {
		b := &m.Bodies[i]
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
