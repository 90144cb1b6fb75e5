package query

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// Query is a parsed query. Its zero value matches every object.
type Query struct {
	kind  model.KeyKind // NoKind: any kind
	id    int
	hasID bool
	conds []cond
}

type condKind uint8

const (
	cOwner condKind = iota
	cPlace
	cFigure
	cName
	cSeen
)

type ownerKind uint8

const (
	oMine ownerKind = iota
	oForeign
	oUnowned
	oAllied
	oEnemy
	oPlayer
)

type cmpOp uint8

const (
	cmpSome cmpOp = iota // above zero ("with fuel")
	cmpEq
	cmpLt
	cmpGt
	cmpLe
	cmpGe
)

type placeOp uint8

const (
	pWithin placeOp = iota
	pBeyond
	pAt
)

type refKind uint8

const (
	rObject refKind = iota
	rPoint
	rOrigin // the player's planet of origin
)

// ref is the place a distance is taken from.
type ref struct {
	kind refKind
	key  model.Key
	pt   geom.Point
}

type seenOp uint8

const (
	sLast   seenOp = iota // in the last n turns
	sOn                   // on turn n
	sSince                // on turn n or later
	sBefore               // before turn n
)

// cond is one condition; which fields count depends on what.
type cond struct {
	what condKind

	owner  ownerKind
	player int

	place placeOp
	dist  int
	ref   ref

	fig     *figure
	oreType int // 1 to 5; 0 the total
	cmp     cmpOp
	n       int

	name string

	seen seenOp
	not  bool
}

// Parse reads a query. An error is an *Error with the column.
func Parse(s string) (*Query, error) {
	toks, err := lex(s)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks, q: &Query{}, end: utf8.RuneCountInString(s) + 1}
	for p.i < len(p.toks) {
		if err := p.step(); err != nil {
			return nil, err
		}
	}
	return p.q, nil
}

type parser struct {
	toks []token
	i    int
	q    *Query
	end  int // the column after the last character
}

var fillers = map[string]bool{"a": true, "an": true, "the": true, "any": true, "all": true, "and": true,
	"with": true, "that": true, "which": true, "are": true, "is": true, "has": true, "have": true,
	"having": true, "were": true, "was": true, "last": true, "every": true, "some": true}

var kinds = map[string]model.KeyKind{"planet": model.KindPlanet, "planets": model.KindPlanet,
	"ship": model.KindShip, "ships": model.KindShip, "officer": model.KindOfficer,
	"officers": model.KindOfficer, "empire": model.KindEmpire, "empires": model.KindEmpire,
	"object": model.NoKind, "objects": model.NoKind, "thing": model.NoKind, "things": model.NoKind,
	"anything": model.NoKind, "everything": model.NoKind}

var owners = map[string]ownerKind{"my": oMine, "mine": oMine, "own": oMine, "foreign": oForeign,
	"unowned": oUnowned, "free": oUnowned, "allied": oAllied, "ally's": oAllied, "allies'": oAllied,
	"enemy": oEnemy, "enemies'": oEnemy, "enemy's": oEnemy, "hostile": oEnemy}

func (p *parser) tok() *token {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return nil
}

// col is the column of the current token, or the end of the query.
func (p *parser) col() int {
	if t := p.tok(); t != nil {
		return t.col
	}
	return p.end
}

// is reports whether the current token is one of the words ws.
func (p *parser) is(ws ...string) bool {
	t := p.tok()
	if t == nil || t.kind != tWord {
		return false
	}
	for _, w := range ws {
		if t.text == w {
			return true
		}
	}
	return false
}

// accept moves past the current token when it is one of ws.
func (p *parser) accept(ws ...string) bool {
	if p.is(ws...) {
		p.i++
		return true
	}
	return false
}

// number reads a number, what saying what it is for in the error.
func (p *parser) number(what string) (int, error) {
	t := p.tok()
	if t == nil || t.kind != tNumber {
		return 0, errAt(p.col(), "expected %s (a number)%s", what, p.found())
	}
	p.i++
	return t.num, nil
}

// found is ", found X" for the current token, or ", found the end".
func (p *parser) found() string {
	t := p.tok()
	switch {
	case t == nil:
		return ", found the end of the query"
	case t.kind == tString:
		return ", found a quoted name"
	}
	return ", found " + strconv.Quote(t.text)
}

