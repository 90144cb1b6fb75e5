package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/notes"
	"silverfall/internal/plural"
	"silverfall/render3d"
)

// notesView is the Notes tab: every note, marker and reminder of the game,
// a row each, with Add, Edit and Delete, and the rule book's own dates
// offered as reminders with one button. A row of a note on an object on
// the sheet shown selects it.
type notesView struct {
	st   *State
	book *notebook
	win  fyne.Window

	rows   []notes.Entry
	chosen int // the ID of the entry chosen, or 0
	list   *widget.List
	wrap   *wrapRows // each row as tall as its text needs
	note   *widget.Label
	edit   *widget.Button
	del    *widget.Button
	rules  *widget.Button
	box    fyne.CanvasObject
	// form is the form open last, if any.
	form *entryForm
}

func newNotesView(st *State, book *notebook, win fyne.Window) *notesView {
	v := &notesView{st: st, book: book, win: win}
	v.note = widget.NewLabel("")
	v.note.Wrapping = fyne.TextWrapWord
	v.list = widget.NewList(func() int { return len(v.rows) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Wrapping = fyne.TextWrapWord // a reminder's text is read whole
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(v.rows) {
				o.(*widget.Label).SetText(entryLine(v.rows[i]))
			}
		})
	v.list.OnSelected = v.choose
	v.list.OnUnselected = func(widget.ListItemID) { v.chosen = 0; v.enable() }
	add := func(label string, k notes.Kind) *widget.Button {
		return widget.NewButton(label, func() { v.Add(notes.Entry{Kind: k}) })
	}
	v.edit = widget.NewButton("Edit…", v.Edit)
	v.del = widget.NewButton("Delete", v.Delete)
	v.rules = widget.NewButton("Add rule book's dates", v.AddRuleDates)
	// Two rows, so that every button is in sight in the column's width.
	bar := container.NewVBox(
		container.NewHBox(widget.NewLabel("Add"), add("Note…", notes.Note), add("Marker…", notes.Marker), add("Reminder…", notes.Reminder)),
		container.NewHBox(v.edit, v.del, layout.NewSpacer(), v.rules))
	v.wrap = newWrapRows(v.list, func() int { return len(v.rows) }, func(i int) string { return entryLine(v.rows[i]) }, 0)
	v.box = container.NewBorder(container.NewVBox(bar, v.note), nil, nil, nil, v.wrap.box)
	st.OnSwitch(func() {
		v.rows, v.chosen = nil, 0
		v.list.UnselectAll()
		if v.form != nil {
			v.form.cancel() // its object may not be on the game shown next
		}
	})
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame | ChangeNotes) {
			v.load()
		}
	})
	v.load()
	return v
}

// entryLine is an entry in a line: its kind, where or when, its text.
func entryLine(e notes.Entry) string {
	text := strings.ReplaceAll(e.Text, "\n", " ")
	if e.Kind == notes.Marker {
		text = e.Shape.String() + ", " + e.Colour.String() + ": " + text
	}
	if e.Done {
		text += " (dealt with)"
	}
	return capital(e.Kind.String()) + " " + entryWhere(e) + ": " + text
}

// entryWhere says what an entry is on or when it is due.
func entryWhere(e notes.Entry) string {
	var parts []string
	if !e.Object.IsZero() {
		parts = append(parts, "on "+objectText(e.Object))
	}
	if e.AtPlace {
		parts = append(parts, "at "+placeText(e))
	}
	if e.Condition != "" {
		parts = append(parts, "while "+e.Condition)
	}
	if e.Turn > 0 {
		what := "on turn"
		if e.Kind == notes.Reminder {
			what = "due on turn"
		}
		parts = append(parts, fmt.Sprintf("%s %d", what, e.Turn))
	}
	return strings.Join(parts, ", ")
}

