package app

import (
	"errors"
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
	x.files.choose(sheetRequest("Import a turn sheet", start), x.NativeDialogs, func(path string) { x.Import(path) })
}

// sheetRequest asks for a turn sheet (a text file or a saved e-mail),
// starting in the folder start.
func sheetRequest(title, start string) fileRequest {
	return fileRequest{title: title, start: start,
		filter: "Turn sheets and e-mails (*.txt, *.eml)", exts: []string{"txt", "eml", "text", "msg"}}
}

// fileRequest is what a file dialog asks for.
type fileRequest struct {
	title  string
	start  string   // the folder it opens in
	name   string   // for a save: the name offered
	filter string   // what the files shown are
	exts   []string // their endings, without the dot
	save   bool
	// cancelled, when set, is told that no file was chosen: the dialog was
	// closed, or could not show since another one does.
	cancelled func()
}

func (req fileRequest) cancel() {
	if req.cancelled != nil {
		req.cancelled()
	}
}

// fileChooser shows the window's file dialogs, one at a time. The
// desktop's dialog (GTK on Linux) runs beside Fyne's loop, since it blocks
// its caller; two of them at once abort the program inside GTK, so while
// one shows, a further request is refused and the player told why. (Fyne's
// dialog, used where the desktop's cannot start, is modal in the window
// and so in sight already; it is not doubled either.) All its fields
// belong to Fyne's thread.
type fileChooser struct {
	win fyne.Window
	// native shows the desktop's dialog; it returns native.ErrCancelled
	// when the player cancels. Tests replace it.
	native func(fileRequest) (string, error)
	// refused is told when a request comes while a dialog shows.
	refused func()
	// background runs the desktop's dialog beside Fyne's loop (nil: a
	// goroutine); its answer comes back through fyne.Do.
	background func(func())

	showing bool
	fyneDlg *dialog.FileDialog // Fyne's dialog showing, if that is the one
	// free is told when the dialog showing is gone (the refusal's message
	// is then untrue).
	free func()
}

func newFileChooser(win fyne.Window, refused func()) *fileChooser {
	return &fileChooser{win: win, native: nativeFile, refused: refused}
}

// choose shows a file dialog for req, the desktop's if useNative and there
// is a desktop, and calls done with the path chosen; a cancel calls
// nothing. While a dialog shows, it does nothing but say so.
func (c *fileChooser) choose(req fileRequest, useNative bool, done func(path string)) {
	if c.showing {
		if c.refused != nil {
			c.refused()
		}
		req.cancel()
		return
	}
	c.showing = true
	if !useNative || c.native == nil || os.Getenv("DISPLAY")+os.Getenv("WAYLAND_DISPLAY") == "" {
		c.showFyne(req, done)
		return
	}
	run := c.background
	if run == nil {
		run = func(f func()) { go f() }
	}
	run(func() {
		path, err := c.native(req)
		fyne.Do(func() {
			switch {
			case errors.Is(err, native.ErrCancelled):
				c.freed()
				req.cancel()
			case err != nil:
				c.showFyne(req, done) // the desktop's dialog cannot start
			default:
				c.freed()
				done(path)
			}
		})
	})
}

// freed marks the chooser free and tells so.
func (c *fileChooser) freed() {
	c.showing = false
	if c.free != nil {
		c.free()
	}
}

// showFyne shows Fyne's dialog for req.
func (c *fileChooser) showFyne(req fileRequest, done func(path string)) {
	var d *dialog.FileDialog
	if req.save {
		d = dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
			if err != nil || w == nil {
				req.cancel()
				return
			}
			path := w.URI().Path()
			w.Close()
			done(path)
		}, c.win)
		d.SetFileName(req.name)
	} else {
		d = dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil || r == nil {
				req.cancel()
				return
			}
			path := r.URI().Path()
			r.Close()
			done(path)
		}, c.win)
		exts := make([]string, len(req.exts))
		for i, e := range req.exts {
			exts[i] = "." + e
		}
		d.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	if lister, err := storage.ListerForURI(storage.NewFileURI(req.start)); err == nil {
		d.SetLocation(lister)
	}
	d.SetOnClosed(func() {
		if c.fyneDlg == d {
			c.fyneDlg = nil
			c.freed()
		}
	})
	c.fyneDlg = d
	d.Resize(fyne.NewSize(800, 560))
	d.Show()
}

// nativeFile shows the desktop's dialog. GTK panics when it cannot start;
// that becomes an error, and Fyne's dialog is used.
func nativeFile(req fileRequest) (path string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("native dialog: %v", r)
		}
	}()
	b := native.File().Title(req.title).SetStartDir(req.start)
	if len(req.exts) > 0 {
		b = b.Filter(req.filter, req.exts...)
	}
	if req.save {
		return b.SetStartFile(req.name).Save()
	}
	return b.Filter("All files", "*").Load()
}
