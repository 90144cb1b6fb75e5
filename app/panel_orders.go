package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
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
	// fromPlan says which standing plan put an order in ("" none);
	// cancelPlan cancels a ship's plan.
	fromPlan   func(o order.Order) string
	cancelPlan func(ship int)
	cancel     *tipButton // Cancel plan: of the order chosen

	list *keyList
	rows []orderRow
	// built is the draft the rows were built from: a row is drawn from it,
	// never from a draft shown since (see drop).
	built  *draft.Draft
	selRow int // the row selected, or -1
	// syncing is set while the list's selection is set to the state's
	// chosen order, so that the list's own callbacks leave the state be.
	syncing bool
	summary *widget.Label
	verdict *widget.Label // the whole verdict of the row selected
	undo    *tipButton
	redo    *tipButton
	// acts are the buttons that act on the order chosen or on the draft,
	// with what each says when it can act.
	acts []orderAct
	// undoItem, redoItem and nextItem are the Orders menu's entries, which
	// follow the buttons; refreshMenu redraws the menu.
	undoItem, redoItem, nextItem *fyne.MenuItem
	refreshMenu                  func()
	box                          fyne.CanvasObject
	// rowHeights are the heights of a title row and of an order row.
	oneLine, twoLines float32
	wrap              *wrapRows // each row as tall as its text needs
	// verdictRow is the row whose verdict the box under the list shows
	// whole (-1 none): that row shows its order alone, so that the list
	// keeps room for the other rows.
	verdictRow  int
	summaryLine *wrapLine // the summary, wrapped
}

// orderRow is a line of the orders list: a group's title, an order of the
// draft, a line that is not an order, or a ship's order carried over.
type orderRow struct {
	title   string
	index   int    // -1 for a title, an unread line or a carried-over order
	unread  int    // index into Unread() + 1; 0 for other rows
	text    string // an unread line's text, as it was when the rows were built
	carried order.Order
}

// orderAct is a button of the Orders tab that changes the orders: it is
// enabled only when it can act, and its tip says why when it cannot.
type orderAct struct {
	b   *tipButton
	tip string // what it does
	// chosen: it acts on the order chosen (or, for Delete, the unread line
	// selected).
	chosen bool
}

func (r orderRow) isTitle() bool {
	return r.index < 0 && r.unread == 0 && r.carried.Code == order.Invalid
}

func newOrdersPanel(st *State, tips *tooltips) *ordersPanel {
	p := &ordersPanel{st: st, selRow: -1, verdictRow: -1}
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
			m.Wrapping = fyne.TextWrapWord // read whole: the row grows (wrap)
			m.SizeName = theme.SizeNameCaptionText
			// The order on one line, what the checker says under it (in
			// the height left, as it wraps).
			return container.NewBorder(container.NewHBox(icon, t), nil, nil, nil, m)
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
		if p.verdictRow >= 0 {
			p.verdictRow = -1
			p.wrap.fit()
		}
	}
	p.oneLine = widget.NewLabel("Ship").MinSize().Height
	p.twoLines = p.list.CreateItem().MinSize().Height
	p.summaryLine = newWrapLine(p.summary, func() { fyne.Do(func() { p.box.Refresh() }) })
	caption := newWrapMeasureSized(theme.SizeNameCaptionText)
	head := p.twoLines - caption.line // the order's line, and the padding
	p.wrap = newWrapRowsBy(&p.list.List, p.list, func() int { return len(p.rows) }, func(i int, width float32) float32 {
		// Titles take one line; the other rows their line, then what the
		// checker says, wrapped.
		if r := p.rows[i]; !r.isTitle() {
			if i == p.verdictRow {
				return head
			}
			return head + caption.height(p.rowVerdict(r), width)
		}
		return p.oneLine
	})

	tools := p.tools(st, tips)
	p.box = container.NewBorder(container.NewVBox(tools, p.summaryLine.box), p.verdict, nil, nil, p.wrap.box)
	st.OnSwitch(p.drop)
	st.Subscribe(p.changed)
	return p
}

