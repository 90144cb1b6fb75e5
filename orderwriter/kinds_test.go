package orderwriter

import (
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// CapKinds leaves out the empire's own orders past the most of a kind, and
// nothing else: ship orders and broadcasts have no bound of their own.
func TestCapKinds(t *testing.T) {
	r := rules.Default()
	maxPI, maxSP := MaxOfKind(r, order.PI), MaxOfKind(r, order.SP)
	if maxPI != r.Interceptors.Max || maxSP != 2*r.Game.MaxPlayers {
		t.Fatalf("bounds %d and %d", maxPI, maxSP)
	}
	repeat := func(line string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = line
		}
		return out
	}
	for _, c := range []struct {
		name  string
		lines []string
		kept  int
		cuts  []Cut
	}{
		{"within", append(repeat("PI 1", maxPI), repeat("SP 2", maxSP)...), maxPI + maxSP, nil},
		{"ships unbounded", repeat("MO 1 0 0 0", maxSP+5), maxSP + 5, nil},
		{"broadcasts unbounded", repeat("BROADCAST hello", maxSP+5), maxSP + 5, nil},
		{"two kinds past", append(append(repeat("SP 2", maxSP+3), "MO 1 0 0 0"), repeat("PI 1", maxPI+1)...), maxSP + 1 + maxPI,
			[]Cut{{Code: order.SP, Line: maxSP + 1, Left: 3, Max: maxSP}, {Code: order.PI, Line: maxSP + 4 + maxPI + 1, Left: 1, Max: maxPI}}},
	} {
		list := make([]order.Order, len(c.lines))
		at := make([]int, len(c.lines))
		for i, l := range c.lines {
			o, err := order.Parse(l)
			if err != nil {
				t.Fatalf("%s: %v", l, err)
			}
			list[i], at[i] = o, i+1
		}
		keep, cuts := CapKinds(r, list, at)
		if len(keep) != c.kept || !reflect.DeepEqual(cuts, append([]Cut{}, c.cuts...)) {
			t.Errorf("%s: kept %d, cuts %+v; want %d, %+v", c.name, len(keep), cuts, c.kept, c.cuts)
		}
	}
	one := Cut{Code: order.PI, Left: 1, Max: 30}.Message()
	if !strings.HasPrefix(one, "1 more PI order from here on was not carried out") {
		t.Errorf("singular: %q", one)
	}
}
