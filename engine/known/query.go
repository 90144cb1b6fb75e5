package known

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"silverfall/engine/model"
)

// Sheets lists the sheets added, by turn, then player.
func (k *Known) Sheets() []Source { return slices.Clone(k.sheets) }

// Turns lists the turns of the sheets added (the player's own and his
// allies'), oldest first, each once.
func (k *Known) Turns() []int {
	var out []int
	for _, s := range k.sheets {
		if n := len(out); n == 0 || out[n-1] != s.Turn {
			out = append(out, s.Turn)
		}
	}
	return out
}

// Newest is the turn of the newest sheet added, 0 when none is.
func (k *Known) Newest() int {
	if len(k.sheets) == 0 {
		return 0
	}
	return k.sheets[len(k.sheets)-1].Turn
}

// Object is the object with key as last known.
func (k *Known) Object(key model.Key) (Object, bool) { return k.At(key, math.MaxInt32) }

// At is the object with key as known on turn t: as the newest sheet of
// turn t or before showed it.
func (k *Known) At(key model.Key, t int) (Object, bool) {
	runs := k.objects[key]
	i := sort.Search(len(runs), func(i int) bool { return int(runs[i].from) > t }) - 1
	if i < 0 {
		return Object{}, false
	}
	return object(key, &runs[i], min(t, int(runs[i].to))), true
}

// Objects lists every object ever known, with its latest facts, by key
// (kind, then number).
func (k *Known) Objects() []Object { return k.ObjectsAt(math.MaxInt32) }

// ObjectsAt lists every object known on turn t, as then known, by key.
func (k *Known) ObjectsAt(t int) []Object {
	out := make([]Object, 0, len(k.objects))
	for _, key := range k.sortedKeys() {
		if o, ok := k.At(key, t); ok {
			out = append(out, o)
		}
	}
	return out
}

// AllyOnly lists the objects known on turn t only from allies: those whose
// facts as known then come from another player's sheet, by key.
func (k *Known) AllyOnly(t int) []Object {
	var out []Object
	for _, o := range k.ObjectsAt(t) {
		if o.Source.Player != k.Player {
			out = append(out, o)
		}
	}
	return out
}

// Track is everywhere ship was seen, oldest first, one sighting a turn.
func (k *Known) Track(ship int) []Sighting {
	var out []Sighting
	for _, r := range k.objects[model.ShipKey(ship)] {
		for t := r.from; t <= r.to; t++ {
			out = append(out, Sighting{Turn: int(t), Loc: r.f.loc, Source: source(&r, int(t))})
		}
	}
	return out
}

// Tracks lists, by ship number, where each ship was seen on the n turns up
// to turn t (turns t-n+1 to t), for the ships seen on at least two of them.
func (k *Known) Tracks(t, n int) []Track {
	var out []Track
	for _, key := range k.sortedKeys() {
		if key.Kind != model.KindShip {
			continue
		}
		runs := k.objects[key]
		var tr Track
		for i := range runs {
			r := &runs[i]
			for s := max(int(r.from), t-n+1); s <= min(int(r.to), t); s++ {
				tr.Points = append(tr.Points, Sighting{Turn: s, Loc: r.f.loc, Source: source(r, s)})
				tr.Owner = int(r.f.owner)
			}
		}
		if len(tr.Points) < 2 {
			continue
		}
		tr.Ship, tr.Own = key.ID, tr.Owner == k.Player
		out = append(out, tr)
	}
	return out
}

func (k *Known) sortedKeys() []model.Key {
	if k.keys == nil || len(k.keys) != len(k.objects) {
		k.keys = make([]model.Key, 0, len(k.objects))
		for key := range k.objects { // any order: sorted below
			k.keys = append(k.keys, key)
		}
		slices.SortFunc(k.keys, compareKey)
	}
	return k.keys
}

func compareKey(a, b model.Key) int {
	if c := cmp.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

func source(r *run, t int) Source { return Source{Kind: r.kind, Player: int(r.player), Turn: t} }

// object is the Object of one run as seen on turn t: copies of the facts,
// for the caller to keep.
func object(key model.Key, r *run, t int) Object {
	f := &r.f
	o := Object{Key: key, Name: f.name, Owner: int(f.owner), Loc: f.loc, Turn: t, Source: source(r, t), Full: r.full}
	switch key.Kind {
	case model.KindPlanet:
		p := model.Planet{ID: key.ID, Name: f.name, Kind: model.PlanetKind(f.typ), Loc: f.loc, Owner: int(f.owner)}
		if f.planet != nil {
			p = *f.planet
		}
		o.Planet = &p
	case model.KindShip:
		s := model.Ship{ID: key.ID, Name: f.name, Type: int(f.typ), Owner: int(f.owner), Loc: f.loc}
		if f.ship != nil {
			s = *f.ship
		}
		o.Ship = &s
	case model.KindOfficer:
		c := *f.officer
		o.Officer = &c
	case model.KindEmpire:
		c := *f.empire
		c.Allies, c.Enemies, c.Abilities = slices.Clone(c.Allies), slices.Clone(c.Enemies), slices.Clone(c.Abilities)
		o.Empire = &c
	}
	return o
}

// Allies are the players counted as allied with the player on a sheet
// whose empire is e (nil: none), in order of number: those e lists as its
// allies, and those whose sheets were added (the player keeps an ally's
// sheet because that player shares it), less those e declares enemies and
// the player himself. An alliance in the game runs one way, so the merged
// sheets are the surer sign of who is on the player's side.
func (k *Known) Allies(e *model.Empire) []int {
	var out []int
	if e != nil {
		out = append(out, e.Allies...)
	}
	for _, s := range k.sheets {
		if s.Kind == AllySheet {
			out = append(out, s.Player)
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	return slices.DeleteFunc(out, func(p int) bool {
		return p == k.Player || p <= 0 || e != nil && e.HasEnemy(p)
	})
}
