package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/check"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/internal/plural"
)

// ordersPanel is the Orders tab: the orders by ship, fleet, planet and
// empire in the order they are carried out, each with the checker's
// verdict, the lines that did not read as orders, and the orders carried
// over from last turn.
type ordersPanel struct {
	st *State
	// edit opens the form for order i; next walks to the next ship without
	// orders; empire offers the empire's orders.
	edit   func(i int)
	next   func()
	empire func()

	list   *keyList
	rows   []orderRow
	selRow int // the row selected, or -1
	// syncing is set while the list's selection is set to the state's
	// chosen order, so that the list's own callbacks leave the state be.
	syncing bool
	summary *widget.Label
	verdict *widget.Label // the whole verdict of the row selected
	undo    *tipButton
	redo    *tipButton
	box     fyne.CanvasObject
	// rowHeights are the heights of a title row and of an order row.
	oneLine, twoLines float32
}

// orderRow is a line of the orders list: a group's title, an order of the
// draft, a line that is not an order, or a ship's order carried over.
type orderRow struct {
	title   string
	index   int // -1 for a title, an unread line or a carried-over order
	unread  int // index into Unread() + 1; 0 for other rows
	carried order.Order
}

func (r orderRow) isTitle() bool {
	return r.index < 0 && r.unread == 0 && r.carried.Code == order.Invalid
}

