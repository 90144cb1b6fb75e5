package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/internal/plural"
)

// setupForm is the form of a position's set-up (the book's "Position
// set-up"): the ship types with their figures, each with the ships of it
// chosen; the Commodore's race and levels; and, live, the ships, credits
// and points left and what stops the set-up from being taken. The limits
// are the engine's (setup.Check); the form only asks and shows. With
// header, it asks the game's name and the player's number as well (a set-up
// for a moderator's game); without, the practice game sets them.
type setupForm struct {
	r      *rules.Rules
	header bool
	game   *widget.Entry
	player *guardedSelect
	race   *guardedSelect
	levels [rules.Abilities]*guardedSelect
	rows   []*setupRow // the choosable types, by number
	// summary is the ships, credits and points left; why, what is wrong.
	summary, why, raceNote *widget.Label
	// changed is told after every change whether the set-up can be taken.
	changed func(ok bool)
	box     fyne.CanvasObject
	list    *container.Scroll // the ship types
	side    *container.Scroll // the Commodore and the figures left
}

// setupRow is one ship type of the form: how many are chosen and, for a
// customisable type, the units each of them gets.
type setupRow struct {
	t           *rules.ShipType
	n           int
	count       *widget.Label
	minus, plus *widget.Button
	fire, def   *guardedSelect // customisable types only
	// each is what one ship of a customisable type costs with the units
	// chosen: the table's "20,000+" is only its start.
	each *widget.Label
}

func newSetupForm(r *rules.Rules, header bool) *setupForm {
	f := &setupForm{r: r, header: header, summary: widget.NewLabel(""), why: widget.NewLabel("")}
	f.why.Wrapping = fyne.TextWrapWord
	f.summary.Wrapping = fyne.TextWrapWord
	f.why.Importance = widget.DangerImportance
	f.game = widget.NewEntry()
	f.game.SetPlaceHolder("the game's name, as the moderator gives it")
	f.game.OnChanged = func(string) { f.update() }
	var players []string
	for p := 1; p <= r.Game.MaxPlayers; p++ {
		players = append(players, strconv.Itoa(p))
	}
	f.player = newGuardedSelect(players, func(string) { f.update() })
	f.player.SetSelected("1")
	var races []string
	for _, rc := range r.Races {
		races = append(races, rc.Name)
	}
	f.race = newGuardedSelect(races, func(string) { f.update() })
	f.race.PlaceHolder = "choose the Commodore's race"
	top := r.Officers.CommodoreMaxStartLevel
	var lv []string
	for l := 0; l <= top; l++ {
		lv = append(lv, strconv.Itoa(l))
	}
	for a := range f.levels {
		f.levels[a] = newGuardedSelect(lv, func(string) { f.update() })
		f.levels[a].SetSelected("0")
	}
	for i := range r.Ships {
		if ok, _ := setup.Choosable(r, &r.Ships[i]); ok {
			f.rows = append(f.rows, f.newRow(&r.Ships[i]))
		}
	}
	f.box = f.layout()
	f.update()
	return f
}

// raceBonus says what extra levels a race's officers get (the Captains
// of it; never the Commodore).
func raceBonus(r *rules.Rules, rc *rules.Race) string {
	var bonus []string
	for a := 1; a <= rules.Abilities; a++ {
		if b := rc.Bonus[a]; b > 0 {
			bonus = append(bonus, fmt.Sprintf("+%d %s", b, r.Ability(a).Name))
		}
	}
	return strings.Join(bonus, ", ")
}

func (f *setupForm) newRow(t *rules.ShipType) *setupRow {
	row := &setupRow{t: t, count: widget.NewLabel("0")}
	row.minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { row.n--; f.update() })
	row.plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { row.n++; f.update() })
	if t.Customisable {
		units := func(u rules.Units) []string {
			var out []string
			for n := u.Min; n <= u.Max; n++ {
				out = append(out, strconv.Itoa(n))
			}
			return out
		}
		row.fire = newGuardedSelect(units(t.Fire), func(string) { f.update() })
		row.fire.SetSelected(strconv.Itoa(t.Fire.Max))
		row.def = newGuardedSelect(units(t.Defence), func(string) { f.update() })
		row.def.SetSelected(strconv.Itoa(t.Defence.Max))
		row.each = widget.NewLabel("")
	}
	return row
}

// setupColumns are the ship table's columns, as the rows print them.
const setupColumns = "No Type              Fire  Def Move FRng Comm Cargo Fuel     Cost"

