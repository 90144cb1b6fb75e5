package text

import "testing"

func TestGrouped(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {-999, "-999"}, {-1234567, "-1,234,567"}, {5000000, "5,000,000"}} {
		if got := Grouped(c.n); got != c.want {
			t.Errorf("Grouped(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
