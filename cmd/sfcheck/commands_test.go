package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/assets"
	"silverfall/engine/galaxy"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/orderwriter"
)

func runArgs(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errb)
	return status, out.String(), errb.String()
}

func demoFile(t *testing.T) string {
	t.Helper()
	data, err := assets.DemoSheet(1)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "turn.txt")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestReport(t *testing.T) {
	name := demoFile(t)
	status, out, errs := runArgs(t, "", "report", name)
	if status != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	for _, want := range []string{"Game          Silverfall Demo", "Player        1 ", "Turn          1 (orders due 2027-01-10)",
		"Credits       150,000", "Ships         ", "Fleets        1", "Foreign ships ", "Errors        0"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	// A broken sheet gives its errors with positions and status 1.
	data, _ := os.ReadFile(name)
	broken := strings.Replace(string(data), "Turn:       1", "Turn:       x", 1)
	status, _, errs = runArgs(t, broken, "report", "-")
	if status != 1 || !strings.HasPrefix(errs, "<stdin>:5: header: expected the turn number") {
		t.Errorf("status %d, stderr %q", status, errs)
	}
	status, _, errs = runArgs(t, "", "report", filepath.Join(t.TempDir(), "none"))
	if status != 2 || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: status %d, stderr %q", status, errs)
	}
}

func TestOrders(t *testing.T) {
	report := demoFile(t)
	dir := t.TempDir()
	ordersFile := filepath.Join(dir, "orders.txt")
	write := func(text string) {
		if err := os.WriteFile(ordersFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Player 1's battle station is ship 1 over the origin: it may build.
	write("# turn 2\nBS 1 1\nPI 10\n")
	status, out, errs := runArgs(t, "", "orders", ordersFile, "--report", report)
	if status != 0 || out != "" {
		t.Fatalf("good orders: status %d, out %q, err %q", status, out, errs)
	}
	write("BS 1 1\nMO 1 0 0 0\nPI 200\nxx\nCL 999\n")
	status, out, _ = runArgs(t, "", "orders", "--report="+report, ordersFile)
	if status != 1 {
		t.Errorf("bad orders: status %d", status)
	}
	for _, want := range []string{
		ordersFile + ":2: cannot-move a BATTLE STATION cannot move",
		ordersFile + ":3: interceptor-limit ",
		ordersFile + `:4: syntax column 1: unknown order code "xx"`,
		ordersFile + ":5: unknown-ship you have no ship 999",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	status, _, errs = runArgs(t, "", "orders", ordersFile)
	if status != 2 || !strings.Contains(errs, "usage: sfcheck orders") {
		t.Errorf("no report: status %d, stderr %q", status, errs)
	}
}

func TestDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	status, out, errs := runArgs(t, "", "demo", "--seed", "1996", "--players", "12", "--name", assets.DemoName, "--out", dir)
	if status != 0 || !strings.Contains(out, "wrote 12 turn sheets") {
		t.Fatalf("status %d, %q %q", status, out, errs)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "player-*.txt"))
	if len(files) != 12 {
		t.Fatalf("%d files", len(files))
	}
	// The same seed writes the same game as the embedded demo (but for the due date).
	o := assets.DemoOptions()
	o.DueDate = "in three weeks"
	dir2 := t.TempDir()
	if _, err := writeDemo(galaxy.Options(o), dir2); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "player-03.txt"))
	b, _ := os.ReadFile(filepath.Join(dir2, "player-03.txt"))
	if !bytes.Equal(a, b) {
		t.Error("the same options wrote different sheets")
	}
	for _, bad := range [][]string{{"demo"}, {"demo", "--out", dir, "--players", "x"}, {"demo", "--out", dir, "--players", "41"}, {"demo", "--bogus", "1"}} {
		if status, _, _ := runArgs(t, "", bad...); status != 2 {
			t.Errorf("%q: status %d, want 2", bad, status)
		}
	}
}