// text is the row's figures, in the columns of setupColumns.
func (row *setupRow) text() string {
	t := row.t
	cost := setup.Credits(t.Cost)
	if t.Customisable {
		cost += "+"
	}
	return fmt.Sprintf("%2d %-17s %4s %4s %4s %4s %4s %5s %4s %8s", t.ID, t.Name, t.Fire, t.Defence,
		t.Movement, t.FireRange, t.CommRange, t.Cargo, t.MaxFuel, cost)
}

// layout puts the ship types on the left, in a scrolled list under their
// columns' heads, and the Commodore and the figures left on the right.
func (f *setupForm) layout() fyne.CanvasObject {
	mono := fyne.TextStyle{Monospace: true}
	var lines []fyne.CanvasObject
	for _, row := range f.rows {
		l := widget.NewLabelWithStyle(row.text(), fyne.TextAlignLeading, mono)
		lines = append(lines, container.NewHBox(l, row.minus, row.count, row.plus))
		if row.fire != nil {
			// The units on a line of their own, under the type's figures.
			lines = append(lines, container.NewHBox(layout.NewSpacer(), widget.NewLabel("with fire"), row.fire,
				widget.NewLabel("and defence"), row.def, row.each))
		}
	}
	head := widget.NewLabelWithStyle(setupColumns, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true, Bold: true})
	note := widget.NewLabel(fmt.Sprintf("Besides the battle station every position has: up to %d ships, %d of a type at most, %s credits in all. "+
		"Move, FRng and Comm are the movement, fire and communication ranges; a customisable type (+) costs %s a fire unit and %s a defence unit more.",
		f.r.Start.MaxShips, f.r.Start.MaxPerType, setup.Credits(f.r.Start.MaxShipsCost),
		setup.Credits(f.r.Building.CustomFireUnitCost), setup.Credits(f.r.Building.CustomDefenceUnitCost)))
	note.Wrapping = fyne.TextWrapWord
	f.list = container.NewVScroll(container.NewVBox(lines...))
	ships := container.NewBorder(container.NewVBox(note, head), nil, nil, nil, f.list)
	var abil []fyne.CanvasObject
	for a, s := range f.levels {
		abil = append(abil, widget.NewLabel(f.r.Ability(a+1).Name), s)
	}
	items := []*widget.FormItem{}
	if f.header {
		items = append(items, widget.NewFormItem("Game", f.game), widget.NewFormItem("Your player number", f.player))
	}
	items = append(items, widget.NewFormItem("Commodore's race", f.race))
	f.raceNote = widget.NewLabel("")
	f.raceNote.Wrapping = fyne.TextWrapWord
	right := container.NewVBox(widget.NewForm(items...), f.raceNote, container.NewGridWithColumns(4, abil...),
		widget.NewSeparator(), f.summary, f.why)
	f.side = container.NewVScroll(right)
	return container.NewBorder(nil, nil, nil, f.side, ships)
}

// sayRace tells what the race chosen means.
func (f *setupForm) sayRace() {
	o := f.r.Officers
	text := fmt.Sprintf("%d points for the Commodore's abilities, %d at most in one.", o.CommodorePoints, o.CommodoreMaxStartLevel)
	if rc := f.r.Race(f.race.SelectedIndex() + 1); rc != nil {
		text = fmt.Sprintf("%s is also your empire's main race: its officers get %s, but the Commodore gets nothing for it. ",
			rc.Name, raceBonus(f.r, rc)) + text
	}
	f.raceNote.SetText(text)
}

// Content is the form, to put in a dialog.
func (f *setupForm) Content() fyne.CanvasObject { return f.box }

// Setup is the set-up as the form has it: the ships by type.
func (f *setupForm) Setup() *setup.Setup {
	s := &setup.Setup{Game: strings.TrimSpace(f.game.Text)}
	s.Player, _ = strconv.Atoi(f.player.Selected)
	s.Race = f.race.SelectedIndex() + 1
	for a, sel := range f.levels {
		s.Levels[a], _ = strconv.Atoi(sel.Selected)
	}
	for _, row := range f.rows {
		for i := 0; i < row.n; i++ {
			s.Ships = append(s.Ships, row.ship())
		}
	}
	return s
}

// ship is one ship of the row's type, with the units chosen for it.
func (row *setupRow) ship() setup.Ship {
	sh := setup.Ship{Type: row.t.ID}
	if row.fire != nil {
		sh.Fire, _ = strconv.Atoi(row.fire.Selected)
		sh.Defence, _ = strconv.Atoi(row.def.Selected)
	}
	return sh
}