func newOrdersPanel(st *State, tips *tooltips) *ordersPanel {
	p := &ordersPanel{st: st, selRow: -1}
	p.summary = widget.NewLabel("No orders yet")
	p.verdict = widget.NewLabel("")
	p.verdict.Wrapping = fyne.TextWrapWord
	p.verdict.Hide()
	p.list = newKeyList(st,
		func() int { return len(p.rows) },
		func() fyne.CanvasObject {
			icon := widget.NewIcon(theme.ConfirmIcon())
			t := widget.NewLabel("MO 1234 -350 -350 -350")
			t.TextStyle = fyne.TextStyle{Monospace: true}
			m := widget.NewLabel("message")
			m.Truncation = fyne.TextTruncateEllipsis
			m.SizeName = theme.SizeNameCaptionText
			// The order on one line, what the checker says under it.
			return container.NewVBox(container.NewHBox(icon, t), m)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { p.updateRow(i, o) },
	)
	p.list.OnSelected = p.selected
	p.list.OnUnselected = func(widget.ListItemID) {
		if p.syncing {
			return
		}
		p.selRow = -1
		p.verdict.Hide()
	}
	p.oneLine = widget.NewLabel("Ship").MinSize().Height
	p.twoLines = p.list.CreateItem().MinSize().Height

	p.undo = newTipButton("", "Undo the last change to the orders (Ctrl+Z)", tips, st.Undo)
	p.undo.Icon = theme.ContentUndoIcon()
	p.redo = newTipButton("", "Make the change undone again (Ctrl+Y)", tips, st.Redo)
	p.redo.Icon = theme.ContentRedoIcon()
	edit := newTipButton("", "Edit the order selected", tips, func() {
		if i := st.Chosen(); i >= 0 && p.edit != nil {
			p.edit(i)
		}
	})
	edit.Icon = theme.DocumentCreateIcon()
	del := newTipButton("", "Delete the order (or the unread line) selected", tips, p.deleteChosen)
	del.Icon = theme.DeleteIcon()
	up := newTipButton("", "Carry this order out before the one above it of the same kind", tips, func() { p.moveChosen(-1) })
	up.Icon = theme.MoveUpIcon()
	down := newTipButton("", "Carry this order out after the one below it of the same kind", tips, func() { p.moveChosen(1) })
	down.Icon = theme.MoveDownIcon()
	next := newTipButton("Next ship", "Select the next ship that has no battle/movement order yet (Ctrl+N)", tips, func() { p.next() })
	next.Icon = theme.NavigateNextIcon()
	emp := newTipButton("Empire…", "Orders of the empire as a whole: scans, interceptors, allies, enemies, broadcast", tips, func() { p.empire() })
	emp.Icon = theme.ListIcon()
	tools := container.NewVBox(container.NewHBox(p.undo, p.redo, edit, del, up, down), container.NewHBox(next, emp))
	p.box = container.NewBorder(container.NewVBox(tools, p.summary), p.verdict, nil, nil, p.list)
	st.Subscribe(p.changed)
	return p
}

func (p *ordersPanel) changed(c Change) {
	if c.Has(ChangeGame) {
		p.selRow = -1
		p.list.UnselectAll()
	}
	if c.Has(ChangeGame | ChangeOrders) {
		p.rebuild()
	}
	if c.Has(ChangeGame | ChangeOrders | ChangeChosen) {
		p.showChosen()
	}
}

// rebuild lays the rows out again from the draft.
func (p *ordersPanel) rebuild() {
	d, g := p.st.Draft(), p.st.Game()
	p.rows = p.rows[:0]
	if d == nil || g == nil {
		p.list.Refresh()
		return
	}
	for _, gr := range d.Groups() {
		p.rows = append(p.rows, orderRow{title: gr.Title, index: -1})
		for _, i := range gr.Orders {
			p.rows = append(p.rows, orderRow{index: i})
		}
	}
	if un := d.Unread(); len(un) > 0 {
		p.rows = append(p.rows, orderRow{title: "Lines that are not orders (kept as typed)", index: -1})
		for i := range un {
			p.rows = append(p.rows, orderRow{index: -1, unread: i + 1})
		}
	}
	// Orders carried over go on unless replaced: show them as such.
	fleetOrdered := map[int]bool{}
	ownOrder := map[int]bool{}
	for _, o := range d.Orders() {
		switch {
		case o.Fleet:
			fleetOrdered[o.Subject()] = true
		case o.Class() == order.BattleMovement:
			ownOrder[o.Subject()] = true
		}
	}
	inFleet := map[int]int{}
	for _, f := range g.K.Fleets {
		for _, s := range f.Ships {
			inFleet[s] = f.ID
		}
	}
	first := true
	for _, s := range g.K.Ships {
		if s.Standing.Code == order.Invalid || fleetOrdered[inFleet[s.ID]] || ownOrder[s.ID] {
			continue
		}
		if first {
			p.rows = append(p.rows, orderRow{title: "Carried over from last turn", index: -1})
			first = false
		}
		p.rows = append(p.rows, orderRow{index: -1, carried: s.Standing})
	}
	// Titles take one line; orders two (the order, then the verdict).
	for i, r := range p.rows {
		if r.isTitle() {
			p.list.SetItemHeight(i, p.oneLine)
		} else {
			p.list.SetItemHeight(i, p.twoLines)
		}
	}
	p.list.Refresh()
	errs, warns := 0, 0
	for _, r := range d.Results() {
		switch r.Severity {
		case check.Error:
			errs++
		case check.Warning:
			warns++
		}
	}
	parts := []string{plural.Count(len(d.Orders()), "order"), plural.Count(errs, "error"), plural.Count(warns, "warning")}
	if n := len(d.Unread()); n > 0 {
		parts = append(parts, plural.Count(n, "line")+" not read as "+plural.Pick(n, "an order", "orders"))
	}
	if d.ReadOnly() {
		parts = append(parts, "read-only: an earlier turn")
	}
	p.summary.SetText(strings.Join(parts, " · "))
	setEnabled(&p.undo.Button, d.CanUndo())
	setEnabled(&p.redo.Button, d.CanRedo())
	p.showVerdict()
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (p *ordersPanel) selected(i widget.ListItemID) {
	if p.syncing {
		return
	}
	p.selRow = i
	if i >= len(p.rows) {
		return
	}
	r := p.rows[i]
	p.st.ChooseOrder(r.index)
	switch {
	case r.carried.Code != order.Invalid:
		p.st.Select(model.ShipKey(r.carried.Subject()), FromOrders)
	case r.index >= 0:
		if d := p.st.Draft(); d != nil && r.index < len(d.Orders()) {
			if key := subjectKey(d.Orders()[r.index]); !key.IsZero() && key != p.st.Selected() {
				p.st.Select(key, FromOrders)
			}
		}
	}
	p.showVerdict()
}

// showChosen highlights the row of the state's chosen order, wherever the
// rows moved, so that the highlight and the verdict under the list always
// name the same order. A row of another kind (an unread line, an order
// carried over) stays selected while no order is chosen.
func (p *ordersPanel) showChosen() {
	row := p.selectedRow()
	if row < 0 && p.selRow >= 0 && p.selRow < len(p.rows) && p.rows[p.selRow].index < 0 && p.st.Chosen() < 0 {
		row = p.selRow
	}
	p.syncing = true
	if row >= 0 {
		p.list.Select(row)
	} else {
		p.list.UnselectAll()
	}
	p.syncing = false
	p.selRow = row
	p.showVerdict()
}

// showVerdict shows the whole verdict of the row selected, which the list
// cuts to one line.
func (p *ordersPanel) showVerdict() {
	text := ""
	id := p.selectedRow()
	if id < 0 {
		id = p.selRow
	}
	if id >= 0 && id < len(p.rows) {
		text = p.rowVerdict(p.rows[id])
		if r := p.rows[id]; r.index >= 0 {
			text = p.st.Draft().Orders()[r.index].String() + ": " + text
		}
	}
	p.verdict.SetText(text)
	if text == "" {
		p.verdict.Hide()
	} else {
		p.verdict.Show()
	}
}

func (p *ordersPanel) selectedRow() int {
	for i, r := range p.rows {
		if r.index >= 0 && r.index == p.st.Chosen() {
			return i
		}
	}
	return -1
}

// rowVerdict is what the list says under a row.
func (p *ordersPanel) rowVerdict(r orderRow) string {
	d := p.st.Draft()
	switch {
	case d == nil:
		return ""
	case r.carried.Code != order.Invalid:
		return "carried over: goes on unless replaced (cancel it under Details)"
	case r.unread > 0:
		if r.unread-1 < len(d.Unread()) {
			return "not an order: " + d.Unread()[r.unread-1].Err
		}
		return ""
	case r.index < 0:
		return ""
	}
	res := d.ResultsOf(r.index)
	var parts []string
	for _, x := range res {
		parts = append(parts, x.Message)
	}
	if len(parts) == 0 {
		parts = append(parts, d.Orders()[r.index].Code.What())
	}
	return strings.Join(parts, "; ")
}

func (p *ordersPanel) updateRow(i int, o fyne.CanvasObject) {
	c := o.(*fyne.Container)
	head := c.Objects[0].(*fyne.Container)
	msg := c.Objects[1].(*widget.Label)
	icon := head.Objects[0].(*widget.Icon)
	text := head.Objects[1].(*widget.Label)
	d := p.st.Draft()
	if i >= len(p.rows) || d == nil {
		return
	}
	r := p.rows[i]
	msg.SetText(p.rowVerdict(r))
	msg.Show()
	switch {
	case r.carried.Code != order.Invalid:
		icon.SetResource(theme.HistoryIcon())
		text.TextStyle = fyne.TextStyle{Monospace: true, Italic: true}
		text.SetText(r.carried.String())
		return
	case r.unread > 0:
		icon.SetResource(theme.NewErrorThemedResource(theme.QuestionIcon()))
		text.TextStyle = fyne.TextStyle{Monospace: true, Italic: true}
		if r.unread-1 < len(d.Unread()) {
			text.SetText(d.Unread()[r.unread-1].Text)
		}
		return
	case r.index < 0:
		icon.SetResource(theme.FolderOpenIcon())
		text.TextStyle = fyne.TextStyle{Bold: true}
		text.SetText(r.title)
		msg.Hide()
		return
	}
	text.TextStyle = fyne.TextStyle{Monospace: true}
	text.SetText(d.Orders()[r.index].String())
	res := d.ResultsOf(r.index)
	switch {
	case hasSeverity(res, check.Error):
		icon.SetResource(theme.NewErrorThemedResource(theme.ErrorIcon()))
	case hasSeverity(res, check.Warning):
		icon.SetResource(theme.NewWarningThemedResource(theme.WarningIcon()))
	case len(res) > 0:
		icon.SetResource(theme.InfoIcon())
	default:
		icon.SetResource(theme.NewSuccessThemedResource(theme.ConfirmIcon()))
	}
}

func hasSeverity(ds []check.Diagnostic, s check.Severity) bool {
	for _, d := range ds {
		if d.Severity == s {
			return true
		}
	}
	return false
}

func (p *ordersPanel) deleteChosen() {
	d := p.st.Draft()
	if d == nil {
		return
	}
	if id := p.selRow; id >= 0 && id < len(p.rows) && p.rows[id].unread > 0 {
		d.DeleteUnread(p.rows[id].unread - 1)
		p.list.UnselectAll()
		return
	}
	if i := p.st.Chosen(); i >= 0 {
		p.st.ChooseOrder(-1)
		d.Delete(i)
	}
}

func (p *ordersPanel) moveChosen(dir int) {
	d := p.st.Draft()
	if d == nil || p.st.Chosen() < 0 {
		return
	}
	i := p.st.Chosen()
	p.st.ChooseOrder(-1)
	p.st.ChooseOrder(d.Move(i, dir))
}

func subjectKey(o order.Order) model.Key {
	switch o.SubjectKind() {
	case order.ShipSubject:
		return model.ShipKey(o.Subject())
	case order.FleetSubject:
		return model.FleetKey(o.Subject())
	case order.PlanetSubject:
		if o.Subject() != 0 {
			return model.PlanetKey(o.Subject())
		}
	case order.OfficerSubject:
		return model.OfficerKey(o.Subject())
	}
	return model.Key{}
}
