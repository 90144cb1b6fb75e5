package app

import (
	"fmt"

	"silverfall/app/archive"
	"silverfall/app/draft"
	"silverfall/app/workspace"
	"silverfall/engine/check"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/notes"
	"silverfall/engine/order"
	"silverfall/render3d"
)

// Source is where the player made a selection; the map follows a
// selection made elsewhere.
type Source uint8

// The places a selection comes from.
const (
	FromNowhere Source = iota // opening a game
	FromMap
	FromTree
	FromDetails
	FromOrders
	FromShips   // the table of ships
	FromNext    // walking to the next ship without orders
	FromChanges // the "This turn" view's list of changes
	FromSearch  // the search's result table
	FromNotes   // the notes' list, or a note in the details
)

// Change says what about the window's state changed; views redraw the
// parts they show of it.
type Change uint32

// The kinds of change. A new game changes everything at once.
const (
	ChangeGame      Change = 1 << iota // another game (with its draft) is shown
	ChangeSelection                    // the selected object
	ChangeOrders                       // the draft's orders or marks
	ChangeCamera                       // the map's camera
	ChangeHover                        // what is under the pointer on the map
	ChangeChosen                       // the order chosen in the orders list
	ChangeTab                          // the tab shown in the right-hand panel
	ChangePick                         // a pick on the map was asked for or ended
	ChangeMemory                       // what is remembered of earlier sheets, or whether it shows
	ChangeForecast                     // the engine's forecast of the orders is new
	ChangeRuler                        // the ruler's line was drawn or taken away
	ChangeNotes                        // the notes, markers or reminders
	ChangeRoute                        // the route planner's plan was drawn or taken away

	ChangeAll = ChangeGame | ChangeSelection | ChangeOrders | ChangeCamera | ChangeHover | ChangeChosen | ChangeTab | ChangePick |
		ChangeMemory | ChangeForecast | ChangeRuler | ChangeNotes | ChangeRoute
)

// Has reports whether c includes any of the kinds in k.
func (c Change) Has(k Change) bool { return c&k != 0 }

// State is the window's state: the game shown, the orders being written
// for it, the selection and the map's camera. It is the one place these
// live; every view subscribes to its changes and redraws from it, so that
// no view can be forgotten when something changes. Use it on Fyne's
// thread only.
type State struct {
	game  *Game
	draft *draft.Draft

	selected model.Key
	selFrom  Source

	cam    render3d.Camera
	camSet bool // false: the map fits the camera to the game on its next frame
	// camByPlayer is whether the last camera change was the player's (and
	// is worth saving) rather than the map fitting itself.
	camByPlayer bool

	hover  int // the map body under the pointer, or -1
	chosen int // the draft's order chosen in the orders list, or -1
	// chosenAs is the order chosen and how many equal orders come before
	// it: a change of the orders finds it again by what it says, not by
	// where it was (see refind).
	chosenAs  order.Order
	chosenNth int
	tab       Tab
	pick      PickKind
	prompt    string // what the pick is for

	// forecast is the engine's forecast of the draft's orders (nil until
	// the first is made); see forecaster.
	forecast *check.Forecast
	// ruler is the line the ruler measures, if any.
	ruler *Ruler
	// route is the route planner's plan the map draws, if any.
	route *Route
	// mapKeys takes the map's keys from the widgets that have the keyboard.
	mapKeys mapKeys

	// ws is the game's workspace folder, or nil when nothing is kept.
	ws *workspace.Workspace
	// book is the game's notes, markers and reminders (kept in ws); never
	// nil.
	book *notes.Book
	// archive is the sheets kept of the game shown (one archive a
	// game and player); known is what they tell, merged (nil until read).
	archive   *archive.Archive
	archiveOf string
	known     *known.Known
	// earlier is set while an earlier turn than the game opened is shown:
	// its orders are read-only and nothing of it is saved.
	earlier bool

	subs      []func(Change)
	leaving   []func()
	notifying bool
	pending   Change
}

// NewState is an empty state: no game.
func NewState() *State {
	return &State{cam: render3d.DefaultCamera(), hover: -1, chosen: -1, book: &notes.Book{}}
}

// Subscribe calls f after every change, with what changed. Subscribers
// run in the order they subscribed.
func (s *State) Subscribe(f func(Change)) { s.subs = append(s.subs, f) }

// OnSwitch calls f before every game change, while the game left is
// still the one shown: a view that keeps rows, indices or a selection of
// the game shown drops them there. A game change is one switch for every
// view: each has let go of the old game's rows before any view is told of
// the new game (and draws it), so that nothing of the new game is drawn
// against the old one's rows.
func (s *State) OnSwitch(f func()) { s.leaving = append(s.leaving, f) }

// notify tells the subscribers. A change made by a subscriber while they
// are being told is told after the current round, so that every view sees
// the changes in the order they were made and none is told twice at once.
func (s *State) notify(c Change) {
	s.pending |= c
	if s.notifying {
		return
	}
	s.notifying = true
	defer func() { s.notifying = false }()
	for s.pending != 0 {
		c := s.pending
		s.pending = 0
		for _, f := range s.subs {
			f(c)
		}
	}
}

