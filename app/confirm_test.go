package app

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/practice"
)

// TestQuestionKeys: a Yes/No question takes the keyboard: Enter answers
// Yes, Esc No, and either closes it.
func TestQuestionKeys(t *testing.T) {
	x := newApp(t)
	c := x.Window().Canvas()
	for _, k := range []struct {
		key  fyne.KeyName
		want bool
	}{{fyne.KeyReturn, true}, {fyne.KeyEnter, true}, {fyne.KeyEscape, false}} {
		answer := "none"
		confirm(x.Window(), "Send?", "Send the orders?", func(ok bool) { answer = map[bool]string{true: "yes", false: "no"}[ok] })
		f, ok := c.Focused().(*dialogKeys)
		if !ok {
			t.Fatalf("the question does not hold the keyboard: %T has it", c.Focused())
		}
		f.TypedKey(&fyne.KeyEvent{Name: k.key})
		if want := map[bool]string{true: "yes", false: "no"}[k.want]; answer != want {
			t.Errorf("%s answered %s, want %s", k.key, answer, want)
		}
		if top := c.Overlays().Top(); top != nil {
			t.Errorf("%s left the question showing", k.key)
		}
	}
}

// TestPracticeQuestionWording: End turn with an order in error asks in
// the practice game's words: no moderator's program reads its orders.
// Enter ends the turn anyway.
func TestPracticeQuestionWording(t *testing.T) {
	x := newApp(t)
	v := x.practice
	v.start(practice.Options{Seed: 5, Players: 3, Level: "easy"})
	x.st.Draft().SetAll(mustOrders(t, "MO 999 0 0 0"))
	v.EndTurn()
	msg := top(x)
	if strings.Contains(msg, "moderator") || !strings.Contains(msg, "The turn will not carry these out") || !strings.Contains(msg, "End the turn anyway?") {
		t.Errorf("the question in a practice game: %q", msg)
	}
	shot(t, x, "question-practice")
	x.Window().Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if g := x.st.Game(); g.K.Turn != 2 {
		t.Errorf("Enter did not end the turn: turn %d shown", g.K.Turn)
	}
	// Beside the practice game, the moderator's program is meant.
	y := newApp(t)
	y.st.Draft().SetAll(mustOrders(t, "MO 999 0 0 0"))
	if _, text := y.export.warning(); !strings.Contains(text, "moderator's program") {
		t.Errorf("the demo's warning: %q", text)
	}
}

// TestRemovePracticeGame: Continue practice game removes a game after a
// question that Enter does not answer Yes; the game shown goes to the
// demo, and the list no longer has it.
func TestRemovePracticeGame(t *testing.T) {
	x := newApp(t)
	v := x.practice
	v.start(practice.Options{Seed: 5, Players: 3, Level: "easy"})
	v.start(practice.Options{Seed: 6, Players: 3, Level: "easy"})
	shown := v.Shown()
	v.ContinueDialog()
	list := findList(t, x)
	list.Select(1) // Practice 6, the one shown
	shot(t, x, "continue-practice")
	tap(t, x, "Remove…")
	shot(t, x, "remove-practice")
	if msg := top(x); !strings.Contains(msg, "Remove Practice 6") || !strings.Contains(msg, "cannot be undone") {
		t.Fatalf("the question: %q", msg)
	}
	x.Window().Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if _, err := os.Stat(shown.Dir); err != nil {
		t.Fatalf("Enter removed the game (or it was never there): %v", err)
	}
	// The list again; now Remove for good.
	findList(t, x).Select(1)
	tap(t, x, "Remove…")
	tap(t, x, "Remove")
	if _, err := os.Stat(shown.Dir); !os.IsNotExist(err) {
		t.Errorf("the game's folder is still there: %v", err)
	}
	if v.Shown() != nil || x.st.Game().Source != demoSource {
		t.Errorf("after removing the game shown, %q shows", x.st.Game().K.Game)
	}
	games, _ := practice.List(x.keep.root)
	if len(games) != 1 || games[0].Name != "Practice 5" {
		t.Errorf("games left: %+v", games)
	}
	if msg := top(x); !strings.Contains(msg, "Practice 5") || strings.Contains(msg, "Practice 6") {
		t.Errorf("the list after removing: %q", msg)
	}
}

// findList is the list in the dialog on top.
func findList(t *testing.T, x *App) *widget.List {
	t.Helper()
	var found *widget.List
	walk(x.Window().Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.List); ok && found == nil {
			found = l
		}
		if l, ok := o.(*dialogList); ok && found == nil {
			found = &l.List
		}
	})
	if found == nil {
		t.Fatalf("no list in %q", top(x))
	}
	return found
}

// TestPracticeDialogKeys: the New and Continue practice game dialogs
// answer Enter (their default button) and Esc (Cancel), also once a click
// on the list has given it the keyboard.
func TestPracticeDialogKeys(t *testing.T) {
	x := newApp(t)
	v := x.practice
	c := x.Window().Canvas()
	v.NewDialog()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil || v.Shown() != nil {
		t.Fatalf("Esc in New practice game: the dialog shows %v, a game shown %v", c.Overlays().Top() != nil, v.Shown() != nil)
	}
	v.NewDialog()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if v.Shown() == nil {
		t.Fatal("Enter in New practice game started no game")
	}
	x.LoadDemo()
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		v.ContinueDialog()
		if k == fyne.KeyReturn {
			var kl *dialogList
			walk(c.Overlays().Top(), func(o fyne.CanvasObject) {
				if l, ok := o.(*dialogList); ok {
					kl = l
				}
			})
			if kl == nil {
				t.Fatal("no list in Continue practice game")
			}
			c.Focus(kl) // a click on a row gives the list the keyboard
		}
		c.Focused().TypedKey(&fyne.KeyEvent{Name: k})
		if c.Overlays().Top() != nil {
			t.Errorf("%s left Continue practice game showing", k)
		}
		if shown := v.Shown() != nil; shown != (k == fyne.KeyReturn) {
			t.Errorf("%s in Continue practice game: a practice game shown %v", k, shown)
		}
	}
}
