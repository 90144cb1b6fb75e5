package ai

import (
	"fmt"
	"strings"
)

// Words the computer names its ships, planets and officers from. A name
// comes from the thing's number, so it is the same whoever asks, and the
// number in it keeps names apart.
var (
	shipWords   = []string{"Arrow", "Lance", "Comet", "Falcon", "Warden", "Drifter", "Spark", "Vigil", "Harrier", "Pilgrim", "Ember", "Corsair"}
	planetWords = []string{"Haven", "Reach", "Hold", "Crest", "Hollow", "Mark", "Rest", "Gate", "Spire", "Vale"}
	officerName = []string{"Arlen", "Brisa", "Corvin", "Dara", "Elso", "Fenna", "Galt", "Hesper", "Idra", "Joran", "Kestel", "Lumi"}
)

// names names the empire's unnamed ships, planets and officers, as a
// player does on the sheet.
func (p *planner) names() {
	e := p.k.Empire.Name
	if i := strings.IndexByte(e, ' '); i > 0 {
		e = e[:i]
	}
	nm := p.r.Naming
	for _, s := range p.k.Ships {
		if s.Name == "" {
			p.add("NAME SHIP %d %s", s.ID, clip(fmt.Sprintf("%s %s %d", e, shipWords[s.ID%len(shipWords)], s.ID), nm.ShipLength))
		}
	}
	for _, pl := range p.k.Planets {
		if pl.Name == "" {
			p.add("NAME PLANET %d %s", pl.ID, clip(fmt.Sprintf("%s %s %d", e, planetWords[pl.ID%len(planetWords)], pl.ID), nm.PlanetLength))
		}
	}
	for _, o := range p.k.Officers {
		if o.Name == "" {
			p.add("NAME OFFICER %d %s", o.ID, clip(fmt.Sprintf("%s%d", officerName[o.ID%len(officerName)], o.ID), nm.OfficerLength))
		}
	}
}

// clip keeps the end of a name (its number) when it is too long.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimSpace(s[len(s)-n:])
}
