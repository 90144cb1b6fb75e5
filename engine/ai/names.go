package ai

import "silverfall/engine/names"

// names names the empire's unnamed ships, planets and officers, as a
// player does on the sheet, with the names the turn would give them
// (engine/names).
func (p *planner) names() {
	e := p.k.Empire.Name
	nm := p.r.Naming
	for _, s := range p.k.Ships {
		if s.Name == "" {
			p.add("NAME SHIP %d %s", s.ID, names.Ship(e, s.ID, nm.ShipLength))
		}
	}
	for _, pl := range p.k.Planets {
		if pl.Name == "" {
			p.add("NAME PLANET %d %s", pl.ID, names.Planet(e, pl.ID, nm.PlanetLength))
		}
	}
	for _, o := range p.k.Officers {
		if o.Name == "" {
			p.add("NAME OFFICER %d %s", o.ID, names.Officer(o.ID, nm.OfficerLength))
		}
	}
}
