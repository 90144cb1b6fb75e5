package state

import (
	"fmt"
	"maps"
	"silverfall/engine/text"
	"slices"

	"silverfall/engine/model"
	"silverfall/engine/password"
	"silverfall/engine/rules"
)

// validate checks what the records say against each other and the rules:
// what a hand edit may break. Each problem names the line of the record.
func (rd *reader) validate(r *rules.Rules) {
	g := rd.g
	at := func(kind string, id int) int { return rd.lines[objectKey{kind, id}] }
	has := func(kind string, id int) bool { _, ok := rd.lines[objectKey{kind, id}]; return ok }
	nonNegative := func(line int, what string, id int, values ...named) {
		for _, v := range values {
			if v.value < 0 {
				rd.failAt(line, "%s %d: %s is %d; it cannot be below 0", what, id, v.name, v.value)
			}
		}
	}
	ore := func(line int, what string, id int, name string, o model.Ore) {
		for i, v := range o {
			if v < 0 {
				rd.failAt(line, "%s %d: %s of ore %d is %d; it cannot be below 0", what, id, name, i+1, v)
			}
		}
	}
	owner := func(line int, what string, id, p int) {
		if p != 0 && !has("empire", p) {
			rd.failAt(line, "%s %d belongs to player %d, who has no empire record", what, id, p)
		}
	}
	rd.validateText(r)
	rd.validateFigures(r)
	if g.Turn >= model.MaxTurn {
		rd.failAt(rd.gameLine, "game: turn %d; a game ends long before turn %d", g.Turn, model.MaxTurn)
	}
	for _, e := range g.Empires {
		line := at("empire", e.Player)
		if !r.IsPlayer(e.Player) && e.Player != r.Game.PlayerSauran {
			rd.failAt(line, "empire %d: players are numbered 1 to %d, and Dark Lord Sauran %d", e.Player, r.Game.MaxPlayers, r.Game.PlayerSauran)
		}
		if e.Race != 0 && r.Race(e.Race) == nil {
			rd.failAt(line, "empire %d is of race %d; the races are 1 to %d (0 for none)", e.Player, e.Race, len(r.Races))
		}
		for _, a := range append(append([]int(nil), e.Allies...), e.Enemies...) {
			if !r.IsPlayer(a) && a != r.Game.PlayerSauran {
				rd.failAt(line, "empire %d lists player %d as ally or enemy; players are 1 to %d, and Sauran %d", e.Player, a, r.Game.MaxPlayers, r.Game.PlayerSauran)
			}
		}
		nonNegative(line, "empire", e.Player, named{"interceptors", e.Interceptors}, named{"missed", e.Missed})
		if e.Password != "" {
			if why := password.Check(e.Password); why != "" {
				rd.failAt(line, "empire %d: the password is not one the host makes: %s", e.Player, why)
			}
		}
		// What the sheet reader takes of a player's empire.
		if r.IsPlayer(e.Player) {
			if e.Interceptors > r.Interceptors.Max {
				rd.failAt(line, "empire %d holds %d interceptors; an empire holds at most %d", e.Player, e.Interceptors, r.Interceptors.Max)
			}
			if len(e.Allies) > r.Diplomacy.MaxAllies || len(e.Enemies) > r.Diplomacy.MaxEnemies {
				rd.failAt(line, "empire %d has %d allies and %d declared enemies; at most %d and %d", e.Player, len(e.Allies), len(e.Enemies), r.Diplomacy.MaxAllies, r.Diplomacy.MaxEnemies)
			}
		}
		for _, a := range append(append([]int(nil), e.Allies...), e.Enemies...) {
			if a == e.Player {
				rd.failAt(line, "empire %d lists itself as ally or enemy", e.Player)
			}
		}
	}
	for _, p := range g.Planets {
		line := at("planet", p.ID)
		owner(line, "planet", p.ID, p.Owner)
		nonNegative(line, "planet", p.ID, named{"population", p.Population}, named{"industry", p.Industry}, named{"fuel", p.Fuel}, named{"defenceunits", p.DefenceUnits})
		ore(line, "planet", p.ID, "ore", p.Ore)
		ore(line, "planet", p.ID, "stock", p.Stock)
		if p.DefenceUnits > r.PlanetDefence.MaxPerPlanet {
			rd.failAt(line, "planet %d: %d defence units; a planet holds at most %d", p.ID, p.DefenceUnits, r.PlanetDefence.MaxPerPlanet)
		}
		if e := g.Empire(p.Owner); (p.Owner == 0 || e != nil && len(e.Abilities) == 0) && p.Kind != model.Trading &&
			(p.Population > r.Growth.MaxPopulation || p.Industry > r.Growth.MaxIndustry) {
			rd.failAt(line, "planet %d: population %d and industry %d; without special abilities neither goes above %d",
				p.ID, p.Population, p.Industry, max(r.Growth.MaxPopulation, r.Growth.MaxIndustry))
		}
		if p.Kind > model.Trading {
			rd.failAt(line, "planet %d: kind %d; 0 is an independent planet, 1 an origin, 2 a trading planet", p.ID, p.Kind)
		}
		if p.Officer != 0 && !has("officer", p.Officer) {
			rd.failAt(line, "planet %d: officer %d has no record", p.ID, p.Officer)
		}
		for _, a := range []int{p.Artifact, p.Hidden} {
			if a != 0 && !has("artifact", a) {
				rd.failAt(line, "planet %d: artifact %d has no record", p.ID, a)
			}
		}
	}
	marketIDs := make([]int, 0, len(g.Markets))
	for id := range g.Markets { // any order: sorted below
		marketIDs = append(marketIDs, id)
	}
	slices.Sort(marketIDs) // the errors in the same order every time
	for _, id := range marketIDs {
		m := g.Markets[id]
		line := at("market", id)
		if !has("planet", id) {
			rd.failAt(line, "market of planet %d, which has no record", id)
		} else if p := planetOf(g, id); p.Kind != model.Trading {
			rd.failAt(line, "market of planet %d, which is not a trading planet", id)
		}
		ore(line, "market", id, "stock", m.Stock)
		nonNegative(line, "market", id, named{"fuel", m.Fuel})
	}
	ships := make(map[int]*model.Ship, len(g.Ships))
	for i := range g.Ships {
		ships[g.Ships[i].ID] = &g.Ships[i]
	}
	for _, s := range g.Ships {
		line := at("ship", s.ID)
		owner(line, "ship", s.ID, s.Owner)
		if s.Owner == 0 {
			rd.failAt(line, "ship %d has no owner", s.ID)
		}
		if r.Ship(s.Type) == nil {
			rd.failAt(line, "ship %d is of type %d, which the rules do not have", s.ID, s.Type)
		}
		nonNegative(line, "ship", s.ID, named{"fire", s.Fire}, named{"defence", s.Defence}, named{"fuel", s.Fuel}, named{"population", s.Population})
		ore(line, "ship", s.ID, "cargo", s.Cargo)
		if s.Inside != 0 && (s.Inside == s.ID || !has("ship", s.Inside)) {
			rd.failAt(line, "ship %d is docked in ship %d, which has no record", s.ID, s.Inside)
		} else if s.Inside != 0 {
			rd.docked(s, ships)
		}
		if t := r.Ship(s.Type); t != nil {
			if t.MaxFuel.OK && s.Fuel > t.MaxFuel.N {
				rd.failAt(line, "ship %d: fuel %d; its type holds at most %d", s.ID, s.Fuel, t.MaxFuel.N)
			}
		}
		if s.Fire > s.MaxFire || s.Defence > s.MaxDefence {
			rd.failAt(line, "ship %d: fire %d/%d, defence %d/%d; the units now cannot be above the most", s.ID, s.Fire, s.MaxFire, s.Defence, s.MaxDefence)
		}
		if s.Officer != 0 && !has("officer", s.Officer) {
			rd.failAt(line, "ship %d: officer %d has no record", s.ID, s.Officer)
		}
		if s.Artifact != 0 && !has("artifact", s.Artifact) {
			rd.failAt(line, "ship %d: artifact %d has no record", s.ID, s.Artifact)
		}
		if s.HitTurn < 0 || s.HitTurn > g.Turn {
			rd.failAt(line, "ship %d: hit in turn %d; the game is at turn %d", s.ID, s.HitTurn, g.Turn)
		}
	}
	for _, o := range g.Officers {
		line := at("officer", o.ID)
		switch {
		case o.Ship != 0 && o.Planet != 0:
			rd.failAt(line, "officer %d is both on ship %d and on planet %d", o.ID, o.Ship, o.Planet)
		case o.Ship != 0 && !has("ship", o.Ship):
			rd.failAt(line, "officer %d commands ship %d, which has no record", o.ID, o.Ship)
		case o.Planet != 0 && !has("planet", o.Planet):
			rd.failAt(line, "officer %d is on planet %d, which has no record", o.ID, o.Planet)
		}
		if o.Race != 0 && r.Race(o.Race) == nil {
			rd.failAt(line, "officer %d is of race %d; the races are 1 to %d (0 for none)", o.ID, o.Race, len(r.Races))
		}
		for _, l := range []model.Levels{o.Levels, o.Aptitude, o.Current} {
			for a, n := range l {
				if n < 0 || n > r.Officers.MaxBoostedLevel {
					rd.failAt(line, "officer %d: level %d in ability %d; levels are 0 to %d", o.ID, n, a+1, r.Officers.MaxBoostedLevel)
				}
			}
		}
	}
	for _, a := range g.Artifacts {
		line := at("artifact", a.ID)
		if a.Ability < 0 || a.Ability > rules.Abilities || a.Levels < 0 || a.Levels > r.Officers.MaxBoostedLevel {
			rd.failAt(line, "artifact %d raises ability %d by %d; abilities are 0 to %d, levels 0 to %d", a.ID, a.Ability, a.Levels, rules.Abilities, r.Officers.MaxBoostedLevel)
		}
	}
	for _, m := range g.Mines {
		line := at("mine", m.ID)
		if !has("planet", m.Planet) {
			rd.failAt(line, "mine %d is on planet %d, which has no record", m.ID, m.Planet)
		}
		if m.OreType < 1 || m.OreType > rules.OreTypes {
			rd.failAt(line, "mine %d mines ore type %d; ore types are 1 to %d", m.ID, m.OreType, rules.OreTypes)
		}
		owner(line, "mine", m.ID, m.Owner)
		nonNegative(line, "mine", m.ID, named{"rate", m.Rate})
	}
}

