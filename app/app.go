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
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
	"silverfall/app/workspace"
	"silverfall/assets"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/internal/atomicfile"
	"silverfall/internal/plural"
	"silverfall/internal/version"
	"silverfall/render3d"
	"silverfall/reportparse"
)

// App is the Silverfall window. It wires the window's state to the panels
// that show it; each panel owns its widgets and redraws from the state.
type App struct {
	fyneApp  fyne.App
	win      fyne.Window
	rules    *rules.Rules
	settings Settings
	setPath  string // settings file; "" keeps settings in memory only
	st       *State

	mapView    *MapView
	tree       *treePanel
	details    *detailsPanel
	sheet      *sheetPanel
	orders     *ordersPanel
	text       *textPanel
	ships      *shipsPanel
	status     *statusBar
	tips       *tooltips
	rightTabs  *container.AppTabs
	bottomTabs *container.AppTabs
	form       dialog.Dialog // the order form open, if any
	files      *fileChooser  // the file dialogs, one at a time
	themeItems map[string]*fyne.MenuItem

	ws      *workspace.Workspace
	wsRoot  string
	saves   *saver
	secrets passwords

	lastCheck time.Duration

	// NativeDialogs uses the desktop's own file dialog when it can.
	NativeDialogs bool
	// Background runs slow work (reading a sheet, saving) off Fyne's thread;
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
	x := &App{fyneApp: a, rules: rules.Default(), settings: s, setPath: opt.SettingsPath, st: NewState(),
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
	x.files = newFileChooser(x.win, func() { x.status.say("A file dialog is open already: finish it first.") })
	x.build(frames)
	x.win.Resize(fyne.NewSize(s.Window.Width, s.Window.Height))
	x.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		if len(uris) > 0 {
			x.Import(uris[0].Path())
		}
	})
	x.win.SetCloseIntercept(func() {
		x.saveSettings()
		x.saver().Flush()
		x.win.Close()
	})
	if loadErr != nil {
		x.status.problem("settings", "The settings could not be read: "+loadErr.Error())
		var se *SettingsError
		if errors.As(loadErr, &se) && se.Aside == "" {
			// Not set aside (unreadable, not damaged): never overwrite it.
			x.setPath = ""
		}
	}
	return x
}

// saver is the background writer of the workspace's files.
func (x *App) saver() *saver {
	if x.saves == nil {
		x.saves = newSaver(fyne.Do, false)
	}
	return x.saves
}

// SaveInLine makes saves happen at once, on the caller's goroutine (for
// tests that look at the files right after a change).
func (x *App) SaveInLine() { x.saves = newSaver(func(f func()) { f() }, true) }

// MapOnly makes the map the window's whole content (for measuring frames
// at a given size).
func (x *App) MapOnly() { x.win.SetContent(x.mapView) }

// Window is the main window.
func (x *App) Window() fyne.Window { return x.win }

// State is the window's state.
func (x *App) State() *State { return x.st }

// Game is the game shown, or nil.
func (x *App) Game() *Game { return x.st.Game() }

// Draft is the orders being written, or nil.
func (x *App) Draft() *draft.Draft { return x.st.Draft() }

// Selected is the key of the selection.
func (x *App) Selected() string { return x.st.Selected() }

// MapView is the map widget.
func (x *App) MapView() *MapView { return x.mapView }

// Settings are the settings in use.
func (x *App) Settings() Settings { return x.settings }

