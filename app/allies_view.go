package app

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/workspace"
)

// alliesView is the list of the allies' sheets kept with the game shown:
// player, turn and file of each, with a Remove button. It is shown from
// the View menu and read again whenever another game is shown or a sheet
// is kept.
type alliesView struct {
	st  *State
	win fyne.Window
	// removed is told when a sheet is removed (what is known is merged
	// again without it).
	removed func()

	rows  []workspace.AllySheet
	list  *widget.List
	empty *widget.Label
	box   *fyne.Container
	shown dialog.Dialog
}

func newAlliesView(st *State, win fyne.Window) *alliesView {
	v := &alliesView{st: st, win: win}
	v.empty = widget.NewLabel("")
	v.empty.Wrapping = fyne.TextWrapWord
	v.list = widget.NewList(func() int { return len(v.rows) }, v.newRow, v.drawRow)
	v.box = container.NewBorder(v.empty, nil, nil, nil, v.list)
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame) {
			v.reload()
		}
	})
	v.reload()
	return v
}

func (v *alliesView) newRow() fyne.CanvasObject {
	label := widget.NewLabel("")
	label.Truncation = fyne.TextTruncateEllipsis
	return container.NewBorder(nil, nil, nil, widget.NewButton("Remove", nil), label)
}

func (v *alliesView) drawRow(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(v.rows) {
		return
	}
	row := o.(*fyne.Container)
	a := v.rows[i]
	row.Objects[0].(*widget.Label).SetText(allyRowText(a))
	row.Objects[1].(*widget.Button).OnTapped = func() { v.askRemove(a) }
}

// allyRowText is one row of the list.
func allyRowText(a workspace.AllySheet) string {
	return fmt.Sprintf("Player %d · turn %d · %s", a.Player, a.Turn, filepath.Base(a.Path))
}

// reload reads the list again from the workspace of the game shown.
func (v *alliesView) reload() {
	v.rows = nil
	msg := "No game with a workspace is shown."
	if ws := v.st.Workspace(); ws != nil {
		rows, err := ws.AllySheets()
		v.rows = rows
		switch {
		case err != nil:
			msg = "The allies' sheets cannot be listed: " + err.Error()
		case len(rows) == 0:
			msg = "No ally's sheet is kept with this game: File > Import an ally's sheet… adds one."
		default:
			msg = fmt.Sprintf("Kept in %s; what they show is added to what you know, never to your orders or figures.", ws.AlliesDir())
		}
	}
	v.empty.SetText(msg)
	v.list.Refresh()
}

// item is the View menu's entry.
func (v *alliesView) item() *fyne.MenuItem {
	return fyne.NewMenuItem("Allies' sheets…", v.Show)
}

// Show shows the list in a dialog.
func (v *alliesView) Show() {
	v.reload()
	v.shown = notice(v.win, "Allies' sheets", "Close", v.box, fyne.NewSize(640, 360))
}

// askRemove asks before removing a kept sheet.
func (v *alliesView) askRemove(a workspace.AllySheet) {
	confirmDanger(v.win, "Remove an ally's sheet",
		fmt.Sprintf("Remove player %d's sheet of turn %d (%s)? What only it showed is no longer known.", a.Player, a.Turn, filepath.Base(a.Path)),
		"Remove", func(ok bool) {
			if ok {
				v.remove(a)
			}
		})
}

// remove removes a kept sheet and reads the list again.
func (v *alliesView) remove(a workspace.AllySheet) {
	ws := v.st.Workspace()
	if ws == nil {
		return
	}
	if err := ws.RemoveAllySheet(a); err != nil {
		showError(err, v.win)
	}
	v.reload()
	if v.removed != nil {
		v.removed()
	}
}
