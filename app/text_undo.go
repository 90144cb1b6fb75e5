package app

import (
	"strings"

	"fyne.io/fyne/v2"
)

// lineUndo is the order text's undo while the player types: a step is
// the typing on one line up to the Enter that ends it, so that Ctrl+Z
// takes back one line at a time. (Fyne's editor merges all typing that
// runs on into one step: three lines typed went at one Ctrl+Z.) A step
// ends with a line made or joined, or when the cursor goes to another
// line.
type lineUndo struct {
	undo, redo []textStep
	prev       textStep // the text as it was before the latest change
	open       bool     // the latest step takes further typing on its line
}

// textStep is a text and where the cursor was in it.
type textStep struct {
	text     string
	row, col int
}

// reset starts afresh on text (editing starts, or the text was set from
// the draft).
func (u *lineUndo) reset(text string, row, col int) {
	*u = lineUndo{prev: textStep{text, row, col}}
}

// typed notes a change to now: it joins the step under way, or the text
// before it becomes a step of its own.
func (u *lineUndo) typed(now textStep) {
	if now.text == u.prev.text {
		return
	}
	lines := strings.Count(now.text, "\n") != strings.Count(u.prev.text, "\n")
	if !u.open || (!lines && now.row != u.prev.row) {
		u.undo = append(u.undo, u.prev)
	}
	u.redo = nil
	// A line made or joined ends its step: the next typing is a new one.
	u.open = !lines
	u.prev = now
}

// back takes the latest step back from cur; false when there is none.
func (u *lineUndo) back(cur textStep) (textStep, bool) {
	if len(u.undo) == 0 {
		return textStep{}, false
	}
	to := u.undo[len(u.undo)-1]
	u.undo = u.undo[:len(u.undo)-1]
	u.redo = append(u.redo, cur)
	u.prev, u.open = to, false
	return to, true
}

// forward does again the step taken back last; false when there is none.
func (u *lineUndo) forward(cur textStep) (textStep, bool) {
	if len(u.redo) == 0 {
		return textStep{}, false
	}
	to := u.redo[len(u.redo)-1]
	u.redo = u.redo[:len(u.redo)-1]
	u.undo = append(u.undo, cur)
	u.prev, u.open = to, false
	return to, true
}

// TypedShortcut takes undo and redo for the order text's own steps; the
// rest are the editor's.
func (e *textEditor) TypedShortcut(s fyne.Shortcut) {
	cur := textStep{e.Text, e.CursorRow, e.CursorColumn}
	var to textStep
	ok := false
	switch s.(type) {
	case *fyne.ShortcutUndo:
		to, ok = e.steps.back(cur)
	case *fyne.ShortcutRedo:
		to, ok = e.steps.forward(cur)
	default:
		e.Entry.TypedShortcut(s)
		return
	}
	if !ok {
		return
	}
	e.SetText(to.text) // tells OnChanged, so the draft follows
	e.CursorRow, e.CursorColumn = to.row, to.col
	e.Refresh()
	e.steps.prev = to
}
