package setup

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"silverfall/engine/rules"
)

// good is a set-up within every limit: nine ships, two of a type at most,
// 350,000 credits in all to the credit, 16 points with 3 at most in one.
const good = `# Darkness of Silverfall set-up file
GAME Silverfall 42
PLAYER 3
RACE Gorishi
ABILITY Tactical 3
ABILITY navigation 3
ABILITY 11 3
ABILITY Security 3
ABILITY Merchant 2
ABILITY Explorer 2
# two scouts, two small fighters, two small cargo ships: 12,500 15,000 10,000 each
SHIP 1
SHIP 1
SHIP 2
SHIP 2
SHIP 11
SHIP 11
# a super dreadnought, 155,000
SHIP 41
# a freighter with 2 fire and 20 defence: 20,000 + 8,000 + 40,000
SHIP 42 2 20
# a customised ship with 4 fire and 8 defence: 20,000 + 16,000 + 16,000
SHIP 17 4 8
END
`

func read(t *testing.T, text string) (*Setup, error) {
	t.Helper()
	return Read(strings.NewReader(text), "p3.txt", rules.Default())
}

func TestReadGood(t *testing.T) {
	r := rules.Default()
	s, err := read(t, good)
	if err != nil {
		t.Fatal(err)
	}
	if s.Game != "Silverfall 42" || s.Player != 3 || s.Race != 5 || len(s.Ships) != 9 {
		t.Fatalf("read %+v", s)
	}
	if got := s.Levels; got[0] != 3 || got[1] != 3 || got[10] != 3 || got[7] != 3 || got[11] != 2 || got[13] != 2 || got.Sum() != 16 {
		t.Errorf("levels %v", got)
	}
	if s.Spent(r) != 350000 || s.CreditsLeft(r) != 0 || s.PointsLeft(r) != 0 {
		t.Errorf("spent %d, left %d credits and %d points", s.Spent(r), s.CreditsLeft(r), s.PointsLeft(r))
	}
	if s.Ships[7] != (Ship{42, 2, 20}) || s.Lines.Ships[7] != 21 {
		t.Errorf("the freighter: %+v on line %d", s.Ships[7], s.Lines.Ships[7])
	}
}

