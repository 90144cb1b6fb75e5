package model

import (
	"cmp"
	"slices"
	"sort"

	"silverfall/engine/geom"
)

// Index looks up what a player knows by number and by place. Build it
// once per turn sheet; it does not follow later changes to the Knowledge.
type Index struct {
	K         *Knowledge
	OwnShip   map[int]int   // the player's ship numbers -> index in K.Ships
	Ships     map[int]*Ship // every ship known: own, seen and scanned
	Planets   map[int]*Planet
	PlanetsAt map[geom.Point][]*Planet
	Trading   map[int]*TradingPlanet
	Fleets    map[int]*Fleet
	Officers  map[int]*Officer
	Artifacts map[int]*Artifact
}

// NewIndex indexes k. Where a planet is known in several ways the fullest
// wins: the player's own, then a scan, then the trading list, then seen.
func NewIndex(k *Knowledge) *Index {
	x := &Index{K: k,
		OwnShip:   make(map[int]int, len(k.Ships)),
		Ships:     make(map[int]*Ship, len(k.Ships)+len(k.ForeignShips)),
		Planets:   make(map[int]*Planet, len(k.Planets)+len(k.ForeignPlanets)+len(k.Trading)),
		PlanetsAt: make(map[geom.Point][]*Planet, len(k.Planets)+len(k.ForeignPlanets)+len(k.Trading)),
		Trading:   make(map[int]*TradingPlanet, len(k.Trading)),
		Fleets:    make(map[int]*Fleet, len(k.Fleets)),
		Officers:  make(map[int]*Officer, len(k.Officers)),
		Artifacts: make(map[int]*Artifact, len(k.Artifacts)),
	}
	// Seen ships, then the scanned player's where not seen, then the
	// scanned ship, whose figures are the fullest.
	for i := range k.ForeignShips {
		x.Ships[k.ForeignShips[i].ID] = &k.ForeignShips[i]
	}
	for i := range k.ScannedPlayer {
		if _, ok := x.Ships[k.ScannedPlayer[i].ID]; !ok {
			x.Ships[k.ScannedPlayer[i].ID] = &k.ScannedPlayer[i]
		}
	}
	if s := k.ScannedShip; s != nil && s.Owner != k.Empire.Player {
		x.Ships[s.ID] = s
	}
	for i := range k.Ships {
		x.OwnShip[k.Ships[i].ID] = i
		x.Ships[k.Ships[i].ID] = &k.Ships[i]
	}
	add := func(p *Planet) {
		if old, ok := x.Planets[p.ID]; ok {
			at := x.PlanetsAt[old.Loc]
			for i, q := range at {
				if q == old {
					x.PlanetsAt[old.Loc] = append(at[:i:i], at[i+1:]...)
					break
				}
			}
		}
		x.Planets[p.ID] = p
		x.PlanetsAt[p.Loc] = append(x.PlanetsAt[p.Loc], p)
	}
	for i := range k.ForeignPlanets {
		add(&k.ForeignPlanets[i])
	}
	for i := range k.Trading {
		add(&k.Trading[i].Planet)
		x.Trading[k.Trading[i].Planet.ID] = &k.Trading[i]
	}
	if p := k.ScannedPlanet; p != nil && p.Owner != k.Empire.Player {
		add(p)
	}
	for i := range k.Planets {
		add(&k.Planets[i])
	}
	for i := range k.Fleets {
		x.Fleets[k.Fleets[i].ID] = &k.Fleets[i]
	}
	for i := range k.Officers {
		x.Officers[k.Officers[i].ID] = &k.Officers[i]
	}
	for i := range k.Artifacts {
		x.Artifacts[k.Artifacts[i].ID] = &k.Artifacts[i]
	}
	return x
}

// Own reports whether ship id is the player's.
func (x *Index) Own(id int) bool { _, ok := x.OwnShip[id]; return ok }

// SeenShips is every other player's ship the sheet tells of: those in
// sight, the fleet of the player scanned, the ship scanned; one entry a
// ship (the scan's when it has more), by number. It is read only: when
// the sheet tells of no scan, it is the ships in sight themselves, not a
// copy (tens of thousands of ships, some 260 bytes each).
func (k *Knowledge) SeenShips() []Ship {
	if len(k.ScannedPlayer) == 0 && (k.ScannedShip == nil || k.ScannedShip.Owner == k.Empire.Player) &&
		slices.IsSortedFunc(k.ForeignShips, func(a, b Ship) int { return cmp.Compare(a.ID, b.ID+1) }) {
		return k.ForeignShips[:len(k.ForeignShips):len(k.ForeignShips)]
	}
	return k.AppendSeenShips(nil)
}

