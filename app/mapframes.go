package app

import (
	"image"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"silverfall/render3d"
)

// mapFrames makes the map's frames: it hands the renderer the map and the
// courses it has not had yet and asks for a frame when something changed.
// With a threaded renderer (the default) the window never waits for a
// frame: it shows the last one until the next is ready. When the renderer
// fails it draws in software from then on, and the overlay says why.
type mapFrames struct {
	st      *State
	cam     *mapCamera
	overlay *mapOverlay
	size    func() fyne.Size // the widget's size, in which positions are given

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
	rendering   bool // inside frame(): camera changes made there need no redraw

	window render3d.Window // the window the frames are shown in, for screenshots

	plain     bool // measuring the floor: show the images of plainImgs in turn
	plainImgs [2]image.Image
	plainN    int
	fresh     bool // the next hand-over is a frame not shown before
	// OnShown is called when Fyne is handed a new image to show (measuring).
	OnShown func()

	inFlight, pending bool // an asynchronous frame is being drawn; another is wanted

	// OnFrame is called after each frame with the time it took.
	OnFrame func(d time.Duration)
}

func newMapFrames(st *State, newFrames func() (render3d.Frames, error), overlay *mapOverlay) *mapFrames {
	f := &mapFrames{st: st, newFrames: newFrames, overlay: overlay, changed: true}
	f.raster = canvas.NewRaster(f.frame)
	return f
}

// redraw asks for a frame of what the state shows now.
func (f *mapFrames) redraw() {
	f.changed = true
	if af := f.async(); af != nil {
		// The frame on screen stays until the new one is drawn.
		f.requestFrame(af)
		return
	}
	f.raster.Refresh()
}

type asyncFrames interface {
	RenderAsync(sel render3d.Selection, c render3d.Camera, w, h int, done func(*image.RGBA, error))
}

func (f *mapFrames) async() asyncFrames {
	af, _ := f.frames.(asyncFrames)
	return af
}

// send gives the renderer the map and courses it has not had yet.
func (f *mapFrames) send() {
	if !f.mapSent && f.m != nil {
		f.frames.SetMap(f.m)
		f.mapSent = true
	}
	if !f.coursesSent {
		f.frames.SetCourses(f.courses)
		f.coursesSent = true
	}
}

// fit places the camera on the map when nothing placed it yet; the camera
// change it makes needs no frame of its own.
func (f *mapFrames) fit(w, h int) {
	f.rendering = true
	f.cam.fitFirst(w, h)
	f.rendering = false
}

// pixel converts a position in the widget to a pixel of the frame.
func (f *mapFrames) pixel(p fyne.Position) (float64, float64) {
	s := f.size()
	if s.Width <= 0 || s.Height <= 0 || f.pw == 0 {
		return float64(p.X), float64(p.Y)
	}
	return float64(p.X) * float64(f.pw) / float64(s.Width), float64(p.Y) * float64(f.ph) / float64(s.Height)
}

// selection is what the frame highlights.
func (f *mapFrames) selection() render3d.Selection {
	if g := f.st.Game(); g != nil {
		return g.Selection(f.st.Selected())
	}
	return render3d.Selection{}
}

// requestFrame asks the renderer's thread for a frame of the current view;
// while one is being drawn, the request waits and merges with later ones.
func (f *mapFrames) requestFrame(af asyncFrames) {
	if f.pw < 1 || f.ph < 1 {
		return // no size yet: the first paint asks
	}
	if f.inFlight {
		f.pending = true
		return
	}
	f.send()
	f.fit(f.pw, f.ph)
	f.inFlight, f.pending, f.changed = true, false, false
	start := time.Now()
	af.RenderAsync(f.selection(), f.st.Camera(), f.pw, f.ph, func(img *image.RGBA, err error) {
		fyne.Do(func() { f.arrived(af, img, err, start) })
	})
}

// arrived takes a frame from the renderer's thread, on Fyne's.
func (f *mapFrames) arrived(af asyncFrames, img *image.RGBA, err error, start time.Time) {
	f.inFlight = false
	if err != nil {
		f.fallBack(err)
		f.mapSent, f.coursesSent = false, false
		f.changed = true
		f.raster.Refresh()
		return
	}
	f.last, f.fresh = img, true
	if f.OnFrame != nil {
		f.OnFrame(time.Since(start))
	}
	if f.pending {
		f.requestFrame(af)
	}
	f.raster.Refresh()
}

// handOver gives Fyne an image to show, noting when it is a new frame.
func (f *mapFrames) handOver(img image.Image) image.Image {
	if f.fresh {
		f.fresh = false
		if f.OnShown != nil {
			f.OnShown()
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
func (f *mapFrames) frame(w, h int) image.Image {
	if w < 1 || h < 1 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if f.plain {
		// Measuring the floor: hand Fyne a finished image, another each
		// paint so that each is uploaded anew; render nothing.
		f.plainN++
		f.fresh = true
		return f.handOver(f.plainImgs[f.plainN%2])
	}
	// The frames are made while the window paints, with its context current.
	if !f.window.Valid() {
		f.window = render3d.CurrentWindow()
	}
	if f.frames == nil {
		f.initFrames()
	}
	if af := f.async(); af != nil {
		if w != f.pw || h != f.ph || f.last == nil {
			f.pw, f.ph = w, h
			f.changed = true
		}
		if f.changed {
			f.requestFrame(af)
		}
		if f.last == nil {
			return blank(w, h)
		}
		return f.handOver(f.last)
	}
	if !f.changed && f.last != nil && w == f.pw && h == f.ph {
		return f.handOver(f.last)
	}
	return f.render(w, h)
}

// render draws a frame on Fyne's thread (the synchronous path).
func (f *mapFrames) render(w, h int) image.Image {
	start := time.Now()
	f.send()
	f.pw, f.ph = w, h
	f.fit(w, h)
	img, err := f.frames.Render(f.selection(), f.st.Camera(), w, h)
	if err != nil {
		f.fallBack(err)
		f.mapSent, f.coursesSent = false, false
		f.send()
		if img, err = f.frames.Render(f.selection(), f.st.Camera(), w, h); err != nil {
			f.failed(err)
			return blank(w, h)
		}
	}
	f.last, f.changed, f.fresh = img, false, true
	if f.OnFrame != nil {
		f.OnFrame(time.Since(start))
	}
	return f.handOver(img)
}

func (f *mapFrames) initFrames() {
	fr, err := f.newFrames()
	if err != nil {
		f.fallBack(err)
		return
	}
	f.frames = fr
}

// fallBack draws in software from now on, and says why.
func (f *mapFrames) fallBack(err error) {
	sw, serr := render3d.NewSoftware(render3d.DefaultPalette())
	if serr != nil {
		f.failed(serr)
		return
	}
	f.frames = sw
	f.setNote("3D acceleration unavailable (" + err.Error() + "); drawing in software")
}

// failed says that the map cannot be drawn at all.
func (f *mapFrames) failed(err error) {
	f.setNote("The map cannot be drawn: " + err.Error())
}

func (f *mapFrames) setNote(s string) {
	f.note = s
	f.overlay.setNote(s)
}
