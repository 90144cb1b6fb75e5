package turn

import (
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
	g.Ships = append(g.Ships, k.Ships...)
	for _, s := range k.SeenShips() {
		if s.Owner != me {
			g.Ships = append(g.Ships, s)
			others[s.Owner] = true
		}
	}
	seen := map[int]bool{}
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
	sort.Slice(g.Ships, func(i, j int) bool { return g.Ships[i].ID < g.Ships[j].ID })
	sort.Slice(g.Planets, func(i, j int) bool { return g.Planets[i].ID < g.Planets[j].ID })
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
