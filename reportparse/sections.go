package reportparse

import (
	"sort"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/password"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

// field is a word of a line and where it ends in the line.
type field struct {
	s   string
	end int
}

// fields splits s at blanks, reusing the parser's buffer.
func (p *parser) fields(s string) []field {
	f := p.tok[:0]
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			i++
		}
		if i > start {
			f = append(f, field{s[start:i], i})
		}
	}
	p.tok = f
	return f
}

func atoi(s string) (int, bool) {
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 12 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// grouped reads a number that may have thousands separators: "1,330,000".
func grouped(s string) (int, bool) {
	if !strings.Contains(s, ",") {
		return atoi(s)
	}
	return atoi(strings.ReplaceAll(s, ",", ""))
}

func point(s string) (geom.Point, bool) {
	a, rest, ok1 := strings.Cut(s, ",")
	b, c, ok2 := strings.Cut(rest, ",")
	x, ok3 := atoi(a)
	y, ok4 := atoi(b)
	z, ok5 := atoi(c)
	return geom.Point{X: x, Y: y, Z: z}, ok1 && ok2 && ok3 && ok4 && ok5
}

// pair reads "a/b".
func pair(s string) (int, int, bool) {
	a, b, ok := strings.Cut(s, "/")
	x, ok1 := atoi(a)
	y, ok2 := atoi(b)
	return x, y, ok && ok1 && ok2
}

// cursor walks the fields of one line, reporting what it did not find.
type cursor struct {
	p    *parser
	l    line
	f    []field
	i    int
	sec  string
	fail bool
}

// cursor starts reading l; the parser has one cursor, reused line by line.
func (p *parser) cursor(l line, sec string) *cursor {
	p.cur = cursor{p: p, l: l, f: p.fields(l.text), sec: sec}
	return &p.cur
}

func (c *cursor) bad(want string) {
	if c.fail {
		return
	}
	c.fail = true
	got := "the end of the line"
	if c.i < len(c.f) {
		got = quote(c.f[c.i].s)
	}
	c.p.errorf(c.l.n, "%s: expected %s, got %s", c.sec, want, got)
}

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return `"` + s + `"`
}

func (c *cursor) more() bool { return !c.fail && c.i < len(c.f) }

func (c *cursor) word(w string) bool {
	if c.fail {
		return false
	}
	if c.i < len(c.f) && c.f[c.i].s == w {
		c.i++
		return true
	}
	c.bad(quote(w))
	return false
}

func (c *cursor) peek() string {
	if c.fail || c.i >= len(c.f) {
		return ""
	}
	return c.f[c.i].s
}

func (c *cursor) int(what string) int {
	if c.fail {
		return 0
	}
	if c.i < len(c.f) {
		if n, ok := atoi(c.f[c.i].s); ok {
			c.i++
			return n
		}
	}
	c.bad(what)
	return 0
}