// docked checks a docked ship: its carrier is the same player's, at the
// same place, and the chain of carriers ends at a ship that is not docked.
func (rd *reader) docked(s model.Ship, ships map[int]*model.Ship) {
	line := rd.lines[objectKey{"ship", s.ID}]
	c := ships[s.Inside]
	switch {
	case c.Owner != s.Owner:
		rd.failAt(line, "ship %d of player %d is docked in ship %d of player %d; a ship docks only in its own player's ships", s.ID, s.Owner, c.ID, c.Owner)
		return
	case c.Loc != s.Loc:
		rd.failAt(line, "ship %d is docked in ship %d but at %v, and ship %d at %v", s.ID, c.ID, s.Loc, c.ID, c.Loc)
		return
	}
	seen := map[int]bool{s.ID: true}
	for ; c != nil && c.Inside != 0; c = ships[c.Inside] {
		if seen[c.ID] {
			rd.failAt(line, "ship %d is docked in a circle of ships (%d is inside %d)", s.ID, c.ID, c.Inside)
			return
		}
		seen[c.ID] = true
	}
}

func planetOf(g *model.Game, id int) *model.Planet {
	for i := range g.Planets {
		if g.Planets[i].ID == id {
			return &g.Planets[i]
		}
	}
	return nil
}

