package app

import (
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	native "github.com/sqweek/dialog"
)

// ImportDialog asks for a turn sheet to import: with the desktop's own file
// dialog where it works, else with Fyne's.
func (x *App) ImportDialog() {
	start := x.settings.LastFolder
	if start == "" {
		start, _ = os.UserHomeDir()
	}
	if x.NativeDialogs && os.Getenv("DISPLAY")+os.Getenv("WAYLAND_DISPLAY") != "" {
		// The native dialog blocks its caller, so it runs beside Fyne's loop.
		go func() {
			path, err := nativeOpen(start)
			switch {
			case err == native.ErrCancelled:
			case err != nil:
				fyne.Do(func() { x.fyneOpen(start) })
			default:
				fyne.Do(func() { x.Import(path) })
			}
		}()
		return
	}
	x.fyneOpen(start)
}

// nativeOpen shows the desktop's dialog. GTK panics when it cannot start;
// that becomes an error, and Fyne's dialog is used.
func nativeOpen(start string) (path string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("native dialog: %v", r)
		}
	}()
	return native.File().Title("Import a turn sheet").
		Filter("Turn sheets and e-mails (*.txt, *.eml)", "txt", "eml", "text", "msg").
		Filter("All files", "*").SetStartDir(start).Load()
}

func (x *App) fyneOpen(start string) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		x.Import(path)
	}, x.win)
	if lister, err := storage.ListerForURI(storage.NewFileURI(start)); err == nil {
		d.SetLocation(lister)
	}
	d.SetFilter(storage.NewExtensionFileFilter([]string{".txt", ".eml", ".text", ".msg"}))
	d.Resize(fyne.NewSize(800, 560))
	d.Show()
}
