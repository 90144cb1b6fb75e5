package app

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/notes"
	"silverfall/engine/query"
)

// entryForm is the form of one note, marker or reminder, new or edited.
// Enter in a field is OK, Esc is Cancel. What is wrong with the entry (a
// condition that does not read, with its column) is said in the form,
// which stays open with everything as typed.
type entryForm struct {
	st   *State
	book *notebook
	win  fyne.Window
	e    notes.Entry // the entry as it was (ID 0: a new one)

	text, object, place, turn, cond *formEntry
	shape, colour                   *formChoice
	done                            *formCheck
	problem                         *widget.Label
	dlg                             *dialog.FormDialog
	// saved is told the entry as filed.
	saved func(notes.Entry)
}

// newEntryForm is the form for e (its Kind set; ID 0 for a new entry).
func newEntryForm(st *State, book *notebook, win fyne.Window, e notes.Entry) *entryForm {
	f := &entryForm{st: st, book: book, win: win, e: e}
	entry := func(s, hint string) *formEntry {
		w := newFormEntry(f.cancel)
		w.SetText(s)
		w.SetPlaceHolder(hint)
		w.OnSubmitted = func(string) { f.submit() }
		return w
	}
	f.text = entry(e.Text, "")
	f.object = entry(objectText(e.Object), "ship 12, planet 40, fleet 2 (or empty)")
	f.place = entry(placeText(e), "x, y, z (or empty)")
	f.turn = entry(turnText(e.Turn), "a turn (or empty)")
	f.cond = entry(e.Condition, "a search, such as: ship 7 with fuel below 50")
	f.shape = newFormChoice(notes.Shapes, f.cancel, f.submit)
	f.shape.SetSelected(e.Shape.String())
	f.colour = newFormChoice(notes.Colours, f.cancel, f.submit)
	f.colour.SetSelected(e.Colour.String())
	f.done = newFormCheck("Dealt with", f.cancel, f.submit)
	f.done.SetChecked(e.Done)
	f.problem = widget.NewLabel("")
	f.problem.Wrapping = fyne.TextWrapWord
	f.problem.Importance = widget.DangerImportance
	return f
}

// formChoice is a form's list of choices that answers the form's keys
// once it has the keyboard: Esc, with its list shut (Fyne's list shuts on
// the first Esc), cancels the form, Enter is OK; Space and the arrows open
// the list, as a Select's do. It is guarded as guardedSelect is.
type formChoice struct {
	guardedSelect
	escape, enter func()
}

