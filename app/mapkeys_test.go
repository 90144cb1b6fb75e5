package app

import (
	"testing"

	"fyne.io/fyne/v2"

	"silverfall/engine/model"
)

// F fits the map when the tree, the sheet text, the ships table, the
// orders list, a drop-down or a check box has the keyboard: the key reaches the widget with the
// keyboard, as the desktop driver hands it over, and the widget passes it
// on; the widget keeps its arrows.
func TestMapKeysFromFocusedWidgets(t *testing.T) {
	x := newApp(t)
	c := x.Window().Canvas()
	for _, tc := range []struct {
		name string
		w    fyne.Focusable
		tab  func()
	}{
		{"tree", x.tree.tree, nil}, {"sheet", x.sheet.list, nil},
		{"ships table", x.ships.table, func() { x.bottomTabs.SelectIndex(1) }},
		{"orders list", x.orders.list, func() { x.st.ShowTab(TabOrders) }},
		{"tree's filter", x.tree.filter, nil}, {"turn chooser", x.turns.pick, nil},
		{"only this turn's sheet", x.turns.only, nil},
		{"ships' filter", x.ships.filter, func() { x.bottomTabs.SelectIndex(1) }},
		{"on station", x.details.station, func() { x.st.Select(model.ShipKey(2), FromTree); x.st.ShowTab(TabDetails) }},
	} {
		if tc.tab != nil {
			tc.tab()
		}
		far := x.st.Camera()
		far.Distance = 20
		x.st.SetCamera(far, true)
		c.Focus(tc.w)
		if c.Focused() != tc.w {
			t.Fatalf("%s: the test cannot give it the keyboard", tc.name)
		}
		// What the desktop driver does with a key: the widget that has
		// the keyboard gets it, the window's own handler does not.
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
		if x.st.Camera().Distance == 20 {
			t.Errorf("F with the %s focused did not fit the map", tc.name)
		}
		before := x.st.Camera()
		if _, drop := tc.w.(*keySelect); !drop { // a drop-down's arrows open its list
			c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
			if x.st.Camera() != before {
				t.Errorf("the map took the %s's arrow key", tc.name)
			}
		}
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown})
		if x.st.Camera().Distance <= before.Distance {
			t.Errorf("Page Down with the %s focused did not zoom out", tc.name)
		}
	}
}