func (p *parser) step() error {
	t := p.tok()
	switch {
	case t.kind == tComma:
		p.i++
		return nil
	case t.kind == tWord && fillers[t.text]:
		p.i++
		return nil
	case t.kind == tWord:
		if k, ok := kinds[t.text]; ok {
			return p.kind(k)
		}
		if o, ok := owners[t.text]; ok {
			p.i++
			p.q.conds = append(p.q.conds, cond{what: cOwner, owner: o})
			return nil
		}
		if f := figureNamed(t.text); f != nil {
			return p.figure(f)
		}
		return p.clause()
	}
	return errAt(t.col, "expected a kind (planets, ships, officers, empires), an owner or a condition%s", p.found())
}

// kind reads "planets" or "planet 12".
func (p *parser) kind(k model.KeyKind) error {
	t := p.tok()
	p.i++
	if p.q.kind != model.NoKind && k != model.NoKind && k != p.q.kind {
		return errAt(t.col, "a query searches one kind of object: %s, then %s", kindPlural(p.q.kind), kindPlural(k))
	}
	if k != model.NoKind {
		p.q.kind = k
	}
	if n := p.tok(); n != nil && n.kind == tNumber && k != model.NoKind && k != model.KindEmpire {
		if p.q.hasID {
			return errAt(n.col, "a query names at most one object by number")
		}
		p.i++
		p.q.id, p.q.hasID = n.num, true
	}
	return nil
}

// clause reads a condition that starts with a word of its own.
func (p *parser) clause() error {
	t := p.tok()
	switch t.text {
	case "of", "owned":
		p.i++
		if t.text == "owned" && !p.accept("by") {
			return errAt(p.col(), "expected \"by\" after \"owned\"%s", p.found())
		}
		return p.ownerAfterOf()
	case "player":
		p.i++
		n, err := p.number("the player's number")
		if err != nil {
			return err
		}
		p.accept("'s")
		p.q.conds = append(p.q.conds, cond{what: cOwner, owner: oPlayer, player: n})
		return nil
	case "within", "beyond", "at", "near":
		return p.place()
	case "named", "called":
		p.i++
		n := p.tok()
		if n == nil || n.kind == tComma || n.kind == tSymbol {
			return errAt(p.col(), "expected a name after %q%s", t.text, p.found())
		}
		p.i++
		p.q.conds = append(p.q.conds, cond{what: cName, name: n.text})
		return nil
	case "seen", "not":
		return p.seen()
	case "or":
		return errAt(t.col, "\"or\" is not understood: every condition of a query must hold")
	}
	return errAt(t.col, "%q is not understood: expected a kind (planets, ships, officers, empires), an owner (my, foreign, unowned, of player 4) or a condition (within, with fuel below, named, seen)", t.text)
}

// ownerAfterOf reads what follows "of" or "owned by".
func (p *parser) ownerAfterOf() error {
	col := p.col()
	var c cond
	switch {
	case p.is("an", "my") && (p.next("ally") || p.next("allies")), p.is("ally", "allies"):
		p.accept("an", "my")
		p.i++
		c = cond{what: cOwner, owner: oAllied}
	case p.accept("mine", "me"):
		c = cond{what: cOwner, owner: oMine}
	case p.accept("nobody", "no-one", "none"):
		c = cond{what: cOwner, owner: oUnowned}
	case p.accept("player"):
		n, err := p.number("the player's number")
		if err != nil {
			return err
		}
		c = cond{what: cOwner, owner: oPlayer, player: n}
	default:
		return errAt(col, "expected an owner after \"of\" (player 4, mine, nobody, an ally)%s", p.found())
	}
	p.q.conds = append(p.q.conds, c)
	return nil
}

// place reads "within 100 of ship 5", "beyond 30 of 1,2,3", "at planet 4".
func (p *parser) place() error {
	c := cond{what: cPlace}
	w := p.tok().text
	p.i++
	switch w {
	case "at":
		c.place = pAt
	case "near":
		return errAt(p.toks[p.i-1].col, "say how near: \"within 50 of ...\"")
	default:
		if w == "beyond" {
			c.place = pBeyond
		}
		n, err := p.number("a distance")
		if err != nil {
			return err
		}
		if n < 0 {
			return errAt(p.toks[p.i-1].col, "a distance is not negative")
		}
		c.dist = n
		if !p.accept("of", "from") {
			return errAt(p.col(), "expected \"of\" after the distance%s", p.found())
		}
	}
	r, err := p.ref()
	if err != nil {
		return err
	}
	c.ref = r
	p.q.conds = append(p.q.conds, c)
	return nil
}

