package ai

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"silverfall/engine/rules"
)

// LevelSet is a game's computer levels by name: the built-in ones
// (levels.toml), with the figures a moderator's settings change and the
// levels they add. A set is never changed once made: Override makes a new
// one.
type LevelSet struct {
	byName map[string]*Level
	// base is, for a level the settings added, the level it started from
	// (a built-in level's is "").
	base map[string]string
}

// MaxLevelFigure bounds every whole-number figure of a level: no count,
// turn or credit sum of a game comes near it.
const MaxLevelFigure = 1_000_000_000

// MaxLevelName bounds a level's name.
const MaxLevelName = 20

// BuiltinLevels is the set of the built-in levels (nil when levels.toml
// does not read, which its tests rule out).
func BuiltinLevels() *LevelSet {
	all, err := levels()
	if err != nil {
		return nil
	}
	return &LevelSet{byName: all, base: map[string]string{}}
}

// Named returns the level of that name.
func (s *LevelSet) Named(name string) (*Level, error) {
	if lv := s.byName[name]; lv != nil {
		return lv, nil
	}
	return nil, fmt.Errorf("no computer level %q; the levels are %s", name, strings.Join(s.Names(), ", "))
}

// Names lists the set's levels by name, sorted.
func (s *LevelSet) Names() []string {
	names := make([]string, 0, len(s.byName))
	for n := range s.byName { // any order: sorted below
		names = append(names, n)
	}
	sortLevels(names)
	return names
}

// Same reports whether two sets hold the same levels with the same figures.
func (s *LevelSet) Same(o *LevelSet) bool {
	return reflect.DeepEqual(s.byName, o.byName) && reflect.DeepEqual(s.base, o.base)
}

// LevelsOnly and LevelsAmong say what else a document Override reads may
// hold: nothing but [[level]] tables (a levels file), or the caller's
// settings too (game.toml), which it leaves to the caller to check.
const (
	LevelsOnly  = true
	LevelsAmong = false
)

// Override reads the [[level]] tables of the TOML document data (named
// name in messages) over s and returns the new set; s stays as it was.
// A table whose name is a level of s changes the figures it lists and
// keeps the others; a table with based_on adds a level of a new name,
// starting from the figures of the level it names (one of s, or one
// added above it). Every mistake is refused with name:line: an unknown
// setting, a figure of the wrong kind, a figure out of its range, a level
// named twice. It reads no file: the caller bounds data's size and
// nesting.
func (s *LevelSet) Override(r *rules.Rules, name string, data []byte, only bool) (*LevelSet, error) {
	var doc struct {
		Level []map[string]any `toml:"level"`
	}
	md, err := toml.Decode(string(data), &doc)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: %s", name, max(pe.Position.Line, 1), pe.Message)
		}
		return nil, fmt.Errorf("%s:%d: level: [[level]] tables are wanted", name, lineOf(data, -1, "level"))
	}
	p := &levelParse{r: r, name: name, data: data, out: s.clone(), seen: map[string]bool{}}
	if only {
		for _, k := range md.Keys() {
			if k[0] != "level" {
				p.fail(lineOf(data, -1, k[len(k)-1]), "%s: a levels file holds only [[level]] tables", shownKey(k.String()))
			}
		}
	}
	for i, t := range doc.Level {
		p.table(i, t)
	}
	if len(p.errs) > 0 {
		return nil, p.err()
	}
	return p.out, nil
}

func (s *LevelSet) clone() *LevelSet {
	out := &LevelSet{byName: map[string]*Level{}, base: map[string]string{}}
	for n, lv := range s.byName { // any order: copies
		out.byName[n] = lv
	}
	for n, b := range s.base { // any order: copies
		out.base[n] = b
	}
	return out
}

// levelParse is one Override under way: the set made so far and the
// mistakes found, each with its line.
type levelParse struct {
	r    *rules.Rules
	name string
	data []byte
	out  *LevelSet
	seen map[string]bool // the levels this document's tables named
	errs []lineError
}

type lineError struct {
	line int
	msg  string
}

// MaxLevelErrors bounds the mistakes one document reports.
const MaxLevelErrors = 20

func (p *levelParse) fail(line int, format string, args ...any) {
	p.errs = append(p.errs, lineError{line, fmt.Sprintf(format, args...)})
}