func TestOrdersInOrderFile(t *testing.T) {
	report := demoFile(t)
	file := filepath.Join(t.TempDir(), "orders.txt")
	text := "# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[GENERAL]\nBS 1 1\n\n[BATTLE]\nMO 1 0 0 0\n\nEND\n"
	os.WriteFile(file, []byte(text), 0o644)
	status, out, _ := runArgs(t, "", "orders", file, "--report", report)
	if status != 1 || !strings.Contains(out, file+":10: cannot-move") {
		t.Errorf("status %d, out %q", status, out)
	}
	os.WriteFile(file, []byte(strings.Replace(strings.Replace(text, "MO 1 0 0 0\n", "", 1), "TURN 2", "TURN 7", 1)), 0o644)
	status, out, _ = runArgs(t, "", "orders", file, "--report", report)
	if status != 1 || !strings.Contains(out, ":4: wrong-turn the file is for turn 7") {
		t.Errorf("status %d, out %q", status, out)
	}
}

// TestOrdersNotesAndGame: notes do not fail a file; a file for another
// game does; the sheet's own warnings are printed.
func TestOrdersNotesAndGame(t *testing.T) {
	report := demoFile(t)
	file := filepath.Join(t.TempDir(), "orders.txt")
	text := "# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[BATTLE]\nMO 8 140 205 87\n\nEND\n"
	os.WriteFile(file, []byte(text), 0o644)
	status, out, errs := runArgs(t, "", "orders", file, "--report", report)
	if status != 0 || !strings.Contains(out, "takes-turns note:") || !strings.Contains(errs, "0 errors, 0 warnings, 1 note,") {
		t.Errorf("a long move: status %d, out %q, err %q", status, out, errs)
	}
	os.WriteFile(file, []byte(strings.Replace(text, "GAME Silverfall Demo", "GAME Another Game", 1)), 0o644)
	status, out, _ = runArgs(t, "", "orders", file, "--report", report)
	if status != 1 || !strings.Contains(out, file+`:2: wrong-game the file is for game "Another Game"`) {
		t.Errorf("another game: status %d, out %q", status, out)
	}
	data, _ := os.ReadFile(report)
	cut := strings.Replace(string(data), "END OF TURN SHEET", "", 1)
	os.WriteFile(report, []byte(cut), 0o644)
	os.WriteFile(file, []byte(text), 0o644)
	_, _, errs = runArgs(t, "", "orders", file, "--report", report)
	if !strings.Contains(errs, "(warning)") {
		t.Errorf("the sheet's warnings are not printed: %q", errs)
	}
}

// TestReportEscapes: nothing from a sheet reaches the terminal as a
// control sequence.
func TestReportEscapes(t *testing.T) {
	data, _ := assets.DemoSheet(1)
	evil := strings.Replace(string(data), "Golden Throne", "Golden \x1b[2J\x1b]0;pwned\aThrone", 1)
	status, out, errs := runArgs(t, evil, "report", "-")
	if status != 1 || strings.ContainsAny(out+errs, "\x1b\a") {
		t.Errorf("status %d; the output holds control characters: %q", status, out+errs)
	}
	bidi := strings.Replace(string(data), "Golden Throne", "Golden \u202eenorhT", 1)
	_, out, _ = runArgs(t, bidi, "report", "-")
	if strings.ContainsRune(out, '\u202e') || !strings.Contains(out, "Golden <U+202E>enorhT") {
		t.Errorf("a reordering character reached the output: %q", out)
	}
	if got := printable("a\x1bb\u202ec"); got != `a\u001bb\u202ec` {
		t.Errorf("printable: %q", got)
	}
}

func TestForecast(t *testing.T) {
	report := demoFile(t)
	file := filepath.Join(t.TempDir(), "orders.txt")
	os.WriteFile(file, []byte("MO 2 -10 205 187\nLF 3 5000\n"), 0o644)
	status, out, errs := runArgs(t, "", "forecast", file, "--report", report)
	if status != 1 || !strings.Contains(errs, file+":2: ") || !strings.Contains(errs, "(left out)") {
		t.Errorf("status %d, stderr %q: want status 1 and the LF beyond the planet's fuel left out", status, errs)
	}
	// Ship 2, a large transport (range 60) under an officer of navigation
	// 3 (+30%: 78), moves 26 positions in each of phases 2-4, paying a
	// unit of fuel a position.
	for _, want := range []string{
		"ship 2 phase 2 -10,205,113 fuel 174\nship 2 phase 3 -10,205,139 fuel 148\nship 2 phase 4 -10,205,165 fuel 122\nship 2 end -10,205,165 fuel 122 cargo 0 0 0 0 0\n",
		"ship 3 end -10,205,87 fuel 600 ",
		"planet 6 end fuel 1000 stock ",
		"empire end credits ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("forecast lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "ship 3 phase") {
		t.Errorf("ship 3 had no order carried out, yet:\n%s", out)
	}
	status, _, errs = runArgs(t, "", "forecast", file)
	if status != 2 || !strings.Contains(errs, "usage: sfcheck forecast ORDERS -report REPORT") {
		t.Errorf("without a sheet: status %d, stderr %q", status, errs)
	}
}

