package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestNoticesTakeEnterAndEsc: an error (a broken sheet refused) and a
// message (About) close with Enter or Esc, as with OK.
func TestNoticesTakeEnterAndEsc(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEnter, fyne.KeyEscape} {
		for _, tc := range []struct {
			name, want string
			show       func(x *App)
		}{
			{"broken sheet", "still loaded", func(x *App) {
				path := filepath.Join(t.TempDir(), "broken.txt")
				if err := os.WriteFile(path, []byte("DARKNESS OF SILVERFALL -- TURN SHEET\nGame: X\nPlayer: abc\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				x.Import(path)
			}},
			{"about", "map-and-orders client", func(x *App) {
				menuItem(t, x, "About Silverfall").Action()
			}},
			{"empire orders", "Empire orders", func(x *App) {
				for _, a := range x.orders.acts {
					if a.b.Text == "Empire…" {
						test.Tap(a.b)
					}
				}
			}},
		} {
			t.Run(tc.name+" "+string(key), func(t *testing.T) {
				x := newApp(t)
				c := x.Window().Canvas()
				tc.show(x)
				top := c.Overlays().Top()
				if top == nil || !strings.Contains(collectText(top), tc.want) {
					t.Fatalf("no dialog saying %q", tc.want)
				}
				if c.Focused() == nil {
					t.Fatal("the dialog does not have the keyboard")
				}
				c.Focused().TypedKey(&fyne.KeyEvent{Name: key})
				if top := c.Overlays().Top(); top != nil && top.Visible() {
					t.Errorf("%s does not close the dialog: %q", key, collectText(top))
				}
			})
		}
	}
}

// TestNoticesOneWay: every error and message of the window goes through
// showError and showInfo, every question through confirm (which take
// Enter and Esc), none through Fyne's own, which take neither.
func TestNoticesOneWay(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fyneOwn := regexp.MustCompile(`dialog\.(ShowError|ShowInformation|NewError|NewInformation|ShowConfirm|NewConfirm)\(`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if fyneOwn.MatchString(line) {
				t.Errorf("%s:%d: Fyne's own dialog, deaf to Enter and Esc: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