func (p *levelParse) err() error {
	sort.SliceStable(p.errs, func(i, j int) bool { return p.errs[i].line < p.errs[j].line })
	var b strings.Builder
	for i, e := range p.errs {
		if i == MaxLevelErrors {
			fmt.Fprintf(&b, "\n%s: %d more mistakes in the levels", p.name, len(p.errs)-i)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s:%d: %s", p.name, e.line, e.msg)
	}
	return errors.New(b.String())
}

// table reads the i-th [[level]] table.
func (p *levelParse) table(i int, t map[string]any) {
	at := func(key string) int { return lineOf(p.data, i, key) }
	name, ok := t["name"].(string)
	if !ok {
		p.fail(at("name"), "[[level]] without a name (name = \"easy\", or a new level's name with based_on)")
		return
	}
	if msg := checkLevelName(name); msg != "" {
		p.fail(at("name"), "name = %s: %s", strconv.Quote(name), msg)
		return
	}
	if p.seen[name] {
		p.fail(at("name"), "level %q is given twice here; one [[level]] table a level", name)
		return
	}
	p.seen[name] = true
	start, ok := p.start(name, t["based_on"], at)
	if !ok {
		return
	}
	lv := *start
	lv.Name = name
	v := reflect.ValueOf(&lv).Elem()
	keys := make([]string, 0, len(t))
	for k := range t { // any order: sorted below
		keys = append(keys, k)
	}
	sort.Strings(keys)
	n := len(p.errs)
	for _, k := range keys {
		if k != "name" && k != "based_on" {
			p.set(v, k, t[k], at(k))
		}
	}
	if len(p.errs) == n {
		p.out.byName[name] = &lv
	}
}

// start is the level a table starts from: the level of its name, or for a
// new level the one based_on names.
func (p *levelParse) start(name string, based any, at func(string) int) (*Level, bool) {
	if based == nil {
		if lv := p.out.byName[name]; lv != nil {
			return lv, true
		}
		p.fail(at("name"), "no level %q to change (the levels are %s); a new level says which it starts from: based_on = \"normal\"",
			name, strings.Join(p.out.Names(), ", "))
		return nil, false
	}
	b, ok := based.(string)
	switch {
	case !ok:
		p.fail(at("based_on"), "based_on = %s: the name of a level is wanted, in quotes", shownValue(based))
	case p.out.byName[name] != nil:
		p.fail(at("based_on"), "level %q exists already; to change its figures leave out based_on, or give the new level a name of its own", name)
	case p.out.byName[b] == nil:
		p.fail(at("based_on"), "based_on = %q: no such level; the levels are %s", b, strings.Join(p.out.Names(), ", "))
	default:
		// The built-in level it descends from: what a record of the set
		// names, whatever order it lists the levels in.
		root := b
		if p.out.base[b] != "" {
			root = p.out.base[b]
		}
		p.out.base[name] = root
		return p.out.byName[b], true
	}
	return nil, false
}

// checkLevelName says what is wrong with a level's name ("" if nothing).
func checkLevelName(name string) string {
	if name == "" || len(name) > MaxLevelName {
		return fmt.Sprintf("a level's name is 1 to %d letters, digits, - or _", MaxLevelName)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Sprintf("a level's name is 1 to %d letters, digits, - or _", MaxLevelName)
		}
	}
	return ""
}

// set sets the level's figure of TOML key k to val, if it is one of the
// level's, of its kind and in its range.
func (p *levelParse) set(v reflect.Value, k string, val any, line int) {
	f, ok := levelField(k)
	if !ok {
		p.fail(line, "%s: no such setting of a level", shownKey(k))
		return
	}
	fv := v.FieldByIndex(f.Index)
	switch fv.Kind() {
	case reflect.Bool:
		b, ok := val.(bool)
		if !ok {
			p.fail(line, "%s = %s: true or false is wanted", k, shownValue(val))
			return
		}
		fv.SetBool(b)
	case reflect.Int:
		n, ok := val.(int64)
		if !ok {
			p.fail(line, "%s = %s: a whole number is wanted", k, shownValue(val))
			return
		}
		if msg := p.checkFigure(k, float64(n)); msg != "" {
			p.fail(line, "%s = %d: %s", k, n, msg)
			return
		}
		fv.SetInt(n)
	case reflect.String:
		s, ok := val.(string)
		if !ok {
			p.fail(line, "%s = %s: a text in quotes is wanted", k, shownValue(val))
			return
		}
		fv.SetString(s)
	case reflect.Float64:
		x, ok := val.(float64)
		if n, isInt := val.(int64); isInt {
			x, ok = float64(n), true
		}
		if !ok {
			p.fail(line, "%s = %s: a number is wanted", k, shownValue(val))
			return
		}
		if msg := p.checkFigure(k, x); msg != "" {
			p.fail(line, "%s = %s: %s", k, shownValue(val), msg)
			return
		}
		fv.SetFloat(x)
	default:
		p.setAny(fv, k, val, line)
	}
}

