package app

import (
	"fmt"
	"strings"

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
	st    *State
	title *widget.Label
	text  *widget.Label
	box   *fyne.Container
}

func newRemindersView(st *State) *remindersView {
	v := &remindersView{st: st}
	v.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.title.Importance = widget.WarningImportance
	v.text = widget.NewLabel("")
	v.text.Wrapping = fyne.TextWrapWord
	v.box = container.NewVBox(v.title, v.text)
	v.box.Hide()
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame | ChangeNotes) {
			v.show()
		}
	})
	return v
}

func (v *remindersView) show() {
	lines := dueReminders(v.st)
	if len(lines) == 0 {
		v.box.Hide()
		return
	}
	v.title.SetText(capital(plural.Count(len(lines), "reminder")) + " due (the Notes tab keeps them):")
	v.text.SetText(strings.Join(lines, "\n"))
	v.box.Show()
}

// Lines are the reminders shown (for tests).
func (v *remindersView) Lines() []string {
	if !v.box.Visible() {
		return nil
	}
	return strings.Split(v.text.Text, "\n")
}

// dueReminders are the reminders due on the sheet shown, a line each: of
// a turn first ("turn 20: …"), then those on a condition met, then those
// whose condition can no longer be run, with why.
func dueReminders(st *State) []string {
	g := st.Game()
	if g == nil {
		return nil
	}
	b := st.Notes()
	var out []string
	for _, e := range b.Due(g.K.Turn) {
		out = append(out, fmt.Sprintf("Turn %d: %s", e.Turn, e.Text))
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
			out = append(out, fmt.Sprintf("The condition %q cannot be run (%v): %s", e.Condition, vd.Err, e.Text))
		case vd.Met():
			out = append(out, fmt.Sprintf("%s (%s found): %s", capital(e.Condition), plural.Count(vd.Found, "object"), textOr(e.Text, e.Condition)))
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
