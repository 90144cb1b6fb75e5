package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The allies' sheets listed in a game whose folder has a long path are
// readable at 1280x800: each line whole in its place (the folder's path
// shortened in the middle, keeping its end), no path wrapped in the prose,
// and each row names the ally's empire.
func TestAlliesViewLongPath(t *testing.T) {
	root := filepath.Join(t.TempDir(), strings.Repeat("a-rather-long-folder-name/", 6))
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	x := New(test.NewTempApp(t), Options{Frames: software, Workspaces: root})
	x.NativeDialogs = false
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.SaveInLine()
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture()
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	x.allyIn.Import(allyFile(t, "ally.txt", 7, nil))
	x.alliesV.Show()
	x.Window().Canvas().Capture()
	saveShot(t, x, "allies-view")

	dir := x.st.Workspace().AlliesDir()
	if len(dir) <= shownPath {
		t.Fatalf("the path %q is not long enough to test", dir)
	}
	folder := x.alliesV.folder.Text
	if !strings.HasSuffix(folder, string(filepath.Separator)+"allies") || !strings.Contains(folder, "…") || !x.alliesV.folder.Visible() {
		t.Errorf("the folder is shown as %q", folder)
	}
	if strings.Contains(x.alliesV.empty.Text, string(filepath.Separator)) {
		t.Errorf("a path is in the wrapped text: %q", x.alliesV.empty.Text)
	}
	if x.alliesV.path != dir {
		t.Errorf("Copy path copies %q, not %q", x.alliesV.path, dir)
	}
	var texts []string
	walkObjects(x.alliesV.box, func(o fyne.CanvasObject) {
		l, ok := o.(*widget.Label)
		if !ok || !l.Visible() || l.Text == "" || l.Wrapping != fyne.TextWrapOff {
			return
		}
		texts = append(texts, l.Text)
		need := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
		if need > l.Size().Width+1 {
			t.Errorf("%q needs %.0f wide and has %.0f: it is cut", l.Text, need, l.Size().Width)
		}
	})
	all := strings.Join(texts, "\n")
	for _, want := range []string{"Player 4, Radiant Covenant · turn 1", "turn-001-player-04-", "Player 7, Azure Union · turn 1"} {
		if !strings.Contains(all, want) {
			t.Errorf("the list does not show %q:\n%s", want, all)
		}
	}
}

// walkObjects calls f on o and everything it holds.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch c := o.(type) {
	case *fyne.Container:
		for _, ch := range c.Objects {
			walkObjects(ch, f)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(c)
		for _, ch := range r.Objects() {
			walkObjects(ch, f)
		}
	}
}

func TestShortMiddle(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"/home/ann/games/Silverfall-Demo/allies", 20, "/home/…l-Demo/allies"},
		{"ééééééééééé", 6, "é…éééé"},
	} {
		if got := shortMiddle(c.in, c.n); got != c.want || len([]rune(got)) > c.n {
			t.Errorf("shortMiddle(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
