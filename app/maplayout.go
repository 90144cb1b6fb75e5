package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
)

// panes places the window's panels round the map, which gets most of the
// window: the tree on the left, the map in the middle, and on the right
// the object's panels (Details, Orders, Order text, Notes) over the
// turn's (Turn sheet, Ships, This turn, Plots, Find). The map can have the whole
// window and give it back (View > Map only, Ctrl+M). The dividers are
// where the player left them last.
type panes struct {
	splits [3]*container.Split // the tree's, the map's, the right-hand column's
	map_   fyne.CanvasObject   // the map with what is drawn over it
	body   *fyne.Container     // what the window shows: the panes or the map alone
	whole  bool                // the map has the whole window
	// Toggled is called after the map took the window or gave it back.
	Toggled func(whole bool)
}

// paneDefaults are the dividers' default places: the tree gets 14.6% of the
// window's width, the map 74% of what is left, and the right-hand column
// gives the object's panels 60% of its height; at 1280x800 the map has
// more than half the window.
var paneDefaults = [3]float64{0.146, 0.74, 0.6}

// steadyTabs gives each tab of tabs a scroll of its own, so that what the
// tab shows, and how much it holds, does not move the dividers the player
// left: the column's height is the player's to set, and a tab that needs
// more than it has scrolls. Without it a column asks for the tallest
// height any of its tabs has asked for yet, so that the divider jumped the
// first time This turn or Find showed, and again when results arrived;
// and a wide line in a tab took width from the map. A tab that scrolls
// both ways already keeps its scroll. Every tab is the column's width
// (rightPanelWidth at least), so that the map keeps its size whichever tab
// shows and whatever it holds.
func steadyTabs(tabs *container.AppTabs) *container.AppTabs {
	for _, it := range tabs.Items {
		s, ok := it.Content.(*container.Scroll)
		if !ok || s.Direction != container.ScrollBoth {
			s = container.NewScroll(it.Content)
		}
		it.Content = panelWidth(s)
	}
	return tabs
}

// tabContent is what the tab it of steadyTabs shows, without the
// containers that give it its width and scroll.
func tabContent(it *container.TabItem) fyne.CanvasObject {
	o := it.Content
	for {
		switch c := o.(type) {
		case *container.Scroll:
			o = c.Content
		case *fyne.Container:
			if _, fixed := c.Layout.(fixedWidth); !fixed || len(c.Objects) != 1 {
				return o
			}
			o = c.Objects[0]
		default:
			return o
		}
	}
}

// newPanes lays the panels out, with the dividers at offsets (a place out
// of 0.05-0.95 is the default's).
func newPanes(tree, mapArea, objectTabs, turnTabs fyne.CanvasObject, offsets [3]float64) *panes {
	p := &panes{map_: mapArea}
	right := container.NewVSplit(objectTabs, turnTabs)
	middle := container.NewHSplit(mapArea, right)
	all := container.NewHSplit(tree, middle)
	p.splits = [3]*container.Split{all, middle, right}
	for i, def := range paneDefaults {
		off := offsets[i]
		if off <= 0.05 || off >= 0.95 {
			off = def
		}
		p.splits[i].SetOffset(off)
	}
	p.body = container.NewStack(all)
	return p
}

// Whole reports whether the map has the whole window.
func (p *panes) Whole() bool { return p.whole }

// ToggleMap gives the map the whole window, or gives the panels theirs
// back, where they were.
func (p *panes) ToggleMap() {
	p.whole = !p.whole
	middle := p.splits[1]
	if p.whole {
		// The map leaves its pane for the window's: an object shows in
		// one place at a time.
		middle.Leading = canvas.NewRectangle(color.Transparent)
		p.body.Objects = []fyne.CanvasObject{p.map_}
	} else {
		middle.Leading = p.map_
		p.body.Objects = []fyne.CanvasObject{p.splits[0]}
	}
	middle.Refresh()
	p.body.Refresh()
	if p.Toggled != nil {
		p.Toggled(p.whole)
	}
}