// TestReadRefuses holds the book's limits: "Each position can only start
// with a maximum of two of each ship type and the total cost of the nine
// ships can not exceed 350,000 credits", "The players have 16 points to
// allot to the Commodore's abilities. The highest level in any one ability
// allowed at the start of the game is three", and the eleven races.
func TestReadRefuses(t *testing.T) {
	cases := []struct {
		name, from, to, want string
	}{
		{"a tenth ship", "SHIP 17 4 8\n", "SHIP 17 4 8\nSHIP 45\n", "p3.txt:24: a 10th ship: a position starts with at most 9 ships"},
		{"three of a type", "SHIP 2\nSHIP 11", "SHIP 11\nSHIP 11", "p3.txt:17: a SMALL CARGO (11) more than the 2 of a type"},
		{"a credit over", "SHIP 17 4 8", "SHIP 17 4 9", "p3.txt:23: the ships come to 352,000 credits with this CUSTOMISED SHIP, more than the 350,000"},
		{"a battle station", "SHIP 41\n", "SHIP 13\n", "p3.txt:19: BATTLE STATION (13): every position starts with its one battle station"},
		{"a monitor", "SHIP 41\n", "SHIP 24\n", "p3.txt:19: MONITOR (24): costs 550,000 credits, more than the 350,000"},
		{"four in an ability", "ABILITY Merchant 2", "ABILITY Merchant 4", "p3.txt:9: Merchant 4: the Commodore starts with at most 3 in an ability"},
		{"seventeen points", "ABILITY Explorer 2", "ABILITY Explorer 2\nABILITY Slaver 1", "p3.txt:11: the Commodore's levels come to 17 with Slaver; he has 16 points"},
		{"a twelfth race", "RACE Gorishi", "RACE 12", `p3.txt:4: RACE "12": the races are Brungir, Devlon`},
		{"an unknown race", "RACE Gorishi", "RACE Elves", `p3.txt:4: RACE "Elves"`},
		{"no race", "RACE Gorishi\n", "", "the line RACE is missing"},
		{"an ability twice", "ABILITY Explorer 2", "ABILITY tactical 1", "p3.txt:10: ABILITY Tactical is given a second time (first on line 5)"},
		{"a customised ship without units", "SHIP 42 2 20", "SHIP 42", "p3.txt:21: FREIGHTER (42) is customisable: give its fire and defence units"},
		{"customised fire out of range", "SHIP 42 2 20", "SHIP 42 4 10", "p3.txt:21: FREIGHTER with 4 fire units: this type has 0-3"},
		{"units for a fixed type", "SHIP 41\n", "SHIP 41 5 45\n", "p3.txt:19: SUPER DREADNOUGHT: only the customisable types are given fire and defence"},
		{"no such type", "SHIP 41\n", "SHIP 51\n", "p3.txt:19: ship type 51: the types are 1 to 50"},
		{"a word for a type", "SHIP 41\n", "SHIP dreadnought\n", `p3.txt:19: SHIP takes numbers only`},
		{"a player 0", "PLAYER 3", "PLAYER 0", `p3.txt:3: PLAYER must be followed by a player's number, 1 to 40`},
		{"a second game line", "PLAYER 3", "PLAYER 3\nGAME Other", "p3.txt:4: GAME is given a second time (first on line 2)"},
		{"an unknown word", "PLAYER 3", "PLAYER 3\nCAPTAIN 4", `p3.txt:4: expected GAME, PLAYER, RACE, ABILITY, SHIP or END, not "CAPTAIN"`},
		{"no end", "END\n", "", "p3.txt:23: the file ends without END"},
		{"text after the end", "END\n", "END\nSHIP 3\n", "p3.txt:25: text after END"},
		{"a NUL byte", "PLAYER 3", "PLAYER 3\x00", "p3.txt:3: not a text file (a NUL byte)"},
		{"words after END", "END\n", "END now\n", `p3.txt:24: END stands alone on its line, not followed by "now"`},
		{"a negative level", "ABILITY Explorer 2", "ABILITY Explorer -1", `p3.txt:10: ABILITY Explorer: the level must be a whole number from 0 to 3, not "-1"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(good, c.from) {
				t.Fatalf("%q is not in the good file", c.from)
			}
			_, err := read(t, strings.Replace(good, c.from, c.to, 1))
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("not refused as a list of lines: %v", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("got\n%v\nwant %q", err, c.want)
			}
		})
	}
}

// sixteen gives the Commodore's 16 points, three at most in one.
const sixteen = "ABILITY 1 3\r\nABILITY 2 3\r\nABILITY 3 3\r\nABILITY 4 3\r\nABILITY 5 3\r\nABILITY 6 1\r\n"

// Fewer ships are allowed: the book's "up to nine other ships".
func TestReadFewer(t *testing.T) {
	r := rules.Default()
	s, err := read(t, "\ufeff"+Magic+"\r\nGAME G\r\nPLAYER 1\r\nRACE 1\r\n"+sixteen+"SHIP 23\r\nEND\r\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Ships) != 1 || s.PointsLeft(r) != 0 || s.CreditsLeft(r) != 215000 {
		t.Errorf("%+v: %d points, %d credits left", s, s.PointsLeft(r), s.CreditsLeft(r))
	}
}

func TestReadBounded(t *testing.T) {
	big := good[:len(good)-4] + strings.Repeat("# padding\n", MaxFileSize/10) + "END\n"
	if _, err := read(t, big); err == nil || !strings.Contains(err.Error(), "longer than 65536 bytes") {
		t.Errorf("a large file: %v", err)
	}
	long := strings.Replace(good, "GAME Silverfall 42", "GAME "+strings.Repeat("x", 2000), 1)
	if _, err := read(t, long); err == nil || !strings.Contains(err.Error(), "p3.txt:2: a line longer than 1024") {
		t.Errorf("a long line: %v", err)
	}
	many := strings.Replace(good, "END\n", strings.Repeat("JUNK\n", 200)+"END\n", 1)
	_, err := read(t, many)
	var list ErrorList
	if !errors.As(err, &list) || len(list) > maxErrors+1 || !strings.Contains(err.Error(), "too many errors") {
		t.Errorf("many errors: %d of them", len(list))
	}
	// Lines that read but break a limit are found after the reading: the
	// list is cut there too.
	ships := strings.Replace(good, "END\n", strings.Repeat("SHIP 99\n", 200)+"END\n", 1)
	_, err = read(t, ships)
	list = nil
	if !errors.As(err, &list) || len(list) != maxErrors+1 || !strings.Contains(list[maxErrors].Msg, "too many errors; 151 more are not listed") {
		t.Errorf("many ships that break a limit: %d errors, the last %v", len(list), list[len(list)-1])
	}
}

func TestWriteReadsBack(t *testing.T) {
	r := rules.Default()
	s, err := read(t, good)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, r, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "RACE Gorishi\nABILITY Tactical 3\n") || !strings.Contains(b.String(), "# FREIGHTER, 2 fire, 20 defence: 68,000 credits\nSHIP 42 2 20\n") {
		t.Errorf("written:\n%s", b.String())
	}
	back, err := Read(&b, "again.txt", r)
	if err != nil {
		t.Fatal(err)
	}
	if back.Race != s.Race || back.Levels != s.Levels || len(back.Ships) != len(s.Ships) {
		t.Errorf("read back %+v", back)
	}
}

// Every point is given: each position starts with "one Commodore", and a
// Commodore's rank is 16 to 20 levels ("The following Ranks are set
// according to the current (unmodified) levels"); fewer would start him
// as a Captain. The refusal is at the last ability's line, or the race's.
func TestPointsUnspentRefused(t *testing.T) {
	for _, c := range []struct{ abilities, want string }{
		{"ABILITY 1 2\n", "p.txt:5: the Commodore's levels come to 2: give all 16 points"},
		{"", "p.txt:4: the Commodore's levels come to 0: give all 16 points"},
		{strings.ReplaceAll(sixteen, "\r", "")[len("ABILITY 1 3\n"):], "p.txt:9: the Commodore's levels come to 13"},
	} {
		_, err := Read(strings.NewReader(Magic+"\nGAME G\nPLAYER 1\nRACE 1\n"+c.abilities+"SHIP 23\nEND\n"), "p.txt", rules.Default())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.abilities, err, c.want)
		}
	}
}

func TestCheckWithoutLines(t *testing.T) {
	r := rules.Default()
	s := &Setup{Game: "G", Player: 1, Race: 1}
	for i := 0; i < 3; i++ {
		s.Ships = append(s.Ships, Ship{Type: 23})
	}
	s.Levels[0] = 4
	probs := s.Check(r)
	if len(probs) != 4 { // a level over 3, 12 points not given, three of a type, the cost
		t.Fatalf("%+v", probs)
	}
	for _, p := range probs {
		if p.Line != 0 {
			t.Errorf("a line for a set-up not read: %+v", p)
		}
	}
	// Without lines no ship is named as passing the sum: the form lists
	// the ships by type, not in the order the player chose them.
	if got := probs[3].Msg; got != "the ships come to 405,000 credits, more than the 350,000 they may cost together" {
		t.Errorf("the sum without lines: %q", got)
	}
}

func TestCredits(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 350000: "350,000", -2500000: "-2,500,000"} {
		if got := Credits(n); got != want {
			t.Errorf("%d: %q", n, got)
		}
	}
}

// FuzzRead feeds the reader anything: it never panics, every error has the
// file and a line, and what it takes writes back to a file read the same.
func FuzzRead(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte(strings.ReplaceAll(good, "\n", "\r")))
	f.Add([]byte(good[:len(good)/2]))
	f.Add([]byte("GAME x\nPLAYER 1\nRACE 1\n" + strings.ReplaceAll(sixteen, "\r", "") + "SHIP 17 0 1\nSHIP 35 4 40\nEND\n"))
	r := rules.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Read(bytes.NewReader(data), "fuzz.txt", r)
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("an error that is not a list of lines: %v", err)
			}
			for _, e := range list {
				if e.Name != "fuzz.txt" || e.Line < 1 {
					t.Fatalf("error without a position: %+v", e)
				}
			}
			return
		}
		if len(s.Check(r)) > 0 {
			t.Fatalf("taken with problems: %+v", s.Check(r))
		}
		var out bytes.Buffer
		if err := Write(&out, r, s); err != nil {
			t.Fatalf("a set-up taken does not write: %v", err)
		}
		back, err := Read(&out, "again.txt", r)
		if err != nil {
			t.Fatalf("what was written does not read back: %v\n%s", err, out.String())
		}
		if back.Game != s.Game || back.Player != s.Player || back.Race != s.Race || back.Levels != s.Levels || len(back.Ships) != len(s.Ships) {
			t.Fatalf("read back differently:\n%+v\n%+v", s, back)
		}
		for i := range back.Ships {
			if back.Ships[i] != s.Ships[i] {
				t.Fatalf("ship %d: %+v, then %+v", i, s.Ships[i], back.Ships[i])
			}
		}
	})
}

// A file saved as UTF-16 is refused in one line, not as a list of every
// line's gibberish.
func TestReadUTF16(t *testing.T) {
	var b strings.Builder
	b.WriteString("\xff\xfe")
	for _, c := range good {
		b.WriteByte(byte(c))
		b.WriteByte(0)
	}
	_, err := read(t, b.String())
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 || !strings.Contains(list[0].Error(), "p3.txt:1: not a text file") {
		t.Errorf("UTF-16: %v", err)
	}
}

// failing is a reader that fails after its text, as a folder does.
type failing struct{ text string }

func (f *failing) Read(p []byte) (int, error) {
	if f.text == "" {
		return 0, errors.New("is a directory")
	}
	n := copy(p, f.text)
	f.text = f.text[n:]
	return n, nil
}

// A file that cannot be read is an error of the reading, not of a line
// ("a line longer than 1024 characters" was said of a folder).
func TestReadFails(t *testing.T) {
	_, err := Read(&failing{"GAME G\n"}, "dir", rules.Default())
	var list ErrorList
	if err == nil || errors.As(err, &list) || err.Error() != "dir: is a directory" {
		t.Errorf("a failed reading: %v", err)
	}
}