// Set shows the set-up s in the form (its customisable ships' units taken
// by type: the form gives every ship of a type the same).
func (f *setupForm) Set(s *setup.Setup) {
	if f.header {
		f.game.SetText(s.Game)
		f.player.SetSelected(strconv.Itoa(s.Player))
	}
	if rc := f.r.Race(s.Race); rc != nil {
		f.race.SetSelected(rc.Name)
	}
	for a, l := range s.Levels {
		f.levels[a].SetSelected(strconv.Itoa(l))
	}
	for _, row := range f.rows {
		row.n = s.OfType(row.t.ID)
		for _, sh := range s.Ships {
			if sh.Type == row.t.ID && row.fire != nil {
				row.fire.SetSelected(strconv.Itoa(sh.Fire))
				row.def.SetSelected(strconv.Itoa(sh.Defence))
			}
		}
	}
	f.update()
}

// Problems says what stops the set-up from being taken: the engine's
// limits, and for a moderator's game its name.
func (f *setupForm) Problems() []string {
	s := f.Setup()
	var out []string
	switch {
	case f.header && s.Game == "":
		out = append(out, "Give the game's name, as the moderator gives it.")
	case f.header && setup.CheckGame(s.Game) != "":
		out = append(out, fmt.Sprintf("The game's name: 1 to %d letters, digits, blanks or punctuation.", setup.MaxGameName))
	}
	if s.Race == 0 {
		out = append(out, "Choose the Commodore's race.")
		s.Race = 1 // said above: the engine's check is asked about the rest
	}
	for _, p := range s.Check(f.r) {
		out = append(out, capital(p.Msg)+".")
	}
	return out
}

// update shows the figures left and what is wrong, and lets a ship be
// added only while one more fits.
func (f *setupForm) update() {
	if f.box == nil {
		return // still being built: the widgets' first values
	}
	s := f.Setup()
	f.sayRace()
	st := f.r.Start
	credits := s.CreditsLeft(f.r)
	for _, row := range f.rows {
		row.count.SetText(strconv.Itoa(row.n))
		enable(row.minus, row.n > 0)
		next := setup.Cost(f.r, row.ship())
		if row.each != nil {
			row.each.SetText(setup.Credits(next) + " each")
		}
		enable(row.plus, row.n < st.MaxPerType && len(s.Ships) < st.MaxShips && next <= credits)
	}
	f.summary.SetText(fmt.Sprintf("Ships: %d of %d · %s · %s\n%s", len(s.Ships), st.MaxShips,
		left("credits", credits, st.MaxShipsCost, setup.Credits), left("points", s.PointsLeft(f.r), f.r.Officers.CommodorePoints, strconv.Itoa),
		f.picked()))
	probs := f.Problems()
	switch {
	case len(probs) > 0:
		f.why.Importance = widget.DangerImportance
		f.why.SetText(strings.Join(probs, "\n"))
	case len(s.Ships) < st.MaxShips || credits > 0:
		f.why.Importance = widget.WarningImportance
		f.why.SetText(unused(st.MaxShips-len(s.Ships), credits))
	default:
		f.why.Importance = widget.MediumImportance
		f.why.SetText("Ready.")
	}
	f.why.Refresh()
	// The notes may take more lines or fewer now: what is under them
	// moves only when the column is laid out again.
	if f.side != nil {
		f.side.Refresh()
	}
	if f.changed != nil {
		f.changed(len(probs) == 0)
	}
}

// unused says what a set-up that may be taken leaves unused: only what
// it leaves ("0 ships are left unused" said nothing). Credits not spent
// are lost, not the empire's (docs/choices.md), so they are said too.
// Points cannot be left: every one is given (engine/setup).
func unused(ships, credits int) string {
	var parts []string
	if ships > 0 {
		parts = append(parts, plural.Count(ships, "ship"))
	}
	if credits > 0 {
		parts = append(parts, setup.Credits(credits)+" credits")
	}
	verb := "are"
	if len(parts) == 1 && ships == 1 {
		verb = "is"
	}
	return fmt.Sprintf("Allowed, but %s %s left unused.", strings.Join(parts, " and "), verb)
}

// left says what is left of all, or how far over it the choice goes.
func left(what string, n, all int, show func(int) string) string {
	if n < 0 {
		return fmt.Sprintf("%s: %s over the %s", what, show(-n), show(all))
	}
	return fmt.Sprintf("%s left: %s of %s", what, show(n), show(all))
}

// picked lists the ships chosen, by type.
func (f *setupForm) picked() string {
	var out []string
	for _, row := range f.rows {
		if row.n > 0 {
			out = append(out, fmt.Sprintf("%d %s", row.n, row.t.Name))
		}
	}
	if len(out) == 0 {
		return "No ships chosen yet."
	}
	return strings.Join(out, ", ")
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}
