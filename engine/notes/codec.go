package notes

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// The file's first line names it and its version.
const formatName = "silverfall notes"

// MaxLine bounds a line of the file: an entry of the longest texts,
// escaped, is well within it.
const MaxLine = 64 << 10

// MaxFile bounds the whole file: MaxEntries lines of MaxLine would be too
// many for a window to hold comfortably.
const MaxFile = 16 << 20

type header struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Seen    int    `json:"seen,omitempty"`
	Next    int    `json:"next,omitempty"` // the last number given, deleted or not
}

// wire is an entry as a line of the file.
type wire struct {
	ID        int     `json:"id"`
	Kind      string  `json:"kind"`
	Object    string  `json:"object,omitempty"`
	Place     *[3]int `json:"place,omitempty"`
	Turn      int     `json:"turn,omitempty"`
	Text      string  `json:"text,omitempty"`
	Shape     string  `json:"shape,omitempty"`
	Colour    string  `json:"colour,omitempty"`
	Condition string  `json:"condition,omitempty"`
	Done      bool    `json:"done,omitempty"`
	Written   int     `json:"written,omitempty"`
	Rule      string  `json:"rule,omitempty"`
}

// Encode writes the book: a header line, then an entry a line, by number.
func Encode(w io.Writer, b *Book) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(header{Format: formatName, Version: 1, Seen: b.Seen, Next: max(b.next, lastID(b.entries))}); err != nil {
		return err
	}
	for _, e := range b.entries {
		out := wire{ID: e.ID, Kind: e.Kind.String(), Object: e.Object.String(), Turn: e.Turn, Text: e.Text,
			Condition: e.Condition, Done: e.Done, Written: e.Written, Rule: e.Rule}
		if e.AtPlace {
			out.Place = &[3]int{e.Place.X, e.Place.Y, e.Place.Z}
		}
		if e.Kind == Marker {
			out.Shape, out.Colour = e.Shape.String(), e.Colour.String()
		}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// LineError is a line of the file that could not be read.
type LineError struct {
	Line int
	Err  error
}

// DamagedError lists the lines of a file that could not be read; the
// others were. name is the file's name, for the messages.
type DamagedError struct {
	Name  string
	Lines []LineError
}

func (e *DamagedError) Error() string {
	var b strings.Builder
	for i, l := range e.Lines {
		if i == 3 {
			fmt.Fprintf(&b, "; and %d more lines", len(e.Lines)-3)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s:%d: %v", e.Name, l.Line, l.Err)
	}
	return b.String()
}

// Decode reads a book Encode wrote. Lines that cannot be read are left
// out and listed in a *DamagedError, with the book of the others; any
// other error (the reader's own) comes with no book. name is the file's
// name in the messages.
func Decode(r io.Reader, name string) (*Book, error) {
	b := &Book{}
	damaged := &DamagedError{Name: name}
	bad := func(line int, err error) { damaged.Lines = append(damaged.Lines, LineError{line, err}) }
	br := bufio.NewReaderSize(io.LimitReader(r, MaxFile+1), 4096)
	read, seen := 0, map[int]bool{}
	for n := 1; ; n++ {
		line, long, err := readLine(br)
		read += len(line)
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		if read > MaxFile {
			bad(n, fmt.Errorf("the file goes on past %d MB; the rest is not read", MaxFile>>20))
			break
		}
		switch {
		case long:
			bad(n, fmt.Errorf("the line is longer than %d bytes", MaxLine))
		case len(bytes.TrimSpace(line)) == 0:
		case n == 1:
			if h, herr := readHeader(line); herr != nil {
				bad(n, herr)
			} else {
				b.Seen, b.next = h.Seen, min(max(h.Next, 0), 1<<40)
			}
		default:
			e, lerr := readEntry(line)
			switch {
			case lerr != nil:
				bad(n, lerr)
			case seen[e.ID]:
				bad(n, fmt.Errorf("entry %d is in the file twice; the first is kept", e.ID))
			case len(b.entries) >= MaxEntries:
				bad(n, fmt.Errorf("more than %d entries", MaxEntries))
			default:
				seen[e.ID] = true
				b.entries = append(b.entries, e)
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	slices.SortFunc(b.entries, func(x, y Entry) int { return x.ID - y.ID })
	b.next = max(b.next, lastID(b.entries))
	if len(damaged.Lines) > 0 {
		return b, damaged
	}
	return b, nil
}

// readLine reads a line without its end; long says it was longer than
// MaxLine (the rest of it is skipped).
func readLine(br *bufio.Reader) (line []byte, long bool, err error) {
	var buf []byte
	for {
		part, err := br.ReadSlice('\n')
		if len(buf)+len(part) > MaxLine {
			long = true
		} else {
			buf = append(buf, part...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), long, err
	}
}

func readHeader(line []byte) (header, error) {
	var h header
	if err := json.Unmarshal(line, &h); err != nil || h.Format != formatName {
		return h, errors.New("this is not a file of Silverfall's notes (its first line does not say so)")
	}
	if h.Version != 1 {
		return h, fmt.Errorf("the notes are in version %d of the format; this program reads version 1", h.Version)
	}
	if h.Seen < 0 {
		h.Seen = 0
	}
	return h, nil
}

func readEntry(line []byte) (Entry, error) {
	var w wire
	if err := json.Unmarshal(line, &w); err != nil {
		return Entry{}, fmt.Errorf("not an entry: %v", jsonProblem(err))
	}
	e := Entry{ID: w.ID, Turn: w.Turn, Text: w.Text, Condition: w.Condition, Done: w.Done, Written: w.Written, Rule: w.Rule}
	if w.ID <= 0 {
		return Entry{}, fmt.Errorf("the entry's number %d is not above 0", w.ID)
	}
	switch w.Kind {
	case "note":
		e.Kind = Note
	case "marker":
		e.Kind = Marker
	case "reminder":
		e.Kind = Reminder
	default:
		return Entry{}, fmt.Errorf("entry %d is of no kind this program knows (%.20q)", w.ID, w.Kind)
	}
	if w.Object != "" {
		if e.Object = model.ParseKey(w.Object); e.Object.IsZero() {
			return Entry{}, fmt.Errorf("entry %d is on %.30q, which names no object", w.ID, w.Object)
		}
	}
	if w.Place != nil {
		e.Place, e.AtPlace = geom.Point{X: w.Place[0], Y: w.Place[1], Z: w.Place[2]}, true
	}
	var ok bool
	if e.Kind == Marker {
		if e.Shape, ok = named[Shape](Shapes, w.Shape); !ok {
			return Entry{}, fmt.Errorf("entry %d has the shape %.20q; the shapes are %s", w.ID, w.Shape, strings.Join(Shapes, ", "))
		}
		if e.Colour, ok = named[Colour](Colours, w.Colour); !ok {
			return Entry{}, fmt.Errorf("entry %d has the colour %.20q; the colours are %s", w.ID, w.Colour, strings.Join(Colours, ", "))
		}
	}
	if err := e.check(); err != nil {
		return Entry{}, fmt.Errorf("entry %d: %v", w.ID, err)
	}
	return e, nil
}

func named[T ~uint8](names []string, s string) (T, bool) {
	i := slices.Index(names, s)
	return T(max(i, 0)), i >= 0
}

// jsonProblem says what is wrong with a line in a few words, without
// quoting the line back.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("broken JSON at byte %d", syn.Offset)
	case errors.As(err, &typ):
		return fmt.Sprintf("the field %q holds a %s, not a %s", typ.Field, typ.Value, typ.Type)
	}
	return "broken JSON"
}
