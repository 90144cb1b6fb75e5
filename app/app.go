package app

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/app/workspace"
	"silverfall/assets"
	"silverfall/engine/rules"
	"silverfall/internal/atomicfile"
	"silverfall/render3d"
	"silverfall/reportparse"
)

// App is the Silverfall window and what it shows.
type App struct {
	fyneApp  fyne.App
	win      fyne.Window
	rules    *rules.Rules
	settings Settings
	setPath  string // settings file; "" keeps settings in memory only
	game     *Game

	mapView  *MapView
	tree     *widget.Tree
	cats     []Category
	search   *widget.Entry
	filter   *widget.Select
	title    *widget.Label
	details  *fyne.Container
	sheet    *widget.List
	jump     *widget.Select
	status   *widget.Label
	hover    *widget.Label
	selected string
	syncing  bool

	ord       *ordersUI
	draft     *draft.Draft
	ws        *workspace.Workspace
	wsRoot    string
	lastCheck time.Duration
	rightTabs *container.AppTabs

	// NativeDialogs uses the desktop's own file dialog when it can.
	NativeDialogs bool
	// Background runs slow work (reading a sheet) off Fyne's thread; its
	// results come back through fyne.Do. Tests may run it in line.
	Background func(func())
	// Started is when the program started, for the first-frame time.
	Started    time.Time
	firstFrame chan time.Duration
	firstOnce  sync.Once
	lastFrame  time.Duration
}

// Options configure a new window.
type Options struct {
	SettingsPath string                          // "" keeps settings in memory
	Frames       func() (render3d.Frames, error) // nil: GL, falling back to software
	// Workspaces is the folder of the games' workspaces; "" uses the
	// settings' choice or the default, "-" keeps no workspace (screenshots).
	Workspaces string
}

// New builds the window on the Fyne app a.
func New(a fyne.App, opt Options) *App {
	s := DefaultSettings()
	var loadErr error
	if opt.SettingsPath != "" {
		s, loadErr = LoadSettings(opt.SettingsPath)
	}
	x := &App{fyneApp: a, rules: rules.Default(), settings: s, setPath: opt.SettingsPath,
		NativeDialogs: true, Started: time.Now(), firstFrame: make(chan time.Duration, 1),
		Background: func(f func()) { go f() }}
	switch {
	case opt.Workspaces == "-":
	case opt.Workspaces != "":
		x.wsRoot = opt.Workspaces
	case s.Workspaces != "":
		x.wsRoot = s.Workspaces
	default:
		x.wsRoot, _ = workspace.DefaultRoot()
	}
	a.Settings().SetTheme(newTheme(s.Theme))
	a.SetIcon(&fyne.StaticResource{StaticName: "icon.png", StaticContent: assets.IconPNG})
	frames := opt.Frames
	if frames == nil {
		pal := s.Palette()
		frames = func() (render3d.Frames, error) {
			if os.Getenv("SILVERFALL_SOFTWARE") != "" {
				return nil, errors.New("SILVERFALL_SOFTWARE is set")
			}
			if os.Getenv("SILVERFALL_SYNC") != "" {
				return render3d.NewRenderer(pal) // frames drawn in Fyne's paint
			}
			return render3d.NewAsync(pal)
		}
	}
	x.win = a.NewWindow("Silverfall")
	x.build(frames)
	x.win.Resize(fyne.NewSize(s.Window.Width, s.Window.Height))
	x.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		if len(uris) > 0 {
			x.Import(uris[0].Path())
		}
	})
	x.win.SetCloseIntercept(func() {
		x.saveSettings()
		x.win.Close()
	})
	if loadErr != nil {
		x.status.SetText("settings could not be read, using defaults: " + loadErr.Error())
	}
	return x
}

// MapOnly makes the map the window's whole content (for measuring frames
// at a given size).
func (x *App) MapOnly() { x.win.SetContent(x.mapView) }

// Window is the main window.
func (x *App) Window() fyne.Window { return x.win }

