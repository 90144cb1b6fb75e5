package app

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/practice"
	"silverfall/app/workspace"
	"silverfall/engine/ai"
	"silverfall/engine/rules"
	"silverfall/internal/atomicfile"
	"silverfall/internal/plural"
	"silverfall/orderwriter"
)

// practiceView is the window's practice games: File > New practice game,
// Continue practice game and End turn, and a button in the status line
// that ends the turn of a practice game shown, or offers one while the
// demo shows. The games themselves are app/practice's; the view asks,
// runs the turn off Fyne's thread and shows the new sheet through the
// opener.
type practiceView struct {
	st     *State
	rules  *rules.Rules
	win    fyne.Window
	open   *opener
	status *statusBar
	// root is the workspaces' folder ("" when nothing is kept: no
	// practice games then); background runs slow work off Fyne's thread;
	// ask asks, when the orders have errors, whether to go on.
	root       func() string
	background func(func())
	ask        func(what string, then func())
	// flush waits for the saves under way (before a game's folder goes).
	flush func()

	shown   *practice.Game // the practice game shown, nil for any other
	running bool           // a turn is being carried out
	// why says why the turn shown cannot be ended ("" when it can): an
	// earlier turn is shown, or a sheet older than the game's last turn.
	why     string
	button  *tipButton
	endItem *fyne.MenuItem
	// setupChoice is the last New dialog's choice of the player's set-up.
	setupChoice *practiceSetup
	// ended is told how long each End turn took, from the click to the new
	// sheet shown (for measuring).
	ended func(time.Duration)
}

func newPracticeView(x *App) *practiceView {
	v := &practiceView{st: x.st, rules: x.rules, win: x.win, open: x.open, status: x.status,
		root:       func() string { return x.keep.root },
		background: func(f func()) { x.Background(f) },
		ask:        x.export.askBeforeSending,
		flush:      func() { x.keep.saves.Flush() }}
	v.button = newTipButton("End turn", endTurnTip, x.tips, v.buttonTapped)
	v.button.Icon = theme.MediaSkipNextIcon()
	v.button.Importance = widget.HighImportance
	v.button.Hide()
	v.endItem = fyne.NewMenuItem("End turn", v.EndTurn)
	v.endItem.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyT, Modifier: fyne.KeyModifierShortcutDefault}
	v.endItem.Disabled = true
	x.st.Subscribe(v.changed)
	return v
}

// items are the File menu's practice entries.
func (v *practiceView) items() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("New practice game…", v.NewDialog),
		fyne.NewMenuItem("Continue practice game…", v.ContinueDialog),
		v.endItem,
	}
}

// Shown is the practice game shown, or nil.
func (v *practiceView) Shown() *practice.Game { return v.shown }

// changed finds out, for a new game shown, whether it is a practice game.
func (v *practiceView) changed(c Change) {
	if !c.Has(ChangeGame) {
		return
	}
	v.shown = nil
	if g := v.st.Game(); g != nil && g.Source != demoSource {
		v.shown = practice.Of(v.root(), g.K.Game, g.K.Empire.Player, g.K.Turn, g.Raw)
	}
	v.why = v.cannotEnd()
	v.sync()
}

// endTurnTip is what the End turn button does.
const endTurnTip = "Carry out the turn with these orders; the computer empires play theirs (Ctrl+T)"

// cannotEnd says why the practice turn shown cannot be ended, "" when it
// can: only the game's last turn takes orders.
func (v *practiceView) cannotEnd() string {
	g := v.st.Game()
	if v.shown == nil || g == nil {
		return ""
	}
	if v.st.Earlier() {
		return fmt.Sprintf("turn %d is an earlier turn, read-only: go back to the current turn (Alt+End) to end it", g.K.Turn)
	}
	if now, err := practice.Read(v.shown.Dir); err == nil && now.Turn != g.K.Turn {
		return fmt.Sprintf("this is the sheet of turn %d; the game is at turn %d: open its newest sheet (File > Continue practice game) to end that turn", g.K.Turn, now.Turn)
	}
	return ""
}

