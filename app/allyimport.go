package app

import (
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/allies"
	"silverfall/app/workspace"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// allyImporter is File > Import an ally's sheet…: it asks for a file and
// keeps the sheet among the allies' sheets of the game shown, after
// app/allies' checks. The game shown, its draft and its figures stay as
// they are: an ally's sheet only adds to what the player knows.
type allyImporter struct {
	st    *State
	rules *rules.Rules
	win   fyne.Window
	files *fileChooser

	background func(func())        // runs slow work off Fyne's thread
	native     func() bool         // use the desktop's file dialog
	folder     func() string       // where the dialog opens
	imported   func(string)        // told the folder of a file imported
	unreadable func(string, error) // shows why a file cannot be read
	say        func(string)        // a note in the status bar
	kept       func()              // told when a sheet is kept
}

// newAllyImporter wires the importer to the window x.
func newAllyImporter(x *App) *allyImporter {
	return &allyImporter{st: x.st, rules: x.rules, win: x.win, files: x.files,
		background: func(f func()) { x.Background(f) },
		native:     func() bool { return x.NativeDialogs },
		folder:     func() string { return x.settings.LastFolder },
		imported:   x.open.imported,
		unreadable: x.open.showError,
		say:        x.status.say,
	}
}

// item is the File menu's entry.
func (a *allyImporter) item() *fyne.MenuItem {
	return fyne.NewMenuItem("Import an ally's sheet…", a.Dialog)
}

// Dialog asks for an ally's sheet and imports it.
func (a *allyImporter) Dialog() {
	if a.st.Workspace() == nil {
		showInfo("An ally's sheet", "An ally's sheet is kept with your own game: open a sheet of yours first.", a.win)
		return
	}
	start := a.folder()
	if start == "" {
		start, _ = os.UserHomeDir()
	}
	a.files.choose(sheetRequest("Import an ally's sheet", start), a.native(), a.Import)
}

// Import reads the file at path off Fyne's thread and keeps it as an
// ally's sheet of the game shown, or says why not.
func (a *allyImporter) Import(path string) {
	ws := a.st.Workspace()
	progress := dialog.NewCustomWithoutButtons("Importing "+filepath.Base(path), widget.NewProgressBarInfinite(), a.win)
	progress.Show()
	a.background(func() {
		rep, data, err := reportparse.ReadFileData(a.rules, path)
		var kept workspace.AllySheet
		var refused error
		if err == nil {
			kept, refused = allies.Keep(ws, path, rep, data)
		}
		fyne.Do(func() {
			progress.Hide()
			switch {
			case err != nil:
				a.unreadable(path, err)
				return
			case refused != nil:
				showInfo("The sheet was not kept", refused.Error(), a.win)
				return
			}
			a.imported(filepath.Dir(path))
			a.say(fmt.Sprintf("Player %d's sheet of turn %d is kept among the allies' sheets.", kept.Player, kept.Turn))
			if a.kept != nil {
				a.kept()
			}
		})
	})
}
