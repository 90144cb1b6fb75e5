package check

import (
	"fmt"
	"slices"

	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// Options are what a checker knows beside the sheet.
type Options struct {
	// Known is what the player knows of the game over all its turns (his
	// earlier sheets, his allies'). A planet or another player's ship it
	// knows and the sheet does not show is put in the checked world as
	// last known, so that an order naming it is checked against those
	// facts, with a warning that says how old they are, instead of
	// failing as unknown. nil: the sheet alone.
	Known *known.Known
}

// NewWith is New with what opt adds to the sheet.
func NewWith(r *rules.Rules, k *model.Knowledge, opt Options) *Checker {
	if opt.Known == nil {
		return New(r, k)
	}
	x := model.NewIndex(k)
	wk, rem := withRemembered(k, x, opt.Known)
	return &Checker{r: r, k: k, sheet: turn.NewSheet(r, wk), Index: x, remembered: rem}
}

// withRemembered is a shallow copy of k with the planets and other
// players' ships kn knows and k does not show, as last known on the
// sheet's turn or before, with those objects by key. Only what a sighting
// tells is put in (number, name, kind or type, owner, place): older
// figures would pass for the sheet's own. A planet last known as the
// player's own is no longer his (his sheet would show it): its owner is
// not known.
func withRemembered(k *model.Knowledge, x *model.Index, kn *known.Known) (*model.Knowledge, map[model.Key]known.Object) {
	rem := map[model.Key]known.Object{}
	c := *k
	c.ForeignPlanets = slices.Clone(k.ForeignPlanets)
	c.ForeignShips = slices.Clone(k.ForeignShips)
	me := k.Empire.Player
	for _, o := range kn.ObjectsAt(k.Turn) {
		switch {
		case o.Planet != nil && x.Planets[o.Key.ID] == nil:
			p := model.Planet{ID: o.Key.ID, Name: o.Planet.Name, Kind: o.Planet.Kind, Loc: o.Planet.Loc, Owner: o.Planet.Owner}
			if p.Owner == me {
				p.Owner = 0
			}
			c.ForeignPlanets = append(c.ForeignPlanets, p)
			rem[o.Key] = o
		case o.Ship != nil && x.Ships[o.Key.ID] == nil && o.Ship.Owner != me:
			s := o.Ship
			c.ForeignShips = append(c.ForeignShips, model.Ship{ID: s.ID, Name: s.Name, Type: s.Type, Owner: s.Owner, Loc: s.Loc})
			rem[o.Key] = o
		}
	}
	slices.SortStableFunc(c.ForeignPlanets, func(a, b model.Planet) int { return a.ID - b.ID })
	slices.SortStableFunc(c.ForeignShips, func(a, b model.Ship) int { return a.ID - b.ID })
	return &c, rem
}

// rememberedNotes adds to ds a warning for each order that names an object
// known only from before (or from an ally), ordered by order.
func (c *Checker) rememberedNotes(ds []Diagnostic, orders []order.Order) []Diagnostic {
	if len(c.remembered) == 0 {
		return ds
	}
	added := false
	for i, o := range orders {
		for _, key := range named(o) {
			r, ok := c.remembered[key]
			if !ok {
				continue
			}
			ds = append(ds, Diagnostic{Severity: Warning, Order: i, Code: "remembered",
				Message: rememberedText(r, c.k.Empire.Player)})
			added = true
		}
	}
	if added {
		slices.SortStableFunc(ds, func(a, b Diagnostic) int { return a.Order - b.Order })
	}
	return ds
}

// named is the planets and ships an order names beside its subject.
func named(o order.Order) []model.Key {
	var out []model.Key
	if o.SubjectKind() == order.PlanetSubject {
		out = append(out, model.PlanetKey(o.Subject()))
	}
	if p, ok := o.Arg(order.RolePlanet); ok && p != 0 {
		out = append(out, model.PlanetKey(p))
	}
	if s, ok := o.Target(); ok && s != 0 {
		out = append(out, model.ShipKey(s))
	}
	return out
}

func rememberedText(o known.Object, me int) string {
	what := "planet"
	if o.Key.Kind == model.KindShip {
		what = "ship"
	}
	s := fmt.Sprintf("%s %d, last seen on turn %d", what, o.Key.ID, o.Turn)
	if o.Source.Player != me {
		s += fmt.Sprintf(" on player %d's sheet", o.Source.Player)
	}
	return s + ": this sheet does not show it, so the order is checked against what was known then"
}
