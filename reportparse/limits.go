package reportparse

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"silverfall/engine/model"
)

// The bounds of what a sheet may hold beyond the rules' own caps; the
// format doc lists them all. A value outside them is an error with its
// line: a sheet from outside may hold anything, and a figure that cannot
// be must not reach the window or the checker.
const (
	// MaxCoordinate bounds each coordinate of a location. The rules set no
	// edge to the system, but a ship moves at most a few hundred positions
	// a turn: a million is far beyond any game.
	MaxCoordinate = model.MaxCoordinate
	// MaxLineLength bounds a line of the sheet: the format writes at most
	// 76 characters, and mail programs that join lines stay within the
	// e-mail standard's 998.
	MaxLineLength = 1000
	// MaxTurn bounds the turn number; a game runs about 25.
	MaxTurn = model.MaxTurn
	// MaxObjects bounds the ships, and apart the planets, that a sheet
	// tells of, of each kind (the player's own, others' in sight): 40
	// empires build a few ships a turn for some 25 turns, and the galaxy
	// has a few thousand planets.
	MaxObjects = 50_000
	// MaxLines bounds the lines of a sheet: a sheet of MaxObjects ships
	// and as many planets and mines runs to a few hundred thousand.
	MaxLines = 1_000_000
	// maxTextItems bounds the items of a section of text (messages, battle
	// reports, errors): a battle of thousands of ships tells of each.
	maxTextItems = 4 * MaxObjects
	// maxWarnings is how many warnings a report keeps; the rest are counted.
	maxWarnings = 100
	// maxFleetShips bounds the ships of one fleet: no more than the ships
	// of the player's own a sheet takes, so that any state's sheet reads.
	maxFleetShips = MaxObjects
)

// checkLine refuses a line that no sheet has: far too long, or holding
// control characters (which could drive a terminal that prints it).
func (p *parser) checkLine(l line) bool {
	if len(l.text) > MaxLineLength {
		p.errorf(l.n, "the line is %d characters long; a turn sheet's lines are at most 76 (%d allowing for mail programs)", utf8.RuneCountInString(l.text), MaxLineLength)
		return false
	}
	for i, r := range l.text {
		if r == '\t' {
			continue
		}
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			p.errorf(l.n, "column %d: a control character (%U), which no turn sheet holds", i+1, r)
			return false
		}
	}
	return true
}

