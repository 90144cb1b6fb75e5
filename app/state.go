package app

import (
	"silverfall/app/draft"
	"silverfall/render3d"
)

// Change says what about the window's state changed; views redraw the
// parts they show of it.
type Change uint8

// The kinds of change. A new game changes everything at once.
const (
	ChangeGame      Change = 1 << iota // another game (with its draft) is shown
	ChangeSelection                    // the selected object
	ChangeOrders                       // the draft's orders or marks
	ChangeCamera                       // the map's camera

	ChangeAll = ChangeGame | ChangeSelection | ChangeOrders | ChangeCamera
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

	selected string
	selFrom  string // where the selection was made: "map", "tree", "orders", ...

	cam    render3d.Camera
	camSet bool // false: the map fits the camera to the game on its next frame
	// camByPlayer is whether the last camera change was the player's (and
	// is worth saving) rather than the map fitting itself.
	camByPlayer bool

	subs      []func(Change)
	notifying bool
	pending   Change
}

// NewState is an empty state: no game.
func NewState() *State { return &State{cam: render3d.DefaultCamera()} }

// Subscribe calls f after every change, with what changed. Subscribers
// run in the order they subscribed.
func (s *State) Subscribe(f func(Change)) { s.subs = append(s.subs, f) }

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

// Selected is the key of the selected object ("ship:12"), or "".
func (s *State) Selected() string { return s.selected }

// SelectedFrom says where the selection was made.
func (s *State) SelectedFrom() string { return s.selFrom }

// Camera is the map's camera.
func (s *State) Camera() render3d.Camera { return s.cam }

// CameraSet reports whether the camera has been placed for this game;
// until it is, the map fits it to everything on the map.
func (s *State) CameraSet() bool { return s.camSet }

// CameraByPlayer reports whether the last camera change came from the
// player (drag, wheel, keys, a saved view) rather than the map fitting it.
func (s *State) CameraByPlayer() bool { return s.camByPlayer }

// Show makes g the game shown, with its draft, selection and camera
// (nil: fitted to the map on the next frame), all in one change.
func (s *State) Show(g *Game, d *draft.Draft, selected string, cam *render3d.Camera) {
	if s.draft != nil {
		s.draft.OnChange = nil
	}
	s.game, s.draft, s.selected, s.selFrom = g, d, selected, ""
	s.camSet, s.camByPlayer = cam != nil, false
	s.cam = render3d.DefaultCamera()
	if cam != nil {
		s.cam = *cam
	}
	if d != nil {
		d.OnChange = func() { s.notify(ChangeOrders) }
	}
	s.notify(ChangeAll)
}

// Select selects the object with key ("" for nothing); from says where the
// player made the selection.
func (s *State) Select(key, from string) {
	s.selected, s.selFrom = key, from
	s.notify(ChangeSelection)
}

// SetCamera moves the camera; byPlayer says whether the player moved it.
func (s *State) SetCamera(c render3d.Camera, byPlayer bool) {
	s.cam, s.camSet, s.camByPlayer = c, true, byPlayer
	s.notify(ChangeCamera)
}

// OrdersChanged tells the views that the draft changed in a way the draft
// itself does not report (a draft replaced wholesale).
func (s *State) OrdersChanged() { s.notify(ChangeOrders) }