// ref reads a place: ship N, planet N, officer N, my origin, x,y,z.
func (p *parser) ref() (ref, error) {
	p.accept("the")
	col := p.col()
	if t := p.tok(); t != nil && t.kind == tNumber {
		var xyz [3]int
		for k := range xyz {
			if k > 0 {
				if t := p.tok(); t == nil || t.kind != tComma {
					return ref{}, errAt(p.col(), "a place is x,y,z: expected a comma%s", p.found())
				}
				p.i++
			}
			n, err := p.number("a coordinate")
			if err != nil {
				return ref{}, err
			}
			xyz[k] = n
		}
		return ref{kind: rPoint, pt: geom.Point{X: xyz[0], Y: xyz[1], Z: xyz[2]}}, nil
	}
	switch {
	case p.accept("silverfall", "centre", "center"):
		return ref{kind: rPoint}, nil
	case p.is("my", "origin"):
		p.accept("my")
		if !p.accept("origin") {
			return ref{}, errAt(p.col(), "expected \"origin\"%s", p.found())
		}
		return ref{kind: rOrigin}, nil
	}
	for _, k := range []model.KeyKind{model.KindShip, model.KindPlanet, model.KindOfficer} {
		if p.accept(kindSingular(k)) {
			n, err := p.number("the " + kindSingular(k) + "'s number")
			if err != nil {
				return ref{}, err
			}
			return ref{kind: rObject, key: model.Key{Kind: k, ID: n}}, nil
		}
	}
	return ref{}, errAt(col, "expected a place (ship 5, planet 12, my origin, or x,y,z)%s", p.found())
}

// figure reads "fuel below 50", "ore 3", "cargo 2 at least 10", "industry 4".
func (p *parser) figure(f *figure) error {
	c := cond{what: cFigure, fig: f}
	p.i++
	if t := p.tok(); f.typed && t != nil && t.kind == tNumber && t.num >= 1 && t.num <= 5 {
		c.oreType = t.num
		p.i++
	}
	op, explicit := p.cmp()
	c.cmp = op
	if t := p.tok(); explicit || (t != nil && t.kind == tNumber) {
		n, err := p.number("a figure to compare " + f.name + " with")
		if err != nil {
			return err
		}
		if !explicit {
			c.cmp = cmpEq
		}
		c.n = n
	}
	p.q.conds = append(p.q.conds, c)
	return nil
}

// cmp reads a comparison; explicit is false when there is none.
func (p *parser) cmp() (op cmpOp, explicit bool) {
	if t := p.tok(); t != nil && t.kind == tSymbol {
		p.i++
		return map[string]cmpOp{"<": cmpLt, ">": cmpGt, "<=": cmpLe, ">=": cmpGe, "=": cmpEq}[t.text], true
	}
	switch {
	case p.accept("below", "under"):
		return cmpLt, true
	case p.accept("above", "over"):
		return cmpGt, true
	case p.accept("exactly", "equal", "is"):
		p.accept("to")
		return cmpEq, true
	case p.is("less", "fewer", "more", "greater") && p.next("than"):
		w := p.tok().text
		p.i += 2
		if w == "more" || w == "greater" {
			return cmpGt, true
		}
		return cmpLt, true
	case p.is("at") && (p.next("least") || p.next("most")):
		p.i++
		if p.accept("least") {
			return cmpGe, true
		}
		p.i++
		return cmpLe, true
	}
	return cmpSome, false
}

// next reports whether the token after the current one is the word w.
func (p *parser) next(w string) bool {
	return p.i+1 < len(p.toks) && p.toks[p.i+1].kind == tWord && p.toks[p.i+1].text == w
}

