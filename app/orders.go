package app

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/orderwriter"
	"silverfall/render3d"
)

// ordersUI is the right-hand panel's order parts.
type ordersUI struct {
	palette  *fyne.Container
	list     *widget.List
	rows     []orderRow
	chosen   int // index into Orders() of the order selected in the list, or -1
	summary  *widget.Label
	undo     *widget.Button
	redo     *widget.Button
	station  *widget.Check
	text     *widget.Entry
	textMsgs *widget.List
	msgs     []string
	stale    bool // the text view waits to be brought up to date
	typing   bool // the text view is the source of the change
	hint     *widget.Label
	form     dialog.Dialog
}

// orderRow is a line of the orders list: a group's title, an order of the
// draft, or a ship's order carried over from last turn.
type orderRow struct {
	title   string
	index   int // -1 for a title or a carried-over order
	carried order.Order
}

func (x *App) buildOrders() (palette, list, text fyne.CanvasObject) {
	u := &ordersUI{chosen: -1}
	x.ord = u
	u.palette = container.NewVBox()
	u.hint = widget.NewLabel("")
	u.hint.Hide()
	u.hint.Wrapping = fyne.TextWrapWord

	u.summary = widget.NewLabel("No orders yet")
	u.list = widget.NewList(
		func() int { return len(u.rows) },
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
		func(i widget.ListItemID, o fyne.CanvasObject) { x.updateRow(i, o) },
	)
	u.list.OnSelected = func(i widget.ListItemID) {
		if i < len(u.rows) && u.rows[i].carried.Code != order.Invalid {
			u.chosen = -1
			x.Select(shipKey(u.rows[i].carried.Subject()), "orders")
			return
		}
		if i >= len(u.rows) || u.rows[i].index < 0 {
			u.chosen = -1
			return
		}
		u.chosen = u.rows[i].index
		if x.draft != nil {
			o := x.draft.Orders()[u.chosen]
			if key := subjectKey(o); key != "" && key != x.selected {
				x.Select(key, "orders")
			}
		}
	}
	u.undo = widget.NewButtonWithIcon("", theme.ContentUndoIcon(), func() { x.undoOrders() })
	u.redo = widget.NewButtonWithIcon("", theme.ContentRedoIcon(), func() { x.redoOrders() })
	edit := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { x.editChosen() })
	del := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
		if x.draft != nil && u.chosen >= 0 {
			x.draft.Delete(u.chosen)
			u.chosen = -1
			u.list.UnselectAll()
		}
	})
	up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { x.moveChosen(-1) })
	down := widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { x.moveChosen(1) })
	next := widget.NewButtonWithIcon("Next ship", theme.NavigateNextIcon(), func() { x.NextShip() })
	empire := widget.NewButtonWithIcon("Empire…", theme.ListIcon(), func() { x.showPalette("empire", draft.EmpirePalette()) })
	tools := container.NewVBox(container.NewHBox(u.undo, u.redo, edit, del, up, down), container.NewHBox(next, empire))
	list = container.NewBorder(container.NewVBox(tools, u.summary), nil, nil, nil, u.list)

	u.text = widget.NewMultiLineEntry()
	u.text.TextStyle = fyne.TextStyle{Monospace: true}
	u.text.SetPlaceHolder("One order a line, as the rule book writes them:\nMO 123 100 -99 -23")
	u.text.OnChanged = func(s string) { x.textChanged(s) }
	u.textMsgs = widget.NewList(func() int { return len(u.msgs) },
		func() fyne.CanvasObject { return widget.NewLabel("line 1: error code: message") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(u.msgs) {
				o.(*widget.Label).SetText(u.msgs[i])
			}
		})
	split := container.NewVSplit(u.text, u.textMsgs)
	split.SetOffset(0.7)
	text = split

	u.station = widget.NewCheck("On station (skip when walking ships)", func(on bool) {
		if _, id := splitKey(x.selected); x.draft != nil && strings.HasPrefix(x.selected, "ship:") {
			x.draft.SetOnStation(id, on)
		}
	})
	palette = container.NewVBox(widget.NewSeparator(), u.station, u.palette, u.hint)
	return palette, list, text
}

