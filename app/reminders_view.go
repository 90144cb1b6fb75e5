package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/known"
	"silverfall/engine/notes"
	"silverfall/engine/query"
	"silverfall/internal/plural"
)

// remindersView shows in This turn the reminders due on the sheet shown:
// those of a turn up to this one, and those whose condition the search
// finds something for in what is known. It is hidden when none is due.
type remindersView struct {
	st *State
	// dealt marks the reminder numbered id dealt with (nil: no button).
	dealt func(id int)
	title *wrapLine // wraps: "12 reminders due (…)" is wider than the column
	rows  *fyne.Container
	lines []string
	box   *fyne.Container
}

func newRemindersView(st *State) *remindersView {
	v := &remindersView{st: st}
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Importance = widget.WarningImportance
	v.rows = container.NewVBox()
	v.title = newWrapLine(title, func() { fyne.Do(func() { v.box.Refresh() }) })
	v.box = container.NewVBox(v.title.box, v.rows)
	v.box.Hide()
	st.Subscribe(func(c Change) {
		// ChangeMemory: the knowledge the conditions run over is merged
		// after the first frame, and again when an ally's sheet comes.
		if c.Has(ChangeGame | ChangeNotes | ChangeMemory) {
			v.show()
		}
	})
	return v
}

func (v *remindersView) show() {
	due := dueReminders(v.st)
	v.lines = nil
	var objs []fyne.CanvasObject
	for _, d := range due {
		d := d
		l := widget.NewLabel(d.line)
		l.Wrapping = fyne.TextWrapWord
		v.lines = append(v.lines, d.line)
		done := widget.NewButton("Dealt with", func() {
			if v.dealt != nil {
				v.dealt(d.id)
			}
		})
		objs = append(objs, container.NewBorder(nil, nil, nil, done, l))
	}
	v.rows.Objects = objs
	v.rows.Refresh()
	if len(due) == 0 {
		v.box.Hide()
		return
	}
	v.title.SetText(capital(plural.Count(len(due), "reminder")) + " due (the Notes tab keeps them):")
	v.box.Show()
}

// Lines are the reminders shown (for tests).
func (v *remindersView) Lines() []string {
	if !v.box.Visible() {
		return nil
	}
	return v.lines
}

// due is a reminder due, as a line.
type due struct {
	id   int
	line string
}

// dueReminders are the reminders due on the sheet shown, a line each: of
// a turn first ("turn 20: …"), then those on a condition met, then those
// whose condition can no longer be run, with why.
func dueReminders(st *State) []due {
	g := st.Game()
	if g == nil {
		return nil
	}
	b := st.Notes()
	var out []due
	for _, e := range b.Due(g.K.Turn) {
		out = append(out, due{e.ID, fmt.Sprintf("Turn %d: %s", e.Turn, e.Text)})
	}
	if len(b.Conditions()) == 0 {
		return out
	}
	var objs []known.Object
	if k := knowledgeOf(st); k != nil {
		objs = k.ObjectsAt(g.K.Turn)
	}
	for _, vd := range b.Test(conditionQuery(objs, g.K.Turn)) {
		e := vd.Entry
		switch {
		case vd.Err != nil:
			out = append(out, due{e.ID, fmt.Sprintf("The condition %q cannot be run (%v): %s", e.Condition, vd.Err, e.Text)})
		case vd.Met():
			out = append(out, due{e.ID, fmt.Sprintf("%s (%s found): %s", capital(e.Condition), plural.Count(vd.Found, "object"), textOr(e.Text, e.Condition))})
		}
	}
	return out
}

func textOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// conditionQuery runs a reminder's condition over objs as known on turn
// now: how many objects it finds.
func conditionQuery(objs []known.Object, now int) notes.Query {
	return func(cond string) (int, error) {
		q, err := query.Parse(cond)
		if err != nil {
			return 0, err
		}
		return len(q.Run(objs, now)), nil
	}
}
