package turn

import (
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Mode says what a turn is carried out for.
type Mode uint8

// The modes.
const (
	// Host is the moderator's turn: the whole game, every empire's orders.
	Host Mode = iota
	// Check runs one player's orders on what he knows, to find what would
	// fail; what he does not know (others' ships and planets, the trading
	// planets' stocks) is taken as it is shown, and not counted against him.
	Check
)

// World is a game with the indexes the steps need. Ships destroyed in the
// turn stay in the game's list, marked gone, until the turn's end, so that
// the indexes stay valid; ships built are added at the end of the list.
type World struct {
	R    *rules.Rules
	G    *model.Game
	Mode Mode
	// Me is, in Check mode, the player whose orders are checked; the
	// scanned planet is the one other planet whose figures he knows.
	Me      int
	Scanned int
	// SheetFleets are, in a check, the player's fleets as his sheet numbers
	// them (fleet orders name these).
	SheetFleets []model.Fleet

	base     *index // shared by the worlds cloned from one
	newShips map[int]int
	gone     map[int]bool
	at       map[geom.Point][]int // planet indexes by place
	empire   idIndex
	officers map[int]*model.Officer // by number, into G.Officers
	inside   map[int][]int          // carrier → the ships docked in it
	topShip  int                    // the highest ship number given, once known
}

// index is what stays the same through a turn: numbers to places in the
// game's lists.
type index struct {
	ship, planet, officer, artifact idIndex
}

// idIndex finds an item's place in its list by number: a table when the
// numbers are dense, as a game's are, else a map.
type idIndex struct {
	dense  []int32 // by number: place+1, 0 for none
	sparse map[int]int
}

func newIDIndex(n int, id func(i int) int) idIndex {
	top := 0
	for i := 0; i < n; i++ {
		top = max(top, id(i))
	}
	var x idIndex
	if top < 4*n+1024 && n < 1<<30 {
		x.dense = make([]int32, top+1)
		for i := 0; i < n; i++ {
			if v := id(i); v >= 0 {
				x.dense[v] = int32(i + 1)
			}
		}
		ok := true
		for i := 0; i < n && ok; i++ {
			ok = id(i) >= 0
		}
		if ok {
			return x
		}
		x.dense = nil
	}
	x.sparse = make(map[int]int, n)
	for i := 0; i < n; i++ {
		x.sparse[id(i)] = i
	}
	return x
}

func (x idIndex) get(id int) (int, bool) {
	if x.dense != nil {
		if id < 0 || id >= len(x.dense) || x.dense[id] == 0 {
			return 0, false
		}
		return int(x.dense[id]) - 1, true
	}
	i, ok := x.sparse[id]
	return i, ok
}

func buildIndex(g *model.Game) *index {
	return &index{
		ship:     newIDIndex(len(g.Ships), func(i int) int { return g.Ships[i].ID }),
		planet:   newIDIndex(len(g.Planets), func(i int) int { return g.Planets[i].ID }),
		officer:  newIDIndex(len(g.Officers), func(i int) int { return g.Officers[i].ID }),
		artifact: newIDIndex(len(g.Artifacts), func(i int) int { return g.Artifacts[i].ID }),
	}
}

// NewWorld indexes g for a turn in the given mode.
func NewWorld(r *rules.Rules, g *model.Game, mode Mode) *World {
	w := &World{R: r, G: g, Mode: mode, base: buildIndex(g)}
	w.reindex()
	return w
}

// Clone makes a world on a copy of w's game that shares w's indexes: the
// checker clones the world of a sheet once for each check. Lists are
// copied; the slices inside their items (fleets' ships, empires' allies)
// are shared and must be replaced, not changed in place.
func (w *World) Clone() *World {
	g := *w.G
	g.Ships = append([]model.Ship(nil), w.G.Ships...)
	g.Planets = append([]model.Planet(nil), w.G.Planets...)
	g.Officers = append([]model.Officer(nil), w.G.Officers...)
	g.Mines = append([]model.Mine(nil), w.G.Mines...)
	g.Artifacts = append([]model.Artifact(nil), w.G.Artifacts...)
	g.Empires = append([]model.Empire(nil), w.G.Empires...)
	g.Rings = append([]model.RingSighting(nil), w.G.Rings...) // a ring's move sorts them in place
	g.Markets = make(map[int]model.Market, len(w.G.Markets))
	for k, v := range w.G.Markets { // any order: a copy
		g.Markets[k] = v
	}
	c := &World{R: w.R, G: &g, Mode: w.Mode, Me: w.Me, Scanned: w.Scanned, SheetFleets: w.SheetFleets, base: w.base}
	// The planets stand where they stood: their places are shared until a
	// turn's end moves them (placePlanets makes a new map).
	c.at = w.at
	c.reindexShips()
	return c
}

// CopyFrom makes w (a clone of from, or of the same base) the same as from
// again, reusing w's memory: a checker checks the same sheet over and over.
func (w *World) CopyFrom(from *World) {
	w.copyFrom(from, func(g *model.Game, ships []model.Ship, planets []model.Planet) {
		g.Ships = append(ships, from.G.Ships...)
		g.Planets = append(planets, from.G.Planets...)
	})
}

// copyFrom is CopyFrom with the ships and planets filled in by fill, given
// w's lists emptied for reuse.
func (w *World) copyFrom(from *World, fill func(g *model.Game, ships []model.Ship, planets []model.Planet)) {
	g := w.G
	ships, planets, officers, mines, arts, emps := g.Ships, g.Planets, g.Officers, g.Mines, g.Artifacts, g.Empires
	markets, rings := g.Markets, g.Rings
	*g = *from.G
	fill(g, ships[:0], planets[:0])
	g.Officers = append(officers[:0], from.G.Officers...)
	g.Mines = append(mines[:0], from.G.Mines...)
	g.Artifacts = append(arts[:0], from.G.Artifacts...)
	g.Empires = append(emps[:0], from.G.Empires...)
	g.Rings = append(rings[:0], from.G.Rings...) // a ring's move sorts them in place
	if markets == nil {
		markets = map[int]model.Market{}
	}
	clear(markets)
	for k, v := range from.G.Markets { // any order: a copy
		markets[k] = v
	}
	g.Markets = markets
	w.R, w.Mode, w.Me, w.Scanned, w.SheetFleets, w.base, w.at = from.R, from.Mode, from.Me, from.Scanned, from.SheetFleets, from.base, from.at
	w.reindexShips()
}

// reindex rebuilds what changes within a turn.
func (w *World) reindex() {
	w.reindexShips()
	w.placePlanets()
}

// reindexShips rebuilds the indexes of ships, empires and officers.
func (w *World) reindexShips() {
	w.topShip = 0
	w.newShips = nil
	w.gone = reset(w.gone)
	w.empire = newIDIndex(len(w.G.Empires), func(i int) int { return w.G.Empires[i].Player })
	w.officers = reset(w.officers)
	for i := range w.G.Officers {
		w.officers[w.G.Officers[i].ID] = &w.G.Officers[i]
	}
	w.inside = reset(w.inside)
	for i := range w.G.Ships {
		if s := &w.G.Ships[i]; s.Inside != 0 {
			w.inside[s.Inside] = append(w.inside[s.Inside], s.ID)
		}
	}
}

// reset empties a map for reuse, or makes one.
func reset[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	clear(m)
	return m
}

// Carried lists the live ships docked in ship id, by number.
func (w *World) Carried(id int) []*model.Ship {
	ids := w.inside[id]
	if len(ids) == 0 {
		return nil
	}
	out := make([]*model.Ship, 0, len(ids))
	for _, c := range ids {
		if s := w.Ship(c); s != nil && s.Inside == id {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Dock docks ship s in ship carrier (0: releases it).
func (w *World) Dock(s *model.Ship, carrier int) {
	if s.Inside != 0 {
		w.inside[s.Inside] = without(w.inside[s.Inside], s.ID)
	}
	s.Inside = carrier
	if carrier != 0 {
		w.inside[carrier] = append(w.inside[carrier], s.ID)
	}
}

// placePlanets files the planets by place (again after they moved).
func (w *World) placePlanets() {
	w.at = planetPlaces(len(w.G.Planets), func(i int) geom.Point { return w.G.Planets[i].Loc })
}

// planetPlaces files n planets' indexes by their places.
func planetPlaces(n int, loc func(i int) geom.Point) map[geom.Point][]int {
	at := make(map[geom.Point][]int, n)
	for i := 0; i < n; i++ {
		at[loc(i)] = append(at[loc(i)], i)
	}
	return at
}

// Ship returns ship id, or nil when there is none (or it was destroyed).
func (w *World) Ship(id int) *model.Ship {
	if len(w.gone) > 0 && w.gone[id] {
		return nil
	}
	if i, ok := w.base.ship.get(id); ok && i < len(w.G.Ships) && w.G.Ships[i].ID == id {
		return &w.G.Ships[i]
	}
	if i, ok := w.newShips[id]; ok {
		return &w.G.Ships[i]
	}
	return nil
}

// Planet returns planet id, or nil.
func (w *World) Planet(id int) *model.Planet {
	if i, ok := w.base.planet.get(id); ok && i < len(w.G.Planets) && w.G.Planets[i].ID == id {
		return &w.G.Planets[i]
	}
	return nil
}

// PlanetAt returns the planet at loc, or nil. (No two planets share a
// place: they are generated at least ten positions apart.)
func (w *World) PlanetAt(loc geom.Point) *model.Planet {
	for _, i := range w.at[loc] {
		if p := &w.G.Planets[i]; p.Loc == loc {
			return p
		}
	}
	return nil
}

// Empire returns player p's empire, or nil.
func (w *World) Empire(p int) *model.Empire {
	if i, ok := w.empire.get(p); ok {
		return &w.G.Empires[i]
	}
	return nil
}

// Officer returns officer id, or nil.
func (w *World) Officer(id int) *model.Officer {
	if id == 0 {
		return nil
	}
	return w.officers[id]
}

// Officers maps officer numbers to officers, for the model's ranges.
func (w *World) Officers() map[int]*model.Officer { return w.officers }

// Artifact returns artifact id, or nil.
func (w *World) Artifact(id int) *model.Artifact {
	if i, ok := w.base.artifact.get(id); ok && i < len(w.G.Artifacts) && w.G.Artifacts[i].ID == id {
		return &w.G.Artifacts[i]
	}
	return nil
}

// Known reports whether the player of a check knows a planet's figures:
// always on the host; in a check, for his own planets and the one he
// scanned.
func (w *World) Known(p *model.Planet) bool {
	return w.Mode == Host || p.Owner == w.Me || p.ID == w.Scanned
}

// KnownShip reports whether a ship's figures (fuel, cargo, damage) are
// known: always on the host; in a check, for his own ships.
func (w *World) KnownShip(s *model.Ship) bool { return w.Mode == Host || s.Owner == w.Me }

// Live calls f for every ship not destroyed, in the list's order.
func (w *World) Live(f func(s *model.Ship)) {
	if len(w.gone) == 0 {
		for i := range w.G.Ships {
			f(&w.G.Ships[i])
		}
		return
	}
	for i := range w.G.Ships {
		if s := &w.G.Ships[i]; !w.gone[s.ID] {
			f(s)
		}
	}
}

// addShip adds a ship built in the turn.
func (w *World) addShip(s model.Ship) *model.Ship {
	if w.newShips == nil {
		w.newShips = map[int]int{}
	}
	w.G.Ships = append(w.G.Ships, s)
	w.newShips[s.ID] = len(w.G.Ships) - 1
	return &w.G.Ships[len(w.G.Ships)-1]
}

// nextShipID is the number a new ship gets.
func (w *World) nextShipID() int {
	if w.topShip == 0 {
		for i := range w.G.Ships {
			w.topShip = max(w.topShip, w.G.Ships[i].ID)
		}
	}
	w.topShip++
	return w.topShip
}

// Allied reports whether player a counts b as an ally.
func (w *World) Allied(a, b int) bool {
	if e := w.Empire(a); e != nil {
		return e.HasAlly(b)
	}
	return false
}

// Owner of an officer: the owner of the ship or planet he is on.
func (w *World) officerOwner(o *model.Officer) int {
	if o.Ship != 0 {
		if s := w.Ship(o.Ship); s != nil {
			return s.Owner
		}
		return 0
	}
	if p := w.Planet(o.Planet); p != nil {
		return p.Owner
	}
	return 0
}

// level is the current level in ability a of the officer commanding s.
func (w *World) level(s *model.Ship, a int) int {
	if s == nil || s.Officer == 0 {
		return 0
	}
	if o := w.Officer(s.Officer); o != nil {
		return o.Current.Of(a)
	}
	return 0
}

// planetLevel is the current level in ability a of the officer on p.
func (w *World) planetLevel(p *model.Planet, a int) int {
	if p == nil || p.Officer == 0 {
		return 0
	}
	if o := w.Officer(p.Officer); o != nil {
		return o.Current.Of(a)
	}
	return 0
}

// special is the figure of a special ability of player p's with the
// effect, and whether he has one.
func (w *World) special(p int, effect string) (int, bool) {
	e := w.Empire(p)
	if e == nil {
		return 0, false
	}
	return model.SpecialPercent(w.R, e.Abilities, effect)
}

// abilities are player p's special abilities.
func (w *World) abilities(p int) []model.SpecialAbility {
	if e := w.Empire(p); e != nil {
		return e.Abilities
	}
	return nil
}

// MoveRange is a ship's movement range: its type's, with its officer's
// Navigation and its empire's special abilities.
func (w *World) MoveRange(s *model.Ship) int {
	return model.ShipMoveRange(w.R, s, w.level(s, model.AbilityNavigation), w.abilities(s.Owner))
}

// CommRange is a ship's communication range, likewise: the figure the
// sheet's nearby lists use too (model.CommRange).
func (w *World) CommRange(s *model.Ship) int {
	return model.ShipCommRange(w.R, s, w.level(s, model.AbilityIntelligence), w.abilities(s.Owner))
}

// shipsAt lists the live ships at loc, by number.
func (w *World) shipsAt(loc geom.Point) []*model.Ship {
	var out []*model.Ship
	w.Live(func(s *model.Ship) {
		if s.Loc == loc {
			out = append(out, s)
		}
	})
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// compact drops the ships destroyed in the turn, and what was aboard.
func (w *World) compact() {
	if len(w.gone) == 0 {
		return
	}
	ships := w.G.Ships[:0]
	for _, s := range w.G.Ships {
		if !w.gone[s.ID] {
			ships = append(ships, s)
		}
	}
	w.G.Ships = ships
	officers := w.G.Officers[:0]
	for _, o := range w.G.Officers {
		if o.Ship != 0 && w.gone[o.Ship] {
			continue
		}
		officers = append(officers, o)
	}
	w.G.Officers = officers
	w.base = buildIndex(w.G)
	w.reindex()
}
