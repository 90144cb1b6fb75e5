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

	"silverfall/engine/check"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/internal/plural"
)

// orderForm asks for one order's arguments. Its fields are built from the
// order code's arguments by their roles (see fieldKinds); Enter submits,
// Escape cancels, and a field that names a ship, a planet or a place can
// be filled by a pick on the map.
type orderForm struct {
	st     *State
	win    fyne.Window
	picker *MapView
	code   order.Code
	start  order.Order // the order as it stands (subject and fleet set)
	done   func(order.Order)

	fields []*field
	text   *formEntry // the name or broadcast text, for codes with text
	// journey says what a move takes, for the codes that move a ship.
	journey *journeyNote
	dlg     *dialog.FormDialog
	// picking is set while the form is hidden for a pick on the map: the
	// dialog answers "cancelled" when hidden, which then means nothing.
	picking bool
	// closed is called once the form is gone for good.
	closed func()
}

// field is one input of an order form.
type field struct {
	name  string
	w     fyne.CanvasObject
	get   func() string
	set   func(string)
	focus fyne.Focusable
	pick  PickKind // what a pick on the map gives; PickNothing for none
}

// fieldKind is how a form asks for arguments of one role: how many of the
// order's arguments it takes, and the field it builds from their values.
type fieldKind struct {
	args  int
	build func(f *orderForm, arg order.Arg, vals []string) *field
}

// fieldKinds maps each argument role to its kind of field; roles not
// listed are typed as numbers.
var fieldKinds = map[order.Role]fieldKind{
	order.RoleX:        {3, pointField},
	order.RolePlayer:   {1, playerField},
	order.RoleOre:      {1, oreField},
	order.RoleShipType: {1, shipTypeField},
	order.RoleAbility:  {1, abilityField},
	order.RoleAbility2: {1, abilityField},
	order.RoleTarget:   {1, pickedNumberField(PickShip)},
	order.RolePlanet:   {1, pickedNumberField(PickPlanet)},
}

var numberKind = fieldKind{1, func(f *orderForm, a order.Arg, vals []string) *field {
	e := f.entry(vals[0])
	return &field{w: e, focus: e, get: func() string { return e.Text }, set: e.SetText}
}}

// newOrderForm builds the form for code c starting from o; done gets the
// order when it reads right.
func newOrderForm(st *State, win fyne.Window, picker *MapView, c order.Code, o order.Order, done func(order.Order)) *orderForm {
	f := &orderForm{st: st, win: win, picker: picker, code: c, start: o, done: done}
	args := c.Args()
	for i := 0; i < len(args); {
		kind, ok := fieldKinds[args[i].Role]
		if !ok {
			kind = numberKind
		}
		n := min(kind.args, len(args)-i)
		vals := make([]string, kind.args)
		for j := 0; j < n; j++ {
			if i+j < int(o.N) {
				vals[j] = strconv.Itoa(o.Args[i+j])
			}
		}
		fd := kind.build(f, args[i], vals)
		if fd.name == "" {
			fd.name = args[i].Name
		}
		if o.Fleet && args[i].Role == order.RoleSubject {
			fd.name = "fleet" // a fleet's order names the fleet, not a ship
		}
		if args[i].Optional {
			// Said in the field, not its label: a long label takes the
			// width the field needs to show a choice whole.
			switch e := fd.w.(type) {
			case *formEntry:
				e.SetPlaceHolder("may be left out")
			case *formSelect:
				e.SetPlaceHolder("may be left out")
			default:
				fd.name += " (may be left out)"
			}
		}
		f.fields = append(f.fields, fd)
		i += n
	}
	if c.HasText() {
		f.text = f.entry(o.Text)
	}
	f.journey = newJourneyNote(f)
	return f
}

func (f *orderForm) entry(text string) *formEntry {
	e := newFormEntry(f.cancel)
	e.OnSubmitted = func(string) { f.submit() }
	e.SetText(text)
	e.OnChanged = func(string) {
		if f.journey != nil {
			f.journey.update()
		}
	}
	return e
}

func (f *orderForm) choice(opts []string, text string) *field {
	e := newFormSelect(opts, f.cancel)
	e.OnSubmitted = func(string) { f.submit() }
	e.SetText(text)
	return &field{w: e, focus: e, get: func() string { return firstWord(e.Text) }, set: e.SetText}
}

