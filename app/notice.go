package app

import (
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// showError tells of err over win, as Fyne's error dialog does, but the
// dialog holds the keyboard: Enter or Esc closes it, as OK does. Every
// error the window shows goes through here.
func showError(err error, win fyne.Window) dialog.Dialog {
	text := err.Error()
	if r, n := utf8.DecodeRuneInString(text); r != utf8.RuneError {
		text = string(unicode.ToUpper(r)) + text[n:]
	}
	return tell(win, "Error", text, theme.ErrorIcon())
}

// showInfo tells the player something over win, as Fyne's information
// dialog does; Enter or Esc closes it.
func showInfo(title, text string, win fyne.Window) dialog.Dialog {
	return tell(win, title, text, theme.InfoIcon())
}

// ShowError is showError for the program's start, which tells of a sheet
// it could not read before the window has a view to say it.
func ShowError(err error, win fyne.Window) { showError(err, win) }

func tell(win fyne.Window, title, text string, icon fyne.Resource) dialog.Dialog {
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	body := container.NewBorder(nil, nil, container.NewCenter(widget.NewIcon(icon)), nil, msg)
	// As wide as the text, up to 600 and most of the window (see ask);
	// as tall as the text wrapped to that.
	w := widget.NewLabel(text).MinSize().Width + 16*theme.Padding()
	w = max(min(w, 600, win.Canvas().Size().Width*0.9), 320)
	return notice(win, title, "OK", body, fyne.NewSize(w, 0))
}

// notice shows body over win in a dialog of size with one button,
// dismiss, which Enter and Esc press too. A height of 0 is the body's.
func notice(win fyne.Window, title, dismiss string, body fyne.CanvasObject, size fyne.Size) dialog.Dialog {
	keys := &dialogKeys{}
	d := dialog.NewCustom(title, dismiss, container.NewStack(keys, body), win)
	keys.yes, keys.no = d.Hide, d.Hide
	d.Resize(fyne.NewSize(size.Width, max(size.Height, 100)))
	d.Show()
	if size.Height == 0 {
		d.Resize(fyne.NewSize(size.Width, d.MinSize().Height)) // wrapped to the width, the text is taller
	}
	win.Canvas().Focus(keys)
	return d
}

// working shows body over win while work goes on, with one button,
// Cancel, which Esc presses too; closing it by either calls cancel.
// Enter does nothing: a player who presses it by habit does not stop the
// work.
func working(win fyne.Window, title string, body fyne.CanvasObject, cancel func()) dialog.Dialog {
	keys := &dialogKeys{yes: func() {}}
	d := dialog.NewCustom(title, "Cancel", container.NewStack(keys, body), win)
	keys.no = d.Hide
	d.SetOnClosed(cancel)
	d.Show()
	win.Canvas().Focus(keys)
	return d
}
