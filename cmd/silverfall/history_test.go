package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"silverfall/app/workspace"
	"silverfall/engine/turnsheet"
	"silverfall/host"
)

// keptGame plays a game (the computer playing every empire) and keeps
// player 1's sheets of every turn but the last in a workspace under root,
// as the window would have kept them; it returns the last sheet.
func keptGame(tb testing.TB, root string, players, turns int) string {
	tb.Helper()
	g, err := host.New(filepath.Join(tb.TempDir(), "game"), host.Config{Seed: 7, Players: players, Name: "Kept " + strconv.Itoa(players)})
	if err != nil {
		tb.Fatal(err)
	}
	defer g.Close()
	for i := 1; i < turns; i++ {
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			tb.Fatal(err)
		}
	}
	ws, err := workspace.Open(root, g.Config.Name, 1)
	if err != nil {
		tb.Fatal(err)
	}
	sheet := func(n int) string {
		return filepath.Join(host.TurnDir(g.Dir, n), host.SheetsDir, turnsheet.FileName(1))
	}
	for n := 1; n < turns; n++ {
		data, err := os.ReadFile(sheet(n))
		if err != nil {
			tb.Fatal(err)
		}
		if _, _, err := ws.AddReport(n, data); err != nil {
			tb.Fatal(err)
		}
	}
	return sheet(turns)
}

// The real window steps back through the kept turns with Alt+Left to turn
// 1 (read-only, its map another), and Alt+End brings the current turn back.
func TestStepBackToTurnOne(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	home := t.TempDir()
	last := keptGame(t, filepath.Join(home, ".local", "share", "silverfall", "games"), 6, 4)
	p := x.startPlayerAt(home, bin, last)
	title := func() string { return x.xdo("getwindowname", p.win) }
	if !strings.HasSuffix(title(), "turn 4") {
		t.Fatalf("the window opens on %q", title())
	}
	p.click(emptyX, emptyY)
	now := p.mapPixels("turn-4")
	for i := 0; i < 3; i++ {
		p.key("alt+Left")
	}
	waitTitle(t, title, "turn 1")
	back := p.mapPixels("turn-1")
	total := mapArea.Dx() * mapArea.Dy()
	if n := differing(now, back); n < total/100 {
		t.Errorf("turn 1's map is turn 4's: %d pixels differ", n)
	}
	p.key("alt+Right")
	waitTitle(t, title, "turn 2")
	p.key("alt+End")
	waitTitle(t, title, "turn 4")
	if n := differing(p.mapPixels("turn-4-again"), now); n > total/200 {
		t.Errorf("back on turn 4, the map differs from before in %d pixels", n)
	}
	p.quit()
}

func waitTitle(t *testing.T, title func() string, suffix string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.HasSuffix(title(), suffix) {
		if time.Now().After(deadline) {
			t.Fatalf("the window is %q, not on %s", title(), suffix)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// BenchmarkStartup40History starts the program on player 1's sheet of turn
// 25 of a 40-player game whose workspace keeps the 24 sheets before it
// (the history is read beside the first frame) and reports the time to
// the first drawn frame of the map; then the same start with no workspace
// (nothing to read beside it), on the same busy machine, for comparison.
func BenchmarkStartup40History(b *testing.B) {
	bin := binary(b)
	root := filepath.Join(b.TempDir(), "games")
	last := keptGame(b, root, 40, 25)
	dir := b.TempDir()
	var with, without float64
	first := func(args ...string) float64 {
		out := runBin(b, bin, append(args, "-screenshot", filepath.Join(dir, "s.png"), last)...)
		m := regexp.MustCompile(`first frame after (\d+) ms`).FindStringSubmatch(out)
		if m == nil {
			b.Fatalf("output %q", out)
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return v
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		with += first("-workspaces", root)
		without += first()
	}
	b.ReportMetric(with/float64(b.N), "ms-to-first-frame")
	b.ReportMetric(without/float64(b.N), "ms-without-history")
}

// BenchmarkSwitchWindow40 steps through the earlier turns of player 1's
// 25 sheets of a 40-player game in the real window (-measure-switches)
// and reports the time from a step to the new turn's first map frame
// painted: each turn read afresh, read before, and back to the current
// turn (Alt+End); "settled" is to the last frame the step brought (the
// orders' courses drawn).
func BenchmarkSwitchWindow40(b *testing.B) {
	bin := binary(b)
	root := filepath.Join(b.TempDir(), "games")
	last := keptGame(b, root, 40, 25)
	metrics := regexp.MustCompile(`(fresh|cached|current) ([\d.]+) ms \(settled ([\d.]+) ms\)`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := runBin(b, bin, "-workspaces", root, "-measure-switches", "12", last)
		ms := metrics.FindAllStringSubmatch(out, -1)
		if len(ms) != 3 {
			b.Fatalf("output %q", out)
		}
		for _, m := range ms {
			first, _ := strconv.ParseFloat(m[2], 64)
			settled, _ := strconv.ParseFloat(m[3], 64)
			b.ReportMetric(first, m[1]+"-ms")
			b.ReportMetric(settled, m[1]+"-settled-ms")
		}
		b.Log(out)
	}
}
