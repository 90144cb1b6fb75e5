package state

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Version is the version of the format this package writes; the first
// line of a state file names it. Version 2 ends with a record that counts
// the records, so that a file cut short is refused; version 1 files (with
// no such record) are still read.
const Version = 2

// endRecord closes a version 2 file: "end records=N".
const endRecord = "end"

// MaxSize bounds a state file: a 40-player game's is a few megabytes.
const MaxSize = 64 << 20

// header starts every state file.
const header = "silverfall-state"

// MaxLineLength bounds a line: a broadcast, a message or a name is far
// shorter.
const MaxLineLength = 64 * 1024

// Records of their own: the game's own fields, and the parts of an empire
// and a market that are not plain fields.
type gameRecord struct {
	Name    string
	Turn    int
	DueDate string
	Seed    int64
	Over    bool
	Winners []int
}

type marketRecord struct {
	Planet    int
	Prices    model.Ore
	PriceFuel int
	Base      model.Ore
	BaseFuel  int
	Stock     model.Ore
	Fuel      int
}

type textRecord struct {
	Player int
	Text   string
}

type abilityRecord struct {
	Player      int
	Name        string
	Description string
	Practised   bool
}

type creditRecord struct {
	Player  int
	Opening int
}

type creditLineRecord struct {
	Player int
	What   string
	Amount int
}

type scannedPlayerRecord struct {
	Player int
	ID     int
}

// Write writes the whole game in the state format (docs/state-format.md).
// The same game always gives the same bytes.
func Write(w io.Writer, g *model.Game) error {
	bw := bufio.NewWriter(w)
	var b []byte
	records := 0
	line := func(kind string, parts ...any) {
		records++
		b = append(b[:0], kind...)
		for _, p := range parts {
			b = appendFields(b, reflect.ValueOf(p))
		}
		b = append(b, '\n')
		bw.Write(b)
	}
	fmt.Fprintf(bw, "%s %d\n", header, Version)
	line("game", gameRecord{g.Name, g.Turn, g.DueDate, g.Seed, g.Over, g.Winners})
	for _, t := range g.Broadcasts {
		b = strconv.AppendQuote(append(b[:0], "broadcast text="...), t)
		bw.Write(append(b, '\n'))
		records++
	}
	for _, e := range g.Empires {
		line("empire", e)
		p := e.Player
		for _, a := range e.Abilities {
			line("ability", abilityRecord{p, a.Name, a.Description, a.Practised})
		}
		r := e.Report
		if r.Credit.Opening != 0 || len(r.Credit.Lines) > 0 {
			line("credit", creditRecord{p, r.Credit.Opening})
		}
		for _, l := range r.Credit.Lines {
			line("creditline", creditLineRecord{p, l.What, l.Amount})
		}
		for _, t := range r.Battle {
			line("battle", textRecord{p, t})
		}
		for _, t := range r.Messages {
			line("message", textRecord{p, t})
		}
		for _, t := range r.Errors {
			line("error", textRecord{p, t})
		}
		if r.ScannedShip != nil {
			line("scannedship", textRecord{Player: p}, *r.ScannedShip)
		}
		if r.ScannedPlanet != nil {
			line("scannedplanet", textRecord{Player: p}, *r.ScannedPlanet)
		}
		for _, m := range r.ScannedMines {
			line("scannedmine", textRecord{Player: p}, m)
		}
		if r.ScannedPlayerID != 0 {
			line("scannedplayer", scannedPlayerRecord{p, r.ScannedPlayerID})
		}
		for _, s := range r.ScannedPlayer {
			line("scannedplayership", textRecord{Player: p}, s)
		}
	}
	for _, p := range g.Planets {
		line("planet", p)
	}
	ids := make([]int, 0, len(g.Markets))
	for id := range g.Markets { // any order: sorted below
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		m := g.Markets[id]
		line("market", marketRecord{id, m.Prices.Ore, m.Prices.Fuel, m.Base.Ore, m.Base.Fuel, m.Stock, m.Fuel})
	}
	for _, s := range g.Ships {
		line("ship", s)
	}
	for _, o := range g.Officers {
		line("officer", o)
	}
	for _, m := range g.Mines {
		line("mine", m)
	}
	for _, a := range g.Artifacts {
		line("artifact", a)
	}
	for _, r := range g.Rings {
		line("ring", r)
	}
	fmt.Fprintf(bw, "%s records=%d\n", endRecord, records)
	return bw.Flush()
}

