package app

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestWrapMeasureOutlivesItsRenderer: a text measures as tall after Fyne
// has let the measuring label's renderer go as before. Fyne lets go of a
// renderer that has not been used for a minute when a window is painted;
// the measuring label is in no window, so after a minute's use of the
// program every text measured one line, and the rows that wrap (the
// orders list, the order text's checker messages, This turn, the status
// line) overlapped the rows under them. The test runs itself again with
// FYNE_CACHE (how long Fyne keeps a renderer unused) at a nanosecond, so
// that the first paint lets the renderer go without any wait.
func TestWrapMeasureOutlivesItsRenderer(t *testing.T) {
	const inner = "SILVERFALL_RENDERER_GONE"
	if os.Getenv(inner) == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestWrapMeasureOutlivesItsRenderer$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), inner+"=1", "FYNE_CACHE=1ns")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestWrapMeasureOutlivesItsRenderer") {
			t.Fatalf("with renderers let go at once: %v\n%s", err, out)
		}
		return
	}
	a := test.NewTempApp(t)
	m := newWrapMeasure()
	text := strings.Repeat("the order carries over until then; ", 8)
	want := m.height(text, 240)
	if want < 3*m.line {
		t.Fatalf("a text of %d characters in 240 measures %v, a line is %v", len(text), want, m.line)
	}
	// A window painted: Fyne lets go of the renderers unused, the
	// measuring label's among them.
	w := a.NewWindow("painted")
	w.SetContent(widget.NewLabel("painted"))
	w.Resize(fyne.NewSize(300, 100))
	w.Canvas().Capture()
	for _, width := range []float32{240, 240, 241} {
		if got := m.height(text, width); got < want-1 || got > want+1 {
			t.Errorf("after the renderer went, the text in %v measures %v; before, %v", width, got, want)
		}
	}
}
