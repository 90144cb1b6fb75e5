package model

import (
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/rules"
)

// Officer abilities that change what a ship sees and how far it goes.
const (
	AbilityNavigation   = 2
	AbilityIntelligence = 3
)

// CommRange is a ship's communication range: its type's, raised by its
// officer's Intelligence and its empire's special abilities (Long Range
// Sensors), rounded once. officers maps officer numbers to officers;
// abilities are the ship's owner's. The turn, the sheet and the window
// all ask this one figure.
func CommRange(r *rules.Rules, s *Ship, officers map[int]*Officer, abilities []SpecialAbility) int {
	return ShipCommRange(r, s, officerLevel(s, officers, AbilityIntelligence), abilities)
}

// MoveRange is a ship's movement range likewise, with Navigation.
func MoveRange(r *rules.Rules, s *Ship, officers map[int]*Officer, abilities []SpecialAbility) int {
	return ShipMoveRange(r, s, officerLevel(s, officers, AbilityNavigation), abilities)
}

// ShipCommRange is CommRange with the officer's Intelligence level given.
func ShipCommRange(r *rules.Rules, s *Ship, intelligence int, abilities []SpecialAbility) int {
	t := r.Ship(s.Type)
	if t == nil || !t.CommRange.OK {
		return 0
	}
	pct, _ := SpecialPercent(r, abilities, rules.EffectCommRangePercent)
	return rules.AdjustAll(float64(t.CommRange.N), r.Percent(AbilityIntelligence)*float64(intelligence), float64(pct))
}

// ShipMoveRange is MoveRange with the officer's Navigation level given.
func ShipMoveRange(r *rules.Rules, s *Ship, navigation int, abilities []SpecialAbility) int {
	t := r.Ship(s.Type)
	if t == nil || !t.Movement.OK {
		return 0
	}
	pct, _ := SpecialPercent(r, abilities, rules.EffectMovementPercent)
	return rules.AdjustAll(float64(t.Movement.N), r.Percent(AbilityNavigation)*float64(navigation), float64(pct))
}

// SpecialPercent is the sum of the figures of the special abilities with
// the effect, and whether there is one.
func SpecialPercent(r *rules.Rules, abilities []SpecialAbility, effect string) (int, bool) {
	total, ok := 0, false
	for _, a := range abilities {
		if sp := r.SpecialByName(a.Name); sp != nil && sp.Effect == effect {
			total += sp.Value
			ok = true
		}
	}
	return total, ok
}

func officerLevel(s *Ship, officers map[int]*Officer, a int) int {
	if o, ok := officers[s.Officer]; ok && s.Officer != 0 {
		return o.Current.Of(a)
	}
	return 0
}

// OfficerMap indexes officers by number.
func OfficerMap(os []Officer) map[int]*Officer {
	m := make(map[int]*Officer, len(os))
	for i := range os {
		m[os[i].ID] = &os[i]
	}
	return m
}

// Sight is how far a player sees from each place where he has ships: at
// each location, the longest communication range of the ships there that
// are not docked (a docked ship's range does not count). abilities are the
// player's special abilities.
func Sight(r *rules.Rules, ships []Ship, officers map[int]*Officer, abilities []SpecialAbility) map[geom.Point]int {
	m := map[geom.Point]int{}
	for i := range ships {
		s := &ships[i]
		if s.Inside != 0 {
			continue
		}
		c := CommRange(r, s, officers, abilities)
		if old, ok := m[s.Loc]; !ok || c > old {
			m[s.Loc] = c
		}
	}
	return m
}

// Seen reports whether p is within sight.
func Seen(sight map[geom.Point]int, p geom.Point) bool {
	for loc, rng := range sight { // any order: whether any place sees p
		if loc.Within(p, rng) {
			return true
		}
	}
	return false
}

