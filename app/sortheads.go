package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// sortHeads makes t's column heads buttons that sort by their column:
// head is the text of the column shown at col ("" and false past the
// last), sorted the column sorted by and whether the other way round,
// sortOn sorts by a column. The column sorted by is marked ▲ or ▼.
func sortHeads(t *widget.Table, head func(col int) (string, bool), sorted func() (col int, desc bool), sortOn func(col int)) {
	t.ShowHeaderColumn = false
	t.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		b.Alignment = widget.ButtonAlignLeading
		return b
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		text, ok := head(id.Col)
		if !ok {
			b.SetText("")
			b.OnTapped = nil
			return
		}
		col := id.Col
		if by, desc := sorted(); by == col {
			text += map[bool]string{false: " ▲", true: " ▼"}[desc]
		}
		b.SetText(text)
		b.OnTapped = func() { sortOn(col) }
	}
}