// setAny sets a figure of another kind (a list, say) as the TOML reader
// would, through a table of its one key.
func (p *levelParse) setAny(fv reflect.Value, k string, val any, line int) {
	var b bytes.Buffer
	holder := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "V", Type: fv.Type(), Tag: `toml:"v"`}}))
	if err := toml.NewEncoder(&b).Encode(map[string]any{"v": val}); err != nil {
		p.fail(line, "%s = %s: not a figure of its kind", k, shownValue(val))
		return
	}
	if _, err := toml.Decode(b.String(), holder.Interface()); err != nil {
		p.fail(line, "%s = %s: not a figure of its kind (%s)", k, shownValue(val), fv.Type())
		return
	}
	fv.Set(holder.Elem().Field(0))
}

// checkFigure says what is wrong with a whole-number figure ("" if
// nothing): none is negative or beyond MaxLevelFigure, a share in percent
// (its key says "percent") is at most 100, and a ship type (its key ends
// in "_type") is 0 (the level's default) or one of the rules' ship types.
func (p *levelParse) checkFigure(k string, n float64) string {
	switch {
	case n < 0:
		return "no figure of a level is negative"
	case strings.Contains(k, "percent") && n > 100:
		return "a share in percent is 0 to 100"
	case strings.HasSuffix(k, "_type") && n > 0 && p.r.Ship(int(min(n, MaxLevelFigure))) == nil:
		return fmt.Sprintf("no ship type %s; the types are 1 to %d", strconv.FormatFloat(n, 'f', -1, 64), len(p.r.Ships))
	case n > MaxLevelFigure || n != n:
		return fmt.Sprintf("a figure of a level is at most %d", MaxLevelFigure)
	}
	return ""
}

// levelField is the field of Level that TOML key k sets.
func levelField(k string) (reflect.StructField, bool) {
	t := reflect.TypeOf(Level{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("toml"), ","); tag == k && f.IsExported() {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// shownValue is a TOML value as a message quotes it, cut short; a text
// is quoted with every character a terminal would act on escaped.
func shownValue(v any) string {
	switch v := v.(type) {
	case string:
		if r := []rune(v); len(r) > 40 {
			v = string(r[:37]) + "..."
		}
		return strconv.QuoteToGraphic(v)
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "a list"
	}
	s := fmt.Sprint(v)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

// shownKey is a key as messages print it: quoted unless plain.
func shownKey(k string) string {
	for _, c := range k {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return shownValue(k)
		}
	}
	return k
}

// lineOf finds the line of key in the table-th [[level]] table of data
// (in any, when table is -1; a top-level key when not in one), for the
// messages: the TOML reader does not say where each table's keys are.
// A key it cannot find (written in an inline table, say) gets the line of
// its table's header, or line 1.
func lineOf(data []byte, table int, key string) int {
	n, header, in := -1, 1, table < 0
	for i, l := range bytes.Split(data, []byte("\n")) {
		t := strings.TrimSpace(string(l))
		if strings.HasPrefix(t, "[") {
			head, _, _ := strings.Cut(t, "#")
			switch name := strings.Trim(strings.TrimSpace(head), "[] "); {
			case table < 0 && name == key, table >= 0 && n == table && name == "level."+key:
				return i + 1 // a table's header: [mail], or [level.x] in a level
			}
			in = strings.ReplaceAll(head, " ", "") == "[[level]]"
			if in {
				n++
				if n == table {
					header = i + 1
				}
			}
			continue
		}
		if (table < 0 || n == table && in) && keyOfLine(t) == key {
			return i + 1
		}
	}
	return header
}

// keyOfLine is the key a line of TOML sets ("" if none).
func keyOfLine(t string) string {
	k, _, ok := strings.Cut(t, "=")
	if !ok {
		return ""
	}
	k = strings.TrimSpace(k)
	if uq, err := strconv.Unquote(k); err == nil {
		return uq
	}
	return strings.Trim(k, "'")
}

// Encode writes the set as a levels file holding every level with every
// figure, in the order of their names: read over the built-in levels
// (Override), it gives the same set, whatever those hold by then.
func (s *LevelSet) Encode() ([]byte, error) {
	type entry struct {
		Level
		BasedOn string `toml:"based_on,omitempty"`
	}
	var doc struct {
		Level []entry `toml:"level"`
	}
	for _, n := range s.Names() {
		doc.Level = append(doc.Level, entry{*s.byName[n], s.base[n]})
	}
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
