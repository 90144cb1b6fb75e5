package main

import (
	"bytes"
	"image"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"silverfall/engine/ai"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// practiceButton is the status line's practice button (beside the demo
// "Practice game…", in a practice game "End turn").
const practiceX, practiceY = 240, 785

// The Plots tab of the right-hand column, and where its plot is drawn (window
// coordinates, at 1280x800).
const plotsTabX, plotsTabY = 1196, 487

var plotArea = image.Rect(985, 560, 1270, 745)

// coloured counts the pixels of img in strong colours: a plot's lines
// (the sheet's text and an empty view are greys).
func coloured(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if max(r, g, bl)-min(r, g, bl) > 0x5000 {
				n++
			}
		}
	}
	return n
}

// TestPracticeGame plays a practice game in the real window: started from
// the button the first start shows beside the demo, an order typed, three
// turns ended with Ctrl+T; then the game's folder is continued by sfhost:
// its turns are what sfhost makes of the same order files, byte for byte,
// its replay matches, and sfhost carries out the next turn.
func TestPracticeGame(t *testing.T) {
	began := time.Now()
	bin := binary(t)
	t.Logf("built in %.1f s", time.Since(began).Seconds())
	sfhost := filepath.Join(t.TempDir(), "sfhost")
	build := exec.Command("go", "build", "-o", sfhost, "../sfhost")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building sfhost: %v\n%s", err, b)
	}
	t.Logf("sfhost built at %.1f s", time.Since(began).Seconds())
	x := startX(t)
	p := x.startPlayer(bin)
	time.Sleep(time.Second)
	x.shot("first-start")

	t.Log("a practice game from the first start's offer")
	p.click(practiceX, practiceY)
	time.Sleep(500 * time.Millisecond)
	x.shot("new-practice-dialog")
	// The seed has the keyboard: a known galaxy, the other defaults.
	p.key("ctrl+a")
	p.typeText("42")
	x.shot("new-practice-dialog-seed")
	p.key("Return")
	x.window("Practice", 20*time.Second)
	games, _ := filepath.Glob(filepath.Join(p.home, ".local", "share", "silverfall", "games", "practice", "*"))
	if len(games) != 1 {
		t.Fatalf("%d practice game folders: %v", len(games), games)
	}
	dir := games[0]
	r := rules.Default()
	rep, _, err := reportparse.ReadFileData(r, filepath.Join(dir, "turn-001", "sheets", "player-01.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Knowledge.Game != "Practice 42" {
		t.Fatalf("the game is %q, not of the seed typed", rep.Knowledge.Game)
	}
	// A move a computer level would give, to a place or a planet (each
	// level may open with planets looked for out of sight, FP, instead).
	var order string
	for _, lv := range []*ai.Level{ai.Easy(), ai.Normal(), ai.Hard()} {
		for _, o := range ai.Play(r, rep.Knowledge, 1, lv) {
			if c := o.Code.String(); (c == "MO" || c == "MP") && order == "" {
				order = o.String()
			}
		}
	}
	if order == "" {
		t.Fatal("no move to give")
	}
	time.Sleep(500 * time.Millisecond)
	x.shot("practice-turn-1")

	t.Log("an order typed: " + order)
	p.click(orderTextTabX, tabsY) // the Order text tab
	p.click(1080, 200)
	p.typeText(order)
	p.key("Return")
	p.click(emptyX, emptyY)
	time.Sleep(500 * time.Millisecond)
	x.shot("order-given")

	sent := filepath.Join(dir, "turn-001", "orders", "player-01-orders.txt")
	for turn := 2; turn <= 4; turn++ {
		// The first row under its title selected in the Orders tab (on
		// turn 1 the order typed; later turns may have no row): a game
		// change with a row selected (bug: End turn panicked in the
		// orders list).
		p.click(ordersTabX, tabsY)
		p.click(firstRowX, firstRowY)
		time.Sleep(300 * time.Millisecond)
		if turn == 2 && highlightedRow(x.shot("order-selected"), p.at).Empty() {
			t.Error("turn 1: the order is not selected in the Orders tab before End turn")
		}
		start := time.Now()
		p.key("ctrl+t")
		x.window("turn "+string(rune('0'+turn)), 20*time.Second)
		t.Logf("turn %d shown %.1f s after Ctrl+T", turn, time.Since(start).Seconds())
		time.Sleep(300 * time.Millisecond)
		x.shot("practice-turn-" + string(rune('0'+turn)))
	}
	turn4 := p.mapPixels("practice-turn-4")
	if b, err := os.ReadFile(sent); err != nil || !strings.Contains(string(b), order+"\n") {
		t.Errorf("the order file of turn 1 lacks %q: %v\n%s", order, err, b)
	}

	t.Log("back to turn 1, and the plots")
	title := func() string { return x.xdo("getwindowname", p.win) }
	p.click(firstRowX, firstRowY)
	for i := 0; i < 3; i++ {
		p.key("alt+Left")
	}
	waitTitle(t, title, "turn 1")
	if n := differing(p.mapPixels("stepped-back-to-turn-1"), turn4); n < 100 {
		t.Errorf("turn 1's map is turn 4's: %d pixels differ", n)
	}
	p.key("alt+End")
	waitTitle(t, title, "turn 4")
	sheet := crop(x.shot("before-plots"), plotArea.Add(p.at))
	p.click(plotsTabX, plotsTabY)
	time.Sleep(time.Second) // the sheets are read off the window's thread
	plot := crop(x.shot("plots"), plotArea.Add(p.at))
	if n := coloured(plot); n < 200 || coloured(sheet) > 20 {
		t.Errorf("the Plots tab shows %d coloured pixels where a plot's lines should be (the sheet before it: %d)", n, coloured(sheet))
	}
	p.quit()

	t.Logf("sfhost continues the folder (%.1f s)", time.Since(began).Seconds())
	// The same game made again from game.toml and turn 1, turned by sfhost
	// with the player's order files: the window's folder, byte for byte.
	again := t.TempDir()
	copyFile(t, filepath.Join(dir, "game.toml"), filepath.Join(again, "game.toml"))
	copyFile(t, filepath.Join(dir, "turn-001", "state.txt"), filepath.Join(again, "turn-001", "state.txt"))
	sheets, _ := filepath.Glob(filepath.Join(dir, "turn-001", "sheets", "*"))
	for _, s := range sheets {
		copyFile(t, s, filepath.Join(again, "turn-001", "sheets", filepath.Base(s)))
	}
	for turn := 1; turn <= 3; turn++ {
		td := "turn-00" + string(rune('0'+turn))
		copyFile(t, filepath.Join(dir, td, "orders", "player-01-orders.txt"), filepath.Join(again, td, "orders", "player-01-orders.txt"))
		runHost(t, sfhost, "turn", again)
	}
	a, b := files(t, dir), files(t, again)
	if len(a) < 30 || len(a) != len(b) {
		t.Errorf("%d files in the window's folder, %d in sfhost's", len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between the window's folder and sfhost's", name)
		}
	}
	runHost(t, sfhost, "replay", dir)
	if out := runHost(t, sfhost, "turn", dir); !strings.Contains(out, "turn 5 carried out") {
		t.Errorf("sfhost turn: %s", out)
	}

	t.Log("a start after sfhost turn opens turn 5")
	p = x.startPlayerAt(p.home, bin)
	if name := x.xdo("getwindowname", p.win); !strings.Contains(name, "turn 5") {
		t.Errorf("the window opens %q, not the newest turn 5", name)
	}
	x.shot("restart-after-sfhost")
	p.quit()
}

// The first row under the Orders tab's first title, in window coordinates
// at 1280x800.
const firstRowX, firstRowY = 1100, 245

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func runHost(t *testing.T, sfhost string, args ...string) string {
	t.Helper()
	out, err := exec.Command(sfhost, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("sfhost %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// files are a game folder's files but its lock, by name.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == ".sfhost.lock" {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = data
		return err
	})
	return out
}