func newFormChoice(options []string, escape, enter func()) *formChoice {
	c := &formChoice{escape: escape, enter: enter}
	c.canvasOf = func(o fyne.CanvasObject) fyne.Canvas { return fyne.CurrentApp().Driver().CanvasForObject(o) }
	c.Options = options
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey answers Esc and Enter for the form.
func (c *formChoice) TypedKey(e *fyne.KeyEvent) {
	if !formKey(e, c.escape, c.enter) {
		c.guardedSelect.TypedKey(e)
	}
}

// formCheck is a form's check box that answers the form's keys, as
// formChoice; Space ticks it.
type formCheck struct {
	widget.Check
	escape, enter func()
}

func newFormCheck(label string, escape, enter func()) *formCheck {
	c := &formCheck{escape: escape, enter: enter}
	c.Text = label
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey answers Esc and Enter for the form.
func (c *formCheck) TypedKey(e *fyne.KeyEvent) {
	if !formKey(e, c.escape, c.enter) {
		c.Check.TypedKey(e)
	}
}

// formKey calls escape on Esc and enter on Enter or Return, and reports
// whether the key was one of them.
func formKey(e *fyne.KeyEvent, escape, enter func()) bool {
	switch e.Name {
	case fyne.KeyEscape:
		escape()
	case fyne.KeyReturn, fyne.KeyEnter:
		enter()
	default:
		return false
	}
	return true
}

func objectText(k model.Key) string { return strings.Replace(k.String(), ":", " ", 1) }

func placeText(e notes.Entry) string {
	if !e.AtPlace {
		return ""
	}
	return fmt.Sprintf("%d, %d, %d", e.Place.X, e.Place.Y, e.Place.Z)
}

func turnText(t int) string {
	if t <= 0 {
		return ""
	}
	return strconv.Itoa(t)
}

// items are the form's rows for the entry's kind.
func (f *entryForm) items() []*widget.FormItem {
	item := widget.NewFormItem
	switch f.e.Kind {
	case notes.Marker:
		return []*widget.FormItem{item("Label", f.text), item("Shape", f.shape), item("Colour", f.colour),
			item("Place", f.place), item("Or at", f.object), item("", f.problem)}
	case notes.Reminder:
		return []*widget.FormItem{item("Reminder", f.text), item("Due on turn", f.turn),
			item("Or while", f.cond), item("", f.done), item("", f.problem)}
	}
	return []*widget.FormItem{item("Note", f.text), item("On", f.object), item("Or at place", f.place),
		item("Or on turn", f.turn), item("", f.problem)}
}

// Show opens the form with the keyboard in its first field, the cursor
// after its text.
func (f *entryForm) Show() {
	verb := "New "
	if f.e.ID != 0 {
		verb = "Edit "
	}
	f.dlg = dialog.NewForm(verb+f.e.Kind.String(), "OK", "Cancel", f.items(), f.answered, f.win)
	f.dlg.Resize(fyne.NewSize(520, 0))
	f.dlg.Show()
	cursorToEnd(&f.text.Entry)
	f.win.Canvas().Focus(f.text)
}

// cursorToEnd puts e's cursor after its text: what is typed in a field
// opened with a text goes on its end.
func cursorToEnd(e *widget.Entry) {
	lines := strings.Split(e.Text, "\n")
	e.CursorRow, e.CursorColumn = len(lines)-1, utf8.RuneCountInString(lines[len(lines)-1])
	e.Refresh()
}

func (f *entryForm) cancel() {
	if f.dlg != nil {
		f.dlg.Hide()
	}
}

func (f *entryForm) submit() {
	if f.dlg != nil {
		f.dlg.Submit()
	}
}

// answered files the entry; what is wrong with it is said in the form,
// shown again.
func (f *entryForm) answered(ok bool) {
	if !ok {
		return
	}
	e, err := f.entry()
	if err == nil {
		if f.e.ID == 0 {
			e, err = f.book.Add(e)
		} else {
			e, err = f.book.Update(e)
		}
	}
	if err != nil {
		f.problem.SetText(capital(err.Error()))
		f.dlg.Show()
		f.win.Canvas().Focus(f.text)
		return
	}
	if f.saved != nil {
		f.saved(e)
	}
}

// entry is the entry as the fields give it.
func (f *entryForm) entry() (notes.Entry, error) {
	e := f.e
	e.Text = f.text.Text
	var err error
	if e.Object, err = parseObject(f.object.Text); err != nil {
		return e, err
	}
	if e.Place, e.AtPlace, err = parsePlace(f.place.Text); err != nil {
		return e, err
	}
	if e.Turn, err = parseTurn(f.turn.Text); err != nil {
		return e, err
	}
	if g := f.st.Game(); g != nil && e.ID == 0 {
		e.Written = g.K.Turn
	}
	switch e.Kind {
	case notes.Marker:
		return f.marker(e)
	case notes.Reminder:
		e.Condition, e.Done = strings.TrimSpace(f.cond.Text), f.done.Checked
		if e.Condition != "" {
			if _, err := query.Parse(e.Condition); err != nil {
				return e, fmt.Errorf("the condition, %v", err)
			}
		}
	}
	return e, nil
}

// marker is e with the marker's shape and colour; a marker put at an
// object is put where the object is on the sheet shown.
func (f *entryForm) marker(e notes.Entry) (notes.Entry, error) {
	e.Shape = notes.Shape(max(0, f.shape.SelectedIndex()))
	e.Colour = notes.Colour(max(0, f.colour.SelectedIndex()))
	if !e.AtPlace && !e.Object.IsZero() {
		g := f.st.Game()
		if g == nil {
			return e, errors.New("no game is open to find the object in")
		}
		p, ok := g.Location(e.Object)
		if !ok {
			return e, fmt.Errorf("this sheet does not show %s", objectText(e.Object))
		}
		e.Place, e.AtPlace = p, true
	}
	e.Object = model.Key{} // a marker stays at its place
	return e, nil
}

// parseObject reads "ship 12", "planet 40", "fleet 2" or "officer 3";
// empty is none.
func parseObject(s string) (model.Key, error) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	if s == "" {
		return model.Key{}, nil
	}
	k := model.ParseKey(strings.Replace(strings.Replace(s, " ", ":", 1), "::", ":", 1))
	if k.IsZero() {
		return k, fmt.Errorf("%q is not an object: write ship 12, planet 40, fleet 2 or officer 3", s)
	}
	return k, nil
}

// parsePlace reads "x, y, z" (commas or blanks between); empty is none.
func parsePlace(s string) (geom.Point, bool, error) {
	fs := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fs) == 0 {
		return geom.Point{}, false, nil
	}
	var n [3]int
	if len(fs) != 3 {
		return geom.Point{}, false, fmt.Errorf("a place is three numbers, x, y and z; %q is not", s)
	}
	for i, f := range fs {
		v, err := strconv.Atoi(f)
		if err != nil {
			return geom.Point{}, false, fmt.Errorf("a place is three whole numbers; %q is not one", f)
		}
		n[i] = v
	}
	return geom.Point{X: n[0], Y: n[1], Z: n[2]}, true, nil
}

// parseTurn reads a turn; empty is none.
func parseTurn(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	t, err := strconv.Atoi(s)
	if err != nil || t < 1 {
		return 0, fmt.Errorf("%q is not a turn", s)
	}
	return t, nil
}
