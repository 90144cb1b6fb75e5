package query

import (
	"slices"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
)

// figure is a number an object may show, by name: read from a ship, a
// planet or an empire, whichever of them shows it (nil: it does not).
type figure struct {
	name  string
	typed bool // has an ore type: "ore 3"
	// sighted: a sighting shows it too (a ship's type); the others only
	// count on an object seen in full.
	sighted bool
	ship    func(s *model.Ship, oreType int) int
	planet  func(p *model.Planet, oreType int) int
	empire  func(e *model.Empire) int
}

// get is the figure of o, and whether o is of a kind that shows it.
func (f *figure) get(o *known.Object, oreType int) (int, bool) {
	switch {
	case o.Ship != nil && f.ship != nil:
		return f.ship(o.Ship, oreType), true
	case o.Planet != nil && f.planet != nil:
		return f.planet(o.Planet, oreType), true
	case o.Empire != nil && f.empire != nil:
		return f.empire(o.Empire), true
	}
	return 0, false
}

func ore(o model.Ore, t int) int {
	if t == 0 {
		return o.Total()
	}
	return o[t-1]
}

var figures = []*figure{
	{name: "fuel",
		ship:   func(s *model.Ship, _ int) int { return s.Fuel },
		planet: func(p *model.Planet, _ int) int { return p.Fuel }},
	{name: "ore", typed: true,
		planet: func(p *model.Planet, t int) int { return ore(p.Ore, t) }},
	{name: "stock", typed: true,
		planet: func(p *model.Planet, t int) int { return ore(p.Stock, t) }},
	{name: "cargo", typed: true,
		ship: func(s *model.Ship, t int) int { return ore(s.Cargo, t) }},
	{name: "industry",
		planet: func(p *model.Planet, _ int) int { return p.Industry }},
	{name: "population",
		ship:   func(s *model.Ship, _ int) int { return s.Population },
		planet: func(p *model.Planet, _ int) int { return p.Population }},
	{name: "fire",
		ship: func(s *model.Ship, _ int) int { return s.Fire }},
	{name: "defence",
		ship:   func(s *model.Ship, _ int) int { return s.Defence },
		planet: func(p *model.Planet, _ int) int { return p.DefenceUnits }},
	{name: "type", sighted: true,
		ship: func(s *model.Ship, _ int) int { return s.Type }},
	{name: "credits",
		empire: func(e *model.Empire) int { return e.Credits }},
	{name: "points",
		empire: func(e *model.Empire) int { return e.Points }},
}

// aliases are other words players use for a figure.
var aliases = map[string]string{"pop": "population", "defense": "defence", "def": "defence",
	"firepower": "fire", "ind": "industry", "stocks": "stock", "stockpile": "stock",
	"credit": "credits", "score": "points"}

func figureNamed(w string) *figure {
	if a, ok := aliases[w]; ok {
		w = a
	}
	for _, f := range figures {
		if f.name == w {
			return f
		}
	}
	return nil
}

// env is what a run knows beyond each object: whose the knowledge is, his
// allies and enemies, the turn, and the places the conditions refer to.
type env struct {
	me      int
	allies  []int
	enemies []int
	now     int
	places  []placeAt // by condition, for place conditions
}

type placeAt struct {
	pt   geom.Point
	key  model.Key // the object the place is of, which does not match itself
	have bool
}

// newEnv reads the player from the knowledge: his own empire (an empire
// object from his own sheet), else the player of any own sheet. His
// allies are those as known.Allies counts them: those his sheet lists, and
// the players whose sheets were merged (what they told is in objs), less
// those his sheet declares enemies.
func newEnv(objs []known.Object, now int) *env {
	e := &env{now: now}
	var shared []int // the players whose sheets told something
	for i := range objs {
		o := &objs[i]
		if o.Source.Kind == known.AllySheet {
			shared = append(shared, o.Source.Player)
		}
		if o.Source.Kind != known.OwnSheet || e.me != 0 && e.allies != nil {
			continue
		}
		if o.Empire != nil && o.Empire.Player == o.Source.Player {
			e.me, e.enemies = o.Empire.Player, o.Empire.Enemies
			e.allies = append([]int{}, o.Empire.Allies...)
			continue
		}
		if e.me == 0 {
			e.me = o.Source.Player
		}
	}
	e.allies = append(e.allies, shared...)
	slices.Sort(e.allies)
	e.allies = slices.DeleteFunc(slices.Compact(e.allies), func(p int) bool {
		return p <= 0 || p == e.me || slices.Contains(e.enemies, p)
	})
	return e
}

