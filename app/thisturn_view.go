package app

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/archive"
	"silverfall/app/changes"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/internal/plural"
)

// thisTurnView lists what changed from the sheet before to the sheet shown
// (app/changes): a row a change, the kind and what changed. Clicking a row
// selects its object, and the map centres on it; a row whose object is not
// on this sheet (a ship lost, a contact gone) selects nothing.
type thisTurnView struct {
	st    *State
	rules *rules.Rules
	// background reads the sheet before off Fyne's thread; the rows come
	// back through fyne.Do.
	background func(func())

	rows []changes.Row
	list *widget.List
	wrap *wrapRows // each row as tall as its text needs
	note *widget.Label
	// trend says, when the forecast has the credits or the score falling,
	// by how much and what costs most.
	trend *widget.Label
	// reminders are the reminders due on the sheet shown.
	reminders *remindersView
	top       *fyne.Container // the reminders, the plans, the note and the trend
	box       fyne.CanvasObject
	// shown counts the games shown, so that rows worked out for a game no
	// longer shown are dropped.
	shown int
}

// kindColumnWidth is the width of the column of the rows' kinds.
const kindColumnWidth = 170

func newThisTurnView(st *State, r *rules.Rules, background func(func())) *thisTurnView {
	v := &thisTurnView{st: st, rules: r, background: background}
	v.note = widget.NewLabel("No game is open.")
	v.note.Wrapping = fyne.TextWrapWord
	v.trend = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.trend.Wrapping = fyne.TextWrapWord
	v.trend.Importance = widget.WarningImportance
	v.trend.Hide()
	v.list = widget.NewList(
		func() int { return len(v.rows) },
		func() fyne.CanvasObject {
			kind := widget.NewLabel("")
			kind.Truncation = fyne.TextTruncateEllipsis
			text := widget.NewLabel("")
			text.Wrapping = fyne.TextWrapWord // the row grows to show it whole (wrap)
			// The kinds line up in a column of their own.
			column := container.NewGridWrap(fyne.NewSize(kindColumnWidth, kind.MinSize().Height), kind)
			return container.NewBorder(nil, nil, column, nil, text)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= len(v.rows) {
				return
			}
			row := o.(*fyne.Container)
			text := row.Objects[0].(*widget.Label)
			kind := row.Objects[1].(*fyne.Container).Objects[0].(*widget.Label)
			r := v.rows[i]
			kind.TextStyle.Bold = r.Kind == changes.OrderError
			kind.SetText(r.Kind.String())
			text.SetText(r.Text)
		})
	v.list.OnSelected = v.choose
	st.OnSwitch(func() {
		v.rows = nil
		v.list.UnselectAll()
	})
	v.wrap = newWrapRows(v.list, func() int { return len(v.rows) }, func(i int) string { return v.rows[i].Text },
		kindColumnWidth+theme.Padding())
	v.reminders = newRemindersView(st)
	v.top = container.NewVBox(v.reminders.box, v.note, v.trend)
	v.box = container.NewBorder(v.top, nil, nil, nil, v.wrap.box)
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame) {
			v.load()
		}
		if c.Has(ChangeGame | ChangeForecast) {
			v.showTrend()
		}
	})
	return v
}

// withRows shows o (the standing plans' rows) under the reminders.
func (v *thisTurnView) withRows(o fyne.CanvasObject) {
	v.top.Objects = append(v.top.Objects[:1], append([]fyne.CanvasObject{o}, v.top.Objects[1:]...)...)
	v.top.Refresh()
}

// showTrend says whether the orders as they stand leave the credits or
// the score lower, and why, from the engine's forecast.
func (v *thisTurnView) showTrend() {
	g := v.st.Game()
	s := ""
	if g != nil {
		s = fallingOf(g.K, v.st.Forecast()).sentence()
	}
	v.trend.SetText(s)
	if s == "" {
		v.trend.Hide()
	} else {
		v.trend.Show()
	}
}

// choose selects the object of row i, if it is on the sheet shown.
func (v *thisTurnView) choose(i int) {
	g := v.st.Game()
	if g == nil || i < 0 || i >= len(v.rows) {
		return
	}
	key := v.rows[i].Key
	if _, ok := g.Location(key); ok && key != v.st.Selected() {
		v.st.Select(key, FromChanges)
	}
}

// load works out the rows of the game shown against the sheet before it
// in the workspace.
func (v *thisTurnView) load() {
	v.shown++
	shown := v.shown
	g := v.st.Game()
	v.rows = nil
	v.list.UnselectAll()
	v.list.Refresh()
	if g == nil {
		v.note.SetText("No game is open.")
		return
	}
	v.note.SetText(fmt.Sprintf("Turn %d: reading the sheet before…", g.K.Turn))
	a, r, cur := v.st.Archive(), v.rules, g.K
	v.background(func() {
		prev, err := sheetBefore(a, cur.Turn)
		rows := changes.Compare(r, prev, cur)
		fyne.Do(func() {
			if shown != v.shown {
				return
			}
			v.rows = rows
			v.note.SetText(thisTurnNote(cur.Turn, prev, err, len(rows)))
			v.wrap.fit()
		})
	})
}

// thisTurnNote says what the rows compare.
func thisTurnNote(turn int, prev *model.Knowledge, err error, n int) string {
	count := plural.Count(n, "change")
	switch {
	case turn <= 1 && err == nil && prev == nil:
		// No turn came before, and so no orders either.
		return "Turn 1: the game's first sheet; there is nothing before it to compare it with."
	case err != nil:
		return fmt.Sprintf("Turn %d: the sheet before could not be read (%v); only the errors in last turn's orders are listed.", turn, err)
	case prev == nil && n == 0:
		return fmt.Sprintf("Turn %d: no earlier sheet is kept to compare it with, and last turn's orders had no errors.", turn)
	case prev == nil:
		return fmt.Sprintf("Turn %d: no earlier sheet is kept to compare it with; %s in last turn's orders.", turn, plural.Count(n, "error"))
	case prev.Turn != turn-1:
		return fmt.Sprintf("Turn %d against turn %d, the last sheet kept before it: %s.", turn, prev.Turn, count)
	}
	return fmt.Sprintf("Turn %d against turn %d: %s. Click a row to find it on the map.", turn, prev.Turn, count)
}

// sheetBefore is the newest sheet kept in archive a of a turn before
// turn; nil when there is none (or no archive).
func sheetBefore(a *archive.Archive, turn int) (*model.Knowledge, error) {
	if a == nil {
		return nil, nil
	}
	return a.Before(turn)
}
