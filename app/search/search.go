// Package search turns a query (engine/query) over what the player knows
// into the rows of the window's result table: a row an object found, with
// its kind, number, name, owner, place, the distance to the query's place
// when it has one, the turn it was last seen and the figures the query
// names. It knows no widgets. Rows sort by any column, ties by kind and
// number, so the order never depends on how the objects came.
package search

import (
	"cmp"
	"slices"
	"strconv"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/query"
)

// Result is a search's table.
type Result struct {
	Text  string   // the query as read back ("unowned planets within 100 of ship 5")
	Heads []string // the columns' heads
	Rows  []Row
	// numeric says, by column, whether it sorts as numbers.
	numeric []bool
}

// Row is one object found.
type Row struct {
	Key   model.Key
	Cells []string
	nums  []int // the numbers of numeric columns, by column; absent ones sort first
	has   []bool
}

// The fixed columns, before the distance and the figures.
var fixedHeads = []string{"Kind", "Number", "Name", "Owner", "Place"}

var kindNames = map[model.KeyKind]string{model.KindShip: "ship", model.KindPlanet: "planet",
	model.KindOfficer: "officer", model.KindEmpire: "empire", model.KindFleet: "fleet"}

// Run reads text as a query and runs it over objs for turn now; owner
// says a player's number as the window does ("yours", "player 4"). A
// query that does not read is an error with its column (*query.Error).
func Run(text string, objs []known.Object, now int, owner func(int) string) (*Result, error) {
	q, err := query.Parse(text)
	if err != nil {
		return nil, err
	}
	found := q.Run(objs, now)
	from, hasFrom := q.From(objs, now)
	figs := q.Figures()
	r := &Result{Text: q.String(), Heads: slices.Clone(fixedHeads)}
	r.numeric = []bool{false, true, false, false, false}
	if hasFrom {
		r.Heads, r.numeric = append(r.Heads, "Distance"), append(r.numeric, true)
	}
	r.Heads, r.numeric = append(r.Heads, "Seen"), append(r.numeric, true)
	for _, f := range figs {
		r.Heads, r.numeric = append(r.Heads, capital(f.Name())), append(r.numeric, true)
	}
	// One array each for every row's cells and numbers: a search may find
	// thousands of objects.
	n := len(r.Heads)
	cells, nums, has := make([]string, n*len(found)), make([]int, n*len(found)), make([]bool, n*len(found))
	r.Rows = make([]Row, len(found))
	for i := range found {
		at := i * n
		r.Rows[i] = Row{Key: found[i].Key, Cells: cells[at : at : at+n], nums: nums[at : at+n : at+n], has: has[at : at+n : at+n]}
		r.fill(&r.Rows[i], &found[i], from, hasFrom, figs, owner)
	}
	return r, nil
}

func (r *Result) fill(row *Row, o *known.Object, from geom.Point, hasFrom bool, figs []query.Figure, owner func(int) string) {
	num := func(v int, ok bool) {
		c := len(row.Cells)
		if !ok {
			row.Cells = append(row.Cells, "")
			return
		}
		row.nums[c], row.has[c] = v, true
		row.Cells = append(row.Cells, strconv.Itoa(v))
	}
	row.Cells = append(row.Cells, kindNames[o.Key.Kind])
	num(o.Key.ID, true)
	row.Cells = append(row.Cells, o.Name, owner(o.Owner))
	place := o.Key.Kind != model.KindEmpire
	if place {
		row.Cells = append(row.Cells, o.Loc.String())
	} else {
		row.Cells = append(row.Cells, "")
	}
	if hasFrom {
		num(o.Loc.Dist(from), place)
	}
	num(o.Turn, true)
	for _, f := range figs {
		num(f.Of(o))
	}
}

// Sort sorts the rows by column col, the other way round when desc; rows
// alike in it go by kind and number (an object is found once, so the order
// is always the same). A column out of range sorts by kind and number.
func (r *Result) Sort(col int, desc bool) {
	// The numbers are sorted, then the rows put in their order once: rows
	// are too big to move about while sorting.
	order := make([]int32, len(r.Rows))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &r.Rows[i], &r.Rows[j]
		c := 0
		switch {
		case col < 0 || col >= len(r.Heads):
		case r.numeric[col]:
			c = cmp.Or(cmpBool(a.has[col], b.has[col]), cmp.Compare(a.nums[col], b.nums[col]))
		default:
			c = cmp.Compare(a.Cells[col], b.Cells[col])
		}
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.Key.Kind, b.Key.Kind), cmp.Compare(a.Key.ID, b.Key.ID))
	})
	sorted := make([]Row, len(r.Rows))
	for i, j := range order {
		sorted[i] = r.Rows[j]
	}
	r.Rows = sorted
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Table is the result as a table's head and rows (for CSV).
func (r *Result) Table() (head []string, rows [][]string) {
	rows = make([][]string, len(r.Rows))
	for i := range r.Rows {
		rows[i] = r.Rows[i].Cells
	}
	return slices.Clone(r.Heads), rows
}

func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
