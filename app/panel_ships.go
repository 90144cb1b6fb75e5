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

	"silverfall/app/draft"
	"silverfall/engine/check"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/internal/plural"
)

// shipsPanel is a table of the player's ships: type, location, fuel,
// cargo, their orders this turn and what the checker says of them. It
// sorts by any column (a click on its head) and filters to the ships that
// still need attention; selecting a row selects the ship.
type shipsPanel struct {
	st     *State
	filter *keySelect
	table  *keyTable
	rows   []shipRow
	sortBy int
	desc   bool
	count  *widget.Label
	// full is the chosen row's orders and checker's words whole, wrapped:
	// in the table they are cut to their columns.
	full   *widget.Label
	fullID int                  // the ship full speaks of; 0 for none
	colW   [shipColumns]float32 // each column's width, by its place in the rows
	// syncing is set while the table follows a selection made elsewhere,
	// so that its own OnSelected does not echo it back.
	syncing bool
	col     int // the table's column of the cell the player selected last
	row     int // the row highlighted, -1 for none
	box     fyne.CanvasObject
}

// shipRow is a ship's line of the table.
type shipRow struct {
	id     int
	cells  [shipColumns]string
	keys   [shipColumns]float64 // numbers to sort by, where the column has them
	orders int
	errs   int
	warns  int
	battle bool // has a battle/movement order, new, by fleet or carried over
	onStn  bool
}

const shipColumns = 8

var shipHeads = [shipColumns]string{"Ship", "Type", "Name", "Location", "Fuel", "Cargo", "Orders", "Checker"}
var shipWidths = [shipColumns]float32{60, 150, 140, 120, 80, 150, 230, 260}

// shipShown is the order the columns show in, by their place in the rows:
// the orders and the checker's words, what a player comes to the table
// for, come next to the ship's number, not past the edge of a narrow
// panel (the rest of them is under the table for the row chosen).
var shipShown = [shipColumns]int{0, 6, 7, 1, 4, 5, 3, 2}

// fitColumns widens each column to its longest cell, as far as twice its
// usual width, so that figures such as "1000/1000" are never cut. Only the
// longest text of a column is measured: measuring is shaping.
func (p *shipsPanel) fitColumns() {
	style := fyne.TextStyle{}
	pad := 2*theme.InnerPadding() + 2*theme.Padding()
	for c := 0; c < shipColumns; c++ {
		longest := shipHeads[c] + " ▲"
		for _, r := range p.rows {
			if len([]rune(r.cells[c])) > len([]rune(longest)) {
				longest = r.cells[c]
			}
		}
		w := fyne.MeasureText(longest, theme.TextSize(), style).Width + pad
		p.colW[c] = min(max(w, shipWidths[c]*0.6), shipWidths[c]*2)
		p.table.SetColumnWidth(shownAt(c), p.colW[c])
	}
}

// Ship table filters.
const (
	filterAll      = "All ships"
	filterNoOrders = "No battle/movement order yet"
	filterErrors   = "Orders with errors"
	filterWarnings = "Orders with warnings"
	filterStation  = "On station"
)

func newShipsPanel(st *State) *shipsPanel {
	p := &shipsPanel{st: st, row: -1}
	p.filter = newKeySelect(p.st, []string{filterAll, filterNoOrders, filterErrors, filterWarnings, filterStation}, func(string) { p.refresh() })
	p.filter.SetSelected(filterAll)
	p.count = widget.NewLabel("")
	p.table = newKeyTable(st,
		func() (int, int) { return len(p.rows), shipColumns },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Row < len(p.rows) && id.Col >= 0 && id.Col < shipColumns {
				o.(*widget.Label).SetText(p.rows[id.Row].cells[shipShown[id.Col]])
			}
		})
	p.heads()
	for i, w := range shipWidths {
		p.table.SetColumnWidth(shownAt(i), w)
	}
	p.table.OnSelected = p.chose
	p.full = hiddenWrapLabel()
	p.box = container.NewBorder(container.NewHBox(widget.NewLabel("Show"), p.filter, p.count), p.full, nil, nil, p.table)
	// The forecast of the orders follows every change of them (a moment
	// later, off the window's thread): the table waits for it, and is
	// rebuilt once a change, orders and fuel after the turn together.
	st.OnSwitch(p.drop)
	st.Subscribe(func(c Change) {
		switch {
		case c.Has(ChangeGame | ChangeForecast):
			p.refresh()
		case c.Has(ChangeSelection):
			p.follow()
		}
	})
	return p
}

