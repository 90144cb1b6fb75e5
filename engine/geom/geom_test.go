package geom

import (
	"math"
	"testing"
)

func TestRuleBookDistanceExample(t *testing.T) {
	ship := Point{146, -131, 135}
	planet := Point{174, -144, 110}
	if d := ship.Dist(planet); d != 39 {
		t.Errorf("ship to planet: %d, the rule book says 39", d)
	}
	if d := ship.Dist(Origin); d != 238 {
		t.Errorf("ship to Silverfall: %d, the rule book says 238", d)
	}
	if e := ship.Exact(planet); e < 39.72 || e > 39.73 {
		t.Errorf("exact distance %v, the rule book says 39.724", e)
	}
}

func TestDistTruncatesExactly(t *testing.T) {
	for _, c := range []struct {
		p, q Point
		want int
	}{
		{Point{}, Point{3, 4, 0}, 5},
		{Point{}, Point{1, 1, 0}, 1},
		{Point{}, Point{350, 0, 0}, 350},
		{Point{}, Point{350, 1, 0}, 350},
		{Point{-1000000, 0, 0}, Point{1000000, 0, 0}, 2000000},
	} {
		if got := c.p.Dist(c.q); got != c.want {
			t.Errorf("%v-%v: %d, want %d", c.p, c.q, got, c.want)
		}
		if !c.p.Within(c.q, c.want) || c.p.Within(c.q, c.want-1) {
			t.Errorf("%v-%v: Within disagrees with Dist %d", c.p, c.q, c.want)
		}
	}
}

func TestToward(t *testing.T) {
	// The rule book's example: range 60 toward a target 50 away moves 20, 20, 10.
	p, q := Point{}, Point{50, 0, 0}
	p1 := p.Toward(q, 20)
	p2 := p1.Toward(q, 20)
	p3 := p2.Toward(q, 20)
	if p1 != (Point{20, 0, 0}) || p2 != (Point{40, 0, 0}) || p3 != q {
		t.Errorf("moves %v %v %v", p1, p2, p3)
	}
	if got := p.Toward(Point{3, 4, 0}, 100); got != (Point{3, 4, 0}) {
		t.Errorf("short move: %v", got)
	}
	// A point 90.45 away is 90 positions away, as Dist counts: a move of 90
	// reaches it, one of 89 does not (a ship once stopped a position short
	// of a planet the plan said it reached).
	far := Point{90, 9, 0}
	if d := p.Dist(far); d != 90 {
		t.Fatalf("Dist %d, want 90", d)
	}
	if got := p.Toward(far, 90); got != far {
		t.Errorf("a move of 90 toward a point 90 positions away ends at %v", got)
	}
	if got := p.Toward(far, 89); got == far {
		t.Errorf("a move of 89 reached a point 90 positions away")
	}
}

func TestSegmentDist(t *testing.T) {
	if d := SegmentDist2(Point{-100, 5, 0}, Point{100, 5, 0}, Origin); d != 25 {
		t.Errorf("passing 5 from the centre: %v, want 25", d)
	}
	if d := SegmentDist2(Point{10, 0, 0}, Point{100, 0, 0}, Origin); d != 100 {
		t.Errorf("ending 10 away: %v, want 100", d)
	}
}

// TestHugeCoordinates: a sheet from outside may hold any int; distances
// stay exact (or saturate) and return at once.
func TestHugeCoordinates(t *testing.T) {
	const big = 999_999_999_999 // twelve digits
	far := Point{big, -big, big}
	if d := far.Dist(Origin); d != 1732050807567 {
		t.Errorf("distance of %v: %d", far, d)
	}
	if d2 := far.Dist2(Origin); d2 != math.MaxInt {
		t.Errorf("a squared distance too large for an int should saturate, got %d", d2)
	}
	if !far.Within(Origin, 1732050807567) || far.Within(Origin, 1732050807566) {
		t.Error("Within disagrees with Dist for a far point")
	}
	extreme := Point{math.MaxInt, math.MaxInt, math.MaxInt}
	low := Point{math.MinInt, math.MinInt, math.MinInt}
	if d := extreme.Dist(low); d != math.MaxInt {
		t.Errorf("a distance too large for an int should saturate, got %d", d)
	}
	if extreme.Dist2(low) != math.MaxInt || !extreme.Within(extreme, 0) || extreme.Within(low, math.MaxInt) {
		t.Error("Dist2 or Within wrong at the int limits")
	}
	if got := Origin.Toward(extreme, 10); got.Dist(Origin) > 11 || got.X <= 0 {
		t.Errorf("a step toward a far point: %v", got)
	}
	if e := Origin.Exact(extreme); math.IsInf(e, 0) || math.IsNaN(e) || e < 1.5e19 {
		t.Errorf("exact distance %v", e)
	}
	if s := SegmentDist2(low, extreme, Origin); math.IsNaN(s) {
		t.Error("segment distance is NaN")
	}
	for _, n := range []int{0, 1, 2, 3, 4, 99, 100, math.MaxInt, math.MaxInt - 1, 1<<62 - 1} {
		r := Isqrt(n)
		if r*r > n || (r+1) <= n/(r+1) {
			t.Errorf("Isqrt(%d) = %d", n, r)
		}
	}
	if Round(math.Inf(1)) != math.MaxInt || Round(math.NaN()) != 0 {
		t.Error("Round of a non-finite value")
	}
}

func BenchmarkDist(b *testing.B) {
	p, q := Point{146, -131, 135}, Point{174, -144, 110}
	for i := 0; i < b.N; i++ {
		p.Dist(q)
	}
}
