package ai

import (
	"fmt"
	"testing"

	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// A trader's trip to a market, as the planner judges it (the turn it gets
// there, where the pull leaves it, the fuel it has left or spends, how the
// trip ends), is the host's: on real games, the planner's trade trips from
// each sheet match engine/journey on the host's own game.

// tripMismatch compares the planner's trip with the host's; "" when they
// agree.
func tripMismatch(ai, host journey.Journey) string {
	if ai.End != host.End || ai.Turn != host.Turn || ai.Where != host.Where || ai.Fuel() != host.Fuel() {
		return fmt.Sprintf("the planner judges %v in turn %d at %v with %d fuel, the host's journey %v in turn %d at %v with %d",
			ai.End, ai.Turn, ai.Where, ai.Fuel(), host.End, host.Turn, host.Where, host.Fuel())
	}
	return ""
}

// straightTrip is the trip by the straight way, without the pull: a turn
// a move, the fuel the distance (what the planner used to count).
func straightTrip(s *model.Ship, tp *model.TradingPlanet, turn, reach int) journey.Journey {
	d := s.Loc.Dist(tp.Planet.Loc)
	n := ceilDiv(d, reach)
	return journey.Journey{End: journey.Arrives, Turn: turn + n, Where: tp.Planet.Loc, Steps: make([]journey.Step, n)}
}

func TestTradeTripsAreTheHostsJourneys(t *testing.T) {
	r := rules.Default()
	compared, pulled, straightWrong := 0, 0, 0
	sheet := func(g *model.Game, k *model.Knowledge) {
		if k.Turn%3 != 0 || len(k.Trading) == 0 {
			return // every third sheet is plenty
		}
		p := newPlanner(r, k, 1, Normal())
		w := turn.NewWorld(p.r, g, turn.Host)
		for i := range k.Ships {
			s := &k.Ships[i]
			st := p.r.Ship(s.Type)
			if st == nil || role(st) != roleTrader || s.Inside != 0 {
				continue
			}
			for j := range k.Trading[:min(2, len(k.Trading))] {
				tp := &k.Trading[j]
				host := w.Journey(w.Ship(s.ID), tp.Planet.Loc, tp.Planet.ID, s.Fuel, true)
				if b := tripMismatch(p.tradeTrip(s, tp), host); b != "" {
					t.Errorf("turn %d, ship %d to market %d: %s", k.Turn, s.ID, tp.Planet.ID, b)
				}
				full := w.Journey(w.Ship(s.ID), tp.Planet.Loc, tp.Planet.ID, noFuelLimit, true)
				if got := spent(p.spendTrip(s, s.Loc, k.Turn, &tp.Planet)); full.Steps != nil && got != noFuelLimit-full.Fuel() {
					t.Errorf("turn %d, ship %d to market %d: the planner counts %d fuel for the trip, the host's journey spends %d",
						k.Turn, s.ID, tp.Planet.ID, got, noFuelLimit-full.Fuel())
				}
				compared++
				if host.Pulls() {
					pulled++
				}
				if host.Arrives() && tripMismatch(straightTrip(s, tp, k.Turn, st.Movement.N), host) != "" {
					straightWrong++
				}
			}
		}
	}
	hostGame(t, 5, sheet, nil)
	if compared < 50 || pulled < 10 {
		t.Fatalf("only %d trade trips compared, %d of them under the pull", compared, pulled)
	}
	t.Logf("%d trade trips compared, %d under the pull, %d of them off the straight way's figures", compared, pulled, straightWrong)
	// A planner that counted the straight way would be told.
	if straightWrong == 0 {
		t.Errorf("the straight way matched the host's journey on all %d trips", compared)
	}
}