func pointField(f *orderForm, _ order.Arg, vals []string) *field {
	xs, ys, zs := f.entry(vals[0]), f.entry(vals[1]), f.entry(vals[2])
	return &field{
		name: "location X, Y, Z", w: container.NewGridWithColumns(3, xs, ys, zs), focus: xs, pick: PickPoint,
		get: func() string { return xs.Text + " " + ys.Text + " " + zs.Text },
		set: func(s string) {
			if p := strings.Fields(s); len(p) == 3 {
				xs.SetText(p[0])
				ys.SetText(p[1])
				zs.SetText(p[2])
			}
		},
	}
}

// playerGroups are the codes whose player may be a group: everyone but
// allies (0) or the declared enemies (88).
var playerGroups = map[order.Code]bool{order.EN: true, order.EP: true, order.ST: true, order.SL: true, order.AB: true, order.DF: true, order.FP: true}

func playerField(f *orderForm, _ order.Arg, vals []string) *field {
	opts := []string{}
	if playerGroups[f.code] {
		opts = append(opts, "0 all but allies", "88 declared enemies")
	}
	if f.code != order.GiftShip && f.code != order.GiftPlanet {
		opts = append(opts, "99 Dark Lord Sauran")
	}
	g := f.st.Game()
	for p := 1; p <= g.R.Game.MaxPlayers; p++ {
		if p != g.K.Empire.Player {
			opts = append(opts, strconv.Itoa(p))
		}
	}
	return f.choice(opts, vals[0])
}

func oreField(f *orderForm, _ order.Arg, vals []string) *field {
	var opts []string
	if f.code == order.LO || f.code == order.UL {
		opts = append(opts, "0 all types")
	}
	for t := 1; t <= rules.OreTypes; t++ {
		opts = append(opts, strconv.Itoa(t))
	}
	return f.choice(opts, vals[0])
}

func shipTypeField(f *orderForm, _ order.Arg, vals []string) *field {
	r := f.st.Game().R
	var opts []string
	for t := 1; t <= len(r.Ships); t++ {
		st := r.Ship(t)
		opts = append(opts, fmt.Sprintf("%d %s (%s credits)", t, st.Name, num(st.Cost)))
	}
	return f.choice(opts, vals[0])
}

func abilityField(f *orderForm, _ order.Arg, vals []string) *field {
	r := f.st.Game().R
	var opts []string
	for ab := 1; ab <= rules.Abilities; ab++ {
		opts = append(opts, fmt.Sprintf("%d %s", ab, r.Ability(ab).Name))
	}
	return f.choice(opts, vals[0])
}

func pickedNumberField(k PickKind) func(*orderForm, order.Arg, []string) *field {
	return func(f *orderForm, a order.Arg, vals []string) *field {
		fd := numberKind.build(f, a, vals)
		fd.pick = k
		return fd
	}
}

// show opens the form with the cursor in the first empty field.
func (f *orderForm) show() {
	var items []*widget.FormItem
	for _, fd := range f.fields {
		w := fd.w
		if fd.pick != PickNothing {
			fd := fd
			pick := widget.NewButtonWithIcon("", theme.SearchIcon(), func() { f.pickOnMap(fd) })
			w = container.NewBorder(nil, nil, nil, pick, fd.w)
		}
		items = append(items, widget.NewFormItem(capital(fd.name), w))
	}
	if f.text != nil {
		name := "Name"
		if f.code == order.Broadcast {
			name = "Text"
		}
		items = append(items, widget.NewFormItem(name, f.text))
	}
	if f.journey != nil {
		f.journey.update()
		items = append(items, widget.NewFormItem("Journey", f.journey.label))
	}
	for i, note := range []string{f.limits(), f.code.Rule()} {
		if note == "" {
			continue
		}
		l := widget.NewLabel(note)
		l.Wrapping = fyne.TextWrapWord
		if i == 1 {
			l.Importance = widget.LowImportance
		}
		items = append(items, widget.NewFormItem("", l))
	}
	title := f.code.String() + " — " + f.code.What()
	if f.start.Fleet {
		title = "FLEET " + title
	}
	f.dlg = dialog.NewForm(title, "OK", "Cancel", items, f.answered, f.win)
	f.dlg.Resize(fyne.NewSize(520, 0))
	f.dlg.Show()
	f.focusFirstEmpty()
}

