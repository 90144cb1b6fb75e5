package app

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"

	"silverfall/app/workspace"
	"silverfall/assets"
	"silverfall/engine/notes"
	"silverfall/engine/rules"
	"silverfall/internal/atomicfile"
	"silverfall/internal/version"
	"silverfall/render3d"
)

// App is the Silverfall window. It only wires: it builds the panels and
// the types that do the window's work, hands them the one State, and
// binds the menus, keys and layout to them. A new feature is a new type
// that talks to the window through the State, not a method here.
type App struct {
	fyneApp  fyne.App
	win      fyne.Window
	rules    *rules.Rules
	settings Settings
	setPath  string // settings file; "" keeps settings in memory only
	st       *State

	mapView    *MapView
	mapStack   *fyne.Container // the map with its markers and ruler, in the panes
	tree       *treePanel
	details    *detailsPanel
	sheet      *sheetPanel
	orders     *ordersPanel
	text       *textPanel
	ships      *shipsPanel
	thisTurn   *thisTurnView
	search     *searchView
	tables     *csvTables // the tables' CSV export
	plots      *plotsView
	notesV     *notesView
	markers    *markersView
	status     *statusBar
	tips       *tooltips
	rightTabs  *container.AppTabs
	bottomTabs *container.AppTabs
	splits     [3]*container.Split
	panes      *panes
	files      *fileChooser // the file dialogs, one at a time
	themeItems map[string]*fyne.MenuItem

	desk    *orderDesk
	keep    *keeper
	open    *opener
	export  *exporter
	clicks  *mapClicks
	mailing *mailView
	turns   *turnSteps
	allyIn  *allyImporter // File > Import an ally's sheet…
	alliesV *alliesView   // View > Allies' sheets…
	fc      *forecaster
	notes   *notebook
	ruler   *ruler
	rulerV  *rulerView
	combat  *combatView // View > Combat simulator here… (Ctrl+B)
	route   *routeView  // View > Plan a route… (Ctrl+J)
	plans   *standingPlans

	practice *practiceView // practice games: New, Continue, End turn
	setups   *setupView    // File > New game set-up…

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
	x.keep = &keeper{st: x.st, saves: newSaver(fyne.Do, false)}
	switch {
	case opt.Workspaces == "-":
	case opt.Workspaces != "":
		x.keep.root = opt.Workspaces
	case s.Workspaces != "":
		x.keep.root = s.Workspaces
	default:
		x.keep.root, _ = workspace.DefaultRoot()
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
	x.mailing = newMailView(x)
	const busy = "A file dialog is open already: finish it first."
	x.files = newFileChooser(x.win, func() { x.status.say(busy) })
	x.files.free = func() { x.status.unsay(busy) }
	x.build(frames)
	x.win.Resize(fyne.NewSize(s.Window.Width, s.Window.Height))
	x.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) {
		if len(uris) > 0 {
			x.open.Import(uris[0].Path())
		}
	})
	x.win.SetCloseIntercept(x.Close)
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

// Close saves the settings, finishes the saves under way and closes the
// window, as the window's close button does. Call it on the window's
// thread.
func (x *App) Close() {
	x.SaveAll()
	x.win.Close()
}

// SaveAll saves the settings (the window's size and layout) and waits for
// the saves under way. The program calls it once the window's loop has
// ended, however it ended: the close button, the menu's Quit, or a signal
// (which Fyne turns into a Quit that closes no window).
func (x *App) SaveAll() {
	x.saveSettings()
	x.keep.saves.Flush()
}

// SaveInLine makes saves happen at once, on the caller's goroutine (for
// tests that look at the files right after a change).
func (x *App) SaveInLine() { x.keep.saves = newSaver(func(f func()) { f() }, true) }

// MapOnly makes the map the window's whole content (for measuring frames
// at a given size). It leaves the panes, whose layout would otherwise
// keep giving it the size of its place there.
func (x *App) MapOnly() {
	x.mapStack.Remove(x.mapView)
	x.win.SetContent(x.mapView)
}

// Window is the main window.
func (x *App) Window() fyne.Window { return x.win }

// State is the window's state.
func (x *App) State() *State { return x.st }

// MapView is the map widget.
func (x *App) MapView() *MapView { return x.mapView }

// Settings are the settings in use.
func (x *App) Settings() Settings { return x.settings }

