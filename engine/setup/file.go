package setup

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Fixed words and bounds of the format.
const (
	Magic = "# Darkness of Silverfall set-up file"
	End   = "END"
	// MaxFileSize bounds a set-up file: a real one is a few hundred bytes.
	MaxFileSize = 64 << 10
	// maxLine bounds one line; maxErrors the errors listed for a file.
	maxLine   = 1024
	maxErrors = 50
	// MaxGameName bounds the game's name (as the turn sheet's).
	MaxGameName = 40
)

// Error is a line of a set-up file that is wrong.
type Error struct {
	Name string
	Line int
	Msg  string
}

func (e Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg) }

// ErrorList is every error of a file, in line order.
type ErrorList []Error

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

// IsSetupFile reports whether data starts as a set-up file does.
func IsSetupFile(data []byte) bool {
	s := strings.TrimLeft(string(data[:min(len(data), 200)]), "\ufeff \t\r\n")
	return strings.HasPrefix(s, Magic)
}

// reader is the state of one file being read.
type reader struct {
	r    *rules.Rules
	name string
	s    *Setup
	errs ErrorList
	seen map[string]int // header words given, by their line
}

func (rd *reader) bad(line int, format string, args ...any) {
	rd.errs = append(rd.errs, Error{rd.name, line, fmt.Sprintf(format, args...)})
}

// Read reads a set-up file and checks it against every limit of the
// rules; name is used in messages. It reads as far as it can and returns
// every error (at most 50) with its line; more than MaxFileSize bytes are
// refused unread past the bound.
func Read(in io.Reader, name string, r *rules.Rules) (*Setup, error) {
	rd := &reader{r: r, name: name, s: &Setup{}, seen: map[string]int{}}
	lim := &io.LimitedReader{R: in, N: MaxFileSize + 1}
	sc := bufio.NewScanner(lim)
	sc.Buffer(make([]byte, 0, 256), maxLine)
	sc.Split(order.ScanLines)
	n, ended := 0, false
	for sc.Scan() && len(rd.errs) < maxErrors {
		n++
		line := sc.Text()
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		t := strings.TrimSpace(line)
		switch {
		case strings.ContainsRune(line, 0):
			// No text holds a NUL: a binary file, or UTF-16, whose every
			// line would be listed as gibberish.
			rd.bad(n, "not a text file (a NUL byte): a set-up file is plain text, UTF-8")
			return rd.s, rd.errs
		case t == "" || strings.HasPrefix(t, "#"):
			continue
		case ended:
			rd.bad(n, "text after %s", End)
		case strings.EqualFold(t, End):
			ended = true
		default:
			rd.line(n, t)
		}
	}
	switch {
	case lim.N <= 0:
		rd.bad(n+1, "the file is longer than %d bytes; a set-up file is a few hundred", MaxFileSize)
	case errors.Is(sc.Err(), bufio.ErrTooLong):
		rd.bad(n+1, "a line longer than %d characters", maxLine)
	case sc.Err() != nil:
		// Not the file's text but its reading (a folder, a device): no
		// line of it is wrong.
		return nil, fmt.Errorf("%s: %w", name, sc.Err())
	case len(rd.errs) >= maxErrors:
		rd.bad(n, "too many errors; the rest of the file was not read")
	}
	for _, k := range []string{"GAME", "PLAYER", "RACE"} {
		if rd.seen[k] == 0 {
			rd.bad(max(n, 1), "the line %s is missing", k)
		}
	}
	if !ended && len(rd.errs) == 0 {
		rd.bad(max(n, 1), "the file ends without %s: it may be cut short", End)
	}
	// A problem without a line is of a part missing, said above.
	for _, p := range rd.s.Check(r) {
		if p.Line > 0 {
			rd.bad(p.Line, "%s", p.Msg)
		}
	}
	sort.SliceStable(rd.errs, func(i, j int) bool { return rd.errs[i].Line < rd.errs[j].Line })
	// The limits are checked after the lines are read, so a file of many
	// ships can give more than the lines did: cut the list there as well.
	if len(rd.errs) > maxErrors+1 {
		cut := Error{rd.name, rd.errs[maxErrors-1].Line, fmt.Sprintf("too many errors; %d more are not listed", len(rd.errs)-maxErrors)}
		rd.errs = append(rd.errs[:maxErrors], cut)
	}
	if len(rd.errs) > 0 {
		return rd.s, rd.errs
	}
	return rd.s, nil
}