func (x *App) build(frames func() (render3d.Frames, error)) {
	x.tips = newTooltips()
	x.mapView = NewMapView(x.st, frames)
	x.mapView.OnPick = x.picked
	x.mapView.OnHover = x.hovered
	x.mapView.OnFrame = func(d time.Duration) {
		x.lastFrame = d
		x.firstOnce.Do(func() { x.firstFrame <- time.Since(x.Started) })
	}

	x.tree = newTreePanel(x.st)
	x.details = newDetailsPanel(x.st, x.tips)
	x.details.newOrder = x.newOrder
	x.details.cancelStanding = func(id int) {
		if _, err := x.Draft().CancelStanding(id); err != nil {
			dialog.ShowError(err, x.win)
		}
	}
	x.orders = newOrdersPanel(x.st, x.tips)
	x.orders.edit = x.editOrder
	x.orders.next = x.NextShip
	x.orders.empire = x.empireOrders
	x.text = newTextPanel(x.st)
	x.text.focus = func(f fyne.Focusable) { x.win.Canvas().Focus(f) }
	x.sheet = newSheetPanel(x.st)
	x.ships = newShipsPanel(x.st)
	x.status = newStatusBar(x.st, x.tips)
	x.status.importButton.OnTapped = x.ImportDialog
	x.status.fitButton.OnTapped = func() { x.mapView.FitAll() }

	// The tabs share one width, so that the map keeps its size whichever
	// tab shows and whatever it holds.
	x.rightTabs = container.NewAppTabs(
		container.NewTabItem("Details", panelWidth(x.details.box)),
		container.NewTabItem("Orders", panelWidth(x.orders.box)),
		container.NewTabItem("Order text", panelWidth(x.text.box)),
	)
	x.text.visible = func() bool { return x.rightTabs.SelectedIndex() == 2 }
	x.rightTabs.OnSelected = func(*container.TabItem) { x.text.sync() }
	x.bottomTabs = container.NewAppTabs(
		container.NewTabItem("Turn sheet", x.sheet.box),
		container.NewTabItem("Ships", x.ships.box),
	)

	centre := container.NewHSplit(x.mapView, x.rightTabs)
	centre.SetOffset(0.62)
	upper := container.NewHSplit(x.tree.box, centre)
	upper.SetOffset(0.2)
	main := container.NewVSplit(upper, x.bottomTabs)
	main.SetOffset(0.72)
	x.win.SetContent(x.tips.over(container.NewBorder(nil, x.status.box, nil, nil, main)))
	x.win.SetMainMenu(x.menu())
	x.shortcuts()

	// The workspace keeps the view and the draft; each change is saved.
	x.st.Subscribe(x.keepInWorkspace)
	x.st.Subscribe(func(c Change) {
		if c.Has(ChangeGame) {
			g := x.Game()
			x.win.SetTitle(fmt.Sprintf("Silverfall — %s, player %d, turn %d", g.K.Game, g.K.Empire.Player, g.K.Turn))
		}
	})
}

// shortcuts binds the keys of the menus. Fyne turns Ctrl+Z and Ctrl+Y
// into its own undo and redo shortcuts before they reach the window, so
// those are bound as such; an entry with the focus keeps them for its text.
func (x *App) shortcuts() {
	c := x.win.Canvas()
	for key, f := range map[fyne.KeyName]func(){
		fyne.KeyO: x.ImportDialog, fyne.KeyE: x.ExportDialog, fyne.KeyN: x.NextShip,
	} {
		f := f
		c.AddShortcut(&desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { f() })
	}
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { x.undoOrders() })
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { x.redoOrders() })
	for _, k := range []fyne.KeyName{fyne.KeyZ, fyne.KeyY} {
		k := k
		// Where a driver does pass the keys on as they are.
		c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
			if k == fyne.KeyZ {
				x.undoOrders()
			} else {
				x.redoOrders()
			}
		})
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
	demo := fyne.NewMenuItem("Open the demo game", func() {
		if err := x.LoadDemo(); err != nil {
			dialog.ShowError(err, x.win)
		}
	})
	// The menu shows Ctrl+Z and Ctrl+Y; the keys themselves reach the
	// window as the toolkit's undo and redo (see shortcuts), so that an
	// entry with the cursor keeps them for its own text.
	undo := fyne.NewMenuItem("Undo", x.undoOrders)
	undo.Shortcut = short(fyne.KeyZ)
	redo := fyne.NewMenuItem("Redo", x.redoOrders)
	redo.Shortcut = short(fyne.KeyY)
	next := fyne.NewMenuItem("Next ship without orders", x.NextShip)
	next.Shortcut = short(fyne.KeyN)
	fit := fyne.NewMenuItem("Fit all", func() { x.mapView.FitAll() })
	ships := fyne.NewMenuItem("Table of my ships", func() { x.bottomTabs.SelectIndex(1) })
	x.themeItems = map[string]*fyne.MenuItem{}
	themeItem := func(name, label string) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() { x.SetTheme(name) })
		it.Checked = x.settings.Theme == name
		x.themeItems[name] = it
		return it
	}
	about := fyne.NewMenuItem("About Silverfall", func() {
		dialog.ShowInformation("Silverfall", "The map-and-orders client for Darkness of Silverfall.\n"+
			"Version "+version.String()+".\n\n"+
			"Settings are kept in "+x.setPathText()+".", x.win)
	})
	return fyne.NewMainMenu(
		fyne.NewMenu("File", append([]*fyne.MenuItem{imp, demo, fyne.NewMenuItemSeparator(), exp, cp, fyne.NewMenuItemSeparator()},
			x.mailItems()...)...),
		fyne.NewMenu("Orders", undo, redo, fyne.NewMenuItemSeparator(), next),
		fyne.NewMenu("View", fit, ships, fyne.NewMenuItemSeparator(), themeItem("dark", "Dark theme"), themeItem("light", "Light theme"),
			themeItem("system", "Theme of the desktop")),
		fyne.NewMenu("Help", x.helpItems(about)...),
	)
}

