package turn

import (
	"cmp"
	"slices"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// FromKnowledge makes a game of what one player knows: his own ships,
// planets, officers and mines in full; other ships and planets as his
// sheet shows them; the trading planets with their prices (their stocks
// unknown). The other empires are there only by number. A check or a
// forecast runs on it.
func FromKnowledge(r *rules.Rules, k *model.Knowledge) *model.Game {
	g, ships, planets := fromKnowledge(r, k)
	g.Ships, g.Planets = gather(nil, ships), gather(nil, planets)
	return g
}

// fromKnowledge is FromKnowledge with the game's ships and planets left
// out and given apart, in the game's order, as pointers to the records
// they are copies of (in k, or made here for the trading planets): a
// checker keeps these, 8 bytes a ship, to make the game again.
func fromKnowledge(r *rules.Rules, k *model.Knowledge) (*model.Game, []*model.Ship, []*model.Planet) {
	me := k.Empire.Player
	g := &model.Game{Name: k.Game, Turn: k.Turn, DueDate: k.DueDate, Markets: map[int]model.Market{}}
	own := k.Empire
	own.Allies = append([]int(nil), own.Allies...)
	own.Enemies = append([]int(nil), own.Enemies...)
	own.Abilities = append([]model.SpecialAbility(nil), own.Abilities...)
	g.Empires = append(g.Empires, own)
	others := map[int]bool{r.Game.PlayerSauran: true}
	ships := make([]*model.Ship, 0, len(k.Ships)+len(k.ForeignShips)+len(k.ScannedPlayer)+1)
	for i := range k.Ships {
		ships = append(ships, &k.Ships[i])
	}
	ships = k.AppendSeenShipRefs(ships)
	kept := len(k.Ships)
	for _, s := range ships[len(k.Ships):] {
		if s.Owner != me {
			ships[kept] = s
			kept++
			others[s.Owner] = true
		}
	}
	ships = ships[:kept]
	seenPlanets := k.SeenPlanetRefs()
	planets := make([]*model.Planet, 0, len(k.Planets)+len(k.Trading)+len(seenPlanets))
	seen := make(map[int]bool, cap(planets))
	for i := range k.Planets {
		planets = append(planets, &k.Planets[i])
		seen[k.Planets[i].ID] = true
	}
	// The trading planets are marked as such: copies of their own, made at
	// their number so that none moves.
	trading := make([]model.Planet, 0, len(k.Trading))
	for _, t := range k.Trading {
		if seen[t.Planet.ID] {
			continue
		}
		p := t.Planet
		p.Kind = model.Trading
		trading = append(trading, p)
		planets = append(planets, &trading[len(trading)-1])
		seen[p.ID] = true
		g.Markets[p.ID] = model.Market{Prices: t.Prices, Base: t.Prices}
	}
	for _, p := range seenPlanets {
		if !seen[p.ID] {
			planets = append(planets, p)
			seen[p.ID] = true
			if p.Owner != 0 {
				others[p.Owner] = true
			}
		}
	}
	for _, p := range append(append([]int(nil), own.Allies...), own.Enemies...) {
		others[p] = true
	}
	delete(others, me)
	var ids []int
	for p := range others { // any order: sorted below
		ids = append(ids, p)
	}
	sort.Ints(ids)
	for _, p := range ids {
		g.Empires = append(g.Empires, model.Empire{Player: p})
	}
	g.Officers = append(g.Officers, k.Officers...)
	g.Mines = append(g.Mines, k.Mines...)
	g.Artifacts = append(g.Artifacts, k.Artifacts...)
	g.Rings = append(g.Rings, k.Rings...)
	slices.SortStableFunc(ships, func(a, b *model.Ship) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortStableFunc(planets, func(a, b *model.Planet) int { return cmp.Compare(a.ID, b.ID) })
	return g, ships, planets
}

// gather appends copies of the records refs point to to dst.
func gather[T any](dst []T, refs []*T) []T {
	dst = slices.Grow(dst, len(refs))
	for _, r := range refs {
		dst = append(dst, *r)
	}
	return dst
}

// KnowledgeWorld is the world of a player's sheet, for checks and
// forecasts.
func KnowledgeWorld(r *rules.Rules, k *model.Knowledge) *World {
	return knowledgeWorld(r, k, FromKnowledge(r, k))
}

// knowledgeWorld is the world of g, made of k.
func knowledgeWorld(r *rules.Rules, k *model.Knowledge, g *model.Game) *World {
	w := NewWorld(r, g, Check)
	w.Me = k.Empire.Player
	w.SheetFleets = k.Fleets
	if k.ScannedPlanet != nil {
		w.Scanned = k.ScannedPlanet.ID
	}
	return w
}

// Sheet is the world of a player's sheet kept so that it can be made again
// without a copy of its ships and planets: those are pointers to the
// knowledge's records (which must not change), the rest a world of its
// own. A checker makes its working world the sheet's again before each
// check from it; on a sheet of 150,000 ships, planets and others' ships,
// a copy of them kept for that was some 40 MB.
type Sheet struct {
	w       *World // the sheet's world without ships or planets
	ships   []*model.Ship
	planets []*model.Planet
}

// NewSheet makes the sheet of a player's knowledge, for checks and
// forecasts.
func NewSheet(r *rules.Rules, k *model.Knowledge) *Sheet {
	// fromKnowledge's game owns its lists but the ships and planets, so
	// that no turn carried out on a world made of it changes them.
	g, ships, planets := fromKnowledge(r, k)
	t := &World{R: r, G: g, Mode: Check, Me: k.Empire.Player, SheetFleets: k.Fleets}
	if k.ScannedPlanet != nil {
		t.Scanned = k.ScannedPlanet.ID
	}
	t.base = &index{
		ship:     newIDIndex(len(ships), func(i int) int { return ships[i].ID }),
		planet:   newIDIndex(len(planets), func(i int) int { return planets[i].ID }),
		officer:  newIDIndex(len(g.Officers), func(i int) int { return g.Officers[i].ID }),
		artifact: newIDIndex(len(g.Artifacts), func(i int) int { return g.Artifacts[i].ID }),
	}
	t.at = planetPlaces(len(planets), func(i int) geom.Point { return planets[i].Loc })
	t.reindexShips()
	return &Sheet{w: t, ships: ships, planets: planets}
}

// Objects is how many ships and planets a world of the sheet holds.
func (s *Sheet) Objects() int { return len(s.ships) + len(s.planets) }

// World is a new world of the sheet.
func (s *Sheet) World() *World {
	w := &World{G: &model.Game{}}
	s.Reset(w)
	return w
}

// Reset makes w the sheet's world again, reusing w's memory.
func (s *Sheet) Reset(w *World) {
	w.copyFrom(s.w, func(g *model.Game, ships []model.Ship, planets []model.Planet) {
		g.Ships, g.Planets = gather(ships, s.ships), gather(planets, s.planets)
	})
}

// Ship is ship id as the sheet shows it (read only), or nil.
func (s *Sheet) Ship(id int) *model.Ship {
	if i, ok := s.w.base.ship.get(id); ok && i < len(s.ships) && s.ships[i].ID == id {
		return s.ships[i]
	}
	return nil
}

// MoveRange and CommRange are a ship's ranges on the sheet (see
// World.MoveRange).
func (s *Sheet) MoveRange(sh *model.Ship) int { return s.w.MoveRange(sh) }

// CommRange: see MoveRange.
func (s *Sheet) CommRange(sh *model.Ship) int { return s.w.CommRange(sh) }