// Game is the game shown, or nil.
func (x *App) Game() *Game { return x.game }

// MapView is the map widget.
func (x *App) MapView() *MapView { return x.mapView }

// Settings are the settings in use.
func (x *App) Settings() Settings { return x.settings }

func (x *App) build(frames func() (render3d.Frames, error)) {
	x.mapView = NewMapView(frames)
	x.mapView.OnPick = func(i int) {
		if x.game != nil {
			x.Select(x.game.KeyOfBody(i), "map")
		}
	}
	x.mapView.OnHover = func(i int) {
		if x.game == nil || i < 0 {
			x.hover.SetText("")
			return
		}
		b := x.game.Map.Bodies[i]
		text := fmt.Sprintf("%s at %v", b.Label, b.Loc)
		if x.draft != nil && b.Kind == render3d.ShipMine {
			for _, c := range x.draft.Courses() {
				if c.Ship == b.IDs[0] && c.Fuel >= 0 {
					text += fmt.Sprintf(" · ship %d has %d fuel left after this turn's move", c.Ship, c.Fuel)
				}
			}
		}
		x.hover.SetText(text)
	}
	x.mapView.OnCamera = x.saveView
	x.mapView.OnFrame = func(d time.Duration) {
		x.lastFrame = d
		x.firstOnce.Do(func() { x.firstFrame <- time.Since(x.Started) })
	}

	x.search = widget.NewEntry()
	x.search.SetPlaceHolder("Search ships, planets, officers…")
	x.search.OnChanged = func(string) { x.refreshTree() }
	x.filter = widget.NewSelect(Filters, func(string) { x.refreshTree() })
	x.filter.SetSelected(Filters[0])
	x.tree = &widget.Tree{
		ChildUIDs: func(uid widget.TreeNodeID) []widget.TreeNodeID {
			if uid == "" {
				ids := make([]string, len(x.cats))
				for i, c := range x.cats {
					ids[i] = c.Key
				}
				return ids
			}
			for _, c := range x.cats {
				if c.Key == uid {
					ids := make([]string, len(c.Items))
					for i, it := range c.Items {
						ids[i] = it.Key
					}
					return ids
				}
			}
			return nil
		},
		IsBranch:   func(uid widget.TreeNodeID) bool { return uid == "" || strings.HasPrefix(uid, "cat:") },
		CreateNode: func(bool) fyne.CanvasObject { return widget.NewLabel("Trading planets (000)") },
		UpdateNode: func(uid widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(x.treeLabel(uid))
		},
		OnSelected: func(uid widget.TreeNodeID) {
			if !strings.HasPrefix(uid, "cat:") && !x.syncing {
				x.Select(uid, "tree")
			}
		},
	}
	x.tree.ExtendBaseWidget(x.tree)
	left := container.NewBorder(container.NewVBox(x.search, x.filter), nil, nil, nil, x.tree)

	x.title = widget.NewLabelWithStyle("Nothing selected", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	x.title.Wrapping = fyne.TextWrapWord
	x.details = container.NewVBox()
	palette, ordersList, ordersText := x.buildOrders()
	x.rightTabs = container.NewAppTabs(
		container.NewTabItem("Details", container.NewBorder(x.title, nil, nil, nil, container.NewVScroll(container.NewVBox(x.details, palette)))),
		container.NewTabItem("Orders", ordersList),
		container.NewTabItem("Order text", ordersText),
	)
	x.rightTabs.OnSelected = func(*container.TabItem) { x.syncText() }
	right := x.rightTabs

	x.sheet = widget.NewList(
		func() int {
			if x.game == nil {
				return 0
			}
			return len(x.game.Lines)
		},
		func() fyne.CanvasObject {
			t := canvas.NewText(strings.Repeat("M", 76), theme.Color(theme.ColorNameForeground))
			t.TextStyle = fyne.TextStyle{Monospace: true}
			return t
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if x.game != nil && i < len(x.game.Lines) {
				t := o.(*canvas.Text)
				t.Text = x.game.Lines[i]
				t.Color = theme.Color(theme.ColorNameForeground)
				t.Refresh()
			}
		})
	x.sheet.HideSeparators = true
	x.jump = widget.NewSelect(nil, func(title string) {
		if x.game != nil {
			if n, ok := x.game.SectionLine[title]; ok {
				x.sheet.ScrollTo(n)
			}
		}
	})
	x.jump.PlaceHolder = "Jump to section…"
	bottom := container.NewBorder(container.NewHBox(widget.NewLabel("Turn sheet"), x.jump), nil, nil, nil, x.sheet)

	x.status = widget.NewLabel("")
	x.hover = widget.NewLabel("")
	fit := widget.NewButtonWithIcon("Fit all", theme.ZoomFitIcon(), func() { x.mapView.FitAll() })
	imp := widget.NewButtonWithIcon("Import…", theme.FolderOpenIcon(), x.ImportDialog)
	statusBar := container.NewBorder(nil, nil, container.NewHBox(imp, fit), x.hover, x.status)

	centre := container.NewHSplit(x.mapView, right)
	centre.SetOffset(0.74)
	upper := container.NewHSplit(left, centre)
	upper.SetOffset(0.2)
	main := container.NewVSplit(upper, bottom)
	main.SetOffset(0.72)
	x.win.SetContent(container.NewBorder(nil, statusBar, nil, nil, main))
	x.win.SetMainMenu(x.menu())
	for key, f := range map[fyne.KeyName]func(){
		fyne.KeyO: x.ImportDialog, fyne.KeyE: x.ExportDialog, fyne.KeyZ: x.undoOrders,
		fyne.KeyY: x.redoOrders, fyne.KeyN: x.NextShip,
	} {
		f := f
		x.win.Canvas().AddShortcut(&desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault},
			func(fyne.Shortcut) { f() })
	}
}