// tools makes the buttons over the list: undo and redo, those that act on
// the order chosen, Next ship and Empire.
func (p *ordersPanel) tools(st *State, tips *tooltips) fyne.CanvasObject {
	p.undo = newTipButton("", undoTip, tips, st.Undo)
	p.undo.Icon = theme.ContentUndoIcon()
	p.redo = newTipButton("", redoTip, tips, st.Redo)
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
	cancel := newTipButton("Cancel plan", cancelTip, tips, p.cancelChosenPlan)
	p.cancel = cancel
	p.acts = []orderAct{{b: edit, tip: edit.tip, chosen: true}, {b: del, tip: del.tip, chosen: true},
		{b: up, tip: up.tip, chosen: true}, {b: down, tip: down.tip, chosen: true}, {b: next, tip: next.tip}, {b: emp, tip: emp.tip}}
	return container.NewVBox(container.NewHBox(p.undo, p.redo, edit, del, up, down), container.NewHBox(next, emp, cancel))
}

// drop lets go of the rows of the game left, before another is shown.
func (p *ordersPanel) drop() {
	p.rows, p.built, p.selRow, p.verdictRow = nil, nil, -1, -1
	p.syncing = true
	p.list.UnselectAll() // draws no row: there are none
	p.syncing = false
	p.verdict.Hide()
}

// Why the buttons that change the orders cannot act.
const (
	readOnlyTip  = "An earlier turn's orders are read-only: go back to the current turn (Alt+End) to change orders"
	noChosenTip  = "Select an order in the list first"
	noGameTip    = "No game is open"
	undoTip      = "Undo the last change to the orders (Ctrl+Z)"
	redoTip      = "Make the change undone again (Ctrl+Y)"
	nothingUndo  = "Nothing to undo"
	nothingRedo  = "Nothing to redo"
	readOnlyUndo = "An earlier turn's orders are read-only: nothing to undo or redo"
)

// syncButtons enables the buttons that can act now and says of the others
// why they cannot.
func (p *ordersPanel) syncButtons() {
	d := p.st.Draft()
	chosen := p.st.Chosen() >= 0 || (p.selRow >= 0 && p.selRow < len(p.rows) && p.rows[p.selRow].unread > 0)
	for _, a := range p.acts {
		why := ""
		switch {
		case d == nil:
			why = noGameTip
		case d.ReadOnly():
			why = readOnlyTip
		case a.chosen && !chosen:
			why = noChosenTip
		}
		a.b.tip = a.tip
		if why != "" {
			a.b.tip = a.tip + " (" + why + ")"
		}
		setEnabled(&a.b.Button, why == "")
	}
	p.syncCancel(d)
	canUndo, canRedo := d != nil && d.CanUndo(), d != nil && d.CanRedo()
	p.undo.tip, p.redo.tip = undoTip, redoTip
	switch {
	case d != nil && d.ReadOnly():
		p.undo.tip, p.redo.tip = undoTip+" ("+readOnlyUndo+")", redoTip+" ("+readOnlyUndo+")"
	default:
		if !canUndo {
			p.undo.tip = undoTip + " (" + nothingUndo + ")"
		}
		if !canRedo {
			p.redo.tip = redoTip + " (" + nothingRedo + ")"
		}
	}
	setEnabled(&p.undo.Button, canUndo)
	setEnabled(&p.redo.Button, canRedo)
	p.syncMenu(canUndo, canRedo, !p.acts[4].b.Disabled())
}

// inMenu makes the Orders menu's Undo, Redo and Next ship follow the
// buttons: disabled when they cannot act (an earlier turn, nothing to
// undo). refresh redraws the menu.
func (p *ordersPanel) inMenu(undo, redo, next *fyne.MenuItem, refresh func()) {
	p.undoItem, p.redoItem, p.nextItem, p.refreshMenu = undo, redo, next, refresh
	p.syncButtons()
}

func (p *ordersPanel) syncMenu(undo, redo, next bool) {
	changed := false
	for _, it := range []struct {
		item *fyne.MenuItem
		on   bool
	}{{p.undoItem, undo}, {p.redoItem, redo}, {p.nextItem, next}} {
		if it.item != nil && it.item.Disabled == it.on {
			it.item.Disabled, changed = !it.on, true
		}
	}
	if changed && p.refreshMenu != nil {
		p.refreshMenu()
	}
}

func (p *ordersPanel) changed(c Change) {
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
	was, nth, ok := p.selectedOther()
	p.rows, p.built = nil, d
	if d == nil || g == nil {
		p.selRow = -1
		p.list.Refresh()
		p.syncButtons()
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
		for i, u := range un {
			p.rows = append(p.rows, orderRow{index: -1, unread: i + 1, text: u.Text})
		}
	}
	p.rows = append(p.rows, carriedRows(d, g)...)
	p.wrap.fit()
	p.selRow = p.findOther(was, nth, ok)
	p.list.Refresh()
	p.summaryLine.SetText(ordersSummary(d))
	p.showVerdict()
}

