package app

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/archive"
	"silverfall/app/plots"
	"silverfall/app/workspace"
	"silverfall/engine/rules"
	"silverfall/internal/atomicfile"
)

// plotsView shows one plot (app/plots) over every turn kept of the game
// shown, drawn at the view's size in the theme's colours, and saves it as
// PNG or SVG.
type plotsView struct {
	st    *State
	rules *rules.Rules
	win   fyne.Window
	files *fileChooser
	// native says whether to use the desktop's file dialog; folder is
	// where a save dialog opens; say tells the player in the status bar.
	native func() bool
	folder func() string
	say    func(string)
	// background reads the sheets off Fyne's thread.
	background func(func())

	turns   []plots.Turn
	choices []plots.Choice
	chosen  plots.Choice
	pick    *keySelect
	pickW   *minWidth // the chooser's width: its longest choice's
	save    *widget.Button
	note    *widget.Label
	raster  *canvas.Raster
	box     fyne.CanvasObject
	shown   int // counts the games shown, to drop a load for one no longer shown

	// last is the image drawn last and what it was drawn for, so that a
	// refresh at the same size and colours does not draw again.
	last    image.Image
	lastFor string
}

// The size of a saved plot, in pixels (for SVG, at 96 dots an inch).
const savedPlotWidth, savedPlotHeight = 1200, 750

func newPlotsView(st *State, r *rules.Rules, win fyne.Window, files *fileChooser, background func(func())) *plotsView {
	v := &plotsView{st: st, rules: r, win: win, files: files, background: background,
		native: func() bool { return true }, folder: func() string { return "" }, say: func(string) {}}
	v.pick = newKeySelect(v.st, nil, func(title string) {
		for _, c := range v.choices {
			if c.Title == title {
				v.chosen = c
			}
		}
		v.raster.Refresh()
	})
	v.pick.PlaceHolder = "Choose a plot…"
	// The button is its icon alone: the chooser beside it needs the
	// width of a narrow panel for its titles.
	v.save = widget.NewButtonWithIcon("", theme.DocumentSaveIcon(), v.saveDialog)
	v.note = widget.NewLabel("No game is open.")
	v.note.Wrapping = fyne.TextWrapWord // read whole, on two lines if need be
	v.raster = canvas.NewRaster(v.draw)
	v.pickW = &minWidth{}
	// The chooser (with the button to save) and the note each have the
	// panel's width, however narrow it is.
	top := container.NewVBox(container.NewBorder(nil, nil, nil, v.save, container.New(v.pickW, v.pick)), v.note)
	v.box = container.NewBorder(top, nil, nil, nil, v.raster)
	v.save.Disable()
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame) {
			v.load()
		}
	})
	return v
}

// load reads the numbers of every turn kept of the game shown.
func (v *plotsView) load() {
	v.shown++
	shown := v.shown
	g := v.st.Game()
	v.turns, v.last = nil, nil
	v.save.Disable()
	if g == nil {
		v.setTurns(nil, nil)
		return
	}
	v.note.SetText("Reading the turns kept…")
	a, cur := v.st.Archive(), plots.FactsOf(g.K)
	v.background(func() {
		turns, err := loadPlotTurns(a, cur)
		fyne.Do(func() {
			if shown == v.shown {
				v.setTurns(turns, err)
			}
		})
	})
}

// loadPlotTurns is the plots' numbers of every turn kept in archive a,
// with cur (the sheet shown) standing for its own turn.
func loadPlotTurns(a *archive.Archive, cur plots.Turn) ([]plots.Turn, error) {
	if a == nil {
		return []plots.Turn{cur}, nil
	}
	sheets, errs := a.All()
	turns := slices.DeleteFunc(plots.TurnsOf(sheets), func(t plots.Turn) bool { return t.Turn == cur.Turn })
	at, _ := slices.BinarySearchFunc(turns, cur.Turn, func(t plots.Turn, n int) int { return t.Turn - n })
	return slices.Insert(turns, at, cur), errors.Join(errs...)
}

