package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// With -known, an order naming a planet the report does not show but an
// ally's sheet does is checked as last seen there, with a warning that
// names the sheet; without it the planet is unknown. A sheet of another
// game is refused with its name.
func TestOrdersWithKnownSheets(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	if status, _, errs := runArgs(t, "", "demo", "--seed", "7", "--players", "4", "--name", "Known", "--out", dir); status != 0 {
		t.Fatalf("demo: %d %s", status, errs)
	}
	own, ally := filepath.Join(dir, "player-01.txt"), filepath.Join(dir, "player-02.txt")
	rep, err := reportparse.ReadFile(rules.Default(), ally)
	if err != nil || len(rep.Knowledge.Planets) == 0 {
		t.Fatalf("ally's sheet: %v", err)
	}
	home := rep.Knowledge.Planets[0].ID
	orders := filepath.Join(dir, "orders.txt")
	if err := os.WriteFile(orders, []byte(fmt.Sprintf("DA %d\n", home)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runArgs(t, "", "orders", orders, "-report", own)
	if strings.Contains(out, "remembered") {
		t.Fatalf("without -known the ally's planet is remembered:\n%s", out)
	}
	_, out, errs := runArgs(t, "", "orders", orders, "-report", own, "-known", ally)
	want := fmt.Sprintf("planet %d, last seen on turn 1 on player 2's sheet", home)
	if !strings.Contains(out, "remembered warning: "+want) {
		t.Errorf("with -known: want %q in\n%s%s", want, out, errs)
	}

	other := filepath.Join(t.TempDir(), "other")
	if status, _, errs := runArgs(t, "", "demo", "--seed", "8", "--players", "2", "--name", "Other", "--out", other); status != 0 {
		t.Fatalf("demo: %d %s", status, errs)
	}
	foreign := filepath.Join(other, "player-02.txt")
	status, _, errs := runArgs(t, "", "orders", orders, "-report", own, "-known", foreign)
	if status == 0 || !strings.Contains(errs, foreign+": turn 1: the sheet is of game \"Other\"") {
		t.Errorf("a sheet of another game: status %d, stderr %q", status, errs)
	}
}