// sync shows the button as the game shown asks: End turn for a practice
// game, the offer of one beside the demo, nothing for a game of one's own.
func (v *practiceView) sync() {
	g := v.st.Game()
	switch {
	case v.shown != nil:
		v.button.SetText("End turn")
		v.button.tip = endTurnTip
		if v.why != "" {
			v.button.tip = "End turn: " + v.why
		}
		v.button.Icon = theme.MediaSkipNextIcon()
		v.button.Show()
	case (g == nil || g.Source == demoSource) && v.root() != "":
		v.button.SetText("Practice")
		v.button.tip = "Start a game of your own against computer empires: the turns are carried out here, no moderator needed"
		v.button.Icon = theme.MediaPlayIcon()
		v.button.Show()
	default:
		v.button.Hide()
	}
	if v.running || (v.shown != nil && v.why != "") {
		v.button.Disable()
	} else {
		v.button.Enable()
	}
	v.button.Refresh()
	if disabled := v.shown == nil || v.running || v.why != ""; disabled != v.endItem.Disabled {
		v.endItem.Disabled = disabled
		if m := v.win.MainMenu(); m != nil {
			m.Refresh()
		}
	}
}

func (v *practiceView) buttonTapped() {
	if v.shown != nil {
		v.EndTurn()
	} else {
		v.NewDialog()
	}
}

// NewDialog asks for a new practice game's empires, seed and computer
// level, and starts it.
func (v *practiceView) NewDialog() {
	if v.root() == "" {
		showInfo("No practice games", "Silverfall keeps no games in this run, so a practice game has nowhere to live.", v.win)
		return
	}
	var counts []string
	for n := 2; n <= v.rules.Game.MaxPlayers; n++ {
		counts = append(counts, strconv.Itoa(n))
	}
	players := widget.NewSelect(counts, nil)
	mine := widget.NewSelect(nil, nil)
	players.OnChanged = func(s string) {
		n, _ := strconv.Atoi(s)
		var opts []string
		for p := 1; p <= n; p++ {
			opts = append(opts, strconv.Itoa(p))
		}
		mine.SetOptions(opts)
		if p, _ := strconv.Atoi(mine.Selected); p < 1 || p > n {
			mine.SetSelected("1")
		}
	}
	players.SetSelected(strconv.Itoa(practice.DefaultPlayers))
	mine.SetSelected("1")
	seed := practiceSeedEntry()
	mySetup := newPracticeSetup(v.win, v.rules)
	v.setupChoice = mySetup
	level := widget.NewSelect(ai.LevelNames(), nil)
	level.SetSelected("normal")
	note := widget.NewLabel("Every other empire is played by the computer. The game is kept with your other games and can be continued later (File > Continue practice game).")
	note.Wrapping = fyne.TextWrapWord
	items := []*widget.FormItem{
		widget.NewFormItem("Empires", players),
		widget.NewFormItem("Yours", mine),
		widget.NewFormItem("Seed", seed),
		widget.NewFormItem("Computer level", level),
		mySetup.item,
		widget.NewFormItem("", note),
	}
	items[2].HintText = "the same seed makes the same galaxy"
	d := dialog.NewForm("New practice game", "Start", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		n, _ := strconv.Atoi(players.Selected)
		p, _ := strconv.Atoi(mine.Selected)
		s, _ := strconv.ParseInt(seed.Text, 10, 64)
		v.start(practice.Options{Players: n, Player: p, Seed: s, Level: level.Selected, Setup: mySetup.chosen})
	}, v.win)
	seed.OnSubmitted = func(string) { d.Submit() }
	seed.onEscape = d.Hide
	d.Resize(fyne.NewSize(560, 420))
	d.Show()
	v.win.Canvas().Focus(seed)
}