func (x *App) build(frames func() (render3d.Frames, error)) {
	x.tips = newTooltips()
	x.mapView = NewMapView(x.st, frames)
	x.mapView.OnFrame = func(d time.Duration) {
		x.lastFrame = d
		x.firstOnce.Do(func() { x.firstFrame <- time.Since(x.Started) })
		x.turns.framed()
	}
	x.status = newStatusBar(x.st, x.tips)
	x.keep.status = x.status
	x.notes = newNotebook(x.st, func(s string) { x.status.problem("notes", s) }, x.status.say)
	x.keep.notes = x.notes
	x.keep.kept = func(g *Game, path string) {
		if g.Source == demoSource {
			path = "" // a start with no sheet to reopen opens the demo
		}
		if x.settings.LastSheet != path {
			x.settings.LastSheet = path // the next start opens this game again
			x.saveSettings()
		}
	}
	x.desk = &orderDesk{st: x.st, win: x.win, picker: x.mapView, tips: x.tips}
	x.open = &opener{st: x.st, rules: x.rules, win: x.win, keep: x.keep, desk: x.desk, status: x.status,
		background: func(f func()) { x.Background(f) },
		imported: func(folder string) {
			x.settings.LastFolder = folder
			x.saveSettings()
		}}
	x.export = &exporter{st: x.st, win: x.win, keep: x.keep, status: x.status, clipboard: x.fyneApp.Clipboard(),
		folder: func() string { return x.settings.LastFolder },
		native: func() bool { return x.NativeDialogs }, files: x.files,
		practice: func() bool { return x.practice.Shown() != nil }}
	x.practice = newPracticeView(x)
	x.setups = newSetupView(x)
	x.allyIn, x.alliesV = newAllyImporter(x), newAlliesView(x.st, x.win)
	alliesChanged := func() {
		x.alliesV.reload()
		x.turns.alliesChanged()
	}
	x.allyIn.kept, x.alliesV.removed, x.mailing.allies = alliesChanged, func() { x.turns.alliesChanged() }, alliesChanged
	x.status.addButton(x.practice.button)
	x.clicks = &mapClicks{st: x.st, win: x.win, view: x.mapView}
	x.fc = newForecaster(x.st, func(f func()) { x.Background(f) }, fyne.Do)
	x.ruler = &ruler{st: x.st, view: x.mapView}
	x.plans = newStandingPlans(x.st, func(s string) { x.status.problem("plans", s) }, x.status.say)
	x.route = newRouteView(x.st, x.fyneApp, x.mapView, x.plans)
	x.rulerV = newRulerView(x.st)
	x.mapView.OnPick = x.clicks.picked
	x.st.OnSwitch(x.mapView.CancelPick) // a pick (the ruler's) is of the game left
	x.panels()
	frame := container.NewBorder(nil, x.status.box, nil, nil, x.layout())
	x.status.relayout = func() { frame.Layout.Layout(frame.Objects, frame.Size()) }
	x.win.SetContent(x.tips.over(frame))
	x.win.SetMainMenu(keyGate{x.win.Canvas()}.menu(x.turns.inMenu(x.menu())))
	x.shortcuts()
	x.st.Subscribe(x.keep.changed)
	titleFollows(x.st, x.win)
}

// titleFollows keeps the window's title naming the game and turn shown.
func titleFollows(st *State, win fyne.Window) {
	st.Subscribe(func(c Change) {
		if c.Has(ChangeGame) {
			g := st.Game()
			win.SetTitle(fmt.Sprintf("Silverfall — %s, player %d, turn %d", g.K.Game, g.K.Empire.Player, g.K.Turn))
		}
	})
}

