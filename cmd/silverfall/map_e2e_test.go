package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"silverfall/app/workspace"
)

// savedCamera is the camera the program last saved in the demo game's
// workspace (it saves the view whenever the player moves the camera), and
// whether one is saved.
func (p *player) savedCamera() ([5]float64, bool) {
	files, _ := filepath.Glob(filepath.Join(p.home, ".local", "share", "silverfall", "games", "*", "turn-002-view.toml"))
	if len(files) != 1 {
		return [5]float64{}, false
	}
	var s workspace.State
	data, err := os.ReadFile(files[0])
	if err != nil {
		return [5]float64{}, false
	}
	if _, err := toml.Decode(string(data), &s); err != nil || !s.HasCamera {
		return [5]float64{}, false
	}
	return s.Camera, true
}

// waitCamera waits until the saved camera is not old, and returns it.
func (p *player) waitCamera(what string, old [5]float64) [5]float64 {
	p.x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, ok := p.savedCamera(); ok && c != old {
			return c
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.x.shot(what)
	p.x.t.Fatalf("%s: the camera did not move (still %v)", what, old)
	return old
}

// TestFitFromTree: with the tree holding the keyboard (an object chosen
// in it with the mouse), F fits the map, as the help promises for
// wherever the keyboard is but in text. It did nothing until the empty map
// was clicked.
func TestFitFromTree(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	p := x.startPlayer(bin)
	p.mapPixels("demo")
	p.click(130, 425) // the tree: 8 BATTLE CRUISER; the map centres on it
	centred := p.waitCamera("centred-on-ship-8", [5]float64{})
	before := p.mapPixels("centred")
	p.key("f")
	fitted := p.waitCamera("after-f", centred)
	if [3]float64(fitted[:3]) == [3]float64(centred[:3]) {
		t.Errorf("F moved the camera from %v to %v: its aim stayed on ship 8", centred, fitted)
	}
	if n := differing(before, p.mapPixels("fitted")); n < mapArea.Dx()*mapArea.Dy()/100 {
		t.Errorf("F with the tree focused changed only %d pixels of the map", n)
	}
	// The tree still has the keyboard: a second F after a move of the
	// camera by the keyboard fits again.
	p.key("Next") // Page Down: zoom out, from the tree too
	zoomed := p.waitCamera("after-page-down", fitted)
	if zoomed[3] <= fitted[3] {
		t.Errorf("Page Down with the tree focused did not zoom out: distance %v, was %v", zoomed[3], fitted[3])
	}
	p.quit()
}
