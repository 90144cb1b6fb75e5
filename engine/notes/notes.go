package notes

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/text"
)

// The bounds of a book. A note is a paragraph or two, a marker's label a
// few words on the map, a condition one query; a book of thousands of
// entries is more than a game of 25 turns calls for.
const (
	MaxText      = 2000 // characters of a note or a reminder
	MaxLabel     = 40   // characters of a marker's label
	MaxCondition = 400  // characters of a reminder's condition
	MaxEntries   = 5000
)

// Kind is what an entry is.
type Kind uint8

// The kinds of entry.
const (
	Note Kind = iota + 1
	Marker
	Reminder
)

var kindNames = [...]string{Note: "note", Marker: "marker", Reminder: "reminder"}

func (k Kind) String() string {
	if k >= Note && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}

// Shape is how a marker is drawn.
type Shape uint8

// The shapes of a marker.
const (
	Cross Shape = iota
	Square
	Diamond
	Circle
	Flag
)

// Shapes are the shapes' names, in the order of the constants.
var Shapes = []string{"cross", "square", "diamond", "circle", "flag"}

func (s Shape) String() string {
	if int(s) < len(Shapes) {
		return Shapes[s]
	}
	return "cross"
}

// Colour is a marker's colour, one of a few that show on the map's dark
// background and are told apart from the bodies' colours by their shape.
type Colour uint8

// The colours of a marker.
const (
	Yellow Colour = iota
	Red
	Green
	Blue
	White
	Purple
)

// Colours are the colours' names, in the order of the constants.
var Colours = []string{"yellow", "red", "green", "blue", "white", "purple"}

func (c Colour) String() string {
	if int(c) < len(Colours) {
		return Colours[c]
	}
	return "yellow"
}

// RGB is the colour's red, green and blue.
func (c Colour) RGB() [3]uint8 {
	return [...][3]uint8{{255, 230, 80}, {255, 80, 70}, {90, 235, 110}, {90, 170, 255}, {240, 240, 240}, {210, 120, 255}}[min(int(c), len(Colours)-1)]
}

// Entry is one note, marker or reminder. A note is on an object (Object
// set), a place (AtPlace) or a turn (Turn, neither of the others); a marker
// is at a place; a reminder is due on sheet Turn, or, with a Condition,
// whenever the condition's query finds something.
type Entry struct {
	ID      int // the book's number for it, never reused
	Kind    Kind
	Object  model.Key
	Place   geom.Point
	AtPlace bool
	Turn    int
	Text    string // the note, the marker's label, the reminder
	Shape   Shape
	Colour  Colour
	// Condition is a query over what is known (engine/query's language);
	// the reminder is due while its result is not empty.
	Condition string
	Done      bool // a reminder the player has dealt with
	Written   int  // the sheet's turn it was written on
	// Rule names a reminder the program offered from the rule book
	// ("pull", "end", "market:9"), so that it is offered once.
	Rule string
}

// Book is a game's notes, markers and reminders.
type Book struct {
	entries []Entry // by ID
	next    int
	// Seen is the newest sheet's turn the player has been shown the
	// reminders of: a newer one arriving shows those due since.
	Seen int
}

// Entries are all the entries, oldest first; a copy.
func (b *Book) Entries() []Entry { return slices.Clone(b.entries) }

// Len is the number of entries.
func (b *Book) Len() int { return len(b.entries) }

// Get returns the entry numbered id.
func (b *Book) Get(id int) (Entry, bool) {
	if i := b.index(id); i >= 0 {
		return b.entries[i], true
	}
	return Entry{}, false
}

func (b *Book) index(id int) int {
	i, ok := slices.BinarySearchFunc(b.entries, id, func(e Entry, id int) int { return e.ID - id })
	if !ok {
		return -1
	}
	return i
}

// Add checks e, gives it the next number and files it; it returns e as
// filed (its text cleaned).
func (b *Book) Add(e Entry) (Entry, error) {
	if len(b.entries) >= MaxEntries {
		return Entry{}, fmt.Errorf("the book holds %d entries already, the most it keeps; delete some first", MaxEntries)
	}
	e.ID = 0
	if err := e.check(); err != nil {
		return Entry{}, err
	}
	b.next = max(b.next, lastID(b.entries)) + 1
	e.ID = b.next
	b.entries = append(b.entries, e)
	return e, nil
}

func lastID(es []Entry) int {
	if len(es) == 0 {
		return 0
	}
	return es[len(es)-1].ID
}

// Update replaces the entry numbered e.ID with e, checked.
func (b *Book) Update(e Entry) (Entry, error) {
	i := b.index(e.ID)
	if i < 0 {
		return Entry{}, fmt.Errorf("there is no entry %d", e.ID)
	}
	if err := e.check(); err != nil {
		return Entry{}, err
	}
	b.entries[i] = e
	return e, nil
}

// Delete takes out the entry numbered id; it reports whether there was one.
func (b *Book) Delete(id int) bool {
	i := b.index(id)
	if i < 0 {
		return false
	}
	b.next = max(b.next, id)
	b.entries = slices.Delete(b.entries, i, i+1)
	return true
}

// Of are the notes on the object key, oldest first.
func (b *Book) Of(key model.Key) []Entry {
	return b.filter(func(e Entry) bool { return e.Kind == Note && !key.IsZero() && e.Object == key })
}

// Markers are the markers, oldest first.
func (b *Book) Markers() []Entry {
	return b.filter(func(e Entry) bool { return e.Kind == Marker })
}

// OnTurn are the notes on turn t.
func (b *Book) OnTurn(t int) []Entry {
	return b.filter(func(e Entry) bool { return e.Kind == Note && e.Object.IsZero() && !e.AtPlace && e.Turn == t })
}

