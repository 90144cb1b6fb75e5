package app

import (
	"image"
	"image/color"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/render3d"
)

// MapView shows the 3D map and turns the mouse and keyboard into camera
// moves and picks. Frames are rendered only when something changed: the
// map, the selection, the camera or the size.
type MapView struct {
	widget.BaseWidget

	newFrames func() (render3d.Frames, error)
	frames    render3d.Frames
	note      string // why the view fell back to software rendering

	m           *render3d.Map
	mapSent     bool
	courses     []render3d.Course
	coursesSent bool
	sel         render3d.Selection
	cam         render3d.Camera
	fitted      bool
	changed     bool
	last        image.Image
	pw, ph      int // size of the last frame, in pixels
	raster      *canvas.Raster
	noteText    *canvas.Text
	hint        *canvas.Text

	window render3d.Window // the window the frames are shown in, for screenshots

	plain     bool // measuring the floor: show the images of plainImgs in turn
	plainImgs [2]image.Image
	plainN    int
	fresh     bool // the next hand-over is a frame not shown before
	// OnShown is called when Fyne is handed a new image to show (measuring).
	OnShown func()

	inFlight, pending bool // an asynchronous frame is being drawn; another is wanted

	secondary bool // the drag is with the right button, or with Shift: pan
	hover     int

	// OnPick is called with the index of the body clicked, or -1.
	OnPick func(i int)
	// OnClick, when set, gets every click first with the body (or -1) and
	// the position; it returns true when it used the click.
	OnClick func(i int, pos fyne.Position) bool
	// OnHover is called with the index of the body under the pointer, or -1.
	OnHover func(i int)
	// OnCamera is called when the player has moved the camera.
	OnCamera func()
	// OnFrame is called after each frame with the time it took.
	OnFrame func(d time.Duration)
}

// NewMapView returns a map view drawing with the frames newFrames makes;
// when that fails, it draws in software and says why.
func NewMapView(newFrames func() (render3d.Frames, error)) *MapView {
	v := &MapView{newFrames: newFrames, cam: render3d.DefaultCamera(), hover: -1, changed: true}
	v.raster = canvas.NewRaster(v.frame)
	v.noteText = canvas.NewText("", color.NRGBA{255, 200, 120, 255})
	v.noteText.TextSize = theme.CaptionTextSize()
	v.hint = canvas.NewText("drag: turn · right-drag or Shift: move · wheel: zoom · double-click: centre · F: fit all",
		color.NRGBA{150, 160, 190, 255})
	v.hint.TextSize = theme.CaptionTextSize()
	v.ExtendBaseWidget(v)
	return v
}

// SetMap shows a new map and fits the camera to it.
func (v *MapView) SetMap(m *render3d.Map) {
	v.m, v.mapSent, v.fitted = m, false, false
	v.sel = render3d.Selection{}
	v.redraw()
}

// Map is the map shown.
func (v *MapView) Map() *render3d.Map { return v.m }

// Select highlights a body with the ranges given.
func (v *MapView) Select(sel render3d.Selection) {
	v.sel = sel
	v.redraw()
}

// Selection is what is highlighted.
func (v *MapView) Selection() render3d.Selection { return v.sel }

// Camera is the camera.
func (v *MapView) Camera() render3d.Camera { return v.cam }

// SetCamera moves the camera.
func (v *MapView) SetCamera(c render3d.Camera) {
	v.cam, v.fitted = c, true
	v.redraw()
}

// FitAll aims the camera so that every body shows.
func (v *MapView) FitAll() {
	if v.m != nil && v.pw > 0 {
		v.cam.Fit(v.m.Points(), v.pw, v.ph)
	} else {
		v.cam = render3d.DefaultCamera()
	}
	v.fitted = true
	v.redraw()
}

// CentreOn aims the camera at body i, coming closer if far.
func (v *MapView) CentreOn(i int) {
	if v.m == nil || i < 0 || i >= len(v.m.Bodies) {
		return
	}
	v.cam.Target = v.m.Bodies[i].Pos
	v.cam.Distance = math.Min(v.cam.Distance, 220)
	v.fitted = true
	v.redraw()
}

