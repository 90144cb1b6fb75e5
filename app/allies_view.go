package app

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/workspace"
	"silverfall/engine/known"
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

	rows   []workspace.AllySheet
	list   *widget.List
	empty  *widget.Label
	folder *widget.Label // where they are kept, shortened in the middle
	copy   *widget.Button
	path   string // the folder's path whole, for Copy path
	box    *fyne.Container
	shown  dialog.Dialog
}

// shownPath is how many characters of a path the list shows: what fits
// its dialog's width at 1280x800.
const shownPath = 64

func newAlliesView(st *State, win fyne.Window) *alliesView {
	v := &alliesView{st: st, win: win}
	v.empty = widget.NewLabel("")
	v.empty.Wrapping = fyne.TextWrapWord
	v.folder = widget.NewLabel("")
	v.folder.Importance = widget.LowImportance
	v.copy = widget.NewButton("Copy path", func() {
		if app := fyne.CurrentApp(); app != nil && v.path != "" {
			app.Clipboard().SetContent(v.path)
		}
	})
	v.list = widget.NewList(func() int { return len(v.rows) }, v.newRow, v.drawRow)
	v.box = container.NewBorder(container.NewVBox(v.empty, container.NewBorder(nil, nil, nil, v.copy, v.folder)), nil, nil, nil, v.list)
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
	file := widget.NewLabel("")
	file.Importance = widget.LowImportance
	file.Truncation = fyne.TextTruncateEllipsis
	// The two lines close together: a row is one sheet.
	lines := container.New(layout.NewCustomPaddedVBoxLayout(-theme.InnerPadding()), label, file)
	return container.NewBorder(nil, nil, nil, container.NewCenter(widget.NewButton("Remove", nil)), lines)
}

func (v *alliesView) drawRow(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(v.rows) {
		return
	}
	row := o.(*fyne.Container)
	a := v.rows[i]
	lines := row.Objects[0].(*fyne.Container).Objects
	lines[0].(*widget.Label).SetText(allyRowText(a, v.empireName(a.Player)))
	lines[1].(*widget.Label).SetText(shortMiddle(filepath.Base(a.Path), shownPath))
	row.Objects[1].(*fyne.Container).Objects[0].(*widget.Button).OnTapped = func() { v.askRemove(a) }
}

// empireName is player p's empire's name as known, "" when unknown.
func (v *alliesView) empireName(p int) string {
	if k := v.st.Known(); k != nil {
		if o, ok := k.Object(known.EmpireKey(p)); ok {
			return o.Name
		}
	}
	return ""
}

// allyRowText is the first line of a row: whose sheet, of which turn.
func allyRowText(a workspace.AllySheet, empire string) string {
	who := fmt.Sprintf("Player %d", a.Player)
	if empire != "" {
		who += ", " + shortMiddle(empire, 40)
	}
	return fmt.Sprintf("%s · turn %d", who, a.Turn)
}

// shortMiddle is s in at most n characters: whole, or its start and end
// with "…" between (the end of a path or file name says most).
func shortMiddle(s string, n int) string {
	r := []rune(s)
	if len(r) <= n || n < 5 {
		return s
	}
	head := (n - 1) / 3
	tail := n - 1 - head
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// reload reads the list again from the workspace of the game shown.
func (v *alliesView) reload() {
	v.rows, v.path = nil, ""
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
			msg = "What they show is added to what you know, never to your orders or figures. They are kept in the game's folder:"
			v.path = ws.AlliesDir()
		}
	}
	v.folder.SetText(shortMiddle(v.path, shownPath))
	if v.path == "" {
		v.folder.Hide()
		v.copy.Hide()
	} else {
		v.folder.Show()
		v.copy.Show()
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
	v.shown = notice(v.win, "Allies' sheets", "Close", v.box, fyne.NewSize(640, 440))
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
