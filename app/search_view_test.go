package app

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/search"
	"silverfall/engine/model"
)

// searchFor types text in the search bar, as a player does after Ctrl+F,
// and presses Enter.
func searchFor(t *testing.T, x *App, text string) {
	t.Helper()
	x.search.Focus()
	x.search.entry.SetText("")
	test.Type(x.search.entry, text)
	x.search.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// column is the cells of the result table's column head, row by row.
func column(x *App, head string) []string {
	r := x.search.result
	c := slices.Index(r.Heads, head)
	var out []string
	for _, row := range r.Rows {
		if c >= 0 {
			out = append(out, row.Cells[c])
		}
	}
	return out
}

func TestSearchView(t *testing.T) {
	x := newApp(t)
	x.search.Focus()
	if x.bottomTabs.SelectedIndex() != 4 || x.Window().Canvas().Focused() != x.search.entry {
		t.Fatalf("Ctrl+F's action shows tab %d, focus %T: want the search bar", x.bottomTabs.SelectedIndex(), x.Window().Canvas().Focused())
	}
	for _, tc := range []struct {
		query, kind string
		heads       string
		// within: every row is as near as this to the query's place.
		within int
	}{
		{"planets within 300 of planet 3", "planet", "Kind Number Name Owner Place Distance Seen", 300},
		{"my ships", "ship", "Kind Number Name Owner Place Seen", -1},
		{"ships with fuel above 0", "ship", "Kind Number Name Owner Place Seen Fuel", -1},
	} {
		searchFor(t, x, tc.query)
		r := x.search.result
		if r == nil || len(r.Rows) == 0 {
			t.Fatalf("%q: no rows; note %q", tc.query, x.search.note.Text)
		}
		if h := strings.Join(r.Heads, " "); h != tc.heads {
			t.Errorf("%q: heads %q, want %q", tc.query, h, tc.heads)
		}
		for _, k := range column(x, "Kind") {
			if k != tc.kind {
				t.Errorf("%q: a row of kind %q", tc.query, k)
			}
		}
		for _, d := range column(x, "Distance") {
			if n, err := strconv.Atoi(d); err != nil || n > tc.within {
				t.Errorf("%q: distance %q", tc.query, d)
			}
		}
		for _, f := range column(x, "Fuel") {
			if n, err := strconv.Atoi(f); err != nil || n <= 0 {
				t.Errorf("%q: fuel %q", tc.query, f)
			}
		}
		if !strings.Contains(x.search.note.Text, strconv.Itoa(len(r.Rows))) {
			t.Errorf("%q: note %q does not say how many were found", tc.query, x.search.note.Text)
		}
	}
	// An empty bar clears the table.
	searchFor(t, x, "   ")
	if x.search.result != nil || x.search.note.Text != searchHint {
		t.Errorf("an empty query left rows, note %q", x.search.note.Text)
	}
	// Esc gives the keyboard back.
	x.search.Focus()
	x.search.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if f := x.Window().Canvas().Focused(); f != nil {
		t.Errorf("Esc left the keyboard with %T", f)
	}
}

// TestSearchBadQuery: a query that does not read is told with its column,
// and the table no longer shows the rows of the search before it.
func TestSearchBadQuery(t *testing.T) {
	x := newApp(t)
	searchFor(t, x, "my ships")
	n := len(x.search.result.Rows)
	for _, q := range []string{"planets within of ship 5", "ships with fuel below", "ships named \"Hawk", "planets of player"} {
		searchFor(t, x, q)
		if !strings.Contains(x.search.note.Text, "column") || x.search.note.Importance != widget.DangerImportance {
			t.Errorf("%q: note %q, want the message with its column", q, x.search.note.Text)
		}
		if rows, _ := x.search.table.Length(); rows != 0 || x.search.result != nil {
			t.Errorf("%q: the table keeps %d rows of the last search", q, rows)
		}
		if _, rows := x.search.csv(); len(rows) != 0 {
			t.Errorf("%q: the CSV export would write %d rows of the last search", q, len(rows))
		}
	}
	// The search that read comes back, whole, when typed again.
	searchFor(t, x, "my ships")
	if rows, _ := x.search.table.Length(); rows != n || n == 0 {
		t.Errorf("my ships again: %d rows, were %d", rows, n)
	}
}

func TestSearchSelectsAndSorts(t *testing.T) {
	x := newApp(t)
	searchFor(t, x, "objects within 500 of planet 3")
	r := x.search.result
	dist := slices.Index(r.Heads, "Distance")
	for _, desc := range []bool{false, true} {
		x.search.sortOn(dist)
		if x.search.desc != desc {
			x.search.sortOn(dist)
		}
		var got []int
		for _, row := range x.search.result.Rows {
			n, _ := strconv.Atoi(row.Cells[dist])
			got = append(got, n)
		}
		sorted := slices.IsSorted(got)
		if desc {
			slices.Reverse(got)
			sorted = slices.IsSorted(got)
		}
		if !sorted {
			t.Errorf("by distance (desc %v): %v", desc, got)
		}
	}
	for _, kind := range []model.KeyKind{model.KindPlanet, model.KindShip} {
		i := slices.IndexFunc(x.search.result.Rows, func(row search.Row) bool { return row.Key.Kind == kind })
		if i < 0 {
			t.Fatalf("no row of kind %v", kind)
		}
		key := x.search.result.Rows[i].Key
		x.search.table.Select(widget.TableCellID{Row: i, Col: 2})
		if x.st.Selected() != key || x.st.SelectedFrom() != FromSearch || x.MapView().Selection().Key != x.st.Game().Selection(key).Key {
			t.Errorf("clicking %v selected %v from %v, map %v", key, x.st.Selected(), x.st.SelectedFrom(), x.MapView().Selection().Key)
		}
	}
}

func TestTablesCSV(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	evil := `=HYPERLINK("http://example.com","click")`
	g.K.Ships[0].Name = evil
	x.st.setKnown(nil) // the search reads the sheet shown, with the name changed above
	x.ships.refresh()
	searchFor(t, x, "my ships")
	for _, tc := range []struct {
		what  string
		table tableRows
		rows  int
	}{
		{"ships", x.ships.csv, len(x.ships.rows)},
		{"search results", x.search.csv, len(x.search.result.Rows)},
		{"changes", x.thisTurn.csv, len(x.thisTurn.rows)},
		{"orders", x.orders.csv, len(x.orders.rows) - titles(x.orders.rows)},
	} {
		path := filepath.Join(t.TempDir(), tc.what) // no ending: .csv is added
		if err := x.tables.write(path, tc.table); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path + ".csv")
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.what, err)
		}
		head, _ := tc.table()
		if len(recs) != tc.rows+1 || !slices.Equal(recs[0], head) {
			t.Errorf("%s: %d records with head %q, want %d rows under %q", tc.what, len(recs), recs[0], tc.rows, head)
		}
		if tc.what == "ships" || tc.what == "search results" {
			name := slices.Index(head, "Name")
			if !slices.ContainsFunc(recs[1:], func(r []string) bool { return r[name] == "'"+evil }) {
				t.Errorf("%s: the name %q is not written guarded", tc.what, evil)
			}
		}
		if !strings.Contains(x.status.Text(), "written to "+path) {
			t.Errorf("status %q", x.status.Text())
		}
	}
	x.tables.dialog("ships", x.ships.csv)
	if !x.files.showing || x.files.fyneDlg == nil {
		t.Errorf("Export CSV shows no file dialog")
	}
}

