package render3d

import (
	"fmt"
	"image/color"
	"math"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// What a player saw on earlier sheets and not on the one shown is drawn
// where it was last seen, dimmer the longer ago that was; where ships
// went over the last turns is drawn as trails, a dot at each turn's place.

// Faded is colour c of a body last seen age turns ago: mixed toward the
// background, the more the older, down to a floor at which it can still
// be made out.
func Faded(c color.NRGBA, age int) color.NRGBA {
	if age <= 0 {
		return c
	}
	k := math.Max(0.25, 0.6-0.05*float64(age-1))
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a)*k + float64(b)*(1-k))) }
	return color.NRGBA{mix(c.R, Background.R), mix(c.G, Background.G), mix(c.B, Background.B), c.A}
}

// color is the body's colour: its kind's, faded by its age.
func (b *Body) color(pal Palette) color.NRGBA { return Faded(pal[b.Kind], b.Age) }

// OldPlanet is a planet not on the sheet shown, as last seen.
type OldPlanet struct {
	ID       int
	Name     string
	Owner    int
	Loc      geom.Point
	Trading  bool
	Own      bool // was the player's, with Industry known
	Industry int
	Age      int // turns since it was seen
}

// OldShip is a foreign ship not on the sheet shown, as last seen.
type OldShip struct {
	ID, Owner int
	Loc       geom.Point
	Age       int
}

// TrailPoint is where a ship was seen on one turn.
type TrailPoint struct {
	Turn int
	Loc  geom.Point
	Age  int // turns before the turn shown
}

// Trail is where one ship was seen on the last turns, oldest first.
type Trail struct {
	Ship, Owner int
	Kind        Kind
	Points      []TrailPoint
}

// ShipKind is the kind of marker of a ship of player owner, to player k
// (the allies his sheet lists).
func ShipKind(r *rules.Rules, k *model.Knowledge, owner int) Kind {
	return (&Map{}).ShipKind(r, k, owner)
}

// ShipKind is the kind of marker of a ship of player owner on the map of
// player k, with the map's allies.
func (m *Map) ShipKind(r *rules.Rules, k *model.Knowledge, owner int) Kind {
	switch {
	case owner == k.Empire.Player:
		return ShipMine
	case owner == r.Game.PlayerSauran:
		return ShipSauran
	case m.isAllied(k, owner):
		return ShipAllied
	}
	return ShipOther
}

func (m *Map) oldPlanetKind(k *model.Knowledge, p *OldPlanet) Kind {
	switch {
	case p.Trading:
		return PlanetTrading
	case p.Owner == 0:
		return PlanetUnowned
	case p.Owner == k.Empire.Player:
		return PlanetMine
	case m.isAllied(k, p.Owner):
		return PlanetAllied
	}
	return PlanetOther
}

// AddRemembered adds what k's sheet does not show but earlier ones did:
// planets and foreign ships where they were last seen, dimmed by their
// age, and the ships' trails with a small unlabelled body at each point
// (which names the ship and the turn under the pointer).
func (m *Map) AddRemembered(r *rules.Rules, k *model.Knowledge, planets []OldPlanet, ships []OldShip, trails []Trail) {
	for i := range planets {
		p := &planets[i]
		kind := m.oldPlanetKind(k, p)
		label := fmt.Sprint(p.ID)
		if p.Name != "" {
			label += " " + p.Name
		}
		m.Bodies = append(m.Bodies, Body{Key: planetBody(p.ID), Kind: kind, Pos: vec(p.Loc),
			Radius: PlanetRadius(kind, p.Industry, p.Own), Label: label, IDs: []int{p.ID}, Loc: p.Loc, Age: p.Age})
	}
	lift := m.planetLifts()
	type group struct {
		kind Kind
		loc  geom.Point
		age  int
	}
	groups := map[group][]int{}
	var order []group
	for _, s := range ships {
		g := group{m.ShipKind(r, k, s.Owner), s.Loc, s.Age}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], s.ID)
	}
	for _, g := range order {
		ids := groups[g]
		label := fmt.Sprint(ids[0])
		if len(ids) > 1 {
			label = fmt.Sprintf("%d ships", len(ids))
		}
		pos := lift(g.loc)
		pos[0] += float64(g.kind-ShipMine)*3 - 1.5 // beside any marker of the sheet shown
		m.Bodies = append(m.Bodies, Body{Key: fmt.Sprintf("old:%d:%d:%v", g.age, g.kind, g.loc), Kind: g.kind, Pos: pos,
			Radius: 2 + math.Min(3, math.Log2(float64(len(ids)))), Label: label, Count: len(ids), IDs: ids, Loc: g.loc, Age: g.age})
	}
	for _, t := range trails {
		for _, p := range t.Points {
			if p.Age == 0 {
				continue // the ship's own marker
			}
			m.Bodies = append(m.Bodies, Body{Key: fmt.Sprintf("trail:%d:%d", t.Ship, p.Turn), Kind: t.Kind, Pos: lift(p.Loc),
				Radius: 1, IDs: []int{t.Ship}, Loc: p.Loc, Age: p.Age, Dot: true,
				Note: fmt.Sprintf("ship %d on turn %d at %v", t.Ship, p.Turn, p.Loc)})
		}
	}
	m.Trails = append(m.Trails, trails...)
}

// planetLifts returns where a ship marker at a place is drawn: above the
// planet there, if any.
func (m *Map) planetLifts() func(geom.Point) Vec {
	at := map[geom.Point]float64{}
	for i := range m.Bodies {
		if b := &m.Bodies[i]; !b.Kind.IsShip() {
			at[b.Loc] = math.Max(at[b.Loc], b.Radius)
		}
	}
	return func(p geom.Point) Vec {
		v := vec(p)
		if r, ok := at[p]; ok {
			v[2] += r + shipLift
		}
		return v
	}
}

// trailSegments are the lines of the trails, each leg dimmed by the age of
// its older end.
func trailSegments(m *Map, pal Palette) []segment {
	if m == nil {
		return nil
	}
	lift := m.planetLifts()
	var out []segment
	for _, t := range m.Trails {
		for i := 1; i < len(t.Points); i++ {
			a, b := t.Points[i-1], t.Points[i]
			if a.Loc != b.Loc {
				out = append(out, segment{lift(a.Loc), lift(b.Loc), Faded(pal[t.Kind], a.Age+1)})
			}
		}
	}
	return out
}