// Error is a problem in a state file, at a line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ErrorList is every problem found in a state file, in line order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// maxErrors is where reading stops: a file with more is not worth going on
// with.
const maxErrors = 20

// Read reads a state file written by Write, or edited by hand, and checks
// it against the rules: every problem comes back in an ErrorList with its
// line. name is the file's name for the messages.
func Read(in io.Reader, name string, r *rules.Rules) (*model.Game, error) {
	rd := &reader{name: name, g: &model.Game{Markets: map[int]model.Market{}}, lines: map[any]int{}, textLines: map[string][]int{}}
	lim := &limited{r: in, left: MaxSize}
	sc := bufio.NewScanner(lim)
	sc.Buffer(make([]byte, 0, 64*1024), MaxLineLength)
	n := 0
	for sc.Scan() {
		n++
		rd.line = n
		text := strings.TrimRight(sc.Text(), " \t\r")
		if n == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
			rd.header(text)
			if len(rd.errs) > 0 {
				return nil, rd.errs
			}
			continue
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if rd.endLine > 0 {
			rd.fail("a record after the closing %q record of line %d", endRecord, rd.endLine)
			return nil, rd.errs
		}
		if strings.HasPrefix(text, endRecord+" ") || text == endRecord {
			rd.end(text)
			continue
		}
		rd.records++
		rd.record(text)
		if len(rd.errs) >= maxErrors {
			return nil, rd.errs
		}
	}
	if err := sc.Err(); err != nil {
		rd.line = n + 1
		if err == errTooLarge {
			rd.line = n
			rd.fail("the file goes on past %d MiB, far more than a game's state; not read", MaxSize>>20)
		} else if err == bufio.ErrTooLong {
			rd.fail("a line longer than %d bytes", MaxLineLength)
		} else {
			rd.fail("%v", err)
		}
		return nil, rd.errs
	}
	if n == 0 {
		rd.line = 1
		rd.fail("empty: a state file starts with %q", fmt.Sprintf("%s %d", header, Version))
		return nil, rd.errs
	}
	if !rd.sawGame {
		rd.line = n
		rd.fail("no game record")
	}
	if rd.version >= 2 && rd.endLine == 0 && len(rd.errs) == 0 {
		rd.line = n
		rd.fail("the file ends without its closing record (%q): it was cut short, or that line was removed", fmt.Sprintf("%s records=%d", endRecord, rd.records))
	}
	if len(rd.errs) == 0 {
		rd.validate(r)
	}
	if len(rd.errs) > 0 {
		sort.SliceStable(rd.errs, func(i, j int) bool { return rd.errs[i].Line < rd.errs[j].Line })
		return nil, rd.errs
	}
	return rd.g, nil
}

type reader struct {
	name    string
	line    int
	version int
	// records counts the records read; endLine is the closing record's line.
	records, endLine int
	g                *model.Game
	errs             ErrorList
	sawGame          bool
	// lines remembers where each object was read, for the checks after
	// reading: keys are (kind, number) pairs.
	lines map[any]int
	// gameLine is the game record's line; textLines the lines of the
	// broadcast records; texts every other piece of text the game wrote,
	// with its line.
	gameLine  int
	textLines map[string][]int
	texts     []textAt
}

// textAt is a piece of text read and its line.
type textAt struct {
	kind, text string
	line       int
}

// text remembers a piece of text for validateText.
func (rd *reader) text(kind, s string) {
	rd.texts = append(rd.texts, textAt{kind, s, rd.line})
}

type objectKey struct {
	kind string
	id   int
}

func (rd *reader) fail(format string, args ...any) {
	rd.failAt(rd.line, format, args...)
}