// panels makes the panels around the map and wires their buttons to the
// types that do the work.
func (x *App) panels() {
	x.tree = newTreePanel(x.st, x.tips)
	x.details = newDetailsPanel(x.st, x.tips)
	x.details.newOrder = x.desk.New
	x.combat = newCombatView(x.st, x.fyneApp, func(f func()) { x.Background(f) }, fyne.Do)
	x.details.simulate = x.combat.Open
	x.details.cancelStanding = func(id int) {
		if _, err := x.st.Draft().CancelStanding(id); err != nil {
			showError(err, x.win)
		}
	}
	x.orders = newOrdersPanel(x.st, x.tips)
	x.orders.edit = x.desk.Edit
	x.orders.next = x.nextShip
	x.orders.empire = x.desk.Empire
	x.orders.fromPlan, x.orders.cancelPlan = x.plans.From, x.plans.Cancel
	x.text = newTextPanel(x.st)
	x.text.focus = func(f fyne.Focusable) { x.win.Canvas().Focus(f) }
	x.sheet = newSheetPanel(x.st)
	x.ships = newShipsPanel(x.st)
	x.turns = newTurnSteps(x.st, x.rules, x.status, func(f func()) { x.Background(f) })
	x.turns.leave = x.desk.Close
	x.turns.refreshMenu = func() { refreshMenu(x.win) }
	x.turns.sightings = !x.settings.View.HideAllySightings
	x.turns.sightingsSet = func(on bool) {
		x.settings.View.HideAllySightings = !on
		x.saveSettings()
	}
	x.status.importButton.OnTapped = x.ImportDialog
	x.tables = &csvTables{st: x.st, win: x.win, files: x.files, native: func() bool { return x.NativeDialogs },
		folder: func() string { return x.settings.LastFolder }, say: x.status.say}
	x.search = newSearchView(x.st)
	x.search.focus, x.search.unfocus = x.win.Canvas().Focus, x.win.Canvas().Unfocus
	x.search.withExport(x.tables.button("search results", x.search.csv))
	x.status.fitButton.OnTapped = func() { x.mapView.FitAll() }
}

// layout places the panels round the map (see panes).
func (x *App) layout() fyne.CanvasObject {
	// The tabs share one width, so that the map keeps its size whichever
	// tab shows and whatever it holds (steadyTabs); the object's panels
	// are made for that width (what is wider is cut, not scrolled).
	// Notes sits with the object's panels: the turn's column has room for
	// five tabs' names at 1280 wide, not six.
	x.notesV = newNotesView(x.st, x.notes, x.win)
	x.rightTabs = steadyTabs(container.NewAppTabs(
		container.NewTabItem("Details", panelWidth(x.details.box)),
		container.NewTabItem("Orders", panelWidth(x.tables.under(x.orders.box, "orders", x.orders.csv))),
		container.NewTabItem("Order text", panelWidth(x.text.box)),
		container.NewTabItem("Notes", panelWidth(x.notesV.box)),
	))
	x.text.visible = func() bool { return x.st.Tab() == TabText }
	x.rightTabs.OnSelected = func(*container.TabItem) { x.st.ShowTab(Tab(x.rightTabs.SelectedIndex())) }
	x.st.Subscribe(func(c Change) {
		if c.Has(ChangeTab) && x.rightTabs.SelectedIndex() != int(x.st.Tab()) {
			x.rightTabs.SelectIndex(int(x.st.Tab()))
		}
		if c.Has(ChangeTab) {
			x.text.sync()
		}
	})
	x.thisTurn = newThisTurnView(x.st, x.rules, func(f func()) { x.Background(f) })
	x.plots = newPlotsView(x.st, x.rules, x.win, x.files, func(f func()) { x.Background(f) })
	x.plots.native, x.plots.folder, x.plots.say = func() bool { return x.NativeDialogs }, func() string { return x.settings.LastFolder }, x.status.say
	x.details.notes.add = func(e notes.Entry) { x.notesV.Add(e) }
	x.details.notes.edit = x.notesV.EditEntry
	x.markers = newMarkersView(x.st)
	x.thisTurn.reminders.dealt = x.notes.Dealt
	x.thisTurn.withRows(x.plans.box)
	x.bottomTabs = steadyTabs(container.NewAppTabs(
		container.NewTabItem("Sheet", x.sheet.box),
		container.NewTabItem("Ships", x.tables.under(x.ships.box, "ships", x.ships.csv)),
		container.NewTabItem("This turn", x.tables.under(x.thisTurn.box, "changes", x.thisTurn.csv)),
		container.NewTabItem("Plots", container.NewScroll(x.plots.box)), // scrolls in a narrow or short pane
		container.NewTabItem("Find", x.search.box),                      // as Ctrl+F and its bar say
	))
	x.search.show = func() { x.bottomTabs.SelectIndex(4) }
	x.mapStack = container.NewStack(x.mapView, x.markers.box, x.rulerV.box)
	x.panes = newPanes(x.tree.box, x.turns.over(x.mapStack), x.rightTabs, x.bottomTabs, x.settings.Window.Splits)
	x.splits = x.panes.splits
	return x.panes.body
}