// seen reads "seen in the last 3 turns", "seen this turn", "seen on turn
// 4", "seen since turn 4", "seen before turn 4", and the same after "not".
func (p *parser) seen() error {
	c := cond{what: cSeen}
	if p.accept("not") {
		c.not = true
		if !p.is("seen") {
			return errAt(p.col(), "expected \"seen\" after \"not\"%s", p.found())
		}
	}
	p.i++
	switch {
	case p.accept("in", "within", "during"):
		p.accept("the")
		p.accept("last")
		n, err := p.number("how many turns")
		if err != nil {
			return err
		}
		if n < 1 {
			return errAt(p.toks[p.i-1].col, "the last %d turns are none: say 1 or more", n)
		}
		if !p.accept("turns", "turn") {
			return errAt(p.col(), "expected \"turns\"%s", p.found())
		}
		c.seen, c.n = sLast, n
	case p.accept("this"):
		if !p.accept("turn") {
			return errAt(p.col(), "expected \"turn\"%s", p.found())
		}
		c.seen, c.n = sLast, 1
	case p.is("on", "since", "before"):
		w := p.tok().text
		p.i++
		if !p.accept("turn") {
			return errAt(p.col(), "expected \"turn\"%s", p.found())
		}
		n, err := p.number("a turn")
		if err != nil {
			return err
		}
		c.seen, c.n = map[string]seenOp{"on": sOn, "since": sSince, "before": sBefore}[w], n
	default:
		return errAt(p.col(), "expected when: \"in the last 3 turns\", \"this turn\", \"on turn 4\", \"since turn 4\" or \"before turn 4\"%s", p.found())
	}
	p.q.conds = append(p.q.conds, c)
	return nil
}

var singular = map[model.KeyKind]string{model.KindShip: "ship", model.KindPlanet: "planet",
	model.KindOfficer: "officer", model.KindEmpire: "empire", model.KindFleet: "fleet"}

func kindSingular(k model.KeyKind) string { return singular[k] }

func kindPlural(k model.KeyKind) string {
	if k == model.NoKind {
		return "objects"
	}
	return singular[k] + "s"
}

// String writes the query in its canonical words, which Parse reads back
// to the same query.
func (q *Query) String() string {
	var b []string
	for _, c := range q.conds {
		if c.what == cOwner && c.owner != oPlayer {
			b = append(b, ownerWords[c.owner])
		}
	}
	if q.hasID {
		b = append(b, kindSingular(q.kind), strconv.Itoa(q.id))
	} else {
		b = append(b, kindPlural(q.kind))
	}
	for _, c := range q.conds {
		if c.what != cOwner || c.owner == oPlayer {
			b = append(b, c.String())
		}
	}
	return strings.Join(b, " ")
}

var ownerWords = [...]string{oMine: "my", oForeign: "foreign", oUnowned: "unowned", oAllied: "allied", oEnemy: "enemy"}

var cmpWords = [...]string{cmpLt: "below", cmpGt: "above", cmpLe: "at most", cmpGe: "at least", cmpEq: "="}

func (c cond) String() string {
	switch c.what {
	case cOwner:
		if c.owner == oPlayer {
			return "of player " + strconv.Itoa(c.player)
		}
		return ownerWords[c.owner]
	case cPlace:
		s := "at "
		switch c.place {
		case pWithin:
			s = "within " + strconv.Itoa(c.dist) + " of "
		case pBeyond:
			s = "beyond " + strconv.Itoa(c.dist) + " of "
		}
		return s + c.ref.String()
	case cFigure:
		s := "with " + c.fig.name
		if c.oreType > 0 {
			s += " " + strconv.Itoa(c.oreType)
		}
		if c.cmp != cmpSome {
			s += " " + cmpWords[c.cmp] + " " + strconv.Itoa(c.n)
		}
		return s
	case cName:
		// The lexer keeps no quote inside a name.
		return `named "` + c.name + `"`
	}
	s := "seen "
	if c.not {
		s = "not seen "
	}
	switch c.seen {
	case sOn:
		return s + "on turn " + strconv.Itoa(c.n)
	case sSince:
		return s + "since turn " + strconv.Itoa(c.n)
	case sBefore:
		return s + "before turn " + strconv.Itoa(c.n)
	}
	return s + "in the last " + strconv.Itoa(c.n) + " turns"
}

func (r ref) String() string {
	switch r.kind {
	case rPoint:
		return r.pt.String()
	case rOrigin:
		return "my origin"
	}
	return kindSingular(r.key.Kind) + " " + strconv.Itoa(r.key.ID)
}
