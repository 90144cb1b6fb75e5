// Package geom is the geometry of the Silverfall solar system: integer
// positions around the black hole at 0,0,0 and the distances between them.
//
// Every function here is exact (or, for the float results, as close as a
// float64 gets) for any int coordinates, however large: a turn sheet from
// outside may hold anything, and a distance must never overflow into a
// wrong answer or a long loop. Results too large for an int saturate at
// math.MaxInt.
package geom

import (
	"math"
	"math/big"
	"strconv"
)

// Point is a position in space. The game uses whole positions only.
type Point struct{ X, Y, Z int }

// Origin is Silverfall, the black hole at the centre.
var Origin = Point{}

// String prints the position as the turn sheet does: "100,-99,-23".
func (p Point) String() string {
	// Built by hand: points are in most of the checker's messages.
	b := make([]byte, 0, 24)
	b = strconv.AppendInt(b, int64(p.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Y), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Z), 10)
	return string(b)
}

// Sub returns p - q. It wraps for coordinates near the int limits; the
// distance functions do not use it.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y, p.Z - q.Z} }

// small is the largest coordinate difference whose square, three times
// over, still fits an int: the fast path.
const small = 1 << 30

// diffs returns the coordinate differences and whether all are small.
func diffs(p, q Point) (dx, dy, dz int, ok bool) {
	const lim = small
	if p.X > -lim && p.X < lim && p.Y > -lim && p.Y < lim && p.Z > -lim && p.Z < lim &&
		q.X > -lim && q.X < lim && q.Y > -lim && q.Y < lim && q.Z > -lim && q.Z < lim {
		dx, dy, dz = p.X-q.X, p.Y-q.Y, p.Z-q.Z
		if dx > -small && dx < small && dy > -small && dy < small && dz > -small && dz < small {
			return dx, dy, dz, true
		}
	}
	return 0, 0, 0, false
}

// bigDist2 is the squared distance as a big integer.
func bigDist2(p, q Point) *big.Int {
	sum := new(big.Int)
	var a, b big.Int
	for _, c := range [3][2]int{{p.X, q.X}, {p.Y, q.Y}, {p.Z, q.Z}} {
		a.SetInt64(int64(c[0]))
		b.SetInt64(int64(c[1]))
		a.Sub(&a, &b)
		a.Mul(&a, &a)
		sum.Add(sum, &a)
	}
	return sum
}

func saturate(n *big.Int) int {
	if n.IsInt64() && n.Int64() <= math.MaxInt {
		return int(n.Int64())
	}
	return math.MaxInt
}

// Dist2 is the squared straight-line distance, or math.MaxInt when that
// does not fit an int.
func (p Point) Dist2(q Point) int {
	if dx, dy, dz, ok := diffs(p, q); ok {
		return dx*dx + dy*dy + dz*dz
	}
	return saturate(bigDist2(p, q))
}

// Exact is the straight-line distance with its fraction.
func (p Point) Exact(q Point) float64 {
	if dx, dy, dz, ok := diffs(p, q); ok {
		return math.Sqrt(float64(dx*dx + dy*dy + dz*dz))
	}
	return math.Sqrt(diffSq(p.X, q.X) + diffSq(p.Y, q.Y) + diffSq(p.Z, q.Z))
}

func diffSq(a, b int) float64 {
	d := float64(a) - float64(b)
	return d * d
}

// Dist is the distance as the game counts it: the fraction is dropped.
func (p Point) Dist(q Point) int {
	if dx, dy, dz, ok := diffs(p, q); ok {
		return Isqrt(dx*dx + dy*dy + dz*dz)
	}
	return saturate(new(big.Int).Sqrt(bigDist2(p, q)))
}

// Isqrt is the whole part of the square root of n (0 for n <= 0).
func Isqrt(n int) int {
	if n <= 0 {
		return 0
	}
	r := int(math.Sqrt(float64(n)))
	// The float may be off in its last bits; divisions keep the
	// corrections free of overflow.
	for r > n/r {
		r--
	}
	for r+1 <= n/(r+1) {
		r++
	}
	return r
}

// Within reports whether q is at most d positions from p, in the game's
// truncated distance.
func (p Point) Within(q Point, d int) bool {
	if d < 0 {
		return false
	}
	if dx, dy, dz, ok := diffs(p, q); ok && d < small {
		return dx*dx+dy*dy+dz*dz < (d+1)*(d+1)
	}
	lim := big.NewInt(int64(d))
	lim.Add(lim, big.NewInt(1))
	lim.Mul(lim, lim)
	return bigDist2(p, q).Cmp(lim) < 0
}

// Toward returns the point that a ship moving from p to q reaches after
// covering step positions, or q when it is no further than that, as Dist
// counts positions (whole ones: a point 90.9 away is 90 positions away,
// and a ship moving 90 reaches it). Positions are rounded to the nearest
// whole number, halves away from zero.
func (p Point) Toward(q Point, step int) Point {
	if p.Dist(q) <= step {
		return q
	}
	d := p.Exact(q)
	if step <= 0 {
		return p
	}
	f := float64(step) / d
	return Point{
		p.X + round((float64(q.X)-float64(p.X))*f),
		p.Y + round((float64(q.Y)-float64(p.Y))*f),
		p.Z + round((float64(q.Z)-float64(p.Z))*f),
	}
}

// SegmentDist2 is the squared distance from c to the nearest point of the
// segment from p to q.
func SegmentDist2(p, q, c Point) float64 {
	dx, dy, dz := float64(q.X)-float64(p.X), float64(q.Y)-float64(p.Y), float64(q.Z)-float64(p.Z)
	cx, cy, cz := float64(c.X)-float64(p.X), float64(c.Y)-float64(p.Y), float64(c.Z)-float64(p.Z)
	l2 := dx*dx + dy*dy + dz*dz
	t := 0.0
	if l2 > 0 && !math.IsInf(l2, 0) {
		t = math.Max(0, math.Min(1, (cx*dx+cy*dy+cz*dz)/l2))
	}
	ex, ey, ez := cx-t*dx, cy-t*dy, cz-t*dz
	return ex*ex + ey*ey + ez*ez
}

// Round rounds as the rule book does: to the nearest whole number, halves up
// (away from zero). Values beyond the int range saturate.
func Round(x float64) int { return round(x) }

func round(x float64) int {
	x = math.Round(x)
	switch {
	case math.IsNaN(x):
		return 0
	case x >= math.MaxInt:
		return math.MaxInt
	case x <= math.MinInt:
		return math.MinInt
	}
	return int(x)
}
