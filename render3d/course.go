package render3d

import (
	"image/color"
	"math"
)

// CourseKind is how a planned movement goes.
type CourseKind uint8

// The kinds of course.
const (
	CourseMove  CourseKind = iota // by engines, a third of the range a phase
	CourseWarp                    // warpdrive: a jump to a chosen place
	CourseHyper                   // hyperdrive: a jump to a random place
	CourseRuler                   // not a course: the ruler's line from From to To
)

// Course is a ship's planned movement, drawn on the map.
type Course struct {
	Kind  CourseKind
	From  Vec
	To    Vec   // where the order heads
	Stop  Vec   // where the ship ends this turn
	Marks []Vec // the ends of phases 2, 3 and 4
	Error bool  // the order has an error
	Ghost bool  // outline the ship at Stop, where the turn leaves it
	Ship  int   // the ship's number (0: not a ship's course)
}

// courseMarkSize is the length of the arms of the courses' marks, in map
// units; a ghost is ghostScale times as large.
const (
	courseMarkSize = 2.5
	ghostScale     = 1.2
)

// Course colours.
var (
	CourseColor      = color.NRGBA{220, 235, 255, 255}
	CourseLaterColor = color.NRGBA{110, 120, 150, 255}
	WarpColor        = color.NRGBA{225, 120, 255, 255}
	ErrorColor       = color.NRGBA{255, 70, 60, 255}
)

// segment is a line to draw, in map space.
type segment struct {
	a, b Vec
	c    color.NRGBA
}

// courseSegments turns courses into line segments; size is the length of
// the marks' arms.
func courseSegments(cs []Course, size float64) []segment {
	var out []segment
	cross := func(p Vec, s float64, c color.NRGBA) {
		for _, d := range []Vec{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
			out = append(out, segment{p.Sub(d.Scale(s)), p.Add(d.Scale(s)), c})
		}
	}
	for _, c := range cs {
		if c.Kind == CourseRuler {
			out = append(out, rulerSegments(c, size)...)
			continue
		}
		if c.Ghost {
			out = append(out, ghostSegments(c.Stop, size*ghostScale, GhostColor)...)
		}
		col := CourseColor
		switch {
		case c.Error:
			col = ErrorColor
		case c.Kind != CourseMove:
			col = WarpColor
		}
		switch c.Kind {
		case CourseHyper:
			// A dotted ring: the ship leaves for a place nobody knows.
			for i := 0; i < 24; i += 2 {
				a, b := 2*math.Pi*float64(i)/24, 2*math.Pi*float64(i+1)/24
				r := size * 3
				out = append(out, segment{c.From.Add(Vec{r * math.Cos(a), r * math.Sin(a), 0}),
					c.From.Add(Vec{r * math.Cos(b), r * math.Sin(b), 0}), col})
			}
		case CourseWarp:
			// Dashes: no path is flown, the ship appears at the end.
			d := c.To.Sub(c.From)
			n := int(math.Max(2, d.Len()/(size*2)))
			for i := 0; i < n; i += 2 {
				out = append(out, segment{c.From.Add(d.Scale(float64(i) / float64(n))), c.From.Add(d.Scale(float64(i+1) / float64(n))), col})
			}
			cross(c.To, size, col)
		default:
			prev := c.From
			for _, m := range c.Marks {
				if m != prev {
					out = append(out, segment{prev, m, col})
				}
				cross(m, size*0.6, col)
				prev = m
			}
			if c.Stop != prev {
				out = append(out, segment{prev, c.Stop, col})
			}
			if c.Stop != c.To {
				later := CourseLaterColor
				if c.Error {
					later = ErrorColor
				}
				out = append(out, segment{c.Stop, c.To, later})
				cross(c.To, size*0.6, later)
			}
		}
	}
	return out
}
