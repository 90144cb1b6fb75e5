package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/internal/plural"
	"silverfall/render3d"
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
}

func newFormSelect(opts []string, onEscape func()) *formSelect {
	e := &formSelect{onEscape: onEscape}
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

// field is one input of an order form.
type field struct {
	arg   order.Arg
	w     fyne.CanvasObject
	get   func() string
	set   func(string)
	focus fyne.Focusable
	pick  string // "ship", "planet", "point": what a click on the map gives
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
		i := x.Draft().Add(n)
		x.orders.choose(i)
	})
}

// editOrder opens the form for order i of the draft.
func (x *App) editOrder(i int) {
	d := x.Draft()
	if d == nil || i < 0 || i >= len(d.Orders()) {
		return
	}
	o := d.Orders()[i]
	x.orderForm(o.Code, o, func(n order.Order) { d.Replace(i, n) })
}

// empireOrders offers the orders of the empire as a whole.
func (x *App) empireOrders() {
	var buttons []fyne.CanvasObject
	var d dialog.Dialog
	for _, c := range draft.EmpirePalette() {
		c := c
		b := newTipButton(orderButtonLabel(c), c.Usage()+": "+c.Rule(), x.tips, func() {
			d.Hide()
			x.newOrder("empire", c)
		})
		b.Alignment = widget.ButtonAlignLeading
		buttons = append(buttons, b)
	}
	d = dialog.NewCustom("Empire orders", "Close", container.NewGridWithColumns(2, buttons...), x.win)
	d.Show()
}

func (x *App) closeForm() {
	if x.form != nil {
		x.form.Hide()
		x.form = nil
	}
}

