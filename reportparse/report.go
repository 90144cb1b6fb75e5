package reportparse

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/internal/capfile"
)

// MaxInput is the largest input read; a real turn sheet is a few megabytes.
const MaxInput = 64 << 20

// Report is a turn sheet read.
type Report struct {
	Knowledge *model.Knowledge
	Sections  []Section // every section met, in order, with its raw text
	Warnings  []Diagnostic
	// MoreWarnings counts the warnings past the first hundred, which are
	// not kept.
	MoreWarnings int
	Ended        bool // the closing line was there
}

// Section is one section of the sheet.
type Section struct {
	Number int // 1 to 15; 0 for the header, -1 for the order sheet, -2 unknown
	Title  string
	Line   int // line of the title, as Diagnostic.Line counts
	lines  []line
}

// Text is the section's raw text, normalised (no quote marks, page
// headers or trailing blanks), one line per line.
func (s Section) Text() string { return joinLines(s.lines) }

// Lines are the section's lines as Text has them, without copying them.
func (s Section) Lines() []string { return s.AppendLines(nil) }

// AppendLines appends Lines to dst: a whole sheet's lines in one list.
func (s Section) AppendLines(dst []string) []string {
	n := s.NumLines()
	dst = slices.Grow(dst, n)
	for _, l := range s.lines[:n] {
		dst = append(dst, l.text)
	}
	return dst
}

// LineText is line i of Lines (0 <= i < NumLines), without making the list.
func (s Section) LineText(i int) string { return s.lines[i].text }

// NumLines is how many lines Lines has.
func (s Section) NumLines() int {
	// A section's text ends where the next begins: blank lines at its end
	// belong to the layout, not to it.
	n := len(s.lines)
	for n > 0 && s.lines[n-1].text == "" {
		n--
	}
	return n
}

// Diagnostic is an error or warning at a place in the input.
type Diagnostic struct {
	Where string // the file, or the part of the message
	Line  int    // 0 when the line is not known
	Msg   string
}

func (d Diagnostic) Error() string {
	if d.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", d.Where, d.Line, d.Msg)
	}
	return fmt.Sprintf("%s: %s", d.Where, d.Msg)
}