func (b *Book) filter(keep func(Entry) bool) []Entry {
	var out []Entry
	for _, e := range b.entries {
		if keep(e) {
			out = append(out, e)
		}
	}
	return out
}

// Due are the reminders of a turn due on the sheet of turn t: due on it or
// before and not done.
func (b *Book) Due(t int) []Entry {
	return b.filter(func(e Entry) bool {
		return e.Kind == Reminder && e.Condition == "" && !e.Done && e.Turn > 0 && e.Turn <= t
	})
}

// Arriving are the reminders of a turn that fell due since the sheet last
// seen (Seen) up to the sheet of turn t, which is newer; none when t is
// not newer (an earlier turn looked at again).
func (b *Book) Arriving(t int) []Entry {
	if t <= b.Seen {
		return nil
	}
	return b.filter(func(e Entry) bool {
		return e.Kind == Reminder && e.Condition == "" && !e.Done && e.Turn > b.Seen && e.Turn <= t
	})
}

// Conditions are the reminders on a condition that are not done.
func (b *Book) Conditions() []Entry {
	return b.filter(func(e Entry) bool { return e.Kind == Reminder && e.Condition != "" && !e.Done })
}

// Query runs a condition: how many objects its query finds.
type Query func(condition string) (int, error)

// Verdict is a condition reminder tested: Found objects, or Err when the
// condition could not be run (a query that no longer parses).
type Verdict struct {
	Entry Entry
	Found int
	Err   error
}

// Met reports whether the reminder is due.
func (v Verdict) Met() bool { return v.Err == nil && v.Found > 0 }

// Test runs each condition reminder through q.
func (b *Book) Test(q Query) []Verdict {
	var out []Verdict
	for _, e := range b.Conditions() {
		n, err := q(e.Condition)
		out = append(out, Verdict{Entry: e, Found: n, Err: err})
	}
	return out
}

// HasRule reports whether a reminder offered under rule is in the book
// (done or not), so that it is not offered again.
func (b *Book) HasRule(rule string) bool {
	return rule != "" && slices.ContainsFunc(b.entries, func(e Entry) bool { return e.Rule == rule })
}

// check cleans e's texts and says what is wrong with it.
func (e *Entry) check() error {
	var err error
	if e.Kind < Note || e.Kind > Reminder {
		return fmt.Errorf("an entry of unknown kind %d", e.Kind)
	}
	if int(e.Shape) >= len(Shapes) || int(e.Colour) >= len(Colours) {
		return errors.New("a marker's shape or colour is not one of the list")
	}
	limit := MaxText
	if e.Kind == Marker {
		limit = MaxLabel
	}
	if e.Text, err = cleanText("the "+e.Kind.String(), e.Text, limit, e.Kind != Marker); err != nil {
		return err
	}
	if e.Condition, err = cleanText("the condition", e.Condition, MaxCondition, false); err != nil {
		return err
	}
	if e.AtPlace && !inBounds(e.Place) {
		return fmt.Errorf("the place %v is beyond %d in some coordinate", e.Place, model.MaxCoordinate)
	}
	if e.Turn < 0 || e.Written < 0 || e.Turn > 100000 || e.Written > 100000 {
		return fmt.Errorf("turn %d is not a turn of a game", e.Turn)
	}
	if e.Object.Kind > model.KindEmpire || e.Object.ID < 0 {
		return errors.New("the object is not one a sheet names")
	}
	if e.Rule, err = cleanText("the rule", e.Rule, 40, false); err != nil {
		return err
	}
	switch {
	case e.Kind == Marker && !e.AtPlace:
		return errors.New("a marker needs a place")
	case e.Kind == Reminder && e.Condition == "" && e.Turn <= 0:
		return errors.New("a reminder needs a turn or a condition")
	case e.Kind == Reminder && e.Text == "" && e.Condition == "":
		return errors.New("a reminder needs a text")
	case e.Kind == Note && e.Text == "":
		return errors.New("the note is empty")
	}
	return nil
}

func inBounds(p geom.Point) bool {
	ok := func(n int) bool { return n >= -model.MaxCoordinate && n <= model.MaxCoordinate }
	return ok(p.X) && ok(p.Y) && ok(p.Z)
}

// cleanText is s with blanks made plain, the ends trimmed and, where lines
// are allowed, each line so; an error when it holds what cannot be shown
// (control characters, marks that reorder text, broken UTF-8) or is longer
// than max characters.
func cleanText(what, s string, max int, lines bool) (string, error) {
	parts := []string{s}
	if lines {
		parts = strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	}
	for i, p := range parts {
		p = strings.TrimSpace(text.Clean(p))
		if at, why := text.Problem(p); at >= 0 {
			return "", fmt.Errorf("%s holds %s", what, why)
		}
		parts[i] = p
	}
	s = strings.TrimSpace(strings.Join(parts, "\n"))
	if n := utf8.RuneCountInString(s); n > max {
		return "", fmt.Errorf("%s has %d characters; at most %d", what, n, max)
	}
	return s, nil
}

// Where is where an entry shows on the map of a sheet: at its place, or
// at its object's place on that sheet (loc finds it), so that a note goes
// with its ship or planet from turn to turn. A note on an object the sheet
// does not show, or on a turn, has no place.
func Where(e Entry, loc func(model.Key) (geom.Point, bool)) (geom.Point, bool) {
	switch {
	case e.AtPlace:
		return e.Place, true
	case !e.Object.IsZero():
		return loc(e.Object)
	}
	return geom.Point{}, false
}
