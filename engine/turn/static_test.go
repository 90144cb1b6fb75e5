package turn

import (
	"strings"
	"testing"

	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Each rule that Static enforces, with orders that keep it and orders
// that break it (the last order of the list is the one refused).
func TestStatic(t *testing.T) {
	cases := []struct {
		code       string
		pass, fail string
	}{
		{"interceptor-limit", "PI 90", "PI 91"},
		{"pdu-turn-limit", "BU 8 6\nBU 9 5\nBU 8 4", "BU 8 6\nBU 9 5\nBU 8 5"},
		{"warp-range", "WD 3 0 350 0", "WD 3 0 351 0"},
		{"warp-range", "FLEET WD 2 -350 0 0", "FLEET WD 2 -351 0 0"},
		{"one-battle-order", "MO 3 1 1 1\nMO 4 1 1 1", "MO 3 1 1 1\nFI 3 5"},
		{"one-fleet-order", "FLEET MO 3 1 1 1\nMO 3 1 1 1", "FLEET MO 3 1 1 1\nFLEET DF 3 99"},
		{"attack-self", "EN 3 2 0 0 0", "EN 3 7 0 0 0"},
		{"attack-self", "FI 3 4", "FI 3 3"},
		{"gift-self", "GIFT SHIP 3 2", "GIFT SHIP 3 7"},
		{"gift-limit", "GIFT SHIP 3 2\nGIFT PLANET 5 2", "GIFT SHIP 3 2\nGIFT SHIP 4 2"},
		{"ally-self", "AA 2", "AA 7"},
		{"ally-change-limit", "AA 2\nBA 3", "AA 2\nAA 3"},
		{"enemy-change-limit", "DE 2\nFE 3", "FE 2\nFE 3"},
		{"one-ship-scan", "SS 40\nSP 40", "SS 40\nSS 41"},
		{"one-planet-scan", "SP 40", "SP 40\nSP 41"},
		{"scan-self", "SR 2", "SR 7"},
		{"one-practice", "PR 3 1 2\nPR 4 1", "PR 3 1\nPR 3 2"},
		{"bad-range", "LF 3 9\nCL 4 4", "CL 9 3"},
		{"refuel-self", "RF 3 4 10", "RF 3 3 10"},
		{"repair-self", "RP 3 4", "RP 3 3"},
		{"dock-self", "DO 3 4", "DO 3 3"},
		{"transfer-self", "TA 3 4", "TA 3 3"},
		{"named-twice", "NAME SHIP 3 Ark\nNAME PLANET 3 Ark", "NAME SHIP 3 Ark\nNAME SHIP 3 Bee"},
		{"broadcast-lines", strings.Repeat("BROADCAST hello\n", 3), strings.Repeat("BROADCAST hello\n", 4)},
	}
	r := rules.Default()
	read := func(t *testing.T, text string) []order.Order {
		lines, bad, err := order.ReadLines(strings.NewReader(text))
		if err != nil || len(bad) > 0 {
			t.Fatalf("orders %q do not read: %v %v", text, err, bad)
		}
		var out []order.Order
		for _, l := range lines {
			out = append(out, l.Order)
		}
		return out
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			if d := Static(r, 7, read(t, c.pass)); len(d) > 0 {
				t.Errorf("%q refused: %v", c.pass, d)
			}
			list := read(t, c.fail)
			d := Static(r, 7, list)
			if len(d) != 1 || d[0].Code != c.code || d[0].Order != len(list)-1 || d[0].Severity != Error {
				t.Errorf("%q: got %v, want one %s error on its last order", c.fail, d, c.code)
			}
		})
	}
}

// Without a player the checks that need him stay quiet.
func TestStaticUnknownPlayer(t *testing.T) {
	o, err := order.Parse("AA 7")
	if err != nil {
		t.Fatal(err)
	}
	if d := Static(rules.Default(), 0, []order.Order{o}); len(d) > 0 {
		t.Errorf("AA 7 without a player: %v", d)
	}
}
