package app

import (
	"errors"

	"silverfall/app/workspace"
	"silverfall/engine/notes"
	"silverfall/internal/plural"
)

// notebook keeps the game's book of notes, markers and reminders (the
// State's Notes): it reads it from the workspace when a game opens and
// saves it there, atomically, after every change. Views change the book
// only through it; every change is told to them as ChangeNotes.
type notebook struct {
	st *State
	// problem shows a problem of the notes' file in the status bar ("":
	// none).
	problem func(text string)
	// say says in the status line that reminders fell due.
	say func(text string)
	// dir is the workspace folder the book was read from ("" none).
	dir string
}

func newNotebook(st *State, problem, say func(string)) *notebook {
	n := &notebook{st: st, problem: problem, say: say}
	st.Subscribe(func(c Change) {
		if g := st.Game(); c.Has(ChangeGame) && g != nil && !st.Earlier() {
			if due := n.Arrived(g.K.Turn); len(due) > 0 && n.say != nil {
				n.say(capital(plural.Count(len(due), "reminder")) + " fell due with this sheet: see This turn.")
			}
		}
	})
	return n
}

// open reads the book of the workspace ws (nil: a book in memory only)
// for the game about to be shown. The same workspace again (another turn
// of the game) keeps the book as it is. A damaged file is set aside by
// the workspace and said, with the entries that could be read.
func (n *notebook) open(ws *workspace.Workspace) {
	dir := ""
	if ws != nil {
		dir = ws.Dir
	}
	if dir != "" && dir == n.dir {
		return
	}
	n.dir = dir
	if ws == nil {
		n.st.useNotes(nil)
		return
	}
	b, err := ws.LoadNotes()
	n.st.useNotes(b)
	var damaged *workspace.DamagedError
	switch {
	case errors.As(err, &damaged):
		n.tell("Notes: " + damaged.Error())
	case err != nil:
		n.tell("The notes could not be read: " + err.Error())
	default:
		n.tell("")
	}
}

func (n *notebook) tell(s string) {
	if n.problem != nil {
		n.problem(s)
	}
}

// Add files a new entry and saves the book.
func (n *notebook) Add(e notes.Entry) (notes.Entry, error) {
	e, err := n.st.Notes().Add(e)
	if err == nil {
		n.saved()
	}
	return e, err
}

// Update replaces an entry and saves the book.
func (n *notebook) Update(e notes.Entry) (notes.Entry, error) {
	e, err := n.st.Notes().Update(e)
	if err == nil {
		n.saved()
	}
	return e, err
}

// Delete takes out the entry numbered id and saves the book.
func (n *notebook) Delete(id int) {
	if n.st.Notes().Delete(id) {
		n.saved()
	}
}

// saved saves the book in the workspace, if there is one, and tells the
// views. A failed save stays in the status bar until one succeeds; the
// book in memory keeps the change.
func (n *notebook) saved() {
	if ws := n.st.Workspace(); ws != nil {
		if err := ws.SaveNotes(n.st.Notes()); err != nil {
			n.tell("The notes could not be saved: " + err.Error())
		} else {
			n.tell("")
		}
	}
	n.st.NotesChanged()
}

// Arrived notes that the player has been shown the reminders of the sheet
// of turn t and returns those that fell due since the newest sheet shown
// before; an earlier turn looked at again gives none and changes nothing.
func (n *notebook) Arrived(t int) []notes.Entry {
	b := n.st.Notes()
	if t <= b.Seen {
		return nil
	}
	due := b.Arriving(t)
	b.Seen = t
	n.saved()
	return due
}

// Dealt marks the reminder numbered id dealt with: it is no longer due.
func (n *notebook) Dealt(id int) {
	if e, ok := n.st.Notes().Get(id); ok && e.Kind == notes.Reminder {
		e.Done = true
		_, _ = n.Update(e) // a filed entry marked done checks as it did
	}
}
