package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// keyGate holds the window's keys back while a dialog or a menu is shown:
// a key pressed then is meant for the dialog or the menu, and one that
// fits the map, steps to another turn or opens a file behind it would
// change what the dialog speaks of. Quit is never held.
type keyGate struct{ c fyne.Canvas }

// shut reports whether a dialog, a pop-up or a menu of the menu bar is
// shown.
func (g keyGate) shut() bool {
	if g.c.Overlays().Top() != nil {
		return true // dialogs, pop-up menus and drop-downs are overlays
	}
	// The menu bar drawn in the window (not an overlay) has the keyboard
	// while one of its menus is open.
	m, ok := g.c.Focused().(interface{ Child() *widget.Menu })
	return ok && m.Child() != nil && m.Child().Visible()
}

// hold is f, doing nothing while the gate is shut.
func (g keyGate) hold(f func()) func() {
	return func() {
		if !g.shut() {
			f()
		}
	}
}

// mapKeys is the map's keys k, taken and dropped while the gate is shut
// (so that a list behind a dialog does not move either).
func (g keyGate) mapKeys(k mapKeys) mapKeys {
	return func(e *fyne.KeyEvent, from fyne.Focusable) bool {
		return g.shut() || k(e, from)
	}
}

// menu holds back the actions of m's items that have a key, but Quit: the
// toolkit runs such an action when its key is pressed, a dialog shown or
// not. A click on the item is not held: the menu is gone by then.
func (g keyGate) menu(m *fyne.MainMenu) *fyne.MainMenu {
	var walk func(items []*fyne.MenuItem)
	walk = func(items []*fyne.MenuItem) {
		for _, it := range items {
			if it.Shortcut != nil && !it.IsQuit && it.Action != nil {
				it.Action = g.hold(it.Action)
			}
			if it.ChildMenu != nil {
				walk(it.ChildMenu.Items)
			}
		}
	}
	for _, menu := range m.Items {
		walk(menu.Items)
	}
	return m
}