// ErrorList is the errors found in one sheet, in line order.
type ErrorList []Diagnostic

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	if len(l) == 2 {
		return fmt.Sprintf("%s (and 1 more error)", l[0].Error())
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// seen is one entry of a nearby list.
type seen struct {
	owner, typ int
	loc        geom.Point
	name       string
}

// maxErrors stops reading a sheet that is wrong throughout.
const maxErrors = 20

// ReadFile reads the turn sheet in the named file.
func ReadFile(r *rules.Rules, name string) (*Report, error) {
	rep, _, err := ReadFileData(r, name)
	return rep, err
}

// ReadFileData reads the turn sheet in the named file and returns the
// file's bytes too. A file larger than a sheet can be is refused before a
// byte of it is read. The bytes are the report's text too (a text sheet's
// is not copied): they must not be changed.
func ReadFileData(r *rules.Rules, name string) (*Report, []byte, error) {
	// A regular file only: a pipe or a device in a sheet's place is
	// refused at once, never waited on or read without end.
	f, size, err := capfile.Open(name, 1<<62)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if size > MaxInput {
		return nil, nil, TooLargeError{Name: name, Size: size}
	}
	// Read into a buffer of the file's size (one byte more to see it end),
	// not one grown by doubling; a limit one past the maximum lets the
	// parser refuse what grew meanwhile.
	data, err := readAll(io.LimitReader(f, MaxInput+1), int(size)+1)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	rep, err := parse(r, name, data, true)
	return rep, data, err
}

// readAll reads in to its end into a buffer of size bytes, grown only if
// more comes.
func readAll(in io.Reader, size int) ([]byte, error) {
	data := make([]byte, 0, size)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := in.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// TooLargeError refuses an input larger than a turn sheet can be.
type TooLargeError struct {
	Name string
	Size int64
}

func (e TooLargeError) Error() string {
	return fmt.Sprintf("%s: %d bytes is more than a turn sheet can be (at most %d MiB)", e.Name, e.Size, MaxInput>>20)
}

// ErrNoSheet is returned when the input holds no turn sheet at all.
var ErrNoSheet = errors.New("no Darkness of Silverfall turn sheet found")

// Parse reads a turn sheet from data; name is used in messages. On error
// the report is still returned with what could be read.
func Parse(r *rules.Rules, name string, data []byte) (*Report, error) {
	return parse(r, name, data, false)
}

// parse is Parse; owned says that data is the parser's to keep, unchanged,
// as the text of the sheet rather than a copy of it.
func parse(r *rules.Rules, name string, data []byte, owned bool) (*Report, error) {
	if len(data) > MaxInput {
		return nil, TooLargeError{Name: name, Size: int64(len(data))}
	}
	t, err := decode(name, data, owned)
	if err != nil {
		return nil, err
	}
	lines, ended, found, over := sheetLines(t.body)
	if !found {
		return nil, fmt.Errorf("%s: %w: the line %q is missing", name, ErrNoSheet, turnsheet.Banner)
	}
	if over > 0 {
		return nil, ErrorList{{Where: t.where, Line: over + t.offset,
			Msg: fmt.Sprintf("more than %d lines, far more than any turn sheet has; the sheet is not read", MaxLines)}}
	}
	if t.offset > 0 {
		for i := range lines {
			lines[i].n += t.offset
		}
	}
	p := &parser{r: r, where: t.where, k: &model.Knowledge{}, rep: &Report{Ended: ended},
		shipLines: where{}, planetLines: where{}, fleetLines: where{}, firstLine: lines[0].n}
	p.rep.Knowledge = p.k
	p.run(lines, ended)
	if len(p.errs) > 0 {
		return p.rep, p.errs
	}
	return p.rep, nil
}

// parser reads the sections into the knowledge.
type parser struct {
	r     *rules.Rules
	where string
	k     *model.Knowledge
	rep   *Report
	errs  ErrorList
	soft  bool // errors are warnings: the sheet was cut short in this section
	stop  bool

	nearShips   map[int]seen
	nearPlanets map[int]seen
	// foreignShips and foreignPlanets count the objects of other players
	// in nearShips and nearPlanets.
	foreignShips, foreignPlanets int
	tok                          []field
	cur                          cursor

	shipLines, planetLines, fleetLines where
	firstLine                          int
}

func (p *parser) errorf(n int, format string, args ...any) {
	d := Diagnostic{Where: p.where, Line: n, Msg: fmt.Sprintf(format, args...)}
	if p.soft {
		d.Msg += " (the sheet is cut short here)"
		p.rep.Warnings = append(p.rep.Warnings, d)
		return
	}
	if len(p.errs) >= maxErrors {
		p.stop = true // and the rest of the sheet is not read
		return
	}
	p.errs = append(p.errs, d)
}

func (p *parser) warnf(n int, format string, args ...any) {
	if len(p.rep.Warnings) >= maxWarnings {
		p.rep.MoreWarnings++
		return
	}
	p.rep.Warnings = append(p.rep.Warnings, Diagnostic{Where: p.where, Line: n, Msg: fmt.Sprintf(format, args...)})
}

// run splits the lines into sections and reads each.
func (p *parser) run(lines []line, ended bool) {
	type span struct {
		num   int
		title string
		at    int
		body  []line
	}
	var spans []span
	for i := range lines {
		if !p.checkLine(lines[i]) {
			lines[i].text = "" // read no further into it
		}
		if p.stop {
			return
		}
	}
	cur, start := span{num: 0, title: "header", at: lines[0].n}, 1
	for i := 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i].text, turnsheet.SectionPrefix) {
			cur.body = lines[start:i]
			spans = append(spans, cur)
			num, title := sectionTitle(lines[i].text)
			cur, start = span{num: num, title: title, at: lines[i].n}, i+1
		}
	}
	cur.body = lines[start:]
	spans = append(spans, cur)
	seen := map[int]bool{}
	last := len(spans) - 1
	for i, s := range spans {
		if p.stop {
			break
		}
		p.rep.Sections = append(p.rep.Sections, Section{Number: s.num, Title: s.title, Line: s.at, lines: s.body})
		// A sheet cut short is read as far as it goes, but never a header
		// cut short: a sheet without its player or turn is no one's sheet.
		p.soft = !ended && i == last && s.num != 0
		if s.num > 0 && seen[s.num] {
			p.errorf(s.at, "section %d (%s) appears a second time", s.num, s.title)
			continue
		}
		seen[s.num] = true
		switch {
		case s.num == sectionUnknown:
			p.warnf(s.at, "unknown section %q kept as text", s.title)
		case s.num == sectionOrders:
		default:
			p.section(s.num, s.body)
		}
	}
	p.finish()
	if len(p.errs) == 0 {
		// Only a sheet read without errors: a record that failed to read
		// would make its neighbours look inconsistent.
		p.consistency()
	}
	var missing []string
	for n := 1; n <= turnsheet.NumSections; n++ {
		if !seen[n] {
			missing = append(missing, fmt.Sprintf("%d (%s)", n, strings.ToLower(turnsheet.Titles[n])))
		}
	}
	if len(missing) > 0 && !p.stop {
		p.warnf(lines[len(lines)-1].n, "the sheet is incomplete; missing sections: %s", strings.Join(missing, ", "))
	} else if !ended && !p.stop {
		p.warnf(lines[len(lines)-1].n, "the sheet ends without its closing line %q; it may be cut short", turnsheet.End)
	}
}

const (
	sectionOrders  = -1
	sectionUnknown = -2
)

// sectionTitle reads "=== 4. TRADING PLANETS ====".
func sectionTitle(s string) (int, string) {
	s = strings.TrimSpace(strings.Trim(strings.TrimPrefix(s, turnsheet.SectionPrefix), "= "))
	if s == turnsheet.OrderSheet {
		return sectionOrders, s
	}
	num, rest, ok := strings.Cut(s, ". ")
	if !ok {
		return sectionUnknown, s
	}
	n := 0
	for _, c := range num {
		if c < '0' || c > '9' {
			return sectionUnknown, s
		}
		n = n*10 + int(c-'0')
	}
	if n < 1 || n > turnsheet.NumSections || turnsheet.Titles[n] != rest {
		return sectionUnknown, s
	}
	return n, rest
}

// joinLines is the lines' text, one allocation for the lot.
func joinLines(ls []line) string {
	n := 0
	for _, l := range ls {
		n += len(l.text) + 1
	}
	b := make([]byte, 0, n)
	for _, l := range ls {
		b = append(b, l.text...)
		b = append(b, '\n')
	}
	return string(b)
}
