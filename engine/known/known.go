package known

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// Known is what one player of one game knows, merged from his own sheets
// and his allies' sheets, added in any order of turns.
//
// It keeps, for each object, runs of turns on which one source showed the
// same facts (a planet seen unchanged for twenty turns is one run), never
// a copy of a sheet: a long game of many players stays a few MB.
type Known struct {
	Game   string
	Player int

	sheets  []Source // every sheet added, by turn then player
	objects map[model.Key][]run
	keys    []model.Key // the keys of objects, sorted; nil when to be made again
}

// run is an object shown with the same facts by one kind of source of one
// player on every turn from..to.
type run struct {
	from, to int32
	player   int32 // whose sheet
	kind     SourceKind
	full     bool
	f        fact
}

// fact is what a source showed of an object. A sighting keeps only the
// few figures a sheet gives of it (no detail); a full view keeps a copy of
// the object, shared by runs whose facts are equal.
type fact struct {
	name  string
	owner int32
	typ   int32 // a ship's type, a planet's kind
	loc   geom.Point

	planet  *model.Planet
	ship    *model.Ship
	officer *model.Officer
	empire  *model.Empire
}

// Sighting is where a ship was seen on one turn, and who saw it.
type Sighting struct {
	Turn   int
	Loc    geom.Point
	Source Source
}

// Track is where one ship was seen over some turns, oldest first.
type Track struct {
	Ship   int
	Owner  int  // as last seen on these turns
	Own    bool // the player's own ship
	Points []Sighting
}

// EmpireKey is the key under which Known keeps player's empire (the
// model's EmpireKey, numbered).
func EmpireKey(player int) model.Key { return model.Key{Kind: model.KindEmpire, ID: player} }

// New is what player knows of game before any sheet is added.
func New(game string, player int) *Known {
	return &Known{Game: game, Player: player, objects: map[model.Key][]run{}}
}

// Add merges one sheet: the player's own (its empire is the player's) or
// an ally's of the same game. A sheet of another game, or of a player and
// turn already added, is refused and changes nothing.
func (k *Known) Add(s *model.Knowledge) error {
	if s == nil {
		return errors.New("no sheet to add")
	}
	if s.Game != k.Game {
		return fmt.Errorf("turn %d: the sheet is of game %q, not %q", s.Turn, s.Game, k.Game)
	}
	p := s.Empire.Player
	if p <= 0 {
		return fmt.Errorf("turn %d: the sheet names no player", s.Turn)
	}
	if s.Turn < 1 || s.Turn > math.MaxInt32 {
		return fmt.Errorf("turn %d: not a turn of a game", s.Turn)
	}
	src := Source{Kind: AllySheet, Player: p, Turn: s.Turn}
	if p == k.Player {
		src.Kind = OwnSheet
	}
	i, found := slices.BinarySearchFunc(k.sheets, src, compareSheet)
	if found {
		who := "player " + fmt.Sprint(p) + "'s"
		if p == k.Player {
			who = "your"
		}
		return fmt.Errorf("turn %d: %s sheet of this turn is already merged", s.Turn, who)
	}
	k.sheets = slices.Insert(k.sheets, i, src)
	m := merger{k: k, t: int32(s.Turn), player: int32(p), kind: src.Kind}
	m.sheet(s)
	return nil
}

func compareSheet(a, b Source) int {
	if c := cmp.Compare(a.Turn, b.Turn); c != 0 {
		return c
	}
	return cmp.Compare(a.Player, b.Player)
}

// merger adds the facts of one sheet.
type merger struct {
	k      *Known
	t      int32
	player int32
	kind   SourceKind
}

func (m *merger) sheet(s *model.Knowledge) {
	// A scan is the fullest view and comes first; of two entries of equal
	// rank for one object, the first stays.
	if p := s.ScannedPlanet; p != nil {
		m.planet(p, Scan, true)
	}
	if sh := s.ScannedShip; sh != nil && sh.Owner != s.Empire.Player {
		m.ship(sh, Scan, true)
	}
	for i := range s.Planets {
		m.planet(&s.Planets[i], m.kind, true)
	}
	for i := range s.Trading {
		m.planet(&s.Trading[i].Planet, m.kind, false)
	}
	for i := range s.ForeignPlanets {
		m.planet(&s.ForeignPlanets[i], m.kind, false)
	}
	places := make(map[model.Key]geom.Point, len(s.Ships)+len(s.Planets))
	for i := range s.Ships {
		m.ship(&s.Ships[i], m.kind, true)
		places[model.ShipKey(s.Ships[i].ID)] = s.Ships[i].Loc
	}
	for i := range s.Planets {
		places[model.PlanetKey(s.Planets[i].ID)] = s.Planets[i].Loc
	}
	for i := range s.ForeignShips {
		m.ship(&s.ForeignShips[i], m.kind, false)
	}
	for i := range s.ScannedPlayer {
		m.ship(&s.ScannedPlayer[i], Scan, false)
	}
	for i := range s.Officers {
		o := s.Officers[i]
		loc := places[model.PlanetKey(o.Planet)]
		if o.Ship != 0 {
			loc = places[model.ShipKey(o.Ship)]
		}
		m.put(model.OfficerKey(o.ID), m.kind, true, fact{name: o.Name, owner: m.player, typ: int32(o.Race), loc: loc, officer: &o})
	}
	e := s.Empire
	e.Report, e.Password = model.Report{}, "" // the turn's news and the key to its orders are no facts to keep
	m.put(EmpireKey(e.Player), m.kind, true, fact{name: e.Name, owner: int32(e.Player), typ: int32(e.Race), empire: &e})
}

