package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/notes"
)

// objectNotes shows in the details the notes on the object selected,
// each with Edit, and a button to add one.
type objectNotes struct {
	st *State
	// add opens the form of a new entry; edit the form of an entry.
	add  func(notes.Entry)
	edit func(notes.Entry)

	rows   *fyne.Container
	button *widget.Button
	box    *fyne.Container
}

func newObjectNotes(st *State) *objectNotes {
	o := &objectNotes{st: st}
	o.rows = container.NewVBox()
	o.button = widget.NewButton("Add note…", func() {
		if o.add != nil && !o.st.Selected().IsZero() {
			o.add(notes.Entry{Kind: notes.Note, Object: o.st.Selected()})
		}
	})
	o.button.Alignment = widget.ButtonAlignLeading
	o.box = container.NewVBox(o.rows, o.button)
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame | ChangeSelection | ChangeNotes) {
			o.show()
		}
	})
	o.show()
	return o
}

// show lists the notes on the selection.
func (o *objectNotes) show() {
	key := o.st.Selected()
	if o.st.Game() == nil || key.IsZero() {
		o.rows.RemoveAll()
		o.box.Hide()
		return
	}
	var objs []fyne.CanvasObject
	for _, e := range o.st.Notes().Of(key) {
		e := e
		text := widget.NewLabel(e.Text)
		text.Wrapping = fyne.TextWrapWord
		edit := widget.NewButton("Edit…", func() {
			if o.edit != nil {
				o.edit(e)
			}
		})
		edit.Importance = widget.LowImportance
		objs = append(objs, container.NewBorder(nil, nil, widget.NewLabelWithStyle("Note", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), edit, text))
	}
	o.rows.Objects = objs
	o.rows.Refresh()
	o.box.Show()
}
