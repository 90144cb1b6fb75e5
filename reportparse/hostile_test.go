package reportparse

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"silverfall/assets"
	"silverfall/engine/rules"
)

func demoText(t testing.TB) string {
	t.Helper()
	data, err := assets.DemoSheet(1)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// replaceOnce changes the first old in s, failing when there is none.
func replaceOnce(t testing.TB, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("the demo sheet has no %q", old)
	}
	return strings.Replace(s, old, new, 1)
}

// TestRefusesWhatCannotBe: figures no game can hold are errors with the
// line they are on.
func TestRefusesWhatCannotBe(t *testing.T) {
	sheet := demoText(t)
	huge := strings.Repeat("9", 12)
	for _, c := range []struct {
		name, old, new, want string
	}{
		{"negative industry", "industry 20000", "industry -5", ":70: review of planets: the industry must be 0 or more, got -5"},
		{"twelve-digit coordinates", "  at -10,205,87  player 1  population", "  at " + huge + ",205,87  player 1  population", "beyond 1000000 positions"},
		{"a player that cannot exist", "  at -10,205,87  player 1  population", "  at -10,205,87  player 77  population", ":70: review of planets: the owner must be 0 to 40 or 99, got 77"},
		{"a ship's owner of 0", "  at -10,205,87  player 1  fire 6/6", "  at -10,205,87  player 0  fire 6/6", "the owner must be 1 to 40 or 99, got 0"},
		{"too many defence units", "defence 0 off", "defence 51 off", "the defence units must be 0 to 50, got 51"},
		{"too many interceptors", "Interceptors:                  0", "Interceptors:                 91", "an empire holds 0 to 90 interceptors, got 91"},
		{"negative points", "Points:                        0", "Points:                       -7", "points cannot be negative"},
		{"a name too long", "Planet 6  origin  -", "Planet 6  origin  A Name Far Longer Than Twenty", "a planet's name is at most 20 characters, this one has 29"},
		{"fire above the type's", "fire 6/6  defence 50/50", "fire 7/7  defence 50/50", "fire units must be now/full with 0 <= now <= full <= 6 for a BATTLE STATION"},
		{"fuel above the tank", "fuel 200/200  cloaked", "fuel 900/900  cloaked", "fuel must be now/full with 0 <= now <= full <= 200"},
		{"population above the hold", "officer 4  artifact 0\n  cargo 0 0 0 0 0  population 0", "officer 4  artifact 0\n  cargo 0 0 0 0 0  population 501", "the population carried must be 0 to 500, got 501"},
		{"levels above seven", "level        1  1  3  2", "level        8  1  3  2", "a level for each of the 14 abilities must be 0 to 7, got 8"},
		{"a turn that cannot be", "Turn:       1", "Turn:       5000", "expected the turn number (1 to 1000)"},
		{"population above the cap", "population 20000  industry 20000", "population 60000  industry 20000", "without special abilities neither goes above 50000"},
		{"a line far too long", "Game:       Silverfall Demo", "Game:       " + strings.Repeat("x", 5000), ":2: the line is 5012 characters long"},
		{"a control character", "Game:       Silverfall Demo", "Game:       Silver\x1b[31mfall", ":2: column 19: a control character (U+001B)"},
		{"a ship listed twice", "\nShip 3  type 14", "\nShip 2  type 14", "ship 2 is listed a second time (first on line"},
		{"a ship docked in itself", "officer 0  artifact 0\n  nearby: as ship 1\n\nShip 4", "officer 0  artifact 0\n  inside ship 3\n  nearby: as ship 1\n\nShip 4", "ship 3 is docked in itself"},
		{"a ship docked in one not there", "officer 0  artifact 0\n  nearby: as ship 1\n\nShip 4", "officer 0  artifact 0\n  inside ship 77\n  nearby: as ship 1\n\nShip 4", "ship 3 is docked in ship 77, which the sheet does not list"},
		{"a fleet of ships not there", "1 2 3 4 5 6 7 8 9 10", "1 2 3 4 5 6 7 8 9 10 11", ":78: fleet 1 lists ship 11, which the sheet does not list"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(rules.Default(), "turn.txt", []byte(replaceOnce(t, sheet, c.old, c.new)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestDockingCircle: ships docked in each other cannot be.
func TestDockingCircle(t *testing.T) {
	sheet := demoText(t)
	sheet = replaceOnce(t, sheet, "fuel 200/200  cloaked no  jumped no  officer 4  artifact 0\n", "fuel 200/200  cloaked no  jumped no  officer 4  artifact 0\n  inside ship 5\n")
	sheet = replaceOnce(t, sheet, "fuel 350/350  cloaked no  jumped no  officer 0  artifact 0\n", "fuel 350/350  cloaked no  jumped no  officer 0  artifact 0\n  inside ship 2\n")
	_, err := Parse(rules.Default(), "turn.txt", []byte(sheet))
	if err == nil || !strings.Contains(err.Error(), "docked in a circle") {
		t.Errorf("got %v", err)
	}
}

// TestBannerAndEndAlone: a sheet with nothing between its first and last
// lines is an error, not an empty game.
func TestBannerAndEndAlone(t *testing.T) {
	_, err := Parse(rules.Default(), "bare.txt", []byte("DARKNESS OF SILVERFALL -- TURN SHEET\nEND OF TURN SHEET\n"))
	if err == nil || !strings.Contains(err.Error(), "bare.txt:1: header: the \"Game:\" line is missing") {
		t.Errorf("got %v", err)
	}
}

// TestByteOrderMarkAndOldMacLines: a sheet saved by Windows Notepad or an
// old Mac reads as the plain one does.
func TestByteOrderMarkAndOldMacLines(t *testing.T) {
	sheet := demoText(t)
	want, err := Parse(rules.Default(), "turn.txt", []byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"BOM":           "\ufeff" + sheet,
		"CR":            strings.ReplaceAll(sheet, "\n", "\r"),
		"BOM and CRLF":  "\ufeff" + strings.ReplaceAll(sheet, "\n", "\r\n"),
		"mail with BOM": "\ufeffFrom: gm@example.org\r\nSubject: turn\r\n\r\n" + sheet,
	} {
		got, err := Parse(rules.Default(), "turn.txt", []byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got.Knowledge, want.Knowledge) {
			t.Errorf("%s: the sheet reads differently", name)
		}
	}
}

// TestReorderingCharactersShown: characters that make a name read as
// something else are shown as marks, with a warning.
func TestReorderingCharactersShown(t *testing.T) {
	sheet := replaceOnce(t, demoText(t), "Player:     1 Golden Throne", "Player:     1 Golden \u202eenorhT")
	rep, err := Parse(rules.Default(), "turn.txt", []byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Knowledge.Empire.Name; got != "Golden <U+202E>enorhT" {
		t.Errorf("name %q", got)
	}
	if len(rep.Warnings) == 0 || !strings.Contains(rep.Warnings[0].Msg, "reorder") {
		t.Errorf("warnings %v", rep.Warnings)
	}
}

// TestErrorsAndWarningsBounded: a sheet wrong throughout keeps a bounded
// number of errors and of warnings.
func TestErrorsAndWarningsBounded(t *testing.T) {
	sheet := demoText(t)
	bad := strings.Repeat("Bogus: 1\n", 200000)
	rep, err := Parse(rules.Default(), "turn.txt", []byte(replaceOnce(t, sheet, "Points:", bad+"Points:")))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != maxWarnings || rep.MoreWarnings < 199000 {
		t.Errorf("%d warnings kept, %d more", len(rep.Warnings), rep.MoreWarnings)
	}
	_, err = Parse(rules.Default(), "turn.txt", []byte(replaceOnce(t, sheet, "Points:                        0", strings.Repeat("Points: x\n", 200000))))
	var list ErrorList
	if !errors.As(err, &list) || len(list) > maxErrors {
		t.Errorf("%d errors", len(list))
	}
}