// nextShip walks to the next ship without a battle/movement order.
func (x *App) nextShip() {
	if !nextShip(x.st) && x.st.Draft() != nil {
		x.status.say("Every ship has a battle/movement order or is on station.")
	}
}

// shortcuts binds the keys of the menus. Fyne turns Ctrl+Z and Ctrl+Y
// into its own undo and redo shortcuts before they reach the window, so
// those are bound as such; an entry with the focus keeps them for its text.
func (x *App) shortcuts() {
	c := x.win.Canvas()
	gate := keyGate{c} // no key but Quit acts while a dialog or menu is shown
	x.st.setMapKeys(gate.mapKeys(x.mapView.WindowKey))
	for key, f := range map[fyne.KeyName]func(){
		fyne.KeyO: x.ImportDialog, fyne.KeyE: x.export.Dialog, fyne.KeyN: x.nextShip, fyne.KeyT: x.practice.EndTurn,
		fyne.KeyR: x.ruler.Toggle, fyne.KeyM: x.panes.ToggleMap, fyne.KeyQ: x.Close, fyne.KeyF: x.search.Focus,
		fyne.KeyB: x.combat.OpenSelected, fyne.KeyJ: x.route.OpenSelected,
	} {
		if key != fyne.KeyQ {
			f = gate.hold(f)
		}
		c.AddShortcut(&desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { f() })
	}
	if dc, ok := c.(desktop.Canvas); ok {
		// The map's keys work wherever the keyboard is, but in text.
		dc.SetOnKeyDown(func(e *fyne.KeyEvent) {
			if e.Name == fyne.KeyEscape {
				return
			}
			x.st.MapKey(e, c.Focused())
		})
	}
	x.turns.shortcuts(c, gate.hold)
	undo, redo := gate.hold(x.st.Undo), gate.hold(x.st.Redo)
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { undo() })
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { redo() })
	for _, k := range []fyne.KeyName{fyne.KeyZ, fyne.KeyY} {
		k := k
		// Where a driver does pass the keys on as they are.
		c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) {
			if k == fyne.KeyZ {
				undo()
			} else {
				redo()
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
	exp := fyne.NewMenuItem("Export orders…", x.export.Dialog)
	exp.Shortcut = short(fyne.KeyE)
	cp := fyne.NewMenuItem("Copy orders", x.export.Copy)
	// Fyne adds a Quit of its own, without a key, unless the menu has one.
	quit := fyne.NewMenuItem("Quit", x.Close)
	quit.IsQuit, quit.Shortcut = true, short(fyne.KeyQ)
	demo := fyne.NewMenuItem("Open the demo game", func() {
		if err := x.open.LoadDemo(); err != nil {
			showError(err, x.win)
		}
	})
	fit := fyne.NewMenuItem("Fit all", func() { x.mapView.FitAll() })
	whole := fyne.NewMenuItem("Map only (again: the panels back)", x.panes.ToggleMap)
	whole.Shortcut = short(fyne.KeyM)
	x.panes.Toggled = func(on bool) {
		whole.Checked = on
		refreshMenu(x.win)
	}
	ships := fyne.NewMenuItem("Table of my ships", func() { x.bottomTabs.SelectIndex(1) })
	changed := fyne.NewMenuItem("What changed this turn", func() { x.bottomTabs.SelectIndex(2) })
	plotted := fyne.NewMenuItem("Plots over the turns", func() { x.bottomTabs.SelectIndex(3) })
	find := fyne.NewMenuItem("Search what I know…", x.search.Focus)
	find.Shortcut = short(fyne.KeyF)
	noted := fyne.NewMenuItem("Notes, markers and reminders", func() { x.st.ShowTab(TabNotes) })
	measure := fyne.NewMenuItem("Ruler (click two places; again to take it away)", x.ruler.Toggle)
	measure.Shortcut = short(fyne.KeyR)
	simulate := fyne.NewMenuItem("Combat simulator here…", x.combat.OpenSelected)
	simulate.Shortcut = short(fyne.KeyB)
	plan := fyne.NewMenuItem("Plan a route…", x.route.OpenSelected)
	plan.Shortcut = short(fyne.KeyJ)
	x.themeItems = map[string]*fyne.MenuItem{}
	themeItem := func(name, label string) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() { x.SetTheme(name) })
		it.Checked = x.settings.Theme == name
		x.themeItems[name] = it
		return it
	}
	about := fyne.NewMenuItem("About Silverfall", func() {
		showInfo("Silverfall", "The map-and-orders client for Darkness of Silverfall.\n"+
			"Version "+version.String()+".\n\n"+
			"Settings are kept in "+x.setPathText()+".", x.win)
	})
	return fyne.NewMainMenu(
		fyne.NewMenu("File", append(append([]*fyne.MenuItem{imp, x.allyIn.item(), demo, fyne.NewMenuItemSeparator(), x.setups.item()}, x.practice.items()...),
			append(append([]*fyne.MenuItem{fyne.NewMenuItemSeparator(), exp, cp, fyne.NewMenuItemSeparator()}, x.mailing.items()...),
				fyne.NewMenuItemSeparator(), quit)...)...),
		x.ordersMenu(short),
		fyne.NewMenu("View", fit, whole, ships, changed, plotted, find, noted, measure, simulate, plan, x.alliesV.item(), fyne.NewMenuItemSeparator(), themeItem("dark", "Dark theme"), themeItem("light", "Light theme"),
			themeItem("system", "Theme of the desktop")),
		fyne.NewMenu("Help", (&helpWindows{fyneApp: x.fyneApp, rules: x.rules}).items(about)...),
	)
}