func (v *plotsView) setTurns(turns []plots.Turn, err error) {
	v.turns, v.last = turns, nil // what was drawn before these came is stale
	v.choices = plots.Choices(turns)
	titles := make([]string, len(v.choices))
	keep := false
	for i, c := range v.choices {
		titles[i] = c.Title
		keep = keep || c == v.chosen
	}
	if !keep {
		v.chosen = v.choices[0]
	}
	v.pick.Options = titles
	v.pickW.w = choiceWidth(titles)
	v.pick.SetSelected(v.chosen.Title)
	switch {
	case len(turns) == 0:
		v.note.SetText("No game is open.")
	case err != nil:
		v.note.SetText(fmt.Sprintf("%d turns; some sheets could not be read: %v", len(turns), err))
	case len(turns) == 1:
		v.note.SetText("Only this turn is kept so far: the plots grow with every sheet imported.")
	default:
		v.note.SetText(fmt.Sprintf("Turns %d to %d (%d sheets).", turns[0].Turn, turns[len(turns)-1].Turn, len(turns)))
	}
	if len(turns) > 0 {
		v.save.Enable()
	}
	v.raster.Refresh()
}

// choiceWidth is how wide a chooser must be to show the longest of
// titles whole, with its arrow.
func choiceWidth(titles []string) float32 {
	w := float32(0)
	for _, t := range titles {
		w = max(w, fyne.MeasureText(t, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	return w + 4*theme.InnerPadding() + theme.IconInlineSize()
}

// minWidth lays out one object at least w wide.
type minWidth struct{ w float32 }

func (l *minWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := objs[0].MinSize()
	return fyne.NewSize(max(s.Width, l.w), s.Height)
}

func (l *minWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// palette is the plots' colours in the theme shown.
func (v *plotsView) palette() plots.Palette {
	return plots.NewPalette(theme.Color(theme.ColorNameBackground), theme.Color(theme.ColorNameForeground))
}

// draw is the raster's: the plot chosen, w × h pixels.
func (v *plotsView) draw(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	pal := v.palette()
	dpi := 96
	if s := v.raster.Size().Width; s > 0 {
		dpi = int(96*float32(w)/s + 0.5)
	}
	key := fmt.Sprint(v.shown, v.chosen, w, h, dpi, pal.Background, pal.Foreground)
	if v.last != nil && key == v.lastFor {
		return v.last
	}
	var img image.Image
	if f, err := plots.Build(v.turns, v.chosen, pal); err == nil {
		img = f.Image(w, h, max(dpi, 24))
	} else { // nothing to plot yet: the background alone
		blank := image.NewNRGBA(image.Rect(0, 0, w, h))
		draw.Draw(blank, blank.Bounds(), image.NewUniform(pal.Background), image.Point{}, draw.Src)
		img = blank
	}
	v.last, v.lastFor = img, key
	return img
}

// saveDialog asks where to save the plot shown.
func (v *plotsView) saveDialog() {
	g := v.st.Game()
	if g == nil || len(v.turns) == 0 {
		return
	}
	// A planet's name is in a prices plot's title: SafeName keeps only
	// letters, digits and dashes of it.
	name := fmt.Sprintf("%s-turn-%d.png", strings.ToLower(workspace.SafeName(v.chosen.Title)), g.K.Turn)
	v.files.choose(fileRequest{title: "Save the plot", start: v.folder(), name: name,
		filter: "PNG images and SVG drawings (*.png, *.svg)", exts: []string{"png", "svg"}, save: true},
		v.native(), func(path string) {
			if err := v.saveTo(path); err != nil {
				showError(err, v.win)
			}
		})
}

// saveTo writes the plot shown to path: SVG for a name ending in .svg,
// else PNG (".png" added to a name without it).
func (v *plotsView) saveTo(path string) error {
	f, err := plots.Build(v.turns, v.chosen, v.palette())
	if err != nil {
		return err
	}
	var b bytes.Buffer
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg":
		err = f.WriteSVG(&b, savedPlotWidth, savedPlotHeight)
	case ".png":
		err = f.WritePNG(&b, savedPlotWidth, savedPlotHeight)
	default:
		path += ".png"
		err = f.WritePNG(&b, savedPlotWidth, savedPlotHeight)
	}
	if err == nil {
		err = atomicfile.WriteFile(path, b.Bytes(), 0o644)
	}
	if err != nil {
		return fmt.Errorf("the plot could not be saved: %w", err)
	}
	v.say("Plot saved to " + path)
	return nil
}