// load lists the book again, keeping the entry chosen if it is still
// there.
func (v *notesView) load() {
	v.rows = v.st.Notes().Entries()
	v.list.UnselectAll()
	v.wrap.fit()
	v.list.Refresh()
	chosen := v.chosen
	v.chosen = 0
	for i, e := range v.rows {
		if e.ID == chosen {
			v.list.Select(i)
		}
	}
	switch {
	case v.st.Game() == nil:
		v.note.SetText("No game is open.")
	case len(v.rows) == 0:
		v.note.SetText("No notes, markers or reminders yet. They are kept with the game and go with their object from turn to turn.")
	default:
		v.note.SetText(plural.Count(len(v.rows), "entry") + ". Click one to find what it is on.")
	}
	v.enable()
}

func (v *notesView) enable() {
	on := func(b *widget.Button, yes bool) {
		if yes {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	on(v.edit, v.chosen != 0)
	on(v.del, v.chosen != 0)
	on(v.rules, v.st.Game() != nil)
}

// choose chooses row i and selects what it is on, if the sheet shown has
// it, or centres the map on its place.
func (v *notesView) choose(i int) {
	if i < 0 || i >= len(v.rows) {
		return
	}
	e := v.rows[i]
	v.chosen = e.ID
	v.enable()
	g := v.st.Game()
	switch {
	case g == nil:
	case !e.Object.IsZero():
		if _, ok := g.Location(e.Object); ok && e.Object != v.st.Selected() {
			v.st.Select(e.Object, FromNotes)
		}
	case e.AtPlace:
		c := v.st.Camera() // the map turns to the place, as near as it was
		c.Target = render3d.Vec{float64(e.Place.X), float64(e.Place.Y), float64(e.Place.Z)}
		v.st.SetCamera(c, true)
	}
}

// Add opens the form of a new entry like e.
func (v *notesView) Add(e notes.Entry) *entryForm {
	// A new note is on the object selected, a new marker at its place
	// (the form's object field; the marker takes the object's place).
	if (e.Kind == notes.Note || e.Kind == notes.Marker) && e.Object.IsZero() && !e.AtPlace {
		e.Object = v.st.Selected()
	}
	v.open(e)
	return v.form
}

func (v *notesView) open(e notes.Entry) {
	if v.form != nil {
		v.form.cancel()
	}
	v.form = newEntryForm(v.st, v.book, v.win, e)
	v.form.saved = func(e notes.Entry) { v.chosen = e.ID; v.load() }
	v.form.Show()
}

// Edit opens the form of the entry chosen.
func (v *notesView) Edit() {
	if e, ok := v.st.Notes().Get(v.chosen); ok {
		v.EditEntry(e)
	}
}

// EditEntry opens the form of the entry e.
func (v *notesView) EditEntry(e notes.Entry) { v.open(e) }

// Delete takes out the entry chosen, once the player says so.
func (v *notesView) Delete() {
	e, ok := v.st.Notes().Get(v.chosen)
	if !ok {
		return
	}
	confirmDanger(v.win, "Delete", "Delete this "+e.Kind.String()+"? It cannot be taken back.\n\n"+entryLine(e), "Delete", func(yes bool) {
		if yes {
			v.chosen = 0
			v.book.Delete(e.ID)
		}
	})
}

// AddRuleDates adds the rule book's dates still ahead as reminders, each
// once.
func (v *notesView) AddRuleDates() {
	g := v.st.Game()
	if g == nil {
		return
	}
	n := 0
	for _, e := range notes.RuleReminders(g.R, g.K, v.st.Notes()) {
		if _, err := v.book.Add(e); err == nil {
			n++
		}
	}
	v.note.SetText(ruleDatesSaid(n, v.st.Notes().Entries()))
}

// ruleDatesSaid says what adding the rule book's dates did: n added, or,
// none, whether the list has them already or they are all past.
func ruleDatesSaid(n int, entries []notes.Entry) string {
	if n > 0 {
		return fmt.Sprintf("%s of the rule book's dates added.", capital(plural.Count(n, "reminder")))
	}
	for _, e := range entries {
		if e.Rule != "" {
			return "The rule book's dates are in the list already."
		}
	}
	return "The rule book's dates are all past: there is none to add."
}