// Game is the game shown, or nil.
func (s *State) Game() *Game { return s.game }

// Draft is the orders being written for the game shown, or nil.
func (s *State) Draft() *draft.Draft { return s.draft }

// Selected is the selected object, or the zero key.
func (s *State) Selected() model.Key { return s.selected }

// SelectedFrom says where the selection was made.
func (s *State) SelectedFrom() Source { return s.selFrom }

// Camera is the map's camera.
func (s *State) Camera() render3d.Camera { return s.cam }

// CameraSet reports whether the camera has been placed for this game;
// until it is, the map fits it to everything on the map.
func (s *State) CameraSet() bool { return s.camSet }

// CameraByPlayer reports whether the last camera change came from the
// player (drag, wheel, keys, a saved view) rather than the map fitting it.
func (s *State) CameraByPlayer() bool { return s.camByPlayer }

// Workspace is the workspace folder of the game shown (every sheet kept of
// it, its drafts and exports), or nil when nothing is kept.
func (s *State) Workspace() *workspace.Workspace { return s.ws }

// useWorkspace sets the workspace folder (nil: none) of g, the game about
// to be shown, and hands g's sheet to the game's archive (kept at path in
// the workspace, "" when not kept); it changes with the game, so Show
// tells the views. Another game, or another player's, has an archive and a
// knowledge of its own.
func (s *State) useWorkspace(ws *workspace.Workspace, g *Game, path string) {
	s.ws = ws
	of := fmt.Sprintf("%q %d", g.K.Game, g.K.Empire.Player)
	if ws != nil {
		of += " " + ws.Dir
	}
	if s.archive == nil || s.archiveOf != of {
		s.archive, s.archiveOf, s.known = archive.New(g.R), of, nil
	}
	if ws != nil {
		if sheets, err := ws.Sheets(); err == nil {
			s.archive.Keep(sheets)
		}
	}
	s.archive.Put(g.K.Turn, path, g.Report, g.Raw)
}

// Archive is the sheets kept of the game shown (app/archive): the one
// place the views get earlier sheets from. Nil before a game is opened.
func (s *State) Archive() *archive.Archive { return s.archive }

// Known is what the player knows of the game shown over all the sheets
// kept (his own and his allies'), merged by engine/known; nil until they
// are read. Ask it as of the game's turn (Game().K.Turn). Use it on Fyne's
// thread only.
func (s *State) Known() *known.Known {
	if k := s.known; k != nil && s.game != nil && k.Game == s.game.K.Game && k.Player == s.game.K.Empire.Player {
		return k
	}
	return nil
}

// setKnown sets the knowledge of the game shown.
func (s *State) setKnown(k *known.Known) { s.known = k }

// Notes is the game's book of notes, markers and reminders (see
// notebook); never nil. Change it through the notebook, which saves it.
func (s *State) Notes() *notes.Book { return s.book }

// useNotes sets the book of the game about to be shown, with its
// workspace; Show tells the views.
func (s *State) useNotes(b *notes.Book) {
	if b == nil {
		b = &notes.Book{}
	}
	s.book = b
}

// NotesChanged tells the views that the book changed.
func (s *State) NotesChanged() { s.notify(ChangeNotes) }

// Show makes g the game shown, with its draft, selection and camera
// (nil: fitted to the map on the next frame), all in one change.
func (s *State) Show(g *Game, d *draft.Draft, selected model.Key, cam *render3d.Camera) {
	s.show(g, d, selected, cam, false)
}

// ShowEarlier shows an earlier turn's game with its orders (read-only),
// as Show does; Earlier reports it until the next Show.
func (s *State) ShowEarlier(g *Game, d *draft.Draft, selected model.Key, cam *render3d.Camera) {
	d.SetReadOnly()
	s.show(g, d, selected, cam, true)
}

// Earlier reports whether the game shown is an earlier turn than the one
// opened: read-only, and not saved.
func (s *State) Earlier() bool { return s.earlier }

// MemoryChanged tells the views that what the game shown remembers of
// earlier sheets changed, or whether it shows.
func (s *State) MemoryChanged() { s.notify(ChangeMemory) }

func (s *State) show(g *Game, d *draft.Draft, selected model.Key, cam *render3d.Camera, earlier bool) {
	if s.draft != nil {
		s.draft.OnChange = nil
	}
	for _, f := range s.leaving {
		f()
	}
	s.earlier = earlier
	if !has(g, selected) {
		selected = model.Key{} // kept from a turn that had it, absent from this one
	}
	s.game, s.draft, s.selected, s.selFrom = g, d, selected, FromNowhere
	s.camSet, s.camByPlayer = cam != nil, false
	s.hover, s.chosen, s.pick, s.prompt = -1, -1, PickNothing, ""
	s.forecast, s.ruler, s.route = nil, nil, nil
	s.cam = render3d.DefaultCamera()
	if cam != nil {
		s.cam = *cam
	}
	if d != nil {
		d.OnChange = func() {
			s.refind(d)
			s.notify(ChangeOrders)
		}
	}
	s.notify(ChangeAll)
}