// SetTheme switches the theme ("dark", "light", "system") and marks it in
// the View menu.
func (x *App) SetTheme(name string) {
	x.settings.Theme = name
	x.fyneApp.Settings().SetTheme(newTheme(name))
	for n, it := range x.themeItems {
		it.Checked = n == name
	}
	if m := x.win.MainMenu(); m != nil {
		m.Refresh()
	}
	x.saveSettings()
}

func (x *App) setPathText() string {
	if x.setPath == "" {
		return "memory only"
	}
	return x.setPath
}

// picked is a click on the map: it selects what was clicked. A marker of
// several of the player's ships offers the fleet and each ship.
func (x *App) picked(i int, pos fyne.Position) {
	g := x.Game()
	if g == nil {
		return
	}
	if i >= 0 && i < len(g.Map.Bodies) {
		if b := &g.Map.Bodies[i]; b.Kind.IsShip() && len(b.IDs) > 1 {
			x.stackMenu(b, pos)
			return
		}
	}
	x.st.Select(g.KeyOfBody(i), "map")
}

// stackMenu lets the player pick one ship of a marker that stands for
// several.
func (x *App) stackMenu(b *render3d.Body, pos fyne.Position) {
	g := x.Game()
	var items []*fyne.MenuItem
	if key := g.KeyOfBody(g.Map.Find(render3d.ShipKey(b.IDs[0]))); strings.HasPrefix(key, "fleet:") {
		_, id := splitKey(key)
		items = append(items, fyne.NewMenuItem(fmt.Sprintf("Fleet %d (%s)", id, plural.Count(len(b.IDs), "ship")), func() { x.st.Select(key, "map") }))
	}
	for _, id := range b.IDs {
		key := shipKey(id)
		label := fmt.Sprintf("Ship %d", id)
		if s, ok := g.Ships[id]; ok {
			label = withName(fmt.Sprintf("Ship %d %s", id, typeName(g.R, s.Type)), s.Name)
		}
		items = append(items, fyne.NewMenuItem(label, func() { x.st.Select(key, "map") }))
	}
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(x.mapView).Add(pos)
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), x.win.Canvas(), abs)
}

// hovered says what is under the pointer on the map.
func (x *App) hovered(i int) {
	g := x.Game()
	if g == nil || i < 0 || i >= len(g.Map.Bodies) {
		x.status.hover.SetText("")
		return
	}
	b := g.Map.Bodies[i]
	text := fmt.Sprintf("%s at %v", b.Label, b.Loc)
	if d := x.Draft(); d != nil && b.Kind == render3d.ShipMine {
		for _, c := range d.Courses() {
			if c.Ship == b.IDs[0] && c.Fuel >= 0 {
				text += fmt.Sprintf(" · ship %d has %d fuel left after this turn's move", c.Ship, c.Fuel)
			}
		}
	}
	x.status.hover.SetText(text)
}