// heads makes the table's column heads: buttons that sort by their column.
// The heads are of the columns as shown; the sorting is by their place in
// the rows.
func (p *shipsPanel) heads() {
	sortHeads(&p.table.Table, func(col int) (string, bool) {
		if col < 0 || col >= shipColumns {
			return "", false
		}
		return shipHeads[shipShown[col]], true
	}, func() (int, bool) { return shownAt(p.sortBy), p.desc }, func(col int) { p.sortOn(shipShown[col]) })
}

// shownAt is where the rows' column c shows in the table.
func shownAt(c int) int {
	for i, s := range shipShown {
		if s == c {
			return i
		}
	}
	return c
}

// sortOn sorts by column col (its place in the rows); a second click
// turns the order round.
func (p *shipsPanel) sortOn(col int) {
	if p.sortBy == col {
		p.desc = !p.desc
	} else {
		p.sortBy, p.desc = col, false
	}
	p.sort()
	p.table.Refresh()
	p.follow()
}

func (p *shipsPanel) sort() {
	col, desc := p.sortBy, p.desc
	sort.SliceStable(p.rows, func(i, j int) bool {
		a, b := p.rows[i], p.rows[j]
		var less, equal bool
		switch col {
		case 0, 1, 4, 6, 7:
			less, equal = a.keys[col] < b.keys[col], a.keys[col] == b.keys[col]
		default:
			less, equal = a.cells[col] < b.cells[col], a.cells[col] == b.cells[col]
		}
		if equal {
			return a.id < b.id
		}
		return less != desc
	})
}

// rebuild makes the rows again from the game and the draft.
func (p *shipsPanel) rebuild() {
	if p.table == nil {
		return // still being built
	}
	g, d := p.st.Game(), p.st.Draft()
	p.rows = p.rows[:0]
	if g == nil || d == nil {
		p.table.Refresh()
		return
	}
	facts := gatherShipOrders(d, p.st.Forecast())
	total := len(g.K.Ships)
	if cap(p.rows) < total {
		p.rows = make([]shipRow, 0, total) // one list of its size: a sheet may have tens of thousands of ships
	}
	for i := range g.K.Ships {
		s := &g.K.Ships[i]
		if r := facts.row(g, d, s); p.keep(r, s) {
			p.rows = append(p.rows, r)
		}
	}
	p.sort()
	p.count.SetText(fmt.Sprintf("%d of %s", len(p.rows), plural.Count(total, "ship")))
	p.fitColumns()
	p.table.Refresh()
	p.follow()
}

// shipOrders are the draft's orders and the checker's findings by ship,
// and each ship's fuel after the turn as forecast.
type shipOrders struct {
	orders   map[int][]order.Order
	verdicts map[int][]check.Diagnostic
	fuel     map[int]int
}

func gatherShipOrders(d *draft.Draft, f *check.Forecast) shipOrders {
	so := shipOrders{orders: map[int][]order.Order{}, verdicts: map[int][]check.Diagnostic{}, fuel: map[int]int{}}
	for i, o := range d.Orders() {
		if o.SubjectKind() != order.ShipSubject {
			continue
		}
		so.orders[o.Subject()] = append(so.orders[o.Subject()], o)
		so.verdicts[o.Subject()] = append(so.verdicts[o.Subject()], d.ResultsOf(i)...)
	}
	if f != nil {
		for _, sf := range f.Ships {
			so.fuel[sf.ID] = sf.End.Fuel
		}
	}
	return so
}

// row is ship s's line of the table.
func (so shipOrders) row(g *Game, d *draft.Draft, s *model.Ship) shipRow {
	r := shipRow{id: s.ID}
	_, r.battle = d.HasBattleOrder(s.ID)
	if !r.battle {
		r.battle = fleetOrders(g, d, s.ID)
	}
	r.onStn = d.OnStation(s.ID)
	t := g.R.Ship(s.Type)
	r.cells[0], r.keys[0] = strconv.Itoa(s.ID), float64(s.ID)
	r.cells[1], r.keys[1] = typeName(g.R, s.Type), float64(s.Type)
	r.cells[2] = s.Name
	r.cells[3] = s.Loc.String()
	if t != nil && t.MaxFuel.OK {
		r.cells[4], r.keys[4] = fmt.Sprintf("%d/%d", s.Fuel, t.MaxFuel.N), float64(s.Fuel)
		if f, ok := so.fuel[s.ID]; ok && f != s.Fuel {
			r.cells[4] += fmt.Sprintf(" → %d", f)
		}
	} else {
		r.cells[4], r.keys[4] = "none", -1
	}
	if t != nil && t.CarriesCargo() {
		r.cells[5] = cargoText(s.Cargo)
	}
	var texts []string
	for _, o := range so.orders[s.ID] {
		texts = append(texts, o.String())
	}
	if len(texts) == 0 && s.Standing.Code != order.Invalid {
		texts = append(texts, s.Standing.String()+" (carried over)")
	}
	r.orders = len(so.orders[s.ID])
	r.cells[6], r.keys[6] = strings.Join(texts, "; "), float64(r.orders)
	r.judge(so.verdicts[s.ID], s)
	return r
}