func (x *App) menu() *fyne.MainMenu {
	short := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
	}
	imp := fyne.NewMenuItem("Import turn sheet…", x.ImportDialog)
	imp.Shortcut = short(fyne.KeyO)
	exp := fyne.NewMenuItem("Export orders…", x.ExportDialog)
	exp.Shortcut = short(fyne.KeyE)
	cp := fyne.NewMenuItem("Copy orders", x.CopyOrders)
	demo := fyne.NewMenuItem("Open the demo game", func() { x.LoadDemo() })
	undo := fyne.NewMenuItem("Undo", x.undoOrders)
	undo.Shortcut = short(fyne.KeyZ)
	redo := fyne.NewMenuItem("Redo", x.redoOrders)
	redo.Shortcut = short(fyne.KeyY)
	next := fyne.NewMenuItem("Next ship without orders", x.NextShip)
	next.Shortcut = short(fyne.KeyN)
	fit := fyne.NewMenuItem("Fit all", func() { x.mapView.FitAll() })
	themeItem := func(name, label string) *fyne.MenuItem {
		return fyne.NewMenuItem(label, func() {
			x.settings.Theme = name
			x.fyneApp.Settings().SetTheme(newTheme(name))
			x.saveSettings()
		})
	}
	about := fyne.NewMenuItem("About Silverfall", func() {
		dialog.ShowInformation("Silverfall", "The map-and-orders client for Darkness of Silverfall.\n\n"+
			"Settings are kept in "+x.setPathText()+".", x.win)
	})
	return fyne.NewMainMenu(
		fyne.NewMenu("File", imp, demo, fyne.NewMenuItemSeparator(), exp, cp),
		fyne.NewMenu("Orders", undo, redo, fyne.NewMenuItemSeparator(), next),
		fyne.NewMenu("View", fit, fyne.NewMenuItemSeparator(), themeItem("dark", "Dark theme"), themeItem("light", "Light theme"),
			themeItem("system", "Theme of the desktop")),
		fyne.NewMenu("Help", about),
	)
}

