package app

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/render3d"
)

// MapView shows the 3D map of the state's game and turns the mouse and
// keyboard into camera moves and picks. It draws from the state: the map
// of the game shown, the courses of the engine's forecast and the ruler,
// the selection and the camera; every change of those reaches it through
// its subscription, on both frame paths. Frames are rendered only when
// something changed.
//
// With a threaded renderer (the default) the window never waits for a
// frame: it shows the last one until the next is ready.
type MapView struct {
	widget.BaseWidget
	st *State

	newFrames func() (render3d.Frames, error)
	frames    render3d.Frames
	note      string // why the view fell back to software, or what failed

	m           *render3d.Map
	mapSent     bool
	courses     []render3d.Course
	coursesSent bool
	changed     bool
	last        image.Image
	pw, ph      int // size of the last frame, in pixels
	raster      *canvas.Raster
	noteText    *canvas.Text
	hint        *canvas.Text
	rendering   bool // inside frame(): camera changes made there need no redraw

	window render3d.Window // the window the frames are shown in, for screenshots

	plain     bool // measuring the floor: show the images of plainImgs in turn
	plainImgs [2]image.Image
	plainN    int
	fresh     bool // the next hand-over is a frame not shown before
	// OnShown is called when Fyne is handed a new image to show (measuring).
	OnShown func()

	inFlight, pending bool // an asynchronous frame is being drawn; another is wanted

	// A drag with Shift, or with the right button, moves the map. Fyne
	// sends no drag events for the right button, so that drag is made of
	// its button and hover events.
	shiftDrag bool
	panning   bool
	panFrom   fyne.Position
	hover     int

	// OnPick is called when the player clicks the map, with the body under
	// the pointer (or -1) and where, unless the click answers a pick.
	OnPick func(i int, pos fyne.Position)
	// request is the pick asked for, if any: the next click answers it,
	// as soon as the button comes up (a tap waits to tell a double-click,
	// and keys typed meanwhile would go astray); the tap that follows is
	// then skipped.
	request    *pickRequest
	downAt     fyne.Position
	answeredAt time.Time
	// OnFrame is called after each frame with the time it took.
	OnFrame func(d time.Duration)
}

// NewMapView returns a map view of st's game drawing with the frames
// newFrames makes; when that fails, it draws in software and says why.
func NewMapView(st *State, newFrames func() (render3d.Frames, error)) *MapView {
	v := &MapView{st: st, newFrames: newFrames, hover: -1, changed: true}
	v.raster = canvas.NewRaster(v.frame)
	v.noteText = canvas.NewText("", color.NRGBA{255, 200, 120, 255})
	v.noteText.TextSize = theme.CaptionTextSize()
	v.hint = canvas.NewText("drag: turn · right-drag or Shift-drag: move · wheel: zoom · double-click: centre · F: fit all",
		color.NRGBA{150, 160, 190, 255})
	v.hint.TextSize = theme.CaptionTextSize()
	v.ExtendBaseWidget(v)
	st.Subscribe(v.changedState)
	st.setMapKeys(v.WindowKey)
	return v
}

func (v *MapView) changedState(c Change) {
	g := v.st.Game()
	if c.Has(ChangeGame | ChangeMemory) {
		v.m, v.mapSent = nil, false
		if g != nil {
			v.m = g.Map
		}
	}
	if c.Has(ChangeGame | ChangeForecast | ChangeRuler) {
		v.courses, v.coursesSent = mapCourses(v.st), false
	}
	if c.Has(ChangeSelection) {
		switch v.st.SelectedFrom() {
		case FromTree, FromDetails, FromNext, FromShips, FromChanges:
			if v.m != nil && g != nil {
				v.CentreOn(v.m.Find(g.Selection(v.st.Selected()).Key))
			}
		}
	}
	if c == ChangeCamera && v.rendering {
		return
	}
	// What the map draws; the hover, the chosen order, the tab and a pick
	// change nothing on it, nor do the orders until their forecast comes.
	if c.Has(ChangeGame | ChangeSelection | ChangeCamera | ChangeMemory | ChangeForecast | ChangeRuler) {
		v.redraw()
	}
}

// Map is the map shown.
func (v *MapView) Map() *render3d.Map { return v.m }

// Selection is what is highlighted.
func (v *MapView) Selection() render3d.Selection {
	if g := v.st.Game(); g != nil {
		return g.Selection(v.st.Selected())
	}
	return render3d.Selection{}
}

// Camera is the camera.
func (v *MapView) Camera() render3d.Camera { return v.st.Camera() }

// SetCamera moves the camera, as the player does.
func (v *MapView) SetCamera(c render3d.Camera) { v.st.SetCamera(c, true) }