// judge fills the Checker column from the checker's findings of the
// ship's orders.
func (r *shipRow) judge(verdicts []check.Diagnostic, s *model.Ship) {
	var msgs []string
	for _, v := range verdicts {
		switch v.Severity {
		case check.Error:
			r.errs++
		case check.Warning:
			r.warns++
		}
		msgs = append(msgs, v.Message)
	}
	switch {
	case r.errs+r.warns > 0:
		r.cells[7] = fmt.Sprintf("%s, %s: %s", plural.Count(r.errs, "error"), plural.Count(r.warns, "warning"), strings.Join(msgs, "; "))
	case r.onStn:
		r.cells[7] = "on station"
	case !r.battle && s.Inside == 0:
		r.cells[7] = "no battle/movement order"
	default:
		r.cells[7] = "ok"
	}
	r.keys[7] = float64(r.errs*1000 + r.warns)
}

// drop lets go of the rows of the game left, before another is shown.
func (p *shipsPanel) drop() {
	p.rows, p.row, p.fullID = nil, -1, 0
	p.syncing = true
	p.table.UnselectAll()
	p.syncing = false
	p.full.Hide()
}

// follow highlights the row of the ship selected, wherever the rows went
// (sorted, filtered, another game), or none; the cell highlighted is in
// the column the player chose last, so that the table does not scroll
// sideways.
func (p *shipsPanel) follow() {
	key := p.st.Selected()
	row := -1
	if key.Kind == model.KindShip {
		for i, r := range p.rows {
			if r.id == key.ID {
				row = i
				break
			}
		}
	}
	p.syncing = true
	defer func() { p.syncing = false }()
	p.row, p.fullID = row, 0
	if row >= 0 {
		p.fullID = key.ID // the text under the table speaks of it
	}
	if p.full != nil {
		p.showFull()
	}
	if row < 0 {
		p.table.UnselectAll()
		return
	}
	p.table.Select(widget.TableCellID{Row: row, Col: p.col}) // the column stays in view
}

// refresh makes the rows again, and the chosen ship's text under them.
func (p *shipsPanel) refresh() {
	p.rebuild()
	if p.full != nil {
		p.showFull()
	}
}

// chose selects the ship of the row chosen, and shows its orders whole.
func (p *shipsPanel) chose(id widget.TableCellID) {
	if p.syncing || id.Row < 0 || id.Row >= len(p.rows) {
		return
	}
	p.col, p.row = id.Col, id.Row
	p.fullID = p.rows[id.Row].id
	p.showFull()
	if key := model.ShipKey(p.fullID); key != p.st.Selected() {
		p.st.Select(key, FromShips)
	}
}

// showFull shows the chosen ship's orders and the checker's words on it
// whole, under the table; nothing when the ship is not in the table.
func (p *shipsPanel) showFull() {
	for _, r := range p.rows {
		if r.id == p.fullID && p.fullID != 0 {
			orders := r.cells[6]
			if orders == "" {
				orders = "none"
			}
			p.full.SetText(fmt.Sprintf("Ship %d · orders: %s · checker: %s", r.id, orders, r.cells[7]))
			p.full.Show()
			return
		}
	}
	p.full.Hide()
}

// keep applies the filter.
func (p *shipsPanel) keep(r shipRow, s *model.Ship) bool {
	switch p.filter.Selected {
	case filterNoOrders:
		return !r.battle && !r.onStn && s.Inside == 0
	case filterErrors:
		return r.errs > 0
	case filterWarnings:
		return r.warns > 0
	case filterStation:
		return r.onStn
	}
	return true
}

// fleetOrders reports whether ship id's fleet has a battle/movement order.
func fleetOrders(g *Game, d interface{ Orders() []order.Order }, id int) bool {
	for _, o := range d.Orders() {
		if !o.Fleet {
			continue
		}
		if f, ok := g.Fleets[o.Subject()]; ok {
			for _, s := range f.Ships {
				if s == id {
					return true
				}
			}
		}
	}
	return false
}

func cargoText(o model.Ore) string {
	if o.Total() == 0 {
		return "empty"
	}
	var p []string
	for i, n := range o {
		if n > 0 {
			p = append(p, fmt.Sprintf("%d×%d", n, i+1))
		}
	}
	return strings.Join(p, " ")
}

// RowIDs are the ships shown, in the order shown (for tests).
func (p *shipsPanel) RowIDs() []int {
	out := make([]int, len(p.rows))
	for i, r := range p.rows {
		out[i] = r.id
	}
	return out
}
