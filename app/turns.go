package app

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/allies"
	"silverfall/app/archive"
	"silverfall/app/draft"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/internal/capfile"
	"silverfall/internal/plural"
	"silverfall/orderwriter"
)

// turnSteps is the bar over the map that steps through the turns kept in
// the game's workspace: it shows an earlier turn's map, sheet and the
// orders sent (or drafted) for it, read-only, and comes back to the turn
// opened. It also merges the game's knowledge (every kept sheet, from the
// State's archive, into engine/known, off Fyne's thread so that the first
// frame does not wait for it), sets it in the State (State.Known) and
// hands each game shown what earlier sheets showed of it; a check box
// shows this turn's sheet alone.
type turnSteps struct {
	st         *State
	rules      *rules.Rules
	status     *statusBar
	background func(func())
	// leave is called before another turn is shown (it closes an order
	// form open for the turn left).
	leave func()

	loads int // generation of the knowledge being merged; an older one is dropped
	// allySheets are the allies' sheets read, each once while its file is
	// unchanged.
	allySheets *allies.Cache
	onlyOn     bool // only what the sheet shown shows
	// sightings puts on the map what only the allies' sheets show (on
	// unless the settings took it off); sightingsSet is told of a change,
	// to keep it.
	sightings     bool
	sightingsItem *fyne.MenuItem
	sightingsSet  func(on bool)
	refreshMenu   func()
	// drawn is set once the map has drawn a frame: until then the
	// knowledge waits (in pending), so that reading it never slows the first frame.
	drawn   bool
	pending func()

	now      *Game // the turn opened, to come back to
	nowDraft *draft.Draft
	kept     []int   // the turns of the sheets kept
	cache    []*Game // earlier turns read, the last used last
	stepping bool    // a Show of our own is under way

	prev, next, back *widget.Button
	pick             *keySelect
	only             *keyCheck
	banner           *widget.Label
	warning          *fyne.Container // the banner and the way back, on an earlier turn, over the map's top
	warnBg           *canvas.Rectangle
	box              fyne.CanvasObject
	frame            *fyne.Container // the bar over the map
}

// keptGames is how many earlier turns stay read (a turn is quick to read
// again; this keeps stepping to and fro from reading at all).
const keptGames = 6

func newTurnSteps(st *State, r *rules.Rules, status *statusBar, background func(func())) *turnSteps {
	t := &turnSteps{st: st, rules: r, status: status, background: background, sightings: true,
		allySheets: allies.NewCache(allies.DefaultCacheBytes)}
	t.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), t.Earlier)
	t.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), t.Later)
	t.back = widget.NewButton("Back to the current turn", t.Current)
	t.back.Importance = widget.HighImportance
	t.pick = newKeySelect(t.st, nil, func(s string) {
		if n, ok := turnOfOption(s); ok && t.shownTurn() != n {
			t.Show(n)
		}
	})
	t.pick.PlaceHolder = "Turn"
	t.only = newKeyCheck(t.st, "Only this turn's sheet", t.setOnly)
	t.banner = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.banner.Importance = widget.WarningImportance
	t.banner.Truncation = fyne.TextTruncateEllipsis
	t.warnBg = canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	t.warning = container.NewVBox(container.NewStack(t.warnBg, container.NewBorder(nil, nil, nil, t.back, t.banner)))
	t.box = container.NewHBox(widget.NewLabel("Turn"), t.prev, container.NewGridWrap(fyne.NewSize(150, t.pick.MinSize().Height), t.pick), t.next, t.only)
	st.Subscribe(t.changed)
	t.sync()
	return t
}

func turnOption(n, current int) string {
	if n == current {
		return strconv.Itoa(n) + " (current)"
	}
	return strconv.Itoa(n)
}

func turnOfOption(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSuffix(s, " (current)"))
	return n, err == nil
}

func (t *turnSteps) changed(c Change) {
	if !c.Has(ChangeGame) || t.stepping {
		return
	}
	// Another game (or turn) was opened: it is the current turn now.
	t.now, t.nowDraft, t.cache, t.kept = t.st.Game(), t.st.Draft(), nil, nil
	t.loads++
	if a := t.st.Archive(); a != nil && t.now != nil {
		t.kept = a.Turns()
		if len(t.kept) > 0 {
			t.loadKnown(t.loads, a)
		}
	}
	t.sync()
}