func (v *MapView) moveCamera(f func(c *render3d.Camera)) {
	c := v.st.Camera()
	f(&c)
	v.st.SetCamera(c, true)
}

// FitAll aims the camera so that every body shows.
func (v *MapView) FitAll() {
	v.moveCamera(func(c *render3d.Camera) {
		if v.m != nil && v.pw > 0 {
			c.Fit(v.m.Points(), v.pw, v.ph)
		} else {
			*c = render3d.DefaultCamera()
		}
	})
}

// CentreOn aims the camera at body i, at the zoom it has.
func (v *MapView) CentreOn(i int) {
	if v.m == nil || i < 0 || i >= len(v.m.Bodies) {
		return
	}
	v.moveCamera(func(c *render3d.Camera) { c.Target = v.m.Bodies[i].Pos })
}

// ZoomTo aims the camera at body i and comes closer if it is far.
func (v *MapView) ZoomTo(i int) {
	if v.m == nil || i < 0 || i >= len(v.m.Bodies) {
		return
	}
	v.moveCamera(func(c *render3d.Camera) {
		c.Target = v.m.Bodies[i].Pos
		c.Distance = math.Min(c.Distance, 220)
	})
}

func (v *MapView) redraw() {
	v.changed = true
	if af := v.async(); af != nil {
		// The frame on screen stays until the new one is drawn.
		v.requestFrame(af)
		return
	}
	v.raster.Refresh()
}

type asyncFrames interface {
	RenderAsync(sel render3d.Selection, c render3d.Camera, w, h int, done func(*image.RGBA, error))
}

func (v *MapView) async() asyncFrames {
	af, _ := v.frames.(asyncFrames)
	return af
}

// send gives the renderer the map and courses it has not had yet.
func (v *MapView) send() {
	if !v.mapSent && v.m != nil {
		v.frames.SetMap(v.m)
		v.mapSent = true
	}
	if !v.coursesSent {
		v.frames.SetCourses(v.courses)
		v.coursesSent = true
	}
}

// fit places the camera on the map when nothing placed it yet.
func (v *MapView) fit(w, h int) {
	if v.st.CameraSet() || v.m == nil || w < 1 || h < 1 {
		return
	}
	c := v.st.Camera()
	c.Fit(v.m.Points(), w, h)
	v.rendering = true
	v.st.SetCamera(c, false)
	v.rendering = false
}

// requestFrame asks the renderer's thread for a frame of the current view;
// while one is being drawn, the request waits and merges with later ones.
func (v *MapView) requestFrame(af asyncFrames) {
	if v.pw < 1 || v.ph < 1 {
		return // no size yet: the first paint asks
	}
	if v.inFlight {
		v.pending = true
		return
	}
	v.send()
	v.fit(v.pw, v.ph)
	v.inFlight, v.pending, v.changed = true, false, false
	start := time.Now()
	af.RenderAsync(v.Selection(), v.st.Camera(), v.pw, v.ph, func(img *image.RGBA, err error) {
		fyne.Do(func() {
			v.inFlight = false
			if err != nil {
				v.fallBack(err)
				v.mapSent, v.coursesSent = false, false
				v.changed = true
				v.raster.Refresh()
				return
			}
			v.last, v.fresh = img, true
			if v.OnFrame != nil {
				v.OnFrame(time.Since(start))
			}
			if v.pending {
				v.requestFrame(af)
			}
			v.raster.Refresh()
		})
	})
}

// handOver gives Fyne an image to show, noting when it is a new frame.
func (v *MapView) handOver(img image.Image) image.Image {
	if v.fresh {
		v.fresh = false
		if v.OnShown != nil {
			v.OnShown()
		}
	}
	return img
}

// blank is shown until the first frame is ready: space, without the map.
func blank(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bg := render3d.Background
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = bg.R, bg.G, bg.B, 255
	}
	return img
}

