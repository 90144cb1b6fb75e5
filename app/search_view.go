package app

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/search"
	"silverfall/engine/model"
	"silverfall/internal/plural"
)

// searchView is the search over what the player knows (engine/query): a
// query bar and a table of the objects found. Ctrl+F brings it up with the
// keyboard in the bar, Enter searches, Esc gives the keyboard back. A
// click on a row selects its object (the map centres on it); a click on a
// column's head sorts by it, again the other way round. A query that does
// not read is told with its column, and the table is emptied.
type searchView struct {
	st    *State
	entry *searchEntry
	note  *widget.Label
	table *keyTable
	// query is the text of the last search that read; it runs again on
	// the next game shown.
	query  string
	result *search.Result
	of     *Game // the game result was found in
	sortBy int
	desc   bool
	widths []float32 // the columns' widths, as fitted to the result
	// syncing is set while the table follows a selection made elsewhere.
	syncing bool
	col     int // the column of the cell the player clicked last
	// show brings the view's tab up; focus gives a widget the keyboard and
	// unfocus takes it back (the wiring sets them).
	show    func()
	focus   func(fyne.Focusable)
	unfocus func()
	// tools holds Export CSV…, under the table, once wired.
	tools *fyne.Container
	box   fyne.CanvasObject
}

const searchHint = "Type a query and press Enter, such as: unowned planets with ore 3 within 100 of ship 5, seen in the last 3 turns. A click on a row finds its object on the map."

// searchEntry is the query bar: Esc leaves it.
type searchEntry struct {
	widget.Entry
	leave func()
}

func (e *searchEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && e.leave != nil {
		e.leave()
		return
	}
	e.Entry.TypedKey(k)
}

func newSearchView(st *State) *searchView {
	v := &searchView{st: st, sortBy: -1}
	v.entry = &searchEntry{leave: func() {
		if v.unfocus != nil {
			v.unfocus()
		}
	}}
	v.entry.ExtendBaseWidget(v.entry)
	v.entry.PlaceHolder = "unowned planets with ore 3 within 100 of ship 5"
	v.entry.OnSubmitted = func(string) { v.run() }
	v.note = widget.NewLabel(searchHint)
	v.note.Wrapping = fyne.TextWrapWord
	v.table = newKeyTable(st, func() (int, int) {
		if v.result == nil {
			return 0, 0
		}
		return len(v.result.Rows), len(v.result.Heads)
	}, func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}, v.cell)
	v.heads()
	v.table.OnSelected = v.choose
	// The bar has the panel's width, its Search button inside it; what was
	// found is said under the table, beside Export CSV…, so that the
	// table has what is left of the panel's height.
	go_ := widget.NewButtonWithIcon("", theme.SearchIcon(), v.run)
	go_.Importance = widget.LowImportance
	v.entry.ActionItem = go_
	v.tools = container.NewVBox() // the button keeps its height beside a longer note
	v.box = container.NewBorder(v.entry, container.NewBorder(nil, nil, nil, v.tools, v.note), nil, nil, v.table)
	st.OnSwitch(v.drop)
	st.Subscribe(func(c Change) {
		switch {
		case c.Has(ChangeGame | ChangeMemory):
			v.again()
		case c.Has(ChangeSelection):
			v.follow()
		}
	})
	return v
}

// withExport puts the "Export CSV…" button b under the table.
func (v *searchView) withExport(b *widget.Button) {
	v.tools.Add(b)
}

func (v *searchView) cell(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	if r := v.result; r != nil && id.Row >= 0 && id.Row < len(r.Rows) && id.Col >= 0 && id.Col < len(r.Heads) {
		l.SetText(r.Rows[id.Row].Cells[id.Col])
		return
	}
	l.SetText("")
}

// heads makes the column heads: buttons that sort by their column.
func (v *searchView) heads() {
	sortHeads(&v.table.Table, func(col int) (string, bool) {
		if v.result == nil || col < 0 || col >= len(v.result.Heads) {
			return "", false
		}
		return v.result.Heads[col], true
	}, func() (int, bool) { return v.sortBy, v.desc }, v.sortOn)
}

// Focus brings the search up with the keyboard in its bar.
func (v *searchView) Focus() {
	if v.show != nil {
		v.show()
	}
	if v.focus != nil {
		v.focus(v.entry)
	}
}

// run searches for the bar's text over what the player knows.
func (v *searchView) run() {
	text := v.entry.Text
	if strings.TrimSpace(text) == "" { // an empty bar clears the table
		v.query = ""
		v.drop()
		v.note.Importance = widget.MediumImportance
		v.note.SetText(searchHint)
		return
	}
	if !v.search(text) {
		return
	}
	v.query = text
}

// again runs the last search again, over the game now shown.
func (v *searchView) again() {
	if v.query != "" {
		v.search(v.query)
	}
}

