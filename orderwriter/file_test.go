package orderwriter

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/order"
)

func parseAll(t *testing.T, lines ...string) []order.Order {
	t.Helper()
	var out []order.Order
	for _, l := range lines {
		o, err := order.Parse(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		out = append(out, o)
	}
	return out
}

// everyKind has at least one order of every code, in every variant.
func everyKind(t *testing.T) []order.Order {
	return parseAll(t,
		"SS 123", "SP 345", "SR 18", "BS 123 8", "BS 123 17 3 7", "DO 123 345", "RE 345 123", "RE 123 0",
		"LO 123 1 100", "UL 123 3 0", "LP 123 5000", "UP 123 5000", "SM 456 2", "LF 123 0", "LF 123 0 130",
		"UF 123 30", "UF 10 5 20", "RF 254 123 50", "RP 666 123", "CL 123", "CL 1 50", "UC 123", "UC 1 50",
		"HD 123", "WD 124 100 -99 -23", "WP 125 178", "MO 126 100 -99 -23", "MP 127 178", "EN 128 6 -78 45 10",
		"EP 129 0 178", "ST 130 88 -3 -1 89", "SL 131 99 178", "AB 132 0", "DF 133 4", "BP 134", "FI 135 345",
		"FP 136 3", "CP 137 555", "PS 138 555", "BU 245 10", "PI 5", "AD 245", "DA 0", "AA 4", "BA 4", "DE 5",
		"FE 5", "PR 1 11 8", "PR 2 3", "TO 123 345", "TO 123", "FA 234", "TA 123", "TA 123 124",
		"FLEET WP 1 178", "FLEET EP 2 0 178", "FLEET HD 3",
		"NAME SHIP 12 Silver Arrow", "NAME PLANET 45 New Hope", "NAME OFFICER 7 Ada",
		"GIFT SHIP 12 5", "GIFT PLANET 45 5", "BROADCAST Free trade at  planet 3!", "BROADCAST Second line")
}

func TestRoundTripEveryKind(t *testing.T) {
	f := &File{Game: "Silverfall Demo", Player: 1, Turn: 2, Orders: everyKind(t)}
	var buf bytes.Buffer
	if err := Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	back, err := Read(strings.NewReader(text), "orders.txt")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if back.Game != f.Game || back.Player != 1 || back.Turn != 2 {
		t.Errorf("header %+v", back)
	}
	if want := Sorted(f.Orders); !reflect.DeepEqual(back.Orders, want) {
		t.Errorf("orders differ:\n got %v\nwant %v", back.Orders, want)
	}
	// Writing what was read gives the same bytes.
	var again bytes.Buffer
	Write(&again, back)
	if again.String() != text {
		t.Error("writing a read file changes it")
	}
	if !IsOrderFile([]byte(text)) || IsOrderFile([]byte("MO 1 2 3 4\n")) {
		t.Error("IsOrderFile")
	}
}

// The password rides in the header, as the sheet gives it; a file without
// one (a game made before passwords) reads as before. Whether it is right
// is the host's to say: the file reads either way.
func TestPasswordInTheHeader(t *testing.T) {
	for _, pw := range []string{"k7m2-x9pq-ta4e", ""} {
		f := &File{Game: "G", Player: 3, Turn: 5, Password: pw, Orders: parseAll(t, "PI 5")}
		var buf bytes.Buffer
		if err := Write(&buf, f); err != nil {
			t.Fatal(err)
		}
		if has := strings.Contains(buf.String(), "\nPASSWORD "+pw+"\n"); has != (pw != "") {
			t.Errorf("password %q: the file is\n%s", pw, buf.String())
		}
		back, err := Read(&buf, "orders.txt")
		if err != nil || back.Password != pw || back.Player != 3 {
			t.Errorf("password %q read back as %+v, %v", pw, back, err)
		}
	}
	_, err := Read(strings.NewReader("GAME G\nPLAYER 3\nTURN 5\nPASSWORD a\nPASSWORD b\n[GENERAL]\nEND\n"), "o.txt")
	if err == nil || !strings.Contains(err.Error(), "o.txt:5: PASSWORD is given a second time") {
		t.Errorf("two passwords: %v", err)
	}
	if err := Write(&bytes.Buffer{}, &File{Game: "G", Player: 1, Turn: 2, Password: "a\nEND"}); err == nil {
		t.Error("a password with a line break was written")
	}
}

func TestLayout(t *testing.T) {
	f := &File{Game: "G", Player: 3, Turn: 5, Orders: parseAll(t, "MO 1 2 3 4", "PI 5", "FLEET DF 2 99", "BROADCAST hello", "LO 1 1 0")}
	var buf bytes.Buffer
	Write(&buf, f)
	want := Magic + "\nGAME G\nPLAYER 3\nTURN 5\n\n[GENERAL]\nPI 5\nLO 1 1 0\n\n[BATTLE]\nMO 1 2 3 4\n\n[FLEET]\nDF 2 99\n\n" +
		"[NAMES]\n\n[GIFTS]\n\n[BROADCAST]\nhello\n\nEND\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestReadErrors(t *testing.T) {
	head := "GAME G\nPLAYER 1\nTURN 2\n"
	for _, c := range []struct{ name, text, want string }{
		{"order in the wrong section", head + "[GENERAL]\nMO 1 2 3 4\nEND\n", "orders.txt:5: MO belongs in [BATTLE], not in [GENERAL]"},
		{"bad order", head + "[GENERAL]\nLO 1 9 9\nEND\n", "orders.txt:5: column 6: LO: the ore type must be 1 to 5"},
		{"bad fleet order", head + "[FLEET]\nMO 1 2 3\nEND\n", "orders.txt:5: column 9: FLEET MO: missing the Z coordinate"},
		{"fleet may say FLEET", head + "[FLEET]\nFLEET MO 1 2 3 4\nEND\n", ""},
		{"sections out of order", head + "[BATTLE]\n[GENERAL]\nEND\n", "orders.txt:5: section [GENERAL] is out of place"},
		{"unknown section", head + "[MISC]\nEND\n", `unknown section "[MISC]"`},
		{"missing header", "GAME G\n[GENERAL]\nEND\n", "orders.txt:1: the header line PLAYER is missing"},
		{"bad turn", "GAME G\nPLAYER 1\nTURN x\nEND\n", "orders.txt:3: TURN must be followed by a number"},
		{"cut short", head + "[GENERAL]\nPI 5\n", "orders.txt:5: the file ends without END"},
		{"text after END", head + "END\nPI 5\n", "orders.txt:5: text after END"},
		{"broadcast too long", head + "[BROADCAST]\n" + strings.Repeat("x", 61) + "\nEND\n", "at most 60 characters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.text), "orders.txt")
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var list ErrorList
			if !errors.As(err, &list) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// FuzzRead feeds the order-file reader anything: it never panics, every
// error carries the file and a line, and what it reads writes back to a
// file that reads the same.
func FuzzRead(f *testing.F) {
	good := "# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[GENERAL]\nPI 5\nLF 3 0 9\n\n[BATTLE]\nMO 8 -10 300 87\n\n" +
		"[FLEET]\nEP 1 0 155\n\n[NAMES]\nNAME SHIP 7 Night Heron\n\n[GIFTS]\nGIFT PLANET 6 2\n\n[BROADCAST]\nTrade at 88 wanted\n\n# Lines typed that are not orders:\n#? hello moderator\n\nEND\n"
	f.Add([]byte(good))
	f.Add([]byte("\ufeff" + strings.ReplaceAll(good, "\n", "\r")))
	f.Add([]byte(strings.Replace(good, "PLAYER 1\n", "PLAYER 1\nPLAYER 1\n", 1)))
	f.Add([]byte(strings.Replace(good, "TURN 2\n", "TURN 2\nPASSWORD k7m2-x9pq-ta4e\n", 1)))
	f.Add([]byte(good[:len(good)/2]))
	f.Add([]byte("GAME x\n[BATTLE]\nFLEET MO 1 2 3 4\n[GENERAL]\nEND\ntrailing\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Read(bytes.NewReader(data), "fuzz.txt")
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
		var out bytes.Buffer
		if err := Write(&out, file); err != nil {
			return // a name the format cannot hold (a line break): refused, not written
		}
		back, err := Read(bytes.NewReader(out.Bytes()), "again.txt")
		if err != nil {
			t.Fatalf("what was written does not read back: %v\n%s", err, out.String())
		}
		if len(back.Orders) != len(file.Orders) || back.Game != file.Game || back.Player != file.Player || back.Turn != file.Turn || back.Password != file.Password {
			t.Fatalf("read back differently:\n%+v\n%+v", file, back)
		}
		for i := range back.Orders {
			if back.Orders[i] != file.Orders[i] {
				t.Fatalf("order %d: %v, then %v", i, file.Orders[i], back.Orders[i])
			}
		}
	})
}

// A header's word and value may stand apart by any blank (a tab, a
// no-break space a mail program put there), as numbers of an order may;
// a number too large for any game names no player rather than the largest
// number there is; the lines of the header are kept for messages.
func TestHeaderBlanksAndNumbers(t *testing.T) {
	text := Magic + "\nGAME\tSilverfall 7\nPLAYER\u00a02\nTURN 3\nPASSWORD\tk7m2-x9pq-ta4e\n[GENERAL]\nEND\n"
	f, err := Read(strings.NewReader(text), "o.txt")
	if err != nil || f.Game != "Silverfall 7" || f.Player != 2 || f.Turn != 3 || f.Password != "k7m2-x9pq-ta4e" {
		t.Errorf("read as %+v, %v", f, err)
	}
	if want := map[string]int{"GAME": 2, "PLAYER": 3, "TURN": 4, "PASSWORD": 5}; !reflect.DeepEqual(f.HeaderLines, want) {
		t.Errorf("header lines %v, want %v", f.HeaderLines, want)
	}
	f, err = Read(strings.NewReader("GAME G\nPLAYER 99999999999999999999\nTURN 2\n[GENERAL]\nEND\n"), "o.txt")
	if f.Player != 0 || err == nil || !strings.Contains(err.Error(), "o.txt:2: PLAYER must be followed by a number") {
		t.Errorf("player %d, %v", f.Player, err)
	}
}

// A file cut mid-line (a mail cut short, the usual way) says it may be cut
// short besides the broken line's own error.
func TestCutMidLineSaysCutShort(t *testing.T) {
	_, err := Read(strings.NewReader("GAME G\nPLAYER 1\nTURN 2\n[GENERAL]\nPI 5\nLO 1 "), "orders.txt")
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 2 || !strings.Contains(list[0].Msg, "LO") || list[1].Line != 6 ||
		!strings.Contains(list[1].Msg, "the file ends without END: it may be cut short") {
		t.Errorf("errors %v", list)
	}
}
