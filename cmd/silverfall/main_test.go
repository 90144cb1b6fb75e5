package main

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"silverfall/render3d"
)

// binary builds silverfall once for the tests and benchmarks here.
func binary(tb testing.TB) string {
	tb.Helper()
	if !render3d.HasDisplay() {
		tb.Skip("no display: run under xvfb-run (make test does)")
	}
	if bin := os.Getenv("SILVERFALL_TEST_BIN"); bin != "" {
		return bin // another build to try, such as an older one
	}
	bin := filepath.Join(tb.TempDir(), "silverfall")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		tb.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// ownHome is env with a home of the test's own: the program's settings and
// Fyne's preferences are files there, and another program started at the
// same time with the same home can be caught writing them.
func ownHome(tb testing.TB, env []string) []string {
	home := tb.TempDir()
	var out []string
	for _, kv := range env {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME":
		default:
			out = append(out, kv)
		}
	}
	return append(out, "HOME="+home)
}

func runBin(tb testing.TB, bin string, args ...string) string {
	tb.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(ownHome(tb, os.Environ()), "LANG=C.UTF-8")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		tb.Fatalf("silverfall %v: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

func TestScreenshot(t *testing.T) {
	bin := binary(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	out := runBin(t, bin, "-screenshot", shot)
	if !regexp.MustCompile(`first frame after \d+ ms`).MatchString(out) {
		t.Errorf("output %q", out)
	}
	checkScreenshot(t, shot)
}

// checkScreenshot checks a picture of the window: 1280x800, not blank,
// and the gold of the trading planets drawn in the map.
func checkScreenshot(t *testing.T, shot string) {
	t.Helper()
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 800 {
		t.Errorf("screenshot is %v, want 1280x800", b)
	}
	// Not blank: many colours, and the gold of the trading planets in the map.
	colours := map[color.RGBA]bool{}
	gold := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}
			colours[c] = true
			if c.R > 180 && c.G > 120 && c.G < 220 && c.B < 90 {
				gold++
			}
		}
	}
	if len(colours) < 200 {
		t.Errorf("the screenshot has %d colours: blank or nearly", len(colours))
	}
	if gold < 20 {
		t.Errorf("%d gold pixels: the trading planets do not show", gold)
	}
}

func TestBadFileInScreenshotMode(t *testing.T) {
	bin := binary(t)
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("nothing here\n"), 0o644)
	cmd := exec.Command(bin, "-screenshot", filepath.Join(t.TempDir(), "x.png"), bad)
	cmd.Env = ownHome(t, os.Environ())
	out, err := cmd.CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("no Darkness of Silverfall turn sheet found")) {
		t.Errorf("err %v, output %s", err, out)
	}
}

var number = regexp.MustCompile(`([a-z ]+) ([\d.]+) ms`)

// BenchmarkStartup starts the program on the demo game and reports the
// time to the first drawn frame of the map.
func BenchmarkStartup(b *testing.B) {
	bin := binary(b)
	dir := b.TempDir()
	total := 0.0
	for i := 0; i < b.N; i++ {
		out := runBin(b, bin, "-screenshot", filepath.Join(dir, "s.png"))
		m := regexp.MustCompile(`first frame after (\d+) ms`).FindStringSubmatch(out)
		if m == nil {
			b.Fatalf("output %q", out)
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		total += v
	}
	b.ReportMetric(total/float64(b.N), "ms-to-first-frame")
}

// BenchmarkStartup40 starts the program on player 1's sheet of turn 10 of
// a 40-player game (made by sfhost, the computer playing every empire)
// and reports the time to the first drawn frame of the map.
func BenchmarkStartup40(b *testing.B) {
	bin := binary(b)
	dir := b.TempDir()
	sfhost := filepath.Join(dir, "sfhost")
	if out, err := exec.Command("go", "build", "-o", sfhost, "../sfhost").CombinedOutput(); err != nil {
		b.Fatalf("building sfhost: %v\n%s", err, out)
	}
	game := filepath.Join(dir, "game")
	steps := [][]string{{"new", game, "-seed", "7", "-players", "40"}}
	for i := 0; i < 9; i++ {
		steps = append(steps, []string{"turn", game, "-auto-missing"})
	}
	for _, args := range steps {
		if out, err := exec.Command(sfhost, args...).CombinedOutput(); err != nil {
			b.Fatalf("sfhost %v: %v\n%s", args, err, out)
		}
	}
	sheet := filepath.Join(game, "turn-010", "sheets", "player-01.txt")
	total := 0.0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := runBin(b, bin, "-screenshot", filepath.Join(dir, "s.png"), sheet)
		m := regexp.MustCompile(`first frame after (\d+) ms`).FindStringSubmatch(out)
		if m == nil {
			b.Fatalf("output %q", out)
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		total += v
	}
	b.ReportMetric(total/float64(b.N), "ms-to-first-frame")
}

// BenchmarkWindowFrame measures map frames of 5,000 objects at 1280x800
// through the real window: the whole frame, the render alone, and Fyne
// showing a ready image of the same size (the floor of this design).
func BenchmarkWindowFrame(b *testing.B) {
	bin := binary(b)
	for i := 0; i < b.N; i++ {
		out := runBin(b, bin, "-synthetic", "5000", "-measure-frames", "3s")
		if m := regexp.MustCompile(`ratio ([\d.]+)`).FindStringSubmatch(out); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			b.ReportMetric(v, "frame/plain")
		}
		for _, m := range number.FindAllStringSubmatch(out, -1) {
			v, _ := strconv.ParseFloat(m[2], 64)
			switch m[1] {
			case " frame", "frame":
				b.ReportMetric(v, "frame-ms")
			case " render", "render":
				b.ReportMetric(v, "render-ms")
			case " plain image", "plain image":
				b.ReportMetric(v, "plain-image-ms")
			}
		}
		b.Log(out)
	}
}