// search runs text and shows what it found; a query that does not read
// is told (with its column) and empties the table. It reports whether
// the query read.
func (v *searchView) search(text string) bool {
	k := knowledgeOf(v.st)
	if k == nil {
		v.note.SetText("No game is open: there is nothing to search yet.")
		return false
	}
	g := v.st.Game()
	r, err := search.Run(text, k.Objects(), k.Newest(), g.ownerShort)
	if err != nil {
		// The rows of the last search go: under this query they would
		// pass for its answer.
		v.query = ""
		v.drop()
		v.note.Importance = widget.DangerImportance
		v.note.SetText("The query does not read: " + err.Error())
		return false
	}
	v.note.Importance = widget.MediumImportance
	v.result, v.of = r, g
	if v.sortBy >= len(r.Heads) {
		v.sortBy = -1
	}
	r.Sort(v.sortBy, v.desc)
	if len(r.Rows) == 0 {
		v.note.SetText(fmt.Sprintf("Nothing known matches: %s.", r.Text))
	} else {
		v.note.SetText(fmt.Sprintf("%s found: %s.", capital(plural.Count(len(r.Rows), "object")), r.Text))
	}
	v.fitColumns()
	v.table.Refresh()
	v.follow()
	return true
}

// fitColumns makes each column as wide as its widest cell or its head
// (with room for the sort mark), so that no text is cut: the table
// scrolls sideways when the columns are wider than the panel. The widest
// cell is taken to be the one of most letters, so that a long result
// does not measure every cell.
func (v *searchView) fitColumns() {
	size, pad := theme.TextSize(), 2*theme.InnerPadding()+theme.Padding()
	for i, h := range v.result.Heads {
		longest := ""
		for _, r := range v.result.Rows {
			if c := r.Cells[i]; utf8.RuneCountInString(c) > utf8.RuneCountInString(longest) {
				longest = c
			}
		}
		w := max(fyne.MeasureText(h+" ▼", size, fyne.TextStyle{}).Width,
			fyne.MeasureText(longest, size, fyne.TextStyle{}).Width*1.05) // a proportional font's margin
		v.widths = append(v.widths[:i], w+pad)
		v.table.SetColumnWidth(i, w+pad)
	}
}

// sortOn sorts by column col; a second click turns the order round.
func (v *searchView) sortOn(col int) {
	if v.result == nil {
		return
	}
	if v.sortBy == col {
		v.desc = !v.desc
	} else {
		v.sortBy, v.desc = col, false
	}
	v.result.Sort(v.sortBy, v.desc)
	v.table.Refresh()
	// From the top, then to the selection's new row: Fyne does not scroll
	// to a selection that keeps its row number, and left it out of sight
	// with its mark under the header (a mark of negative height, which the
	// software painter cannot draw: TestWalk, seed 1, once the View menu
	// had one more item).
	v.table.ScrollToTop()
	v.follow()
}

// choose selects the object of the row clicked: an object of the sheet
// shown, or one remembered as the map shows it; an empire, or an object
// the map does not show, is told.
func (v *searchView) choose(id widget.TableCellID) {
	if v.syncing || v.result == nil || id.Row < 0 || id.Row >= len(v.result.Rows) {
		return
	}
	v.col = id.Col
	key := v.result.Rows[id.Row].Key
	if key == v.st.Selected() {
		return
	}
	if key.Kind == model.KindEmpire || !has(v.st.Game(), key) {
		v.note.SetText(fmt.Sprintf("%s is not on the map shown.", capital(keyWords(key))))
		return
	}
	v.st.Select(key, FromSearch)
}

// keyWords names an object in words: "ship 5", "player 3's empire".
func keyWords(key model.Key) string {
	if key.Kind == model.KindEmpire {
		return fmt.Sprintf("player %d's empire", key.ID)
	}
	return strings.Replace(key.String(), ":", " ", 1)
}

// follow highlights the row of the object selected, or none.
func (v *searchView) follow() {
	v.syncing = true
	defer func() { v.syncing = false }()
	key := v.st.Selected()
	if v.result != nil && !key.IsZero() {
		for i, r := range v.result.Rows {
			if r.Key == key {
				v.table.Select(widget.TableCellID{Row: i, Col: v.col})
				return
			}
		}
	}
	v.table.UnselectAll()
}

// drop lets go of the rows of the game left, before another is shown.
func (v *searchView) drop() {
	v.result, v.of = nil, nil
	v.syncing = true
	v.table.UnselectAll()
	v.syncing = false
	v.table.Refresh()
}

// csv is the result table as sorted.
func (v *searchView) csv() (head []string, rows [][]string) {
	if v.result == nil {
		return []string{"Kind", "Number", "Name", "Owner", "Place", "Seen"}, nil
	}
	return v.result.Table()
}