// bidi are the characters that reorder text on screen: in a name they can
// make it read as something else. They are shown as visible marks.
func isBidi(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

// visible replaces characters that reorder text by marks that show them.
// The text is a copy: a piece of the sheet would keep the whole sheet in
// memory for as long as the knowledge lives.
func (p *parser) visible(n int, s string) string {
	if !strings.ContainsFunc(s, isBidi) {
		return strings.Clone(s)
	}
	p.warnf(n, "text with characters that reorder it on screen; they are shown as <U+…> marks")
	var b strings.Builder
	for _, r := range s {
		if isBidi(r) {
			fmt.Fprintf(&b, "<%U>", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// intIn reads a number in [lo, hi].
func (c *cursor) intIn(what string, lo, hi int) int {
	if c.fail {
		return 0
	}
	at := c.i
	n := c.int(what)
	if !c.fail && (n < lo || n > hi) {
		c.i = at
		c.p.errorf(c.l.n, "%s: %s must be %s, got %d", c.sec, what, rangeText(lo, hi), n)
		c.fail = true
		return 0
	}
	return n
}

func rangeText(lo, hi int) string {
	switch {
	case hi == maxFigure:
		return fmt.Sprintf("%d or more", lo)
	case lo == hi:
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// maxFigure bounds counts the rules leave open: the twelve digits the
// reader takes.
const maxFigure = model.MaxFigure

// count reads a count: 0 or more.
func (c *cursor) count(what string) int { return c.intIn(what, 0, maxFigure) }

// number reads an object's number: 1 or more.
func (c *cursor) number(what string) int { return c.intIn(what, 1, maxFigure) }

// player reads a player number: 1 to the most players, or Sauran; 0 too
// where it means nobody.
func (c *cursor) player(what string, nobody bool) int {
	if c.fail {
		return 0
	}
	at := c.i
	n := c.int(what)
	g := c.p.r.Game
	if !c.fail && !(n >= 1 && n <= g.MaxPlayers || n == g.PlayerSauran || nobody && n == 0) {
		c.i = at
		low := 1
		if nobody {
			low = 0
		}
		c.p.errorf(c.l.n, "%s: %s must be %d to %d or %d, got %d", c.sec, what, low, g.MaxPlayers, g.PlayerSauran, n)
		c.fail = true
		return 0
	}
	return n
}

// nameOf reads a name of at most max characters.
func (c *cursor) nameOf(what string, max int) string {
	s := c.name()
	if c.fail {
		return ""
	}
	if n := utf8.RuneCountInString(s); n > max {
		c.p.errorf(c.l.n, "%s: a %s's name is at most %d characters, this one has %d", c.sec, what, max, n)
		c.fail = true
		return ""
	}
	return c.p.visible(c.l.n, s)
}

// oreCounts reads five ore figures, each 0 or more.
func (c *cursor) oreCounts(what string) (o model.Ore) {
	for t := range o {
		o[t] = c.count(what)
	}
	return o
}

// where remembers on which line an object of the sheet was given.
type where map[int]int

// consistency checks what no sheet can say: a number given twice, a ship
// docked in itself or in a circle, fleets of ships the sheet does not
// have, planets above the rules' caps.
func (p *parser) consistency() {
	k := p.k
	own := map[int]*model.Ship{}
	for i := range k.Ships {
		own[k.Ships[i].ID] = &k.Ships[i]
	}
	for i := range k.Ships {
		s := &k.Ships[i]
		if s.Inside == 0 {
			continue
		}
		line := p.shipLines[s.ID]
		carrier, ok := own[s.Inside]
		switch {
		case s.Inside == s.ID:
			p.errorf(line, "ship %d is docked in itself", s.ID)
			continue
		case !ok:
			p.errorf(line, "ship %d is docked in ship %d, which the sheet does not list among the player's ships", s.ID, s.Inside)
			continue
		case carrier.Loc != s.Loc:
			p.errorf(line, "ship %d is docked in ship %d but at %v, and ship %d at %v", s.ID, s.Inside, s.Loc, s.Inside, carrier.Loc)
			continue
		}
		// Follow the chain: a circle never ends at an undocked ship.
		seen := map[int]bool{s.ID: true}
		for c := carrier; c != nil && c.Inside != 0; c = own[c.Inside] {
			if seen[c.ID] {
				p.errorf(line, "ship %d is docked in a circle of ships (%d is inside %d)", s.ID, c.ID, c.Inside)
				break
			}
			seen[c.ID] = true
		}
	}
	inFleet := map[int]int{}
	for i := range k.Fleets {
		f := &k.Fleets[i]
		line := p.fleetLines[f.ID]
		for _, id := range f.Ships {
			if other, twice := inFleet[id]; twice {
				p.errorf(line, "fleet %d lists ship %d, which fleet %d lists already", f.ID, id, other)
				break
			}
			inFleet[id] = f.ID
			s, ok := own[id]
			if !ok {
				p.errorf(line, "fleet %d lists ship %d, which the sheet does not list among the player's ships", f.ID, id)
				break
			}
			if s.Loc != f.Loc {
				p.errorf(line, "fleet %d is at %v but its ship %d at %v", f.ID, f.Loc, id, s.Loc)
				break
			}
		}
	}
	// Population and industry stay within the rules' caps, unless special
	// abilities lift them.
	if len(k.Empire.Abilities) == 0 {
		g := p.r.Growth
		for i := range k.Planets {
			pl := &k.Planets[i]
			if pl.Population > g.MaxPopulation || pl.Industry > g.MaxIndustry {
				p.errorf(p.planetLines[pl.ID], "planet %d has population %d and industry %d; without special abilities neither goes above %d",
					pl.ID, pl.Population, pl.Industry, max(g.MaxPopulation, g.MaxIndustry))
			}
		}
	}
	if k.Empire.Player == 0 && k.Game == "" {
		p.errorf(p.firstLine, "the sheet has no header: the game, the player and the turn are missing")
	}
}

// noteObject remembers the line of a ship, planet or fleet record and
// reports a number given twice.
func (p *parser) noteObject(lines where, what string, id, n int) {
	if len(lines) >= MaxObjects {
		p.tooMany(n, what+"s of the player's own")
		return
	}
	if first, ok := lines[id]; ok {
		p.errorf(n, "%s %d is listed a second time (first on line %d)", what, id, first)
		return
	}
	lines[id] = n
}