// orderForm asks for an order's arguments, starting from o, and calls done
// with the order when it reads right. Enter submits, Escape cancels.
func (x *App) orderForm(c order.Code, o order.Order, done func(order.Order)) {
	x.closeForm()
	var dlg *dialog.FormDialog
	cancel := func() {
		if dlg != nil {
			dlg.Hide()
		}
	}
	submit := func(string) {
		if dlg != nil {
			dlg.Submit()
		}
	}
	entry := func() *formEntry {
		e := newFormEntry(cancel)
		e.OnSubmitted = submit
		return e
	}
	choice := func(opts []string) *formSelect {
		e := newFormSelect(opts, cancel)
		e.OnSubmitted = submit
		return e
	}
	var fields []*field
	args := c.Args()
	val := func(i int) string {
		if i < int(o.N) {
			return strconv.Itoa(o.Args[i])
		}
		return ""
	}
	g := x.Game()
	for i := 0; i < len(args); i++ {
		a := args[i]
		f := &field{arg: a}
		switch a.Role {
		case order.RoleX:
			xs, ys, zs := entry(), entry(), entry()
			xs.SetText(val(i))
			ys.SetText(val(i + 1))
			zs.SetText(val(i + 2))
			f.arg.Name = "location X, Y, Z"
			f.w, f.focus = container.NewGridWithColumns(3, xs, ys, zs), xs
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
				if p != g.K.Empire.Player {
					opts = append(opts, strconv.Itoa(p))
				}
			}
			e := choice(opts)
			e.SetText(val(i))
			f.w, f.focus, f.get, f.set = e, e, func() string { return firstWord(e.Text) }, e.SetText
		case order.RoleOre:
			opts := []string{"1", "2", "3", "4", "5"}
			if c == order.LO || c == order.UL {
				opts = append([]string{"0 all types"}, opts...)
			}
			e := choice(opts)
			e.SetText(val(i))
			f.w, f.focus, f.get, f.set = e, e, func() string { return firstWord(e.Text) }, e.SetText
		case order.RoleShipType:
			var opts []string
			for t := 1; t <= len(x.rules.Ships); t++ {
				st := x.rules.Ship(t)
				opts = append(opts, fmt.Sprintf("%d %s (%s credits)", t, st.Name, turnsheet.Grouped(st.Cost)))
			}
			e := choice(opts)
			e.SetText(val(i))
			f.w, f.focus, f.get, f.set = e, e, func() string { return firstWord(e.Text) }, e.SetText
		case order.RoleAbility, order.RoleAbility2:
			var opts []string
			for ab := 1; ab <= rules.Abilities; ab++ {
				opts = append(opts, fmt.Sprintf("%d %s", ab, x.rules.Ability(ab).Name))
			}
			e := choice(opts)
			e.SetText(val(i))
			f.w, f.focus, f.get, f.set = e, e, func() string { return firstWord(e.Text) }, e.SetText
		default:
			e := entry()
			e.SetText(val(i))
			f.w, f.focus, f.get, f.set = e, e, func() string { return e.Text }, e.SetText
			switch a.Role {
			case order.RoleTarget:
				f.pick = "ship"
			case order.RolePlanet:
				f.pick = "planet"
			}
		}
		if a.Optional {
			f.arg.Name += " (may be left out)"
		}
		fields = append(fields, f)
	}
	var textEntry *formEntry
	if c.HasText() {
		textEntry = entry()
		textEntry.SetText(o.Text)
	}
	var items []*widget.FormItem
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
	if rule := c.Rule(); rule != "" {
		l := widget.NewLabel(rule)
		l.Wrapping = fyne.TextWrapWord
		l.Importance = widget.LowImportance
		items = append(items, widget.NewFormItem("", l))
	}
	title := c.String() + " — " + c.What()
	if o.Fleet {
		title = "FLEET " + title
	}
	dlg = dialog.NewForm(title, "OK", "Cancel", items, func(ok bool) {
		if x.form == dlg {
			x.form = nil
		}
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
			e.SetOnClosed(func() {
				x.form = dlg
				dlg.Show()
			})
			e.Show()
			return
		}
		done(n)
	}, x.win)
	dlg.Resize(fyne.NewSize(520, 0))
	dlg.Show()
	x.form = dlg
	// The cursor goes to the first field that is still empty.
	for _, f := range fields {
		if strings.TrimSpace(f.get()) == "" && f.focus != nil {
			x.win.Canvas().Focus(f.focus)
			return
		}
	}
	if textEntry != nil {
		x.win.Canvas().Focus(textEntry)
	} else if len(fields) > 0 && fields[0].focus != nil {
		x.win.Canvas().Focus(fields[0].focus)
	}
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
	g := x.Game()
	what := map[string]string{"ship": "a ship", "planet": "a planet", "point": "a place (or a planet or ship)"}[f.pick]
	x.status.say("Click " + what + " on the map for the order's " + f.arg.Name + "; Esc to cancel.")
	z := 0.0
	if s, ok := g.Ships[o.Subject()]; ok && !o.Fleet {
		z = float64(s.Loc.Z)
	} else if fl, ok := g.Fleets[o.Subject()]; ok && o.Fleet {
		z = float64(fl.Loc.Z)
	}
	x.mapView.OnClick = func(i int, pos fyne.Position) bool {
		x.mapView.OnClick = nil
		x.status.say("")
		var b *render3d.Body
		if i >= 0 {
			b = &g.Map.Bodies[i]
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
				f.set(fmt.Sprintf("%d %d %d", geom.Round(p[0]), geom.Round(p[1]), geom.Round(p[2])))
			}
		}
		back()
		return true
	}
}

// limits says, for an order that carries or moves something, how much the
// ship can take: cargo room by ore type, fuel, population.
func (x *App) limits(c order.Code, o order.Order) string {
	g := x.Game()
	s, ok := g.Ships[o.Subject()]
	if !ok || o.Fleet || !g.own(s) {
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
		return fmt.Sprintf("Moves up to %d a turn, a third each phase; fuel %d.", model.MoveRange(x.rules, s, g.Officers), s.Fuel)
	case order.WD, order.WP:
		return fmt.Sprintf("A jump anywhere within %d of Silverfall costs %s (has %d).",
			x.rules.Movement.WarpdriveRadius, plural.Count(x.rules.Movement.WarpdriveDefenceCost, "defence unit"), s.Defence)
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

func (x *App) undoOrders() {
	if d := x.Draft(); d != nil {
		d.Undo()
	}
}

func (x *App) redoOrders() {
	if d := x.Draft(); d != nil {
		d.Redo()
	}
}

// NextShip selects the next ship that has no battle/movement order, shows
// it in the tree and on the map, and brings up the orders it can take.
func (x *App) NextShip() {
	d := x.Draft()
	if d == nil {
		return
	}
	after := 0
	if kind, id := splitKey(x.Selected()); kind == "ship" {
		after = id
	}
	id, ok := d.NextShipWithoutOrders(after)
	if !ok {
		x.status.say("Every ship has a battle/movement order or is on station.")
		return
	}
	x.rightTabs.SelectIndex(0)
	x.st.Select(shipKey(id), "next")
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
