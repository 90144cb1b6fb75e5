package app

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/model"
	"silverfall/engine/notes"
	"silverfall/render3d"
)

// enter presses Enter in the form's first field; esc presses Esc there.
func enter(f *entryForm) { f.text.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }
func esc(f *entryForm)   { f.text.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) }

// ownShip is a ship of the player's on the demo's map.
func ownShip(t *testing.T, x *App) model.Key {
	t.Helper()
	g := x.st.Game()
	for _, s := range g.K.Ships {
		if k := model.ShipKey(s.ID); g.own(&s) {
			if _, ok := g.Location(k); ok {
				return k
			}
		}
	}
	t.Fatal("the demo has no ship of the player's")
	return model.Key{}
}

func reopenDemo(t *testing.T, x *App) *App {
	t.Helper()
	y := New(test.NewTempApp(t), Options{Frames: software, Workspaces: x.keep.root})
	y.Background = func(f func()) { f() }
	noNoteTimers(y)
	y.SaveInLine()
	if err := y.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	return y
}

// A note added from the details, edited and kept: the details and the
// Notes tab show it, Esc changes nothing, the workspace keeps it for the
// next start, and Delete takes it away there too.
func TestNotesAddEditDeleteKept(t *testing.T) {
	x := newApp(t)
	v := x.notesV
	ship := ownShip(t, x)
	x.st.Select(ship, FromTree)
	test.Tap(x.details.notes.button)
	test.Type(v.form.text, "Scout the rim")
	enter(v.form)
	if got := collectText(x.details.notes.box); !strings.Contains(got, "Scout the rim") {
		t.Fatalf("the details show %q", got)
	}
	if len(v.rows) != 1 || v.rows[0].Object != ship || v.list.Length() != 1 {
		t.Fatalf("the Notes tab lists %+v", v.rows)
	}
	if len(x.markers.noted) != 1 {
		t.Errorf("the map marks %d notes, want the ship's", len(x.markers.noted))
	}
	v.list.Select(0)
	v.Edit()
	v.form.text.SetText("Scout the far rim")
	enter(v.form)
	v.Edit()
	v.form.text.SetText("typed, then Esc")
	esc(v.form)
	if e, _ := x.st.Notes().Get(v.rows[0].ID); e.Text != "Scout the far rim" {
		t.Fatalf("after an edit and an Esc the note says %q", e.Text)
	}

	y := reopenDemo(t, x)
	w := y.notesV
	if len(w.rows) != 1 || w.rows[0].Text != "Scout the far rim" {
		t.Fatalf("reopened, the Notes tab lists %+v", w.rows)
	}
	y.st.Select(ship, FromTree)
	if got := collectText(y.details.notes.box); !strings.Contains(got, "Scout the far rim") {
		t.Errorf("reopened, the details show %q", got)
	}
	w.list.Select(0)
	w.Delete()
	tap(t, y, "Delete")
	if len(w.rows) != 0 || strings.Contains(collectText(y.details.notes.box), "rim") {
		t.Errorf("deleted, still listed: %+v", w.rows)
	}
	if b, err := y.st.Workspace().LoadNotes(); err != nil || b.Len() != 0 {
		t.Errorf("the file after the delete holds %d entries (%v)", b.Len(), err)
	}
}

