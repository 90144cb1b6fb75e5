package app

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
)

// menuItem is the main menu's item labelled label.
func menuItem(t *testing.T, x *App, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range x.Window().MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no menu item %q", label)
	return nil
}

// TestKeysHeldUnderDialog: while a dialog is shown, F, the arrows, Ctrl+M
// and the menus' keys do nothing behind it (wherever the keyboard is);
// once it is closed they work again; Ctrl+Q quits either way.
func TestKeysHeldUnderDialog(t *testing.T) {
	ctrl := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
	}
	for _, tc := range []struct {
		name string
		show func(w fyne.Window) dialog.Dialog
	}{
		{"an error", func(w fyne.Window) dialog.Dialog { d := dialog.NewError(errors.New("bad"), w); d.Show(); return d }},
		{"a message", func(w fyne.Window) dialog.Dialog { d := dialog.NewInformation("Note", "text", w); d.Show(); return d }},
		{"a question", func(w fyne.Window) dialog.Dialog { return confirm(w, "Sure?", "text", func(bool) {}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newApp(t)
			c := x.Window().Canvas()
			far := x.st.Camera()
			far.Distance = 20
			x.st.SetCamera(far, true)
			d := tc.show(x.Window())
			// F with the tree, the map or nothing having the keyboard.
			c.Focus(x.tree.tree)
			x.tree.tree.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
			x.mapView.TypedRune('f')
			x.mapView.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
			x.st.MapKey(&fyne.KeyEvent{Name: fyne.KeyF}, nil)
			if x.st.Camera() != far {
				t.Errorf("a key moved the map behind %s", tc.name)
			}
			c.(fyne.Shortcutable).TypedShortcut(ctrl(fyne.KeyM))
			menuItem(t, x, "Ruler (click two places; again to take it away)").Action() // as Ctrl+R from the menu bar
			if k, _ := x.st.Picking(); x.panes.Whole() || k != PickNothing {
				t.Errorf("Ctrl+M or Ctrl+R acted behind %s", tc.name)
			}
			d.Hide()
			x.tree.tree.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
			if x.st.Camera() == far {
				t.Errorf("F does not fit the map once %s is closed", tc.name)
			}
			c.(fyne.Shortcutable).TypedShortcut(ctrl(fyne.KeyM))
			menuItem(t, x, "Ruler (click two places; again to take it away)").Action()
			if k, _ := x.st.Picking(); !x.panes.Whole() || k == PickNothing {
				t.Errorf("Ctrl+M or Ctrl+R does not act once %s is closed", tc.name)
			}
			tc.show(x.Window())
			closed := false
			x.Window().SetOnClosed(func() { closed = true })
			c.(fyne.Shortcutable).TypedShortcut(ctrl(fyne.KeyQ))
			if !closed {
				t.Errorf("Ctrl+Q does not quit while %s is shown", tc.name)
			}
		})
	}
}
