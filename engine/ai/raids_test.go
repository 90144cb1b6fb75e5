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
		t.Errorf("hard sends %d raids, want %d (the interceptors it may hold, 10 a raid)", len(got), want)
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

// Each rival is raided in one turn only (raided, he buys interceptors):
// the rivals are shared out over the last turns, every scan of a turn
// going to that turn's; once all were raided, only a rich one is raided
// again, and one whose interceptors stopped the scan is not.
func TestHardRaidsEachRivalOnce(t *testing.T) {
	r, _ := firstSheet(t, 0)
	raids := func(turn int, msgs ...string) map[int]int {
		_, k := firstSheet(t, 5_000_000)
		k.Turn = turn
		for _, who := range []int{5, 6} {
			k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 9990 + who, Owner: who, Kind: model.Independent})
		}
		k.Messages = append(k.Messages, msgs...)
		out := map[int]int{}
		for _, o := range codes(Play(r, k, 1, Hard()), order.SR) {
			out[o.Player()]++
		}
		return out
	}
	last := r.Game.ExpectedLastTurn - 1 // the sheet before the last turn
	all := r.Interceptors.Max / r.ScanPlayer.CostInterceptors
	if got := raids(last - 1); got[5] != all || got[6] != 0 {
		t.Errorf("the turn before the last, hard raids %v, want all %d raids on player 5 (player 6 the next turn)", got, all)
	}
	if got := raids(last, "Your raiders brought back 300,000 credits and 0 points from player 5."); got[6] != all || got[5] != 0 {
		t.Errorf("in the last turn after raiding player 5, hard raids %v, want all %d on player 6", got, all)
	}
	both := []string{"Your raiders brought back 2,000 credits and 0 points from player 5.", "Player 6's interceptors stopped your scan."}
	if got := raids(last, both...); len(got) != 0 {
		t.Errorf("with player 5 poor and player 6's interceptors up, hard raids %v, want none", got)
	}
	both[0] = "Your raiders brought back 400,000 credits and 0 points from player 5."
	if got := raids(last, both...); got[5] != all || got[6] != 0 {
		t.Errorf("with player 5 rich, hard raids %v, want all %d on him again", got, all)
	}
}
