package app

import (
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/render3d"
)

// allySightings are the planets and ships that, as of the game's turn,
// only the allies' sheets in k show: on neither the game's own sheet nor
// among what its own earlier sheets remember. Each planet's name says
// whose sheet showed it; the age is the turns since that sheet.
func allySightings(g *Game, k *known.Known) ([]render3d.OldPlanet, []render3d.OldShip) {
	if g == nil || k == nil || k.Game != g.K.Game || k.Player != g.K.Empire.Player {
		return nil, nil
	}
	t := g.K.Turn
	var planets []render3d.OldPlanet
	var ships []render3d.OldShip
	for _, o := range k.AllyOnly(t) {
		if g.memory != nil {
			if _, mine := g.memory.byKey[o.Key]; mine {
				continue
			}
		}
		age := max(t-o.Turn, 0)
		switch o.Key.Kind {
		case model.KindPlanet:
			if _, now := g.Planets[o.Key.ID]; now {
				continue
			}
			p := render3d.OldPlanet{ID: o.Key.ID, Name: o.Name, Owner: o.Owner, Loc: o.Loc, Age: age}
			if o.Planet != nil {
				p.Trading = o.Planet.Kind == model.Trading
			}
			p.Name = allyLabel(p.Name, o.Source)
			planets = append(planets, p)
		case model.KindShip:
			if _, now := g.Ships[o.Key.ID]; now {
				continue
			}
			ships = append(ships, render3d.OldShip{ID: o.Key.ID, Owner: o.Owner, Loc: o.Loc, Age: age})
		}
	}
	return planets, ships
}

// allyLabel is a name with the source that showed it: "Vega (player 4's
// sheet, turn 3)".
func allyLabel(name string, s known.Source) string {
	if name == "" {
		return "(" + s.String() + ")"
	}
	return name + " (" + s.String() + ")"
}

// addAllySightings puts what only the allies see on g's map, laid out
// afresh just before.
func addAllySightings(g *Game, k *known.Known) {
	planets, ships := allySightings(g, k)
	if len(planets)+len(ships) > 0 {
		g.Map.AddRemembered(g.R, g.K, planets, ships, nil)
	}
}