// frame is the raster's generator. With a threaded renderer it only asks
// for a frame and shows the last one; otherwise it renders when something
// changed.
func (v *MapView) frame(w, h int) image.Image {
	if w < 1 || h < 1 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if v.plain {
		// Measuring the floor: hand Fyne a finished image, another each
		// paint so that each is uploaded anew; render nothing.
		v.plainN++
		v.fresh = true
		return v.handOver(v.plainImgs[v.plainN%2])
	}
	// The frames are made while the window paints, with its context current.
	if !v.window.Valid() {
		v.window = render3d.CurrentWindow()
	}
	if v.frames == nil {
		v.initFrames()
	}
	if af := v.async(); af != nil {
		if w != v.pw || h != v.ph || v.last == nil {
			v.pw, v.ph = w, h
			v.changed = true
		}
		if v.changed {
			v.requestFrame(af)
		}
		if v.last == nil {
			return blank(w, h)
		}
		return v.handOver(v.last)
	}
	if !v.changed && v.last != nil && w == v.pw && h == v.ph {
		return v.handOver(v.last)
	}
	start := time.Now()
	v.send()
	v.pw, v.ph = w, h
	v.fit(w, h)
	img, err := v.frames.Render(v.Selection(), v.st.Camera(), w, h)
	if err != nil {
		v.fallBack(err)
		v.mapSent, v.coursesSent = false, false
		v.send()
		if img, err = v.frames.Render(v.Selection(), v.st.Camera(), w, h); err != nil {
			v.failed(err)
			return blank(w, h)
		}
	}
	v.last, v.changed, v.fresh = img, false, true
	if v.OnFrame != nil {
		v.OnFrame(time.Since(start))
	}
	return v.handOver(img)
}

func (v *MapView) initFrames() {
	f, err := v.newFrames()
	if err != nil {
		v.fallBack(err)
		return
	}
	v.frames = f
}

// fallBack draws in software from now on, and says why.
func (v *MapView) fallBack(err error) {
	sw, serr := render3d.NewSoftware(render3d.DefaultPalette())
	if serr != nil {
		v.failed(serr)
		return
	}
	v.frames = sw
	v.setNote("3D acceleration unavailable (" + err.Error() + "); drawing in software")
}

// failed says that the map cannot be drawn at all.
func (v *MapView) failed(err error) {
	v.setNote("The map cannot be drawn: " + err.Error())
}

func (v *MapView) setNote(s string) {
	v.note = s
	v.noteText.Text = s
	v.noteText.Refresh()
}

// WindowPixels reads back the pixels of the whole window the map is in.
func (v *MapView) WindowPixels() (image.Image, error) { return v.window.Capture() }

// PlanePoint is where the ray through a position meets the level plane at
// height z (for picking a point in space), if it does in front of the eye.
func (v *MapView) PlanePoint(p fyne.Position, z float64) (render3d.Vec, bool) {
	if v.pw == 0 {
		return render3d.Vec{}, false
	}
	x, y := v.pixel(p)
	o, d := v.st.Camera().Ray(x, y, v.pw, v.ph)
	if math.Abs(d[2]) < 1e-9 {
		return render3d.Vec{}, false
	}
	t := (z - o[2]) / d[2]
	if t <= 0 {
		return render3d.Vec{}, false
	}
	return o.Add(d.Scale(t)), true
}

// Note says why the view draws in software, or is empty.
func (v *MapView) Note() string { return v.note }

// pixel converts a position in the widget to a pixel of the frame.
func (v *MapView) pixel(p fyne.Position) (float64, float64) {
	s := v.Size()
	if s.Width <= 0 || s.Height <= 0 || v.pw == 0 {
		return float64(p.X), float64(p.Y)
	}
	return float64(p.X) * float64(v.pw) / float64(s.Width), float64(p.Y) * float64(v.ph) / float64(s.Height)
}

func (v *MapView) pick(p fyne.Position) int {
	if v.m == nil || v.pw == 0 {
		return -1
	}
	x, y := v.pixel(p)
	return render3d.Pick(v.m, v.st.Camera(), x, y, v.pw, v.ph)
}

// Tapped picks the body under the pointer.
func (v *MapView) Tapped(e *fyne.PointEvent) {
	if v.answeredTap() {
		return // the form the pick was for has the keyboard
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v)
	}
	i := v.pick(e.Position)
	if v.request != nil {
		v.answerPick(i, e.Position)
		return
	}
	if v.OnPick != nil {
		v.OnPick(i, e.Position)
	}
}

// DoubleTapped centres the camera on the body under the pointer and
// comes closer.
func (v *MapView) DoubleTapped(e *fyne.PointEvent) {
	if v.request != nil || v.answeredTap() {
		return // the first click answered the pick
	}
	if i := v.pick(e.Position); i >= 0 {
		v.ZoomTo(i)
		if v.OnPick != nil {
			v.OnPick(i, e.Position)
		}
	}
}

// MouseDown starts a move of the map with the right button, and notes
// whether a drag is to move (Shift) or turn.
func (v *MapView) MouseDown(e *desktop.MouseEvent) {
	v.downAt = e.Position
	v.shiftDrag = e.Modifier&fyne.KeyModifierShift != 0
	if e.Button == desktop.MouseButtonSecondary {
		v.panning, v.panFrom = true, e.Position
	}
}