// start makes the practice game and shows its first sheet.
func (v *practiceView) start(o practice.Options) {
	root := v.root()
	v.status.hold("Making the galaxy…")
	v.background(func() {
		g, err := practice.New(root, o)
		var game *Game
		if err == nil {
			game, err = v.open.read(g.Sheet())
		}
		fyne.Do(func() {
			if err != nil {
				v.status.say("")
				showError(fmt.Errorf("The practice game could not be made: %v", err), v.win)
				return
			}
			v.open.Show(game)
			v.status.say(fmt.Sprintf("%s: you are player %d of %d. Give your orders, then End turn (Ctrl+T).", g.Name, g.Player, g.Players))
		})
	})
}

// ContinueDialog lists the practice games and opens the newest sheet of
// the one chosen.
func (v *practiceView) ContinueDialog() {
	games, err := practice.List(v.root())
	if err != nil {
		showError(err, v.win)
		return
	}
	if len(games) == 0 {
		confirm(v.win, "No practice games yet", "Start one?", func(ok bool) {
			if ok {
				v.NewDialog()
			}
		})
		return
	}
	chosen := 0
	keys := &dialogKeys{}
	list := newDialogList(keys, func() int { return len(games) },
		func() fyne.CanvasObject {
			return widget.NewLabel("Practice 000000, turn 000 · player 00 of 00 · normal")
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			g := games[i]
			o.(*widget.Label).SetText(fmt.Sprintf("%s, turn %d · player %d of %d · computer %s", g.Name, g.Turn, g.Player, g.Players, g.Level))
		})
	list.OnSelected = func(i widget.ListItemID) { chosen = i }
	list.Select(0)
	var d *dialog.ConfirmDialog
	remove := widget.NewButtonWithIcon("Remove…", theme.DeleteIcon(), func() {
		d.Hide()
		v.removeDialog(games[chosen])
	})
	content := container.NewBorder(nil, container.NewHBox(remove), nil, nil, container.NewGridWrap(fyne.NewSize(460, 240), list))
	d = dialog.NewCustomConfirm("Continue practice game", "Open", "Cancel", container.NewStack(keys, content),
		func(ok bool) {
			if ok {
				v.continueGame(games[chosen])
			}
		}, v.win)
	keys.yes, keys.no = d.Confirm, d.Dismiss // Enter opens, Esc cancels
	d.Show()
	v.win.Canvas().Focus(keys)
}

// removeDialog asks before removing practice game g for good, then
// removes it (the demo shows in its place if it was shown) and lists the
// games again.
func (v *practiceView) removeDialog(g *practice.Game) {
	text := fmt.Sprintf("Remove %s (turn %d, player %d of %d) for good, with its sheets and your orders? This cannot be undone.",
		g.Name, g.Turn, g.Player, g.Players)
	confirmDanger(v.win, "Remove a practice game", text, "Remove", func(ok bool) {
		if !ok {
			v.ContinueDialog()
			return
		}
		if v.shown != nil && filepath.Clean(v.shown.Dir) == filepath.Clean(g.Dir) {
			// Its workspace must not be written again once it is gone.
			if err := v.open.LoadDemo(); err != nil {
				showError(err, v.win)
				return
			}
		}
		v.flush()
		if err := practice.Remove(v.root(), g); err != nil {
			showError(fmt.Errorf("The practice game was not removed: %v", err), v.win)
			return
		}
		v.status.say(g.Name + " removed.")
		v.ContinueDialog()
	})
}

// continueGame opens the game's newest sheet, as the player left it.
func (v *practiceView) continueGame(g *practice.Game) {
	v.background(func() {
		game, err := v.open.read(g.Sheet())
		fyne.Do(func() {
			if err != nil {
				v.open.showError(g.Sheet(), err)
				return
			}
			v.open.Show(game)
		})
	})
}

// reopen opens the sheet at path, the game shown last. A practice game
// carried on since outside the window (sfhost turn on its folder) opens at
// its newest turn, with the sheets between kept in its workspace, so that
// the turn bar steps through them.
func (v *practiceView) reopen(path string) error {
	g, err := v.open.read(path)
	if err != nil {
		return err
	}
	if newer := v.newest(g); newer != nil {
		g = newer
	}
	v.open.Show(g)
	v.open.budget.settle()
	return nil
}

