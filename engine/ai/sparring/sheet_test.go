package sparring

import (
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// What a raid on a player brought back is read from the sheet's message
// as the turn writes it (engine/turn/phase5.go), for that player only.
func TestBroughtBack(t *testing.T) {
	k := &model.Knowledge{Messages: []string{
		"Your raiders brought back 512,345 credits and 12 points from player 99.",
		"Your raiders brought back 7,500 credits and 0 points from player 4.",
		"Player 99's interceptors stopped your scan.",
	}}
	s := newSheet(rules.Default(), k)
	for _, c := range []struct{ p, want int }{{99, 512345}, {4, 7500}, {5, 0}} {
		if got := s.broughtBack(c.p); got != c.want {
			t.Errorf("broughtBack(%d) = %d, want %d", c.p, got, c.want)
		}
	}
}
