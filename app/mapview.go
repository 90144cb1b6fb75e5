package app

import (
	"image"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"silverfall/render3d"
)

// MapView shows the 3D map of the state's game. It draws from the state:
// the map of the game shown, the courses of the engine's forecast and the
// ruler, the selection and the camera; every change of those reaches it
// through its subscription, on both frame paths. It is the widget only:
// it hands the mouse and the keys to the types that do the map's jobs:
//   - mapFrames makes the frames, only when something changed;
//   - mapCamera moves the camera;
//   - mapPicker finds what is under the pointer and answers clicks;
//   - mapHover says what is under the pointer;
//   - mapOverlay draws the note, the hint and the hover box over the frame.
type MapView struct {
	widget.BaseWidget
	st *State

	frames  *mapFrames
	camera  *mapCamera
	picker  *mapPicker
	hover   *mapHover
	overlay *mapOverlay

	// OnPick is called when the player clicks the map, with the body under
	// the pointer (or -1) and where, unless the click answers a pick.
	OnPick func(i int, pos fyne.Position)
	// OnFrame is called after each frame with the time it took.
	OnFrame func(d time.Duration)
}

// NewMapView returns a map view of st's game drawing with the frames
// newFrames makes; when that fails, it draws in software and says why.
func NewMapView(st *State, newFrames func() (render3d.Frames, error)) *MapView {
	v := &MapView{st: st, overlay: newMapOverlay()}
	v.frames = newMapFrames(st, newFrames, v.overlay)
	v.frames.size = v.Size
	v.frames.OnFrame = func(d time.Duration) {
		if v.OnFrame != nil {
			v.OnFrame(d)
		}
	}
	v.camera = &mapCamera{st: st, frames: v.frames}
	v.frames.cam = v.camera
	v.picker = &mapPicker{st: st, frames: v.frames, view: v, onPick: func(i int, pos fyne.Position) {
		if v.OnPick != nil {
			v.OnPick(i, pos)
		}
	}}
	v.hover = &mapHover{st: st, picker: v.picker, overlay: v.overlay, body: -1, notes: hoverNotes{st: st}}
	v.hover.notes.index()
	v.ExtendBaseWidget(v)
	st.Subscribe(v.changedState)
	st.Subscribe(v.hover.changed)
	st.setMapKeys(v.WindowKey)
	return v
}

func (v *MapView) changedState(c Change) {
	g, f := v.st.Game(), v.frames
	if c.Has(ChangeGame | ChangeMemory) {
		f.m, f.mapSent = nil, false
		if g != nil {
			f.m = g.Map
		}
	}
	if c.Has(ChangeGame | ChangeForecast | ChangeRuler | ChangeRoute) {
		f.courses, f.coursesSent = mapCourses(v.st), false
	}
	if c.Has(ChangeSelection) {
		switch v.st.SelectedFrom() {
		case FromTree, FromDetails, FromNext, FromShips, FromChanges, FromSearch, FromNotes:
			if f.m != nil && g != nil {
				v.camera.CentreOn(f.m.Find(g.Selection(v.st.Selected()).Key))
			}
		}
	}
	if c == ChangeCamera && f.rendering {
		return
	}
	// What the map draws; the hover, the chosen order, the tab and a pick
	// change nothing on it, nor do the orders until their forecast comes.
	if c.Has(ChangeGame | ChangeSelection | ChangeCamera | ChangeMemory | ChangeForecast | ChangeRuler | ChangeRoute) {
		f.redraw()
	}
}

// Map is the map shown.
func (v *MapView) Map() *render3d.Map { return v.frames.m }

// Selection is what is highlighted.
func (v *MapView) Selection() render3d.Selection { return v.frames.selection() }

// Camera is the camera.
func (v *MapView) Camera() render3d.Camera { return v.st.Camera() }

// FitAll aims the camera so that every body shows.
func (v *MapView) FitAll() { v.camera.FitAll() }

// Note says why the view draws in software, or is empty.
func (v *MapView) Note() string { return v.frames.note }

// WindowPixels reads back the pixels of the whole window the map is in.
func (v *MapView) WindowPixels() (image.Image, error) { return v.frames.window.Capture() }

