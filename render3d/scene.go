package render3d

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Kind is what a body on the map is, which sets its colour.
type Kind uint8

// The kinds of bodies.
const (
	PlanetTrading Kind = iota
	PlanetOrigin
	PlanetMine
	PlanetAllied
	PlanetOther
	PlanetUnowned
	ShipMine
	ShipAllied
	ShipOther
	ShipSauran
	NumKinds
)

// IsShip reports whether the kind is a ship marker.
func (k Kind) IsShip() bool { return k >= ShipMine && k < NumKinds }

var kindNames = [NumKinds]string{"trading planet", "origin planet", "your planet", "allied planet",
	"other player's planet", "unowned planet", "your ships", "allied ships", "other players' ships", "Sauran's ships"}

func (k Kind) String() string { return kindNames[k] }

// Palette gives each kind its colour.
type Palette [NumKinds]color.NRGBA

// DefaultPalette is the map's colours: gold trading planets, green for what
// is yours, blue for allies, red for other players, purple for Sauran.
func DefaultPalette() Palette {
	return Palette{
		PlanetTrading: {255, 196, 64, 255},
		PlanetOrigin:  {64, 230, 140, 255},
		PlanetMine:    {110, 200, 120, 255},
		PlanetAllied:  {90, 150, 255, 255},
		PlanetOther:   {230, 90, 80, 255},
		PlanetUnowned: {150, 150, 165, 255},
		ShipMine:      {120, 255, 160, 255},
		ShipAllied:    {120, 180, 255, 255},
		ShipOther:     {255, 120, 90, 255},
		ShipSauran:    {200, 90, 255, 255},
	}
}

// Body is one marker on the map: a planet, or the ships of one owner side
// at one location (drawn as one marker with a count).
type Body struct {
	Key    string // "planet:12", "ships:mine:100,0,0"
	Kind   Kind
	Pos    Vec     // where it is drawn
	Radius float64 // drawn radius, in map units
	Label  string
	Count  int   // ships in the marker
	IDs    []int // planet number, or the ship numbers
	Loc    geom.Point
	// Age is how many turns ago the body was last seen: 0 on the sheet
	// shown; older ones are drawn dimmer (see remembered.go).
	Age int
	// Note, when set, is what the map says of the body under the pointer
	// (a point of a ship's trail, which has no label).
	Note string
	// Dot is set on a point of a ship's trail: it yields to every other
	// body under the pointer.
	Dot bool
}

// Map is everything the 3D view shows.
type Map struct {
	Bodies []Body
	Trails []Trail // where ships were seen on earlier turns
	// allied says which players are drawn as the player's allies (nil:
	// those his sheet lists); see FromKnowledgeAllied.
	allied func(player int) bool
}

// isAllied reports whether player p is drawn as an ally of k's player.
func (m *Map) isAllied(k *model.Knowledge, p int) bool {
	if m.allied != nil {
		return m.allied(p)
	}
	return k.Empire.HasAlly(p)
}

// Selection is what the view highlights: the body showing an object and
// the ranges of the selected ship (0 for none).
type Selection struct {
	Key       model.Key
	CommRange float64
	MoveRange float64
}

// BodyIndex returns the index of the body with key, or -1.
func (m *Map) BodyIndex(key string) int {
	for i := range m.Bodies {
		if m.Bodies[i].Key == key {
			return i
		}
	}
	return -1
}

// Object is the object a body stands for: its planet, or the first of its
// ships.
func (b *Body) Object() model.Key {
	switch {
	case len(b.IDs) == 0:
		return model.Key{}
	case b.Kind.IsShip():
		return model.ShipKey(b.IDs[0])
	}
	return model.PlanetKey(b.IDs[0])
}

// planetBody is the key of a planet's body.
func planetBody(id int) string { return model.PlanetKey(id).String() }

// Find returns the body showing a planet or a ship, or -1.
func (m *Map) Find(key model.Key) int {
	switch key.Kind {
	case model.KindPlanet:
		return m.BodyIndex(planetBody(key.ID))
	case model.KindShip:
		id := key.ID
		for i := range m.Bodies {
			if m.Bodies[i].Kind.IsShip() {
				for _, s := range m.Bodies[i].IDs {
					if s == id {
						return i
					}
				}
			}
		}
	}
	return -1
}

// PlanetRadius is the drawn radius of a planet: trading planets large,
// others by industry, those whose industry is unknown small.
func PlanetRadius(kind Kind, industry int, known bool) float64 {
	switch {
	case kind == PlanetTrading:
		return 6
	case !known:
		return 2.5
	}
	// Clamped both ways: a sheet from outside may hold any figure, and the
	// square root of a negative one would make the map's geometry NaN.
	return 2 + 4*math.Sqrt(math.Max(0, math.Min(float64(industry), 50000))/50000)
}

// shipLift raises ship markers above the planet they orbit, so that they
// are not hidden inside it.
const shipLift = 7

