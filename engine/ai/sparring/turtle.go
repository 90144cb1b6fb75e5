package sparring

import "silverfall/engine/model"

// turtle plays the turtle: its armed ships go home and guard the origin,
// its planets buy defence units and keep them active, it buys
// interceptors against scans and raids, and starts mines; little else.
func turtle(s *sheet) {
	s.mines(20_000)
	for _, sh := range s.movable() {
		s.refuel(sh)
		if st := s.r.Ship(sh.Type); st.Armed() && s.origin != nil && !s.moved[sh.ID] {
			if sh.Loc == s.origin.Loc {
				s.move(sh, "DF %d 0", sh.ID)
			} else if sh.Fuel > 0 {
				s.move(sh, "MP %d %d", sh.ID, s.origin.ID)
			}
		}
	}
	// What it buys leaves the credits for three turns of the pay the tax
	// does not cover.
	keep := 20_000 + 3*s.deficit(0)
	ir := s.r.Interceptors
	if n := min(10, ir.Max-s.k.Empire.Interceptors); n > 0 && s.pay(n*ir.Cost, keep+3*n*ir.PayPerTurn) {
		s.add("PI %d", n)
	}
	for i := range s.k.Planets {
		s.fortify(&s.k.Planets[i], keep)
	}
}

// fortify buys the planet the defence units a turn allows, as far as its
// industry and the credits above keep go, and keeps them active.
func (s *sheet) fortify(pl *model.Planet, keep int) {
	pd := s.r.PlanetDefence
	if pl.Kind == model.Trading || pl.Population < pd.MinPopulation {
		return
	}
	n := min(pd.MaxPerTurn, pd.MaxPerPlanet-pl.DefenceUnits, pl.Industry/pd.IndustryPerUnit, max(0, s.credits-keep)/pd.UnitCost)
	if n > 0 && s.pay(n*pd.UnitCost, keep) {
		s.add("BU %d %d", pl.ID, n)
	}
	if (pl.DefenceUnits > 0 || n > 0) && !pl.DefenceActive {
		s.add("AD %d", pl.ID)
	}
}
