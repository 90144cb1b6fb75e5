package setup

import (
	"fmt"
	"sort"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Ship is one ship chosen: its type and, for the customisable types only,
// the fire and defence units the player gives it.
type Ship struct {
	Type, Fire, Defence int
}

// Setup is one player's choice for the start of a game.
type Setup struct {
	Game   string
	Player int
	Race   int          // the Commodore's race, the empire's main race (1 to 11)
	Levels model.Levels // the Commodore's levels, by ability (index 0 is ability 1)
	Ships  []Ship       // the ships besides the battle station, in the player's order
	// Lines are where each part stood in a file read (0: not from a file).
	Lines Lines
}

// Lines are the lines of a file read that gave each part of a set-up.
type Lines struct {
	Game, Player, Race int
	Ability            [rules.Abilities]int
	Ships              []int
}

// Problem is a broken limit, at its line of the file (0: not from a file).
type Problem struct {
	Line int
	Msg  string
}

// Cost is what ship s costs: the table's price, with the units of a
// customisable type added.
func Cost(r *rules.Rules, s Ship) int {
	t := r.Ship(s.Type)
	if t == nil {
		return 0
	}
	return r.BuildCost(t, s.Fire, s.Defence)
}

// Spent is what the ships chosen cost in all.
func (s *Setup) Spent(r *rules.Rules) int {
	n := 0
	for _, sh := range s.Ships {
		n += Cost(r, sh)
	}
	return n
}

// CreditsLeft is what the ships chosen leave of the set-up's allowance.
func (s *Setup) CreditsLeft(r *rules.Rules) int { return r.Start.MaxShipsCost - s.Spent(r) }

// PointsLeft is what the Commodore's levels leave of his points.
func (s *Setup) PointsLeft(r *rules.Rules) int { return r.Officers.CommodorePoints - s.Levels.Sum() }

// OfType counts the ships of type t chosen.
func (s *Setup) OfType(t int) int {
	n := 0
	for _, sh := range s.Ships {
		if sh.Type == t {
			n++
		}
	}
	return n
}

// Choosable reports whether a ship of type t may be one of the ships
// chosen, and why not: the battle station is the position's own, the
// others are "other ships"; a type dearer than the whole allowance could
// never fit.
func Choosable(r *rules.Rules, t *rules.ShipType) (bool, string) {
	switch {
	case t.ID == rules.TypeBattleStation:
		return false, "every position starts with its one battle station; the ships chosen are other ships"
	case r.BuildCost(t, t.Fire.Min, t.Defence.Min) > r.Start.MaxShipsCost:
		return false, fmt.Sprintf("costs %s credits, more than the %s all the ships chosen may cost",
			Credits(r.BuildCost(t, t.Fire.Min, t.Defence.Min)), Credits(r.Start.MaxShipsCost))
	}
	return true, ""
}

// Check lists every limit of the rule book's position set-up that s breaks,
// by line when s was read from a file: a race of the book's list; at most
// 3 levels in an ability and exactly 16 in all; at most nine ships, two of a type,
// costing 350,000 credits together (the figures are the rules data's).
// Fewer ships are allowed, but every point is given (docs/choices.md).
func (s *Setup) Check(r *rules.Rules) []Problem {
	var out []Problem
	bad := func(line int, format string, args ...any) {
		out = append(out, Problem{line, fmt.Sprintf(format, args...)})
	}
	if !r.IsPlayer(s.Player) {
		bad(s.Lines.Player, "player %d: a player's number is 1 to %d", s.Player, r.Game.MaxPlayers)
	}
	if r.Race(s.Race) == nil {
		bad(s.Lines.Race, "the Commodore's race must be one of the %d races (1 to %d), not %d", len(r.Races), len(r.Races), s.Race)
	}
	out = append(out, s.checkLevels(r)...)
	out = append(out, s.checkShips(r)...)
	return out
}

func (s *Setup) checkLevels(r *rules.Rules) []Problem {
	var out []Problem
	top := r.Officers.CommodoreMaxStartLevel
	// In the file's order, so that the sum is refused where it passes.
	order := make([]int, rules.Abilities)
	for a := range order {
		order[a] = a
	}
	sort.SliceStable(order, func(i, j int) bool { return s.Lines.Ability[order[i]] < s.Lines.Ability[order[j]] })
	sum := 0
	for _, a := range order {
		l, line, name := s.Levels[a], s.Lines.Ability[a], r.Ability(a+1).Name
		switch {
		case l < 0:
			out = append(out, Problem{line, fmt.Sprintf("%s %d: a level is 0 or more", name, l)})
		case l > top:
			out = append(out, Problem{line, fmt.Sprintf("%s %d: the Commodore starts with at most %d in an ability", name, l, top)})
		}
		sum += l
		if sum > r.Officers.CommodorePoints && sum-l <= r.Officers.CommodorePoints {
			// A file's line says which ability passes the sum; a set-up
			// not read from one (the window's form) has no such line.
			by := ""
			if line > 0 {
				by = " with " + name
			}
			out = append(out, Problem{line, fmt.Sprintf("the Commodore's levels come to %d%s; he has %d points to give",
				s.Levels.Sum(), by, r.Officers.CommodorePoints)})
		}
	}
	if sum < r.Officers.CommodorePoints {
		// Every position starts with a Commodore, and a rank follows the
		// levels: fewer points would start him as a Captain or lower.
		// At the last ability's line, or the race's when none is given.
		line := max(lastLine(s.Lines.Ability[:]), s.Lines.Race)
		if l := lastLine(s.Lines.Ability[:]); l > 0 {
			line = l
		}
		out = append(out, Problem{line, fmt.Sprintf(
			"the Commodore's levels come to %d: give all %d points (with fewer he would not rank as a Commodore)",
			sum, r.Officers.CommodorePoints)})
	}
	return out
}

// lastLine is the latest of lines, 0 when none is from a file.
func lastLine(lines []int) int {
	last := 0
	for _, l := range lines {
		last = max(last, l)
	}
	return last
}

func (s *Setup) checkShips(r *rules.Rules) []Problem {
	var out []Problem
	bad := func(line int, format string, args ...any) {
		out = append(out, Problem{line, fmt.Sprintf(format, args...)})
	}
	st := r.Start
	count := map[int]int{}
	spent := 0
	for i, sh := range s.Ships {
		line := 0
		if i < len(s.Lines.Ships) {
			line = s.Lines.Ships[i]
		}
		if i == st.MaxShips {
			bad(line, "a %dth ship: a position starts with at most %d ships besides its battle station", i+1, st.MaxShips)
		}
		t := r.Ship(sh.Type)
		if t == nil {
			bad(line, "ship type %d: the types are 1 to %d", sh.Type, len(r.Ships))
			continue
		}
		if ok, why := Choosable(r, t); !ok {
			bad(line, "%s (%d): %s", t.Name, t.ID, why)
			continue
		}
		if count[t.ID]++; count[t.ID] == st.MaxPerType+1 {
			bad(line, "a %s (%d) more than the %d of a type a position may start with", t.Name, t.ID, st.MaxPerType)
		}
		if t.Customisable {
			if !t.Fire.Contains(sh.Fire) {
				bad(line, "%s with %d fire units: this type has %s", t.Name, sh.Fire, t.Fire)
			}
			if !t.Defence.Contains(sh.Defence) {
				bad(line, "%s with %d defence units: this type has %s", t.Name, sh.Defence, t.Defence)
			}
		} else if sh.Fire != 0 || sh.Defence != 0 {
			bad(line, "%s: only the customisable types are given fire and defence units", t.Name)
		}
		before := spent
		spent += r.BuildCost(t, sh.Fire, sh.Defence)
		if spent > st.MaxShipsCost && before <= st.MaxShipsCost {
			by := "" // as for the levels: the ship that passes the sum, on its line
			if line > 0 {
				by = " with this " + t.Name
			}
			bad(line, "the ships come to %s credits%s, more than the %s they may cost together",
				Credits(spent), by, Credits(st.MaxShipsCost))
		}
	}
	return out
}

// Credits prints a sum as the book does: 350,000.
func Credits(n int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
