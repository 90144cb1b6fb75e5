package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/rules"
)

// TestHelpTablesWrap: a long cell of a help table wraps and its row grows
// to show all of it, also after a sort; the cells do not cut text.
func TestHelpTablesWrap(t *testing.T) {
	test.NewTempApp(t)
	long := strings.Repeat("a ship that carries out the order of its fleet ", 8)
	st := newSortTable([]string{"Code", "What it does"}, []float32{80, 300},
		[][]string{{"AA", "short"}, {"ZZ", long}}, nil, nil)
	line := newWrapMeasure().line
	if st.heights[0] != line || st.heights[1] < 4*line {
		t.Fatalf("row heights %v, one line %v", st.heights, line)
	}
	st.SortOn(0) // again on the first column: the other way round
	if st.rows[0][0] != "ZZ" || st.heights[0] < 4*line || st.heights[1] != line {
		t.Errorf("after sorting, rows %q heights %v", st.rows, st.heights)
	}
	cell := st.table.CreateCell().(*widget.Label)
	if cell.Truncation != fyne.TextTruncateOff || cell.Wrapping != fyne.TextWrapWord {
		t.Error("help cells cut their text")
	}
	// The order reference: every rule's text fits its row.
	ref := newSortTable([]string{"Code", "Form", "Phase", "Kind", "Who", "What it does"},
		[]float32{110, 260, 60, 220, 260, 640}, orderRefRows(), nil, nil)
	tall := 0
	for _, h := range ref.heights {
		if h > line {
			tall++
		}
	}
	if tall == 0 {
		t.Error("no row of the order reference needs more than a line: the test measures nothing")
	}
}

// headText is what the head of column col of a help table says.
func headText(t *sortTable, col int) string {
	b := t.table.CreateHeader().(*widget.Button)
	t.table.UpdateHeader(widget.TableCellID{Row: -1, Col: col}, b)
	return b.Text
}

// TestHelpSortMark: a head is marked only when its column is in order:
// the keys are listed by use, not by name; the ship types by number.
func TestHelpSortMark(t *testing.T) {
	test.NewTempApp(t)
	rows := make([][]string, len(shortcutLines))
	for i, l := range shortcutLines {
		rows[i] = []string{l[0], l[1]}
	}
	keys := newSortTable([]string{"Keys", "What they do"}, []float32{230, 480}, rows, nil, nil)
	if h := headText(keys, 0); strings.ContainsAny(h, "▲▼") {
		t.Errorf("the keys' head %q is marked, though the keys are not in order", h)
	}
	keys.SortOn(0)
	if h := headText(keys, 0); !strings.HasSuffix(h, "▲") {
		t.Errorf("after a click the keys' head is %q", h)
	}
	types := newSortTable([]string{"No.", "Type"}, []float32{50, 170}, shipTypeRows(rules.Default()), map[int]bool{0: true}, nil)
	if h := headText(types, 0); h != "No. ▲" {
		t.Errorf("the ship types' head %q, want it marked: they come by number", h)
	}
}

// TestShortcutHelpComplete: the keys the menus name are in the help.
func TestShortcutHelpComplete(t *testing.T) {
	var all []string
	for _, l := range shortcutLines {
		all = append(all, l[0])
	}
	for _, k := range []string{"Ctrl+O", "Ctrl+E", "Ctrl+N", "Ctrl+R", "Ctrl+T", "Ctrl+Q", "Ctrl+B", "Ctrl+J"} {
		if !strings.Contains(strings.Join(all, " "), k) {
			t.Errorf("the shortcut help lacks %s", k)
		}
	}
}

// TestQuitKey: Ctrl+Q is bound and named in the File menu, as Fyne's own
// Quit is not.
func TestQuitKey(t *testing.T) {
	x := newApp(t)
	var quit *fyne.MenuItem
	for _, it := range x.Window().MainMenu().Items[0].Items {
		if it.IsQuit {
			quit = it
		}
	}
	if quit == nil || quit.Shortcut == nil || quit.Shortcut.ShortcutName() != (&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}).ShortcutName() {
		t.Fatalf("the File menu's Quit: %+v", quit)
	}
	closed := false
	x.Window().SetOnClosed(func() { closed = true })
	x.Window().Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault})
	if !closed {
		t.Error("Ctrl+Q did not close the window")
	}
}

// TestShortcutWindowKeys: Esc or Enter closes the shortcut window, also
// when nothing in it has the keyboard.
func TestShortcutWindowKeys(t *testing.T) {
	x := newApp(t)
	a := fyne.CurrentApp()
	h := &helpWindows{fyneApp: x.fyneApp, rules: x.rules}
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		for _, unfocused := range []bool{false, true} {
			h.ShowShortcuts()
			wins := a.Driver().AllWindows()
			w := wins[len(wins)-1]
			if w == x.Window() {
				t.Fatal("no shortcut window")
			}
			c := w.Canvas()
			if unfocused {
				c.Unfocus()
				c.OnTypedKey()(&fyne.KeyEvent{Name: k})
			} else {
				c.Focused().TypedKey(&fyne.KeyEvent{Name: k})
			}
			if n := len(a.Driver().AllWindows()); n != len(wins)-1 {
				t.Errorf("%s (nothing focused %v): %d windows, the shortcut window is still open", k, unfocused, n)
			}
		}
	}
}
