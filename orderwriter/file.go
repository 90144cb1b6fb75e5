package orderwriter

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"silverfall/engine/order"
	"silverfall/engine/text"
)

// File is a player's orders for one turn.
type File struct {
	Game   string
	Player int
	Turn   int // the turn the orders are for
	// Password is the player's password from his sheet (PASSWORD in the
	// header), which the host checks; "" writes no such line, for a game
	// made before passwords. Only the host knows whether it is right.
	Password string
	Orders   []order.Order
	Lines    []int // for a file read: the line of each order
	// Unread are lines the player typed that do not read as orders. They
	// are written as "#? " comment lines, which a reader of orders skips
	// and which keep them for the player (and a moderator's eye).
	Unread []string
	// HeaderLines are, for a file read, the line of each header given
	// (GAME, PLAYER, TURN, PASSWORD), for messages about its values.
	HeaderLines map[string]int
}

// UnreadMark starts a comment line that holds a line the player typed
// that is not an order.
const UnreadMark = "#? "

// Section heads, in the order a file has them.
var heads = map[order.Section]string{
	order.GeneralOrders:  "[GENERAL]",
	order.BattleOrders:   "[BATTLE]",
	order.FleetOrders:    "[FLEET]",
	order.Names:          "[NAMES]",
	order.Gifts:          "[GIFTS]",
	order.BroadcastLines: "[BROADCAST]",
}

// Fixed words of the format.
const (
	Magic = "# Darkness of Silverfall order file"
	End   = "END"
)

// Sorted returns the orders grouped by section in the file's order,
// keeping their order within a section (which matters for general orders).
func Sorted(orders []order.Order) []order.Order {
	out := append([]order.Order(nil), orders...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Section() < out[j].Section() })
	return out
}

// Write writes f in the order file format.
func Write(w io.Writer, f *File) error {
	if strings.ContainsAny(f.Game, "\r\n") {
		return fmt.Errorf("orderwriter: the game's name holds a line break")
	}
	if strings.ContainsAny(f.Password, "\r\n") {
		return fmt.Errorf("orderwriter: the password holds a line break")
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\nGAME %s\nPLAYER %d\nTURN %d\n", Magic, f.Game, f.Player, f.Turn)
	if f.Password != "" {
		fmt.Fprintf(bw, "PASSWORD %s\n", f.Password)
	}
	orders := Sorted(f.Orders)
	i := 0
	for _, sec := range order.Sections {
		fmt.Fprintf(bw, "\n%s\n", heads[sec])
		for ; i < len(orders) && orders[i].Section() == sec; i++ {
			o := orders[i]
			switch {
			case sec == order.FleetOrders:
				o.Fleet = false // the section says it: the line is as the rule book has it
				bw.WriteString(o.String())
			case sec == order.BroadcastLines:
				bw.WriteString(o.Text)
			default:
				bw.WriteString(o.String())
			}
			bw.WriteByte('\n')
		}
	}
	if len(f.Unread) > 0 {
		bw.WriteString("\n# Lines typed that are not orders, kept as they were typed:\n")
		for _, u := range f.Unread {
			if strings.ContainsAny(u, "\r\n") {
				return fmt.Errorf("orderwriter: a kept line holds a line break")
			}
			bw.WriteString(UnreadMark + u + "\n")
		}
	}
	fmt.Fprintf(bw, "\n%s\n", End)
	return bw.Flush()
}

// Error is a line of an order file that is wrong.
type Error struct {
	Name string
	Line int
	Msg  string
}

func (e Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg) }

// ErrorList is every error of a file, in line order.
type ErrorList []Error