// The defect the turn machinery was built to fix, on the sheet it was
// found on: player 3 of `sfcheck demo --seed 11 --players 6` loads his
// planet's whole population, then starts a mine and builds defence units
// on it.
func TestOrdersUseUpThePopulation(t *testing.T) {
	dir := t.TempDir()
	if _, err := writeDemo(galaxy.Options{Seed: 11, Players: 6}, dir); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "orders.txt")
	os.WriteFile(file, []byte("LP 24 20000\nSM 8 1\nBU 8 10\n"), 0o644)
	status, out, _ := runArgs(t, "", "orders", file, "--report", filepath.Join(dir, "player-03.txt"))
	if status != 1 || !strings.Contains(out, file+":2: mine-population planet 8 has 0 population at that point") ||
		!strings.Contains(out, file+":3: pdu-population planet 8 has 0 population at that point") {
		t.Errorf("status %d:\n%s", status, out)
	}
}

// Orders past the most of a kind that the host carries out are reported
// as the host leaves them out (orderwriter.CapKinds, which the host uses),
// by orders and syntax, in an order file and in a list.
func TestCapsOfKind(t *testing.T) {
	report := demoFile(t)
	r := rules.Default()
	maxPI, maxSP := orderwriter.MaxOfKind(r, order.PI), orderwriter.MaxOfKind(r, order.SP)
	var list strings.Builder
	for i := 0; i < maxSP+2; i++ {
		list.WriteString("SP 2\n")
	}
	for i := 0; i < maxPI+1; i++ {
		list.WriteString("PI 1\n")
	}
	head := "# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[GENERAL]\n"
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		first      int // the line of the first order
	}{
		{"list.txt", list.String(), 1},
		{"file.txt", head + list.String() + "END\n", 7},
	} {
		file := filepath.Join(dir, c.name)
		os.WriteFile(file, []byte(c.text), 0o644)
		want := []string{
			fmt.Sprintf("%s:%d: too-many-orders 2 more SP orders from here on were not carried out: at most %d a turn are taken", file, c.first+maxSP, maxSP),
			fmt.Sprintf("%s:%d: too-many-orders 1 more PI order from here on was not carried out: at most %d a turn are taken", file, c.first+maxSP+2+maxPI, maxPI),
		}
		for _, args := range [][]string{{"orders", file, "--report", report}, {"syntax", file}} {
			status, out, errs := runArgs(t, "", args...)
			for _, w := range want {
				if status != 1 || !strings.Contains(out+errs, w) {
					t.Errorf("%s %s: status %d, lacks %q:\n%s%s", args[0], c.name, status, w, out, errs)
				}
			}
		}
	}
}

// sfcheck knows no passwords: syntax and orders take a file with one (and
// print it back) or without one, whatever it holds; only the host checks.
func TestPasswordNotChecked(t *testing.T) {
	report := demoFile(t)
	for _, header := range []string{"PASSWORD k7m2-x9pq-ta4e\n", "PASSWORD anything at all\n", ""} {
		text := "# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n" + header + "\n[GENERAL]\nPI 1\n\nEND\n"
		s, out, errs := runArgs(t, text, "syntax", "-")
		if s != 0 || (header != "" && !strings.Contains(out, header)) {
			t.Errorf("syntax with %q: %d %q %q", header, s, out, errs)
		}
		if s, out, errs := runArgs(t, text, "orders", "-", "--report", report); s != 0 {
			t.Errorf("orders with %q: %d %q %q", header, s, out, errs)
		}
	}
}