func (c *cursor) point(what string) geom.Point {
	if c.fail {
		return geom.Point{}
	}
	if c.i < len(c.f) {
		if pt, ok := point(c.f[c.i].s); ok {
			if abs(pt.X) > MaxCoordinate || abs(pt.Y) > MaxCoordinate || abs(pt.Z) > MaxCoordinate {
				c.p.errorf(c.l.n, "%s: %s %v is beyond %d positions from Silverfall on an axis, where no game reaches", c.sec, what, pt, MaxCoordinate)
				c.fail = true
				return geom.Point{}
			}
			c.i++
			return pt
		}
	}
	c.bad(what + " as X,Y,Z")
	return geom.Point{}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (c *cursor) ore(what string) (o model.Ore) {
	for t := range o {
		o[t] = c.int(what)
	}
	return o
}

func (c *cursor) yesNo(what string) bool {
	switch c.peek() {
	case "yes", "on":
		c.i++
		return true
	case "no", "off":
		c.i++
		return false
	}
	c.bad(what)
	return false
}

// name takes the rest of the line as a name ("-" for none).
func (c *cursor) name() string {
	if c.fail {
		return ""
	}
	if c.i >= len(c.f) {
		c.bad("a name or \"-\"")
		return ""
	}
	start := c.i
	c.i = len(c.f)
	s := strings.TrimSpace(c.l.text[c.f[start].end-len(c.f[start].s):])
	if s == "-" {
		return ""
	}
	return strings.Clone(s) // not a piece of the sheet, which it would keep in memory
}

func (c *cursor) done() {
	if c.more() {
		c.bad("the end of the line")
	}
}

// body drops blank lines, in place: the lines are the parser's own.
func body(ls []line) []line {
	out := ls[:0]
	for _, l := range ls {
		if strings.TrimSpace(l.text) != "" {
			out = append(out, l)
		}
	}
	return out
}

func isNone(ls []line) bool {
	return len(ls) == 1 && strings.TrimSpace(ls[0].text) == turnsheet.None
}

func (p *parser) section(num int, ls []line) {
	ls = body(ls)
	name := "header"
	if num > 0 {
		name = strings.ToLower(turnsheet.Titles[num])
	}
	if num > 0 && isNone(ls) {
		return
	}
	switch num {
	case 0:
		p.header(ls)
	case turnsheet.Score:
		p.score(ls, name)
	case turnsheet.CreditReport:
		p.credit(ls, name)
	case turnsheet.BattleReports:
		p.k.Battle = p.texts(ls)
	case turnsheet.TradingPlanets:
		p.trading(ls, name)
	case turnsheet.Officers:
		p.officers(ls, name)
	case turnsheet.Planets:
		p.planets(ls, name, func(pl model.Planet) { p.k.Planets = append(p.k.Planets, pl) })
	case turnsheet.Fleets:
		p.fleets(ls, name)
	case turnsheet.Ships:
		n := 0
		for _, l := range ls {
			if strings.HasPrefix(l.text, "Ship ") {
				n++
			}
		}
		p.k.Ships = make([]model.Ship, 0, n)
		p.ships(ls, name, func(s model.Ship) { p.k.Ships = append(p.k.Ships, s) })
		if len(p.k.Ships) == 0 {
			p.k.Ships = nil
		}
	case turnsheet.Mines:
		p.mines(ls, name)
	case turnsheet.PlanetScanned:
		// The planet, then its mines under their column heads.
		split := len(ls)
		for i, l := range ls {
			if f := strings.Fields(l.text); len(f) > 0 && f[0] == "Mine" {
				split = i
				break
			}
		}
		p.planets(ls[:split], name, func(pl model.Planet) { p.k.ScannedPlanet = &pl })
		p.mineLines(ls[split:], name, func(n int, m model.Mine) {
			if !p.full(n, len(p.k.ScannedMines), "mines of the planet scanned") {
				p.k.ScannedMines = append(p.k.ScannedMines, m)
			}
		})
	case turnsheet.ShipScanned:
		p.ships(ls, name, func(s model.Ship) { p.k.ScannedShip = &s })
	case turnsheet.PlayerScanned:
		p.playerScanned(ls, name)
	case turnsheet.Messages:
		p.k.Messages, p.k.Broadcasts = p.quotedTexts(ls)
	case turnsheet.SpecialAbilities:
		p.special(ls, name)
	case turnsheet.ErrorsInOrders:
		p.k.Errors = p.texts(ls)
	}
}

func (p *parser) texts(ls []line) []string {
	out, _ := p.quotedTexts(ls)
	return out
}

// quotedTexts reads the items of free text, and how many of the first
// were behind the Quote mark (a player's broadcast lines, in the messages).
// A quoted line is text whatever it holds.
func (p *parser) quotedTexts(ls []line) ([]string, int) {
	out := make([]string, 0, len(ls))
	quoted, leading := 0, true
	mark := strings.TrimRight(turnsheet.Quote, " ")
	// The lines that carry an item on are joined once it ends: joined one
	// by one, an item of many lines took time and memory growing with
	// the square of its length.
	var more []string
	join := func() {
		if len(more) > 0 {
			out[len(out)-1] = strings.Join(append([]string{out[len(out)-1]}, more...), " ")
			more = more[:0]
		}
	}
	for _, l := range ls {
		if p.stop || len(out) >= maxTextItems && p.tooManyOf(l.n, maxTextItems, "items of text in a section") {
			break
		}
		text := p.visible(l.n, l.text)
		if rest, ok := strings.CutPrefix(text, mark); ok && (rest == "" || rest[0] == ' ') {
			join()
			out = append(out, strings.TrimPrefix(rest, " "))
			if leading {
				quoted++
			}
			continue
		}
		if rest, ok := strings.CutPrefix(text, turnsheet.Continued); ok && len(out) > 0 {
			// A long item carried on from the line before.
			more = append(more, strings.TrimLeft(rest, " "))
			continue
		}
		join()
		leading = false
		out = append(out, text)
	}
	join()
	return out, quoted
}

// labelled splits "Label:   value".
func labelled(s string, last bool) (string, string, bool) {
	i := strings.IndexByte(s, ':')
	if last {
		i = strings.LastIndexByte(s, ':')
	}
	if i < 0 {
		return "", "", false
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), true
}

func (p *parser) header(ls []line) {
	seen := map[string]bool{}
	for _, l := range ls {
		label, v, ok := labelled(l.text, false)
		if !ok {
			p.errorf(l.n, "header: expected \"Label: value\", got %s", quote(l.text))
			continue
		}
		seen[label] = true
		num, text, _ := strings.Cut(v, " ")
		n, isNum := atoi(num)
		switch label {
		case turnsheet.LabelGame:
			p.k.Game = p.visible(l.n, v)
		case turnsheet.LabelPlayer:
			if !isNum || n < 1 || n > p.r.Game.MaxPlayers {
				p.errorf(l.n, "header: expected the player number (1 to %d) after \"Player:\", got %s", p.r.Game.MaxPlayers, quote(v))
				n = 0
			}
			p.k.Empire.Player, p.k.Empire.Name = n, p.visible(l.n, strings.TrimSpace(text))
		case turnsheet.LabelRace:
			if !isNum || p.r.Race(n) == nil {
				p.errorf(l.n, "header: expected a race number 1 to %d after \"Race:\", got %s", len(p.r.Races), quote(v))
			}
			p.k.Empire.Race = n
		case turnsheet.LabelTurn:
			if n, ok := atoi(v); ok && n >= 1 && n <= MaxTurn {
				p.k.Turn = n
			} else {
				p.errorf(l.n, "header: expected the turn number (1 to %d) after \"Turn:\", got %s", MaxTurn, quote(v))
			}
		case turnsheet.LabelDue:
			p.k.DueDate = strings.Clone(v)
		case turnsheet.LabelPassword:
			if why := password.Check(v); why != "" {
				p.errorf(l.n, "header: the password %s is not one the host makes: %s", quote(v), why)
			} else {
				p.k.Empire.Password = strings.Clone(v)
			}
		default:
			p.warnf(l.n, "header: unknown line %s ignored", quote(l.text))
		}
	}
	at := p.firstLine
	if len(ls) > 0 {
		at = ls[0].n
	}
	for _, want := range []string{turnsheet.LabelGame, turnsheet.LabelPlayer, turnsheet.LabelTurn} {
		if !seen[want] {
			p.errorf(at, "header: the %q line is missing", want+":")
		}
	}
}

func playerList(v string) ([]int, bool) {
	if v == "none" {
		return nil, true
	}
	var out []int
	for _, s := range strings.Fields(v) {
		n, ok := atoi(s)
		if !ok {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

func (p *parser) score(ls []line, sec string) {
	e := &p.k.Empire
	for _, l := range ls {
		label, v, ok := labelled(l.text, false)
		if !ok {
			p.errorf(l.n, "%s: expected \"Label: value\", got %s", sec, quote(l.text))
			continue
		}
		var dst *int
		switch label {
		case turnsheet.LabelScore:
			dst = &p.k.Score.Current
		case turnsheet.LabelLow:
			dst = &p.k.Score.Low
		case turnsheet.LabelHigh:
			dst = &p.k.Score.High
		case turnsheet.LabelPoints:
			dst = &e.Points
		case turnsheet.LabelAntiPoints:
			dst = &e.AntiPoints
		case turnsheet.LabelInterceptor:
			dst = &e.Interceptors
		case turnsheet.LabelAllies, turnsheet.LabelEnemies:
			list, ok := playerList(v)
			if !ok {
				p.errorf(l.n, "%s: expected player numbers or \"none\" after %q, got %s", sec, label+":", quote(v))
			}
			limit := p.r.Diplomacy.MaxAllies
			if label == turnsheet.LabelEnemies {
				limit = p.r.Diplomacy.MaxEnemies
			}
			if len(list) > limit {
				p.errorf(l.n, "%s: at most %d players can be listed after %q, got %d", sec, limit, label+":", len(list))
				list = nil
			}
			for _, n := range list {
				if !(n >= 1 && n <= p.r.Game.MaxPlayers || n == p.r.Game.PlayerSauran) {
					p.errorf(l.n, "%s: player %d after %q cannot exist", sec, n, label+":")
					list = nil
					break
				}
			}
			if label == turnsheet.LabelAllies {
				e.Allies = list
			} else {
				e.Enemies = list
			}
			continue
		default:
			p.warnf(l.n, "%s: unknown line %s ignored", sec, quote(l.text))
			continue
		}
		n, ok := grouped(v)
		if !ok {
			p.errorf(l.n, "%s: expected a number after %q, got %s", sec, label+":", quote(v))
		}
		switch {
		case label == turnsheet.LabelInterceptor && (n < 0 || n > p.r.Interceptors.Max):
			p.errorf(l.n, "%s: an empire holds 0 to %d interceptors, got %d", sec, p.r.Interceptors.Max, n)
			n = 0
		case (label == turnsheet.LabelPoints || label == turnsheet.LabelAntiPoints) && n < 0:
			p.errorf(l.n, "%s: %s cannot be negative, got %d", sec, strings.ToLower(label), n)
			n = 0
		}
		*dst = n
	}
}

func (p *parser) credit(ls []line, sec string) {
	for i, l := range ls {
		if p.stop || p.full(l.n, len(p.k.Credit.Lines), "lines of the credit report") {
			return
		}
		label, v, ok := labelled(l.text, true)
		n, isNum := grouped(v)
		if !ok || !isNum {
			p.errorf(l.n, "%s: expected \"item: amount\", got %s", sec, quote(l.text))
			continue
		}
		switch {
		case i == 0 && label == turnsheet.LabelOpening:
			p.k.Credit.Opening = n
		case i == len(ls)-1 && label == turnsheet.LabelClosing:
			p.k.Empire.Credits = n
		default:
			p.k.Credit.Lines = append(p.k.Credit.Lines, model.CreditLine{What: strings.Clone(label), Amount: n})
		}
	}
	sum := p.k.Credit.Opening
	for _, c := range p.k.Credit.Lines {
		sum += c.Amount
	}
	if len(ls) > 0 && sum != p.k.Empire.Credits {
		p.warnf(ls[len(ls)-1].n, "%s: the items add up to %d, not to the %d credits given", sec, sum, p.k.Empire.Credits)
	}
}

func (p *parser) trading(ls []line, sec string) {
	for i := 0; i < len(ls); i++ {
		l := ls[i]
		if strings.HasPrefix(strings.TrimSpace(l.text), "Planet ") {
			continue // the column heads
		}
		c := p.cursor(l, sec)
		var t model.TradingPlanet
		t.Planet.Kind = model.Trading
		t.Planet.ID = c.number("the planet number")
		t.Planet.Loc = c.point("the location")
		t.ShipsHere = c.count("the number of ships there")
		t.Planet.Name = c.nameOf("planet", p.r.Naming.PlanetLength)
		if c.fail {
			continue
		}
		if i+1 >= len(ls) {
			p.errorf(l.n, "%s: the prices line of planet %d is missing", sec, t.Planet.ID)
			break
		}
		i++
		c = p.cursor(ls[i], sec)
		c.word("pays")
		c.word("ore")
		t.Prices.Ore = c.oreCounts("an ore price")
		c.word("fuel")
		t.Prices.Fuel = c.count("the fuel price")
		c.done()
		if p.full(l.n, len(p.k.Trading), "trading planets") {
			return
		}
		p.k.Trading = append(p.k.Trading, t)
	}
}

func (p *parser) officers(ls []line, sec string) {
	var o *model.Officer
	for _, l := range ls {
		f := p.fields(l.text)
		if len(f) == 0 {
			continue
		}
		switch f[0].s {
		case "Officer", "Abilities":
			continue
		case "level", "aptitude", "current":
			if o == nil {
				p.errorf(l.n, "%s: %q line before any officer", sec, f[0].s)
				continue
			}
			c := p.cursor(l, sec)
			c.i = 1
			var lv model.Levels
			for a := range lv {
				lv[a] = c.intIn("a level for each of the 14 abilities", 0, p.r.Officers.MaxBoostedLevel)
			}
			c.done()
			switch f[0].s {
			case "level":
				o.Levels = lv
			case "aptitude":
				o.Aptitude = lv
			default:
				o.Current = lv
			}
			continue
		}
		if p.full(l.n, len(p.k.Officers), "officers") {
			return
		}
		c := p.cursor(l, sec)
		p.k.Officers = append(p.k.Officers, model.Officer{})
		o = &p.k.Officers[len(p.k.Officers)-1]
		o.ID = c.number("the officer number")
		o.Race = c.intIn("the race number", 1, len(p.r.Races))
		c.i++ // race name
		for c.more() && c.peek() != "ship" && c.peek() != "planet" {
			c.i++ // rank, one or two words
		}
		switch c.peek() {
		case "ship":
			c.i++
			o.Ship = c.number("the ship number")
		case "planet":
			c.i++
			o.Planet = c.number("the planet number")
		default:
			c.bad(`"ship N" or "planet N"`)
		}
		o.Name = c.nameOf("officer", p.r.Naming.OfficerLength)
	}
}

// planets reads planet records.
func (p *parser) planets(ls []line, sec string, add func(model.Planet)) {
	var pl *model.Planet
	flush := func() {
		if pl != nil {
			add(*pl)
			pl = nil
		}
	}
	for _, l := range ls {
		if p.stop {
			return
		}
		c := p.cursor(l, sec)
		if c.peek() == "Planet" {
			flush()
			c.i++
			pl = &model.Planet{ID: c.number("the planet number")}
			if sec == "review of planets" && !c.fail {
				p.noteObject(p.planetLines, "planet", pl.ID, l.n)
			}
			switch c.peek() {
			case "independent":
				pl.Kind = model.Independent
			case "origin":
				pl.Kind = model.Origin
			case "trading":
				pl.Kind = model.Trading
			default:
				c.bad(`"independent", "origin" or "trading"`)
			}
			c.i++
			pl.Name = c.nameOf("planet", p.r.Naming.PlanetLength)
			continue
		}
		if pl == nil {
			c.bad(`"Planet N"`)
			continue
		}
		for c.more() {
			switch key := c.peek(); key {
			case "at":
				c.i++
				pl.Loc = c.point("the location")
			case "player":
				c.i++
				pl.Owner = c.player("the owner", true)
			case "population":
				c.i++
				pl.Population = c.count("the population")
			case "industry":
				c.i++
				pl.Industry = c.count("the industry")
			case "fuel":
				c.i++
				pl.Fuel = c.count("the fuel")
			case "defence":
				c.i++
				pl.DefenceUnits = c.intIn("the defence units", 0, p.r.PlanetDefence.MaxPerPlanet)
				pl.DefenceActive = c.yesNo(`"on" or "off"`)
			case "officer":
				c.i++
				pl.Officer = c.count("the officer number")
			case "artifact":
				c.i++
				pl.Artifact = c.count("the artifact number")
			case "ore":
				c.i++
				pl.Ore = c.oreCounts("the ore in the ground, five numbers")
			case "stock":
				c.i++
				pl.Stock = c.oreCounts("the ore stockpiled, five numbers")
			default:
				c.bad("a planet figure (at, player, population, industry, fuel, defence, officer, artifact, ore, stock)")
			}
		}
	}
	flush()
}

// ships reads ship records with what each ship sees.
func (p *parser) ships(ls []line, sec string, add func(model.Ship)) {
	var s *model.Ship
	flush := func() {
		if s != nil {
			add(*s)
			s = nil
		}
	}
	for _, l := range ls {
		if p.stop {
			return
		}
		c := p.cursor(l, sec)
		switch c.peek() {
		case "Ship":
			flush()
			c.i++
			s = &model.Ship{ID: c.number("the ship number")}
			if sec == "review of ships" && !c.fail {
				p.noteObject(p.shipLines, "ship", s.ID, l.n)
			}
			c.word("type")
			s.Type = c.int("the ship type")
			t := p.r.Ship(s.Type)
			if t == nil && !c.fail {
				c.i--
				c.bad("a ship type 1 to 50")
				continue
			}
			for _, w := range strings.Fields(typeWords(t)) {
				c.word(w)
			}
			s.Name = c.nameOf("ship", p.r.Naming.ShipLength)
			continue
		case "ship", "planet":
			p.nearby(c)
			continue
		case "what", "nearby:":
			continue
		case "nearby":
			c.i++
			c.word("within")
			if r := c.peek(); strings.HasSuffix(r, ":") {
				c.i++
			} else {
				c.bad(`the range and ":"`)
			}
			continue
		}
		if s == nil {
			c.bad(`"Ship N"`)
			continue
		}
		for c.more() {
			switch key := c.peek(); key {
			case "at":
				c.i++
				s.Loc = c.point("the location")
			case "player":
				c.i++
				s.Owner = c.player("the owner", false)
			case "fire", "defence":
				c.i++
				cur, maxv := 0, 0
				t := p.r.Ship(s.Type)
				top := 0
				if t != nil {
					top = t.Fire.Max
					if key == "defence" {
						top = t.Defence.Max
					}
				}
				if c.peek() == "?" {
					c.i++
				} else if a, b, ok := pair(c.peek()); ok && a >= 0 && a <= b && b <= top {
					cur, maxv = a, b
					c.i++
				} else if ok {
					c.p.errorf(l.n, "%s: %s units must be now/full with 0 <= now <= full <= %d for a %s, got %s", sec, key, top, typeWords(t), quote(c.peek()))
					c.fail = true
				} else {
					c.bad("units as now/full, such as 5/5")
				}
				if key == "fire" {
					s.Fire, s.MaxFire = cur, maxv
				} else {
					s.Defence, s.MaxDefence = cur, maxv
				}
			case "fuel":
				c.i++
				tank := 0
				if t := p.r.Ship(s.Type); t != nil {
					tank = t.MaxFuel.Or(0)
				}
				if c.peek() == "none" {
					c.i++
				} else if a, b, ok := pair(c.peek()); ok && a >= 0 && a <= b && b <= tank {
					s.Fuel = a
					c.i++
				} else if ok {
					c.p.errorf(l.n, "%s: fuel must be now/full with 0 <= now <= full <= %d for this ship's type, got %s", sec, tank, quote(c.peek()))
					c.fail = true
				} else {
					c.bad("fuel as now/full, such as 120/200")
				}
			case "cloaked":
				c.i++
				s.Cloaked = c.yesNo(`"yes" or "no"`)
			case "jumped":
				c.i++
				s.Hyperjumped = c.yesNo(`"yes" or "no"`)
			case "officer":
				c.i++
				if strings.HasSuffix(c.peek(), ":") {
					c.i = len(c.f) // the officer's current levels: shown in the officer review
					continue
				}
				s.Officer = c.count("the officer number")
			case "artifact":
				c.i++
				s.Artifact = c.count("the artifact number")
			case "cargo":
				c.i++
				s.Cargo = c.oreCounts("the ore carried, five numbers")
				if t := p.r.Ship(s.Type); t != nil && !c.fail {
					room := t.Cargo.Or(0) * p.r.CargoScale()
					if need := p.r.CargoNeeded(s.Cargo); need > room {
						c.p.errorf(l.n, "%s: ship %d carries more ore than a %s holds (%d cargo units)", sec, s.ID, t.Name, t.Cargo.Or(0))
						c.fail = true
					}
				}
			case "population":
				c.i++
				most := 0
				if t := p.r.Ship(s.Type); t != nil {
					most = t.Population
				}
				s.Population = c.intIn("the population carried", 0, most)
			case "inside":
				c.i++
				c.word("ship")
				s.Inside = c.number("the ship it is docked in")
			case "standing":
				c.i++
				if c.word("order") {
					text := strings.TrimSpace(l.text[c.f[c.i-1].end:])
					o, err := order.Parse(text)
					if err != nil {
						p.errorf(l.n, "%s: standing order of ship %d: %v", sec, s.ID, err)
					}
					o.Text = strings.Clone(o.Text)
					s.Standing = o
					c.i = len(c.f)
				}
			default:
				c.bad("a ship figure (at, player, fire, defence, fuel, cloaked, jumped, officer, artifact, cargo, population, inside, standing order)")
			}
		}
	}
	flush()
}

func typeWords(t *rules.ShipType) string {
	if t == nil {
		return ""
	}
	return t.Name
}

// nearby reads one line of a nearby list: ship or planet, number, owner,
// type, distance, location, name.
func (p *parser) nearby(c *cursor) {
	planet := c.peek() == "planet"
	c.i++
	id := c.number("the number")
	owner := c.player("the owner", planet)
	typ := 0
	if planet {
		c.word("-")
	} else {
		typ = c.intIn("the ship type", 1, len(p.r.Ships))
	}
	c.count("the distance")
	loc := c.point("the location")
	limit := p.r.Naming.ShipLength
	if planet {
		limit = p.r.Naming.PlanetLength
	}
	nm := c.nameOf(map[bool]string{true: "planet", false: "ship"}[planet], limit)
	if c.fail {
		return
	}
	if p.nearShips == nil {
		p.nearShips, p.nearPlanets = make(map[int]seen, 1024), make(map[int]seen, 1024)
	}
	if planet {
		if p.tooManyNear(c.l.n, p.nearPlanets, id, owner, &p.foreignPlanets, "planets in sight") {
			return
		}
		p.nearPlanets[id] = seen{owner, 0, loc, nm}
	} else {
		if p.tooManyNear(c.l.n, p.nearShips, id, owner, &p.foreignShips, "other players' ships in sight") {
			return
		}
		p.nearShips[id] = seen{owner, typ, loc, nm}
	}
}

// tooManyNear refuses a new object of a nearby list past MaxObjects of
// other players' (counted in *foreign), or past twice that in all: the
// player's own ships and planets show in the lists too, and are bounded
// by their own sections.
func (p *parser) tooManyNear(n int, m map[int]seen, id, owner int, foreign *int, what string) bool {
	if _, ok := m[id]; ok {
		return false
	}
	mine := owner == p.k.Empire.Player
	if !mine && *foreign >= MaxObjects || len(m) >= 2*MaxObjects {
		p.tooMany(n, what)
		return true
	}
	if !mine {
		*foreign++
	}
	return false
}

// full reports whether a list of the sheet holds MaxObjects already, and
// then refuses the sheet from line n on (see tooMany).
func (p *parser) full(n, have int, what string) bool {
	if have < MaxObjects {
		return false
	}
	p.tooMany(n, what)
	return true
}

// tooMany refuses a sheet that tells of more objects of a kind than any
// game holds, and reads no further: what a sheet holds is held in memory,
// by the reader and by the checker after it.
func (p *parser) tooMany(n int, what string) { p.tooManyOf(n, MaxObjects, what) }

// tooManyOf is tooMany for a list of at most limit; it reports true.
func (p *parser) tooManyOf(n, limit int, what string) bool {
	if !p.stop {
		p.errorf(n, "more than %d %s, far more than any game holds; the sheet is not read further", limit, what)
		p.stop = true
	}
	return true
}

func (p *parser) fleets(ls []line, sec string) {
	for _, l := range ls {
		if p.stop {
			return
		}
		c := p.cursor(l, sec)
		switch c.peek() {
		case "Fleet":
			continue
		case "+":
			if len(p.k.Fleets) == 0 {
				c.bad("a fleet line before its continuation")
				continue
			}
			c.i++
			f := &p.k.Fleets[len(p.k.Fleets)-1]
			for c.more() {
				if len(f.Ships) >= maxFleetShips {
					c.p.errorf(l.n, "%s: fleet %d lists more than %d ships, more than any empire can have", sec, f.ID, maxFleetShips)
					c.fail = true
					break
				}
				f.Ships = append(f.Ships, c.number("a ship number"))
			}
			continue
		}
		f := model.Fleet{ID: c.number("the fleet number")}
		if !c.fail {
			p.noteObject(p.fleetLines, "fleet", f.ID, l.n)
		}
		f.Loc = c.point("the location")
		c.count("the fleet's fire units")
		c.count("the fleet's defence units")
		for c.more() {
			f.Ships = append(f.Ships, c.number("a ship number"))
		}
		if !c.fail && !p.full(l.n, len(p.k.Fleets), "fleets") {
			p.k.Fleets = append(p.k.Fleets, f)
		}
	}
}

func (p *parser) mines(ls []line, sec string) {
	p.mineLines(ls, sec, func(n int, m model.Mine) {
		if !p.full(n, len(p.k.Mines), "mines") {
			p.k.Mines = append(p.k.Mines, m)
		}
	})
}

// mineLines reads a table of mines.
func (p *parser) mineLines(ls []line, sec string, add func(int, model.Mine)) {
	for _, l := range ls {
		if p.stop {
			return
		}
		c := p.cursor(l, sec)
		if c.peek() == "Mine" {
			continue
		}
		m := model.Mine{ID: c.number("the mine number"), Planet: c.number("the planet number")}
		m.OreType = c.int("the ore type")
		if !c.fail && (m.OreType < 1 || m.OreType > rules.OreTypes) {
			c.i--
			c.bad("an ore type 1 to 5")
		}
		m.Rate = c.count("the rate")
		c.count("the ore left")
		c.done()
		if !c.fail {
			add(l.n, m)
		}
	}
}

func (p *parser) playerScanned(ls []line, sec string) {
	for _, l := range ls {
		if p.stop {
			return
		}
		c := p.cursor(l, sec)
		if c.peek() == "Player" {
			c.i++
			p.k.ScannedPlayerID = c.player("the player number", false)
			c.done()
			continue
		}
		c.word("ship")
		s := model.Ship{ID: c.number("the ship number"), Owner: p.k.ScannedPlayerID}
		c.word("at")
		s.Loc = c.point("the location")
		c.word("type")
		s.Type = c.intIn("the ship type", 1, len(p.r.Ships))
		s.Name = c.nameOf("ship", p.r.Naming.ShipLength)
		if !c.fail && !p.full(l.n, len(p.k.ScannedPlayer), "ships of the player scanned") {
			p.k.ScannedPlayer = append(p.k.ScannedPlayer, s)
		}
	}
}

func (p *parser) special(ls []line, sec string) {
	part := ""
	for _, l := range ls {
		if p.stop || p.full(l.n, len(p.k.Empire.Abilities)+len(p.k.Artifacts)+len(p.k.Rings), "abilities, artifacts and rings") {
			return
		}
		t := strings.TrimSpace(l.text)
		switch t {
		case "Abilities:", "Artifacts held:", "Rings of Darkness found:":
			part = t
			continue
		case "none":
			continue
		}
		c := p.cursor(l, sec)
		switch part {
		case "Abilities:":
			n, d, ok := labelled(t, false)
			if !ok {
				c.bad(`"ability: description"`)
				continue
			}
			p.k.Empire.Abilities = append(p.k.Empire.Abilities, model.SpecialAbility{Name: strings.Clone(n), Description: strings.Clone(d)})
		case "Artifacts held:":
			var a model.Artifact
			c.word("artifact")
			a.ID = c.number("the artifact number")
			c.word("points")
			a.Points = c.count("the points")
			c.word("ability")
			a.Ability = c.intIn("the ability", 0, rules.Abilities)
			a.Levels = c.intIn("the levels it adds", 0, p.r.Officers.MaxBoostedLevel)
			switch c.peek() {
			case "ring":
				a.Ring = true
			case "-":
			default:
				c.bad(`"ring" or "-"`)
			}
			c.i++
			a.Name = c.name()
			if !c.fail {
				p.k.Artifacts = append(p.k.Artifacts, a)
			}
		case "Rings of Darkness found:":
			var r model.RingSighting
			c.word("ring")
			r.Ring = c.number("the ring's number")
			c.word("at")
			r.Loc = c.point("the location")
			c.word("player")
			r.Player = c.player("the holder", true)
			c.done()
			if !c.fail {
				p.k.Rings = append(p.k.Rings, r)
			}
		default:
			c.bad(`"Abilities:", "Artifacts held:" or "Rings of Darkness found:"`)
		}
	}
}

// countNot counts the keys of m that are not in not.
func countNot[V any](m map[int]V, not map[int]bool) int {
	n := 0
	for id := range m { // any order: a count
		if !not[id] {
			n++
		}
	}
	return n
}

// finish files what the ships saw: other players' ships and planets.
func (p *parser) finish() {
	own := map[int]bool{}
	for _, s := range p.k.Ships {
		own[s.ID] = true
	}
	// Made at their size: the ships seen are often as many of the
	// player's own as of others' (tens of thousands, 264 bytes each).
	if n := countNot(p.nearShips, own); n > 0 {
		p.k.ForeignShips = make([]model.Ship, 0, n)
	}
	for id, s := range p.nearShips {
		if !own[id] {
			p.k.ForeignShips = append(p.k.ForeignShips, model.Ship{ID: id, Name: s.name, Type: s.typ, Owner: s.owner, Loc: s.loc})
		}
	}
	ownPlanet := map[int]bool{}
	for _, pl := range p.k.Planets {
		ownPlanet[pl.ID] = true
	}
	for _, t := range p.k.Trading {
		ownPlanet[t.Planet.ID] = true
	}
	if n := countNot(p.nearPlanets, ownPlanet); n > 0 {
		p.k.ForeignPlanets = make([]model.Planet, 0, n)
	}
	for id, pl := range p.nearPlanets {
		if !ownPlanet[id] {
			p.k.ForeignPlanets = append(p.k.ForeignPlanets, model.Planet{ID: id, Name: pl.name, Loc: pl.loc, Owner: pl.owner})
		}
	}
	if len(p.k.ForeignShips) == 0 {
		p.k.ForeignShips = nil
	}
	if len(p.k.ForeignPlanets) == 0 {
		p.k.ForeignPlanets = nil
	}
	sort.Slice(p.k.ForeignShips, func(i, j int) bool { return p.k.ForeignShips[i].ID < p.k.ForeignShips[j].ID })
	sort.Slice(p.k.ForeignPlanets, func(i, j int) bool { return p.k.ForeignPlanets[i].ID < p.k.ForeignPlanets[j].ID })
	for i := range p.k.Mines {
		p.k.Mines[i].Owner = p.k.Empire.Player
	}
	if p.k.ScannedPlanet != nil {
		for i := range p.k.ScannedMines {
			p.k.ScannedMines[i].Owner = p.k.ScannedPlanet.Owner // mines are the planet owner's
		}
	}
}
