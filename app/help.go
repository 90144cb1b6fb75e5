package app

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// helpWindows opens the help's windows: the keys, the ship types and
// the orders, each a table that sorts and wraps.
type helpWindows struct {
	fyneApp fyne.App
	rules   *rules.Rules
}

// items are the Help menu's entries.
func (x *helpWindows) items(about *fyne.MenuItem) []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Keyboard shortcuts", x.ShowShortcuts),
		fyne.NewMenuItem("Ship types", x.ShowShipTypes),
		fyne.NewMenuItem("Order reference", x.ShowOrderReference),
		fyne.NewMenuItemSeparator(),
		about,
	}
}

// shortcutLines are the keys the window knows, for the help.
var shortcutLines = [][2]string{
	{"Ctrl+O", "Import a turn sheet (or drop the file on the window)"},
	{"Ctrl+E", "Export the orders to a file"},
	{"Ctrl+Z / Ctrl+Y", "Undo / redo a change to the orders (in the order text: to the text)"},
	{"Ctrl+N", "Next ship without a battle/movement order"},
	{"Ctrl+T", "End the turn of the practice game shown"},
	{"Ctrl+Q", "Quit (the orders and the window's layout are kept)"},
	{"Alt+Left / Alt+Right", "Show the turn before / after the one shown (earlier turns are read-only)"},
	{"Alt+End", "Back to the current turn"},
	{"Ctrl+M", "Map only: the map takes the whole window (again: the panels come back)"},
	{"Ctrl+F", "Search what you know (Enter searches, Esc leaves the search bar)"},
	{"Ctrl+R", "Ruler: click two places or objects on the map to measure between them (again: take it away)"},
	{"Ctrl+B", "Combat simulator: the battle near the selected ship, contact or planet, fought over many seeds"},
	{"Ctrl+J", "Plan a route: the selected ship's journey to a planet or place, turn by turn under the pull, with fuel stops; keep it as a standing plan to have each new sheet's orders put in (This turn lists the plans)"},
	{"Enter / Esc", "In an order form: take the order / cancel. In a Yes/No question: Yes / No"},
	{"Drag", "Turn the map"},
	{"Right-drag or Shift-drag", "Move the map"},
	{"Wheel, + and -, Page Up/Down", "Zoom (the wheel zooms toward the pointer)"},
	{"Arrows", "Turn the map"},
	{"Double-click", "Centre the map on a planet or ship and come closer"},
	{"F / Home", "Fit everything in view / the starting view (F wherever the keyboard is, but in text)"},
}

// ShowShortcuts shows the keyboard shortcuts.
func (x *helpWindows) ShowShortcuts() {
	rows := make([][]string, len(shortcutLines))
	for i, l := range shortcutLines {
		rows[i] = []string{l[0], l[1]}
	}
	t := newSortTable([]string{"Keys", "What they do"}, []float32{230, 480}, rows, nil, nil)
	// Tall enough for every key without scrolling, on a screen of 800.
	h := t.table.CreateHeader().MinSize().Height
	for _, rh := range t.heights {
		h += rh + theme.Padding()
	}
	x.helpWindow("Keyboard shortcuts", t.box, fyne.NewSize(740, min(h+theme.Padding(), 700)))
}

// shipTypeRows is the ship table of the rules, one row a type.
func shipTypeRows(r *rules.Rules) [][]string {
	na := func(v rules.Value) string {
		if !v.OK {
			return "N/A"
		}
		return strconv.Itoa(v.N)
	}
	var rows [][]string
	for i := range r.Ships {
		t := &r.Ships[i]
		var abil []string
		for _, c := range []struct {
			ok   bool
			text string
		}{{t.Cloak, "cloak"}, {t.CloakedMoving, "cloaked moving"}, {t.Warpdrive, "warpdrive"},
			{t.CarriesSize > 0, fmt.Sprintf("carries %d", t.CarriesSize)}, {t.Population > 0, fmt.Sprintf("population %d", t.Population)},
			{t.Refuels, "refuels"}, {t.Repairs, "repairs"}, {t.Unrepairable, "unrepairable"},
			{r.Builds(t.ID) > 0, fmt.Sprintf("builds %d", r.Builds(t.ID))}, {t.Customisable, "customisable"}} {
			if c.ok {
				abil = append(abil, c.text)
			}
		}
		rows = append(rows, []string{strconv.Itoa(t.ID), t.Name, t.Fire.String(), t.Defence.String(), na(t.Movement),
			na(t.FireRange), na(t.CommRange), na(t.Cargo), na(t.MaxFuel), strconv.Itoa(t.Size),
			num(t.Cost), strings.Join(abil, ", ")})
	}
	return rows
}