// locate finds the place of every place condition.
func (q *Query) locate(e *env, objs []known.Object) {
	e.places = make([]placeAt, len(q.conds))
	for ci, c := range q.conds {
		if c.what == cPlace {
			e.places[ci] = c.ref.locate(e, objs)
		}
	}
}

func (r ref) locate(e *env, objs []known.Object) placeAt {
	switch r.kind {
	case rPoint:
		return placeAt{pt: r.pt, have: true}
	case rOrigin:
		for i := range objs {
			o := &objs[i]
			if o.Planet != nil && o.Planet.Kind == model.Origin && o.Owner == e.me && e.me != 0 {
				return placeAt{pt: o.Loc, key: o.Key, have: true}
			}
		}
		return placeAt{}
	}
	for i := range objs {
		if objs[i].Key == r.key {
			return placeAt{pt: objs[i].Loc, key: r.key, have: true}
		}
	}
	return placeAt{}
}

// Run returns the objects of objs that the query matches, in their order,
// for turn now. A place that is not known (ship 5 never seen) matches
// nothing. objs is not changed; the result shares no memory with it
// beyond the pointers each Object holds.
func (q *Query) Run(objs []known.Object, now int) []known.Object {
	e := newEnv(objs, now)
	q.locate(e, objs)
	var out []known.Object
	for i := range objs {
		if q.match(&objs[i], e) {
			out = append(out, objs[i])
		}
	}
	return out
}

// Any reports whether the query matches any object: a reminder's test.
func (q *Query) Any(objs []known.Object, now int) bool {
	e := newEnv(objs, now)
	q.locate(e, objs)
	for i := range objs {
		if q.match(&objs[i], e) {
			return true
		}
	}
	return false
}

// From is the place the query's first distance is taken from, when it has
// one and the place is known: the search shows each result's distance to
// it.
func (q *Query) From(objs []known.Object, now int) (geom.Point, bool) {
	e := newEnv(objs, now)
	for _, c := range q.conds {
		if c.what == cPlace {
			p := c.ref.locate(e, objs)
			return p.pt, p.have
		}
	}
	return geom.Point{}, false
}

func (q *Query) match(o *known.Object, e *env) bool {
	if q.kind != model.NoKind && o.Key.Kind != q.kind {
		return false
	}
	if q.hasID && o.Key.ID != q.id {
		return false
	}
	for ci := range q.conds {
		if !q.conds[ci].match(o, e, e.places[ci]) {
			return false
		}
	}
	return true
}

func (c *cond) match(o *known.Object, e *env, at placeAt) bool {
	switch c.what {
	case cOwner:
		return c.matchOwner(o.Owner, e)
	case cPlace:
		// An empire has no place; the place's own object is not near itself.
		if !at.have || o.Key.Kind == model.KindEmpire || (at.key == o.Key && !at.key.IsZero()) {
			return false
		}
		d := o.Loc.Dist(at.pt)
		switch c.place {
		case pWithin:
			return d <= c.dist
		case pBeyond:
			return d > c.dist
		}
		return o.Loc == at.pt
	case cFigure:
		if !o.Full && !c.fig.sighted {
			return false
		}
		v, ok := c.fig.get(o, c.oreType)
		return ok && compare(v, c.cmp, c.n)
	case cName:
		return strings.Contains(strings.ToLower(o.Name), strings.ToLower(c.name))
	}
	return c.matchSeen(o.Turn, e.now) != c.not
}

func (c *cond) matchOwner(owner int, e *env) bool {
	switch c.owner {
	case oMine:
		return owner != 0 && owner == e.me
	case oForeign:
		return owner != 0 && owner != e.me
	case oUnowned:
		return owner == 0
	case oAllied:
		return owner != 0 && owner != e.me && slices.Contains(e.allies, owner)
	case oEnemy:
		return owner != 0 && owner != e.me && slices.Contains(e.enemies, owner)
	}
	return owner == c.player
}

func (c *cond) matchSeen(turn, now int) bool {
	switch c.seen {
	case sOn:
		return turn == c.n
	case sSince:
		return turn >= c.n
	case sBefore:
		return turn < c.n
	}
	return turn > now-c.n && turn <= now
}

func compare(v int, op cmpOp, n int) bool {
	switch op {
	case cmpEq:
		return v == n
	case cmpLt:
		return v < n
	case cmpGt:
		return v > n
	case cmpLe:
		return v <= n
	case cmpGe:
		return v >= n
	}
	return v > 0
}