func (f *orderForm) focusFirstEmpty() {
	for _, fd := range f.fields {
		if strings.TrimSpace(fd.get()) == "" && fd.focus != nil {
			f.win.Canvas().Focus(fd.focus)
			return
		}
	}
	if f.text != nil {
		f.win.Canvas().Focus(f.text)
	} else if len(f.fields) > 0 && f.fields[0].focus != nil {
		f.win.Canvas().Focus(f.fields[0].focus)
	}
}

func (f *orderForm) cancel() {
	if f.dlg != nil {
		f.dlg.Hide()
	}
}

func (f *orderForm) submit() {
	if f.dlg != nil {
		f.dlg.Submit()
	}
}

// Text is the order as the fields spell it.
func (f *orderForm) Text() string {
	var b strings.Builder
	if f.start.Fleet {
		b.WriteString("FLEET ")
	}
	b.WriteString(f.code.String())
	for _, fd := range f.fields {
		if v := strings.TrimSpace(fd.get()); v != "" {
			b.WriteString(" " + v)
		}
	}
	if f.text != nil {
		b.WriteString(" " + f.text.Text)
	}
	return b.String()
}

// answered takes the dialog's answer: an order that does not read is
// said, and the form comes back with what was typed.
func (f *orderForm) answered(ok bool) {
	if !ok {
		if !f.picking {
			f.finish()
		}
		return
	}
	text := f.Text()
	n, err := order.Parse(text)
	if err != nil {
		e := showError(fmt.Errorf("%s: %v", text, err), f.win)
		e.SetOnClosed(func() {
			f.dlg.Show()
			f.focusFirstEmpty()
		})
		return
	}
	f.finish()
	f.done(n)
}

func (f *orderForm) finish() {
	if f.closed != nil {
		f.closed()
		f.closed = nil
	}
}

// close takes the form away without an answer.
func (f *orderForm) close() {
	f.picking = false
	f.picker.CancelPick()
	if f.dlg != nil {
		f.dlg.Hide()
	}
	f.finish()
}

// pickOnMap hides the form while the player picks on the map what fills
// fd, then brings it back with the keyboard in that field.
func (f *orderForm) pickOnMap(fd *field) {
	f.picking = true
	f.dlg.Hide()
	// A point is picked on the level plane through the ship or fleet.
	z := 0
	if loc, ok := f.st.Game().Location(subjectKey(f.start)); ok {
		z = loc.Z
	}
	f.picker.RequestPick(fd.pick, "the order's "+fd.name, float64(z), func(p Pick, ok bool) {
		f.picking = false
		if ok {
			fd.set(p.Text())
		}
		f.dlg.Show()
		if fd.focus != nil {
			f.win.Canvas().Focus(fd.focus)
		}
	})
}

// limits says, for an order that carries or moves something, how much
// the ship can take, by the engine's figures.
func (f *orderForm) limits() string {
	g, d := f.st.Game(), f.st.Draft()
	if f.start.Fleet || d == nil {
		return ""
	}
	s, ok := g.Ships[f.start.Subject()]
	if !ok || !g.own(s) {
		return ""
	}
	facts, ok := d.Ship(s.ID)
	t := g.R.Ship(s.Type)
	if !ok || t == nil {
		return ""
	}
	note := shipLimits(g.R, f.code, s, t, facts)
	if f.code == order.LO && note != "" {
		note += " " + planetBelow(g.R, g.K, s.Loc)
	}
	return note
}

func shipLimits(r *rules.Rules, c order.Code, s *model.Ship, t *rules.ShipType, facts check.ShipFacts) string {
	switch c {
	case order.LO, order.UL:
		if !t.CarriesCargo() {
			return ""
		}
		var room []string
		for ty, n := range facts.CargoRoom {
			room = append(room, fmt.Sprintf("%d: %d", ty+1, n))
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
		return fmt.Sprintf("Moves up to %d a turn, a third each phase; fuel %d.", facts.MoveRange, s.Fuel)
	case order.WD, order.WP:
		return fmt.Sprintf("A jump anywhere within %d of Silverfall costs %s (has %d).",
			r.Movement.WarpdriveRadius, plural.Count(r.Movement.WarpdriveDefenceCost, "defence unit"), s.Defence)
	}
	return ""
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
