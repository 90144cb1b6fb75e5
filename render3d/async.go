package render3d

import (
	"image"
	"runtime"
)

// Async runs a Renderer on a thread of its own, so that it draws the next
// frame while the toolkit paints the last one: on two cores the two
// overlap instead of adding up. Frames come back through a callback; two
// images take turns, so the one being shown is never the one being drawn.
type Async struct {
	r     *Renderer
	jobs  chan func()
	imgs  [2]*image.RGBA
	which int
}

// NewAsync makes a renderer (on the calling thread, which must be the main
// one: GLFW makes windows there) and moves its context to a worker thread.
func NewAsync(pal Palette) (*Async, error) {
	r, err := NewRenderer(pal)
	if err != nil {
		return nil, err
	}
	a := &Async{r: r, jobs: make(chan func(), 16)}
	ready := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		r.win.MakeContextCurrent()
		close(ready)
		for job := range a.jobs {
			job()
		}
	}()
	<-ready
	return a, nil
}

// SetMap sets the bodies shown, in turn with the frames.
func (a *Async) SetMap(m *Map) { a.jobs <- func() { a.r.SetMap(m) } }

// SetCourses sets the planned movements shown, in turn with the frames.
func (a *Async) SetCourses(cs []Course) { a.jobs <- func() { a.r.SetCourses(cs) } }

// RenderAsync draws a frame on the worker and calls done there with it.
func (a *Async) RenderAsync(sel Selection, c Camera, w, h int, done func(*image.RGBA, error)) {
	a.jobs <- func() {
		img, err := a.r.Render(sel, c, w, h)
		if err != nil {
			done(nil, err)
			return
		}
		// Copy into the image not being shown.
		a.which ^= 1
		out := a.imgs[a.which]
		if out == nil || out.Bounds() != img.Bounds() {
			out = image.NewRGBA(img.Bounds())
			a.imgs[a.which] = out
		}
		copy(out.Pix, img.Pix)
		done(out, nil)
	}
}

// Render draws a frame and waits for it (for callers that cannot wait for
// a callback).
func (a *Async) Render(sel Selection, c Camera, w, h int) (*image.RGBA, error) {
	type result struct {
		img *image.RGBA
		err error
	}
	ch := make(chan result, 1)
	a.RenderAsync(sel, c, w, h, func(img *image.RGBA, err error) { ch <- result{img, err} })
	r := <-ch
	return r.img, r.err
}

var _ Frames = (*Async)(nil)
