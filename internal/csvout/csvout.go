// Package csvout writes a table as CSV (RFC 4180, through encoding/csv)
// for a spreadsheet to open. A cell is data, never a formula: one that
// starts with a character a spreadsheet reads as the start of a formula
// (= + - @, a tab or a carriage return) gets a leading apostrophe, which
// spreadsheets show as text and do not evaluate. Names and notes come
// from players, so a ship called "=HYPERLINK(...)" stays a name.
package csvout

import (
	"encoding/csv"
	"fmt"
	"io"
)

// Guard is the cell as written: with a leading apostrophe when it starts
// with a character a spreadsheet would take for a formula.
func Guard(cell string) string {
	if cell == "" {
		return cell
	}
	switch cell[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + cell
	}
	return cell
}

// Write writes the head and then every row, each cell guarded. A row
// shorter or longer than the head is an error naming the row (1 is the
// first after the head); nothing past it is written.
func Write(w io.Writer, head []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	line := make([]string, len(head))
	put := func(cells []string) error {
		for i, c := range cells {
			line[i] = Guard(c)
		}
		return cw.Write(line)
	}
	if err := put(head); err != nil {
		return err
	}
	for i, r := range rows {
		if len(r) != len(head) {
			cw.Flush()
			return fmt.Errorf("row %d: %d cells under %d heads", i+1, len(r), len(head))
		}
		if err := put(r); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