func subjectKey(o order.Order) string {
	switch o.SubjectKind() {
	case order.ShipSubject:
		return shipKey(o.Subject())
	case order.FleetSubject:
		return fleetKey(o.Subject())
	case order.PlanetSubject:
		if o.Subject() != 0 {
			return planetKey(o.Subject())
		}
	case order.OfficerSubject:
		return officerKey(o.Subject())
	}
	return ""
}

func (x *App) updateRow(i int, o fyne.CanvasObject) {
	u := x.ord
	c := o.(*fyne.Container)
	head := c.Objects[0].(*fyne.Container)
	msg := c.Objects[1].(*widget.Label)
	icon := head.Objects[0].(*widget.Icon)
	text := head.Objects[1].(*widget.Label)
	if i >= len(u.rows) || x.draft == nil {
		return
	}
	r := u.rows[i]
	if r.carried.Code != order.Invalid {
		icon.SetResource(theme.HistoryIcon())
		text.TextStyle = fyne.TextStyle{Monospace: true, Italic: true}
		text.SetText(r.carried.String())
		msg.SetText("carried over: goes on unless replaced (cancel it under Details)")
		msg.Show()
		return
	}
	if r.index < 0 {
		icon.SetResource(theme.FolderOpenIcon())
		text.TextStyle = fyne.TextStyle{Bold: true}
		text.SetText(r.title)
		msg.SetText("")
		msg.Hide()
		return
	}
	msg.Show()
	ord := x.draft.Orders()[r.index]
	text.TextStyle = fyne.TextStyle{Monospace: true}
	text.SetText(ord.String())
	res := x.draft.ResultsOf(r.index)
	switch {
	case hasSeverity(res, check.Error):
		icon.SetResource(theme.NewErrorThemedResource(theme.ErrorIcon()))
	case len(res) > 0:
		icon.SetResource(theme.NewWarningThemedResource(theme.WarningIcon()))
	default:
		icon.SetResource(theme.NewSuccessThemedResource(theme.ConfirmIcon()))
	}
	var parts []string
	for _, d := range res {
		parts = append(parts, d.Message)
	}
	if len(parts) == 0 {
		parts = append(parts, ord.Code.What())
	}
	msg.SetText(strings.Join(parts, "; "))
}

func hasSeverity(ds []check.Diagnostic, s check.Severity) bool {
	for _, d := range ds {
		if d.Severity == s {
			return true
		}
	}
	return false
}

// attachDraft makes d the game's draft and restores it from the workspace.
func (x *App) attachDraft(d *draft.Draft) {
	x.draft = d
	d.OnChange = func() { x.ordersChanged(true) }
	x.ordersChanged(false)
}

