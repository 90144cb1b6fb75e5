package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// detailsPanel is the Details tab: the selection's title, the orders it
// can be given (first, so that they are in reach without scrolling), then
// every figure the sheet gives for it and what is near it. Fleet members
// and nearby objects are links that select them.
type detailsPanel struct {
	st   *State
	tips *tooltips
	// newOrder opens the form for a new order of code c for the object key.
	newOrder func(key model.Key, c order.Code)
	// cancelStanding cancels a ship's order carried over from last turn.
	cancelStanding func(ship int)
	// simulate opens the combat simulator on the battle near an object.
	simulate func(key model.Key)

	title   *widget.Label
	palette *fyne.Container
	// paletteWidth is the width the palette's grids last had (see
	// twoColumns).
	paletteWidth float32
	after        *forecastDetails
	notes        *objectNotes
	station      *keyCheck
	rows         *fyne.Container
	scroll       *container.Scroll
	box          fyne.CanvasObject
}

func newDetailsPanel(st *State, tips *tooltips) *detailsPanel {
	p := &detailsPanel{st: st, tips: tips, paletteWidth: rightPanelWidth}
	p.title = widget.NewLabelWithStyle("Nothing selected", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.title.Wrapping = fyne.TextWrapWord
	p.palette = container.NewVBox()
	p.station = newKeyCheck(p.st, "On station (skip when walking ships)", func(on bool) {
		if kind, id := st.Selected().Kind, st.Selected().ID; kind == model.KindShip && st.Draft() != nil {
			st.Draft().SetOnStation(id, on)
		}
	})
	p.station.Hide()
	p.rows = container.NewVBox()
	p.after = newForecastDetails(st)
	p.notes = newObjectNotes(st)
	p.scroll = container.NewVScroll(container.NewVBox(p.palette, p.station, p.notes.box, widget.NewSeparator(), p.after.box, p.rows))
	tips.hideOnScroll(p.scroll)
	p.box = container.NewBorder(p.title, nil, nil, nil, p.scroll)
	st.Subscribe(p.changed)
	return p
}

func (p *detailsPanel) changed(c Change) {
	switch {
	case c.Has(ChangeGame | ChangeSelection | ChangeMemory):
		p.showRows()
		p.showPalette()
		p.scroll.ScrollToTop()
	case c.Has(ChangeOrders):
		p.showPalette()
	}
}

// showRows lists the selection's figures.
func (p *detailsPanel) showRows() {
	p.rows.RemoveAll()
	g := p.st.Game()
	if g == nil {
		p.title.SetText("Nothing selected")
		return
	}
	title, rows := g.Details(p.st.Selected())
	p.title.SetText(title)
	// The rows are set at once: added one by one, each laid out the ones
	// before again, and a fleet of thousands of ships took minutes.
	shown := rows[:min(len(rows), maxDetailRows)]
	objs := make([]fyne.CanvasObject, 0, len(shown)+1)
	for _, r := range shown {
		objs = append(objs, p.row(r))
	}
	if len(rows) > len(shown) {
		objs = append(objs, widget.NewLabel(fmt.Sprintf("%d more not shown here; the sheet lists them all", len(rows)-len(shown))))
	}
	p.rows.Objects = objs
	p.rows.Refresh()
}

// maxDetailRows bounds the rows the details show: a fleet or a place of
// thousands of ships shows the first ones and a count of the rest.
const maxDetailRows = 300

// row is one row of the details: a button when it names an object.
func (p *detailsPanel) row(r Row) fyne.CanvasObject {
	var v fyne.CanvasObject
	if !r.Key.IsZero() {
		key := r.Key
		v = newRowLink(r.Value, func() { p.st.Select(key, FromDetails) })
	} else {
		l := widget.NewLabel(r.Value)
		l.Wrapping = fyne.TextWrapWord
		v = l
	}
	if r.Label == "" {
		return v
	}
	l := widget.NewLabelWithStyle(r.Label, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	return container.NewBorder(nil, nil, l, nil, v)
}

// showPalette offers the orders the selection can be given.
func (p *detailsPanel) showPalette() {
	p.palette.RemoveAll()
	p.station.Hide()
	defer p.palette.Refresh()
	g, d := p.st.Game(), p.st.Draft()
	if g == nil || d == nil || d.ReadOnly() {
		return // an earlier turn's orders are not changed
	}
	key := p.st.Selected()
	kind, id := key.Kind, key.ID
	group := func(title string, codes []order.Code) {
		if len(codes) == 0 {
			return
		}
		p.palette.Add(widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		var buttons []fyne.CanvasObject
		for _, c := range codes {
			c := c
			b := newTipButton(orderButtonLabel(c), c.Usage()+": "+c.Rule(), p.tips, func() { p.newOrder(key, c) })
			b.Alignment = widget.ButtonAlignLeading
			b.Importance = widget.LowImportance
			buttons = append(buttons, b)
		}
		p.palette.Add(container.New(twoColumns{&p.paletteWidth, func() { fyne.Do(p.palette.Refresh) }}, buttons...))
	}
	switch kind {
	case model.KindShip:
		s, ok := g.Ships[id]
		if !ok {
			return
		}
		// The simulator comes after the orders, which a player gives far
		// more often and finds where they always were.
		if !g.own(s) {
			group("Orders about this ship", []order.Code{order.SS})
			p.simulateButton(key)
			return
		}
		battle, general := d.Palette(id)
		group("Battle/movement orders", battle)
		group("General orders", general)
		p.simulateButton(key)
		p.station.SetChecked(d.OnStation(id))
		p.station.Show()
		p.carriedOver(d, s)
	case model.KindFleet:
		group("Fleet orders", draft.FleetPalette())
		p.simulateButton(key)
	case model.KindPlanet:
		pl, ok := g.Planets[id]
		if !ok {
			return
		}
		group("Planet orders", draft.PlanetPalette(pl.Owner == g.K.Empire.Player && pl.Kind != model.Trading))
		p.simulateButton(key)
	case model.KindOfficer:
		group("Officer", []order.Code{order.NameOfficer})
	}
}

// simulateButton offers the combat simulator on the battle near a ship
// (one of mine or a contact), a fleet or a planet.
func (p *detailsPanel) simulateButton(key model.Key) {
	if p.simulate == nil {
		return
	}
	b := widget.NewButton("Simulate a battle here…", func() { p.simulate(key) })
	b.Alignment = widget.ButtonAlignLeading
	b.Importance = widget.LowImportance
	p.palette.Add(b)
}

// carriedOver names the order ship s carries over from last turn, if it
// gave no new one, with a button that cancels it: the order on a line
// that wraps, the button short, so that both are read whole in a narrow
// panel.
func (p *detailsPanel) carriedOver(d *draft.Draft, s *model.Ship) {
	o, ok := d.HasBattleOrder(s.ID)
	if _, mine := newOrderOf(d, s.ID); !ok || mine || s.Standing.Code == order.Invalid {
		return
	}
	said := widget.NewLabel("Carried over from last turn, it goes on unless cancelled: " + o.String())
	said.Wrapping = fyne.TextWrapWord
	id := s.ID
	b := widget.NewButtonWithIcon("Cancel the carried-over order", theme.CancelIcon(), func() { p.cancelStanding(id) })
	p.palette.Add(said)
	p.palette.Add(b)
}

// orderButtonLabel says what an order button does: "MO  move".
func orderButtonLabel(c order.Code) string {
	return c.String() + "  " + c.What()
}

func newOrderOf(d *draft.Draft, ship int) (order.Order, bool) {
	for _, o := range d.Orders() {
		if !o.Fleet && o.Class() == order.BattleMovement && o.Subject() == ship {
			return o, true
		}
	}
	return order.Order{}, false
}

// rowLink is a row's value that names an object (a fleet's ship, an
// object nearby): a click on it selects the object. Its text wraps as the
// other rows' do; a button's cannot, and the longest name nearby made the
// whole panel wider than its pane, cutting every row and order button at
// the pane's edge.
type rowLink struct {
	widget.Label
	tapped func()
}

func newRowLink(text string, tapped func()) *rowLink {
	l := &rowLink{tapped: tapped}
	l.Text, l.Wrapping, l.Importance = text, fyne.TextWrapWord, widget.HighImportance
	l.ExtendBaseWidget(l)
	return l
}

// Tapped selects the object.
func (l *rowLink) Tapped(*fyne.PointEvent) { l.tapped() }

// Cursor is a pointing hand: the text is a link.
func (l *rowLink) Cursor() desktop.Cursor { return desktop.PointerCursor }

// FocusGained underlines the link: Tab reaches it, as it reached the
// button it was, and the player sees where the keyboard is.
func (l *rowLink) FocusGained() { l.focus(true) }

// FocusLost takes the underline away.
func (l *rowLink) FocusLost() { l.focus(false) }

func (l *rowLink) focus(on bool) {
	l.TextStyle.Underline = on
	l.Refresh()
}

// TypedRune: Space selects the object, as it pressed the button.
func (l *rowLink) TypedRune(r rune) {
	if r == ' ' {
		l.tapped()
	}
}

// TypedKey: Enter selects the object.
func (l *rowLink) TypedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeyReturn || e.Name == fyne.KeyEnter {
		l.tapped()
	}
}
