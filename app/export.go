package app

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"fyne.io/fyne/v2"

	"silverfall/app/workspace"
	"silverfall/engine/check"
	"silverfall/internal/atomicfile"
	"silverfall/internal/plural"
	"silverfall/orderwriter"
)

// exporter writes the draft out as the order file: to a file the player
// chooses (and a copy in the workspace) or to the clipboard, asking first
// when the orders have errors or lines that are not orders.
type exporter struct {
	st        *State
	win       fyne.Window
	keep      *keeper
	status    *statusBar
	clipboard fyne.Clipboard
	// folder is the folder to start the file dialog in; native says
	// whether to use the desktop's own dialog.
	folder func() string
	native func() bool
	files  *fileChooser
	// practice says whether the game shown is a practice game, whose turn
	// the window carries out itself: no moderator reads its orders.
	practice func() bool
}

// Text is the draft as the order file's text.
func (x *exporter) Text() string {
	var b bytes.Buffer
	orderwriter.Write(&b, orderFileOf(x.st))
	return b.String()
}

// problems lists the draft's errors and unread lines for the export
// question.
func (x *exporter) problems() (errs, unread []string) {
	d := x.st.Draft()
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
func (x *exporter) askBeforeSending(what string, send func()) {
	title, text := x.warning()
	if title == "" {
		send()
		return
	}
	confirm(x.win, title, text+what+" anyway?", func(ok bool) {
		if ok {
			send()
		}
	})
}

// warning says what is wrong with the orders, as a title and a text ending
// in a blank line; both are empty when nothing is.
func (x *exporter) warning() (title, text string) {
	errs, unread := x.problems()
	if len(errs) == 0 && len(unread) == 0 {
		return "", ""
	}
	cut := func(list []string) []string {
		if len(list) > 10 {
			return append(list[:10:10], fmt.Sprintf("… and %d more", len(list)-10))
		}
		return list
	}
	rejects, skips := "The moderator's program will reject these:", "These lines do not read as orders; they go along as comments, which the moderator's program skips:"
	if x.practice != nil && x.practice() {
		rejects, skips = "The turn will not carry these out:", "These lines do not read as orders; the turn skips them:"
	}
	var b strings.Builder
	var titles []string
	if len(errs) > 0 {
		titles = append(titles, plural.Count(len(errs), "order")+" with "+plural.Pick(len(errs), "an error", "errors"))
		b.WriteString(rejects + "\n\n" + strings.Join(cut(errs), "\n") + "\n\n")
	}
	if len(unread) > 0 {
		titles = append(titles, plural.Count(len(unread), "line")+plural.Pick(len(unread), " that is not an order", " that are not orders"))
		b.WriteString(skips + "\n\n" + strings.Join(cut(unread), "\n") + "\n\n")
	}
	return capital(strings.Join(titles, " and ")), b.String()
}

// Copy puts the order file's text on the clipboard, to paste into
// an e-mail; with errors in the orders it asks first, as Export does.
func (x *exporter) Copy() {
	if x.st.Draft() == nil || earlierRefused(x.st, x.status.say) {
		return
	}
	x.askBeforeSending("Copy them", func() {
		x.clipboard.SetContent(x.Text())
		x.status.say("The orders are on the clipboard.")
	})
}

// earlierRefused says, when an earlier turn is shown, that its orders
// are not sent again: they were for a turn that is over, and a copy
// would overwrite what the workspace kept of what was sent.
func earlierRefused(st *State, say func(string)) bool {
	if !st.Earlier() {
		return false
	}
	say("This is an earlier turn, shown read-only: its orders are not exported or sent again. Alt+End goes back to the current turn.")
	return true
}

// Name is the default name of the order file: game, player, turn.
func (x *exporter) Name() string {
	k := x.st.Game().K
	return workspace.ExportName(k.Game, k.Empire.Player, k.Turn+1)
}

// Dialog writes the order file where the player chooses; with errors
// in the orders it asks first.
func (x *exporter) Dialog() {
	if x.st.Draft() == nil || earlierRefused(x.st, x.status.say) {
		return
	}
	x.askBeforeSending("Export them", func() {
		name := x.Name()
		start := x.folder()
		if start == "" && x.keep.ws != nil {
			start = filepath.Dir(x.keep.ws.ExportPath(0))
		}
		x.files.choose(fileRequest{title: "Export orders", start: start, name: name,
			filter: "Order files (*.txt)", exts: []string{"txt"}, save: true},
			x.native(), func(path string) { x.To(path) })
	})
}

// To writes the order file to path, atomically, and keeps a copy in
// the workspace.
func (x *exporter) To(path string) error {
	data := []byte(x.Text())
	err := atomicfile.WriteFile(path, data, 0o644)
	if err == nil && x.keep.ws != nil {
		err = atomicfile.WriteFile(x.keep.ws.ExportPath(x.st.Game().K.Turn+1), data, 0o644)
	}
	if err != nil {
		showError(err, x.win)
		return err
	}
	x.status.say("Orders written to " + path)
	return nil
}
