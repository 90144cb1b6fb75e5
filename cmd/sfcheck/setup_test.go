package main

import (
	"bytes"
	"strings"
	"testing"
)

// sfcheck setup takes a set-up within the book's limits, printing it back
// with what it leaves, and refuses one that breaks a limit at its line.
func TestSetupCommand(t *testing.T) {
	good := "# Darkness of Silverfall set-up file\nGAME Silverfall 42\nPLAYER 3\nrace gorishi\nability tactical 3\nability 2 3\nability 3 3\nability 4 3\nability 5 3\nability 6 1\nSHIP 23\nSHIP 23\nEND\n"
	for _, c := range []struct {
		name, in string
		status   int
		out, err string
	}{
		{"good", good, 0, "RACE Gorishi\nABILITY Tactical 3\n", "<stdin>: 2 of 9 ships chosen; 80,000 credits left\n"},
		{"three dreadnoughts", strings.Replace(good, "END", "SHIP 23\nEND", 1), 1, "",
			"<stdin>:13: a DREADNOUGHT (23) more than the 2 of a type a position may start with\n" +
				"<stdin>:13: the ships come to 405,000 credits with this DREADNOUGHT, more than the 350,000 they may cost together\n"},
		{"a fourth level", strings.Replace(good, "tactical 3", "tactical 4", 1), 1, "",
			"<stdin>:5: Tactical 4: the Commodore starts with at most 3 in an ability\n" +
				"<stdin>:10: the Commodore's levels come to 17 with Enterprise; he has 16 points to give\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			status := run([]string{"setup", "-"}, strings.NewReader(c.in), &out, &errs)
			if status != c.status || !strings.Contains(out.String(), c.out) || errs.String() != c.err {
				t.Errorf("status %d\nout %q\nerr %q", status, out.String(), errs.String())
			}
		})
	}
}