func (v *MapView) redraw() {
	v.changed = true
	if af := v.async(); af != nil && v.last != nil {
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

// requestFrame asks the renderer's thread for a frame of the current view;
// while one is being drawn, the request waits and merges with later ones.
func (v *MapView) requestFrame(af asyncFrames) {
	if v.inFlight {
		v.pending = true
		return
	}
	v.inFlight, v.pending, v.changed = true, false, false
	start := time.Now()
	af.RenderAsync(v.sel, v.cam, v.pw, v.ph, func(img *image.RGBA, err error) {
		fyne.Do(func() {
			v.inFlight = false
			if err != nil {
				v.fallBack(err)
				v.mapSent, v.coursesSent, v.last = false, false, nil
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

// frame is the raster's generator: it renders when something changed.
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
	if af := v.async(); af != nil && v.last != nil {
		if w != v.pw || h != v.ph {
			v.pw, v.ph = w, h
			v.changed = true
			v.requestFrame(af)
		}
		return v.handOver(v.last)
	}
	if !v.changed && v.last != nil && w == v.pw && h == v.ph {
		return v.handOver(v.last)
	}
	start := time.Now()
	// The frame is made while the window paints, with its context current.
	if !v.window.Valid() {
		v.window = render3d.CurrentWindow()
	}
	if v.frames == nil {
		v.initFrames()
	}
	if !v.mapSent && v.m != nil {
		v.frames.SetMap(v.m)
		v.mapSent = true
	}
	if !v.coursesSent {
		v.frames.SetCourses(v.courses)
		v.coursesSent = true
	}
	v.pw, v.ph = w, h
	if !v.fitted && v.m != nil {
		v.cam.Fit(v.m.Points(), w, h)
		v.fitted = true
	}
	img, err := v.frames.Render(v.sel, v.cam, w, h)
	if err != nil {
		v.fallBack(err)
		v.frames.SetMap(v.m)
		v.frames.SetCourses(v.courses)
		img, _ = v.frames.Render(v.sel, v.cam, w, h)
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

func (v *MapView) fallBack(err error) {
	sw, serr := render3d.NewSoftware(render3d.DefaultPalette())
	if serr != nil {
		panic(serr) // the embedded fonts are broken: a build error, not a user's
	}
	v.frames = sw
	v.note = "3D acceleration unavailable (" + err.Error() + "); drawing in software"
	v.noteText.Text = v.note
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
	o, d := v.cam.Ray(x, y, v.pw, v.ph)
	if math.Abs(d[2]) < 1e-9 {
		return render3d.Vec{}, false
	}
	t := (z - o[2]) / d[2]
	if t <= 0 {
		return render3d.Vec{}, false
	}
	return o.Add(d.Scale(t)), true
}

// SetCourses shows planned movements.
func (v *MapView) SetCourses(cs []render3d.Course) {
	v.courses = cs
	v.coursesSent = false
	v.redraw()
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
	return render3d.Pick(v.m, v.cam, x, y, v.pw, v.ph)
}

// Tapped picks the body under the pointer.
func (v *MapView) Tapped(e *fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v)
	}
	i := v.pick(e.Position)
	if v.OnClick != nil && v.OnClick(i, e.Position) {
		return
	}
	if v.OnPick != nil {
		v.OnPick(i)
	}
}

// DoubleTapped centres the camera on the body under the pointer.
func (v *MapView) DoubleTapped(e *fyne.PointEvent) {
	if i := v.pick(e.Position); i >= 0 {
		v.CentreOn(i)
		if v.OnPick != nil {
			v.OnPick(i)
		}
	}
}

// MouseDown notes which button drags.
func (v *MapView) MouseDown(e *desktop.MouseEvent) {
	v.secondary = e.Button == desktop.MouseButtonSecondary || e.Modifier&fyne.KeyModifierShift != 0
}

// MouseUp ends a drag.
func (v *MapView) MouseUp(*desktop.MouseEvent) {}

// Dragged turns the camera, or moves it with the right button or Shift.
func (v *MapView) Dragged(e *fyne.DragEvent) {
	if v.secondary {
		x, y := v.pixel(fyne.NewPos(e.Dragged.DX, e.Dragged.DY))
		v.cam.Pan(x, y, max(v.ph, 1))
	} else {
		v.cam.Orbit(-float64(e.Dragged.DX)*0.008, float64(e.Dragged.DY)*0.008)
	}
	v.fitted = true
	v.redraw()
}

// DragEnd ends a drag.
func (v *MapView) DragEnd() {
	v.secondary = false
	if v.OnCamera != nil {
		v.OnCamera()
	}
}

// Scrolled zooms.
func (v *MapView) Scrolled(e *fyne.ScrollEvent) {
	v.cam.Zoom(math.Pow(1.15, -float64(e.Scrolled.DY)/10))
	v.fitted = true
	v.redraw()
}

// MouseIn, MouseMoved and MouseOut report what is under the pointer.
func (v *MapView) MouseIn(e *desktop.MouseEvent) { v.MouseMoved(e) }

// MouseMoved reports the body under the pointer.
func (v *MapView) MouseMoved(e *desktop.MouseEvent) {
	if i := v.pick(e.Position); i != v.hover {
		v.hover = i
		if v.OnHover != nil {
			v.OnHover(i)
		}
	}
}

// MouseOut clears the hover.
func (v *MapView) MouseOut() {
	if v.hover != -1 {
		v.hover = -1
		if v.OnHover != nil {
			v.OnHover(-1)
		}
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
		v.cam.Zoom(1 / 1.2)
	case '-':
		v.cam.Zoom(1.2)
	case 'f', 'F':
		v.FitAll()
		return
	default:
		return
	}
	v.fitted = true
	v.redraw()
}

// TypedKey turns the camera with the arrows; Home resets it.
func (v *MapView) TypedKey(e *fyne.KeyEvent) {
	const step = 0.08
	switch e.Name {
	case fyne.KeyLeft:
		v.cam.Orbit(step, 0)
	case fyne.KeyRight:
		v.cam.Orbit(-step, 0)
	case fyne.KeyUp:
		v.cam.Orbit(0, step)
	case fyne.KeyDown:
		v.cam.Orbit(0, -step)
	case fyne.KeyPageUp:
		v.cam.Zoom(1 / 1.2)
	case fyne.KeyPageDown:
		v.cam.Zoom(1.2)
	case fyne.KeyHome:
		v.cam = render3d.DefaultCamera()
	default:
		return
	}
	v.fitted = true
	v.redraw()
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