// Show loads a game into the window, with the draft, selection and camera
// its workspace kept.
func (x *App) Show(g *Game) {
	x.closeForm()
	x.openWorkspace(g)
	state := workspace.State{}
	if x.ws != nil {
		state = x.ws.LoadState(g.K.Turn + 1)
	}
	d := draft.New(x.rules, g.K)
	if x.ws != nil {
		f, err := x.ws.LoadDraft(g.K.Turn + 1)
		if err != nil {
			x.status.problem("draft", err.Error())
			dialog.ShowError(err, x.win)
		} else if f != nil {
			d.Load(f.Orders, f.Unread, state.OnStation)
		}
	}
	sel := state.Selected
	if _, ok := g.Location(sel); !ok && sel != "" {
		sel = "" // kept from a sheet that no longer has it
	}
	if sel == "" && len(g.K.Fleets) > 0 {
		// Start with the player's first fleet in view and described.
		sel = fleetKey(g.K.Fleets[0].ID)
	}
	var cam *render3d.Camera
	if state.HasCamera {
		c := render3d.DefaultCamera()
		c.Target = render3d.Vec{state.Camera[0], state.Camera[1], state.Camera[2]}
		c.Distance, c.Yaw, c.Pitch = state.Camera[3], state.Camera[4], state.Pitch
		if c.Valid() {
			cam = &c
		}
	}
	x.st.Show(g, d, sel, cam)
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
func (x *App) Select(key, from string) { x.st.Select(key, from) }

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
	rep, data, err := reportparse.ReadFileData(x.rules, path)
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
	if x.Game() == nil {
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
		x.status.problem("settings", "The settings could not be saved: "+err.Error())
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

// statusBar is the line under the window: what is loaded and what the
// orders leave, what is under the pointer, and problems that must stay in
// sight until dealt with (a draft that could not be saved, a settings file
// that could not be read).
type statusBar struct {
	st           *State
	text         *widget.Label
	hover        *widget.Label
	problems     map[string]string
	problemText  *widget.Label
	problemBox   *fyne.Container
	importButton *tipButton
	fitButton    *tipButton
	box          fyne.CanvasObject
	transient    string // a message shown until the next change
}

func newStatusBar(st *State, tips *tooltips) *statusBar {
	b := &statusBar{st: st, text: widget.NewLabel(""), hover: widget.NewLabel(""), problems: map[string]string{}}
	b.text.Truncation = fyne.TextTruncateEllipsis
	b.importButton = newTipButton("Import…", "Import a turn sheet: a text file or a saved e-mail (Ctrl+O)", tips, nil)
	b.importButton.Icon = theme.FolderOpenIcon()
	b.fitButton = newTipButton("Fit all", "Show the whole map (F on the map)", tips, nil)
	b.fitButton.Icon = theme.ZoomFitIcon()
	b.problemText = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	b.problemText.Importance = widget.DangerImportance
	b.problemText.Wrapping = fyne.TextWrapWord
	dismiss := widget.NewButtonWithIcon("", theme.CancelIcon(), func() {
		b.problems = map[string]string{}
		b.showProblems()
	})
	b.problemBox = container.NewBorder(nil, nil, widget.NewIcon(theme.NewErrorThemedResource(theme.ErrorIcon())), dismiss, b.problemText)
	b.problemBox.Hide()
	line := container.NewBorder(nil, nil, container.NewHBox(b.importButton, b.fitButton), b.hover, b.text)
	b.box = container.NewVBox(b.problemBox, line)
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame | ChangeOrders) {
			b.transient = ""
			b.refresh()
		}
	})
	return b
}

// say shows a message in the status line until the next change.
func (b *statusBar) say(s string) {
	b.transient = s
	b.refresh()
}

func (b *statusBar) refresh() {
	if b.transient != "" {
		b.text.SetText(b.transient)
		return
	}
	g, d := b.st.Game(), b.st.Draft()
	if g == nil {
		b.text.SetText("No game loaded")
		return
	}
	s := g.Status()
	if d != nil && len(d.Orders()) > 0 {
		left := d.CreditsLeft()
		s += " · after these orders " + turnsheet.Grouped(left.Certain)
		if left.Sales > 0 {
			s += fmt.Sprintf(" (%s with this turn's sales)", turnsheet.Grouped(left.Certain+left.Sales))
		}
	}
	b.text.SetText(s)
}

// problem shows a problem until it is solved or dismissed; an empty text
// clears the problem of that kind.
func (b *statusBar) problem(kind, text string) {
	if text == "" {
		delete(b.problems, kind)
	} else {
		b.problems[kind] = text
	}
	b.showProblems()
}

func (b *statusBar) showProblems() {
	var all []string
	for _, k := range []string{"settings", "draft", "view", "workspace", "export"} {
		if t := b.problems[k]; t != "" {
			all = append(all, t)
		}
	}
	b.problemText.SetText(strings.Join(all, "\n"))
	if len(all) == 0 {
		b.problemBox.Hide()
	} else {
		b.problemBox.Show()
	}
}

// Problems are the problems shown, for tests.
func (b *statusBar) Problems() string { return b.problemText.Text }

// Text is the status line.
func (b *statusBar) Text() string { return b.text.Text }

// rightPanelWidth is the width of the right-hand panel's tabs.
const rightPanelWidth = 400

// panelWidth gives a tab's content the panel's width as its smallest:
// wider contents are laid out to it rather than widening the panel.
func panelWidth(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(fixedWidth{rightPanelWidth}, o)
}

type fixedWidth struct{ w float32 }

func (l fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(l.w, h)
}

func (l fixedWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}