type named struct {
	name  string
	value int
}

// validateText checks every piece of text that goes onto a sheet: printable
// characters only, within the lengths the sheet reader takes. A name may
// be empty (no name).
func (rd *reader) validateText(r *rules.Rules) {
	g := rd.g
	check := func(line int, what, s string, max int, empty bool) {
		if s == "" && empty {
			return
		}
		if err := text.Check(what, s, max); err != nil {
			rd.failAt(line, "%v", err)
		}
	}
	check(rd.gameLine, "the game's name", g.Name, text.MaxGameName, true)
	check(rd.gameLine, "the due date", g.DueDate, text.MaxGameName, true)
	for i, b := range g.Broadcasts {
		check(rd.textLines["broadcast"][i], "a broadcast line", b, r.Naming.BroadcastLineLength, false)
	}
	for _, e := range g.Empires {
		line := rd.lines[objectKey{"empire", e.Player}]
		check(line, fmt.Sprintf("empire %d's name", e.Player), e.Name, text.MaxEmpireName, true)
	}
	for _, p := range g.Planets {
		check(rd.lines[objectKey{"planet", p.ID}], fmt.Sprintf("planet %d's name", p.ID), p.Name, r.Naming.PlanetLength, true)
	}
	for _, s := range g.Ships {
		check(rd.lines[objectKey{"ship", s.ID}], fmt.Sprintf("ship %d's name", s.ID), s.Name, r.Naming.ShipLength, true)
	}
	for _, o := range g.Officers {
		check(rd.lines[objectKey{"officer", o.ID}], fmt.Sprintf("officer %d's name", o.ID), o.Name, r.Naming.OfficerLength, true)
	}
	for _, a := range g.Artifacts {
		check(rd.lines[objectKey{"artifact", a.ID}], fmt.Sprintf("artifact %d's name", a.ID), a.Name, text.MaxEmpireName, true)
	}
	for _, t := range rd.texts {
		check(t.line, "the "+t.kind+" text", t.text, text.MaxOtherText, true)
	}
}