// AppendSeenShips appends SeenShips to dst without a copy of its own: a
// sheet may tell of tens of thousands of ships, and a ship is some 260
// bytes.
func (k *Knowledge) AppendSeenShips(dst []Ship) []Ship {
	refs := k.AppendSeenShipRefs(nil)
	dst = slices.Grow(dst, len(refs))
	for _, s := range refs {
		dst = append(dst, *s)
	}
	return dst
}

// AppendSeenShipRefs appends SeenShips to dst as pointers into k's own
// lists (read only), in SeenShips' order: a checker keeps these, 8 bytes a
// ship, instead of a copy of the ships.
func (k *Knowledge) AppendSeenShipRefs(dst []*Ship) []*Ship {
	start := len(dst)
	dst = slices.Grow(dst, len(k.ForeignShips)+len(k.ScannedPlayer)+1)
	for i := range k.ForeignShips {
		dst = append(dst, &k.ForeignShips[i])
	}
	// One entry a ship: of a number given twice, the last.
	slices.SortStableFunc(dst[start:], refByID)
	kept := start
	for i := start; i < len(dst); i++ {
		if i+1 < len(dst) && dst[i+1].ID == dst[i].ID {
			continue
		}
		dst[kept] = dst[i]
		kept++
	}
	dst = dst[:kept]
	inSight := dst[start:kept:kept]
	found := func(id int) (int, bool) {
		return slices.BinarySearchFunc(inSight, id, func(s *Ship, id int) int { return cmp.Compare(s.ID, id) })
	}
	// The scanned player's where not in sight (the first of a number
	// given twice), then the scanned ship, whose figures are the fullest.
	added := map[int]bool{}
	for i := range k.ScannedPlayer {
		s := &k.ScannedPlayer[i]
		if _, ok := found(s.ID); !ok && !added[s.ID] {
			added[s.ID] = true
			dst = append(dst, s)
		}
	}
	if s := k.ScannedShip; s != nil && s.Owner != k.Empire.Player {
		if i, ok := found(s.ID); ok {
			dst[start+i] = s
		} else if i := slices.IndexFunc(dst[kept:], func(o *Ship) bool { return o.ID == s.ID }); i >= 0 {
			dst[kept+i] = s
		} else {
			dst = append(dst, s)
		}
	}
	if len(dst) > kept {
		slices.SortFunc(dst[start:], refByID)
	}
	return dst
}

func refByID(a, b *Ship) int { return cmp.Compare(a.ID, b.ID) }

func byID(a, b Ship) int { return cmp.Compare(a.ID, b.ID) }

// SeenPlanets is every planet of others the sheet tells of: those in sight
// and the one scanned, by number. Trading planets have their own list.
//
// It is read only: without a scan of another's planet, it is the planets
// in sight themselves (when one a number, in order), not a copy.
func (k *Knowledge) SeenPlanets() []Planet {
	if k.scannedOther() == nil && oneANumber(k.ForeignPlanets) {
		return k.ForeignPlanets[:len(k.ForeignPlanets):len(k.ForeignPlanets)]
	}
	refs := k.SeenPlanetRefs()
	out := make([]Planet, len(refs))
	for i, p := range refs {
		out[i] = *p
	}
	return out
}

// SeenPlanetRefs is SeenPlanets as pointers into k's own lists (read
// only), in the same order.
func (k *Knowledge) SeenPlanetRefs() []*Planet {
	p := k.scannedOther()
	out := make([]*Planet, len(k.ForeignPlanets), len(k.ForeignPlanets)+1)
	for i := range k.ForeignPlanets {
		out[i] = &k.ForeignPlanets[i]
	}
	if p == nil && oneANumber(k.ForeignPlanets) {
		return out
	}
	if p != nil {
		found := false
		for i := range out {
			if out[i].ID == p.ID {
				out[i], found = p, true
			}
		}
		if !found {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// scannedOther is the planet scanned when it is another's (not the
// player's own, nor a trading planet, which have lists of their own), or
// nil.
func (k *Knowledge) scannedOther() *Planet {
	p := k.ScannedPlanet
	if p == nil || p.Owner == k.Empire.Player || p.Kind == Trading {
		return nil
	}
	for _, t := range k.Trading {
		if t.Planet.ID == p.ID {
			return nil
		}
	}
	return p
}

// oneANumber reports whether planets are in order of their numbers, each
// number once.
func oneANumber(planets []Planet) bool {
	return slices.IsSortedFunc(planets, func(a, b Planet) int { return cmp.Compare(a.ID, b.ID+1) })
}
