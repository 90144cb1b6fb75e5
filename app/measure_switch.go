package app

import (
	"errors"
	"slices"
	"time"

	"fyne.io/fyne/v2"
)

// SwitchMeasurement is what MeasureSwitches found: the mean time from a
// turn step to the first frame of the new turn's map painted, and to the
// last frame the step brought (its courses drawn), each way of stepping.
type SwitchMeasurement struct {
	Steps          int
	Fresh, Cached  time.Duration // to the first new frame painted: read afresh, read before
	Current        time.Duration // back to the current turn (Alt+End)
	FreshSettled   time.Duration // to the last frame the step brought
	CachedSettled  time.Duration
	CurrentSettled time.Duration
	Frames         float64 // frames a step brought, on average
}

// settle is how long after a frame the next may come and still be the
// same step's (its courses, its memory).
const settle = 400 * time.Millisecond

// MeasureSwitches steps through the earlier turns kept of the game shown
// in the real window, as Alt+Left does: first each turn read afresh, then
// back and forth among those read, then back to the current turn, n steps
// of each; it waits for the map's first frame and the game's history
// first. done is called off Fyne's thread.
func MeasureSwitches(x *App, n int, done func(SwitchMeasurement, error)) {
	m := &switchMeter{x: x, frames: x.mapView.frames, shown: make(chan time.Time, 64)}
	go func() { done(m.run(n)) }()
}

type switchMeter struct {
	x      *App
	frames *mapFrames
	shown  chan time.Time // a new map frame painted, and when
	count  int
}

func (m *switchMeter) run(n int) (SwitchMeasurement, error) {
	var r SwitchMeasurement
	select {
	case <-m.x.firstFrame:
	case <-time.After(30 * time.Second):
		return r, errors.New("the map drew no frame in 30 s")
	}
	var turns []int
	for end := time.Now().Add(30 * time.Second); len(turns) < 3; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			return r, errors.New("no history of three turns read in 30 s")
		}
		fyne.DoAndWait(func() {
			if m.x.st.Known() != nil {
				turns = m.x.turns.turns()
			}
		})
	}
	fyne.DoAndWait(func() {
		m.frames.OnShown = func() {
			// Fyne paints the frame after handing it over: what is queued
			// runs once that paint ends.
			go fyne.Do(func() { m.shown <- time.Now() })
		}
	})
	time.Sleep(settle)
	m.drain()
	earlier := slices.Clone(turns[:len(turns)-1])
	slices.Reverse(earlier)
	for i := 0; i < n; i++ {
		to := earlier[i%len(earlier)]
		first, last := m.step(func() { m.x.turns.cache = nil; m.x.turns.Show(to) })
		r.Fresh, r.FreshSettled = r.Fresh+first, r.FreshSettled+last
	}
	for i := 0; i < n; i++ {
		// Among the kept turns read before, to and fro.
		to := earlier[(i%2)%len(earlier)]
		first, last := m.step(func() { m.x.turns.Show(to) })
		r.Cached, r.CachedSettled = r.Cached+first, r.CachedSettled+last
	}
	for i := 0; i < n; i++ {
		m.step(func() { m.x.turns.Show(earlier[i%len(earlier)]) })
		first, last := m.step(func() { m.x.turns.Current() })
		r.Current, r.CurrentSettled = r.Current+first, r.CurrentSettled+last
	}
	fyne.DoAndWait(func() { m.frames.OnShown = nil })
	r.Steps = n
	d := time.Duration(n)
	r.Fresh, r.Cached, r.Current = r.Fresh/d, r.Cached/d, r.Current/d
	r.FreshSettled, r.CachedSettled, r.CurrentSettled = r.FreshSettled/d, r.CachedSettled/d, r.CurrentSettled/d
	r.Frames = float64(m.count) / float64(4*n) // the steps to the current turn count theirs too
	if r.Fresh == 0 || r.Cached == 0 || r.Current == 0 {
		return r, errors.New("a step brought no frame")
	}
	return r, nil
}

// step runs do on Fyne's thread and waits for the frames it brings: the
// time to the first painted and to the last, 0 when none came.
func (m *switchMeter) step(do func()) (first, last time.Duration) {
	start := time.Now()
	fyne.DoAndWait(func() { start = time.Now(); do() })
	for {
		select {
		case t := <-m.shown:
			if t.Before(start) {
				continue // painted before the step: the step before's late frame
			}
			m.count++
			if first == 0 {
				first = t.Sub(start)
			}
			last = t.Sub(start)
		case <-time.After(settle):
			return first, last
		}
	}
}

// drain forgets the frames shown so far.
func (m *switchMeter) drain() {
	for {
		select {
		case <-m.shown:
		default:
			return
		}
	}
}
