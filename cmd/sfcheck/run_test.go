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
