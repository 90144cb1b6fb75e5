package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/app/workspace"
	"silverfall/assets"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/render3d"
	"silverfall/reportparse"
)

// opener reads turn sheets and shows them: the game, with the draft,
// selection and camera its workspace kept. A sheet that cannot be read is
// reported and the game shown before stays.
type opener struct {
	st     *State
	rules  *rules.Rules
	win    fyne.Window
	keep   *keeper
	desk   *orderDesk
	status *statusBar
	// background runs slow work off Fyne's thread; imported is told the
	// folder of every sheet imported.
	background func(func())
	imported   func(folder string)
	budget     heapBudget
}

// Show makes g the game shown.
func (o *opener) Show(g *Game) {
	o.desk.Close()
	o.keep.open(g)
	ws := o.keep.ws
	state := workspace.State{}
	if ws != nil {
		state = ws.LoadState(g.K.Turn + 1)
	}
	d := draft.NewFor(g.Checker, g.K)
	if ws != nil {
		f, err := ws.LoadDraft(g.K.Turn + 1)
		if err != nil {
			o.status.problem("draft", err.Error())
			showError(err, o.win)
		} else if f != nil {
			d.Load(f.Orders, f.Unread, state.OnStation)
		}
	}
	o.st.Show(g, d, startSelection(g, model.ParseKey(state.Selected)), savedCamera(state))
	if len(g.Report.Warnings) > 0 {
		var b strings.Builder
		for i, w := range g.Report.Warnings {
			if i == 8 {
				fmt.Fprintf(&b, "… and %d more\n", len(g.Report.Warnings)-i)
				break
			}
			b.WriteString(w.Error() + "\n")
		}
		showInfo("The turn sheet was read with warnings", b.String(), o.win)
	}
}

// startSelection is what a game opens with: what was selected when it was
// last shown, if the sheet still has it, else the player's first fleet.
func startSelection(g *Game, saved model.Key) model.Key {
	if _, ok := g.Location(saved); ok {
		return saved
	}
	if len(g.K.Fleets) > 0 {
		return model.FleetKey(g.K.Fleets[0].ID)
	}
	return model.Key{}
}

func savedCamera(s workspace.State) *render3d.Camera {
	if !s.HasCamera {
		return nil
	}
	c := render3d.DefaultCamera()
	c.Target = render3d.Vec{s.Camera[0], s.Camera[1], s.Camera[2]}
	c.Distance, c.Yaw, c.Pitch = s.Camera[3], s.Camera[4], s.Pitch
	if !c.Valid() {
		return nil
	}
	return &c
}

// LoadDemo opens the embedded demo game.
func (o *opener) LoadDemo() error {
	data, err := assets.DemoSheet(assets.DemoPlayer)
	if err != nil {
		return err
	}
	rep, err := reportparse.Parse(o.rules, "demo game", data)
	if err != nil {
		return err
	}
	g := NewGame(o.rules, rep, demoSource)
	g.Raw = data
	o.Show(g)
	return nil
}

// Load reads a turn sheet file and shows it, on the calling goroutine.
func (o *opener) Load(path string) error {
	g, err := o.read(path)
	if err != nil {
		return err
	}
	o.Show(g)
	o.budget.settle()
	return nil
}

func (o *opener) read(path string) (*Game, error) {
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		o.budget.sheet(info.Size())
	}
	rep, data, err := reportparse.ReadFileData(o.rules, path)
	if err != nil {
		return nil, err
	}
	g := NewGame(o.rules, rep, path)
	g.Raw = data
	return g, nil
}

// Import reads a turn sheet in the background, with a progress dialog,
// and shows it.
func (o *opener) Import(path string) {
	progress := dialog.NewCustomWithoutButtons("Importing "+filepath.Base(path), widget.NewProgressBarInfinite(), o.win)
	progress.Show()
	o.background(func() {
		g, err := o.read(path)
		fyne.Do(func() {
			progress.Hide()
			if err != nil {
				o.showError(path, err)
				return
			}
			o.imported(filepath.Dir(path))
			o.Show(g)
			o.budget.settle()
		})
	})
}

func (o *opener) showError(path string, err error) {
	var b strings.Builder
	var list reportparse.ErrorList
	if errors.As(err, &list) {
		for i, d := range list {
			if i == 10 {
				fmt.Fprintf(&b, "… and %d more\n", len(list)-i)
				break
			}
			b.WriteString(d.Error() + "\n")
		}
	} else {
		b.WriteString(err.Error())
	}
	msg := widget.NewLabel(b.String())
	msg.Wrapping = fyne.TextWrapWord
	what := "The game shown before is still loaded."
	if o.st.Game() == nil {
		what = "No game is loaded."
	}
	notice(o.win, "Cannot read "+filepath.Base(path), "Close",
		container.NewBorder(nil, widget.NewLabel(what), nil, nil, container.NewVScroll(msg)), fyne.NewSize(720, 320))
}
