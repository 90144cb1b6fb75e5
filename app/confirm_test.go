package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

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
