package ai

import (
	"fmt"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// The plan's moves judged by the engine: the turn's forecast (the same
// the window shows a player) carries the orders out, pull, black hole,
// Sauran's ships and all, on what the sheet shows. A ship of ours the
// forecast shows lost by the end of the turn is given the other moves it
// could make instead (stay where it is; as far from Silverfall as its move
// and fuel allow), each forecast in turn, and the plan the forecast scores
// best is kept: the ship's own model of the pull and fuel is not trusted
// over the engine's. The turn's score alone would rather lose a ship (a
// ship lost pays no crew or fleet this turn, and counts only 5,000):
// a ship kept is worth what building it again would cost, until the last
// turns in which the level builds nothing (thrift_turns).

// judgeMoves gives the ships the forecast of orders shows lost the move
// whose forecast scores best, at most maxJudged ships a turn (each
// candidate is a forecast).
func (p *planner) judgeMoves(c *check.Checker, orders []order.Order) []order.Order {
	fc := c.Forecast(orders)
	best, cur := fc.Score, fc // cur: the forecast of the plan as it now is
	for n, s := range p.lostIn(fc) {
		if n == maxJudged {
			break
		}
		if survives(cur, s.ID) {
			continue // another ship's new move saved this one too
		}
		worth := 0
		if !p.thrifty() {
			worth = p.r.BuildCost(p.r.Ship(s.Type), 0, 0)
		}
		// The plan's own orders lose the ship; a move that keeps it must
		// score better by more than its worth, and the best of those is kept.
		kept, keptF, saved := orders, cur, false
		for _, cand := range p.otherMoves(s) {
			try := withMove(orders, s.ID, cand)
			f := c.Forecast(try)
			if !survives(f, s.ID) || hasError(f) {
				continue
			}
			if !saved && f.Score+worth > best || saved && f.Score > keptF.Score {
				kept, keptF, saved = try, f, true
			}
		}
		orders, cur, best = kept, keptF, keptF.Score
	}
	return orders
}

// maxJudged is how many lost ships a turn get other moves tried: each
// move is a forecast of the whole turn (the time a turn stays within the
// issue's 20 ms an empire at 40 players).
const maxJudged = 3

// lostIn are the sheet's movable ships that the forecast does not show at
// the end of the turn, in the sheet's order.
func (p *planner) lostIn(fc check.Forecast) []*model.Ship {
	var out []*model.Ship
	for i := range p.k.Ships {
		s := &p.k.Ships[i]
		if st := p.r.Ship(s.Type); st == nil || !st.CanMove() || s.Inside != 0 || survives(fc, s.ID) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// otherMoves are the moves ship s could make instead of its plan's: stay
// where it is, or go straight away from Silverfall as far as its move and
// fuel allow.
func (p *planner) otherMoves(s *model.Ship) []order.Order {
	var out []order.Order
	add := func(format string, args ...any) {
		if o, err := order.Parse(fmt.Sprintf(format, args...)); err == nil {
			out = append(out, o)
		}
	}
	add("MO %d %d %d %d", s.ID, s.Loc.X, s.Loc.Y, s.Loc.Z)
	st := p.r.Ship(s.Type)
	if step := min(st.Movement.N, s.Fuel); step > 0 && s.Loc != geom.Origin {
		far := geom.Point{X: s.Loc.X * 1000, Y: s.Loc.Y * 1000, Z: s.Loc.Z * 1000}
		to := s.Loc.Toward(far, step)
		add("MO %d %d %d %d", s.ID, to.X, to.Y, to.Z)
	}
	return out
}

// withMove is orders with ship id's battle/movement order (if any)
// replaced by o.
func withMove(orders []order.Order, id int, o order.Order) []order.Order {
	out := make([]order.Order, 0, len(orders)+1)
	for _, x := range orders {
		if x.Class() == order.BattleMovement && x.SubjectKind() == order.ShipSubject && x.Subject() == id {
			continue
		}
		out = append(out, x)
	}
	return append(out, o)
}

func survives(fc check.Forecast, id int) bool {
	for _, s := range fc.Ships {
		if s.ID == id {
			return true
		}
	}
	return false
}

func hasError(fc check.Forecast) bool {
	for _, d := range fc.Diagnostics {
		if d.Severity == check.Error {
			return true
		}
	}
	return false
}
