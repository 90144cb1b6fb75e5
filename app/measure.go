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
	go func() {
		select {
		case <-x.firstFrame:
		case <-time.After(30 * time.Second):
			done(FrameMeasurement{}, errors.New("the map drew no frame in 30 s"))
			return
		}
		var shown atomic.Int64
		var renders, renderTime atomic.Int64
		fyne.DoAndWait(func() {
			v := x.mapView
			v.OnShown = func() { shown.Add(1) }
			v.OnFrame = func(t time.Duration) { renders.Add(1); renderTime.Add(int64(t)) }
		})
		drive := func(step func()) time.Duration {
			shown.Store(0)
			end := time.Now().Add(d)
			tick := time.NewTicker(8 * time.Millisecond)
			defer tick.Stop()
			for time.Now().Before(end) {
				<-tick.C
				fyne.Do(step)
			}
			fyne.DoAndWait(func() {})
			n := shown.Load()
			if n == 0 {
				return 0
			}
			return d / time.Duration(n)
		}
		var m FrameMeasurement
		m.Frame = drive(func() {
			c := x.mapView.Camera()
			c.Orbit(0.01, 0)
			x.mapView.SetCamera(c)
		})
		m.Frames = int(shown.Load())
		if r := renders.Load(); r > 0 {
			m.Render = time.Duration(renderTime.Load() / r)
		}
		fyne.DoAndWait(func() {
			v := x.mapView
			m.Width, m.Height = v.pw, v.ph
			// Two distinct images, so that each hand-over is a new upload.
			for i := range v.plainImgs {
				img := image.NewRGBA(image.Rect(0, 0, v.pw, v.ph))
				if last, ok := v.last.(*image.RGBA); ok && last.Bounds() == img.Bounds() {
					copy(img.Pix, last.Pix)
				}
				img.Pix[i*4] ^= 0xff
				v.plainImgs[i] = img
			}
			v.plain = true
		})
		m.Plain = drive(func() { x.mapView.raster.Refresh() })
		fyne.DoAndWait(func() { x.mapView.plain = false })
		if m.Frame == 0 || m.Plain == 0 {
			done(m, errors.New("no frames were shown"))
			return
		}
		done(m, nil)
	}()
}