// ordersChanged refreshes everything that shows the orders; save says
// whether the draft is to be saved.
func (x *App) ordersChanged(save bool) {
	start := time.Now()
	u := x.ord
	d := x.draft
	if d == nil {
		return
	}
	u.rows = u.rows[:0]
	for _, g := range d.Groups() {
		u.rows = append(u.rows, orderRow{title: g.Title, index: -1})
		for _, i := range g.Orders {
			u.rows = append(u.rows, orderRow{index: i})
		}
	}
	// Orders carried over go on unless replaced: show them as such.
	first := true
	fleetOrdered := map[int]bool{}
	for _, o := range d.Orders() {
		if o.Fleet {
			fleetOrdered[o.Subject()] = true
		}
	}
	inFleet := map[int]int{}
	for _, f := range x.game.K.Fleets {
		for _, s := range f.Ships {
			inFleet[s] = f.ID
		}
	}
	for _, s := range x.game.K.Ships {
		if s.Standing.Code == order.Invalid || fleetOrdered[inFleet[s.ID]] {
			continue
		}
		if _, own := newOrderOf(d, s.ID); own {
			continue
		}
		if first {
			u.rows = append(u.rows, orderRow{title: "Carried over from last turn", index: -1})
			first = false
		}
		u.rows = append(u.rows, orderRow{index: -1, carried: s.Standing})
	}
	// Titles take one line; orders two (the order, then the verdict).
	oneLine := widget.NewLabel("Ship").MinSize().Height
	twoLines := u.list.CreateItem().MinSize().Height
	for i, r := range u.rows {
		if r.index < 0 && r.carried.Code == order.Invalid {
			u.list.SetItemHeight(i, oneLine)
		} else {
			u.list.SetItemHeight(i, twoLines)
		}
	}
	u.list.Refresh()
	errs, warns := 0, 0
	for _, r := range d.Results() {
		if r.Severity == check.Error {
			errs++
		} else {
			warns++
		}
	}
	u.summary.SetText(fmt.Sprintf("%d orders · %d errors · %d warnings", len(d.Orders()), errs, warns))
	if d.CanUndo() {
		u.undo.Enable()
	} else {
		u.undo.Disable()
	}
	if d.CanRedo() {
		u.redo.Enable()
	} else {
		u.redo.Disable()
	}
	if !u.typing {
		u.stale = true
		x.syncText()
	}
	x.mapView.SetCourses(coursesOf(d))
	if strings.HasPrefix(x.selected, "ship:") {
		_, id := splitKey(x.selected)
		u.station.SetChecked(d.OnStation(id))
	}
	if save {
		x.saveDraft()
	}
	x.lastCheck = time.Since(start)
}

// coursesOf converts the draft's courses for the map.
func coursesOf(d *draft.Draft) []render3d.Course {
	v := func(p geom.Point) render3d.Vec { return render3d.Vec{float64(p.X), float64(p.Y), float64(p.Z)} }
	var out []render3d.Course
	for _, c := range d.Courses() {
		rc := render3d.Course{From: v(c.From), To: v(c.To), Stop: v(c.Stop), Error: c.Errors}
		switch {
		case c.Hyper:
			rc.Kind = render3d.CourseHyper
		case c.Jump:
			rc.Kind = render3d.CourseWarp
		}
		for _, m := range c.Marks {
			rc.Marks = append(rc.Marks, v(m))
		}
		out = append(out, rc)
	}
	return out
}

// syncText brings the text view up to date with the draft, when it shows:
// laying out a long text costs Fyne tens of milliseconds, so a hidden
// view waits until it is opened.
func (x *App) syncText() {
	u := x.ord
	if !u.stale || x.draft == nil || (x.rightTabs != nil && x.rightTabs.SelectedIndex() != 2) {
		return
	}
	u.stale = false
	if text := x.draft.Text(); text != u.text.Text {
		u.text.OnChanged = nil
		u.text.SetText(text)
		u.text.OnChanged = func(s string) { x.textChanged(s) }
	}
	x.showTextMessages(nil)
}

// textChanged takes the typed orders when every line reads as an order.
func (x *App) textChanged(s string) {
	if x.draft == nil {
		return
	}
	orders, bad := draft.ParseText(s)
	if len(bad) > 0 {
		x.showTextMessages(bad)
		return
	}
	x.ord.typing = true
	x.draft.SetAll(orders)
	x.ord.typing = false
	x.showTextMessages(nil)
}

// showTextMessages lists, by line of the text, what is wrong.
func (x *App) showTextMessages(bad []order.LineError) {
	var lines []string
	for _, b := range bad {
		lines = append(lines, fmt.Sprintf("line %d: %s (not taken until it reads as an order)", b.Line, b.Err))
	}
	if len(bad) == 0 && x.draft != nil {
		// The text holds the draft's orders one a line, blank and comment
		// lines aside: map each order to its line.
		lineOf := textLines(x.ord.text.Text)
		for _, d := range x.draft.Results() {
			n := d.Order + 1
			if d.Order < len(lineOf) {
				n = lineOf[d.Order]
			}
			lines = append(lines, fmt.Sprintf("line %d: %s %s: %s", n, d.Severity, d.Code, d.Message))
		}
	}
	if len(lines) == 0 {
		lines = []string{"All orders check out."}
	}
	x.ord.msgs = lines
	x.ord.textMsgs.Refresh()
}