func (x *App) setPathText() string {
	if x.setPath == "" {
		return "memory only"
	}
	return x.setPath
}

func (x *App) treeLabel(uid string) string {
	for _, c := range x.cats {
		if c.Key == uid {
			return c.Title
		}
		for _, it := range c.Items {
			if it.Key == uid {
				return it.Label
			}
		}
	}
	return uid
}

func (x *App) refreshTree() {
	if x.tree == nil {
		return // still being built
	}
	if x.game == nil {
		x.cats = nil
	} else {
		x.cats = x.game.Tree(x.search.Text, x.filter.Selected)
	}
	x.tree.Refresh()
	if x.search.Text != "" {
		for _, c := range x.cats {
			x.tree.OpenBranch(c.Key)
		}
	}
}

// Show loads a game into the window.
func (x *App) Show(g *Game) {
	x.game = g
	x.selected = ""
	x.mapView.SetMap(g.Map)
	x.refreshTree()
	x.tree.OpenBranch("cat:ships")
	x.jump.Options = g.Sections
	x.jump.ClearSelected()
	x.sheet.Refresh()
	x.sheet.ScrollToTop()
	x.status.SetText(g.Status())
	x.title.SetText("Nothing selected")
	x.details.RemoveAll()
	x.win.SetTitle(fmt.Sprintf("Silverfall — %s, turn %d", g.K.Game, g.K.Turn))
	x.openWorkspace(g)
	state := workspace.State{}
	if x.ws != nil {
		state = x.ws.LoadState(g.K.Turn + 1)
	}
	d := draft.New(x.rules, g.K)
	if x.ws != nil {
		f, err := x.ws.LoadDraft(g.K.Turn + 1)
		if err != nil {
			dialog.ShowError(err, x.win)
		} else if f != nil {
			d.Load(f.Orders, state.OnStation)
		}
	}
	x.attachDraft(d)
	switch {
	case state.Selected != "":
		x.Select(state.Selected, "")
	case len(g.K.Fleets) > 0:
		// Start with the player's first fleet in view and described.
		x.Select(fleetKey(g.K.Fleets[0].ID), "")
	}
	if state.HasCamera {
		c := x.mapView.Camera()
		c.Target = render3d.Vec{state.Camera[0], state.Camera[1], state.Camera[2]}
		c.Distance, c.Yaw, c.Pitch = state.Camera[3], state.Camera[4], state.Pitch
		x.mapView.SetCamera(c)
	}
	if len(g.Report.Warnings) > 0 {
		var b strings.Builder
		for i, w := range g.Report.Warnings {
			if i == 8 {
				fmt.Fprintf(&b, "… and %d more\n", len(g.Report.Warnings)-i)
				break
			}
			b.WriteString(w.Error() + "\n")
		}
		dialog.ShowInformation("The turn sheet was read with warnings", b.String(), x.win)
	}
}

