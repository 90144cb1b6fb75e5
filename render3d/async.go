package render3d

import (
	"fmt"
	"image"
	"runtime"
	"sync"
)

// Async runs a Renderer on a thread of its own, so that it draws the next
// frame while the toolkit paints the last one: on two cores the two
// overlap instead of adding up. No call waits for the thread: the map,
// the courses and the frame wanted are left in a mailbox that the thread
// empties when it is free, the newest of each replacing older ones, and
// the frame comes back through a callback. A thread that is stuck or slow
// costs frames, never the caller's responsiveness. Two images take turns,
// so the one being shown is never the one being drawn.
type Async struct {
	r    *Renderer
	wake chan struct{}

	mu       sync.Mutex
	m        *Map
	mapNew   bool
	courses  []Course
	courseNw bool
	req      *frameRequest
	closed   bool

	imgs  [2]*image.RGBA
	which int
}

type frameRequest struct {
	sel  Selection
	cam  Camera
	w, h int
	done func(*image.RGBA, error)
}

// NewAsync makes a renderer (on the calling thread, which must be the main
// one: GLFW makes windows there) and moves its context to a worker thread.
func NewAsync(pal Palette) (*Async, error) {
	r, err := NewRenderer(pal)
	if err != nil {
		return nil, err
	}
	a := &Async{r: r, wake: make(chan struct{}, 1)}
	ready := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		r.win.MakeContextCurrent()
		close(ready)
		for range a.wake {
			if !a.work() {
				return
			}
		}
	}()
	<-ready
	return a, nil
}

// poke wakes the worker; a wake already pending covers this one.
func (a *Async) poke() {
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// work does what the mailbox holds; false when the renderer is closed.
func (a *Async) work() bool {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return false
	}
	m, mapNew := a.m, a.mapNew
	cs, csNew := a.courses, a.courseNw
	req := a.req
	a.mapNew, a.courseNw, a.req = false, false, nil
	a.mu.Unlock()

	err := safely(func() {
		if mapNew {
			a.r.SetMap(m)
		}
		if csNew {
			a.r.SetCourses(cs)
		}
	})
	if req == nil {
		if err != nil {
			// Nobody waits for a frame: the next request reports it.
			a.mu.Lock()
			a.mapNew, a.courseNw = a.mapNew || mapNew, a.courseNw || csNew
			a.mu.Unlock()
		}
		return true
	}
	if err != nil {
		req.done(nil, err)
		return true
	}
	// Draw into the image not being shown.
	a.which ^= 1
	out := a.imgs[a.which]
	if want := image.Rect(0, 0, req.w, req.h); out == nil || out.Bounds() != want {
		out = image.NewRGBA(want)
		a.imgs[a.which] = out
	}
	err = safely(func() {
		if rerr := a.r.RenderInto(out, req.sel, req.cam, req.w, req.h); rerr != nil {
			panic(rerr)
		}
	})
	if err != nil {
		req.done(nil, err)
		return true
	}
	req.done(out, nil)
	return true
}

// safely runs f, turning a panic into an error: a bad map must not take
// the whole program down with the render thread.
func safely(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				err = e
			} else {
				err = fmt.Errorf("render3d: %v", r)
			}
		}
	}()
	f()
	return nil
}

// SetMap sets the bodies shown, from the next frame on.
func (a *Async) SetMap(m *Map) {
	a.mu.Lock()
	a.m, a.mapNew = m, true
	a.mu.Unlock()
	a.poke()
}

// SetCourses sets the planned movements shown, from the next frame on.
func (a *Async) SetCourses(cs []Course) {
	a.mu.Lock()
	a.courses, a.courseNw = cs, true
	a.mu.Unlock()
	a.poke()
}

// RenderAsync asks for a frame; done is called on the worker with it. A
// request not yet started is replaced by a newer one, whose done is then
// the only one called.
func (a *Async) RenderAsync(sel Selection, c Camera, w, h int, done func(*image.RGBA, error)) {
	a.mu.Lock()
	a.req = &frameRequest{sel, c, w, h, done}
	a.mu.Unlock()
	a.poke()
}

// Render draws a frame and waits for it, for callers that may wait (tests
// and measurements); the window never calls it.
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

// Close stops the worker after the job in hand.
func (a *Async) Close() {
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
	a.poke()
}

var _ Frames = (*Async)(nil)
