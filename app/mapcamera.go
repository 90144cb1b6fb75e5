package app

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"silverfall/render3d"
)

// mapCamera turns the mouse and the keys into moves of the state's camera:
// turn and move by dragging, zoom with the wheel toward the pointer, fit
// the whole map, centre on a body. The camera lives in the state; this
// only moves it.
type mapCamera struct {
	st     *State
	frames *mapFrames // the map shown and the frame's size
	// A drag with Shift, or with the right button, moves the map. Fyne
	// sends no drag events for the right button, so that drag is made of
	// its button and hover events.
	shiftDrag bool
	panning   bool
	panFrom   fyne.Position
}

// move changes the camera as the player does.
func (c *mapCamera) move(f func(c *render3d.Camera)) {
	cam := c.st.Camera()
	f(&cam)
	c.st.SetCamera(cam, true)
}

// FitAll aims the camera so that every body shows.
func (c *mapCamera) FitAll() {
	m, w, h := c.frames.m, c.frames.pw, c.frames.ph
	c.move(func(cam *render3d.Camera) {
		if m != nil && w > 0 {
			cam.Fit(m.Points(), w, h)
		} else {
			*cam = render3d.DefaultCamera()
		}
	})
}

// body is body i of the map shown, or nil.
func (c *mapCamera) body(i int) *render3d.Body {
	if m := c.frames.m; m != nil && i >= 0 && i < len(m.Bodies) {
		return &m.Bodies[i]
	}
	return nil
}

// CentreOn aims the camera at body i, at the zoom it has.
func (c *mapCamera) CentreOn(i int) {
	if b := c.body(i); b != nil {
		c.move(func(cam *render3d.Camera) { cam.Target = b.Pos })
	}
}

// ZoomTo aims the camera at body i and comes closer if it is far.
func (c *mapCamera) ZoomTo(i int) {
	if b := c.body(i); b != nil {
		c.move(func(cam *render3d.Camera) {
			cam.Target = b.Pos
			cam.Distance = math.Min(cam.Distance, 220)
		})
	}
}

// fitFirst places the camera on the map when nothing placed it yet, for a
// frame w×h pixels; that is the map's doing, not the player's.
func (c *mapCamera) fitFirst(w, h int) {
	m := c.frames.m
	if c.st.CameraSet() || m == nil || w < 1 || h < 1 {
		return
	}
	cam := c.st.Camera()
	cam.Fit(m.Points(), w, h)
	c.st.SetCamera(cam, false)
}

// pan moves the map by a distance on screen.
func (c *mapCamera) pan(dx, dy float32) {
	x, y := c.frames.pixel(fyne.NewPos(dx, dy))
	h := max(c.frames.ph, 1)
	c.move(func(cam *render3d.Camera) { cam.Pan(x, y, h) })
}

// down notes whether a drag from here moves (Shift, or the right button)
// or turns the map.
func (c *mapCamera) down(shift, right bool, at fyne.Position) {
	c.shiftDrag = shift
	if right {
		c.panning, c.panFrom = true, at
	}
}

// dragged turns the camera, or moves it with Shift.
func (c *mapCamera) dragged(d fyne.Delta) {
	if c.shiftDrag || c.panning {
		c.pan(d.DX, d.DY)
		return
	}
	c.move(func(cam *render3d.Camera) { cam.Orbit(-float64(d.DX)*0.008, float64(d.DY)*0.008) })
}

// hovered moves the map while the right button is down, and reports
// whether it did (the pointer's move is then no hover).
func (c *mapCamera) hovered(e *desktop.MouseEvent) bool {
	if !c.panning {
		return false
	}
	if e.Button&desktop.MouseButtonSecondary == 0 && e.Button != 0 {
		c.panning = false
		return false
	}
	d := e.Position.Subtract(c.panFrom)
	c.panFrom = e.Position
	if d.X != 0 || d.Y != 0 {
		c.pan(d.X, d.Y)
	}
	return true
}

// scrolled zooms toward the point under the pointer, which stays where it
// is on the screen.
func (c *mapCamera) scrolled(e *fyne.ScrollEvent) {
	factor := math.Pow(1.15, -float64(e.Scrolled.DY)/10)
	w, h := c.frames.pw, c.frames.ph
	c.move(func(cam *render3d.Camera) {
		if w < 1 {
			cam.Zoom(factor)
			return
		}
		x, y := c.frames.pixel(e.Position)
		cam.ZoomAt(factor, x, y, w, h)
	})
}

// rune zooms with + and -, fits with F.
func (c *mapCamera) rune(r rune) {
	switch r {
	case '+', '=':
		c.move(func(cam *render3d.Camera) { cam.Zoom(1 / 1.2) })
	case '-':
		c.move(func(cam *render3d.Camera) { cam.Zoom(1.2) })
	case 'f', 'F':
		c.FitAll()
	}
}

// cameraKeys are the keys that move the camera: the arrows turn it, Page
// Up and Down zoom, Home puts it back.
var cameraKeys = map[fyne.KeyName]func(c *render3d.Camera){
	fyne.KeyLeft:     func(c *render3d.Camera) { c.Orbit(cameraStep, 0) },
	fyne.KeyRight:    func(c *render3d.Camera) { c.Orbit(-cameraStep, 0) },
	fyne.KeyUp:       func(c *render3d.Camera) { c.Orbit(0, cameraStep) },
	fyne.KeyDown:     func(c *render3d.Camera) { c.Orbit(0, -cameraStep) },
	fyne.KeyPageUp:   func(c *render3d.Camera) { c.Zoom(1 / 1.2) },
	fyne.KeyPageDown: func(c *render3d.Camera) { c.Zoom(1.2) },
	fyne.KeyHome:     func(c *render3d.Camera) { *c = render3d.DefaultCamera() },
}

// cameraStep is the turn of one arrow key, in radians.
const cameraStep = 0.08

// key moves the camera for a key; it reports whether the key was one.
func (c *mapCamera) key(name fyne.KeyName) bool {
	if f := cameraKeys[name]; f != nil {
		c.move(f)
		return true
	}
	return false
}

// windowKey takes a key pressed anywhere in the window for the map, unless
// something else has the keyboard for it: the map itself (it gets its
// keys as they are), a text field (it types them), or a list or tree,
// which keeps its arrow keys. It reports whether the key was the map's.
func (c *mapCamera) windowKey(e *fyne.KeyEvent, focused, view fyne.Focusable) bool {
	if focused == view || altHeld() || shortcutHeld() {
		// Alt with a key steps through turns (see turns.go); Ctrl with a
		// key is a menu's shortcut (Ctrl+F searches), not the map's key.
		return false
	}
	if _, typing := focused.(interface{ SelectedText() string }); typing {
		return false
	}
	switch e.Name {
	case fyne.KeyF:
		c.FitAll()
	case fyne.KeyPlus, fyne.KeyEqual:
		c.rune('+')
	case fyne.KeyMinus:
		c.rune('-')
	case fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeyHome:
		c.key(e.Name)
	case fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown:
		return focused == nil && c.key(e.Name)
	default:
		return false
	}
	return true
}