// A marker put at a ship is drawn over the map where the ship is, with
// its label.
func TestMarkerOnTheMap(t *testing.T) {
	x := newApp(t)
	ship := ownShip(t, x)
	x.st.Select(ship, FromTree)
	if got := x.markers.Shown(); len(got) != 0 {
		t.Fatalf("markers before any: %q", got)
	}
	f := x.notesV.Add(notes.Entry{Kind: notes.Marker})
	if got := f.object.Text; got != objectText(ship) {
		t.Errorf("a new marker's form offers the object %q, not the ship selected (%q)", got, objectText(ship))
	}
	test.Type(f.text, "Rendezvous")
	f.shape.SetSelected("diamond")
	enter(f)
	if f.problem.Text != "" {
		t.Fatalf("the form says %q", f.problem.Text)
	}
	if got := x.markers.Shown(); len(got) != 1 || got[0] != "Rendezvous" {
		t.Fatalf("the map's markers are %q", got)
	}
	m := x.st.Notes().Markers()[0]
	x.st.SetCamera(render3d.DefaultCamera(), true)
	x.notesV.list.UnselectAll() // the marker added is the row chosen
	x.notesV.list.Select(0)
	if want := (render3d.Vec{float64(m.Place.X), float64(m.Place.Y), float64(m.Place.Z)}); x.st.Camera().Target != want {
		t.Errorf("the marker's row turns the map to %v, not to %v", x.st.Camera().Target, want)
	}
	if p, _ := x.st.Game().Location(ship); !m.AtPlace || m.Place != p || m.Shape != notes.Diamond {
		t.Errorf("the marker is %+v; the ship is at %v", m, p)
	}
	if objs := x.markers.box.Objects; len(objs) != 1 || !strings.Contains(collectTexts(objs[0]), "Rendezvous") {
		t.Errorf("the map's layer holds %d marks; want the marker with its label", len(objs))
	} else {
		// The label is under the marker, not on its right, where the map
		// writes the name of the object there (it covered it).
		for _, o := range objs[0].(*fyne.Container).Objects {
			if l, ok := o.(*canvas.Text); ok {
				p, w := l.Position(), l.Size().Width
				if p.Y < markerSize/2+2 || p.X > 0 || p.X+w < 0 || math.Abs(float64(p.X+w/2)) > 1 {
					t.Errorf("the label %q is at %v, %.0f wide, round the marker's place: want it centred under the marker", l.Text, p, w)
				}
			}
		}
	}
	x.notes.Delete(m.ID)
	if got := x.markers.Shown(); len(got) != 0 {
		t.Errorf("deleted, the map still shows %q", got)
	}
}

