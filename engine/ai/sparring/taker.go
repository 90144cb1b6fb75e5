package sparring

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// take plays the planet-taker: every ship that can reach a planet no one
// holds goes to take it (to one in sight, else by find-planet), cargo
// ships haul ore to the market that pays best, mines start and scouts are
// built while credits and fuel allow, and Sauran is scanned late.
func take(s *sheet) {
	s.mines(20_000)
	for _, sh := range s.movable() {
		s.refuel(sh)
		if st := s.r.Ship(sh.Type); st.CarriesCargo() && !st.Armed() {
			s.haul(sh)
			continue
		}
		s.claim(sh)
	}
	s.build(scout, 60_000, 4)
	s.scanSauran(100_000)
}

// scout is the ship type the planet-taker builds: the cheapest that moves
// far (80 a turn, a tank for four turns).
const scout = 1

// claim sends the ship to the nearest planet in sight that no one holds
// and no other ship is sent to, within its reach this turn; with none,
// to one the turn finds (FP), when its whole move stays clear of the
// black hole.
func (s *sheet) claim(sh *model.Ship) {
	reach := s.reach(sh)
	if reach == 0 || s.moved[sh.ID] {
		return
	}
	var best *model.Planet
	for i := range s.k.ForeignPlanets {
		fp := &s.k.ForeignPlanets[i]
		if fp.Owner != 0 || fp.Kind != model.Independent || s.targeted[fp.ID] || !sh.Loc.Within(fp.Loc, reach) || !s.safe(fp.Loc) {
			continue
		}
		if best == nil || sh.Loc.Dist(fp.Loc) < sh.Loc.Dist(best.Loc) {
			best = fp
		}
	}
	if best != nil {
		s.targeted[best.ID] = true
		if best.Loc != sh.Loc {
			s.move(sh, "MP %d %d", sh.ID, best.ID)
		}
		return
	}
	st := s.r.Ship(sh.Type)
	clear := sh.Loc.Dist(geom.Origin) - st.Movement.N - s.r.GravityPull(s.turn) - s.r.GravityPull(s.turn+1)
	if sh.Fuel >= st.Movement.N && clear > s.r.Movement.DestructionRadius+5 {
		s.move(sh, "FP %d 0", sh.ID)
	}
}
