package app

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"fyne.io/fyne/v2/dialog"

	"silverfall/app/workspace"
	"silverfall/engine/check"
	"silverfall/internal/atomicfile"
	"silverfall/internal/plural"
	"silverfall/orderwriter"
)

// openWorkspace opens the game's workspace and keeps the sheet there.
func (x *App) openWorkspace(g *Game) {
	x.ws = nil
	if x.wsRoot == "" {
		return
	}
	ws, err := workspace.Open(x.wsRoot, g.K.Game, g.K.Empire.Player)
	if err != nil {
		x.status.problem("workspace", "There is no workspace for this game, so nothing is saved: "+err.Error())
		return
	}
	x.status.problem("workspace", "")
	x.ws = ws
	if len(g.Raw) > 0 {
		if _, _, err := ws.AddReport(g.K.Turn, g.Raw); err != nil {
			x.status.problem("workspace", "The sheet could not be kept in the workspace: "+err.Error())
		}
	}
}

// Workspace is the game's workspace, or nil.
func (x *App) Workspace() *workspace.Workspace { return x.ws }

// keepInWorkspace saves what changed: the draft when the orders change,
// the view when the player selects or moves the camera. A new game shown
// saves nothing: it was just read from there.
func (x *App) keepInWorkspace(c Change) {
	if x.ws == nil || c.Has(ChangeGame) {
		return
	}
	if c.Has(ChangeOrders) {
		x.saveDraft()
	}
	if c.Has(ChangeOrders|ChangeSelection) || (c.Has(ChangeCamera) && x.st.CameraByPlayer()) {
		x.saveView()
	}
}

// saveDraft saves the draft in the workspace, off Fyne's thread. A failed
// save stays in sight until a later save succeeds; the file on disk keeps
// the previous draft.
func (x *App) saveDraft() {
	ws, d := x.ws, x.Draft()
	if ws == nil || d == nil {
		return
	}
	data, err := ws.EncodeDraft(x.orderFile())
	if err != nil {
		x.status.problem("draft", "The draft could not be saved: "+err.Error())
		return
	}
	x.saver().save(ws.DraftPath(x.Game().K.Turn+1), data, func(err error) {
		if err != nil {
			x.status.problem("draft", "The draft could not be saved (the last saved one is kept): "+err.Error())
		} else {
			x.status.problem("draft", "")
		}
	})
}

// saveView saves the selection and the camera.
func (x *App) saveView() {
	ws, d := x.ws, x.Draft()
	if ws == nil || x.Game() == nil || d == nil {
		return
	}
	c := x.st.Camera()
	s := workspace.State{Selected: x.Selected(), OnStation: d.OnStationShips()}
	if x.st.CameraSet() {
		s.Camera = [5]float64{c.Target[0], c.Target[1], c.Target[2], c.Distance, c.Yaw}
		s.Pitch, s.HasCamera = c.Pitch, true
	}
	data, err := workspace.EncodeState(s)
	if err != nil {
		return
	}
	x.saver().save(ws.StatePath(x.Game().K.Turn+1), data, func(err error) {
		if err != nil {
			x.status.problem("view", "The view could not be saved: "+err.Error())
		} else {
			x.status.problem("view", "")
		}
	})
}

// orderFile is the draft as an order file.
func (x *App) orderFile() *orderwriter.File {
	k := x.Game().K
	d := x.Draft()
	return &orderwriter.File{Game: k.Game, Player: k.Empire.Player, Turn: k.Turn + 1, Orders: d.Orders(), Unread: d.UnreadTexts()}
}

// OrderFileText is the draft as the order file's text.
func (x *App) OrderFileText() string {
	var b bytes.Buffer
	orderwriter.Write(&b, x.orderFile())
	return b.String()
}

// problems lists the draft's errors and unread lines for the export
// question.
func (x *App) problems() (errs, unread []string) {
	d := x.Draft()
	for _, r := range d.Results() {
		if r.Severity == check.Error {
			errs = append(errs, fmt.Sprintf("%s: %s", d.Orders()[r.Order], r.Message))
		}
	}
	sort.Strings(errs)
	for _, u := range d.Unread() {
		unread = append(unread, fmt.Sprintf("%q: %s", u.Text, u.Err))
	}
	return errs, unread
}

// askBeforeSending asks, when the orders have errors or lines that are
// not orders, whether to go on; then it calls send.
func (x *App) askBeforeSending(what string, send func()) {
	errs, unread := x.problems()
	if len(errs) == 0 && len(unread) == 0 {
		send()
		return
	}
	cut := func(list []string) []string {
		if len(list) > 10 {
			return append(list[:10:10], fmt.Sprintf("… and %d more", len(list)-10))
		}
		return list
	}
	var b strings.Builder
	var title []string
	if len(errs) > 0 {
		title = append(title, plural.Count(len(errs), "order")+" with "+plural.Pick(len(errs), "an error", "errors"))
		b.WriteString("The moderator's program will reject these:\n\n" + strings.Join(cut(errs), "\n") + "\n\n")
	}
	if len(unread) > 0 {
		title = append(title, plural.Count(len(unread), "line")+plural.Pick(len(unread), " that is not an order", " that are not orders"))
		b.WriteString("These lines do not read as orders; they go along as comments, which the moderator's program skips:\n\n" +
			strings.Join(cut(unread), "\n") + "\n\n")
	}
	b.WriteString(what + " anyway?")
	dialog.ShowConfirm(capital(strings.Join(title, " and ")), b.String(), func(ok bool) {
		if ok {
			send()
		}
	}, x.win)
}

// CopyOrders puts the order file's text on the clipboard, to paste into
// an e-mail; with errors in the orders it asks first, as Export does.
func (x *App) CopyOrders() {
	if x.Draft() == nil {
		return
	}
	x.askBeforeSending("Copy them", func() {
		x.fyneApp.Clipboard().SetContent(x.OrderFileText())
		x.status.say("The orders are on the clipboard.")
	})
}

// ExportName is the default name of the order file: game, player, turn.
func (x *App) ExportName() string {
	k := x.Game().K
	return fmt.Sprintf("%s-player-%02d-turn-%03d-orders.txt", workspace.SafeName(k.Game), k.Empire.Player, k.Turn+1)
}

// ExportDialog writes the order file where the player chooses; with errors
// in the orders it asks first.
func (x *App) ExportDialog() {
	if x.Draft() == nil {
		return
	}
	x.askBeforeSending("Export them", func() {
		name := x.ExportName()
		start := x.settings.LastFolder
		if start == "" && x.ws != nil {
			start = filepath.Dir(x.ws.ExportPath(0))
		}
		x.files.choose(fileRequest{title: "Export orders", start: start, name: name,
			filter: "Order files (*.txt)", exts: []string{"txt"}, save: true},
			x.NativeDialogs, func(path string) { x.ExportTo(path) })
	})
}

// ExportTo writes the order file to path, atomically, and keeps a copy in
// the workspace.
func (x *App) ExportTo(path string) error {
	data := []byte(x.OrderFileText())
	err := atomicfile.WriteFile(path, data, 0o644)
	if err == nil && x.ws != nil {
		err = atomicfile.WriteFile(x.ws.ExportPath(x.Game().K.Turn+1), data, 0o644)
	}
	if err != nil {
		dialog.ShowError(err, x.win)
		return err
	}
	x.status.say("Orders written to " + path)
	return nil
}
