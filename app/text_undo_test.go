package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestOrderTextUndoByLine: three lines typed in the order text go back
// one Ctrl+Z at a time, the draft with them, and come again with Ctrl+Y.
func TestOrderTextUndoByLine(t *testing.T) {
	x := newApp(t)
	p := x.text
	x.st.ShowTab(TabText)
	p.startEditing(0)
	e := p.entry
	for i, l := range []string{"PI 1", "PI 2", "PI 3"} {
		if i > 0 {
			e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		}
		test.Type(e, l)
	}
	if e.Text != "PI 1\nPI 2\nPI 3" {
		t.Fatalf("typed %q", e.Text)
	}
	// Each step is a line and the Enter after it.
	for _, want := range []string{"PI 1\nPI 2\n", "PI 1\n", ""} {
		e.TypedShortcut(&fyne.ShortcutUndo{})
		if e.Text != want {
			t.Errorf("Ctrl+Z: %q, want %q", e.Text, want)
		}
		if got := x.st.Draft().Text(); got != want {
			t.Errorf("Ctrl+Z: the draft is %q, want %q", got, want)
		}
	}
	e.TypedShortcut(&fyne.ShortcutUndo{}) // nothing more: nothing changes
	if e.Text != "" {
		t.Errorf("a Ctrl+Z too many: %q", e.Text)
	}
	for _, want := range []string{"PI 1\n", "PI 1\nPI 2\n", "PI 1\nPI 2\nPI 3"} {
		e.TypedShortcut(&fyne.ShortcutRedo{})
		if e.Text != want {
			t.Errorf("Ctrl+Y: %q, want %q", e.Text, want)
		}
	}
	// Typing after an undo drops what could be done again.
	e.TypedShortcut(&fyne.ShortcutUndo{})
	e.CursorRow, e.CursorColumn = 1, 4
	test.Type(e, "0")
	e.TypedShortcut(&fyne.ShortcutRedo{})
	if e.Text != "PI 1\nPI 20\n" {
		t.Errorf("redo after new typing: %q", e.Text)
	}
	e.TypedShortcut(&fyne.ShortcutUndo{})
	if e.Text != "PI 1\nPI 2\n" {
		t.Errorf("undo of the new typing: %q", e.Text)
	}
}

// TestOrderTextMessages: the checker's messages come in the order of the
// lines, and a long one wraps to be read whole in the panel.
func TestOrderTextMessages(t *testing.T) {
	x := newApp(t)
	x.st.ShowTab(TabText)
	x.text.SetText("PI 5\nhello\nMO 999 0 0 0\nbad line\n")
	x.Window().Canvas().Capture()
	var lines []string
	for _, m := range x.text.msgs {
		lines = append(lines, strings.SplitN(m, ":", 2)[0])
	}
	if strings.Join(lines, ",") != "line 2,line 3,line 4" {
		t.Errorf("messages %q: not in the order of the lines", x.text.msgs)
	}
	w := x.text.wrap
	if w.width < 200 || w.width > 600 {
		t.Fatalf("the messages' list is %v wide", w.width)
	}
	longest := -1
	for i, m := range x.text.msgs {
		if fyne.MeasureText(m, theme.TextSize(), fyne.TextStyle{}).Width > w.width {
			longest = i
		}
	}
	if longest < 0 {
		t.Fatalf("no message is wider than the panel: the test measures nothing (%q)", x.text.msgs)
	}
	if l := x.text.list.CreateItem().(*widget.Label); l.Wrapping != fyne.TextWrapWord || l.Truncation != fyne.TextTruncateOff {
		t.Error("the messages are cut, not wrapped")
	}
	if h, line := w.Height(longest), newWrapMeasure().line; h <= line {
		t.Errorf("message %q is %v high in %v, one line: cut", x.text.msgs[longest], h, w.width)
	}
}