// This turn shows the reminders due: one of this turn, one whose
// condition finds something; not one of a later turn, nor one whose
// condition finds nothing.
func TestRemindersInThisTurn(t *testing.T) {
	x := newApp(t)
	turn := x.st.Game().K.Turn
	if got := x.thisTurn.reminders.Lines(); got != nil {
		t.Fatalf("reminders before any: %q", got)
	}
	for _, e := range []notes.Entry{
		{Kind: notes.Reminder, Turn: turn, Text: "Muster the fleet"},
		{Kind: notes.Reminder, Turn: turn + 3, Text: "Later"},
		{Kind: notes.Reminder, Condition: "my ships", Text: "Count the ships"},
		{Kind: notes.Reminder, Condition: "ships named Zzyzxq", Text: "Never"},
	} {
		if _, err := x.notes.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	got := strings.Join(x.thisTurn.reminders.Lines(), "\n")
	for _, want := range []string{"Turn " + itoa(turn) + ": Muster the fleet", "My ships (", "found): Count the ships"} {
		if !strings.Contains(got, want) {
			t.Errorf("This turn's reminders %q lack %q", got, want)
		}
	}
	for _, not := range []string{"Later", "Never"} {
		if strings.Contains(got, not) {
			t.Errorf("This turn's reminders %q show %q", got, not)
		}
	}
	// This turn's CSV carries the reminders due, above the changes.
	_, rows := x.thisTurn.csv()
	if len(rows) < 2 || rows[0][0] != "Reminder" || !strings.Contains(rows[0][1], "Muster the fleet") ||
		rows[1][0] != "Reminder" || !strings.Contains(rows[1][1], "Count the ships") {
		t.Errorf("This turn's CSV begins %q, want the two reminders due", rows[:min(2, len(rows))])
	}
	// "Dealt with" takes a reminder out of This turn, and keeps it.
	var dealt *widget.Button
	walk(x.thisTurn.reminders.box, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Dealt with" && dealt == nil {
			dealt = b
		}
	})
	if dealt == nil {
		t.Fatal("no Dealt with button")
	}
	test.Tap(dealt)
	if got := x.thisTurn.reminders.Lines(); len(got) != 1 || !strings.Contains(got[0], "Count the ships") {
		t.Errorf("after Dealt with, This turn shows %q", got)
	}
	if b, _ := x.st.Workspace().LoadNotes(); len(b.Due(turn)) != 0 {
		t.Errorf("the file keeps %d reminders due", len(b.Due(turn)))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A condition that does not read is said in the form with its column;
// the form stays open and nothing is filed.
func TestReminderBadCondition(t *testing.T) {
	x := newApp(t)
	f := x.notesV.Add(notes.Entry{Kind: notes.Reminder})
	test.Type(f.text, "Watch")
	f.cond.SetText("ships within of planet 3")
	enter(f)
	if !strings.Contains(f.problem.Text, "column") {
		t.Errorf("the form says %q", f.problem.Text)
	}
	if !strings.Contains(top(x), "column") || x.st.Notes().Len() != 0 {
		t.Errorf("the dialog on top says %q; the book holds %d", top(x), x.st.Notes().Len())
	}
	f.cond.SetText("ships within 50 of planet 3")
	enter(f)
	if x.Window().Canvas().Overlays().Top() != nil || x.st.Notes().Len() != 1 {
		t.Errorf("mended: the dialog on top says %q; the book holds %d", top(x), x.st.Notes().Len())
	}
}

// A notes file that cannot be read is said and kept aside, and the
// entries that can be read are shown.
func TestDamagedNotesKeptAside(t *testing.T) {
	x := newApp(t)
	if _, err := x.notes.Add(notes.Entry{Kind: notes.Note, Turn: 1, Text: "kept"}); err != nil {
		t.Fatal(err)
	}
	path := x.st.Workspace().NotesPath()
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, append(data, []byte("{not json\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	y := reopenDemo(t, x)
	if p := y.status.Problems(); !strings.Contains(p, "notes") || !strings.Contains(p, "kept as") {
		t.Errorf("the status bar says %q", p)
	}
	if rows := y.notesV.rows; len(rows) != 1 || rows[0].Text != "kept" {
		t.Errorf("the Notes tab lists %+v", rows)
	}
	if aside, _ := filepath.Glob(path + ".damaged*"); len(aside) != 1 {
		t.Errorf("copies kept aside: %q", aside)
	}
}

// The rule book's dates are offered once: a second time says they are
// there already (it said "0 reminders added").
func TestRuleDatesOnce(t *testing.T) {
	x := newApp(t)
	test.Tap(x.notesV.rules)
	n := x.st.Notes().Len()
	if n == 0 {
		t.Fatalf("no rule book date added: %q", x.notesV.note.Text)
	}
	test.Tap(x.notesV.rules)
	if x.st.Notes().Len() != n || x.notesV.note.Text != "The rule book's dates are in the list already." {
		t.Errorf("again: %d entries, %q", x.st.Notes().Len(), x.notesV.note.Text)
	}
	// Deleted, they are offered again.
	for _, e := range x.st.Notes().Entries() {
		x.notes.Delete(e.ID)
	}
	test.Tap(x.notesV.rules)
	if x.st.Notes().Len() != n || !strings.Contains(x.notesV.note.Text, "reminders of the rule book's dates added") {
		t.Errorf("after deleting them: %d entries, %q", x.st.Notes().Len(), x.notesV.note.Text)
	}
}

// With none of the rule book's dates in the list and none added, they are
// all past.
func TestRuleDatesPast(t *testing.T) {
	if got := ruleDatesSaid(0, []notes.Entry{{Kind: notes.Reminder, Text: "mine"}}); !strings.Contains(got, "all past") {
		t.Errorf("none added, none there: %q", got)
	}
}

// A reminder of a turn that falls due with a sheet arriving is said in the
// status line, once; looking at an earlier turn says nothing.
func TestReminderArrives(t *testing.T) {
	x := hostedApp(t, 2)
	if x.st.Notes().Seen != 2 {
		t.Fatalf("after turns 1 and 2, the reminders seen are of turn %d", x.st.Notes().Seen)
	}
	if _, err := x.notes.Add(notes.Entry{Kind: notes.Reminder, Turn: 2, Text: "Refuel"}); err != nil {
		t.Fatal(err)
	}
	x.st.Notes().Seen = 1 // as if turn 2 had not been shown yet
	if err := x.Load(x.st.Workspace().ReportPath(2)); err != nil {
		t.Fatal(err)
	}
	if s := x.status.Text(); !strings.Contains(s, "1 reminder fell due") {
		t.Errorf("the status line says %q", s)
	}
	x.status.say("")
	if err := x.Load(x.st.Workspace().ReportPath(2)); err != nil {
		t.Fatal(err)
	}
	if s := x.status.Text(); strings.Contains(s, "fell due") {
		t.Errorf("shown again, the status line says %q", s)
	}
	if b, _ := x.st.Workspace().LoadNotes(); b.Seen != 2 {
		t.Errorf("the file keeps the reminders seen of turn %d", b.Seen)
	}
}

// collectTexts is the canvas texts under o.
func collectTexts(o fyne.CanvasObject) string {
	var b strings.Builder
	walk(o, func(o fyne.CanvasObject) {
		if t, ok := o.(*canvas.Text); ok {
			b.WriteString(t.Text + "\n")
		}
	})
	return b.String()
}

// buttonsOf are the buttons under o.
func buttonsOf(o fyne.CanvasObject) []*widget.Button {
	switch w := o.(type) {
	case *widget.Button:
		return []*widget.Button{w}
	case *fyne.Container:
		var out []*widget.Button
		for _, c := range w.Objects {
			out = append(out, buttonsOf(c)...)
		}
		return out
	case *container.Scroll:
		return buttonsOf(w.Content)
	}
	return nil
}

// TestNotesButtonsInSight: at 1280x800 every button of the Notes tab is
// whole and inside the tab: none cut at its edge, none to scroll to.
func TestNotesButtonsInSight(t *testing.T) {
	x := newApp(t)
	x.st.ShowTab(TabNotes)
	relayout(x)
	d := fyne.CurrentApp().Driver()
	v := x.notesV
	at, size := d.AbsolutePositionForObject(v.box), v.box.Size()
	bs := buttonsOf(v.box)
	if len(bs) != 6 {
		t.Fatalf("%d buttons in the Notes tab, want 6", len(bs))
	}
	for _, b := range bs {
		p, s := d.AbsolutePositionForObject(b), b.Size()
		if s.Width < b.MinSize().Width || p.X < at.X || p.Y < at.Y || p.X+s.Width > at.X+size.Width+0.5 || p.Y+s.Height > at.Y+size.Height+0.5 {
			t.Errorf("%q is %v at %v, the tab %v at %v", b.Text, s, p, size, at)
		}
	}
}

// typeInFocused types s where the keyboard is, as a player does.
func typeInFocused(x *App, s string) {
	c := x.Window().Canvas()
	for _, r := range s {
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		}
	}
}

// TestEntryFormKeyboardInFirstField: each form, new or edited, opens with
// the keyboard in its first field and the cursor after its text, so that
// what the player types goes on the end of the label, note or reminder.
func TestEntryFormKeyboardInFirstField(t *testing.T) {
	x := newApp(t)
	x.st.ShowTab(TabNotes)
	for _, k := range []notes.Kind{notes.Marker, notes.Note, notes.Reminder} {
		f := x.notesV.Add(notes.Entry{Kind: k})
		typeInFocused(x, "Base")
		if f.text.Text != "Base" {
			t.Fatalf("new %s: typed into the first field, it reads %q (the keyboard is with %T)", k, f.text.Text, x.Window().Canvas().Focused())
		}
		f.place.SetText("1 2 3")
		f.turn.SetText("9")
		enter(f)
		var saved notes.Entry
		for _, e := range x.st.Notes().Entries() {
			if e.Kind == k && e.Text == "Base" {
				saved = e
			}
		}
		if saved.ID == 0 {
			t.Fatalf("new %s not saved: %q", k, f.problem.Text)
		}
		x.notesV.EditEntry(saved)
		typeInFocused(x, " camp")
		if got := x.notesV.form.text.Text; got != "Base camp" {
			t.Errorf("edited %s: typed \" camp\" into the first field, it reads %q", k, got)
		}
		esc(x.notesV.form)
	}
}

// TestEntryFormChoicesAnswerEsc: in a marker's form, Esc shuts the open
// list of shapes, a second Esc (the keyboard on the list's field) cancels
// the form; Enter there is OK. In a reminder's form the "Dealt with" box
// answers Esc too.
func TestEntryFormChoicesAnswerEsc(t *testing.T) {
	x := newApp(t)
	x.st.ShowTab(TabNotes)
	c := x.Window().Canvas()
	key := func(name fyne.KeyName) {
		if f, ok := c.Focused().(fyne.Focusable); ok {
			f.TypedKey(&fyne.KeyEvent{Name: name})
		}
	}
	f := x.notesV.Add(notes.Entry{Kind: notes.Marker})
	test.Tap(f.shape)
	dialogs := len(c.Overlays().List())
	if _, open := c.Focused().(*widget.PopUpMenu); !open {
		t.Fatalf("a tap on the shape gives the keyboard to %T, not its list", c.Focused())
	}
	key(fyne.KeyEscape)
	if n := len(c.Overlays().List()); n != dialogs-1 || c.Focused() != f.shape {
		t.Fatalf("after Esc %d overlays (were %d with the list), the keyboard with %T", n, dialogs, c.Focused())
	}
	key(fyne.KeyEscape)
	if c.Overlays().Top() != nil {
		t.Fatalf("a second Esc left %T open", c.Overlays().Top())
	}
	f = x.notesV.Add(notes.Entry{Kind: notes.Marker})
	f.text.SetText("camp")
	f.place.SetText("1 2 3")
	c.Focus(f.colour)
	key(fyne.KeyReturn)
	if c.Overlays().Top() != nil || x.st.Notes().Len() != 1 {
		t.Fatalf("Enter on the colour: %d entries, %T open", x.st.Notes().Len(), c.Overlays().Top())
	}
	f = x.notesV.Add(notes.Entry{Kind: notes.Reminder})
	c.Focus(f.done)
	key(fyne.KeyEscape)
	if c.Overlays().Top() != nil {
		t.Errorf("Esc on \"Dealt with\" left %T open", c.Overlays().Top())
	}
}

// TestNotesRowsReadWhole: at 1280x800 each row of the Notes tab shows its
// entry's whole text, wrapped to the column's width; the rule book's
// reminders were cut after some 30 letters ("The pull of Silverf…"), and
// only their form showed the rest.
func TestNotesRowsReadWhole(t *testing.T) {
	x := newApp(t)
	x.st.ShowTab(TabNotes)
	test.Tap(x.notesV.rules)
	relayout(x)
	v := x.notesV
	shown := collectTexts(v.list)
	if strings.Contains(shown, "…") {
		t.Errorf("a row is cut:\n%s", shown)
	}
	words := strings.Join(strings.Fields(shown), " ")
	for i := 0; i < 3 && i < len(v.rows); i++ {
		if want := strings.Join(strings.Fields(entryLine(v.rows[i])), " "); !strings.Contains(words, want) {
			t.Errorf("row %d does not show %q; the rows show:\n%s", i, want, shown)
		}
	}
}

// TestReminderOnWhatAnAllySees: a reminder on a condition is run again
// when the knowledge changes: one on the ships of an ally falls due when
// his sheet is imported, and "allied ships" finds them. Before, This turn
// ran the conditions only when the game or the notes changed, so that at
// the start (the knowledge is merged after the first frame) and after an
// import it went on showing what it found without the allies' sheets.
func TestReminderOnWhatAnAllySees(t *testing.T) {
	x := newApp(t)
	for _, c := range []string{"ships of player 4", "allied ships"} {
		if _, err := x.notes.Add(notes.Entry{Kind: notes.Reminder, Condition: c, Text: "Meet " + c}); err != nil {
			t.Fatal(err)
		}
	}
	if got := x.thisTurn.reminders.Lines(); len(got) != 0 {
		t.Fatalf("due before the ally's sheet: %q", got)
	}
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	got := strings.Join(x.thisTurn.reminders.Lines(), "\n")
	for _, want := range []string{"found): Meet ships of player 4", "found): Meet allied ships"} {
		if !strings.Contains(got, want) {
			t.Errorf("after the ally's sheet This turn's reminders are %q, lacking %q", got, want)
		}
	}
}

// heldBy is a stand-in for the desktop driver's CanvasForObject, which
// (unlike the test driver's) knows only the objects its window holds.
func heldBy(c fyne.Canvas) func(fyne.CanvasObject) fyne.Canvas {
	return func(o fyne.CanvasObject) fyne.Canvas {
		held := false
		for _, root := range append([]fyne.CanvasObject{c.Content()}, c.Overlays().List()...) {
			walk(root, func(x fyne.CanvasObject) { held = held || x == o })
		}
		if held {
			return c
		}
		return nil
	}
}

// TestEntryFormChoicesOpenOnTap: a tap on a form's shape or colour opens
// its list in a window that knows only the objects it holds, as the
// desktop's does. In the real window no tap opened them: the guard asked
// the driver about the Select inside the form's own widget, which the
// window does not hold, took it for lost and dropped the tap.
func TestEntryFormChoicesOpenOnTap(t *testing.T) {
	x := newApp(t)
	c := x.Window().Canvas()
	f := x.notesV.Add(notes.Entry{Kind: notes.Marker})
	for _, choice := range []*formChoice{f.shape, f.colour} {
		choice.canvasOf = heldBy(c)
		before := len(c.Overlays().List())
		test.Tap(choice)
		if _, open := c.Focused().(*widget.PopUpMenu); !open || len(c.Overlays().List()) != before+1 {
			t.Errorf("a tap on %q opens no list: the keyboard with %T, %d overlays (were %d)", choice.Selected, c.Focused(), len(c.Overlays().List()), before)
		}
		if m, open := c.Focused().(*widget.PopUpMenu); open {
			m.Hide()
		}
	}
}