// otherRow is what a row that is not an order of the draft says: an
// unread line's text, or an order carried over.
type otherRow struct {
	unread  string
	carried order.Order
}

// other is what row r says, and whether it is such a row.
func (p *ordersPanel) other(r orderRow) (otherRow, bool) {
	switch {
	case r.carried.Code != order.Invalid:
		return otherRow{carried: r.carried}, true
	case r.unread > 0:
		return otherRow{unread: r.text}, true
	}
	return otherRow{}, false
}

// selectedOther is the unread line or carried-over order selected (and
// how many rows saying the same come before it), so that the selection
// follows it when the rows are laid out again; false when the row
// selected is none of these.
func (p *ordersPanel) selectedOther() (otherRow, int, bool) {
	if p.selRow < 0 || p.selRow >= len(p.rows) {
		return otherRow{}, 0, false
	}
	was, ok := p.other(p.rows[p.selRow])
	if !ok {
		return otherRow{}, 0, false
	}
	return was, rankOf(p.selRow, p.says(was)), true
}

// findOther is the row saying was (the nth of its equals) in the rows
// laid out, or -1: the row selected is the same line, or nothing.
func (p *ordersPanel) findOther(was otherRow, nth int, ok bool) int {
	if !ok {
		return -1
	}
	return findRanked(len(p.rows), nth, p.says(was))
}

// says tells whether row j says what was says.
func (p *ordersPanel) says(was otherRow) func(j int) bool {
	return func(j int) bool {
		o, ok := p.other(p.rows[j])
		return ok && o == was
	}
}

// carriedRows are the rows of the ships' orders carried over from last
// turn: they go on unless replaced, and are shown as such.
func carriedRows(d *draft.Draft, g *Game) []orderRow {
	var rows []orderRow
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
			rows = append(rows, orderRow{title: "Carried over from last turn", index: -1})
			first = false
		}
		rows = append(rows, orderRow{index: -1, carried: s.Standing})
	}
	return rows
}