func (l ErrorList) Error() string {
	if len(l) == 0 {
		return "no errors"
	}
	if len(l) == 1 {
		return l[0].Error()
	}
	if len(l) == 2 {
		return fmt.Sprintf("%s (and 1 more error)", l[0].Error())
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// IsOrderFile reports whether data starts as an order file does.
func IsOrderFile(data []byte) bool {
	s := strings.TrimLeft(string(data[:min(len(data), 200)]), "\ufeff \t\r\n")
	return strings.HasPrefix(s, Magic) || strings.HasPrefix(s, "GAME ")
}

// Read reads an order file; name is used in messages. It reads as far as it
// can and returns every error with its line.
func Read(r io.Reader, name string) (*File, error) {
	f := &File{HeaderLines: map[string]int{}}
	var errs ErrorList
	bad := func(n int, format string, args ...any) {
		errs = append(errs, Error{name, n, fmt.Sprintf(format, args...)})
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	sc.Split(order.ScanLines)
	n := 0
	var sec order.Section
	seen := map[order.Section]bool{}
	header := map[string]int{}
	ended := false
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), " \t\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, strings.TrimSpace(UnreadMark)) {
			f.Unread = append(f.Unread, strings.TrimSpace(strings.TrimPrefix(trimmed, strings.TrimSpace(UnreadMark))))
			continue
		}
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if ended {
			bad(n, "text after %s", End)
			break
		}
		if trimmed == End {
			ended = true
			continue
		}
		if strings.HasPrefix(trimmed, "[") {
			found := order.Section(0)
			for s, h := range heads {
				if strings.EqualFold(trimmed, h) {
					found = s
				}
			}
			switch {
			case found == 0:
				bad(n, "unknown section %s; the sections are [GENERAL] [BATTLE] [FLEET] [NAMES] [GIFTS] [BROADCAST]", text.Quote(trimmed))
			case found < sec || seen[found]:
				bad(n, "section %s is out of place; the sections come once each, in the order [GENERAL] [BATTLE] [FLEET] [NAMES] [GIFTS] [BROADCAST]", trimmed)
			default:
				sec = found
				seen[found] = true
			}
			continue
		}
		if sec == 0 {
			// Any blank after the word: a tab, or a no-break space a
			// mail program or word processor put there.
			key, val := trimmed, ""
			if i := strings.IndexFunc(trimmed, unicode.IsSpace); i >= 0 {
				key, val = trimmed[:i], strings.TrimSpace(trimmed[i:])
			}
			if first, twice := header[strings.ToUpper(key)]; twice {
				bad(n, "%s is given a second time (first on line %d); an order file has one header of each", strings.ToUpper(key), first)
				continue
			}
			switch strings.ToUpper(key) {
			case "GAME":
				f.Game = val
			case "PASSWORD":
				f.Password = val
			case "PLAYER", "TURN":
				v, err := strconv.Atoi(val)
				if err != nil || v < 1 {
					v = 0 // a number out of range is none, never the largest
					bad(n, "%s must be followed by a number of 1 or more, got %s", strings.ToUpper(key), text.Quote(val))
				}
				if strings.ToUpper(key) == "PLAYER" {
					f.Player = v
				} else {
					f.Turn = v
				}
			default:
				bad(n, "expected GAME, PLAYER, TURN or PASSWORD before the first section, got %s", text.Quote(key))
				continue
			}
			header[strings.ToUpper(key)] = n
			f.HeaderLines[strings.ToUpper(key)] = n
			continue
		}
		o, err := readOrder(sec, line)
		if err != nil {
			bad(n, "%s", text.Sheet(err.Error()))
			continue
		}
		f.Orders = append(f.Orders, o)
		f.Lines = append(f.Lines, n)
	}
	if err := sc.Err(); err != nil {
		bad(n+1, "%v", err)
	}
	for _, k := range []string{"GAME", "PLAYER", "TURN"} {
		if header[k] == 0 {
			bad(1, "the header line %s is missing", k)
		}
	}
	if !ended { // whatever else is wrong: a file cut mid-line is the usual way
		bad(max(n, 1), "the file ends without %s: it may be cut short", End)
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
	if len(errs) > 0 {
		return f, errs
	}
	return f, nil
}

// readOrder reads one line of section sec.
func readOrder(sec order.Section, line string) (order.Order, error) {
	if sec == order.BroadcastLines {
		return order.Parse("BROADCAST " + strings.TrimSpace(line))
	}
	text := line
	prefixed := false
	if sec == order.FleetOrders && !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(line)), "FLEET ") {
		text, prefixed = "FLEET "+strings.TrimSpace(line), true
	}
	o, err := order.Parse(text)
	if err != nil {
		if se, ok := err.(*order.SyntaxError); ok && prefixed {
			se.Col -= len("FLEET ") // point into the line as written
		}
		return o, err
	}
	if got := o.Section(); got != sec {
		return o, fmt.Errorf("%s belongs in %s, not in %s", o.Code, heads[got], heads[sec])
	}
	return o, nil
}