// Select makes key the selection everywhere: the map, the tree and the
// details. from says where the selection came from ("map", "tree", "").
func (x *App) Select(key, from string) {
	if x.game == nil {
		return
	}
	x.selected = key
	x.mapView.Select(x.game.Selection(key))
	if from == "tree" {
		if i := x.mapView.Map().Find(x.game.Selection(key).Key); i >= 0 {
			x.mapView.CentreOn(i)
		}
	}
	if from != "tree" {
		x.syncing = true
		if key == "" {
			x.tree.UnselectAll()
		} else {
			for _, c := range x.cats {
				for _, it := range c.Items {
					if it.Key == key {
						x.tree.OpenBranch(c.Key)
					}
				}
			}
			x.tree.Select(key)
			x.tree.ScrollTo(key)
		}
		x.syncing = false
	}
	x.updatePalette(key)
	x.saveView()
	title, rows := x.game.Details(key)
	x.title.SetText(title)
	x.details.RemoveAll()
	for _, r := range rows {
		l := widget.NewLabelWithStyle(r.Label, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		v := widget.NewLabel(r.Value)
		v.Wrapping = fyne.TextWrapWord
		if r.Label == "" {
			x.details.Add(v)
			continue
		}
		x.details.Add(container.NewBorder(nil, nil, l, nil, v))
	}
	x.details.Refresh()
}

// Selected is the key of the selection.
func (x *App) Selected() string { return x.selected }

// LoadDemo opens the embedded demo game.
func (x *App) LoadDemo() error {
	data, err := assets.DemoSheet(assets.DemoPlayer)
	if err != nil {
		return err
	}
	rep, err := reportparse.Parse(x.rules, "demo game", data)
	if err != nil {
		return err
	}
	g := NewGame(x.rules, rep, "demo game")
	g.Raw = data
	x.Show(g)
	return nil
}

// Load reads a turn sheet file and shows it, on the calling goroutine.
func (x *App) Load(path string) error {
	g, err := x.read(path)
	if err != nil {
		return err
	}
	x.Show(g)
	return nil
}

// read reads a turn sheet file into a game.
func (x *App) read(path string) (*Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rep, err := reportparse.Parse(x.rules, path, data)
	if err != nil {
		return nil, err
	}
	g := NewGame(x.rules, rep, path)
	g.Raw = data
	return g, nil
}

// Import reads a turn sheet in the background, with a progress dialog,
// and shows it; a bad sheet shows the reader's messages and the game
// already loaded stays.
func (x *App) Import(path string) {
	progress := dialog.NewCustomWithoutButtons("Importing "+filepath.Base(path), widget.NewProgressBarInfinite(), x.win)
	progress.Show()
	x.Background(func() {
		g, err := x.read(path)
		fyne.Do(func() {
			progress.Hide()
			if err != nil {
				x.showImportError(path, err)
				return
			}
			x.settings.LastFolder = filepath.Dir(path)
			x.saveSettings()
			x.Show(g)
		})
	})
}

func (x *App) showImportError(path string, err error) {
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
	if x.game == nil {
		what = "No game is loaded."
	}
	d := dialog.NewCustom("Cannot read "+filepath.Base(path), "Close",
		container.NewBorder(nil, widget.NewLabel(what), nil, nil, container.NewVScroll(msg)), x.win)
	d.Resize(fyne.NewSize(720, 320))
	d.Show()
}

func (x *App) saveSettings() {
	if x.setPath == "" {
		return
	}
	s := x.win.Canvas().Size()
	if s.Width > 0 && s.Height > 0 {
		x.settings.Window = WindowSettings{Width: s.Width, Height: s.Height}
	}
	if err := x.settings.Save(x.setPath); err != nil {
		x.status.SetText("settings could not be saved: " + err.Error())
	}
}

// FirstFrame delivers the time from start to the first frame of the map.
func (x *App) FirstFrame() <-chan time.Duration { return x.firstFrame }

// LastFrame is how long the last map frame took to render.
func (x *App) LastFrame() time.Duration { return x.lastFrame }

// Screenshot waits for the map's first frame, then saves the whole window
// as a PNG and calls done with the time to the first frame.
func (x *App) Screenshot(path string, done func(first time.Duration, err error)) {
	go func() {
		var first time.Duration
		select {
		case first = <-x.firstFrame:
		case <-time.After(30 * time.Second):
			done(0, errors.New("the map drew no frame in 30 s"))
			return
		}
		// Let Fyne paint the frame before the window is read back.
		time.Sleep(400 * time.Millisecond)
		fyne.DoAndWait(func() {
			// Fyne's own Capture reads the front buffer, which software GL
			// under X leaves blank; the map view reads the window itself.
			img, err := x.mapView.WindowPixels()
			if err != nil {
				done(first, err)
				return
			}
			var buf bytes.Buffer
			if err = png.Encode(&buf, img); err == nil {
				err = atomicfile.WriteFile(path, buf.Bytes(), 0o644)
			}
			done(first, err)
		})
	}()
}
