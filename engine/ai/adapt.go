package ai

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"silverfall/engine/model"
)

// What a level that adapts (hard) reads off its sheet about what was done
// to it last turn, and what it does about it: raided, it buys interceptors
// (economy.go's defence); attacked, it keeps more warships home on guard
// and buys defence units (fleet.go, economy.go); an ally that never shows
// it allied back is dropped (allyCheck below). The figures are the
// level's (levels.toml: raided_interceptors, attacked_guard_percent,
// attacked_defence_units, ally_answer_turns).

// raided reports whether the sheet shows a raid on the empire's treasury
// last turn: credits taken, or a scan its interceptors stopped.
func raided(k *model.Knowledge) bool {
	for _, l := range k.Credit.Lines {
		if l.What == "Taken by raiders" && l.Amount != 0 {
			return true
		}
	}
	for i, m := range k.Messages {
		if i < k.Broadcasts {
			continue // the players' own lines say nothing about it
		}
		if strings.HasPrefix(m, "Raiders took ") || strings.HasPrefix(m, "Your interceptors stopped a scan of your empire") {
			return true
		}
	}
	return false
}

// attackers are the players (not Sauran, whose ships fight everyone's)
// whose ships fired on the empire's ships or bombarded its planets last
// turn, by the battle report.
func attackers(k *model.Knowledge, sauran int) map[int]bool {
	out := map[int]bool{}
	for _, l := range k.Battle {
		if !strings.Contains(l, " fired on your ship ") && !strings.Contains(l, " bombarded your planet ") {
			continue
		}
		_, rest, ok := strings.Cut(l, " of player ")
		if !ok {
			continue
		}
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if p, err := strconv.Atoi(rest[:n]); err == nil && p != sauran && p != k.Empire.Player {
			out[p] = true
		}
	}
	return out
}

// guardPercent is the share of its warships the empire keeps home on
// guard: more once the sheet shows a player attacked it.
func (p *planner) guardPercent() int {
	if p.lv.AttackedGuardPercent > 0 && len(attackers(p.k, p.r.Game.PlayerSauran)) > 0 {
		return max(p.lv.GuardPercent, p.lv.AttackedGuardPercent)
	}
	return p.lv.GuardPercent
}

// interceptorsWanted is how many interceptors the empire keeps: the
// level's, or once raided the level's figure for that.
func (p *planner) interceptorsWanted() int {
	if p.lv.RaidedInterceptors > 0 && raided(p.k) {
		return max(p.lv.Interceptors, min(p.lv.RaidedInterceptors, p.r.Interceptors.Max))
	}
	return p.lv.Interceptors
}

// allyLine is the empire's own broadcast line about its alliance: which
// ally it asked since which turn, and the last ones (at most
// maxDropped, newest first) it dropped for never allying back. It comes back on the next sheet, which is how the empire
// remembers (as with the station notes, sauran.go); an ally that answers
// writes the same line naming it.
type allyLine struct {
	from, ally, since int
	dropped           []int
}

// maxDropped is how many dropped allies the line remembers: as many as an
// empire may have allies, so that it does not go round among its
// neighbours asking each again; three fit a broadcast line at 40 players.
const maxDropped = 3

const allyTo = " to allies: "

func (a allyLine) String() string {
	s := fmt.Sprintf("%s%d%s", notePrefix, a.from, allyTo)
	if a.ally != 0 {
		s += fmt.Sprintf("ally %d since turn %d", a.ally, a.since)
		if len(a.dropped) > 0 {
			s += ", "
		}
	}
	if len(a.dropped) > 0 {
		s += "dropped"
		for _, d := range a.dropped {
			s += " " + strconv.Itoa(d)
		}
	}
	return s
}

// parseAllyLine reads a line written by String; anything else is not one.
func parseAllyLine(line string) (a allyLine, ok bool) {
	if len(line) > 80 || !strings.HasPrefix(line, notePrefix) {
		return a, false
	}
	head, rest, found := strings.Cut(line[len(notePrefix):], allyTo)
	if !found || !digits(head) {
		return a, false
	}
	a.from, _ = strconv.Atoi(head)
	for _, part := range strings.Split(rest, ", ") {
		f := strings.Fields(part)
		switch {
		case len(f) == 5 && f[0] == "ally" && f[2] == "since" && f[3] == "turn" && digits(f[1]) && digits(f[4]):
			a.ally, _ = strconv.Atoi(f[1])
			a.since, _ = strconv.Atoi(f[4])
		case len(f) >= 2 && len(f) <= 1+maxDropped && f[0] == "dropped" && a.dropped == nil:
			for _, d := range f[1:] {
				if !digits(d) {
					return allyLine{}, false
				}
				n, _ := strconv.Atoi(d)
				a.dropped = append(a.dropped, n)
			}
		default:
			return allyLine{}, false
		}
	}
	return a, a.from > 0 && (a.ally > 0 || len(a.dropped) > 0)
}

// digits reports whether s is a short run of decimal digits.
func digits(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// allyCheck judges the empire's allies by what the sheet shows: an ally
// answered when one of its broadcast lines names the empire its ally, or
// it wrote to its allies (a station note). An ally that has not answered
// within the level's turns is dropped (BA), and not asked again while the
// empire's line remembers it. It returns the line to broadcast (see
// allyNote); nil at a level that does not judge its allies.
func (p *planner) allyCheck() *allyLine {
	if p.lv.AllyAnswerTurns == 0 {
		return nil
	}
	var own allyLine
	answered := map[int]bool{}
	for i, line := range p.k.Messages {
		if i >= p.k.Broadcasts || i >= 200 {
			break
		}
		if a, ok := parseAllyLine(line); ok {
			if a.from == p.me {
				own = a // the last of the empire's own lines
			} else if a.ally == p.me {
				answered[a.from] = true
			}
		} else if n, ok := parseNote(line, p.r.Game.MapRadius+200); ok {
			answered[n.from] = true
		}
	}
	line := &allyLine{from: p.me, dropped: slices.Clone(own.dropped)}
	for _, a := range p.k.Empire.Allies {
		since := p.turn
		if own.ally == a && own.since > 0 && own.since <= p.turn {
			since = own.since
		}
		if !answered[a] && p.turn-since >= p.lv.AllyAnswerTurns && !slices.Contains(line.dropped, a) {
			if p.add("BA %d", a) {
				line.dropped = append([]int{a}, line.dropped...)[:min(len(line.dropped)+1, maxDropped)]
			}
			continue
		}
		if line.ally == 0 {
			line.ally, line.since = a, since
		}
	}
	return line
}

// allyNote broadcasts the empire's alliance line, with the ally asked
// this turn (asked) when it has none yet.
func (p *planner) allyNote(line *allyLine, asked int) {
	if line == nil {
		return
	}
	if line.ally == 0 && asked != 0 {
		line.ally, line.since = asked, p.turn
	}
	if line.ally != 0 || len(line.dropped) > 0 {
		p.add("BROADCAST %s", line)
	}
}