// ordersSummary is the line over the list: how many orders, errors and
// warnings, lines not read, and whether the orders are read-only.
func ordersSummary(d *draft.Draft) string {
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
	return strings.Join(parts, " · ")
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
		if o, ok := p.orderOf(r); ok {
			if key := subjectKey(o); !key.IsZero() && key != p.st.Selected() {
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
		if o, ok := p.orderOf(p.rows[id]); ok {
			text = o.String() + ": " + text
		}
	}
	p.verdict.SetText(text)
	if text == "" {
		p.verdict.Hide()
		id = -1
	} else {
		p.verdict.Show()
	}
	if id != p.verdictRow {
		p.verdictRow = id
		p.wrap.fit()
	}
	p.syncButtons()
}

// orderOf is the order of row r in the draft the rows were built from;
// false for a row of another kind, or one the draft no longer has.
func (p *ordersPanel) orderOf(r orderRow) (order.Order, bool) {
	d := p.built
	if d == nil || r.index < 0 || r.index >= len(d.Orders()) {
		return order.Order{}, false
	}
	return d.Orders()[r.index], true
}

// unreadOf is the unread line of row r in the draft the rows were built
// from.
func (p *ordersPanel) unreadOf(r orderRow) (draft.Unread, bool) {
	d := p.built
	if d == nil || r.unread <= 0 || r.unread > len(d.Unread()) {
		return draft.Unread{}, false
	}
	return d.Unread()[r.unread-1], true
}

func (p *ordersPanel) selectedRow() int {
	for i, r := range p.rows {
		if r.index >= 0 && r.index == p.st.Chosen() {
			return i
		}
	}
	return -1
}

// rowVerdict is what the list says under a row, from the draft the rows
// were built from.
func (p *ordersPanel) rowVerdict(r orderRow) string {
	switch {
	case p.built == nil:
		return ""
	case r.carried.Code != order.Invalid:
		return "carried over: goes on unless replaced (cancel it under Details)"
	case r.unread > 0:
		if u, ok := p.unreadOf(r); ok {
			return "not an order: " + u.Err
		}
		return ""
	}
	o, ok := p.orderOf(r)
	if !ok {
		return ""
	}
	var parts []string
	for _, x := range p.built.ResultsOf(r.index) {
		parts = append(parts, x.Message)
	}
	if len(parts) == 0 {
		parts = append(parts, o.Code.What())
	}
	if why := p.planOf(o); why != "" {
		parts = append([]string{"from plan (" + why + ")"}, parts...)
	}
	return strings.Join(parts, "; ")
}

// updateRow draws row i of the list from the draft the rows were built
// from; a row that draft does not have is left as it is.
func (p *ordersPanel) updateRow(i int, o fyne.CanvasObject) {
	c := o.(*fyne.Container)
	msg := c.Objects[0].(*widget.Label)
	head := c.Objects[1].(*fyne.Container)
	icon := head.Objects[0].(*widget.Icon)
	text := head.Objects[1].(*widget.Label)
	if i < 0 || i >= len(p.rows) || p.built == nil {
		return
	}
	r := p.rows[i]
	msg.SetText(p.rowVerdict(r))
	msg.Show()
	if i == p.verdictRow {
		msg.SetText("") // said whole under the list
	}
	switch {
	case r.carried.Code != order.Invalid:
		icon.SetResource(theme.HistoryIcon())
		text.TextStyle = fyne.TextStyle{Monospace: true, Italic: true}
		text.SetText(r.carried.String())
		return
	case r.unread > 0:
		icon.SetResource(theme.NewErrorThemedResource(theme.QuestionIcon()))
		text.TextStyle = fyne.TextStyle{Monospace: true, Italic: true}
		if u, ok := p.unreadOf(r); ok {
			text.SetText(u.Text)
		}
		return
	case r.index < 0:
		icon.SetResource(theme.FolderOpenIcon())
		text.TextStyle = fyne.TextStyle{Bold: true}
		text.SetText(r.title)
		msg.Hide()
		return
	}
	ord, ok := p.orderOf(r)
	if !ok {
		return
	}
	text.TextStyle = fyne.TextStyle{Monospace: true}
	text.SetText(ord.String())
	icon.SetResource(verdictIcon(p.built.ResultsOf(r.index)))
}

// cancelTip is what Cancel plan does.
const cancelTip = "Cancel the standing plan that gave the order selected (the order stays)"

// syncCancel enables Cancel plan when the order chosen is from a standing
// plan, and says why not when it is not.
func (p *ordersPanel) syncCancel(d *draft.Draft) {
	why := ""
	switch {
	case d == nil:
		why = noGameTip
	case d.ReadOnly():
		why = readOnlyTip
	case p.chosenPlan() == "":
		why = "the order selected is not from a standing plan"
	}
	p.cancel.tip = cancelTip
	if why != "" {
		p.cancel.tip += " (" + why + ")"
	}
	setEnabled(&p.cancel.Button, why == "")
}

// planOf says which standing plan gave o ("" none).
func (p *ordersPanel) planOf(o order.Order) string {
	if p.fromPlan == nil {
		return ""
	}
	return p.fromPlan(o)
}

// chosenPlan says which standing plan gave the order chosen ("" none).
func (p *ordersPanel) chosenPlan() string {
	d, i := p.st.Draft(), p.st.Chosen()
	if d == nil || i < 0 || i >= len(d.Orders()) {
		return ""
	}
	return p.planOf(d.Orders()[i])
}

// cancelChosenPlan cancels the standing plan that gave the order chosen.
func (p *ordersPanel) cancelChosenPlan() {
	d, i := p.st.Draft(), p.st.Chosen()
	if p.chosenPlan() == "" || p.cancelPlan == nil {
		return
	}
	p.cancelPlan(d.Orders()[i].Subject())
}

// verdictIcon is the icon of an order with the checker's findings res.
func verdictIcon(res []check.Diagnostic) fyne.Resource {
	switch {
	case hasSeverity(res, check.Error):
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	case hasSeverity(res, check.Warning):
		return theme.NewWarningThemedResource(theme.WarningIcon())
	case len(res) > 0:
		return theme.InfoIcon()
	}
	return theme.NewSuccessThemedResource(theme.ConfirmIcon())
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
	if id := p.selRow; id >= 0 && id < len(p.rows) && p.rows[id].unread > 0 && d == p.built {
		if _, ok := p.unreadOf(p.rows[id]); !ok {
			return
		}
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