// RequestPick asks that the next click on the map pick a ship, a planet
// or a place (see mapPicker.RequestPick).
func (v *MapView) RequestPick(k PickKind, what string, z float64, done func(Pick, bool)) {
	v.picker.RequestPick(k, what, z, done)
}

// CancelPick drops the pick asked for, if any, without an answer.
func (v *MapView) CancelPick() { v.picker.CancelPick() }

// WindowKey takes a key pressed anywhere in the window for the map, unless
// something else has the keyboard for it (see mapCamera.windowKey).
func (v *MapView) WindowKey(e *fyne.KeyEvent, focused fyne.Focusable) bool {
	return v.camera.windowKey(e, focused, v)
}

// Tapped picks the body under the pointer.
func (v *MapView) Tapped(e *fyne.PointEvent) { v.picker.tapped(e.Position) }

// DoubleTapped centres the camera on the body under the pointer and
// comes closer.
func (v *MapView) DoubleTapped(e *fyne.PointEvent) {
	if i := v.picker.doubleTapped(e.Position); i >= 0 {
		v.camera.ZoomTo(i)
	}
}

// MouseDown starts a move of the map with the right button, and notes
// whether a drag is to move (Shift) or turn.
func (v *MapView) MouseDown(e *desktop.MouseEvent) {
	v.picker.downAt = e.Position
	v.camera.down(e.Modifier&fyne.KeyModifierShift != 0, e.Button == desktop.MouseButtonSecondary, e.Position)
}

// MouseUp ends a right-button move, and answers a pick.
func (v *MapView) MouseUp(e *desktop.MouseEvent) {
	if e.Button == desktop.MouseButtonSecondary {
		v.camera.panning = false
	}
	v.picker.released(e.Button == desktop.MouseButtonPrimary, e.Position)
}

// Dragged turns the camera, or moves it with Shift.
func (v *MapView) Dragged(e *fyne.DragEvent) { v.camera.dragged(e.Dragged) }

// DragEnd ends a drag.
func (v *MapView) DragEnd() { v.camera.shiftDrag = false }

// Scrolled zooms toward the point under the pointer.
func (v *MapView) Scrolled(e *fyne.ScrollEvent) { v.camera.scrolled(e) }

// MouseIn reports what is under the pointer.
func (v *MapView) MouseIn(e *desktop.MouseEvent) { v.MouseMoved(e) }

// MouseMoved reports what is under the pointer and moves the map while
// the right button is down.
func (v *MapView) MouseMoved(e *desktop.MouseEvent) {
	if !v.camera.hovered(e) {
		v.hover.moved(e.Position)
	}
}

// MouseOut clears the hover.
func (v *MapView) MouseOut() {
	v.camera.panning = false
	v.hover.out()
}

// FocusGained and FocusLost make the view take keys.
func (v *MapView) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (v *MapView) FocusLost() {}

// TypedRune zooms with + and -, fits with F.
func (v *MapView) TypedRune(r rune) {
	if !v.held() {
		v.camera.rune(r)
	}
}

// held reports whether a dialog or a menu is shown over the map, which
// then takes no key though it has the keyboard (see keyGate).
func (v *MapView) held() bool {
	c := fyne.CurrentApp().Driver().CanvasForObject(v)
	return c != nil && keyGate{c}.shut()
}

// TypedKey turns the camera with the arrows; Home resets it; Escape
// gives up a pick.
func (v *MapView) TypedKey(e *fyne.KeyEvent) {
	if v.held() || (e.Name == fyne.KeyEscape && v.picker.escape()) {
		return
	}
	v.camera.key(e.Name)
}

// MinSize keeps the map usable.
func (v *MapView) MinSize() fyne.Size { return fyne.NewSize(320, 240) }

// CreateRenderer lays the frame out with the overlay over it.
func (v *MapView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(append([]fyne.CanvasObject{v.frames.raster}, v.overlay.objects()...)...))
}

var (
	_ fyne.Draggable      = (*MapView)(nil)
	_ fyne.Scrollable     = (*MapView)(nil)
	_ fyne.Tappable       = (*MapView)(nil)
	_ fyne.DoubleTappable = (*MapView)(nil)
	_ fyne.Focusable      = (*MapView)(nil)
	_ desktop.Hoverable   = (*MapView)(nil)
	_ desktop.Mouseable   = (*MapView)(nil)
)
