package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// confirm asks a Yes/No question over win, as dialog.ShowConfirm does,
// but answers the keys a player presses: Enter is Yes (the button marked
// as the default), Esc is No. The question holds the keyboard while it
// shows.
func confirm(win fyne.Window, title, text string, answered func(bool)) *dialog.ConfirmDialog {
	return ask(win, title, text, "Yes", false, answered)
}

// confirmDanger asks before something that cannot be undone: its button
// (yes) is marked as dangerous, and Enter, like Esc, answers No.
func confirmDanger(win fyne.Window, title, text, yes string, answered func(bool)) *dialog.ConfirmDialog {
	return ask(win, title, text, yes, true, answered)
}

func ask(win fyne.Window, title, text, yes string, danger bool, answered func(bool)) *dialog.ConfirmDialog {
	keys := &dialogKeys{}
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	no := "No"
	if danger {
		no = "Cancel"
	}
	d := dialog.NewCustomConfirm(title, yes, no, container.NewStack(keys, msg), answered, win)
	keys.yes, keys.no = d.Confirm, d.Dismiss
	if danger {
		d.SetConfirmImportance(widget.DangerImportance)
		keys.yes = d.Dismiss
	}
	// As Fyne's own questions: as wide as the text, up to 600 and most of
	// the window; a longer text wraps.
	// (The dialog's own padding is about 20 on each side.)
	w := widget.NewLabel(text).MinSize().Width + 12*theme.Padding()
	w = max(min(w, 600, win.Canvas().Size().Width*0.9), 320)
	d.Resize(fyne.NewSize(w, 100))
	d.Show()
	d.Resize(fyne.NewSize(w, d.MinSize().Height)) // wrapped to w, the text is taller
	win.Canvas().Focus(keys)
	return d
}

// dialogKeys takes Enter and Esc for a question. It draws nothing.
type dialogKeys struct {
	widget.BaseWidget
	yes, no func()
}

// FocusGained is part of fyne.Focusable.
func (k *dialogKeys) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (k *dialogKeys) FocusLost() {}

// TypedRune takes no letters.
func (k *dialogKeys) TypedRune(rune) {}

// TypedKey answers Enter and Esc.
func (k *dialogKeys) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		k.yes()
	case fyne.KeyEscape:
		k.no()
	}
}

// CreateRenderer draws nothing.
func (k *dialogKeys) CreateRenderer() fyne.WidgetRenderer {
	k.ExtendBaseWidget(k)
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// dialogList is a list in a dialog that passes Enter and Esc on to the
// dialog's keys: once a click on a row gives it the keyboard, they still
// answer the dialog.
type dialogList struct {
	widget.List
	keys *dialogKeys
}

func newDialogList(keys *dialogKeys, n func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *dialogList {
	l := &dialogList{keys: keys}
	l.Length, l.CreateItem, l.UpdateItem = n, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey answers Enter and Esc for the dialog; the other keys move in
// the list.
func (l *dialogList) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeyEscape:
		l.keys.TypedKey(e)
	default:
		l.List.TypedKey(e)
	}
}
