package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/model"
	"silverfall/internal/plural"
	"silverfall/render3d"
)

// mapClicks turns a click on the map into a selection. A marker of several
// of the player's ships offers the fleet and each ship.
type mapClicks struct {
	st   *State
	win  fyne.Window
	view *MapView
}

func (m *mapClicks) picked(i int, pos fyne.Position) {
	g := m.st.Game()
	if g == nil {
		return
	}
	if i >= 0 && i < len(g.Map.Bodies) {
		if b := &g.Map.Bodies[i]; b.Kind.IsShip() && len(b.IDs) > 1 {
			m.stackMenu(b, pos)
			return
		}
	}
	m.st.Select(g.KeyOfBody(i), FromMap)
}

// stackMenu lets the player pick one ship of a marker that stands for
// several, or their fleet.
func (m *mapClicks) stackMenu(b *render3d.Body, pos fyne.Position) {
	g := m.st.Game()
	var items []*fyne.MenuItem
	if key := g.KeyOfBody(g.Map.Find(model.ShipKey(b.IDs[0]))); key.Kind == model.KindFleet {
		items = append(items, fyne.NewMenuItem(fmt.Sprintf("Fleet %d (%s)", key.ID, plural.Count(len(b.IDs), "ship")), func() { m.st.Select(key, FromMap) }))
	}
	for _, id := range b.IDs {
		key := model.ShipKey(id)
		label := fmt.Sprintf("Ship %d", id)
		if s, ok := g.Ships[id]; ok {
			label = withName(fmt.Sprintf("Ship %d %s", id, typeName(g.R, s.Type)), s.Name)
		}
		items = append(items, fyne.NewMenuItem(label, func() { m.st.Select(key, FromMap) }))
	}
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(m.view).Add(pos)
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), m.win.Canvas(), abs)
}
