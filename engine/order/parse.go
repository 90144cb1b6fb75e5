package order

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"silverfall/engine/rules"
	"silverfall/engine/text"
)

// SyntaxError is an order that cannot be read. Col is the 1-based column
// (in bytes) where the trouble starts.
type SyntaxError struct {
	Col int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// maxNumber bounds every number so that no arithmetic on them overflows.
const maxNumber = 999_999_999

// Parser reads orders against a rule set (ship types, ore types, player
// numbers and name lengths come from it).
type Parser struct {
	r *rules.Rules
}

// NewParser returns a parser for the rule set r.
func NewParser(r *rules.Rules) *Parser { return &Parser{r: r} }

var defaultParser = sync.OnceValue(func() *Parser { return NewParser(rules.Default()) })

// Parse reads one order with the embedded rules. See Parser.Parse.
func Parse(line string) (Order, error) { return defaultParser().Parse(line) }

// isSep reports whether c separates words: blanks, tabs and the commas of
// coordinates written "100,-99,-23".
func isSep(c byte) bool {
	return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// scanner walks one line.
type scanner struct {
	s   string
	pos int
}

func (sc *scanner) skip() {
	for sc.pos < len(sc.s) && isSep(sc.s[sc.pos]) {
		sc.pos++
	}
}

// atEnd reports whether only blanks or a comment are left.
func (sc *scanner) atEnd() bool {
	sc.skip()
	return sc.pos >= len(sc.s) || sc.s[sc.pos] == '#'
}

// word returns the next word and its start.
func (sc *scanner) word() (string, int) {
	sc.skip()
	start := sc.pos
	for sc.pos < len(sc.s) && !isSep(sc.s[sc.pos]) && sc.s[sc.pos] != '#' {
		sc.pos++
	}
	return sc.s[start:sc.pos], start
}

func errAt(col int, format string, args ...any) error {
	return &SyntaxError{Col: col + 1, Msg: fmt.Sprintf(format, args...)}
}

// Parse reads one order as a player writes it: codes in any case, blanks,
// tabs or commas between the numbers, a '#' comment after the numbers. A
// blank line or a line holding only a comment gives the zero Order (Code
// Invalid) and no error. Errors are *SyntaxError.
func (p *Parser) Parse(line string) (Order, error) {
	sc := scanner{s: line}
	if sc.atEnd() {
		return Order{}, nil
	}
	w, col := sc.word()
	var o Order
	if len(w) == 2 && isLetter(w[0]) && isLetter(w[1]) {
		o.Code = lookup[int(upper(w[0])-'A')*26+int(upper(w[1])-'A')]
	}
	if o.Code == Invalid {
		switch {
		case strings.EqualFold(w, "FLEET"):
			c, ccol := sc.word()
			if c == "" {
				return o, errAt(ccol, "FLEET needs an order code after it, such as FLEET MO 1 100 -99 -23")
			}
			if len(c) == 2 && isLetter(c[0]) && isLetter(c[1]) {
				o.Code = lookup[int(upper(c[0])-'A')*26+int(upper(c[1])-'A')]
			}
			if o.Code == Invalid {
				return o, errAt(ccol, "unknown order code %s", text.Quote(c))
			}
			if !o.Code.FleetOK() {
				return o, errAt(ccol, "%s cannot be given to a fleet; fleets take %s", o.Code, fleetCodes)
			}
			o.Fleet = true
		case strings.EqualFold(w, "NAME"):
			kw, kcol := sc.word()
			switch {
			case strings.EqualFold(kw, "SHIP"):
				o.Code = NameShip
			case strings.EqualFold(kw, "PLANET"):
				o.Code = NamePlanet
			case strings.EqualFold(kw, "OFFICER"):
				o.Code = NameOfficer
			default:
				return o, errAt(kcol, "NAME must be followed by SHIP, PLANET or OFFICER, got %s", text.Quote(kw))
			}
		case strings.EqualFold(w, "GIFT"):
			kw, kcol := sc.word()
			switch {
			case strings.EqualFold(kw, "SHIP"):
				o.Code = GiftShip
			case strings.EqualFold(kw, "PLANET"):
				o.Code = GiftPlanet
			default:
				return o, errAt(kcol, "GIFT must be followed by SHIP or PLANET, got %s", text.Quote(kw))
			}
		case strings.EqualFold(w, "BROADCAST"):
			o.Code = Broadcast
		default:
			return o, errAt(col, "unknown order code %s", text.Quote(w))
		}
	}
	syn := &syntaxes[o.Code]
	min := len(syn.args) - syn.optional
	for i, k := range syn.args {
		if sc.atEnd() {
			if i >= min {
				break
			}
			return o, errAt(sc.pos, "%s: missing the %s (%s)", o.codeName(), kindName[k], o.Code.Usage())
		}
		start := sc.pos
		v, err := sc.number()
		if _, big := err.(tooLarge); big {
			return o, errAt(start, "%s: the %s %s is too large", o.codeName(), kindName[k], err.Error())
		} else if err != nil {
			return o, errAt(start, "%s: the %s must be a whole number, got %s", o.codeName(), kindName[k], text.Quote(err.Error()))
		}
		if msg := p.checkRange(k, v); msg != "" {
			return o, errAt(start, "%s: %s", o.codeName(), msg)
		}
		o.Args[i] = v
		o.N++
	}
	if syn.text {
		return p.parseText(o, &sc)
	}
	if !sc.atEnd() {
		return o, errAt(sc.pos, "%s: unexpected %s after the order (%s)", o.codeName(), text.Quote(rest(sc.s[sc.pos:])), o.Code.Usage())
	}
	return o, p.checkOrder(o, line)
}

// codeName is the order's code as messages name it.
func (o Order) codeName() string {
	if o.Fleet {
		return "FLEET " + o.Code.String()
	}
	return o.Code.String()
}

var fleetCodes = func() string {
	var b strings.Builder
	for c := Code(1); c < numCodes; c++ {
		if c.FleetOK() {
			if b.Len() > 0 {
				b.WriteString(" ")
			}
			b.WriteString(c.String())
		}
	}
	return b.String()
}()

func rest(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, " \t,\r\n")
}

func isLetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func upper(c byte) byte    { return c &^ 0x20 }

// badNumber carries the text that is not a number.
type badNumber string

func (b badNumber) Error() string { return string(b) }

// tooLarge carries a number beyond maxNumber.
type tooLarge string

func (t tooLarge) Error() string { return string(t) }

// number reads a whole number with an optional sign.
func (sc *scanner) number() (int, error) {
	start := sc.pos
	neg := false
	if sc.pos < len(sc.s) && (sc.s[sc.pos] == '-' || sc.s[sc.pos] == '+') {
		neg = sc.s[sc.pos] == '-'
		sc.pos++
	}
	digits := sc.pos
	v := 0
	for sc.pos < len(sc.s) && sc.s[sc.pos] >= '0' && sc.s[sc.pos] <= '9' {
		if v <= maxNumber {
			v = v*10 + int(sc.s[sc.pos]-'0')
		}
		sc.pos++
	}
	if sc.pos == digits || (sc.pos < len(sc.s) && !isSep(sc.s[sc.pos]) && sc.s[sc.pos] != '#') {
		for sc.pos < len(sc.s) && !isSep(sc.s[sc.pos]) && sc.s[sc.pos] != '#' {
			sc.pos++
		}
		return 0, badNumber(sc.s[start:sc.pos])
	}
	if v > maxNumber {
		return 0, tooLarge(sc.s[start:sc.pos])
	}
	if neg {
		v = -v
	}
	return v, nil
}

// checkRange returns a message when v is out of range for k.
func (p *Parser) checkRange(k kind, v int) string {
	r := p.r
	switch k {
	case kShip, kFleet, kPlanet, kOfficer, kTarget, kRangeEnd, kTargetPlanet:
		if v < 1 {
			return fmt.Sprintf("the %s must be 1 or more, got %d", kindName[k], v)
		}
	case kPlanetOrAll:
		if v < 0 {
			return fmt.Sprintf("the planet number must be 0 (all your planets) or more, got %d", v)
		}
	case kTargetOrAll:
		if v < 0 {
			return fmt.Sprintf("the second ship number must be 0 (all docked ships) or more, got %d", v)
		}
	case kBattlePlayer:
		if !r.IsPlayer(v) && v != r.Game.PlayerAllButAllies && v != r.Game.PlayerEnemies && v != r.Game.PlayerSauran {
			return fmt.Sprintf("the player must be 1 to %d, %d (all but allies), %d (declared enemies) or %d (Sauran), got %d",
				r.Game.MaxPlayers, r.Game.PlayerAllButAllies, r.Game.PlayerEnemies, r.Game.PlayerSauran, v)
		}
	case kPlayer:
		if !r.IsPlayer(v) && v != r.Game.PlayerSauran {
			return fmt.Sprintf("the player must be 1 to %d or %d (Sauran), got %d", r.Game.MaxPlayers, r.Game.PlayerSauran, v)
		}
	case kGiftPlayer:
		if !r.IsPlayer(v) {
			return fmt.Sprintf("gifts go to a player 1 to %d, got %d", r.Game.MaxPlayers, v)
		}
	case kOreOrAll:
		if v < 0 || v > rules.OreTypes {
			return fmt.Sprintf("the ore type must be 1 to %d, or 0 for all types, got %d", rules.OreTypes, v)
		}
	case kOre:
		if v < 1 || v > rules.OreTypes {
			return fmt.Sprintf("the ore type must be 1 to %d, got %d", rules.OreTypes, v)
		}
	case kAmount:
		if v < 0 {
			return fmt.Sprintf("the amount must be 0 (as much as possible) or more, got %d", v)
		}
	case kCount:
		if v < 1 {
			return fmt.Sprintf("the number must be 1 or more, got %d", v)
		}
	case kShipType:
		if r.Ship(v) == nil {
			return fmt.Sprintf("the ship type must be 1 to %d, got %d", len(r.Ships), v)
		}
	case kFire, kDefence:
		if v < 0 {
			return fmt.Sprintf("the %s must be 0 or more, got %d", kindName[k], v)
		}
	case kAbility, kAbility2:
		if v < 1 || v > rules.Abilities {
			return fmt.Sprintf("the ability must be 1 to %d, got %d", rules.Abilities, v)
		}
	}
	return ""
}

// checkOrder checks what depends on more than one argument.
func (p *Parser) checkOrder(o Order, line string) error {
	switch o.Code {
	case BS:
		t := p.r.Ship(o.ShipType())
		switch {
		case o.N == 3:
			return errAt(len(strings.TrimRight(line, " \t")), "BS: give both the fire and the defence units of a customised ship (BS ship type fire defence)")
		case t.Customisable && o.N == 2:
			return errAt(len(strings.TrimRight(line, " \t")), "BS: type %d (%s) is built to order: give its fire and defence units, as in BS %d %d %d %d",
				t.ID, t.Name, o.Args[0], t.ID, t.Fire.Max, t.Defence.Max)
		case !t.Customisable && o.N == 4:
			return errAt(argCol(line, 2), "BS: type %d (%s) cannot be customised; leave out the fire and defence units", t.ID, t.Name)
		case o.N == 4 && !t.Fire.Contains(o.Args[2]):
			return errAt(argCol(line, 2), "BS: a %s has %d to %d fire units, got %d", t.Name, t.Fire.Min, t.Fire.Max, o.Args[2])
		case o.N == 4 && !t.Defence.Contains(o.Args[3]):
			return errAt(argCol(line, 3), "BS: a %s has %d to %d defence units, got %d", t.Name, t.Defence.Min, t.Defence.Max, o.Args[3])
		}
	case PR:
		if o.N == 3 && o.Args[1] == o.Args[2] {
			return errAt(argCol(line, 2), "PR: one order cannot practise the same ability twice")
		}
	}
	return nil
}

// argCol finds the column of the i-th number (from 0) after the code.
func argCol(line string, i int) int {
	sc := scanner{s: line}
	sc.word()
	for ; i >= 0; i-- {
		sc.skip()
		if i == 0 {
			return sc.pos
		}
		sc.word()
	}
	return sc.pos
}

// parseText reads the free text of NAME and BROADCAST lines. The text is
// cleaned and checked as engine/text defines it, the one definition the
// state writer and the sheets share: what the parser takes, the host
// writes.
func (p *Parser) parseText(o Order, sc *scanner) (Order, error) {
	sc.skip()
	start := sc.pos
	raw := sc.s[sc.pos:]
	cleaned := text.Clean(raw)
	if i, why := text.Problem(cleaned); i >= 0 {
		return o, errAt(start+text.RawOffset(raw, i), "%s: the text holds %s", o.Code, why)
	}
	// Names are stored with single spaces; a broadcast keeps its spacing.
	var body string
	if o.Code == Broadcast {
		body = strings.TrimSpace(cleaned)
	} else {
		body = strings.Join(strings.Fields(cleaned), " ")
	}
	n := utf8.RuneCountInString(body)
	limit := 0
	switch o.Code {
	case NameShip:
		limit = p.r.Naming.ShipLength
	case NamePlanet:
		limit = p.r.Naming.PlanetLength
	case NameOfficer:
		limit = p.r.Naming.OfficerLength
	case Broadcast:
		limit = p.r.Naming.BroadcastLineLength
	}
	switch {
	case n == 0 && o.Code == Broadcast:
		return o, errAt(start, "BROADCAST: the line is empty")
	case n == 0:
		return o, errAt(start, "%s: the name is missing (%s)", o.Code, o.Code.Usage())
	case body == "-" && o.Code != Broadcast:
		return o, errAt(start, "%s: \"-\" stands for no name on the turn sheet; choose another name", o.Code)
	case o.Code == Broadcast && (strings.HasPrefix(body, "#") || strings.HasPrefix(body, "[") || strings.EqualFold(body, "END")):
		return o, errAt(start, "BROADCAST: a line cannot start with # or [ nor be END alone: the order file would read it as a comment, a section or its end")
	case n > limit && o.Code == Broadcast:
		return o, errAt(start, "BROADCAST: a line holds at most %d characters, this one has %d", limit, n)
	case n > limit:
		return o, errAt(start, "%s: a name holds at most %d characters, this one has %d", o.Code, limit, n)
	}
	o.Text = body
	return o, nil
}