// ShowShipTypes shows the fifty ship types with their figures, sortable
// by any column.
func (x *helpWindows) ShowShipTypes() {
	heads := []string{"No.", "Type", "Fire", "Defence", "Move", "Fire rng", "Comm rng", "Cargo", "Max fuel", "Size", "Cost", "Abilities"}
	widths := []float32{50, 170, 60, 80, 60, 80, 90, 70, 80, 55, 100, 330}
	numeric := map[int]bool{0: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true, 9: true, 10: true}
	t := newSortTable(heads, widths, shipTypeRows(x.rules), numeric, nil)
	x.helpWindow("Ship types", t.box, fyne.NewSize(1280, 640))
}

// orderRefRows is the order reference, one row a command.
func orderRefRows() [][]string {
	var rows [][]string
	for _, c := range order.Codes() {
		ph := strconv.Itoa(c.Phase())
		if c.Class() == order.BattleMovement {
			var ps []string
			for p := 1; p <= 7; p++ {
				if c.ActsIn(p) {
					ps = append(ps, strconv.Itoa(p))
				}
			}
			ph = strings.Join(ps, ",")
		}
		kind := c.Class().String()
		if c.FleetOK() {
			kind += " (also for fleets)"
		}
		rows = append(rows, []string{c.String(), c.Usage(), ph, kind, c.Who(), c.Rule()})
	}
	return rows
}

// ShowOrderReference lists every order: its form, the phase it acts in,
// who can give it and what it does.
func (x *helpWindows) ShowOrderReference() {
	heads := []string{"Code", "Form", "Phase", "Kind", "Who", "What it does"}
	widths := []float32{110, 260, 60, 220, 260, 640}
	t := newSortTable(heads, widths, orderRefRows(), nil, nil)
	x.helpWindow("Order reference", t.box, fyne.NewSize(1280, 680))
}

func (x *helpWindows) helpWindow(title string, content fyne.CanvasObject, size fyne.Size) {
	w := x.fyneApp.NewWindow("Silverfall — " + title)
	// Enter and Esc close it, as they close a dialog.
	keys := &dialogKeys{yes: w.Close, no: w.Close}
	w.SetContent(container.NewStack(keys, content))
	w.Canvas().SetOnTypedKey(keys.TypedKey) // when nothing has the keyboard
	w.Resize(size)
	// Where the desktop would put it, part of it may be off the screen.
	w.CenterOnScreen()
	w.Show()
	w.Canvas().Focus(keys)
}

// sortTable is a table of text that sorts by the column whose head is
// clicked (again: the other way round). Long cells wrap: each row is as
// tall as its longest cell needs, so that every word can be read.
type sortTable struct {
	heads   []string
	widths  []float32
	heights []float32 // each row's, as set
	rows    [][]string
	numeric map[int]bool
	sortBy  int
	desc    bool
	table   *widget.Table
	box     fyne.CanvasObject
}