// Bounds of the figures a state may hold, well below what the sheet
// reader takes (model.MaxFigure), so that one turn's arithmetic on
// them (upkeep, sales, growth) stays within it: a state that reads always
// gives a turn whose state and sheets read.
const (
	maxCredits = 100_000_000_000 // credits, points, anti-points
	maxCount   = 1_000_000       // interceptors, units, rates, prices
	maxAmount  = 1_000_000_000   // ore, fuel and stocks on planets and markets
)

// validateFigures checks every figure against those bounds.
func (rd *reader) validateFigures(r *rules.Rules) {
	g := rd.g
	at := func(kind string, id int) int { return rd.lines[objectKey{kind, id}] }
	within := func(line int, what string, id int, bound int, values ...named) {
		for _, v := range values {
			if v.value > bound || v.value < -bound {
				rd.failAt(line, "%s %d: %s is %d; no game comes near it (at most %d)", what, id, v.name, v.value, bound)
			}
		}
	}
	ore := func(o model.Ore) int {
		m := 0
		for _, v := range o {
			m = max(m, v, -v)
		}
		return m
	}
	for _, e := range g.Empires {
		line := at("empire", e.Player)
		within(line, "empire", e.Player, maxCredits, named{"credits", e.Credits}, named{"points", e.Points}, named{"antipoints", e.AntiPoints},
			named{"credits at the start of the turn", e.Report.Credit.Opening})
		within(line, "empire", e.Player, maxCount, named{"interceptors", e.Interceptors}, named{"missed", e.Missed})
		for _, l := range e.Report.Credit.Lines {
			within(line, "empire", e.Player, maxCredits, named{"a credit line", l.Amount})
		}
	}
	for _, p := range g.Planets {
		within(at("planet", p.ID), "planet", p.ID, maxAmount, named{"population", p.Population}, named{"industry", p.Industry},
			named{"fuel", p.Fuel}, named{"ore", ore(p.Ore)}, named{"stock", ore(p.Stock)})
	}
	for _, id := range slices.Sorted(maps.Keys(g.Markets)) {
		m := g.Markets[id]
		within(at("market", id), "market", id, maxCount, named{"a price", ore(m.Prices.Ore)}, named{"the fuel price", m.Prices.Fuel},
			named{"a base price", ore(m.Base.Ore)}, named{"the base fuel price", m.Base.Fuel})
		within(at("market", id), "market", id, maxAmount, named{"stock", ore(m.Stock)}, named{"fuel", m.Fuel})
	}
	for _, s := range g.Ships {
		line := at("ship", s.ID)
		within(line, "ship", s.ID, maxCount, named{"maxfire", s.MaxFire}, named{"maxdefence", s.MaxDefence}, named{"fuel", s.Fuel})
		t := r.Ship(s.Type)
		if t == nil {
			continue
		}
		if n := s.Cargo.Total(); n > 0 && (!t.Cargo.OK || r.CargoNeeded(s.Cargo) > t.Cargo.N*r.CargoScale()) {
			rd.failAt(line, "ship %d carries %d units of ore, more than its %s cargo units hold", s.ID, n, capacity(t.Cargo))
		}
		if s.Population > t.Population {
			rd.failAt(line, "ship %d carries population %d; its type carries at most %d", s.ID, s.Population, t.Population)
		}
	}
	for _, m := range g.Mines {
		within(at("mine", m.ID), "mine", m.ID, maxCount, named{"rate", m.Rate})
	}
	for _, a := range g.Artifacts {
		within(at("artifact", a.ID), "artifact", a.ID, maxCount, named{"points", a.Points})
	}
}

func capacity(v rules.Value) string {
	if !v.OK {
		return "no"
	}
	return fmt.Sprint(v.N)
}