// loadKnown merges the sheets of archive a into the game's knowledge in
// the background: the sheets the State's knowledge lacks, or all of them
// into a new one when there is none. Then the games shown remember.
func (t *turnSteps) loadKnown(gen int, a *archive.Archive) {
	if !t.drawn {
		t.pending = func() { t.loadKnown(gen, a) }
		return
	}
	old, g, ws := t.st.Known(), t.now, t.st.Workspace()
	var have []known.Source
	if old != nil {
		have = old.Sheets() // copied here, on Fyne's thread
	}
	t.background(func() {
		sheets, errs := a.All()
		var k *known.Known
		if old == nil {
			k = known.New(g.K.Game, g.K.Empire.Player)
			errs = append(errs, addSheets(k, sheets)...)
			// The allies' sheets kept in the workspace (app/allies).
			errs = append(errs, t.allySheets.AddTo(k, t.rules, ws)...)
			k.Objects() // sorted once here, not on Fyne's thread
		} else {
			sheets = missing(sheets, have)
		}
		fyne.Do(func() {
			if gen != t.loads {
				return
			}
			if k == nil {
				k = old
				errs = append(errs, addSheets(k, sheets)...)
			}
			t.known(k, errs)
		})
	})
}

// known sets k, merged with errs, as the State's knowledge, and the games
// shown remember what it tells.
func (t *turnSteps) known(k *known.Known, errs []error) {
	msg := ""
	if len(errs) > 0 {
		msg = fmt.Sprintf("%s kept of this game could not be read (what they showed is left out): %v",
			plural.Count(len(errs), "sheet"), errs[0])
	}
	t.status.problem("history", msg)
	t.st.setKnown(k)
	t.remember(t.now)
	if g := t.st.Game(); g != t.now {
		t.remember(g)
	}
	t.st.MemoryChanged()
}