// ordersMenu is the Orders menu: Undo, Redo and Next ship, enabled as the
// Orders tab's buttons are. The menu shows Ctrl+Z and Ctrl+Y; the keys
// themselves reach the window as the toolkit's undo and redo (see
// shortcuts), so that an entry with the cursor keeps them for its text.
func (x *App) ordersMenu(short func(fyne.KeyName) fyne.Shortcut) *fyne.Menu {
	undo := fyne.NewMenuItem("Undo", x.st.Undo)
	undo.Shortcut = short(fyne.KeyZ)
	redo := fyne.NewMenuItem("Redo", x.st.Redo)
	redo.Shortcut = short(fyne.KeyY)
	next := fyne.NewMenuItem("Next ship without orders", x.nextShip)
	next.Shortcut = short(fyne.KeyN)
	x.orders.inMenu(undo, redo, next, func() { refreshMenu(x.win) })
	return fyne.NewMenu("Orders", undo, redo, fyne.NewMenuItemSeparator(), next)
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

func (x *App) saveSettings() {
	if x.setPath == "" {
		return
	}
	s := x.win.Canvas().Size()
	if s.Width > 0 && s.Height > 0 {
		x.settings.Window.Width, x.settings.Window.Height = s.Width, s.Height
	}
	for i, sp := range x.splits {
		if sp != nil {
			x.settings.Window.Splits[i] = sp.Offset
		}
	}
	if err := x.settings.Save(x.setPath); err != nil {
		x.status.problem("settings", "The settings could not be saved: "+err.Error())
	}
}

// Show makes g the game shown, with the draft, selection and camera its
// workspace kept.
func (x *App) Show(g *Game) { x.open.Show(g) }

// Reopen opens the game shown last, from its sheet at path; a practice
// game carried on outside the window since opens at its newest turn.
func (x *App) Reopen(path string) error { return x.practice.reopen(path) }

// LoadDemo opens the embedded demo game.
func (x *App) LoadDemo() error { return x.open.LoadDemo() }

// Load reads a turn sheet file and shows it, on the calling goroutine.
func (x *App) Load(path string) error { return x.open.Load(path) }

// Import reads a turn sheet in the background and shows it; a sheet that
// cannot be read is reported and the game shown stays.
func (x *App) Import(path string) { x.open.Import(path) }

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

// refreshMenu redraws the window's main menu, once it has one.
func refreshMenu(w fyne.Window) {
	if m := w.MainMenu(); m != nil {
		m.Refresh()
	}
}

// rightPanelWidth is the width of the right-hand panel's tabs: the names
// of the turn's five tabs (Sheet, Ships, This turn, Plots, Find) take
// about 300 of it, with room to spare for a font a little wider.
const rightPanelWidth = 320

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
