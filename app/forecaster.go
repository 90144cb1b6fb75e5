package app

import (
	"time"

	"silverfall/app/draft"
	"silverfall/engine/check"
)

// forecaster keeps the engine's forecast of the orders in the state. After
// every change of the orders it has the engine carry them out, end of turn
// and all, off Fyne's thread, and hands the result to the state. One
// forecast runs at a time: changes made meanwhile are gathered into one
// forecast of the orders as they stand when it ends, and a result that a
// later change has overtaken is dropped, never shown.
type forecaster struct {
	st         *State
	background func(func()) // runs the forecast
	post       func(func()) // brings the result back to Fyne's thread

	gen     uint64 // counts the changes of the orders
	running bool
	since   time.Time // when the oldest change not yet forecast was made
	// OnShown is called with the time from a change of the orders to its
	// forecast in the state (measuring).
	OnShown func(time.Duration)
}

func newForecaster(st *State, background, post func(func())) *forecaster {
	f := &forecaster{st: st, background: background, post: post}
	st.Subscribe(f.changed)
	return f
}

func (f *forecaster) changed(c Change) {
	if !c.Has(ChangeGame | ChangeOrders) {
		return
	}
	if f.gen++; f.since.IsZero() {
		f.since = time.Now()
	}
	if !f.running {
		f.start()
	}
}

// start forecasts the orders as they are now.
func (f *forecaster) start() {
	d := f.st.Draft()
	if d == nil {
		f.since = time.Time{}
		return
	}
	gen, run, draft := f.gen, d.Forecaster(), d
	f.running = true
	f.background(func() {
		fc := run()
		f.post(func() { f.done(gen, draft, fc) })
	})
}

func (f *forecaster) done(gen uint64, d *draft.Draft, fc check.Forecast) {
	f.running = false
	if gen != f.gen || d != f.st.Draft() {
		f.start() // overtaken: forecast the orders as they are now
		return
	}
	since := f.since
	f.since = time.Time{}
	f.st.setForecast(&fc)
	if f.OnShown != nil {
		f.OnShown(time.Since(since))
	}
}
