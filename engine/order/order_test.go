package order

import (
	"bufio"
	"math/rand"
	"os"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/rules"
)

func readLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestRuleBookExamplesRoundTrip(t *testing.T) {
	lines := readLines(t, "testdata/rulebook-examples.txt")
	if len(lines) < 49 {
		t.Fatalf("only %d examples in the test data", len(lines))
	}
	for _, l := range lines {
		o, err := Parse(l)
		if err != nil {
			t.Errorf("%q: %v", l, err)
			continue
		}
		if got := o.String(); got != l {
			t.Errorf("%q formats back as %q", l, got)
		}
	}
}

func TestEveryCodeIsReachable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Codes() {
		if seen[c.String()] {
			t.Errorf("two codes written %q", c)
		}
		seen[c.String()] = true
		if c.Class() == 0 || c.Subject() == 0 || c.What() == "" {
			t.Errorf("%s lacks a class, subject or description", c)
		}
	}
	want := strings.Fields("SS SP SR BS DO RE LO UL SM LF UF RF RP LP UP CL UC HD WD WP MO MP FP EN EP AB DF ST SL FI CP PS BU AD DA BP PI AA BA DE FE PR TO FA TA")
	for _, w := range want {
		if !seen[w] {
			t.Errorf("rule book code %s missing", w)
		}
	}
}

