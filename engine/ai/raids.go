package ai

import (
	"fmt"

	"silverfall/engine/order"
)

// lastRaids sends raiders into each rival's treasury (SR) in the level's
// last turns of the game (last_raid_turns): a raid brings back a share of
// the rival's credits, which are then at their highest, and he has no
// turn left to buy the interceptors that would stop the next. A rival
// whose interceptors stopped last turn's scan is not raided again; allies
// and Sauran are not raided here (raidSauran does him).
func (p *planner) lastRaids() {
	lv := p.lv
	if lv.LastRaidTurns <= 0 || p.turn <= p.r.Game.ExpectedLastTurn-lv.LastRaidTurns {
		return
	}
	sr, ir := p.r.ScanPlayer, p.r.Interceptors
	have := p.k.Empire.Interceptors
	for _, o := range p.out {
		switch o.Code {
		case order.PI:
			have += o.Amount()
		case order.SR:
			have -= sr.CostInterceptors
		}
	}
	for _, rival := range p.raidable() {
		buy := max(0, sr.CostInterceptors-have)
		if have+buy > ir.Max || !p.spend(sr.CostCredits+buy*ir.Cost, 0, lv.BuildMargin) {
			return
		}
		if buy > 0 {
			p.add("PI %d", buy)
			have += buy
		}
		have -= sr.CostInterceptors
		p.add("SR %d", rival)
	}
}

// raidable are the players to raid: first those the sheet shows (their
// ships or planets), then the other numbers a player may have, in number
// order; never an ally, Sauran, or one whose interceptors stopped our
// scan last turn. The sheet does not say how many players the game has:
// a scan of a number no player has is refused and costs nothing (the
// interceptors bought for it stay the empire's).
func (p *planner) raidable() []int {
	seen, stopped := map[int]bool{}, map[int]bool{}
	for _, s := range p.k.ForeignShips {
		seen[s.Owner] = true
	}
	for _, pl := range p.k.ForeignPlanets {
		seen[pl.Owner] = true
	}
	for i, m := range p.k.Messages {
		if i < p.k.Broadcasts {
			continue // a player's line may say anything
		}
		var who int
		if _, err := fmt.Sscanf(m, "Player %d's interceptors stopped your scan.", &who); err == nil {
			stopped[who] = true
		}
	}
	var first, then []int
	for n := 1; n <= p.r.Game.MaxPlayers; n++ {
		switch {
		case n == p.me || n == p.r.Game.PlayerSauran || stopped[n] || p.k.Empire.HasAlly(n):
		case seen[n]:
			first = append(first, n)
		default:
			then = append(then, n)
		}
	}
	return append(first, then...)
}