func (m *merger) planet(p *model.Planet, kind SourceKind, full bool) {
	f := fact{name: p.Name, owner: int32(p.Owner), typ: int32(p.Kind), loc: p.Loc}
	if full {
		c := *p
		c.Hidden = 0 // the game's side only
		f.planet = &c
	}
	m.put(model.PlanetKey(p.ID), kind, full, f)
}

func (m *merger) ship(s *model.Ship, kind SourceKind, full bool) {
	f := fact{name: s.Name, owner: int32(s.Owner), typ: int32(s.Type), loc: s.Loc}
	if full {
		c := *s
		c.GiftedBy, c.HitTurn = nil, 0 // the game's side only
		f.ship = &c
	}
	m.put(model.ShipKey(s.ID), kind, full, f)
}

func (m *merger) put(key model.Key, kind SourceKind, full bool, f fact) {
	k := m.k
	runs, had := k.objects[key]
	if !had {
		k.keys = nil
	}
	k.objects[key] = put(runs, run{from: m.t, to: m.t, player: m.player, kind: kind, full: full, f: f}, int32(k.Player))
}

// put adds r, one turn's facts, to runs (by turn, none overlapping): a
// newer turn's facts are the newest known; on a turn already known the
// better source stays (see better); equal neighbours join into one run.
func put(runs []run, r run, me int32) []run {
	t := r.from
	i := sort.Search(len(runs), func(i int) bool { return runs[i].to >= t })
	if i < len(runs) && runs[i].from <= t {
		old := runs[i]
		if !better(r, old, me) {
			return runs
		}
		var pieces []run
		if old.from < t {
			a := old
			a.to = t - 1
			pieces = append(pieces, a)
		}
		pieces = append(pieces, r)
		if old.to > t {
			c := old
			c.from = t + 1
			pieces = append(pieces, c)
		}
		runs = slices.Replace(runs, i, i+1, pieces...)
		if old.from < t {
			i++
		}
	} else {
		runs = slices.Insert(runs, i, r)
	}
	// Equal facts share one copy, seen again after a gap or not.
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(runs) && sameFact(runs[j].f, runs[i].f) {
			runs[i].f = runs[j].f
		}
	}
	if i+1 < len(runs) && runs[i+1].from == runs[i].to+1 && same(runs[i], runs[i+1]) {
		runs[i].to = runs[i+1].to
		runs = slices.Delete(runs, i+1, i+2)
	}
	if i > 0 && runs[i-1].to+1 == runs[i].from && same(runs[i-1], runs[i]) {
		runs[i-1].to = runs[i].to
		runs = slices.Delete(runs, i, i+1)
	}
	return runs
}

// better reports whether a shows an object better than b on the same
// turn: a full view over a sighting (an ally's view of his own ship tells
// its cargo, the player's sighting of it only its place), then the
// player's own sheet over an ally's.
func better(a, b run, me int32) bool {
	rank := func(r run) int {
		n := 0
		if r.full {
			n += 2
		}
		if r.player == me {
			n++
		}
		return n
	}
	return rank(a) > rank(b)
}

func same(a, b run) bool {
	return a.player == b.player && a.kind == b.kind && a.full == b.full && sameFact(a.f, b.f)
}

func sameFact(a, b fact) bool {
	if a.name != b.name || a.owner != b.owner || a.typ != b.typ || a.loc != b.loc {
		return false
	}
	switch {
	case (a.planet == nil) != (b.planet == nil), (a.ship == nil) != (b.ship == nil),
		(a.officer == nil) != (b.officer == nil), (a.empire == nil) != (b.empire == nil):
		return false
	case a.planet != nil:
		return a.planet == b.planet || *a.planet == *b.planet
	case a.ship != nil:
		return a.ship == b.ship || reflect.DeepEqual(a.ship, b.ship)
	case a.officer != nil:
		return a.officer == b.officer || *a.officer == *b.officer
	case a.empire != nil:
		return a.empire == b.empire || reflect.DeepEqual(a.empire, b.empire)
	}
	return true
}
