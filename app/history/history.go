package history

import (
	"fmt"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// Planet is a planet as it was seen on a sheet: the figures the sheet
// gives (industry and population only for the player's own planets).
type Planet struct {
	ID         int
	Name       string
	Kind       model.PlanetKind
	Owner      int
	Loc        geom.Point
	Industry   int
	Population int
	Own        bool // the player's own planet on that sheet
	Trading    bool // a trading planet
	// Turn is the turn of the last sheet that showed the planet (as of
	// the turn asked about).
	Turn int
}

// Ship is a foreign ship as it was seen: what a sheet tells of another
// player's ship.
type Ship struct {
	ID    int
	Name  string
	Type  int
	Owner int
	Loc   geom.Point
	Turn  int // the turn of the last sheet that showed it
}

// Sighting is where a ship was on one turn's sheet.
type Sighting struct {
	Turn int
	Loc  geom.Point
}

// Track is where one ship, the player's own or another's, was seen, oldest
// sighting first.
type Track struct {
	Ship   int
	Owner  int // as last seen
	Own    bool
	Points []Sighting
}

// run is an object seen unchanged on consecutive sheets: the first and the
// last of them.
type run[T comparable] struct {
	from, to int
	v        T
}

// History is the merged knowledge of a player's sheets of one game. Add
// the sheets oldest first; ask about any turn up to the newest added.
type History struct {
	Game   string
	Player int
	turns  []int // the turns of the sheets added, ascending

	planets map[int][]run[Planet]
	ships   map[int][]run[Ship] // foreign ships
	tracks  map[int]*Track
}

// New is an empty history of player's sheets of game.
func New(game string, player int) *History {
	return &History{Game: game, Player: player, planets: map[int][]run[Planet]{},
		ships: map[int][]run[Ship]{}, tracks: map[int]*Track{}}
}

// Turns lists the turns of the sheets added, oldest first.
func (h *History) Turns() []int { return append([]int(nil), h.turns...) }

// Newest is the turn of the newest sheet added, 0 when none is.
func (h *History) Newest() int {
	if len(h.turns) == 0 {
		return 0
	}
	return h.turns[len(h.turns)-1]
}

// Add merges one sheet's knowledge. Sheets must come oldest first, each of
// the history's game and player and a later turn than the last.
func (h *History) Add(k *model.Knowledge) error {
	if k.Game != h.Game || k.Empire.Player != h.Player {
		return fmt.Errorf("turn %d: the sheet is player %d's of %q, not player %d's of %q",
			k.Turn, k.Empire.Player, k.Game, h.Player, h.Game)
	}
	prev := h.Newest()
	if len(h.turns) > 0 && k.Turn <= prev {
		return fmt.Errorf("turn %d: sheets must be added oldest first (turn %d was added)", k.Turn, prev)
	}
	t := k.Turn
	h.turns = append(h.turns, t)
	seenP := map[int]bool{}
	addPlanet := func(p Planet) {
		if seenP[p.ID] {
			return // the fuller entry came first
		}
		seenP[p.ID] = true
		h.planets[p.ID] = extend(h.planets[p.ID], p, t, prev)
	}
	for i := range k.Planets {
		addPlanet(planetOf(&k.Planets[i], true, false))
	}
	for i := range k.Trading {
		addPlanet(planetOf(&k.Trading[i].Planet, false, true))
	}
	for _, p := range k.SeenPlanets() {
		addPlanet(planetOf(&p, false, false))
	}
	for i := range k.Ships {
		h.sight(&k.Ships[i], t, true)
	}
	for _, s := range k.SeenShips() {
		h.ships[s.ID] = extend(h.ships[s.ID], Ship{ID: s.ID, Name: s.Name, Type: s.Type, Owner: s.Owner, Loc: s.Loc}, t, prev)
		h.sight(&s, t, false)
	}
	return nil
}

func planetOf(p *model.Planet, own, trading bool) Planet {
	out := Planet{ID: p.ID, Name: p.Name, Kind: p.Kind, Owner: p.Owner, Loc: p.Loc, Own: own, Trading: trading}
	if own {
		out.Industry, out.Population = p.Industry, p.Population
	}
	return out
}

// extend adds a sighting of v on turn t: the last run goes on when v is
// unchanged and was seen on the sheet before (turn prev).
func extend[T comparable](runs []run[T], v T, t, prev int) []run[T] {
	if n := len(runs); n > 0 && runs[n-1].to == prev && runs[n-1].v == v {
		runs[n-1].to = t
		return runs
	}
	return append(runs, run[T]{from: t, to: t, v: v})
}

func (h *History) sight(s *model.Ship, t int, own bool) {
	tr := h.tracks[s.ID]
	if tr == nil {
		tr = &Track{Ship: s.ID}
		h.tracks[s.ID] = tr
	}
	tr.Owner, tr.Own = s.Owner, own
	tr.Points = append(tr.Points, Sighting{Turn: t, Loc: s.Loc})
}

// lastSheet is the turn of the newest sheet on or before turn t that falls
// within [from, to], or 0.
func (h *History) lastSheet(from, to, t int) int {
	t = min(t, to)
	i := sort.SearchInts(h.turns, t+1) - 1
	if i < 0 || h.turns[i] < from {
		return 0
	}
	return h.turns[i]
}

// at is the object as last seen on or before turn t, with that turn.
func at[T comparable](h *History, runs []run[T], t int) (T, int, bool) {
	for i := len(runs) - 1; i >= 0; i-- {
		if runs[i].from > t {
			continue
		}
		if seen := h.lastSheet(runs[i].from, runs[i].to, t); seen > 0 {
			return runs[i].v, seen, true
		}
	}
	var zero T
	return zero, 0, false
}

// Planet is planet id as last seen on a sheet of turn t or before.
func (h *History) Planet(id, t int) (Planet, bool) {
	p, seen, ok := at(h, h.planets[id], t)
	p.Turn = seen
	return p, ok
}

// Ship is foreign ship id as last seen on a sheet of turn t or before.
func (h *History) Ship(id, t int) (Ship, bool) {
	s, seen, ok := at(h, h.ships[id], t)
	s.Turn = seen
	return s, ok
}

// Planets lists every planet seen on a sheet of turn t or before, as last
// seen, by number.
func (h *History) Planets(t int) []Planet {
	out := make([]Planet, 0, len(h.planets))
	for _, id := range sortedKeys(h.planets) {
		if p, ok := h.Planet(id, t); ok {
			out = append(out, p)
		}
	}
	return out
}

// Ships lists every foreign ship seen on a sheet of turn t or before, as
// last seen, by number.
func (h *History) Ships(t int) []Ship {
	out := make([]Ship, 0, len(h.ships))
	for _, id := range sortedKeys(h.ships) {
		if s, ok := h.Ship(id, t); ok {
			out = append(out, s)
		}
	}
	return out
}

// Tracks lists, by ship number, where each ship was seen on the sheets of
// the n turns up to turn t (turns t-n+1 to t), for ships seen on at least
// two of them.
func (h *History) Tracks(t, n int) []Track {
	var out []Track
	for _, id := range sortedKeys(h.tracks) {
		tr := h.tracks[id]
		lo := sort.Search(len(tr.Points), func(i int) bool { return tr.Points[i].Turn > t-n })
		hi := sort.Search(len(tr.Points), func(i int) bool { return tr.Points[i].Turn > t })
		if hi-lo < 2 {
			continue
		}
		out = append(out, Track{Ship: tr.Ship, Owner: tr.Owner, Own: tr.Own, Points: tr.Points[lo:hi:hi]})
	}
	return out
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}