func textLines(s string) []int {
	var out []int
	for i, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		if t != "" && !strings.HasPrefix(t, "#") {
			out = append(out, i+1)
		}
	}
	return out
}

func (x *App) undoOrders() {
	if x.draft != nil {
		x.draft.Undo()
	}
}

func (x *App) redoOrders() {
	if x.draft != nil {
		x.draft.Redo()
	}
}

func (x *App) moveChosen(dir int) {
	u := x.ord
	if x.draft == nil || u.chosen < 0 {
		return
	}
	u.chosen = x.draft.Move(u.chosen, dir)
	for i, r := range u.rows {
		if r.index == u.chosen {
			u.list.Select(i)
		}
	}
}

func (x *App) editChosen() {
	if x.draft == nil || x.ord.chosen < 0 {
		return
	}
	i := x.ord.chosen
	o := x.draft.Orders()[i]
	x.orderForm(o.Code, o, func(n order.Order) { x.draft.Replace(i, n) })
}

// NextShip selects the next ship that has no battle/movement order.
func (x *App) NextShip() {
	if x.draft == nil {
		return
	}
	after := 0
	if strings.HasPrefix(x.selected, "ship:") {
		_, after = splitKey(x.selected)
	}
	id, ok := x.draft.NextShipWithoutOrders(after)
	if !ok {
		x.status.SetText("Every ship has a battle/movement order or is on station.")
		return
	}
	x.Select(shipKey(id), "tree")
}

