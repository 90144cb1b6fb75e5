package app

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	native "github.com/sqweek/dialog"
)

// fakeDesktopDialog stands for the desktop's file dialog: each call waits
// for the answer the test gives it.
type fakeDesktopDialog struct {
	calls   atomic.Int32
	entered chan fileRequest
	answer  chan error
	path    string
}

func newFakeDesktopDialog() *fakeDesktopDialog {
	return &fakeDesktopDialog{entered: make(chan fileRequest, 4), answer: make(chan error)}
}

func (f *fakeDesktopDialog) show(req fileRequest) (string, error) {
	f.calls.Add(1)
	f.entered <- req
	if err := <-f.answer; err != nil {
		return "", err
	}
	return f.path, nil
}

func receive[T any](t *testing.T, what string, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
	var zero T
	return zero
}

// TestOneDesktopDialogAtATime: a second request while the desktop's
// dialog shows starts no second one (two abort GTK) and says why; once
// the first is answered, the next request opens one again.
func TestOneDesktopDialogAtATime(t *testing.T) {
	t.Setenv("DISPLAY", ":0") // the fake needs no display, but the chooser asks
	w := test.NewTempApp(t).NewWindow("files")
	refused := 0
	fake := newFakeDesktopDialog()
	c := &fileChooser{win: w, native: fake.show, refused: func() { refused++ }}
	chosen := make(chan string, 2)
	req := fileRequest{title: "Import a turn sheet", start: t.TempDir(), exts: []string{"txt"}}

	c.choose(req, true, func(p string) { chosen <- p })
	if got := receive(t, "the desktop's dialog", fake.entered); got.title != req.title {
		t.Errorf("the dialog got %+v", got)
	}
	c.choose(req, true, func(p string) { chosen <- p })
	c.choose(fileRequest{title: "Export orders", save: true}, true, func(p string) { chosen <- p })
	if n := fake.calls.Load(); n != 1 || refused != 2 {
		t.Fatalf("with a dialog open, two more requests started %d dialogs in all and were refused %d times", n, refused)
	}
	fake.path = "/tmp/sheet.txt"
	fake.answer <- nil
	if p := receive(t, "the path chosen", chosen); p != fake.path {
		t.Errorf("chose %q", p)
	}
	// Answered: the next request shows a dialog again.
	c.choose(req, true, func(p string) { chosen <- p })
	receive(t, "the second dialog", fake.entered)
	if n := fake.calls.Load(); n != 2 {
		t.Errorf("%d dialogs after the first was answered, want 2", n)
	}
	fake.answer <- native.ErrCancelled
	select {
	case p := <-chosen:
		t.Errorf("a cancelled dialog chose %q", p)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestOneFyneDialogAtATime: Fyne's dialog, shown where the desktop's
// cannot start, also shows once, whatever the requests.
func TestOneFyneDialogAtATime(t *testing.T) {
	t.Setenv("DISPLAY", ":0")
	w := test.NewTempApp(t).NewWindow("files")
	w.Resize(fyne.NewSize(1000, 700))
	refused := 0
	fake := newFakeDesktopDialog()
	c := &fileChooser{win: w, native: fake.show, refused: func() { refused++ }}
	overlays := func() int { return len(w.Canvas().Overlays().List()) }
	req := fileRequest{title: "Import a turn sheet", start: t.TempDir(), exts: []string{"txt"}}

	c.choose(req, false, func(string) {})
	c.choose(req, false, func(string) {})
	c.choose(fileRequest{title: "Export orders", start: t.TempDir(), name: "o.txt", save: true}, false, func(string) {})
	if n := overlays(); n != 1 || refused != 2 {
		t.Fatalf("%d dialogs show after three requests (%d refused), want 1", n, refused)
	}
	c.fyneDlg.Dismiss()
	if c.showing || overlays() != 0 {
		t.Fatalf("the dialog was closed, yet showing %v with %d overlays", c.showing, overlays())
	}
	c.choose(req, false, func(string) {})
	if n := overlays(); n != 1 {
		t.Errorf("after closing, a request shows %d dialogs", n)
	}
	c.fyneDlg.Dismiss()

	// The desktop's dialog failing to start: Fyne's shows in its place, and
	// the guard holds until that one closes.
	c.background = func(f func()) { f() } // in line: the answer is there already
	fake.answer = make(chan error, 1)
	fake.answer <- errors.New("native dialog: gtk initialisation failed")
	c.choose(req, true, func(string) {})
	c.choose(req, true, func(string) {})
	if n, calls := overlays(), fake.calls.Load(); n != 1 || calls != 1 {
		t.Errorf("after the desktop's dialog failed: %d dialogs show, %d desktop dialogs started", n, calls)
	}
}

// TestImportTwiceShowsOneDialog: Ctrl+O twice in the window shows one
// dialog and says why there is no second.
func TestImportTwiceShowsOneDialog(t *testing.T) {
	x := newApp(t)
	x.ImportDialog()
	x.ImportDialog()
	if n := len(x.Window().Canvas().Overlays().List()); n != 1 {
		t.Errorf("%d dialogs after Ctrl+O twice", n)
	}
	if !strings.Contains(x.status.Text(), "open already") {
		t.Errorf("status %q", x.status.Text())
	}
	// The dialog closed: the message is untrue, and goes.
	x.files.fyneDlg.Dismiss()
	if s := x.status.Text(); strings.Contains(s, "open already") || !strings.Contains(s, "credits") {
		t.Errorf("after the dialog closed, status %q", s)
	}
}

// TestStatusNotesGo: a note goes by itself after a few seconds; a state
// (work under way, a prompt) stays until taken back; a late timer of a
// note replaced clears nothing.
func TestStatusNotesGo(t *testing.T) {
	x := newApp(t)
	var timers []func()
	var waits []time.Duration
	x.status.after = func(d time.Duration, f func()) { timers, waits = append(timers, f), append(waits, d) }
	x.status.say("The orders are on the clipboard.")
	if x.status.Text() != "The orders are on the clipboard." || len(timers) != 1 || waits[0] > 10*time.Second {
		t.Fatalf("status %q, timers %v", x.status.Text(), waits)
	}
	timers[0]()
	if s := x.status.Text(); !strings.Contains(s, "credits") {
		t.Errorf("after its time the note still shows: %q", s)
	}
	x.status.say("first")
	x.status.hold("Carrying out turn 1…")
	timers[1]() // the first note's timer
	x.st.Draft().SetText("PI 1\n")
	if s := x.status.Text(); s != "Carrying out turn 1…" {
		t.Errorf("a state was taken by a note's timer or a change of the orders: %q", s)
	}
	x.status.hold("")
	if s := x.status.Text(); !strings.Contains(s, "credits") {
		t.Errorf("a state taken back still shows: %q", s)
	}
}