func titles(rows []orderRow) int {
	n := 0
	for _, r := range rows {
		if r.isTitle() {
			n++
		}
	}
	return n
}

// relayout lays the window out again, as the real driver does on its next
// frame when a widget's smallest size changed (a note of other length).
func relayout(x *App) {
	x.Window().Content().Refresh()
	x.Window().Canvas().Capture()
}

// TestSearchFillsItsPanel: at 1280x800 the query bar has the width of its
// panel, the result table the height the bar and the line under it leave
// (three rows and more in sight), and no cell is cut: each column is as
// wide as its widest text, and the table scrolls sideways.
func TestSearchFillsItsPanel(t *testing.T) {
	x := newApp(t)
	searchFor(t, x, "ships")
	relayout(x)
	v := x.search
	box := v.box.Size()
	if w := v.entry.Size().Width; w < 0.9*box.Width {
		t.Errorf("the query bar is %.0f wide in a panel of %.0f", w, box.Width)
	}
	row := widget.NewLabel("1").MinSize().Height
	if n := int((v.table.Size().Height - row) / row); n < 3 || len(v.result.Rows) < n {
		t.Errorf("the table (%.0f high in a panel of %.0f) shows %d of %d rows", v.table.Size().Height, box.Height, n, len(v.result.Rows))
	}
	fits := func(s string, col int) bool {
		return widget.NewLabel(s).MinSize().Width <= v.widths[col]
	}
	if len(v.widths) != len(v.result.Heads) {
		t.Fatalf("%d column widths for %d heads", len(v.widths), len(v.result.Heads))
	}
	for c, h := range v.result.Heads {
		if !fits(h, c) {
			t.Errorf("the head %q is cut at %.0f", h, v.widths[c])
		}
		for _, r := range v.result.Rows {
			if !fits(r.Cells[c], c) {
				t.Errorf("the cell %q of column %s is cut at %.0f", r.Cells[c], h, v.widths[c])
			}
		}
	}
}

// TestSearchNothingFound: a search that finds nothing says so, and asks
// for no click on a row there is not.
func TestSearchNothingFound(t *testing.T) {
	x := newApp(t)
	searchFor(t, x, `ships named "Nobody has this name"`)
	note := x.search.note.Text
	if rows, _ := x.search.table.Length(); rows != 0 {
		t.Fatalf("%d rows found", rows)
	}
	if !strings.HasPrefix(note, "Nothing known") || strings.Contains(strings.ToLower(note), "click") || strings.Contains(note, "0 ") {
		t.Errorf("nothing found, the note says %q", note)
	}
	searchFor(t, x, "my ships")
	if note := x.search.note.Text; !strings.HasPrefix(note, "10 objects found") {
		t.Errorf("ten found, the note says %q", note)
	}
}