// newest is the newest sheet of the practice game whose older sheet g is,
// or nil when g is no practice game's or is its newest.
func (v *practiceView) newest(g *Game) *Game {
	root := v.root()
	p := practice.Of(root, g.K.Game, g.K.Empire.Player, g.K.Turn, g.Raw)
	if p == nil || p.Turn <= g.K.Turn {
		return nil
	}
	newest, err := v.open.read(p.Sheet())
	if err != nil {
		return nil // the sheet opened last still opens
	}
	if ws, err := workspace.Open(root, g.K.Game, g.K.Empire.Player); err == nil {
		for t := g.K.Turn + 1; t < p.Turn; t++ {
			if data, err := os.ReadFile(p.SheetPath(t)); err == nil {
				_, _, _ = ws.AddReport(t, data) // a turn missing from the bar, no more
			}
		}
	}
	return newest
}

// EndTurn carries out the turn of the practice game shown with the
// draft's orders (asking first when they have errors), off Fyne's thread,
// and shows the new sheet.
func (v *practiceView) EndTurn() {
	g, p := v.st.Game(), v.shown
	if p == nil || v.running || v.st.Draft() == nil {
		return
	}
	if v.why != "" {
		v.status.say("End turn: " + v.why + ".")
		return
	}
	now, err := practice.Read(p.Dir)
	if err != nil {
		showError(err, v.win)
		return
	}
	if now.Turn != g.K.Turn {
		confirm(v.win, "An older turn", fmt.Sprintf("This is the sheet of turn %d; the game is at turn %d. Open its newest sheet?", g.K.Turn, now.Turn),
			func(ok bool) {
				if ok {
					v.continueGame(now)
				}
			})
		return
	}
	v.ask("End the turn", func() { v.run(now) })
}

// keepSent keeps a copy of the orders sent to the practice game where the
// workspace keeps the orders exported for that turn.
func keepSent(ws *workspace.Workspace, f *orderwriter.File) error {
	data, err := ws.EncodeDraft(f)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(ws.ExportPath(f.Turn), data, 0o644)
}

// run carries out the turn and shows the new sheet.
func (v *practiceView) run(p *practice.Game) {
	start := time.Now()
	f := orderFileOf(v.st)
	// The draft may change while the turn runs: the turn takes the orders
	// as they were at the click.
	f.Orders = slices.Clone(f.Orders)
	v.running = true
	v.sync()
	v.status.hold(fmt.Sprintf("Carrying out turn %d…", f.Turn))
	ws := v.st.Workspace()
	v.background(func() {
		res, err := p.EndTurn(f, func() {
			fyne.Do(func() { v.status.hold("Another program (sfhost) is working on this game; waiting for it…") })
		})
		var kept error
		if err == nil && ws != nil {
			// The workspace keeps the orders sent, as an export would: an
			// earlier turn shows them as sent.
			kept = keepSent(ws, f)
		}
		var game *Game
		if err == nil {
			game, err = v.open.read(res.Sheet)
		}
		fyne.Do(func() {
			v.running = false
			if err != nil {
				v.sync()
				v.status.say("")
				showError(fmt.Errorf("Turn %d was not carried out: %v", f.Turn, err), v.win)
				return
			}
			v.open.Show(game)
			if kept != nil {
				v.status.problem("workspace", "The orders sent were not kept in the workspace: "+kept.Error())
			}
			took := time.Since(start)
			s := res.Summary
			msg := fmt.Sprintf("Turn %d carried out in %.1f s", s.Turn, took.Seconds())
			if s.Errors > 0 {
				msg += fmt.Sprintf("; %s could not be carried out (see the sheet's errors)", plural.Count(s.Errors, "order"))
			}
			v.status.say(msg + ".")
			if v.ended != nil {
				v.ended(took)
			}
		})
	})
}
