package app

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/assets"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// TestBrokenGameDrawsInBoundedTime: a game with figures no reader lets
// through (a negative industry, coordinates near the int limits) still
// shows, describes and draws at once: nothing loops or overflows.
func TestBrokenGameDrawsInBoundedTime(t *testing.T) {
	x := newApp(t)
	rep, err := reportparse.Parse(rules.Default(), "demo", []byte(demoSheet(t)))
	if err != nil {
		t.Fatal(err)
	}
	k := rep.Knowledge
	k.Planets[0].Industry = -5
	k.Planets[0].Population = -1
	far := geom.Point{X: math.MaxInt / 2, Y: -math.MaxInt / 2, Z: 999_999_999_999}
	k.Ships[1].Loc = far
	k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 9999, Loc: geom.Point{X: math.MinInt, Y: math.MaxInt}})
	done := make(chan struct{})
	go func() {
		defer close(done)
		g := NewGame(rules.Default(), rep, "broken")
		x.Show(g)
		x.Window().Canvas().Capture()
		for _, key := range []string{"ship:2", "planet:9999", "fleet:1", "planet:6"} {
			x.st.Select(model.ParseKey(key), FromTree)
			x.Window().Canvas().Capture()
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("a broken game hangs the window")
	}
	for _, b := range x.st.Game().Map.Bodies {
		if math.IsNaN(b.Radius) || math.IsNaN(b.Pos[0]) {
			t.Errorf("%s has a NaN size or place", b.Key)
		}
	}
}

func demoSheet(t *testing.T) string {
	t.Helper()
	data, err := readDemo()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func readDemo() (string, error) {
	data, err := assets.DemoSheet(1)
	return string(data), err
}

// TestHugeFileRefusedBeforeReading: a file far larger than a sheet is
// refused by its size, at once.
func TestHugeFileRefusedBeforeReading(t *testing.T) {
	x := newApp(t)
	path := filepath.Join(t.TempDir(), "huge.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(3 << 30) // sparse: no disk is used
	f.Close()
	start := time.Now()
	x.Import(path)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refusing took %v: the file was read", d)
	}
	msg := collectText(x.Window().Canvas().Overlays().Top())
	if !strings.Contains(msg, "more than a turn sheet can be") || !strings.Contains(msg, "still loaded") {
		t.Errorf("message %q", msg)
	}
}

// TestFailedSaveStaysInSight: a draft that cannot be saved says so until
// a save succeeds; other messages do not hide it.
func TestFailedSaveStaysInSight(t *testing.T) {
	x := newApp(t)
	x.text.SetText("PI 5\n")
	path := x.keep.ws.DraftPath(2)
	saved, _ := os.ReadFile(path)
	// A folder where the draft goes: the save's rename fails.
	os.Remove(path)
	os.Mkdir(path, 0o755)
	x.text.SetText("PI 6\n")
	if !strings.Contains(x.status.Problems(), "could not be saved") {
		t.Fatalf("problems shown: %q", x.status.Problems())
	}
	x.status.say("Orders written to somewhere")
	x.st.Select(model.PlanetKey(3), FromTree)
	if !strings.Contains(x.status.Problems(), "could not be saved") {
		t.Error("the next message hid the failed save")
	}
	os.Remove(path)
	os.WriteFile(path, saved, 0o644)
	x.text.SetText("PI 7\n")
	if x.status.Problems() != "" {
		t.Errorf("a good save leaves %q", x.status.Problems())
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "PI 7") {
		t.Error("the draft was not saved once it could be")
	}
}

// TestCorruptSettingsKeptAside: settings that cannot be read are said so,
// kept under a new name, and never overwritten.
func TestCorruptSettingsKeptAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.toml")
	bad := "theme = \"light\"\nworkspaces = \"/home/me/games\n[colors\n"
	os.WriteFile(path, []byte(bad), 0o644)
	x := New(test.NewTempApp(t), Options{SettingsPath: path, Frames: software, Workspaces: t.TempDir()})
	if !strings.Contains(x.status.Problems(), "settings could not be read") || !strings.Contains(x.status.Problems(), "kept as settings.toml.damaged-") {
		t.Errorf("problems %q", x.status.Problems())
	}
	if x.Settings().Theme != "dark" {
		t.Errorf("not the defaults: %+v", x.Settings())
	}
	x.Window().Resize(fyne.NewSize(900, 700))
	x.saveSettings()
	aside, _ := filepath.Glob(path + ".damaged-*")
	if len(aside) != 1 {
		t.Fatalf("kept aside: %v", aside)
	}
	if data, _ := os.ReadFile(aside[0]); string(data) != bad {
		t.Errorf("the damaged settings were changed: %q", data)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "theme = \"dark\"") {
		t.Errorf("new settings %q", data)
	}
}
