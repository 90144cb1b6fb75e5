package orderwriter

import (
	"fmt"
	"sort"

	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// MaxOfKind bounds the empire's own orders (scans, diplomacy, gifts...) of
// one kind that the host carries out in a turn: one for each other player,
// twice over. Interceptors are bounded by the most an empire may hold.
// Orders to ships, fleets and planets, and broadcast lines, have no bound
// of their own beyond MaxOrders.
func MaxOfKind(r *rules.Rules, c order.Code) int {
	if c == order.PI {
		return r.Interceptors.Max
	}
	return 2 * r.Game.MaxPlayers
}

// Cut is the orders of one kind left out past MaxOfKind.
type Cut struct {
	Code order.Code
	Line int // the line of the first order left out (0: not known)
	Left int // how many were left out
	Max  int // how many of the kind are carried out
}

// Message says what was left out, without the line.
func (c Cut) Message() string {
	return fmt.Sprintf("%d more %s %s from here on %s not carried out: at most %d a turn are taken",
		c.Left, c.Code, plural(c.Left, "order", "orders"), plural(c.Left, "was", "were"), c.Max)
}

// CapKinds keeps the empire's own orders within MaxOfKind of a kind, as
// the host does before a turn: it returns the indexes of the orders kept,
// and what was cut, in the order of the first line cut. lines are the
// orders' lines (it may be shorter). The host and sfcheck both cap with
// it, so that sfcheck says what the host will do.
func CapKinds(r *rules.Rules, orders []order.Order, lines []int) ([]int, []Cut) {
	counts := map[order.Code]int{}
	cuts := map[order.Code]*Cut{}
	kept := make([]int, 0, len(orders))
	for i, o := range orders {
		if o.Subject() == 0 && o.Code != order.Broadcast {
			counts[o.Code]++
			if max := MaxOfKind(r, o.Code); counts[o.Code] > max {
				c := cuts[o.Code]
				if c == nil {
					c = &Cut{Code: o.Code, Max: max}
					if i < len(lines) {
						c.Line = lines[i]
					}
					cuts[o.Code] = c
				}
				c.Left++
				continue
			}
		}
		kept = append(kept, i)
	}
	out := make([]Cut, 0, len(cuts))
	for _, c := range cuts { // any order: sorted below
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Code < out[j].Code
	})
	return kept, out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
