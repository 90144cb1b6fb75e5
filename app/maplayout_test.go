package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"silverfall/engine/notes"
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

// paneSizes is the size of the leading pane of each divider, laid out
// again as the window does when what a pane holds asks for another size.
func paneSizes(x *App) [3]fyne.Size {
	var out [3]fyne.Size
	for i, sp := range x.panes.splits {
		sp.Refresh()
		out[i] = sp.Leading.Size()
	}
	return out
}

// dragDivider drags the divider of split i by (dx, dy), as the player's
// mouse does.
func dragDivider(t *testing.T, x *App, i int, dx, dy float32) {
	t.Helper()
	sp := x.panes.splits[i]
	d, ok := test.WidgetRenderer(sp).Objects()[1].(fyne.Draggable)
	if !ok {
		t.Fatal("the split has no divider to drag")
	}
	d.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(2, 2)}, Dragged: fyne.NewDelta(dx, dy)})
	d.DragEnd()
}

// TestDividersStay: a divider the player moved stays where it was left
// whichever tabs show and whatever they hold: after every tab of both
// columns, a search with many results, one with none and one that does
// not read, each pane has the size it had. Before, with the divider
// dragged 90 down, This turn pushed it 74 back up, Find 94, and the
// results of a search left it 74 up.
func TestDividersStay(t *testing.T) {
	for _, dy := range []float32{-150, 90} {
		x := newApp(t)
		x.Window().Resize(fyne.NewSize(1280, 800-menuBarHeight))
		x.Window().Canvas().Capture()
		before := paneSizes(x)
		dragDivider(t, x, 2, 0, dy)
		moved := paneSizes(x)
		if moved[2].Height != before[2].Height+dy {
			t.Fatalf("dragged by %.0f, the object's panels went from %.0f to %.0f high", dy, before[2].Height, moved[2].Height)
		}
		offset := x.panes.splits[2].Offset
		for _, tabs := range []*container.AppTabs{x.rightTabs, x.bottomTabs} {
			for i, tab := range tabs.Items {
				tabs.SelectIndex(i)
				if got := paneSizes(x); got != moved {
					t.Errorf("divider dragged by %.0f, with %s shown the panes are %v, were %v", dy, tab.Text, got, moved)
				}
			}
		}
		for _, q := range []string{"planets", "ships within 1 of planet 999", "planets with", "my ships"} {
			searchFor(t, x, q)
			if got := paneSizes(x); got != moved {
				t.Errorf("divider dragged by %.0f, after the search %q the panes are %v, were %v", dy, q, got, moved)
			}
		}
		if x.panes.splits[2].Offset != offset {
			t.Errorf("the divider's place to keep moved from %.3f to %.3f", offset, x.panes.splits[2].Offset)
		}
	}
}

// TestMapKeepsItsWidth: what the turn's tabs hold does not take width from
// the map: with many reminders due, a long name in This turn and a wide
// search result, the right-hand column keeps its width. Two reminders due
// made This turn's title wider than the column, which pushed the map's
// divider 8 pixels left (seen at turn 2 of a practice game).
func TestMapKeepsItsWidth(t *testing.T) {
	x := newApp(t)
	x.Window().Resize(fyne.NewSize(1280, 800-menuBarHeight))
	x.Window().Canvas().Capture()
	before := paneSizes(x)
	turn := x.st.Game().K.Turn
	for i := 0; i < 12; i++ {
		if _, err := x.notes.Add(notes.Entry{Kind: notes.Reminder, Turn: turn, Text: "Refuel the probe " + strings.Repeat("x", 3*i)}); err != nil {
			t.Fatal(err)
		}
	}
	for i, tab := range x.bottomTabs.Items {
		x.bottomTabs.SelectIndex(i)
		if got := paneSizes(x); got != before {
			t.Errorf("with 12 reminders due and %s shown, the panes are %v, were %v (the map %.0f wide, was %.0f)", tab.Text, got, before, got[1].Width, before[1].Width)
		}
	}
	if n := len(x.thisTurn.reminders.Lines()); n != 12 {
		t.Errorf("This turn shows %d reminders due, want 12", n)
	}
	// The title wraps in the column, and is not to be scrolled to.
	x.bottomTabs.SelectIndex(2)
	paneSizes(x)
	if title, tab := x.thisTurn.reminders.title.label, x.bottomTabs.Size(); title.Size().Width > tab.Width {
		t.Errorf("This turn's title %q is %.0f wide in a tab %.0f wide", title.Text, title.Size().Width, tab.Width)
	}
}
