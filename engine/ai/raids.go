package ai

import (
	"fmt"
	"strconv"
	"strings"

	"silverfall/engine/order"
)

// lastRaids sends raiders into rivals' treasuries (SR) in the level's last
// turns of the game (last_raid_turns): a raid brings back a share of the
// rival's credits, which are then at their highest, and he has too few
// turns left to make up for it. Purchase Interceptors comes before Scan
// Player in phase five and an empire holds at most Interceptors.Max, so an
// empire has at most Max/CostInterceptors scans a turn; the book lets
// several scans go to one rival in a turn, each taking its share of what
// the last left. A rival raided (or stopped a scan of ours) buys
// interceptors for the next turn, so each rival is raided in one turn
// only: the rivals not yet raided are shared out over the raid turns
// left, and this turn's scans go round those of this turn. Allies and
// Sauran are not raided here (raidSauran does him).
func (p *planner) lastRaids() {
	lv, last := p.lv, p.r.Game.ExpectedLastTurn
	if lv.LastRaidTurns <= 0 || p.turn <= last-lv.LastRaidTurns || p.turn > last {
		return
	}
	targets := p.raidTargets(last - p.turn + 1)
	if len(targets) == 0 {
		return
	}
	sr, ir := p.r.ScanPlayer, p.r.Interceptors
	held, used := p.k.Empire.Interceptors, 0 // at the Scan Player step, and used by scans
	for _, o := range p.out {
		switch o.Code {
		case order.PI:
			held += o.Amount()
		case order.SR:
			used += sr.CostInterceptors
		}
	}
	for i := 0; ; i++ {
		buy := max(0, used+sr.CostInterceptors-held)
		if held+buy > ir.Max || !p.spend(sr.CostCredits+buy*ir.Cost, 0, lv.BuildMargin) {
			return
		}
		if buy > 0 {
			p.add("PI %d", buy)
			held += buy
		}
		used += sr.CostInterceptors
		p.add("SR %d", targets[i%len(targets)])
	}
}

// raidTargets are the rivals to raid this turn, with turns raid turns
// left (this one counted): a share of those not raided last turn, or the
// richest one raided when none is left and he is worth it. Rivals are the players the sheet
// shows (their ships or planets), in number order; never an ally or
// Sauran. The sheet does not say how many players the game has, nor what
// a rival holds until a raid brings back its share.
func (p *planner) raidTargets(turns int) []int {
	seen := map[int]bool{}
	for _, s := range p.k.ForeignShips {
		seen[s.Owner] = true
	}
	for _, pl := range p.k.ForeignPlanets {
		seen[pl.Owner] = true
	}
	hit := p.lastScans()
	var fresh, raided []int
	for n := 1; n <= p.r.Game.MaxPlayers; n++ {
		_, wasHit := hit[n]
		switch {
		case !seen[n] || n == p.me || n == p.r.Game.PlayerSauran || p.k.Empire.HasAlly(n):
		case wasHit:
			raided = append(raided, n)
		default:
			fresh = append(fresh, n)
		}
	}
	if len(fresh) > 0 {
		return fresh[:(len(fresh)+turns-1)/turns]
	}
	// All were raided, and have bought interceptors since: the richest is
	// raided again when a third of the scans getting through would pay
	// for them all (of nine scans at 90 interceptors, some 3.5 get
	// through: each stopped one costs him ten). One whose interceptors
	// stopped a scan is not: what he holds is not known.
	best := 0
	for _, n := range raided {
		if hit[n] > hit[best] {
			best = n
		}
	}
	sr, ir := p.r.ScanPlayer, p.r.Interceptors
	if best == 0 || hit[best]*sr.StealCreditsPercent/100 < 3*(sr.CostCredits+sr.CostInterceptors*ir.Cost) {
		return nil
	}
	return []int{best}
}

// lastScans reads the computer's messages about last turn's scans of
// players: for each player scanned, about the credits he had left after
// the raids that got through (0 when none did).
func (p *planner) lastScans() map[int]int {
	out := map[int]int{}
	pct := max(1, p.r.ScanPlayer.StealCreditsPercent)
	for _, m := range p.k.Messages[min(p.k.Broadcasts, len(p.k.Messages)):] {
		var who int
		if _, err := fmt.Sscanf(m, "Player %d's interceptors stopped your scan.", &who); err == nil {
			out[who] += 0
			continue
		}
		rest, ok := strings.CutPrefix(m, "Your raiders brought back ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) < 2 {
			continue
		}
		took, err := strconv.Atoi(strings.ReplaceAll(f[0], ",", ""))
		who, err2 := strconv.Atoi(strings.TrimSuffix(f[len(f)-1], "."))
		if err != nil || err2 != nil || took < 0 {
			continue
		}
		// The raid took pct% of his credits: what it left is the rest.
		if left := took * (100 - pct) / pct; out[who] == 0 || left < out[who] {
			out[who] = left
		}
	}
	return out
}