// line reads one line that is not blank, a comment or the end.
func (rd *reader) line(n int, t string) {
	key, rest, _ := strings.Cut(t, " ")
	key = strings.ToUpper(key)
	rest = strings.TrimSpace(rest)
	switch key {
	case "GAME", "PLAYER", "RACE":
		if first := rd.seen[key]; first > 0 {
			rd.bad(n, "%s is given a second time (first on line %d)", key, first)
			return
		}
		rd.seen[key] = n
	}
	switch key {
	case "GAME":
		rd.game(n, rest)
	case "PLAYER":
		v, err := strconv.Atoi(rest)
		if err != nil || !rd.r.IsPlayer(v) {
			rd.bad(n, "PLAYER must be followed by a player's number, 1 to %d, not %q", rd.r.Game.MaxPlayers, rest)
			return
		}
		rd.s.Player, rd.s.Lines.Player = v, n
	case "RACE":
		rd.race(n, rest)
	case "ABILITY":
		rd.ability(n, strings.Fields(rest))
	case "SHIP":
		rd.ship(n, strings.Fields(rest))
	case End:
		rd.bad(n, "%s stands alone on its line, not followed by %q", End, shown(rest))
	default:
		rd.bad(n, "expected GAME, PLAYER, RACE, ABILITY, SHIP or END, not %q", shown(key))
	}
}

func (rd *reader) game(n int, name string) {
	if msg := CheckGame(name); msg != "" {
		rd.bad(n, "%s", msg)
		return
	}
	rd.s.Game, rd.s.Lines.Game = name, n
}

// CheckGame says what is wrong with a game's name for a set-up file ("":
// nothing): 1 to 40 printable characters.
func CheckGame(name string) string {
	if !utf8.ValidString(name) || strings.IndexFunc(name, func(c rune) bool { return c != ' ' && !unicode.IsPrint(c) }) >= 0 {
		return "the game's name holds characters that cannot be printed"
	}
	if name == "" || utf8.RuneCountInString(name) > MaxGameName {
		return fmt.Sprintf("GAME must be followed by the game's name, 1 to %d characters", MaxGameName)
	}
	return ""
}

func (rd *reader) race(n int, w string) {
	id := Race(rd.r, w)
	if id == 0 {
		names := make([]string, len(rd.r.Races))
		for i, rc := range rd.r.Races {
			names[i] = rc.Name
		}
		rd.bad(n, "RACE %q: the races are %s (or their numbers 1 to %d)", shown(w), strings.Join(names, ", "), len(names))
		return
	}
	rd.s.Race, rd.s.Lines.Race = id, n
}

func (rd *reader) ability(n int, f []string) {
	if len(f) != 2 {
		rd.bad(n, "ABILITY takes an ability (name or number) and its level, as in ABILITY Tactical 3")
		return
	}
	a := Ability(rd.r, f[0])
	if a == 0 {
		rd.bad(n, "ABILITY %q: the abilities are Tactical to Explorer, or their numbers 1 to %d", shown(f[0]), rules.Abilities)
		return
	}
	l, err := strconv.Atoi(f[1])
	if err != nil || l < 0 || l > 99 {
		rd.bad(n, "ABILITY %s: the level must be a whole number from 0 to %d, not %q", rd.r.Ability(a).Name, rd.r.Officers.CommodoreMaxStartLevel, shown(f[1]))
		return
	}
	if first := rd.s.Lines.Ability[a-1]; first > 0 {
		rd.bad(n, "ABILITY %s is given a second time (first on line %d)", rd.r.Ability(a).Name, first)
		return
	}
	rd.s.Levels[a-1], rd.s.Lines.Ability[a-1] = l, n
}