func TestForgivingInput(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"mo 123 100 -99 -23", "MO 123 100 -99 -23"},
		{"  Mo\t123   100,-99,-23  ", "MO 123 100 -99 -23"},
		{"MO 123 100, -99, -23", "MO 123 100 -99 -23"},
		{"wd 5 +10 -0 3", "WD 5 10 0 3"},
		{"LO 123 1 100 # fill up with type 1", "LO 123 1 100"},
		{"lo 123 1 100\r", "LO 123 1 100"},
		{"fleet   ep 2 0 178", "FLEET EP 2 0 178"},
		{"name ship 12   Silver    Arrow  ", "NAME SHIP 12 Silver Arrow"},
		{"Name Officer 3 Jorn", "NAME OFFICER 3 Jorn"},
		{"gift planet 45 7", "GIFT PLANET 45 7"},
		{"broadcast  Player 7 offers   fair trade #1 ", "BROADCAST Player 7 offers   fair trade #1"},
		{"bs 13 17 0 20", "BS 13 17 0 20"},
		{"pr 1 11", "PR 1 11"},
		{"lf 10 0 20", "LF 10 0 20"},
	} {
		o, err := Parse(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := o.String(); got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBlankAndComment(t *testing.T) {
	for _, in := range []string{"", "   ", "\t", "# just a note", "  # note"} {
		o, err := Parse(in)
		if err != nil || o.Code != Invalid {
			t.Errorf("%q: got %v, %v; want nothing", in, o, err)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		col  int
		want string
	}{
		{"LO 123 6 100", 8, "ore type must be 1 to 5, or 0 for all types, got 6"},
		{"SM 456 0", 8, "ore type must be 1 to 5, got 0"},
		{"XX 1", 1, `unknown order code "XX"`},
		{"MOVE 1 2 3 4", 1, `unknown order code "MOVE"`},
		{"MO 123 100 -99", 15, "missing the Z coordinate (MO ship x y z)"},
		{"MO 123 1OO -99 -23", 8, `X coordinate must be a whole number, got "1OO"`},
		{"MO 0 1 2 3", 4, "ship number must be 1 or more, got 0"},
		{"HD 12 13", 7, `unexpected "13" after the order (HD ship)`},
		{"EN 123 50 1 2 3", 8, "player must be 1 to 40, 0 (all but allies), 88 (declared enemies) or 99 (Sauran), got 50"},
		{"AA 0", 4, "player must be 1 to 40 or 99 (Sauran), got 0"},
		{"GIFT SHIP 1 99", 13, "gifts go to a player 1 to 40, got 99"},
		{"BS 123 51", 8, "ship type must be 1 to 50, got 51"},
		{"BS 123 17", 10, "type 17 (CUSTOMISED SHIP) is built to order"},
		{"BS 123 8 3 7", 10, "type 8 (SUPER BATTLE) cannot be customised"},
		{"BS 123 17 6 7", 11, "a CUSTOMISED SHIP has 0 to 5 fire units, got 6"},
		{"BS 123 35 4 41", 13, "a MAN OF WAR has 1 to 40 defence units, got 41"},
		{"BS 123 17 3", 12, "give both the fire and the defence units"},
		{"PR 1 8 8", 8, "cannot practise the same ability twice"},
		{"PR 1 15", 6, "ability must be 1 to 14, got 15"},
		{"PI 0", 4, "number must be 1 or more, got 0"},
		{"BU 12 -3", 7, "number must be 1 or more, got -3"},
		{"LF 1 -5", 6, "amount must be 0 (as much as possible) or more, got -5"},
		{"FLEET LO 1 1 1", 7, "LO cannot be given to a fleet; fleets take HD WD WP MO"},
		{"FLEET", 6, "FLEET needs an order code"},
		{"NAME SHIP 12 A very long ship name indeed", 14, "a name holds at most 20 characters, this one has 28"},
		{"NAME OFFICER 3 Bartholomew", 16, "at most 10 characters, this one has 11"},
		{"NAME SHIP 12", 13, "the name is missing"},
		{"NAME PLANET 12 -", 16, "stands for no name"},
		{"NAME FLEET 1 x", 6, `NAME must be followed by SHIP, PLANET or OFFICER, got "FLEET"`},
		{"BROADCAST", 10, "the line is empty"},
		{"BROADCAST " + strings.Repeat("x", 61), 11, "at most 60 characters, this one has 61"},
		{"MO 1 9999999999 0 0", 6, "the X coordinate 9999999999 is too large"},
		{"NAME SHIP 1 bad\x01name", 16, "control character"},
	} {
		_, err := Parse(c.in)
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("%q: got %v, want a syntax error", c.in, err)
			continue
		}
		if se.Col != c.col || !strings.Contains(se.Msg, c.want) {
			t.Errorf("%q: got column %d %q; want column %d containing %q", c.in, se.Col, se.Msg, c.col, c.want)
		}
	}
}

// randomOrder makes a valid order of code c with random arguments.
func randomOrder(rng *rand.Rand, r *rules.Rules, c Code) Order {
	syn := &syntaxes[c]
	o := Order{Code: c, Fleet: syn.fleetOK && rng.Intn(3) == 0}
	n := len(syn.args) - rng.Intn(syn.optional+1)
	if c == BS {
		n = 2
	}
	for i := 0; i < n; i++ {
		var v int
		switch syn.args[i] {
		case kPlanetOrAll, kTargetOrAll, kAmount:
			v = rng.Intn(5000)
		case kBattlePlayer:
			v = []int{0, 88, 99, 1 + rng.Intn(40)}[rng.Intn(4)]
		case kPlayer:
			v = []int{99, 1 + rng.Intn(40)}[rng.Intn(2)]
		case kGiftPlayer:
			v = 1 + rng.Intn(40)
		case kOreOrAll:
			v = rng.Intn(6)
		case kOre:
			v = 1 + rng.Intn(5)
		case kX, kY, kZ:
			v = rng.Intn(1401) - 700
		case kShipType:
			v = 1 + rng.Intn(50)
			if t := r.Ship(v); t.Customisable {
				o.Args[2], o.Args[3] = t.Fire.Max, t.Defence.Min
				n = 4
			}
		case kFire, kDefence:
			continue
		case kAbility:
			v = 1 + rng.Intn(7)
		case kAbility2:
			v = 8 + rng.Intn(7)
		default:
			v = 1 + rng.Intn(3000)
		}
		o.Args[i] = v
	}
	o.N = uint8(n)
	switch c {
	case NameShip, NamePlanet:
		o.Text = "Star of " + string(rune('A'+rng.Intn(26)))
	case NameOfficer:
		o.Text = "Jorn"
	case Broadcast:
		o.Text = "All hail  the council"
	}
	return o
}

func TestRoundTripEveryCode(t *testing.T) {
	r := rules.Default()
	rng := rand.New(rand.NewSource(1))
	for _, c := range Codes() {
		for i := 0; i < 200; i++ {
			o := randomOrder(rng, r, c)
			text := Format(o)
			back, err := Parse(text)
			if err != nil {
				t.Fatalf("%s: %q does not parse: %v", c, text, err)
			}
			if back != o {
				t.Fatalf("%s: %+v formats as %q, parses back as %+v", c, o, text, back)
			}
		}
	}
}

func TestAccessors(t *testing.T) {
	must := func(s string) Order {
		o, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	if o := must("EN 123 6 -78 45 10"); o.Subject() != 123 || o.Player() != 6 {
		t.Errorf("EN: %+v", o)
	} else if p, ok := o.Location(); !ok || p != (geom.Point{X: -78, Y: 45, Z: 10}) {
		t.Errorf("EN location %v", p)
	}
	if o := must("SL 123 99 178"); o.Planet() != 178 || o.Player() != 99 {
		t.Errorf("SL: %+v", o)
	}
	if o := must("LO 123 1 100"); o.OreType() != 1 || o.Amount() != 100 {
		t.Errorf("LO: %+v", o)
	}
	if o := must("RF 254 123 50"); o.Subject() != 254 || o.Amount() != 50 {
		t.Errorf("RF: %+v", o)
	} else if tg, _ := o.Target(); tg != 123 {
		t.Errorf("RF target %d", tg)
	}
	if o := must("TA 123"); o.Subject() != 123 {
		t.Errorf("TA: %+v", o)
	} else if _, ok := o.Target(); ok {
		t.Error("TA with one ship has no second ship")
	}
	if o := must("BS 123 17 3 7"); !o.Custom() || o.ShipType() != 17 {
		t.Errorf("BS: %+v", o)
	} else if f, d := o.Units(); f != 3 || d != 7 {
		t.Errorf("BS units %d %d", f, d)
	}
	if o := must("PR 1 11 8"); o.SubjectKind() != FleetSubject {
		t.Errorf("PR subject %v", o.SubjectKind())
	} else if a, b := o.Abilities(); a != 11 || b != 8 {
		t.Errorf("PR abilities %d %d", a, b)
	}
	if o := must("SS 77"); o.Subject() != 0 {
		t.Errorf("SS is an empire order: subject %d", o.Subject())
	}
	if o := must("MO 1 100 -99 -23"); o.Section() != BattleOrders {
		t.Errorf("MO section %v", o.Section())
	}
	if o := must("FLEET MO 1 100 -99 -23"); o.Section() != FleetOrders || o.SubjectKind() != FleetSubject {
		t.Errorf("FLEET MO section %v", o.Section())
	}
}

// TestPhases pins each command's phase and place to the rule book's
// "order of commands".
func TestPhases(t *testing.T) {
	phases := map[int][]Code{
		0: {NameShip, GiftShip, Broadcast},
		1: {PR, TO, RE, UL, UF, UP, LO, LF, LP, RF, RP, TA, DO, SM, BU, AD, DA},
		5: {UC, CL, BS, FA, PI, BA, AA, FE, DE, SS, SP, SR},
	}
	for p, codes := range phases {
		for i, c := range codes {
			if c.Phase() != p {
				t.Errorf("%s: phase %d, want %d", c, c.Phase(), p)
			}
			if i > 0 && c.Position() <= codes[i-1].Position() && p != 0 {
				t.Errorf("%s should come after %s in phase %d", c, codes[i-1], p)
			}
		}
	}
	// Phase 2: conversion first, then fire, hyperdrive, move, defend, engage, ambush, strafe, pursue.
	two := []Code{MP, FI, HD, MO, DF, EN, AB, ST, PS}
	for i := 1; i < len(two); i++ {
		if two[i].Phase() != 2 || two[i].Position() <= two[i-1].Position() {
			t.Errorf("phase 2: %s should come after %s", two[i], two[i-1])
		}
	}
	for _, c := range []Code{MP, EP, WP, SL, FP} {
		if c.Phase() != 2 || c.Position() != 1 || c.Converted() == c {
			t.Errorf("%s is converted at the start of phase 2", c)
		}
	}
	if WD.Phase() != 3 || BP.Phase() != 3 || !BP.ActsIn(3) || BP.ActsIn(4) {
		t.Error("warpdrive and bombard act in phase 3")
	}
	if !MO.ActsIn(2) || !MO.ActsIn(4) || MO.ActsIn(5) || HD.ActsIn(3) {
		t.Error("moves act in phases 2 to 4, hyperdrive in 2")
	}
	battle := strings.Fields("MO HD WD WP EN AB FI MP EP FP BP ST SL DF PS CP")
	for _, c := range Codes() {
		want := General
		for _, b := range battle {
			if c.String() == b {
				want = BattleMovement
			}
		}
		if c.Class() == BattleMovement || c.Class() == General {
			if c.Class() != want {
				t.Errorf("%s: class %v, want %v", c, c.Class(), want)
			}
		}
	}
	fleet := strings.Fields("HD WD WP MO MP EN EP AB DF ST SL FI BP FP CP PS")
	for _, c := range Codes() {
		ok := false
		for _, f := range fleet {
			ok = ok || c.String() == f
		}
		if c.FleetOK() != ok {
			t.Errorf("%s: fleet order %v, want %v", c, c.FleetOK(), ok)
		}
	}
}

func TestUsage(t *testing.T) {
	for c, want := range map[Code]string{
		LO: "LO ship ore amount", LF: "LF ship amount [last-ship]", BS: "BS ship type [fire] [defence]",
		NameShip: "NAME SHIP ship text", EN: "EN ship player x y z",
	} {
		if got := c.Usage(); got != want {
			t.Errorf("%s usage %q, want %q", c, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, l := range readLines(f, "testdata/rulebook-examples.txt") {
		f.Add(l)
	}
	for _, s := range []string{"FLEET MO 1 2,3,4", "NAME SHIP 1 x", "BROADCAST hi", "BS 1 17 5 20", "mo 1 -0 +0 0 #", "LO 1 1 99999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := Parse(line)
		if err != nil {
			if se, ok := err.(*SyntaxError); !ok || se.Col < 1 || se.Col > len(line)+1 || se.Msg == "" {
				t.Fatalf("%q: bad error %#v", line, err)
			}
			return
		}
		if o.Code == Invalid {
			return
		}
		text := o.String()
		back, err := Parse(text)
		if err != nil || back != o {
			t.Fatalf("%q -> %q -> %+v, %v", line, text, back, err)
		}
		if back.String() != text {
			t.Fatalf("format not stable: %q vs %q", text, back.String())
		}
	})
}

// orderLines makes n realistic order lines, mixed as a turn's orders are.
func orderLines(n int) []string {
	r := rules.Default()
	rng := rand.New(rand.NewSource(7))
	codes := Codes()
	lines := make([]string, n)
	for i := range lines {
		c := codes[rng.Intn(len(codes))]
		if rng.Intn(2) == 0 {
			c = []Code{MO, MP, LO, UL, LF, DF, EN, BS}[rng.Intn(8)]
		}
		lines[i] = randomOrder(rng, r, c).String()
	}
	return lines
}

func BenchmarkParse10000(b *testing.B) {
	lines := orderLines(10000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, l := range lines {
			if _, err := Parse(l); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(lines))/b.Elapsed().Seconds(), "lines/s")
}