// addSheets merges sheets into k; a sheet of another game, or of a turn
// and player merged already, is left out with an error.
func addSheets(k *known.Known, sheets []*model.Knowledge) []error {
	var errs []error
	for _, s := range sheets {
		if err := k.Add(s); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// missing is the sheets not among those merged (have).
func missing(sheets []*model.Knowledge, have []known.Source) []*model.Knowledge {
	var out []*model.Knowledge
	for _, s := range sheets {
		if !slices.ContainsFunc(have, func(h known.Source) bool { return h.Turn == s.Turn && h.Player == s.Empire.Player }) {
			out = append(out, s)
		}
	}
	return out
}

// alliesChanged merges the knowledge afresh, after an ally's sheet was
// kept or removed.
func (t *turnSteps) alliesChanged() {
	a := t.st.Archive()
	if t.now == nil || a == nil {
		return
	}
	t.loads++
	t.st.setKnown(nil)
	t.loadKnown(t.loads, a)
}

// setSightings shows (or takes away) on the map what only the allies'
// sheets show.
func (t *turnSteps) setSightings(on bool) {
	t.sightings = on
	if t.sightingsItem != nil {
		t.sightingsItem.Checked = on
	}
	if t.sightingsSet != nil {
		t.sightingsSet(on)
	}
	if t.refreshMenu != nil {
		t.refreshMenu()
	}
	for _, g := range t.cache {
		g.memory = nil // laid out again when shown
	}
	t.remember(t.now)
	if g := t.st.Game(); g != t.now {
		t.remember(g)
	}
	t.st.MemoryChanged()
}

// framed is told of each frame the map draws: the first lets the
// knowledge be merged.
func (t *turnSteps) framed() {
	if t.drawn {
		return
	}
	t.drawn = true
	if f := t.pending; f != nil {
		t.pending = nil
		f()
	}
}

func (t *turnSteps) remember(g *Game) {
	if k := t.st.Known(); g != nil && k != nil && g.K.Game == k.Game && g.K.Empire.Player == k.Player {
		g.remember(k, !t.onlyOn, t.sightings)
	}
}

func (t *turnSteps) setOnly(on bool) {
	if on == t.onlyOn {
		return
	}
	t.onlyOn = on
	if t.st.Known() == nil {
		return
	}
	t.remember(t.st.Game())
	if t.now != t.st.Game() {
		t.remember(t.now)
	}
	for _, g := range t.cache {
		g.memory = nil // laid out again when shown
	}
	t.st.MemoryChanged()
}

// shownTurn is the turn of the game shown, 0 for none.
func (t *turnSteps) shownTurn() int {
	if g := t.st.Game(); g != nil {
		return g.K.Turn
	}
	return 0
}

// turns are the turns that can be shown: those kept, and the current one.
func (t *turnSteps) turns() []int {
	var out []int
	seenNow := false
	for _, n := range t.kept {
		if t.now != nil && n == t.now.K.Turn {
			seenNow = true
		}
		out = append(out, n)
	}
	if !seenNow && t.now != nil {
		out = append(out, t.now.K.Turn)
		sort.Ints(out)
	}
	return out
}

// step shows the turn dir places before (-1) or after (+1) the one shown.
func (t *turnSteps) step(dir int) {
	turns, shown := t.turns(), t.shownTurn()
	for i, n := range turns {
		if n == shown && i+dir >= 0 && i+dir < len(turns) {
			t.Show(turns[i+dir])
			return
		}
	}
}

// Earlier shows the turn before the one shown.
func (t *turnSteps) Earlier() { t.step(-1) }

// Later shows the turn after the one shown.
func (t *turnSteps) Later() { t.step(1) }

// Current comes back to the turn opened, with its orders as they were.
func (t *turnSteps) Current() {
	if t.now == nil || t.st.Game() == t.now {
		return
	}
	t.leaving()
	cam := t.st.Camera()
	t.stepping = true
	t.st.Show(t.now, t.nowDraft, t.st.Selected(), &cam)
	t.stepping = false
	t.sync()
}

// Show shows turn n: the current one, or an earlier (or later) kept one,
// read-only, keeping the selection and the camera.
func (t *turnSteps) Show(n int) {
	if t.now == nil || n == t.shownTurn() {
		return
	}
	if n == t.now.K.Turn {
		t.Current()
		return
	}
	g, d, err := t.read(n)
	if err != nil {
		t.status.problem("history", fmt.Sprintf("Turn %d cannot be shown: %v", n, err))
		t.sync()
		return
	}
	t.status.problem("history", "")
	t.leaving()
	cam := t.st.Camera()
	t.stepping = true
	t.st.ShowEarlier(g, d, t.st.Selected(), &cam)
	t.stepping = false
	t.sync()
}

func (t *turnSteps) leaving() {
	if t.leave != nil {
		t.leave()
	}
}

// read is turn n's game (from the cache when it was read lately) and a
// draft of the orders kept for it.
func (t *turnSteps) read(n int) (*Game, *draft.Draft, error) {
	var g *Game
	for i, c := range t.cache {
		if c.K.Turn == n {
			g = c
			t.cache = append(append(t.cache[:i:i], t.cache[i+1:]...), c)
			break
		}
	}
	if g == nil {
		a := t.st.Archive()
		if a == nil {
			return nil, nil, fmt.Errorf("no sheet of turn %d is kept", n)
		}
		rep, data, path, err := a.Sheet(n)
		if err != nil {
			return nil, nil, err
		}
		g = NewGame(t.rules, rep, path)
		g.Raw = data
		if len(t.cache) == keptGames {
			t.cache = t.cache[1:]
		}
		t.cache = append(t.cache, g)
	}
	if g.memory == nil {
		t.remember(g)
	}
	d := draft.NewFor(g.Checker, g.K)
	if f := t.orders(n + 1); f != nil {
		d.Load(f.Orders, f.Unread, nil)
	}
	return g, d, nil
}

// orders are the orders for turn n as exported (what was sent), or else
// as last drafted; nil when neither is kept. Nothing is moved or written.
func (t *turnSteps) orders(n int) *orderwriter.File {
	ws := t.st.Workspace()
	if ws == nil {
		return nil
	}
	for _, path := range []string{ws.KeptExport(n), ws.DraftPath(n)} {
		data, err := capfile.Read(path, orderwriter.MaxFileSize)
		if err != nil {
			continue
		}
		if f, err := orderwriter.Read(bytes.NewReader(data), path); err == nil {
			return f
		}
	}
	return nil
}

// sync shows the turn shown in the bar.
func (t *turnSteps) sync() {
	shown, turns := t.shownTurn(), t.turns()
	cur := 0
	if t.now != nil {
		cur = t.now.K.Turn
	}
	opts := make([]string, len(turns))
	for i, n := range turns {
		opts[i] = turnOption(n, cur)
	}
	t.pick.Options = opts
	if shown > 0 {
		t.pick.Selected = turnOption(shown, cur)
	}
	t.pick.Refresh()
	first, last := len(turns) == 0 || turns[0] >= shown, len(turns) == 0 || turns[len(turns)-1] <= shown
	setEnabled(t.prev, !first)
	setEnabled(t.next, !last)
	if t.st.Earlier() {
		t.back.SetText("Back to turn " + strconv.Itoa(cur) + " (Alt+End)")
		which := "Earlier"
		if shown > cur {
			which = "Later" // a newer sheet kept than the one opened
		}
		t.banner.SetText(fmt.Sprintf("%s turn %d, read-only · %s", which, shown, t.ordersSource(shown+1)))
		t.warnBg.FillColor = theme.Color(theme.ColorNameBackground) // the theme's of now
		t.warning.Show()
	} else {
		t.banner.SetText("")
		t.warning.Hide()
	}
	if t.frame != nil {
		t.frame.Refresh()
	}
}

func (t *turnSteps) ordersSource(n int) string {
	ws := t.st.Workspace()
	if ws == nil {
		return "no orders kept"
	}
	if _, err := os.Stat(ws.KeptExport(n)); err == nil {
		return "orders as exported"
	}
	if _, err := os.Stat(ws.DraftPath(n)); err == nil {
		return "orders as drafted, not exported"
	}
	return "no orders kept"
}

// over puts the bar over the map, and the earlier turn's banner over the
// map's top edge: were it a row of its own, the map would change size at
// every step between the current turn and an earlier one, and the window
// lay it out and its renderer make its frame's buffers anew before the
// new turn's frame (-measure-switches: back to the current turn took 200
// ms where a step among earlier turns took 41).
func (t *turnSteps) over(m fyne.CanvasObject) fyne.CanvasObject {
	// The bar scrolls sideways in a narrow window rather than widen it.
	t.frame = container.NewBorder(container.NewHScroll(t.box), nil, nil, nil, container.NewStack(m, t.warning))
	return t.frame
}

// inMenu adds the turns' entries to m's View menu, after its first group.
func (t *turnSteps) inMenu(m *fyne.MainMenu) *fyne.MainMenu {
	for _, menu := range m.Items {
		if menu.Label != "View" {
			continue
		}
		at := len(menu.Items)
		for i, it := range menu.Items {
			if it.IsSeparator {
				at = i
				break
			}
		}
		items := append([]*fyne.MenuItem{fyne.NewMenuItemSeparator()}, t.menuItems()...)
		menu.Items = append(menu.Items[:at:at], append(items, menu.Items[at:]...)...)
	}
	return m
}

// menuItems are the View menu's entries for the turns, with their keys.
func (t *turnSteps) menuItems() []*fyne.MenuItem {
	alt := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierAlt}
	}
	prev := fyne.NewMenuItem("Earlier turn", t.Earlier)
	prev.Shortcut = alt(fyne.KeyLeft)
	next := fyne.NewMenuItem("Later turn", t.Later)
	next.Shortcut = alt(fyne.KeyRight)
	cur := fyne.NewMenuItem("Current turn", t.Current)
	cur.Shortcut = alt(fyne.KeyEnd)
	only := fyne.NewMenuItem("Only this turn's sheet", func() { t.only.SetChecked(!t.only.Checked) })
	if t.sightingsItem == nil {
		t.sightingsItem = fyne.NewMenuItem("Allies' sightings", func() { t.setSightings(!t.sightings) })
		t.sightingsItem.Checked = t.sightings
	}
	return []*fyne.MenuItem{prev, next, cur, only, t.sightingsItem}
}

// shortcuts binds the turns' keys on canvas c, each held back by hold.
func (t *turnSteps) shortcuts(c fyne.Canvas, hold func(func()) func()) {
	for _, it := range t.menuItems()[:3] {
		act := hold(it.Action)
		c.AddShortcut(it.Shortcut, func(fyne.Shortcut) { act() })
	}
}

// altHeld reports whether an Alt key is down (then the map leaves the
// arrows to the turns' shortcuts).
func altHeld() bool { return held(fyne.KeyModifierAlt) }

// shortcutHeld reports whether the shortcuts' modifier (Ctrl, or Cmd on a
// Mac) is held down.
func shortcutHeld() bool { return held(fyne.KeyModifierShortcutDefault) }

func held(m fyne.KeyModifier) bool {
	d, ok := fyne.CurrentApp().Driver().(desktop.Driver)
	return ok && d.CurrentKeyModifiers()&m != 0
}
