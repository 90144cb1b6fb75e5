package turn

import (
	"testing"

	"silverfall/engine/order"
)

// Every order code is carried out by some step of the turn, in the phases
// the order acts in, and by no step in another.
func TestEveryOrderHasAnExecutor(t *testing.T) {
	names := map[string]int{}
	for _, s := range steps {
		names[s.name] = s.phase
	}
	// What becomes of some battle/movement orders before they act: a copy
	// order is replaced by the order it copies ("orders of ships and
	// fleets"), and a warpdrive to a planet learns where it goes in phase 2
	// and jumps in phase 3.
	resolved := map[order.Code][]int{order.CP: {2, 3, 4}, order.WP: {2}}
	for _, c := range order.Codes() {
		switch c.Class() {
		case order.General:
			if generalExec[c] == nil {
				t.Errorf("%s: no executor among the general orders", c)
			}
			if p, ok := names[c.String()]; !ok || p != c.Phase() {
				t.Errorf("%s: no step in phase %d carries it out", c, c.Phase())
			}
		case order.Naming, order.Gift:
			if phase0Exec[c] == nil || c.Phase() != 0 {
				t.Errorf("%s: no executor in phase 0", c)
			}
		case order.BattleMovement:
			for p := 2; p <= 4; p++ {
				has := movementExec[p][c] != nil
				skip := false
				for _, q := range resolved[c] {
					skip = skip || q == p
				}
				switch {
				case has && !c.ActsIn(p):
					t.Errorf("%s: carried out in phase %d, where it does not act", c, p)
				case !has && c.ActsIn(p) && !skip:
					t.Errorf("%s: acts in phase %d, but nothing carries it out there", c, p)
				}
			}
		case order.Message:
			// The broadcast goes out when the turn moves on.
			if c != order.Broadcast || names["next turn"] != 7 {
				t.Errorf("%s: a message no step sends", c)
			}
		default:
			t.Errorf("%s: an order of class %v, which no step knows", c, c.Class())
		}
	}
	for p := 2; p <= 4; p++ {
		if names["phase "+string(rune('0'+p))] != p {
			t.Errorf("no step for phase %d", p)
		}
	}
}
