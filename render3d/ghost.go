package render3d

import (
	"image/color"
	"math"
)

// GhostColor is the outline of a ship where the orders leave it at the end
// of the turn; RulerColor the ruler's line.
var (
	GhostColor = color.NRGBA{150, 230, 255, 255}
	RulerColor = color.NRGBA{255, 220, 90, 255}
)

// ghostSegments outlines a ship's place at the end of the turn: a small
// octahedron of lines, hollow, so that it reads as "not there yet".
func ghostSegments(at Vec, size float64, c color.NRGBA) []segment {
	axes := []Vec{{size, 0, 0}, {0, size, 0}, {0, 0, size}}
	var tips []Vec
	for _, a := range axes {
		tips = append(tips, at.Add(a), at.Sub(a))
	}
	var out []segment
	// Each tip joins the four tips not opposite it: twelve edges.
	for i := 0; i < len(tips); i++ {
		for j := i + 1; j < len(tips); j++ {
			if i/2 != j/2 {
				out = append(out, segment{tips[i], tips[j], c})
			}
		}
	}
	return out
}

// rulerSegments draws a ruler from c.From to c.To: the line, with a tick
// every ten positions across it and a cross at each end.
func rulerSegments(c Course, size float64) []segment {
	out := []segment{{c.From, c.To, RulerColor}}
	d := c.To.Sub(c.From)
	n := d.Len()
	if n == 0 {
		return out
	}
	// A direction across the line: the cross product with an axis it is
	// not along.
	side := d.Cross(Vec{0, 0, 1})
	if side.Len() < 1e-9*n {
		side = d.Cross(Vec{1, 0, 0})
	}
	side = side.Scale(size / side.Len())
	step := 10.0
	for n/step > 60 {
		step *= 10 // no more than sixty ticks
	}
	for t := step; t < n; t += step {
		p := c.From.Add(d.Scale(t / n))
		s := side.Scale(0.5)
		if math.Mod(t, step*5) == 0 {
			s = side
		}
		out = append(out, segment{p.Sub(s), p.Add(s), RulerColor})
	}
	for _, end := range []Vec{c.From, c.To} {
		out = append(out, segment{end.Sub(side), end.Add(side), RulerColor})
	}
	return out
}
