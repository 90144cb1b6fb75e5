package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/assets"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// TestDetailsKeepThePanesWidth: at 1280x800 the details of every object
// are no wider than their pane, also when a ship nearby has a long name:
// what they say wraps. Bug: an object nearby was a button, whose text does
// not wrap; the longest made the whole panel wider than the pane, and
// every row and order button was cut at the pane's edge ("TA transfer
// artifac", "Abilities: cloak, warpdrive, carries ships of siz").
func TestDetailsKeepThePanesWidth(t *testing.T) {
	x := newApp(t)
	data, _ := assets.DemoSheet(1)
	rep, _ := reportparse.Parse(rules.Default(), "demo", data)
	k := rep.Knowledge
	own := k.Ships[0]
	for i, name := range []string{"Dark Corsair of the Outer Reaches", "Azure Comet Bearing Gifts for the Council"} {
		s := own
		s.ID, s.Owner, s.Name = 4242+i, 4, name
		s.Loc.X += i + 1
		k.ScannedPlayer = append(k.ScannedPlayer, s)
	}
	k.ScannedPlayerID = 4
	x.Show(NewGame(rules.Default(), rep, "demo"))
	x.st.ShowTab(TabDetails)
	keys := []model.Key{model.ShipKey(own.ID), model.ShipKey(4242)}
	for _, c := range x.tree.cats {
		for _, it := range c.Items {
			keys = append(keys, it.Key)
		}
	}
	for _, key := range keys {
		x.st.Select(key, FromTree)
		x.Window().Canvas().Capture()
		p := x.details
		if content, pane := p.scroll.Content.Size().Width, p.scroll.Size().Width; content > pane+1 {
			t.Errorf("%v: the details are %v wide in a pane of %v", key, content, pane)
		}
	}
}

// TestDetailsLinksByKeyboard: an object nearby, named in the details, is
// reached with Tab and selected with Enter, as when it was a button.
func TestDetailsLinksByKeyboard(t *testing.T) {
	x := newApp(t)
	x.st.ShowTab(TabDetails)
	c := x.Window().Canvas()
	for _, cat := range x.tree.cats {
		for _, it := range cat.Items {
			x.st.Select(it.Key, FromTree)
			c.Capture()
			var link *rowLink
			for _, o := range test.LaidOutObjects(x.details.scroll) {
				if l, ok := o.(*rowLink); ok && link == nil {
					link = l
				}
			}
			if link == nil {
				continue
			}
			c.Focus(nil)
			for i := 0; i < 200 && c.Focused() != fyne.Focusable(link); i++ {
				c.FocusNext()
			}
			if c.Focused() != fyne.Focusable(link) {
				t.Fatalf("%v: Tab never reaches the link %q", it.Key, link.Text)
			}
			if !link.TextStyle.Underline {
				t.Errorf("%v: the link with the keyboard is not underlined", it.Key)
			}
			from := x.st.Selected()
			link.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			if x.st.Selected() == from {
				t.Errorf("%v: Enter on %q selected nothing new", it.Key, link.Text)
			}
			return
		}
	}
	t.Fatal("the test cannot tell: no object of the demo names another in its details")
}