// Select selects the object with key (the zero key for nothing); from says
// where the player made the selection. A key the game shown does not have
// (a menu or a row left from another game) selects nothing and changes
// nothing.
func (s *State) Select(key model.Key, from Source) {
	if !has(s.game, key) {
		return
	}
	s.selected, s.selFrom = key, from
	s.notify(ChangeSelection)
}

// has reports whether the game g has the object with key (the zero key:
// nothing, which every game has).
func has(g *Game, key model.Key) bool {
	if key.IsZero() {
		return true
	}
	if g == nil {
		return false
	}
	_, ok := g.Location(key)
	return ok
}

// SetCamera moves the camera; byPlayer says whether the player moved it.
func (s *State) SetCamera(c render3d.Camera, byPlayer bool) {
	s.cam, s.camSet, s.camByPlayer = c, true, byPlayer
	s.notify(ChangeCamera)
}

// Hover is the index of the map body under the pointer, or -1.
func (s *State) Hover() int { return s.hover }

// SetHover says which map body is under the pointer (-1 for none).
func (s *State) SetHover(i int) {
	if i != s.hover {
		s.hover = i
		s.notify(ChangeHover)
	}
}

// Chosen is the index of the draft's order chosen in the orders list, or
// -1; a change of the orders that leaves no such order clears it.
func (s *State) Chosen() int { return s.chosen }

// ChooseOrder chooses order i of the draft (-1 for none).
func (s *State) ChooseOrder(i int) {
	if s.draft == nil || i < 0 || i >= len(s.draft.Orders()) {
		i = -1 // no such order in the draft shown
	}
	s.chosen = i
	s.remember()
	s.notify(ChangeChosen)
}

// remember notes what the chosen order says, to find it again after the
// orders change.
func (s *State) remember() {
	s.chosenAs, s.chosenNth = order.Order{}, 0
	if s.chosen < 0 || s.draft == nil || s.chosen >= len(s.draft.Orders()) {
		return
	}
	os := s.draft.Orders()
	s.chosenAs = os[s.chosen]
	s.chosenNth = rankOf(s.chosen, func(j int) bool { return os[j] == s.chosenAs })
}

// refind follows the chosen order after a change of d's orders: the same
// order (by what it says, the nth of its equals as before) wherever it
// moved, or none when d no longer has it. An index would name whatever
// order took its place: a line typed above it, an order carried over.
func (s *State) refind(d *draft.Draft) {
	if s.chosen < 0 {
		return
	}
	os := d.Orders()
	s.chosen = findRanked(len(os), s.chosenNth, func(j int) bool { return os[j] == s.chosenAs })
	s.remember()
}

// Tab is the tab shown in the right-hand panel.
type Tab uint8

// The right-hand panel's tabs, in their order.
const (
	TabDetails Tab = iota
	TabOrders
	TabText
	TabNotes
)

// Tab is the right-hand panel's tab shown.
func (s *State) Tab() Tab { return s.tab }

// ShowTab shows tab t of the right-hand panel.
func (s *State) ShowTab(t Tab) {
	if t != s.tab {
		s.tab = t
		s.notify(ChangeTab)
	}
}

// Picking is what a pick on the map was asked for, and what for;
// PickNothing when none is under way.
func (s *State) Picking() (PickKind, string) { return s.pick, s.prompt }

// setPicking is the map view's: a pick asked for or ended.
func (s *State) setPicking(k PickKind, prompt string) {
	s.pick, s.prompt = k, prompt
	s.notify(ChangePick)
}

// Forecast is the engine's forecast of the orders: where they leave the
// ships, planets and credits. It comes a moment after the orders change
// (ChangeForecast says when); nil before the first.
func (s *State) Forecast() *check.Forecast { return s.forecast }

// setForecast is the forecaster's: a new forecast of the orders.
func (s *State) setForecast(f *check.Forecast) {
	s.forecast = f
	s.notify(ChangeForecast)
}

// Ruler is the line the ruler measures, or nil.
func (s *State) Ruler() *Ruler { return s.ruler }

// SetRuler shows the ruler's line (nil: none).
func (s *State) SetRuler(r *Ruler) {
	s.ruler = r
	s.notify(ChangeRuler)
}

// Route is the route planner's plan drawn on the map, or nil.
func (s *State) Route() *Route { return s.route }

// SetRoute draws a route planner's plan on the map (nil: none).
func (s *State) SetRoute(r *Route) {
	s.route = r
	s.notify(ChangeRoute)
}

// Undo takes back the last change to the orders, if any.
func (s *State) Undo() {
	if s.draft != nil {
		s.draft.Undo()
	}
}

// Redo makes the last change undone again, if any.
func (s *State) Redo() {
	if s.draft != nil {
		s.draft.Redo()
	}
}

// OrdersChanged tells the views that the draft changed in a way the draft
// itself does not report (a draft replaced wholesale).
func (s *State) OrdersChanged() { s.notify(ChangeOrders) }
