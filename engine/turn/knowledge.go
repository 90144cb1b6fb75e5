package turn

import (
	"cmp"
	"slices"
	"sort"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// FromKnowledge makes a game of what one player knows: his own ships,
// planets, officers and mines in full; other ships and planets as his
// sheet shows them; the trading planets with their prices (their stocks
// unknown). The other empires are there only by number. A check or a
// forecast runs on it.
func FromKnowledge(r *rules.Rules, k *model.Knowledge) *model.Game {
	me := k.Empire.Player
	g := &model.Game{Name: k.Game, Turn: k.Turn, DueDate: k.DueDate, Markets: map[int]model.Market{}}
	own := k.Empire
	own.Allies = append([]int(nil), own.Allies...)
	own.Enemies = append([]int(nil), own.Enemies...)
	own.Abilities = append([]model.SpecialAbility(nil), own.Abilities...)
	g.Empires = append(g.Empires, own)
	others := map[int]bool{r.Game.PlayerSauran: true}
	// The ships are the most of a sheet: one list, made at its size, with
	// no copy on the way.
	g.Ships = make([]model.Ship, 0, len(k.Ships)+len(k.ForeignShips)+len(k.ScannedPlayer)+1)
	g.Ships = append(g.Ships, k.Ships...)
	g.Ships = k.AppendSeenShips(g.Ships)
	kept := len(k.Ships)
	for _, s := range g.Ships[len(k.Ships):] {
		if s.Owner != me {
			g.Ships[kept] = s
			kept++
			others[s.Owner] = true
		}
	}
	g.Ships = g.Ships[:kept]
	g.Planets = make([]model.Planet, 0, len(k.Planets)+len(k.Trading)+len(k.ForeignPlanets)+1)
	seen := make(map[int]bool, cap(g.Planets))
	for _, p := range k.Planets {
		g.Planets = append(g.Planets, p)
		seen[p.ID] = true
	}
	for _, t := range k.Trading {
		if seen[t.Planet.ID] {
			continue
		}
		p := t.Planet
		p.Kind = model.Trading
		g.Planets = append(g.Planets, p)
		seen[p.ID] = true
		g.Markets[p.ID] = model.Market{Prices: t.Prices, Base: t.Prices}
	}
	for _, p := range k.SeenPlanets() {
		if !seen[p.ID] {
			g.Planets = append(g.Planets, p)
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
	slices.SortStableFunc(g.Ships, func(a, b model.Ship) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortStableFunc(g.Planets, func(a, b model.Planet) int { return cmp.Compare(a.ID, b.ID) })
	return g
}

// KnowledgeWorld is the world of a player's sheet, for checks and
// forecasts.
func KnowledgeWorld(r *rules.Rules, k *model.Knowledge) *World {
	w := NewWorld(r, FromKnowledge(r, k), Check)
	w.Me = k.Empire.Player
	w.SheetFleets = k.Fleets
	if k.ScannedPlanet != nil {
		w.Scanned = k.ScannedPlanet.ID
	}
	return w
}