// KnowledgeOf is what player p knows of the game: the contents of his turn
// sheet. Other players' ships show only number, type, name, location and
// owner, and only when uncloaked, undocked and within sight; other planets
// show number, name, location and owner.
func (g *Game) KnowledgeOf(r *rules.Rules, p int) *Knowledge {
	k := &Knowledge{Game: g.Name, Turn: g.Turn, DueDate: g.DueDate}
	if e := g.Empire(p); e != nil {
		k.Empire = *e
		k.Empire.Allies = append([]int(nil), e.Allies...)
		k.Empire.Enemies = append([]int(nil), e.Enemies...)
		k.Empire.Abilities = append([]SpecialAbility(nil), e.Abilities...)
	}
	k.Credit.Opening = k.Empire.Credits
	if e := g.Empire(p); e != nil {
		rep := &e.Report
		if len(rep.Credit.Lines) > 0 || rep.Credit.Opening != 0 {
			k.Credit = rep.Credit
			k.Credit.Lines = append([]CreditLine(nil), rep.Credit.Lines...)
		}
		k.Battle = append([]string(nil), rep.Battle...)
		k.Messages = append(append([]string(nil), g.Broadcasts...), rep.Messages...)
		k.Broadcasts = len(g.Broadcasts)
		k.Errors = append([]string(nil), rep.Errors...)
		if rep.ScannedShip != nil {
			s := *rep.ScannedShip
			s.GiftedBy, s.HitTurn = nil, 0 // the moderator's to know
			k.ScannedShip = &s
		}
		if rep.ScannedPlanet != nil {
			pl := *rep.ScannedPlanet
			pl.Hidden = 0
			k.ScannedPlanet = &pl
			k.ScannedMines = append([]Mine(nil), rep.ScannedMines...)
		}
		k.ScannedPlayerID = rep.ScannedPlayerID
		k.ScannedPlayer = append([]Ship(nil), rep.ScannedPlayer...)
		// What the sheet shows of an empire is not the moderator's side.
		k.Empire.Report = Report{}
		k.Empire.Missed, k.Empire.Computer, k.Empire.Dropped, k.Empire.Out = 0, false, false, false
		for i := range k.Empire.Abilities {
			k.Empire.Abilities[i].Practised = false // how it was won is the moderator's to know
		}
	}
	owned := map[int]bool{}
	for _, s := range g.Ships {
		if s.Owner == p {
			s.GiftedBy, s.HitTurn = nil, 0 // the moderator's to know
			k.Ships = append(k.Ships, s)
		}
	}
	for _, pl := range g.Planets {
		if pl.Owner == p && pl.Kind != Trading {
			pl.Hidden = 0
			k.Planets = append(k.Planets, pl)
			owned[pl.ID] = true
		}
	}
	sort.Slice(k.Ships, func(i, j int) bool { return k.Ships[i].ID < k.Ships[j].ID })
	k.Fleets = GroupFleets(k.Ships)
	shipOwned := map[int]bool{}
	for _, s := range k.Ships {
		shipOwned[s.ID] = true
	}
	for _, o := range g.Officers {
		if (o.Ship != 0 && shipOwned[o.Ship]) || (o.Planet != 0 && owned[o.Planet]) {
			o.Raised = Levels{} // the moderator's side: a sheet shows only the current levels
			k.Officers = append(k.Officers, o)
		}
	}
	for _, m := range g.Mines {
		if m.Owner == p {
			k.Mines = append(k.Mines, m)
		}
	}
	here := map[geom.Point]int{}
	for _, s := range g.Ships {
		here[s.Loc]++
	}
	for _, pl := range g.Planets {
		if pl.Kind == Trading {
			k.Trading = append(k.Trading, TradingPlanet{
				Planet: Planet{ID: pl.ID, Name: pl.Name, Kind: Trading, Loc: pl.Loc},
				Prices: g.Markets[pl.ID].Prices, ShipsHere: here[pl.Loc]})
		}
	}
	sight := Sight(r, k.Ships, OfficerMap(k.Officers), k.Empire.Abilities)
	for _, s := range g.Ships {
		if s.Owner != p && !s.Cloaked && s.Inside == 0 && Seen(sight, s.Loc) {
			k.ForeignShips = append(k.ForeignShips, Ship{ID: s.ID, Name: s.Name, Type: s.Type, Owner: s.Owner, Loc: s.Loc})
		}
	}
	for _, pl := range g.Planets {
		if pl.Owner != p && pl.Kind != Trading && Seen(sight, pl.Loc) {
			k.ForeignPlanets = append(k.ForeignPlanets, Planet{ID: pl.ID, Name: pl.Name, Loc: pl.Loc, Owner: pl.Owner})
		}
	}
	k.ForeignShips = append(k.ForeignShips, located(r, g, k.Ships, OfficerMap(k.Officers), k.Empire.Abilities, p)...)
	sort.Slice(k.ForeignShips, func(i, j int) bool { return k.ForeignShips[i].ID < k.ForeignShips[j].ID })
	sort.Slice(k.ForeignPlanets, func(i, j int) bool { return k.ForeignPlanets[i].ID < k.ForeignPlanets[j].ID })
	held := map[int]bool{}
	for _, s := range k.Ships {
		held[s.Artifact] = true
	}
	for _, pl := range k.Planets {
		held[pl.Artifact] = true
	}
	for _, a := range g.Artifacts {
		if held[a.ID] {
			k.Artifacts = append(k.Artifacts, a)
		}
	}
	k.Rings = append([]RingSighting(nil), g.Rings...)
	k.Score = g.scores(r, p)
	return k
}

// Scores is every empire's score, by player number, from what the game
// holds: its planets, ships and mines, counted once for all.
func (g *Game) Scores(r *rules.Rules) map[int]int {
	planets, ships, mines := map[int]int{}, map[int]int{}, map[int]int{}
	for _, pl := range g.Planets {
		planets[pl.Owner]++
	}
	for _, s := range g.Ships {
		ships[s.Owner]++
	}
	for _, m := range g.Mines {
		mines[m.Owner]++
	}
	out := make(map[int]int, len(g.Empires))
	for i := range g.Empires {
		e := &g.Empires[i]
		out[e.Player] = ScoreOf(r, e, planets[e.Player], ships[e.Player], mines[e.Player])
	}
	return out
}

// scores is p's score with the lowest and highest of all players but
// Sauran and those out of the game.
func (g *Game) scores(r *rules.Rules, p int) Score {
	all := g.Scores(r)
	var sc Score
	first := true
	for i := range g.Empires {
		e := &g.Empires[i]
		if e.Player == r.Game.PlayerSauran {
			continue
		}
		v := all[e.Player]
		if e.Player == p {
			sc.Current = v
		}
		if e.Out {
			continue // an empire out of the game no longer ranks
		}
		if first || v < sc.Low {
			sc.Low = v
		}
		if first || v > sc.High {
			sc.High = v
		}
		first = false
	}
	return sc
}
