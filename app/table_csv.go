package app

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/workspace"
	"silverfall/engine/order"
	"silverfall/internal/atomicfile"
	"silverfall/internal/csvout"
	"silverfall/internal/plural"
)

// tableRows is a table as a CSV file holds it: the heads, then the rows.
type tableRows func() (head []string, rows [][]string)

// csvTables writes the window's tables (the ships, the search results,
// This turn, the orders) as CSV files where the player chooses, with the
// same file dialog as the order export. Each cell is guarded against
// being read as a formula (internal/csvout).
type csvTables struct {
	st    *State
	win   fyne.Window
	files *fileChooser
	// native says whether to use the desktop's file dialog; folder is the
	// folder to start in; say tells the player in the status bar.
	native func() bool
	folder func() string
	say    func(string)
}

// button is an "Export CSV…" button for the table what ("ships").
func (c *csvTables) button(what string, table tableRows) *widget.Button {
	return widget.NewButton("Export CSV…", func() { c.dialog(what, table) })
}

// under puts an "Export CSV…" button for the table what under box, the
// view that shows the table.
func (c *csvTables) under(box fyne.CanvasObject, what string, table tableRows) fyne.CanvasObject {
	return container.NewBorder(nil, container.NewHBox(layout.NewSpacer(), c.button(what, table)), nil, nil, box)
}

// dialog asks where to write the table what, then writes it.
func (c *csvTables) dialog(what string, table tableRows) {
	g := c.st.Game()
	if g == nil {
		return
	}
	start := c.folder()
	if ws := c.st.Workspace(); start == "" && ws != nil {
		start = ws.Dir
	}
	c.files.choose(fileRequest{title: "Export the " + what + " as CSV", start: start, name: csvName(g.K.Game, g.K.Turn, what),
		filter: "CSV tables (*.csv)", exts: []string{"csv"}, save: true},
		c.native(), func(path string) {
			if err := c.write(path, table); err != nil {
				showError(err, c.win)
			}
		})
}

// csvName is the file name offered for the table what of a game's turn:
// the game's name as SafeName keeps it (it is the player's text).
func csvName(game string, turn int, what string) string {
	return fmt.Sprintf("%s-turn-%03d-%s.csv", workspace.SafeName(game), turn, strings.ReplaceAll(what, " ", "-"))
}

// write writes the table to path, atomically; ".csv" is added to a name
// without an ending.
func (c *csvTables) write(path string, table tableRows) error {
	if filepath.Ext(path) == "" {
		path += ".csv"
	}
	head, rows := table()
	var b bytes.Buffer
	err := csvout.Write(&b, head, rows)
	if err == nil {
		err = atomicfile.WriteFile(path, b.Bytes(), 0o644)
	}
	if err != nil {
		return fmt.Errorf("%s: the table could not be written: %w", path, err)
	}
	c.say(fmt.Sprintf("%s written to %s", plural.Count(len(rows), "row"), path))
	return nil
}

// csv is the ships table as shown: its columns in their order, its rows
// filtered and sorted as they are.
func (p *shipsPanel) csv() (head []string, rows [][]string) {
	for _, c := range shipShown {
		head = append(head, shipHeads[c])
	}
	for _, r := range p.rows {
		row := make([]string, shipColumns)
		for i, c := range shipShown {
			row[i] = r.cells[c]
		}
		rows = append(rows, row)
	}
	return head, rows
}

// csv is This turn as shown: the reminders due first (as the view puts
// them on top), then the kind of each change and what changed.
func (v *thisTurnView) csv() (head []string, rows [][]string) {
	for _, line := range v.reminders.Lines() {
		rows = append(rows, []string{"Reminder", line})
	}
	for _, r := range v.rows {
		rows = append(rows, []string{r.Kind.String(), r.Text})
	}
	return []string{"Kind", "Change"}, rows
}

// csv is the orders list as shown: each order (or line that is not one,
// or order carried over) under its group, with what the checker says.
func (p *ordersPanel) csv() (head []string, rows [][]string) {
	group := ""
	for _, r := range p.rows {
		text := ""
		switch {
		case r.isTitle():
			group = r.title
			continue
		case r.carried.Code != order.Invalid:
			text = r.carried.String()
		case r.unread > 0:
			if u, ok := p.unreadOf(r); ok {
				text = u.Text
			}
		default:
			if o, ok := p.orderOf(r); ok {
				text = o.String()
			}
		}
		rows = append(rows, []string{group, text, p.rowVerdict(r)})
	}
	return []string{"Group", "Order", "Checker"}, rows
}
