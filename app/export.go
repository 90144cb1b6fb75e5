package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	native "github.com/sqweek/dialog"

	"silverfall/app/workspace"
	"silverfall/internal/atomicfile"
)

// openWorkspace opens the game's workspace and keeps the sheet there.
func (x *App) openWorkspace(g *Game) {
	x.ws = nil
	if x.wsRoot == "" {
		return
	}
	ws, err := workspace.Open(x.wsRoot, g.K.Game, g.K.Empire.Player)
	if err != nil {
		x.status.SetText("no workspace for this game: " + err.Error())
		return
	}
	x.ws = ws
	if len(g.Raw) > 0 {
		if _, _, err := ws.AddReport(g.K.Turn, g.Raw); err != nil {
			x.status.SetText("the sheet could not be kept in the workspace: " + err.Error())
		}
	}
}

// Workspace is the game's workspace, or nil.
func (x *App) Workspace() *workspace.Workspace { return x.ws }

// saveView saves the selection and the camera.
func (x *App) saveView() {
	if x.ws == nil || x.game == nil || x.draft == nil {
		return
	}
	c := x.mapView.Camera()
	s := workspace.State{Selected: x.selected, Camera: [5]float64{c.Target[0], c.Target[1], c.Target[2], c.Distance, c.Yaw},
		Pitch: c.Pitch, HasCamera: true, OnStation: x.draft.OnStationShips()}
	if err := x.ws.SaveState(x.game.K.Turn+1, s); err != nil {
		x.status.SetText("the view could not be saved: " + err.Error())
	}
}

// CopyOrders puts the order file's text on the clipboard, to paste into
// an e-mail.
func (x *App) CopyOrders() {
	if x.draft == nil {
		return
	}
	x.fyneApp.Clipboard().SetContent(x.OrderFileText())
	x.status.SetText("The orders are on the clipboard.")
}

// ExportDialog writes the order file where the player chooses; with errors
// in the orders it asks first.
func (x *App) ExportDialog() {
	if x.draft == nil {
		return
	}
	ask := func() {
		name := fmt.Sprintf("orders-turn-%03d.txt", x.game.K.Turn+1)
		start := x.settings.LastFolder
		if start == "" && x.ws != nil {
			start = filepath.Dir(x.ws.ExportPath(0))
		}
		if x.NativeDialogs && os.Getenv("DISPLAY")+os.Getenv("WAYLAND_DISPLAY") != "" {
			go func() {
				path, err := nativeSave(start, name)
				switch {
				case err == native.ErrCancelled:
				case err != nil:
					fyne.Do(func() { x.fyneSave(start, name) })
				default:
					fyne.Do(func() { x.ExportTo(path) })
				}
			}()
			return
		}
		x.fyneSave(start, name)
	}
	if p := x.problems(); len(p) > 0 {
		if len(p) > 12 {
			p = append(p[:12], fmt.Sprintf("… and %d more", len(p)-12))
		}
		dialog.ShowConfirm(fmt.Sprintf("%d orders have errors", len(x.problems())),
			"The moderator's program will reject these:\n\n"+strings.Join(p, "\n")+"\n\nExport anyway?",
			func(ok bool) {
				if ok {
					ask()
				}
			}, x.win)
		return
	}
	ask()
}

func nativeSave(start, name string) (path string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("native dialog: %v", r)
		}
	}()
	return native.File().Title("Export orders").Filter("Order files (*.txt)", "txt").
		SetStartDir(start).SetStartFile(name).Save()
}

func (x *App) fyneSave(start, name string) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		x.ExportTo(path)
	}, x.win)
	d.SetFileName(name)
	if lister, err := storage.ListerForURI(storage.NewFileURI(start)); err == nil {
		d.SetLocation(lister)
	}
	d.Show()
}

// ExportTo writes the order file to path, atomically, and keeps a copy in
// the workspace.
func (x *App) ExportTo(path string) error {
	data := []byte(x.OrderFileText())
	err := atomicfile.WriteFile(path, data, 0o644)
	if err == nil && x.ws != nil {
		err = atomicfile.WriteFile(x.ws.ExportPath(x.game.K.Turn+1), data, 0o644)
	}
	if err != nil {
		dialog.ShowError(err, x.win)
		return err
	}
	x.status.SetText("Orders written to " + path)
	return nil
}