func newSortTable(heads []string, widths []float32, rows [][]string, numeric map[int]bool, onSelect func(row []string)) *sortTable {
	// The first column's head is marked only when the rows come sorted
	// by it: a mark on a column that is not in order would mislead.
	t := &sortTable{heads: heads, widths: widths, rows: rows, numeric: numeric, sortBy: -1}
	if sort.SliceIsSorted(rows, func(i, j int) bool { return t.less(rows[i][0], rows[j][0], 0) }) {
		t.sortBy = 0
	}
	t.table = widget.NewTableWithHeaders(
		func() (int, int) { return len(t.rows), len(t.heads) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Row < len(t.rows) && id.Col < len(t.rows[id.Row]) {
				o.(*widget.Label).SetText(t.rows[id.Row][id.Col])
			}
		})
	sortHeads(t.table, func(col int) (string, bool) {
		if col < 0 || col >= len(t.heads) {
			return "", false
		}
		return t.heads[col], true
	}, func() (int, bool) { return t.sortBy, t.desc }, t.SortOn)
	for i, w := range widths {
		t.table.SetColumnWidth(i, w)
	}
	t.fitRows()
	if onSelect != nil {
		t.table.OnSelected = func(id widget.TableCellID) {
			if id.Row >= 0 && id.Row < len(t.rows) {
				onSelect(t.rows[id.Row])
			}
		}
	}
	t.box = t.table
	return t
}

// SortOn sorts by column col; again on the same column turns it round.
func (t *sortTable) SortOn(col int) {
	if t.sortBy == col {
		t.desc = !t.desc
	} else {
		t.sortBy, t.desc = col, false
	}
	sort.SliceStable(t.rows, func(i, j int) bool {
		a, b := t.rows[i][col], t.rows[j][col]
		if t.desc {
			return t.less(b, a, col)
		}
		return t.less(a, b, col)
	})
	t.fitRows()
	t.table.Refresh()
}

// less orders two cells of column col: by number in a numeric column.
func (t *sortTable) less(a, b string, col int) bool {
	if !t.numeric[col] {
		return a < b
	}
	key := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.ReplaceAll(strings.Fields(s + " 0")[0], ",", ""), 64)
		if err != nil {
			return -1 // N/A and ranges sort first
		}
		return v
	}
	return key(a) < key(b)
}

// fitRows makes each row as tall as its cells need, wrapped to their
// columns' widths.
func (t *sortTable) fitRows() {
	m := newWrapMeasure()
	t.heights = make([]float32, len(t.rows))
	for i, r := range t.rows {
		h := m.height("", 0)
		for c, text := range r {
			if c < len(t.widths) {
				h = max(h, m.height(text, t.widths[c]))
			}
		}
		t.table.SetRowHeight(i, h)
		t.heights[i] = h
	}
}

// wrapMeasure measures how tall a text is in a label that wraps it.
//
// Its label is in no window, so Fyne lets its renderer go once it has not
// been used for a minute (a new one comes with the next use); the new
// renderer's text has no width until the label is laid out again, which a
// resize to the size it has already does not do, and a text that has no
// width measures one line, whatever it says. So each measure lays the
// label out: the box's height alternates between two figures (the width
// is what the wrapping needs; the height the label is given changes
// nothing of what it measures).
type wrapMeasure struct {
	label *widget.Label
	box   *fyne.Container
	line  float32 // the height of a label of one line
	size  fyne.ThemeSizeName
	odd   bool // the box's height is line+1 (else line)
}

func newWrapMeasure() *wrapMeasure { return newWrapMeasureSized(theme.SizeNameText) }

// newWrapMeasureSized measures text of the size named size (a caption's).
func newWrapMeasureSized(size fyne.ThemeSizeName) *wrapMeasure {
	m := &wrapMeasure{label: widget.NewLabel(""), size: size}
	m.label.Wrapping = fyne.TextWrapWord
	m.label.SizeName = size
	m.box = container.NewStack(m.label)
	m.line = m.label.MinSize().Height
	return m
}

func (m *wrapMeasure) height(text string, width float32) float32 {
	// Most cells fit on one line, and measuring a line is cheap.
	pad := 2 * theme.InnerPadding()
	if !strings.Contains(text, "\n") && fyne.MeasureText(text, theme.Size(m.size), fyne.TextStyle{}).Width+pad <= width {
		return m.line
	}
	m.label.SetText(text)
	h := m.line
	if m.odd = !m.odd; m.odd {
		h++
	}
	m.box.Resize(fyne.NewSize(width, h))
	return m.label.MinSize().Height
}
