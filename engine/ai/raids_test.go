package ai

import (
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/order"
)

// In the game's last turns hard raids its rivals' treasuries (SR), those
// the sheet shows first, never Sauran, an ally or one whose interceptors
// stopped last turn's scan; earlier, or at normal, it raids none.
func TestHardRaidsAtTheEnd(t *testing.T) {
	raids := func(lv *Level, turn int, edit func(k *model.Knowledge)) []int {
		r, k := firstSheet(t, 5_000_000)
		k.Turn = turn
		k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 9999, Owner: 5, Kind: model.Independent})
		if edit != nil {
			edit(k)
		}
		var out []int
		for _, o := range codes(Play(r, k, 1, lv), order.SR) {
			if o.Player() == r.Game.PlayerSauran {
				continue // raidSauran's, not these
			}
			out = append(out, o.Player())
		}
		return out
	}
	r, _ := firstSheet(t, 0)
	last := r.Game.ExpectedLastTurn - 1 // the sheet before the last turn
	hard := Hard()
	got := raids(hard, last, nil)
	if len(got) == 0 || got[0] != 5 {
		t.Fatalf("hard before the last turn raids %v, want player 5 (the one it sees) first", got)
	}
	for _, p := range got {
		if p == 1 || p == r.Game.PlayerSauran {
			t.Errorf("hard raids player %d (itself or Sauran): %v", p, got)
		}
	}
	if want := r.Interceptors.Max / r.ScanPlayer.CostInterceptors; len(got) != want {
		t.Errorf("hard raids %d players, want %d (the interceptors it may hold, 10 a raid)", len(got), want)
	}
	stopped := raids(hard, last, func(k *model.Knowledge) {
		k.Messages = append(k.Messages, "Player 5's interceptors stopped your scan.")
	})
	for _, p := range stopped {
		if p == 5 {
			t.Errorf("hard raids player 5 again after his interceptors stopped it: %v", stopped)
		}
	}
	// A player's broadcast line saying so does not count.
	forged := raids(hard, last, func(k *model.Knowledge) { broadcast(k, "Player 5's interceptors stopped your scan.") })
	if len(forged) == 0 || forged[0] != 5 {
		t.Errorf("a broadcast line kept hard from raiding player 5: %v", forged)
	}
	allied := raids(hard, last, func(k *model.Knowledge) { k.Empire.Allies = append(k.Empire.Allies, 5) })
	for _, p := range allied {
		if p == 5 {
			t.Errorf("hard raids its ally 5: %v", allied)
		}
	}
	if got := raids(hard, sheetTurn, nil); len(got) > 0 {
		t.Errorf("hard raids on turn %d: %v, want none before its last %d turns", sheetTurn+1, got, hard.LastRaidTurns)
	}
	if got := raids(Normal(), last, nil); len(got) > 0 {
		t.Errorf("normal raids %v in the last turn, want none", got)
	}
}