// updatePalette offers the orders of the selection.
func (x *App) updatePalette(key string) {
	u := x.ord
	u.palette.RemoveAll()
	u.station.Hide()
	u.hint.SetText("")
	if x.game == nil || x.draft == nil {
		return
	}
	kind, id := splitKey(key)
	group := func(title string, codes []order.Code) {
		if len(codes) == 0 {
			return
		}
		u.palette.Add(widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		var buttons []fyne.CanvasObject
		for _, c := range codes {
			c := c
			b := widget.NewButton(c.String(), func() { x.newOrder(key, c) })
			b.Importance = widget.LowImportance
			buttons = append(buttons, b)
		}
		u.palette.Add(container.NewGridWrap(fyne.NewSize(64, 36), buttons...))
	}
	switch kind {
	case "ship":
		s, ok := x.game.Ships[id]
		if !ok {
			return
		}
		if x.game.own(s) {
			battle, general := x.draft.Palette(id)
			group("Battle/movement orders", battle)
			group("General orders", general)
			u.station.Show()
			u.station.SetChecked(x.draft.OnStation(id))
			if o, ok := x.draft.HasBattleOrder(id); ok {
				if _, mine := newOrderOf(x.draft, id); !mine && s.Standing.Code != 0 {
					b := widget.NewButton("Cancel carried-over "+o.String(), func() {
						if _, err := x.draft.CancelStanding(id); err != nil {
							dialog.ShowError(err, x.win)
						}
					})
					u.palette.Add(b)
				}
			}
		} else {
			group("Orders about this ship", []order.Code{order.SS})
		}
	case "fleet":
		group("Fleet orders", draft.FleetPalette())
	case "planet":
		p, ok := x.game.Planets[id]
		if !ok {
			return
		}
		group("Planet orders", draft.PlanetPalette(p.Owner == x.game.K.Empire.Player && p.Kind != model.Trading))
	case "officer":
		group("Officer", []order.Code{order.NameOfficer})
	}
}

func newOrderOf(d *draft.Draft, ship int) (order.Order, bool) {
	for _, o := range d.Orders() {
		if !o.Fleet && o.Class() == order.BattleMovement && o.Subject() == ship {
			return o, true
		}
	}
	return order.Order{}, false
}

func (x *App) showPalette(key string, codes []order.Code) {
	var buttons []fyne.CanvasObject
	var d dialog.Dialog
	for _, c := range codes {
		c := c
		buttons = append(buttons, widget.NewButton(c.String()+" "+c.What(), func() {
			d.Hide()
			x.newOrder(key, c)
		}))
	}
	d = dialog.NewCustom("Empire orders", "Close", container.NewGridWithColumns(2, buttons...), x.win)
	d.Show()
}

// newOrder starts the form for a new order of code c for the object key.
func (x *App) newOrder(key string, c order.Code) {
	o := order.Order{Code: c}
	kind, id := splitKey(key)
	if kind == "fleet" && c != order.PR {
		o.Fleet = true
	}
	if kind != "empire" && len(c.Args()) > 0 && c.Args()[0].Role == order.RoleSubject {
		o.Args[0], o.N = id, 1
	}
	x.orderForm(c, o, func(n order.Order) {
		i := x.draft.Add(n)
		x.ord.chosen = i
	})
}

// field is one input of an order form.
type field struct {
	arg  order.Arg
	w    fyne.CanvasObject
	get  func() string
	set  func(string)
	pick string // "ship", "planet", "point": what a click on the map gives
}

// orderForm asks for an order's arguments, starting from o, and calls done
// with the order when it reads right.
func (x *App) orderForm(c order.Code, o order.Order, done func(order.Order)) {
	var fields []*field
	args := c.Args()
	val := func(i int) string {
		if i < int(o.N) {
			return strconv.Itoa(o.Args[i])
		}
		return ""
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		f := &field{arg: a}
		switch a.Role {
		case order.RoleX:
			xs, ys, zs := widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
			xs.SetText(val(i))
			ys.SetText(val(i + 1))
			zs.SetText(val(i + 2))
			f.arg.Name = "location X, Y, Z"
			f.w = container.NewGridWithColumns(3, xs, ys, zs)
			f.get = func() string { return xs.Text + " " + ys.Text + " " + zs.Text }
			f.set = func(s string) {
				p := strings.Fields(s)
				if len(p) == 3 {
					xs.SetText(p[0])
					ys.SetText(p[1])
					zs.SetText(p[2])
				}
			}
			f.pick = "point"
			i += 2
		case order.RolePlayer:
			opts := []string{}
			if c == order.EN || c == order.EP || c == order.ST || c == order.SL || c == order.AB || c == order.DF || c == order.FP {
				opts = append(opts, "0 all but allies", "88 declared enemies")
			}
			if c != order.GiftShip && c != order.GiftPlanet {
				opts = append(opts, "99 Dark Lord Sauran")
			}
			for p := 1; p <= x.rules.Game.MaxPlayers; p++ {
				if p != x.game.K.Empire.Player {
					opts = append(opts, strconv.Itoa(p))
				}
			}
			e := widget.NewSelectEntry(opts)
			e.SetText(val(i))
			f.w, f.get, f.set = e, func() string { return firstWord(e.Text) }, e.SetText
		case order.RoleOre:
			opts := []string{"1", "2", "3", "4", "5"}
			if c == order.LO || c == order.UL {
				opts = append([]string{"0 all types"}, opts...)
			}
			e := widget.NewSelectEntry(opts)
			e.SetText(val(i))
			f.w, f.get, f.set = e, func() string { return firstWord(e.Text) }, e.SetText
		case order.RoleShipType:
			var opts []string
			for t := 1; t <= len(x.rules.Ships); t++ {
				st := x.rules.Ship(t)
				opts = append(opts, fmt.Sprintf("%d %s (%s credits)", t, st.Name, turnsheet.Grouped(st.Cost)))
			}
			e := widget.NewSelectEntry(opts)
			e.SetText(val(i))
			f.w, f.get, f.set = e, func() string { return firstWord(e.Text) }, e.SetText
		case order.RoleAbility, order.RoleAbility2:
			var opts []string
			for ab := 1; ab <= rules.Abilities; ab++ {
				opts = append(opts, fmt.Sprintf("%d %s", ab, x.rules.Ability(ab).Name))
			}
			e := widget.NewSelectEntry(opts)
			e.SetText(val(i))
			f.w, f.get, f.set = e, func() string { return firstWord(e.Text) }, e.SetText
		default:
			e := widget.NewEntry()
			e.SetText(val(i))
			f.w, f.get, f.set = e, func() string { return e.Text }, e.SetText
			switch {
			case a.Role == order.RoleTarget:
				f.pick = "ship"
			case a.Role == order.RolePlanet:
				f.pick = "planet"
			}
		}
		if a.Optional {
			f.arg.Name += " (may be left out)"
		}
		fields = append(fields, f)
	}
	var textEntry *widget.Entry
	if c.HasText() {
		textEntry = widget.NewEntry()
		textEntry.SetText(o.Text)
	}
	var items []*widget.FormItem
	var dlg dialog.Dialog
	for _, f := range fields {
		f := f
		w := f.w
		if f.pick != "" {
			pick := widget.NewButtonWithIcon("", theme.SearchIcon(), func() {
				dlg.Hide()
				x.pickOnMap(f, o, func() { dlg.Show() })
			})
			w = container.NewBorder(nil, nil, nil, pick, f.w)
		}
		items = append(items, widget.NewFormItem(capital(f.arg.Name), w))
	}
	if textEntry != nil {
		name := "Name"
		if c == order.Broadcast {
			name = "Text"
		}
		items = append(items, widget.NewFormItem(name, textEntry))
	}
	if hint := x.limits(c, o); hint != "" {
		l := widget.NewLabel(hint)
		l.Wrapping = fyne.TextWrapWord
		items = append(items, widget.NewFormItem("", l))
	}
	title := c.String() + " — " + c.What()
	if o.Fleet {
		title = "FLEET " + title
	}
	dlg = dialog.NewForm(title, "OK", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		var b strings.Builder
		if o.Fleet {
			b.WriteString("FLEET ")
		}
		b.WriteString(c.String())
		for _, f := range fields {
			if v := strings.TrimSpace(f.get()); v != "" {
				b.WriteString(" " + v)
			}
		}
		if textEntry != nil {
			b.WriteString(" " + textEntry.Text)
		}
		n, err := order.Parse(b.String())
		if err != nil {
			// Say what is wrong, then give the form back with what was typed:
			// a hidden dialog keeps its fields.
			e := dialog.NewError(fmt.Errorf("%s: %v", b.String(), err), x.win)
			e.SetOnClosed(dlg.Show)
			e.Show()
			return
		}
		done(n)
	}, x.win)
	dlg.Resize(fyne.NewSize(520, 0))
	dlg.Show()
	x.ord.form = dlg
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pickOnMap lets the next click on the map fill a field: a ship's or a
// planet's number, or a point in space on the level plane through the
// order's ship (or the place of what was clicked).
func (x *App) pickOnMap(f *field, o order.Order, back func()) {
	what := map[string]string{"ship": "a ship", "planet": "a planet", "point": "a place (or a planet or ship)"}[f.pick]
	x.status.SetText("Click " + what + " on the map for the order's " + f.arg.Name + "; Esc to cancel.")
	z := 0.0
	if s, ok := x.game.Ships[o.Subject()]; ok && !o.Fleet {
		z = float64(s.Loc.Z)
	} else if fl, ok := x.game.Fleets[o.Subject()]; ok && o.Fleet {
		z = float64(fl.Loc.Z)
	}
	x.mapView.OnClick = func(i int, pos fyne.Position) bool {
		x.mapView.OnClick = nil
		x.status.SetText(x.game.Status())
		var b *render3d.Body
		if i >= 0 {
			b = &x.game.Map.Bodies[i]
		}
		switch f.pick {
		case "ship":
			if b != nil && b.Kind.IsShip() {
				f.set(strconv.Itoa(b.IDs[0]))
			}
		case "planet":
			if b != nil && !b.Kind.IsShip() {
				f.set(strconv.Itoa(b.IDs[0]))
			}
		case "point":
			if b != nil {
				f.set(fmt.Sprintf("%d %d %d", b.Loc.X, b.Loc.Y, b.Loc.Z))
			} else if p, ok := x.mapView.PlanePoint(pos, z); ok {
				f.set(fmt.Sprintf("%d %d %d", geomRound(p[0]), geomRound(p[1]), geomRound(p[2])))
			}
		}
		back()
		return true
	}
}

func geomRound(v float64) int { return geom.Round(v) }

// limits says, for an order that carries or moves something, how much the
// ship can take: cargo room by ore type, fuel, population.
func (x *App) limits(c order.Code, o order.Order) string {
	s, ok := x.game.Ships[o.Subject()]
	if !ok || o.Fleet || !x.game.own(s) {
		return ""
	}
	t := x.rules.Ship(s.Type)
	if t == nil {
		return ""
	}
	switch c {
	case order.LO, order.UL:
		if !t.CarriesCargo() {
			return ""
		}
		free := t.Cargo.N*x.rules.CargoScale() - x.rules.CargoNeeded(s.Cargo)
		var room []string
		for ty := 1; ty <= rules.OreTypes; ty++ {
			per := x.rules.CargoScale() / x.rules.Ore.PerCargoUnit[ty-1]
			room = append(room, fmt.Sprintf("%d: %d", ty, free/per))
		}
		return fmt.Sprintf("Aboard: %s. Room for more, by ore type: %s. An amount of 0 means as much as possible.",
			oreList(s.Cargo), strings.Join(room, ", "))
	case order.LF, order.UF, order.RF:
		if t.MaxFuel.OK {
			return fmt.Sprintf("Fuel %d of %d. An amount of 0 means as much as possible.", s.Fuel, t.MaxFuel.N)
		}
	case order.LP, order.UP:
		if t.Population > 0 {
			return fmt.Sprintf("Population aboard %d of %d. An amount of 0 means as much as possible.", s.Population, t.Population)
		}
	case order.MO, order.EN, order.ST, order.MP, order.EP, order.SL:
		return fmt.Sprintf("Moves up to %d a turn, a third each phase; fuel %d.", model.MoveRange(x.rules, s, x.game.Officers), s.Fuel)
	case order.WD, order.WP:
		return fmt.Sprintf("A jump anywhere within %d of Silverfall costs %d defence units (has %d).",
			x.rules.Movement.WarpdriveRadius, x.rules.Movement.WarpdriveDefenceCost, s.Defence)
	}
	return ""
}

func oreList(o model.Ore) string {
	var p []string
	for i, n := range o {
		if n > 0 {
			p = append(p, fmt.Sprintf("%d of type %d", n, i+1))
		}
	}
	if len(p) == 0 {
		return "no ore"
	}
	return strings.Join(p, ", ")
}

// orderFile is the draft as an order file.
func (x *App) orderFile() *orderwriter.File {
	k := x.game.K
	return &orderwriter.File{Game: k.Game, Player: k.Empire.Player, Turn: k.Turn + 1, Orders: x.draft.Orders()}
}

// OrderFileText is the draft as the order file's text.
func (x *App) OrderFileText() string {
	var b bytes.Buffer
	orderwriter.Write(&b, x.orderFile())
	return b.String()
}

// saveDraft saves the draft and the view's state in the workspace.
func (x *App) saveDraft() {
	if x.ws == nil || x.draft == nil {
		return
	}
	if err := x.ws.SaveDraft(x.orderFile()); err != nil {
		x.status.SetText("the draft could not be saved: " + err.Error())
	}
	x.saveView()
}

// Draft is the orders being written, or nil.
func (x *App) Draft() *draft.Draft { return x.draft }

// problems lists the draft's errors for the export question.
func (x *App) problems() []string {
	var out []string
	for _, d := range x.draft.Results() {
		if d.Severity == check.Error {
			out = append(out, fmt.Sprintf("%s: %s", x.draft.Orders()[d.Order], d.Message))
		}
	}
	sort.Strings(out)
	return out
}