// MouseUp ends a right-button move.
func (v *MapView) MouseUp(e *desktop.MouseEvent) {
	if e.Button == desktop.MouseButtonSecondary {
		v.panning = false
	}
	if d := e.Position.Subtract(v.downAt); v.request != nil && e.Button == desktop.MouseButtonPrimary && d.X*d.X+d.Y*d.Y < 25 {
		v.answeredAt = time.Now()
		i, pos := v.pick(e.Position), e.Position
		// Answered once the toolkit is done with this release: it takes
		// the keyboard from whatever is under the pointer then, which the
		// form brought back by the answer would be.
		go fyne.Do(func() {
			if v.request != nil {
				v.answerPick(i, pos)
			}
		})
	}
}

// answeredTap reports whether a tap is the one whose button's release
// answered a pick a moment ago.
func (v *MapView) answeredTap() bool {
	if v.answeredAt.IsZero() {
		return false
	}
	recent := time.Since(v.answeredAt) < time.Second
	v.answeredAt = time.Time{}
	return recent
}

// pan moves the map by a distance on screen.
func (v *MapView) pan(dx, dy float32) {
	x, y := v.pixel(fyne.NewPos(dx, dy))
	h := max(v.ph, 1)
	v.moveCamera(func(c *render3d.Camera) { c.Pan(x, y, h) })
}

// Dragged turns the camera, or moves it with Shift.
func (v *MapView) Dragged(e *fyne.DragEvent) {
	if v.shiftDrag || v.panning {
		v.pan(e.Dragged.DX, e.Dragged.DY)
		return
	}
	v.moveCamera(func(c *render3d.Camera) {
		c.Orbit(-float64(e.Dragged.DX)*0.008, float64(e.Dragged.DY)*0.008)
	})
}

// DragEnd ends a drag.
func (v *MapView) DragEnd() { v.shiftDrag = false }

// Scrolled zooms toward the point under the pointer, which stays where it
// is on the screen.
func (v *MapView) Scrolled(e *fyne.ScrollEvent) {
	factor := math.Pow(1.15, -float64(e.Scrolled.DY)/10)
	v.moveCamera(func(c *render3d.Camera) {
		if v.pw < 1 {
			c.Zoom(factor)
			return
		}
		x, y := v.pixel(e.Position)
		c.ZoomAt(factor, x, y, v.pw, v.ph)
	})
}

// MouseIn reports what is under the pointer.
func (v *MapView) MouseIn(e *desktop.MouseEvent) { v.MouseMoved(e) }

// MouseMoved reports the body under the pointer and moves the map while
// the right button is down.
func (v *MapView) MouseMoved(e *desktop.MouseEvent) {
	if v.panning {
		if e.Button&desktop.MouseButtonSecondary == 0 && e.Button != 0 {
			v.panning = false
		} else {
			d := e.Position.Subtract(v.panFrom)
			v.panFrom = e.Position
			if d.X != 0 || d.Y != 0 {
				v.pan(d.X, d.Y)
			}
			return
		}
	}
	if i := v.pick(e.Position); i != v.hover {
		v.hover = i
		v.st.SetHover(i)
	}
}

// MouseOut clears the hover.
func (v *MapView) MouseOut() {
	v.panning = false
	if v.hover != -1 {
		v.hover = -1
		v.st.SetHover(-1)
	}
}

// FocusGained and FocusLost make the view take keys.
func (v *MapView) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (v *MapView) FocusLost() {}

// TypedRune zooms with + and -, fits with F.
func (v *MapView) TypedRune(r rune) {
	switch r {
	case '+', '=':
		v.moveCamera(func(c *render3d.Camera) { c.Zoom(1 / 1.2) })
	case '-':
		v.moveCamera(func(c *render3d.Camera) { c.Zoom(1.2) })
	case 'f', 'F':
		v.FitAll()
	}
}

// TypedKey turns the camera with the arrows; Home resets it; Escape
// gives up a pick.
func (v *MapView) TypedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeyEscape && v.request != nil {
		r := v.request
		v.CancelPick()
		r.done(Pick{}, false)
		return
	}
	const step = 0.08
	move := map[fyne.KeyName]func(c *render3d.Camera){
		fyne.KeyLeft:     func(c *render3d.Camera) { c.Orbit(step, 0) },
		fyne.KeyRight:    func(c *render3d.Camera) { c.Orbit(-step, 0) },
		fyne.KeyUp:       func(c *render3d.Camera) { c.Orbit(0, step) },
		fyne.KeyDown:     func(c *render3d.Camera) { c.Orbit(0, -step) },
		fyne.KeyPageUp:   func(c *render3d.Camera) { c.Zoom(1 / 1.2) },
		fyne.KeyPageDown: func(c *render3d.Camera) { c.Zoom(1.2) },
		fyne.KeyHome:     func(c *render3d.Camera) { *c = render3d.DefaultCamera() },
	}[e.Name]
	if move != nil {
		v.moveCamera(move)
	}
}

