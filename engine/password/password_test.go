package password

import (
	"bytes"
	"crypto/rand"
	"testing"
)

func TestNewIsWellFormedAndVaries(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		p, err := New(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		if why := Check(p); why != "" {
			t.Fatalf("%q: %s", p, why)
		}
		if seen[p] {
			t.Fatalf("%q drawn twice in 200", p)
		}
		seen[p] = true
	}
}

func TestNewFromASource(t *testing.T) {
	a, _ := New(bytes.NewReader(bytes.Repeat([]byte{7, 250, 9}, 20)))
	b, _ := New(bytes.NewReader(bytes.Repeat([]byte{7, 250, 9}, 20)))
	if a != b || a != "hkhk-hkhk-hkhk" {
		t.Errorf("got %q and %q; the same bytes give the same password, 250 is drawn again", a, b)
	}
	if _, err := New(bytes.NewReader([]byte{1, 2})); err == nil {
		t.Error("a source that runs dry gave a password")
	}
}

func TestCheckAndMatch(t *testing.T) {
	for _, c := range []struct {
		s  string
		ok bool
	}{
		{"k7m2-x9pq-ta4e", true},
		{"k7m2x9pqta4e", false},
		{"k7m2-x9pq-ta4", false},
		{"k7m2-x9pq-ta4o", false}, // o is not in the alphabet
		{"K7M2-X9PQ-TA4E", false},
		{"k7m2-x9pq_ta4e", false},
		{"", false},
	} {
		if got := Check(c.s) == ""; got != c.ok {
			t.Errorf("Check(%q) ok = %v, want %v", c.s, got, c.ok)
		}
	}
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"k7m2-x9pq-ta4e", "k7m2-x9pq-ta4e", true},
		{"k7m2-x9pq-ta4e", " K7M2-X9PQ-TA4E ", true},
		{"k7m2-x9pq-ta4e", "k7m2-x9pq-ta4f", false},
		{"k7m2-x9pq-ta4e", "", false},
		{"", "", false},
	} {
		if got := Match(c.want, c.got); got != c.ok {
			t.Errorf("Match(%q, %q) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
}
