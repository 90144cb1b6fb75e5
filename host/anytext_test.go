package host

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"silverfall/engine/state"
	"silverfall/orderwriter"
)

// randomText is a line a player might send: random bytes, random
// characters from all of Unicode, orders with odd text, any length.
func randomText(rng *rand.Rand, g *Game, p int) string {
	pick := func(s ...string) string { return s[rng.Intn(len(s))] }
	odd := func() string {
		var b strings.Builder
		n := rng.Intn(40)
		if rng.Intn(8) == 0 {
			n = rng.Intn(5000)
		}
		for range n {
			switch rng.Intn(6) {
			case 0:
				b.WriteByte(byte(rng.Intn(256)))
			case 1:
				b.WriteRune(rune(rng.Intn(0x110000)))
			case 2:
				b.WriteString(pick("\u00a0", "\u200b", "\u00ad", "\ufeff", "\u2028", "\u2029", "\u202f", "\u3000", "\u200d", "\u202e", "\x1b", "\t", "\r", "\x00", "\x7f", "\u0301", "#", "[", "END", "-", "\"", "\\", "=", "%s", "\ufffd"))
			default:
				b.WriteRune(rune('a' + rng.Intn(26)))
			}
		}
		return b.String()
	}
	ship := shipOf(g, p)
	switch rng.Intn(7) {
	case 0:
		return "BROADCAST " + odd()
	case 1:
		return fmt.Sprintf("NAME SHIP %d %s", ship, odd())
	case 2:
		return fmt.Sprintf("NAME PLANET %d %s", rng.Intn(60)+1, odd())
	case 3:
		return fmt.Sprintf("NAME OFFICER %d %s", rng.Intn(20)+1, odd())
	case 4:
		return pick("MO", "BS", "LD", "GIFT SHIP", "XX", "FLEET MO") + " " + odd()
	case 5:
		return odd()
	}
	return fmt.Sprintf("MO %d 1 2 3", ship)
}

// randomOrderFile is an order file of player p with a true header and any
// body at all.
func randomOrderFile(rng *rand.Rand, g *Game, p int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nGAME %s\nPLAYER %d\nTURN %d\n", orderwriter.Magic, g.State.Name, p, g.State.Turn+1)
	if e := g.State.Empire(p); e != nil && e.Password != "" {
		fmt.Fprintf(&b, "PASSWORD %s\n", e.Password)
	}
	heads := []string{"[GENERAL]", "[BATTLE]", "[FLEET]", "[NAMES]", "[GIFTS]", "[BROADCAST]"}
	for range rng.Intn(60) {
		if rng.Intn(6) == 0 {
			b.WriteString(heads[rng.Intn(len(heads))] + "\n")
		}
		b.WriteString(randomText(rng, g, p))
		b.WriteString(pickEnd(rng))
	}
	if rng.Intn(10) == 0 {
		// A line longer than any reader takes, of any bytes.
		line := make([]byte, 70_000+rng.Intn(10_000))
		rng.Read(line)
		b.Write(line)
		b.WriteString("\n")
	}
	if rng.Intn(3) > 0 {
		b.WriteString("END\n")
	}
	return b.Bytes()
}

func pickEnd(rng *rand.Rand) string { return []string{"\n", "\r\n", "\r"}[rng.Intn(3)] }

// No player's file stops a turn: whatever the order files hold below
// their header, every turn is written, its state reads back, and the
// replay gives the same folder byte for byte.
func TestAnyOrderTextTakesTheTurn(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	for seed := range seeds {
		rng := rand.New(rand.NewSource(int64(seed)))
		g := newGame(t, 4)
		for turn := 0; turn < 3; turn++ {
			for p := 1; p <= 4; p++ {
				put(t, g, fmt.Sprintf("p%d.txt", p), randomOrderFile(rng, g, p))
			}
			sum, err := g.Turn(TurnOptions{})
			if err != nil {
				t.Fatalf("seed %d turn %d: %v (problems %q)", seed, g.State.Turn+1, err, sum.Problems)
			}
			if len(sum.Sent) != 4 {
				t.Fatalf("seed %d turn %d: the orders of %v taken, not of all four (problems %q)", seed, g.State.Turn, sum.Sent, sum.Problems)
			}
			var b bytes.Buffer
			if err := state.Write(&b, g.State); err != nil {
				t.Fatal(err)
			}
			if _, err := state.Read(&b, "state.txt", g.R); err != nil {
				t.Fatalf("seed %d: the state does not read back: %v", seed, err)
			}
			for _, lines := range sum.Refused {
				for _, l := range lines {
					if utf8.RuneCountInString(l) > 500 {
						t.Errorf("seed %d: a refused line of %d characters", seed, utf8.RuneCountInString(l))
					}
				}
			}
		}
		turns, err := g.Replay()
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range turns {
			if !tr.Match() {
				t.Errorf("seed %d: turn %d replays differently: %v %v", seed, tr.Turn, tr.Err, tr.Differ)
			}
		}
	}
}

// Text pasted from anywhere is cleaned, not refused: a no-break space, a
// zero-width space, a soft hyphen and a line separator go on the sheet as
// a blank or nothing; a bad line of any length gives a short message.
func TestPastedTextIsCleaned(t *testing.T) {
	g := newGame(t, 2)
	ship := shipOf(g, 1)
	long := "MO " + strings.Repeat("x\u00a0", 3000)
	put(t, g, "ann.txt", orderFile(t, g, 1,
		"BROADCAST Rendez-vous au\u00a0Havre\u200b, 20\u202fh\u2028ce soir",
		fmt.Sprintf("NAME SHIP %d Le\u00a0Fou\u00adgueux\ufeff", ship)))
	data := put2(t, g, 2, long)
	put(t, g, "bob.txt", data)
	sum, err := g.Turn(TurnOptions{})
	if err != nil {
		t.Fatalf("%v %q", err, sum.Problems)
	}
	if want := "Rendez-vous au Havre, 20 h ce soir"; !slices.Contains(g.State.Broadcasts, want) {
		t.Errorf("broadcasts %q, want %q among them", g.State.Broadcasts, want)
	}
	for _, s := range g.State.Ships {
		if s.ID == ship && s.Name != "Le Fougueux" {
			t.Errorf("ship %d named %q, want \"Le Fougueux\"", ship, s.Name)
		}
	}
	if len(sum.Refused[2]) != 1 || utf8.RuneCountInString(sum.Refused[2][0]) > 300 {
		t.Errorf("player 2's refused lines: %q", sum.Refused[2])
	}
}

// put2 is an order file of player p holding the lines as they are, unparsed.
func put2(t *testing.T, g *Game, p int, lines ...string) []byte {
	t.Helper()
	pw := ""
	if e := g.State.Empire(p); e != nil && e.Password != "" {
		pw = "PASSWORD " + e.Password + "\n"
	}
	return []byte(fmt.Sprintf("%s\nGAME %s\nPLAYER %d\nTURN %d\n%s%s\nEND\n", orderwriter.Magic, g.State.Name, p, g.State.Turn+1, pw, strings.Join(lines, "\n")))
}
