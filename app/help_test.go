package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
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
