package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// menuBarHeight is the height of the menu bar the desktop driver draws
// inside the window (measured under Xvfb), which the test driver does not.
const menuBarHeight = 30

// The window works down to 1,000 pixels wide: nothing in it asks for more.
func TestWindowNarrow(t *testing.T) {
	x := newApp(t)
	x.status.say("A status message of ordinary length, as the line shows one")
	if w := x.Window().Content().MinSize().Width; w > 1000-16 {
		t.Errorf("the window's content needs %.0f pixels of width; it must fit 1,000", w)
	}
	x.Window().Resize(fyne.NewSize(1000, 700))
	x.Window().Canvas().Capture()
	if s := x.mapView.Size(); s.Width < x.mapView.MinSize().Width || s.Height < x.mapView.MinSize().Height {
		t.Errorf("at 1000x700 the map is %v", s)
	}
}

// At 1280x800 the map has at least half the window by default, and
// Ctrl+M gives it the whole window and back.
func TestMapShare(t *testing.T) {
	x := newApp(t)
	x.Window().Resize(fyne.NewSize(1280, 800-menuBarHeight))
	x.Window().Canvas().Capture()
	s := x.mapView.Size()
	if share := s.Width * s.Height / (1280 * 800); share < 0.5 {
		t.Errorf("the map is %v: %.0f%% of a 1280x800 window, want half at least", s, 100*share)
	}
	x.panes.ToggleMap()
	x.Window().Canvas().Capture()
	whole := x.mapView.Size()
	if !x.panes.Whole() || whole.Width < 1280-16 || whole.Height < s.Height {
		t.Errorf("Map only: the map is %v", whole)
	}
	x.panes.ToggleMap()
	x.Window().Canvas().Capture()
	if back := x.mapView.Size(); x.panes.Whole() || back != s || !x.tree.box.Visible() {
		t.Errorf("after Map only again the map is %v, was %v", back, s)
	}
}

// Map only is in the View menu with its key, and in the help's list of
// shortcuts.
func TestMapOnlyListed(t *testing.T) {
	x := newApp(t)
	found := false
	for _, m := range x.Window().MainMenu().Items {
		for _, it := range m.Items {
			if s, ok := it.Shortcut.(*desktop.CustomShortcut); ok && m.Label == "View" && strings.HasPrefix(it.Label, "Map only") && s.KeyName == fyne.KeyM {
				found = true
				it.Action()
			}
		}
	}
	if !found || !x.panes.Whole() {
		t.Errorf("View > Map only (Ctrl+M): listed %v, gives the map the window %v", found, x.panes.Whole())
	}
	listed := false
	for _, l := range shortcutLines {
		listed = listed || (l[0] == "Ctrl+M" && strings.Contains(l[1], "Map only"))
	}
	if !listed {
		t.Error("the help's shortcuts do not list Ctrl+M")
	}
}
