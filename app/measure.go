package app

import (
	"errors"
	"time"

	"fyne.io/fyne/v2"
)

// FrameMeasurement is what MeasureFrames found.
type FrameMeasurement struct {
	Frames int
	Frame  time.Duration // a map frame through Fyne: render, read back, hand over, paint
	Render time.Duration // of which the render and read-back alone
	Plain  time.Duration // Fyne showing a ready image of the same size: the floor
	Width  int
	Height int
}

// MeasureFrames redraws the map n times, turning the camera a little each
// time, and then n times with a finished image, and reports the average
// time of each. It waits for the map's first frame first.
func (x *App) MeasureFrames(n int, done func(FrameMeasurement, error)) {
	signal := make(chan time.Duration, 1)
	go func() {
		select {
		case <-x.firstFrame:
		case <-time.After(30 * time.Second):
			done(FrameMeasurement{}, errors.New("the map drew no frame in 30 s"))
			return
		}
		fyne.DoAndWait(func() {
			x.mapView.OnFrame = func(d time.Duration) {
				select {
				case signal <- d:
				default:
				}
			}
		})
		run := func(plain bool) (time.Duration, time.Duration) {
			var render time.Duration
			start := time.Now()
			for i := 0; i < n; i++ {
				fyne.DoAndWait(func() {
					x.mapView.plain = plain
					c := x.mapView.Camera()
					c.Orbit(0.02, 0)
					x.mapView.SetCamera(c)
				})
				select {
				case d := <-signal:
					render += d
				case <-time.After(10 * time.Second):
					return 0, 0
				}
			}
			// Let the last frame's paint finish before stopping the clock.
			fyne.DoAndWait(func() {})
			return time.Since(start) / time.Duration(n), render / time.Duration(n)
		}
		var m FrameMeasurement
		m.Frames = n
		m.Frame, m.Render = run(false)
		m.Plain, _ = run(true)
		fyne.DoAndWait(func() { x.mapView.plain = false; m.Width, m.Height = x.mapView.pw, x.mapView.ph })
		if m.Frame == 0 || m.Plain == 0 {
			done(m, errors.New("frames stopped coming"))
			return
		}
		done(m, nil)
	}()
}
