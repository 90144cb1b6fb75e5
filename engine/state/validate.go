package state

import (
	"fmt"

	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
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
	for _, e := range g.Empires {
		line := at("empire", e.Player)
		nonNegative(line, "empire", e.Player, named{"interceptors", e.Interceptors}, named{"missed", e.Missed})
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
	for id, m := range g.Markets {
		line := at("market", id)
		if !has("planet", id) {
			rd.failAt(line, "market of planet %d, which has no record", id)
		} else if p := planetOf(g, id); p.Kind != model.Trading {
			rd.failAt(line, "market of planet %d, which is not a trading planet", id)
		}
		ore(line, "market", id, "stock", m.Stock)
		nonNegative(line, "market", id, named{"fuel", m.Fuel})
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
		}
		if s.Officer != 0 && !has("officer", s.Officer) {
			rd.failAt(line, "ship %d: officer %d has no record", s.ID, s.Officer)
		}
		if s.Artifact != 0 && !has("artifact", s.Artifact) {
			rd.failAt(line, "ship %d: artifact %d has no record", s.ID, s.Artifact)
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
		if r.Race(o.Race) == nil && o.Race != 0 {
			rd.failAt(line, "officer %d is of race %d, which the rules do not have", o.ID, o.Race)
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
		if err := turnsheet.CheckText(what, s, max); err != nil {
			rd.failAt(line, "%v", err)
		}
	}
	check(rd.gameLine, "the game's name", g.Name, turnsheet.MaxGameName, true)
	check(rd.gameLine, "the due date", g.DueDate, turnsheet.MaxGameName, true)
	for i, b := range g.Broadcasts {
		check(rd.textLines["broadcast"][i], "a broadcast line", b, r.Naming.BroadcastLineLength, false)
	}
	for _, e := range g.Empires {
		line := rd.lines[objectKey{"empire", e.Player}]
		check(line, fmt.Sprintf("empire %d's name", e.Player), e.Name, turnsheet.MaxEmpireName, true)
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
		check(rd.lines[objectKey{"artifact", a.ID}], fmt.Sprintf("artifact %d's name", a.ID), a.Name, turnsheet.MaxEmpireName, true)
	}
	for _, t := range rd.texts {
		check(t.line, "the "+t.kind+" text", t.text, turnsheet.MaxOtherText, true)
	}
}
