package render3d

import "testing"

func TestGhostAndRulerSegments(t *testing.T) {
	at := Vec{10, 20, 30}
	g := ghostSegments(at, 2, GhostColor)
	if len(g) != 12 {
		t.Fatalf("an octahedron has 12 edges, got %d", len(g))
	}
	for _, s := range g {
		if d := s.a.Sub(at).Len(); d != 2 {
			t.Errorf("edge %v ends %v from the ghost's centre, want 2", s, d)
		}
	}
	// A course that moves the ship ends in a ghost; one that does not, not.
	move := Course{From: Vec{}, To: Vec{100, 0, 0}, Stop: Vec{50, 0, 0}, Marks: []Vec{{17, 0, 0}, {34, 0, 0}, {50, 0, 0}}}
	plain := len(courseSegments([]Course{move}, 2.5))
	move.Ghost = true
	if n := len(courseSegments([]Course{move}, 2.5)); n != plain+12 {
		t.Errorf("a ghost adds %d segments, want 12", n-plain)
	}

	// 100 positions: the line, 9 ticks (every 10) and the two end bars.
	r := rulerSegments(Course{Kind: CourseRuler, From: Vec{0, 0, 0}, To: Vec{0, 100, 0}}, 2)
	if len(r) != 1+9+2 {
		t.Errorf("ruler of 100: %d segments", len(r))
	}
	for _, s := range r {
		if s.c != RulerColor {
			t.Errorf("ruler segment %v coloured %v", s, s.c)
		}
	}
	// Straight up the Z axis the ticks still stand across the line.
	up := rulerSegments(Course{Kind: CourseRuler, To: Vec{0, 0, 50}}, 2)
	if tick := up[1]; tick.a.Sub(tick.b).Len() == 0 || tick.a[2] != tick.b[2] {
		t.Errorf("a tick of a vertical ruler: %v", tick)
	}
	if n := len(courseSegments([]Course{{Kind: CourseRuler, To: Vec{0, 100, 0}}}, 2)); n != len(r) {
		t.Errorf("courseSegments draws the ruler with %d segments, want %d", n, len(r))
	}
}
