package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
)

const demoOrders = "# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[BATTLE]\nMO 8 140 205 87\n\nEND\n"

// An order file in a base64 attachment is read as the host reads it: decoded.
func TestOrdersInBase64Mail(t *testing.T) {
	report := demoFile(t)
	enc := base64.StdEncoding.EncodeToString([]byte(demoOrders))
	mail := "From: ann@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n" +
		"--B\r\nContent-Type: text/plain\r\n\r\nMy orders.\r\n--B\r\nContent-Type: text/plain; name=orders.txt\r\n" +
		"Content-Disposition: attachment; filename=orders.txt\r\nContent-Transfer-Encoding: base64\r\n\r\n" + enc + "\r\n--B--\r\n"
	file := filepath.Join(t.TempDir(), "orders.eml")
	os.WriteFile(file, []byte(mail), 0o644)
	status, out, errs := runArgs(t, "", "orders", file, "--report", report)
	if status != 0 || strings.Contains(out, "unknown") || !strings.Contains(errs, "1 order: 0 errors") {
		t.Errorf("status %d, out %q, err %q", status, out, errs)
	}
}

// Header errors count among the errors of the summary.
func TestHeaderErrorsCounted(t *testing.T) {
	report := demoFile(t)
	file := filepath.Join(t.TempDir(), "orders.txt")
	os.WriteFile(file, []byte(strings.Replace(demoOrders, "TURN 2", "TURN 7", 1)), 0o644)
	status, _, errs := runArgs(t, "", "orders", file, "--report", report)
	if status != 1 || !strings.Contains(errs, "1 order: 1 error,") {
		t.Errorf("status %d, err %q", status, errs)
	}
}

// A file far too large is refused from its size, before anything is read.
func TestHugeFileRefusedFirst(t *testing.T) {
	report := demoFile(t)
	file := filepath.Join(t.TempDir(), "huge.txt")
	f, _ := os.Create(file)
	f.Truncate(3 << 30)
	f.Close()
	for _, args := range [][]string{{"syntax", file}, {"orders", file, "--report", report}, {"forecast", file, "--report", report}} {
		status, _, errs := runArgs(t, "", args...)
		if status != 1 || !strings.Contains(errs, "not read") {
			t.Errorf("%s: status %d, err %q", args[0], status, errs)
		}
	}
}

// A sheet without a due date says nothing of one.
func TestNoDueDate(t *testing.T) {
	dir := t.TempDir()
	if _, err := writeDemo(galaxy.Options{Seed: 3, Players: 2}, dir); err != nil {
		t.Fatal(err)
	}
	status, out, _ := runArgs(t, "", "report", filepath.Join(dir, "player-01.txt"))
	if status != 0 || strings.Contains(out, "orders due") {
		t.Errorf("status %d, out %q", status, out)
	}
}

// Every command answers -h with its own usage and options; options stand
// before or after the other arguments; usage errors exit 2.
func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"syntax", "-h"}, "usage: sfcheck syntax FILE"},
		{[]string{"report", "--help"}, "usage: sfcheck report FILE"},
		{[]string{"orders", "-h"}, "-report"},
		{[]string{"forecast", "-help"}, "-report"},
		{[]string{"demo", "--help"}, "-players"},
	} {
		s, out, errs := runArgs(t, "", c.args...)
		if s != 0 || !strings.Contains(out, c.want) || errs != "" {
			t.Errorf("%v: %d %q %q", c.args, s, out, errs)
		}
	}
	report := demoFile(t)
	file := filepath.Join(t.TempDir(), "orders.txt")
	os.WriteFile(file, []byte(demoOrders), 0o644)
	for _, args := range [][]string{{"orders", "--report", report, file}, {"orders", file, "-report=" + report}} {
		if s, _, errs := runArgs(t, "", args...); s != 0 {
			t.Errorf("%v: %d %q", args, s, errs)
		}
	}
	for _, args := range [][]string{{"syntax"}, {"syntax", "a", "b"}, {"report", "-x", "f"}, {"orders", file, "--report"}, {"demo", "-out", t.TempDir(), "extra"}} {
		if s, _, _ := runArgs(t, "", args...); s != 2 {
			t.Errorf("%v: status %d, want 2", args, s)
		}
	}
}

// Orders past the most the host carries out are not read, and said so.
func TestOrdersPastTheMost(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Darkness of Silverfall order file\nGAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[GENERAL]\n")
	for i := 0; i < 2003; i++ {
		b.WriteString("PI 1\n")
	}
	b.WriteString("END\n")
	file := filepath.Join(t.TempDir(), "orders.txt")
	os.WriteFile(file, []byte(b.String()), 0o644)
	status, out, errs := runArgs(t, "", "syntax", file)
	if status != 1 || !strings.Contains(errs, file+":2007: too-many-orders 3 more orders from here on not read") || strings.Count(out, "PI 1") != 2000 {
		t.Errorf("syntax: status %d, %d orders printed, err %q", status, strings.Count(out, "PI 1"), errs)
	}
	status, out, _ = runArgs(t, "", "orders", file, "--report", demoFile(t))
	if status != 1 || !strings.Contains(out, "too-many-orders 3 more orders") {
		t.Errorf("orders: status %d, out %.300q", status, out)
	}
}

// Given a sheet with a password, sfcheck orders says when the file's is
// not the sheet's (or missing), as the host would refuse the file; the
// password itself is never printed. A sheet without one (a game made
// before passwords) takes any file.
func TestPasswordAgainstTheSheet(t *testing.T) {
	plain := demoFile(t)
	data, _ := os.ReadFile(plain)
	withPw := filepath.Join(t.TempDir(), "sheet.txt")
	os.WriteFile(withPw, []byte(strings.Replace(string(data), "\nOrders due:", "\nPassword:   k7m2-x9pq-ta4e\nOrders due:", 1)), 0o644)
	orders := func(header string) string {
		name := filepath.Join(t.TempDir(), "orders.txt")
		os.WriteFile(name, []byte(strings.Replace(demoOrders, "TURN 2\n", "TURN 2\n"+header, 1)), 0o644)
		return name
	}
	for _, c := range []struct {
		sheet, header string
		status        int
		want          string
	}{
		{withPw, "PASSWORD K7M2-X9PQ-TA4E \n", 0, "0 errors"},
		{withPw, "PASSWORD k7m2-x9pq-ta4f\n", 1, "orders.txt:5: wrong-password the file's PASSWORD is not the one the turn sheet gives"},
		{withPw, "", 1, "wrong-password the file's PASSWORD is missing"},
		{plain, "PASSWORD anything\n", 0, "0 errors"},
		{plain, "", 0, "0 errors"},
	} {
		status, out, errs := runArgs(t, "", "orders", orders(c.header), "--report", c.sheet)
		if all := out + errs; status != c.status || !strings.Contains(all, c.want) || strings.Contains(strings.ToLower(all), "k7m2") {
			t.Errorf("%q: status %d, output %q; want %d and %q", c.header, status, all, c.status, c.want)
		}
	}
}
