package app

import (
	"errors"
	"image"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
)

// FrameMeasurement is what MeasureFrames found.
type FrameMeasurement struct {
	Frames int           // new frames shown while measuring the map
	Frame  time.Duration // a map frame through Fyne: from one shown to the next while the camera turns
	Render time.Duration // the render and read-back alone
	Plain  time.Duration // Fyne showing ready images of the same size: the floor
	Width  int
	Height int
}

// MeasureFrames turns the camera as a drag does, a little every 8 ms for
// the given time, and counts the new map frames Fyne shows; then it does
// the same handing Fyne ready images of the same size. It waits for the
// map's first frame first.
func (x *App) MeasureFrames(d time.Duration, done func(FrameMeasurement, error)) {
	m := &frameMeter{view: x.mapView.frames, d: d}
	go func() { done(m.run(x.firstFrame)) }()
}

// frameMeter measures the map's frames through the real window.
type frameMeter struct {
	view                 *mapFrames
	d                    time.Duration
	shown                atomic.Int64
	renders, renderTotal atomic.Int64
}

func (f *frameMeter) run(first <-chan time.Duration) (FrameMeasurement, error) {
	select {
	case <-first:
	case <-time.After(30 * time.Second):
		return FrameMeasurement{}, errors.New("the map drew no frame in 30 s")
	}
	fyne.DoAndWait(func() {
		f.view.OnShown = func() { f.shown.Add(1) }
		f.view.OnFrame = func(t time.Duration) { f.renders.Add(1); f.renderTotal.Add(int64(t)) }
	})
	var m FrameMeasurement
	m.Frame = f.drive(func() {
		c := f.view.st.Camera()
		c.Orbit(0.01, 0)
		f.view.st.SetCamera(c, true)
	})
	m.Frames = int(f.shown.Load())
	if r := f.renders.Load(); r > 0 {
		m.Render = time.Duration(f.renderTotal.Load() / r)
	}
	fyne.DoAndWait(func() { m.Width, m.Height = f.plainImages() })
	m.Plain = f.drive(func() { f.view.raster.Refresh() })
	fyne.DoAndWait(func() { f.view.plain = false })
	if m.Frame == 0 || m.Plain == 0 {
		return m, errors.New("no frames were shown")
	}
	return m, nil
}

// drive calls step every 8 ms for the meter's time and returns the time
// between the frames shown meanwhile.
func (f *frameMeter) drive(step func()) time.Duration {
	f.shown.Store(0)
	end := time.Now().Add(f.d)
	tick := time.NewTicker(8 * time.Millisecond)
	defer tick.Stop()
	for time.Now().Before(end) {
		<-tick.C
		fyne.Do(step)
	}
	fyne.DoAndWait(func() {})
	n := f.shown.Load()
	if n == 0 {
		return 0
	}
	return f.d / time.Duration(n)
}

// plainImages makes the map show ready images of its size, two distinct
// ones so that each hand-over is a new upload; it returns the size.
func (f *frameMeter) plainImages() (w, h int) {
	v := f.view
	for i := range v.plainImgs {
		img := image.NewRGBA(image.Rect(0, 0, v.pw, v.ph))
		if last, ok := v.last.(*image.RGBA); ok && last.Bounds() == img.Bounds() {
			copy(img.Pix, last.Pix)
		}
		img.Pix[i*4] ^= 0xff
		v.plainImgs[i] = img
	}
	v.plain = true
	return v.pw, v.ph
}