// FromKnowledge lays out the map of what a player knows, with the allies
// his sheet lists in the allies' colours.
func FromKnowledge(r *rules.Rules, k *model.Knowledge) *Map { return FromKnowledgeAllied(r, k, nil) }

// FromKnowledgeAllied lays out the map of what a player knows, with the
// players allied reports true of drawn in the allies' colours (nil: those
// his sheet lists), here and in what AddRemembered adds.
func FromKnowledgeAllied(r *rules.Rules, k *model.Knowledge, allied func(player int) bool) *Map {
	// The bodies in lists made at their size: a sheet may tell of tens of
	// thousands of objects.
	m := &Map{Bodies: make([]Body, 0, len(k.Trading)+len(k.Planets)+len(k.ForeignPlanets)+1), allied: allied}
	me := k.Empire.Player
	ally := func(p int) bool { return m.isAllied(k, p) }
	planetAt := map[geom.Point]float64{}
	addPlanet := func(p *model.Planet, kind Kind, known bool) {
		rad := PlanetRadius(kind, p.Industry, known)
		label := fmt.Sprint(p.ID)
		if p.Name != "" {
			label += " " + p.Name
		}
		m.Bodies = append(m.Bodies, Body{Key: planetBody(p.ID), Kind: kind, Pos: vec(p.Loc), Radius: rad,
			Label: label, IDs: []int{p.ID}, Loc: p.Loc})
		planetAt[p.Loc] = math.Max(planetAt[p.Loc], rad)
	}
	for i := range k.Trading {
		addPlanet(&k.Trading[i].Planet, PlanetTrading, true)
	}
	for i := range k.Planets {
		kind := PlanetMine
		if k.Planets[i].Kind == model.Origin {
			kind = PlanetOrigin
		}
		addPlanet(&k.Planets[i], kind, true)
	}
	seenPlanets := k.SeenPlanets()
	for i := range seenPlanets {
		p := &seenPlanets[i]
		kind := PlanetUnowned
		switch {
		case p.Owner == 0:
		case ally(p.Owner):
			kind = PlanetAllied
		default:
			kind = PlanetOther
		}
		addPlanet(p, kind, false)
	}
	type group struct {
		kind Kind
		loc  geom.Point
	}
	// Each ship's group by number, then the numbers of each group in one
	// list: a sheet may tell of tens of thousands of ships, one a place.
	seen := k.SeenShips()
	n := len(k.Ships) + len(seen)
	index := make(map[group]int, n)
	order := make([]group, 0, n)
	ofShip := make([]int, 0, n)
	idOf := make([]int, 0, n)
	add := func(s *model.Ship) {
		kind := ShipOther
		switch {
		case s.Owner == me:
			kind = ShipMine
		case s.Owner == r.Game.PlayerSauran:
			kind = ShipSauran
		case ally(s.Owner):
			kind = ShipAllied
		}
		g := group{kind, s.Loc}
		i, ok := index[g]
		if !ok {
			i = len(order)
			index[g] = i
			order = append(order, g)
		}
		ofShip, idOf = append(ofShip, i), append(idOf, s.ID)
	}
	for i := range k.Ships {
		add(&k.Ships[i])
	}
	for i := range seen {
		add(&seen[i])
	}
	start := make([]int, len(order)+1) // group i's numbers are ids[start[i]:start[i+1]]
	for _, g := range ofShip {
		start[g+1]++
	}
	for i := range order {
		start[i+1] += start[i]
	}
	ids, next := make([]int, len(idOf)), append([]int(nil), start[:len(order)]...)
	for j, g := range ofShip {
		ids[next[g]] = idOf[j]
		next[g]++
	}
	m.Bodies = slices.Grow(m.Bodies, len(order))
	for gi, g := range order {
		ids := ids[start[gi]:start[gi+1]:start[gi+1]]
		sort.Ints(ids)
		pos := vec(g.loc)
		if lift, ok := planetAt[g.loc]; ok {
			pos[2] += lift + shipLift
		}
		// Markers of different sides at one place stand side by side.
		pos[0] += float64(g.kind-ShipMine) * 3
		label := fmt.Sprint(ids[0])
		if len(ids) > 1 {
			label = fmt.Sprintf("%d ships", len(ids))
		}
		m.Bodies = append(m.Bodies, Body{Key: fmt.Sprintf("ships:%d:%v", g.kind, g.loc), Kind: g.kind, Pos: pos,
			Radius: 2.2 + math.Min(3, math.Log2(float64(len(ids)))), Label: label, Count: len(ids), IDs: ids, Loc: g.loc})
	}
	return m
}

func vec(p geom.Point) Vec { return Vec{float64(p.X), float64(p.Y), float64(p.Z)} }

// Points returns every body's position, for fitting the camera.
func (m *Map) Points() []Vec {
	ps := make([]Vec, len(m.Bodies))
	for i := range m.Bodies {
		ps[i] = m.Bodies[i].Pos
	}
	return ps
}
