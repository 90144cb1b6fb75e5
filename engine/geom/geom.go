// Package geom is the geometry of the Silverfall solar system: integer
// positions around the black hole at 0,0,0 and the distances between them.
package geom

import (
	"fmt"
	"math"
)

// Point is a position in space. The game uses whole positions only.
type Point struct{ X, Y, Z int }

// Origin is Silverfall, the black hole at the centre.
var Origin = Point{}

// String prints the position as the turn sheet does: "100,-99,-23".
func (p Point) String() string { return fmt.Sprintf("%d,%d,%d", p.X, p.Y, p.Z) }

// Sub returns p - q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y, p.Z - q.Z} }

// Dist2 is the squared straight-line distance.
func (p Point) Dist2(q Point) int {
	d := p.Sub(q)
	return d.X*d.X + d.Y*d.Y + d.Z*d.Z
}

// Exact is the straight-line distance with its fraction.
func (p Point) Exact(q Point) float64 { return math.Sqrt(float64(p.Dist2(q))) }

// Dist is the distance as the game counts it: the fraction is dropped.
func (p Point) Dist(q Point) int {
	d2 := p.Dist2(q)
	r := int(math.Sqrt(float64(d2)))
	// Correct the float's last-bit errors so that r*r <= d2 < (r+1)*(r+1).
	for r*r > d2 {
		r--
	}
	for (r+1)*(r+1) <= d2 {
		r++
	}
	return r
}

// Within reports whether q is at most d positions from p, in the game's
// truncated distance.
func (p Point) Within(q Point, d int) bool { return p.Dist2(q) < (d+1)*(d+1) }

// Toward returns the point that a ship moving from p to q reaches after
// covering step positions, or q when it is closer than that. Positions are
// rounded to the nearest whole number, halves away from zero.
func (p Point) Toward(q Point, step int) Point {
	d := p.Exact(q)
	if d <= float64(step) || d == 0 {
		return q
	}
	f := float64(step) / d
	return Point{
		p.X + round(float64(q.X-p.X)*f),
		p.Y + round(float64(q.Y-p.Y)*f),
		p.Z + round(float64(q.Z-p.Z)*f),
	}
}

// SegmentDist2 is the squared distance from c to the nearest point of the
// segment from p to q.
func SegmentDist2(p, q, c Point) float64 {
	dx, dy, dz := float64(q.X-p.X), float64(q.Y-p.Y), float64(q.Z-p.Z)
	cx, cy, cz := float64(c.X-p.X), float64(c.Y-p.Y), float64(c.Z-p.Z)
	l2 := dx*dx + dy*dy + dz*dz
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, (cx*dx+cy*dy+cz*dz)/l2))
	}
	ex, ey, ez := cx-t*dx, cy-t*dy, cz-t*dz
	return ex*ex + ey*ey + ez*ez
}

// Round rounds as the rule book does: to the nearest whole number, halves up
// (away from zero).
func Round(x float64) int { return round(x) }

func round(x float64) int { return int(math.Round(x)) }