// MinSize keeps the map usable.
func (v *MapView) MinSize() fyne.Size { return fyne.NewSize(320, 240) }

// CreateRenderer lays the frame out with the note and the hint over it.
func (v *MapView) CreateRenderer() fyne.WidgetRenderer {
	hint := container.NewBorder(nil, container.NewHBox(v.hint), nil, nil)
	note := container.NewBorder(container.NewHBox(v.noteText), nil, nil, nil)
	return widget.NewSimpleRenderer(container.NewStack(v.raster, container.NewPadded(hint), container.NewPadded(note)))
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

// PickKind is what a pick on the map asks for.
type PickKind uint8

// The kinds of pick.
const (
	PickNothing PickKind = iota
	PickShip
	PickPlanet
	PickPoint // a place: a body's, or a point on a level plane
)

// Pick is what the player picked on the map: a ship or a planet (Key),
// and its place or the point in space clicked (Loc).
type Pick struct {
	Key model.Key
	Loc geom.Point
}

// Text is the pick as an order's arguments: the number of the ship or
// planet, or the place's X Y Z.
func (p Pick) Text() string {
	if !p.Key.IsZero() {
		return strconv.Itoa(p.Key.ID)
	}
	return fmt.Sprintf("%d %d %d", p.Loc.X, p.Loc.Y, p.Loc.Z)
}

type pickRequest struct {
	kind PickKind
	z    float64 // the level of the plane a point is picked on
	done func(Pick, bool)
}

// RequestPick asks that the next click on the map pick a ship, a planet
// or a place (on the level plane at height z, or a body's); done gets
// what was picked, or false when the click found nothing of that kind or
// the player pressed Escape. what says what the pick is for.
func (v *MapView) RequestPick(k PickKind, what string, z float64, done func(Pick, bool)) {
	v.request = &pickRequest{kind: k, z: z, done: done}
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v) // Escape reaches the map
	}
	noun := map[PickKind]string{PickShip: "a ship", PickPlanet: "a planet", PickPoint: "a place (or a planet or ship)"}[k]
	v.st.setPicking(k, "Click "+noun+" on the map for "+what+"; Esc to cancel.")
}

// CancelPick drops the pick asked for, if any, without an answer.
func (v *MapView) CancelPick() {
	if v.request != nil {
		v.request = nil
		v.st.setPicking(PickNothing, "")
	}
}

func (v *MapView) answerPick(i int, pos fyne.Position) {
	r := v.request
	v.CancelPick()
	var b *render3d.Body
	if v.m != nil && i >= 0 && i < len(v.m.Bodies) {
		b = &v.m.Bodies[i]
	}
	switch {
	case r.kind == PickShip && b != nil && b.Kind.IsShip(), r.kind == PickPlanet && b != nil && !b.Kind.IsShip():
		r.done(Pick{Key: b.Object(), Loc: b.Loc}, true)
	case r.kind == PickPoint && b != nil:
		r.done(Pick{Loc: b.Loc}, true)
	case r.kind == PickPoint:
		if p, ok := v.PlanePoint(pos, r.z); ok {
			r.done(Pick{Loc: geom.Point{X: geom.Round(p[0]), Y: geom.Round(p[1]), Z: geom.Round(p[2])}}, true)
			return
		}
		r.done(Pick{}, false)
	default:
		r.done(Pick{}, false)
	}
}

// WindowKey takes a key pressed anywhere in the window for the map, unless
// something else has the keyboard for it: the map itself (it gets its
// keys as they are), a text field (it types them), or a list or tree,
// which keeps its arrow keys. It reports whether the key was the map's.
func (v *MapView) WindowKey(e *fyne.KeyEvent, focused fyne.Focusable) bool {
	if focused == v || altHeld() {
		return false // Alt with a key steps through turns (see turns.go)
	}
	if _, typing := focused.(interface{ SelectedText() string }); typing {
		return false
	}
	switch e.Name {
	case fyne.KeyF:
		v.FitAll()
	case fyne.KeyPlus, fyne.KeyEqual:
		v.TypedRune('+')
	case fyne.KeyMinus:
		v.TypedRune('-')
	case fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeyHome:
		v.TypedKey(e)
	case fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown:
		if focused != nil {
			return false
		}
		v.TypedKey(e)
	default:
		return false
	}
	return true
}