func (rd *reader) failAt(line int, format string, args ...any) {
	rd.errs = append(rd.errs, &Error{rd.name, line, fmt.Sprintf(format, args...)})
}

func (rd *reader) header(text string) {
	f := strings.Fields(text)
	if len(f) != 2 || f[0] != header {
		rd.fail("not a Silverfall state file: the first line must be %q", fmt.Sprintf("%s %d", header, Version))
		return
	}
	v, err := strconv.Atoi(f[1])
	switch {
	case err != nil:
		rd.fail("the format version %q is not a number", f[1])
	case v < 1 || v > Version:
		rd.fail("format version %d; this program reads versions 1 to %d", v, Version)
	}
	rd.version = v
}

// end reads the closing record, which counts the records before it.
func (rd *reader) end(text string) {
	rd.endLine = rd.line
	_, fields, err := splitRecord(text)
	var x struct{ Records int }
	if err == nil {
		err = setFields(reflect.ValueOf(&x).Elem(), fields)
	}
	switch {
	case err != nil:
		rd.fail("%s: %v", endRecord, err)
	case x.Records != rd.records:
		rd.fail("the closing record counts %d records, the file holds %d: records were lost or added after it was written", x.Records, rd.records)
	}
}

// errTooLarge stops reading a file past MaxSize.
var errTooLarge = errors.New("state file too large")

