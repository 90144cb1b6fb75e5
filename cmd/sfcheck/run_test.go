package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSyntax(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "orders.txt")
	text := "# my turn\nmo 123 100,-99,-23\n\nLO 123 6 100\nbs 13 17 3 7 # custom\nxx 1\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		args     []string
		stdin    string
		status   int
		out, err string
	}{
		{"file", []string{"syntax", file}, "", 1,
			"MO 123 100 -99 -23\nBS 13 17 3 7\n",
			file + ":4: column 8: LO: the ore type must be 1 to 5, or 0 for all types, got 6\n" +
				file + ":6: column 1: unknown order code \"xx\"\n"},
		{"stdin good", []string{"syntax", "-"}, "pi 5\n\tDA 0\n", 0, "PI 5\nDA 0\n", ""},
		{"stdin bad", []string{"syntax", "-"}, "PI\n", 1, "", "<stdin>:1: column 3: PI: missing the number (PI count)\n"},
		{"beyond any sheet", []string{"syntax", "-"}, "PI 91\nBU 8 6\nBU 8 5\nWD 3 400 0 0\nMO 3 1 1 1\n", 1,
			"PI 91\nBU 8 6\nBU 8 5\nWD 3 400 0 0\nMO 3 1 1 1\n",
			"<stdin>:1: error interceptor-limit: an empire holds at most 90 interceptors, so one order cannot buy 91\n" +
				"<stdin>:3: error pdu-turn-limit: at most 10 planet defence units can be built on a planet a turn; these orders build 11 on planet 8\n" +
				"<stdin>:4: error warp-range: 400,0,0 is 400 positions from Silverfall; a warpdrive jump must end within 350\n" +
				"<stdin>:5: error one-battle-order: ship 3 already has a battle/movement order; a ship takes one a turn\n"},
		{"within any sheet's reach", []string{"syntax", "-"}, "PI 90\nBU 8 6\nBU 9 5\nWD 3 350 0 0\nMO 4 1 1 1\n", 0,
			"PI 90\nBU 8 6\nBU 9 5\nWD 3 350 0 0\nMO 4 1 1 1\n", ""},
		{"missing file", []string{"syntax", filepath.Join(dir, "none.txt")}, "", 2, "", "no such file"},
		{"no command", nil, "", 2, "", "usage: sfcheck"},
		{"bad command", []string{"frobnicate"}, "", 2, "", `unknown command "frobnicate"`},
		{"help", []string{"help"}, "", 0, "usage: sfcheck", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := run(c.args, strings.NewReader(c.stdin), &out, &errb)
			if status != c.status {
				t.Errorf("status %d, want %d (stderr %q)", status, c.status, errb.String())
			}
			if c.status == 2 || c.name == "help" {
				if !strings.Contains(out.String()+errb.String(), c.out+c.err) {
					t.Errorf("output %q %q, want %q", out.String(), errb.String(), c.out+c.err)
				}
				return
			}
			if out.String() != c.out {
				t.Errorf("stdout %q, want %q", out.String(), c.out)
			}
			if errb.String() != c.err {
				t.Errorf("stderr %q, want %q", errb.String(), c.err)
			}
		})
	}
}

// TestSyntaxOfExport: the client's own export passes, read as an order
// file, and the fleet order keeps its meaning.
func TestSyntaxOfExport(t *testing.T) {
	export := "# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[GENERAL]\nPI 5\n\n[BATTLE]\nMO 8 -10 300 87\n\n" +
		"[FLEET]\nEP 1 0 155\n\n[NAMES]\n\n[GIFTS]\n\n[BROADCAST]\nTrade at 88 wanted\n\nEND\n"
	var out, errb bytes.Buffer
	if status := run([]string{"syntax", "-"}, strings.NewReader(export), &out, &errb); status != 0 {
		t.Fatalf("status %d: %s", status, errb.String())
	}
	if out.String() != export {
		t.Errorf("the export is not printed back as it is:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "[FLEET]\nEP 1 0 155\n") {
		t.Error("the fleet order lost its fleet")
	}
	// A bare list keeps the fleet marking too.
	out.Reset()
	run([]string{"syntax", "-"}, strings.NewReader("fleet ep 1 0 155\n"), &out, &errb)
	if out.String() != "FLEET EP 1 0 155\n" {
		t.Errorf("bare fleet order printed as %q", out.String())
	}
	// A broken order file says where.
	out.Reset()
	errb.Reset()
	broken := strings.Replace(export, "PI 5", "PI five", 1)
	broken = strings.Replace(broken, "PLAYER 1\n", "PLAYER 1\nPLAYER 2\n", 1)
	if status := run([]string{"syntax", "-"}, strings.NewReader(broken), &out, &errb); status != 1 {
		t.Errorf("broken file: status %d", status)
	}
	if !strings.Contains(errb.String(), "<stdin>:4: PLAYER is given a second time (first on line 3)") ||
		!strings.Contains(errb.String(), "<stdin>:8: column 4: PI: ") {
		t.Errorf("messages: %q", errb.String())
	}
}

// TestOversizedOrders: a file past the limit is refused with a message,
// not cut short.
func TestOversizedOrders(t *testing.T) {
	huge := strings.Repeat("PI 1\n", maxOrderFile/5+1)
	var out, errb bytes.Buffer
	status := run([]string{"syntax", "-"}, strings.NewReader(huge), &out, &errb)
	if status != 1 || !strings.Contains(errb.String(), "more than 4 MiB") || out.Len() != 0 {
		t.Errorf("status %d, stdout %d bytes, stderr %q", status, out.Len(), errb.String())
	}
}

// TestManyErrorsAreCapped: a file of bad lines prints a bounded number of
// messages, then how many more there were.
func TestManyErrorsAreCapped(t *testing.T) {
	var out, errb bytes.Buffer
	run([]string{"syntax", "-"}, strings.NewReader(strings.Repeat("xx\n", 10000)), &out, &errb)
	// Lines past the host's most orders are not read at all.
	if n := strings.Count(errb.String(), "\n"); n != maxShown+2 || !strings.Contains(errb.String(), "… and 1950 more errors") ||
		!strings.Contains(errb.String(), "too-many-orders 8000 more orders") {
		t.Errorf("%d lines of messages; ends %q", n, errb.String()[max(0, errb.Len()-80):])
	}
}

// File names are printed with their control characters escaped, whatever
// message quotes them: an escape sequence in a name never reaches the
// terminal.
func TestControlCharactersInNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a\x1b[31m\u0085.txt")
	if err := os.WriteFile(name, []byte("PI 1\nxx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"syntax", name}, {"report", name}, {"orders", name, "--report", name + "-none"}, {"report", name + "-none"}} {
		var out, errb bytes.Buffer
		run(args, strings.NewReader(""), &out, &errb)
		all := out.String() + errb.String()
		if strings.ContainsAny(all, "\x1b\u0085") || !strings.Contains(all, `a\x1b[31m\u0085.txt`) {
			t.Errorf("%s: %q", args[0], all)
		}
	}
}

// An order file far too large is refused before the turn sheet is read
// (a sheet may be tens of megabytes).
func TestOrdersTooLargeBeforeSheet(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxOrderFile + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, cmd := range []string{"orders", "forecast"} {
		var out, errb bytes.Buffer
		status := run([]string{cmd, big, "--report", filepath.Join(dir, "no-sheet.txt")}, strings.NewReader(""), &out, &errb)
		if status != exitFound || !strings.Contains(errb.String(), "far more than an order file can be") {
			t.Errorf("%s: status %d, %q", cmd, status, errb.String())
		}
	}
}
