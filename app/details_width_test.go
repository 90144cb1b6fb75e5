package app

import (
	"testing"

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