func (rd *reader) ship(n int, f []string) {
	var v []int
	for _, w := range f {
		x, err := strconv.Atoi(w)
		if err != nil || x < 0 || x > 9999 {
			rd.bad(n, "SHIP takes numbers only (the type, and fire and defence units for a customisable type), not %q", shown(w))
			return
		}
		v = append(v, x)
	}
	var sh Ship
	switch len(v) {
	case 1:
		sh.Type = v[0]
	case 3:
		sh = Ship{v[0], v[1], v[2]}
	default:
		rd.bad(n, "SHIP takes a type (SHIP 23), or a customisable type with its fire and defence units (SHIP 17 3 12)")
		return
	}
	if t := rd.r.Ship(sh.Type); t != nil && t.Customisable && len(v) == 1 {
		rd.bad(n, "%s (%d) is customisable: give its fire and defence units as well (SHIP %d %d %d)", t.Name, t.ID, t.ID, t.Fire.Max, t.Defence.Max)
		return
	}
	rd.s.Ships = append(rd.s.Ships, sh)
	rd.s.Lines.Ships = append(rd.s.Lines.Ships, n)
}

// Race is the race named w (its name in any case, or its number), or 0.
func Race(r *rules.Rules, w string) int {
	if id, err := strconv.Atoi(w); err == nil {
		if r.Race(id) != nil {
			return id
		}
		return 0
	}
	for _, rc := range r.Races {
		if strings.EqualFold(rc.Name, w) {
			return rc.ID
		}
	}
	return 0
}

// Ability is the ability named w (its name in any case, or its number), or 0.
func Ability(r *rules.Rules, w string) int {
	if id, err := strconv.Atoi(w); err == nil {
		if r.Ability(id) != nil {
			return id
		}
		return 0
	}
	for _, a := range r.Abilities {
		if strings.EqualFold(a.Name, w) {
			return a.ID
		}
	}
	return 0
}

// shown is a word of the file as a message quotes it: cut short, so that
// a long word cannot make a long message.
func shown(w string) string {
	if utf8.RuneCountInString(w) > 30 {
		return string([]rune(w)[:30]) + "…"
	}
	return w
}

// Write writes s in the set-up file format: the race and abilities by
// name, each ship with a comment line naming it and its price.
func Write(w io.Writer, r *rules.Rules, s *Setup) error {
	if strings.ContainsAny(s.Game, "\r\n") {
		return fmt.Errorf("setup: the game's name holds a line break")
	}
	rc := r.Race(s.Race)
	if rc == nil {
		return fmt.Errorf("setup: no race %d", s.Race)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\nGAME %s\nPLAYER %d\n\n# The Commodore: his race (the empire's main race) and his levels.\nRACE %s\n", Magic, s.Game, s.Player, rc.Name)
	for a, l := range s.Levels {
		if l != 0 {
			fmt.Fprintf(bw, "ABILITY %s %d\n", r.Ability(a+1).Name, l)
		}
	}
	fmt.Fprintf(bw, "\n# The ships besides the battle station: %s of %s credits.\n", Credits(s.Spent(r)), Credits(r.Start.MaxShipsCost))
	for _, sh := range s.Ships {
		t := r.Ship(sh.Type)
		if t == nil {
			return fmt.Errorf("setup: no ship type %d", sh.Type)
		}
		if t.Customisable {
			fmt.Fprintf(bw, "# %s, %d fire, %d defence: %s credits\nSHIP %d %d %d\n", t.Name, sh.Fire, sh.Defence, Credits(Cost(r, sh)), t.ID, sh.Fire, sh.Defence)
		} else {
			fmt.Fprintf(bw, "# %s: %s credits\nSHIP %d\n", t.Name, Credits(Cost(r, sh)), t.ID)
		}
	}
	fmt.Fprintf(bw, "\n%s\n", End)
	return bw.Flush()
}
