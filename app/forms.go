package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// formEntry is an entry of an order form: Enter submits the form, Escape
// cancels it.
type formEntry struct {
	widget.Entry
	onEscape func()
}

func newFormEntry(onEscape func()) *formEntry {
	e := &formEntry{onEscape: onEscape}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey cancels the form on Escape.
func (e *formEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(k)
}

// formSelect is a form entry with a list of choices.
type formSelect struct {
	widget.SelectEntry
	onEscape func()
	opts     []string // the choices
}

func newFormSelect(opts []string, onEscape func()) *formSelect {
	e := &formSelect{onEscape: onEscape, opts: opts}
	e.SetOptions(opts)
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey cancels the form on Escape.
func (e *formSelect) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.SelectEntry.TypedKey(k)
}

// orderDesk opens the order forms: a new order for the selection or the
// empire, an order of the draft to edit. One form is open at a time.
type orderDesk struct {
	st     *State
	win    fyne.Window
	picker *MapView
	tips   *tooltips
	open   *orderForm
}

// New opens the form for a new order of code c for the object key.
func (d *orderDesk) New(key model.Key, c order.Code) {
	o := order.Order{Code: c}
	if key.Kind == model.KindFleet && c != order.PR {
		o.Fleet = true
	}
	if key.Kind != model.KindEmpire && len(c.Args()) > 0 && c.Args()[0].Role == order.RoleSubject {
		o.Args[0], o.N = key.ID, 1
	}
	d.show(c, o, func(n order.Order) {
		if dr := d.st.Draft(); dr != nil {
			d.st.ChooseOrder(dr.Add(n))
		}
	})
}

// Edit opens the form for order i of the draft.
func (d *orderDesk) Edit(i int) {
	dr := d.st.Draft()
	if dr == nil || i < 0 || i >= len(dr.Orders()) {
		return
	}
	o := dr.Orders()[i]
	d.show(o.Code, o, func(n order.Order) {
		// The order edited is the same order: chosen, it stays chosen,
		// though what it says changed.
		was := d.st.Draft() == dr && d.st.Chosen() == i
		dr.Replace(i, n)
		if was {
			d.st.ChooseOrder(i)
		}
	})
}

// Empire offers the orders of the empire as a whole.
func (d *orderDesk) Empire() {
	var buttons []fyne.CanvasObject
	var dlg dialog.Dialog
	for _, c := range draft.EmpirePalette() {
		c := c
		b := newTipButton(orderButtonLabel(c), c.Usage()+": "+c.Rule(), d.tips, func() {
			dlg.Hide()
			d.New(model.EmpireKey, c)
		})
		b.Alignment = widget.ButtonAlignLeading
		buttons = append(buttons, b)
	}
	// Enter and Esc close it, as Close does.
	grid := container.NewGridWithColumns(2, buttons...)
	dlg = notice(d.win, "Empire orders", "Close", grid, fyne.NewSize(grid.MinSize().Width, 0))
}

// Close takes away the form open, if any.
func (d *orderDesk) Close() {
	if d.open != nil {
		d.open.close()
	}
}

func (d *orderDesk) show(c order.Code, o order.Order, done func(order.Order)) {
	d.Close()
	if d.st.Earlier() {
		showInfo("An earlier turn", "The orders of an earlier turn are shown as they were and cannot be changed. Go back to the current turn (Alt+End) to write orders.", d.win)
		return
	}
	f := newOrderForm(d.st, d.win, d.picker, c, o, done)
	f.closed = func() {
		if d.open == f {
			d.open = nil
		}
	}
	d.open = f
	f.show()
}

// nextShip selects the next ship that has no battle/movement order and
// shows the orders it can take; false when there is none.
func nextShip(st *State) bool {
	d := st.Draft()
	if d == nil {
		return false
	}
	after := 0
	if k := st.Selected(); k.Kind == model.KindShip {
		after = k.ID
	}
	id, ok := d.NextShipWithoutOrders(after)
	if !ok {
		return false
	}
	st.ShowTab(TabDetails)
	st.Select(model.ShipKey(id), FromNext)
	return true
}