// limited reads at most left bytes, then fails with errTooLarge.
type limited struct {
	r    io.Reader
	left int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left <= 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// record reads one line into the game.
func (rd *reader) record(text string) {
	kind, fields, err := splitRecord(text)
	if err != nil {
		rd.fail("%s: %v", kindOf(text), err)
		return
	}
	set := func(v any) bool {
		if err := setFields(reflect.ValueOf(v).Elem(), fields); err != nil {
			rd.fail("%s: %v", kind, err)
			return false
		}
		return true
	}
	// withPlayer reads a record that holds player= and the fields of v.
	withPlayer := func(v any) (int, bool) {
		var p textRecord
		var rest []field
		for _, f := range fields {
			if f.name == "player" {
				if err := setValue(reflect.ValueOf(&p.Player).Elem(), f.value); err != nil {
					rd.fail("%s: column %d: player: %v", kind, f.col, err)
					return 0, false
				}
				continue
			}
			rest = append(rest, f)
		}
		if err := setFields(reflect.ValueOf(v).Elem(), rest); err != nil {
			rd.fail("%s: %v", kind, err)
			return 0, false
		}
		return p.Player, rd.player(kind, p.Player) != nil
	}
	g := rd.g
	switch kind {
	case "game":
		if rd.sawGame {
			rd.fail("a second game record")
			return
		}
		rd.sawGame = true
		rd.gameLine = rd.line
		var x gameRecord
		if set(&x) {
			g.Name, g.Turn, g.DueDate, g.Seed, g.Over, g.Winners = x.Name, x.Turn, x.DueDate, x.Seed, x.Over, x.Winners
			if g.Turn < 1 {
				rd.fail("game: the turn must be 1 or more, got %d", g.Turn)
			}
		}
	case "broadcast":
		var x textRecord
		if set(&x) {
			g.Broadcasts = append(g.Broadcasts, x.Text)
			rd.textLines["broadcast"] = append(rd.textLines["broadcast"], rd.line)
		}
	case "empire":
		var e model.Empire
		if set(&e) && rd.unique("empire", e.Player) {
			g.Empires = append(g.Empires, e)
		}
	case "ability":
		var x abilityRecord
		if set(&x) {
			if e := rd.player(kind, x.Player); e != nil {
				e.Abilities = append(e.Abilities, model.SpecialAbility{Name: x.Name, Description: x.Description, Practised: x.Practised})
				rd.text(kind, x.Name)
				rd.text(kind, x.Description)
			}
		}
	case "credit":
		var x creditRecord
		if set(&x) {
			if e := rd.player(kind, x.Player); e != nil {
				e.Report.Credit.Opening = x.Opening
			}
		}
	case "creditline":
		var x creditLineRecord
		if set(&x) {
			if e := rd.player(kind, x.Player); e != nil {
				e.Report.Credit.Lines = append(e.Report.Credit.Lines, model.CreditLine{What: x.What, Amount: x.Amount})
				rd.text(kind, x.What)
			}
		}
	case "battle", "message", "error":
		var x textRecord
		if set(&x) {
			if e := rd.player(kind, x.Player); e != nil {
				r := &e.Report
				rd.text(kind, x.Text)
				switch kind {
				case "battle":
					r.Battle = append(r.Battle, x.Text)
				case "message":
					r.Messages = append(r.Messages, x.Text)
				default:
					r.Errors = append(r.Errors, x.Text)
				}
			}
		}
	case "scannedship", "scannedplayership":
		var s model.Ship
		if p, ok := withPlayer(&s); ok {
			r := &rd.player(kind, p).Report
			if kind == "scannedship" {
				r.ScannedShip = &s
			} else {
				r.ScannedPlayer = append(r.ScannedPlayer, s)
			}
		}
	case "scannedplanet":
		var pl model.Planet
		if p, ok := withPlayer(&pl); ok {
			rd.player(kind, p).Report.ScannedPlanet = &pl
		}
	case "scannedmine":
		var m model.Mine
		if p, ok := withPlayer(&m); ok {
			r := &rd.player(kind, p).Report
			r.ScannedMines = append(r.ScannedMines, m)
		}
	case "scannedplayer":
		var x scannedPlayerRecord
		if set(&x) {
			if e := rd.player(kind, x.Player); e != nil {
				e.Report.ScannedPlayerID = x.ID
			}
		}
	case "planet":
		var p model.Planet
		if set(&p) && rd.unique("planet", p.ID) {
			g.Planets = append(g.Planets, p)
		}
	case "market":
		var x marketRecord
		if set(&x) && rd.unique("market", x.Planet) {
			g.Markets[x.Planet] = model.Market{Prices: model.Prices{Ore: x.Prices, Fuel: x.PriceFuel},
				Base: model.Prices{Ore: x.Base, Fuel: x.BaseFuel}, Stock: x.Stock, Fuel: x.Fuel}
		}
	case "ship":
		var s model.Ship
		if set(&s) && rd.unique("ship", s.ID) {
			g.Ships = append(g.Ships, s)
		}
	case "officer":
		var o model.Officer
		if set(&o) && rd.unique("officer", o.ID) {
			g.Officers = append(g.Officers, o)
		}
	case "mine":
		var m model.Mine
		if set(&m) && rd.unique("mine", m.ID) {
			g.Mines = append(g.Mines, m)
		}
	case "artifact":
		var a model.Artifact
		if set(&a) && rd.unique("artifact", a.ID) {
			g.Artifacts = append(g.Artifacts, a)
		}
	case "ring":
		var x model.RingSighting
		if set(&x) {
			g.Rings = append(g.Rings, x)
		}
	default:
		rd.fail("unknown record %q", printable(kind))
	}
}

// unique files an object's line, refusing a number used twice.
func (rd *reader) unique(kind string, id int) bool {
	k := objectKey{kind, id}
	if first, ok := rd.lines[k]; ok {
		rd.fail("%s %d again (first at line %d)", kind, id, first)
		return false
	}
	if id <= 0 {
		rd.fail("%s number %d: numbers start at 1", kind, id)
		return false
	}
	rd.lines[k] = rd.line
	return true
}

// player finds the empire a record belongs to; empires come first in the
// file.
func (rd *reader) player(kind string, p int) *model.Empire {
	if e := rd.g.Empire(p); e != nil {
		return e
	}
	rd.fail("%s: there is no empire %d (empires come before what belongs to them)", kind, p)
	return nil
}

func kindOf(text string) string {
	if i := strings.IndexAny(text, " \t"); i > 0 {
		return printable(text[:i])
	}
	return printable(text)
}

// printable quotes what came from the file when it holds anything but
// plain letters and digits, so a message cannot carry control characters.
func printable(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	for _, r := range s {
		if r < ' ' || r == 0x7f || r > '~' {
			return strconv.QuoteToASCII(s)
		}
	}
	return s
}
