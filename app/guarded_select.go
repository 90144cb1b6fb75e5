package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// guardedSelect is a Select whose list does not open, rather than take the
// program down, when Fyne has lost track of the window the Select is in.
// Fyne 2.7.1 forgets an object's window when it was not asked for it
// within a minute (its cache keeps, but does not renew, the entry a paint
// sets): after the computer sleeps with the set-up form open, the first
// tap on a level panicked in widget.Select.showPopUp, taking the player's
// choices with it. Fyne fixed it later (fyne-io/fyne#5965); until then the
// tap is dropped, the Select repainted, which registers it again, and the
// next tap opens the list.
type guardedSelect struct {
	widget.Select
	// canvasOf is the driver's CanvasForObject (a test's stand-in: Fyne's
	// test driver never loses a window).
	canvasOf func(fyne.CanvasObject) fyne.Canvas
	// outer is the widget that embeds this one, if any: the object the
	// window holds, and so the one to ask after (the driver knows no
	// other; asked after the embedded Select, it found no window, and
	// every tap was dropped).
	outer fyne.CanvasObject
}

func newGuardedSelect(options []string, changed func(string)) *guardedSelect {
	s := &guardedSelect{canvasOf: func(o fyne.CanvasObject) fyne.Canvas { return fyne.CurrentApp().Driver().CanvasForObject(o) }}
	s.Options, s.OnChanged, s.PlaceHolder = options, changed, "(Select one)"
	s.ExtendBaseWidget(s)
	return s
}

// lost reports whether Fyne cannot say which window the Select is in; it
// repaints the Select then, which registers it again.
func (s *guardedSelect) lost() bool {
	var o fyne.CanvasObject = s
	if s.outer != nil {
		o = s.outer
	}
	if s.canvasOf(o) != nil {
		return false
	}
	s.Refresh()
	return true
}

// Tapped opens the list, unless the Select is lost.
func (s *guardedSelect) Tapped(e *fyne.PointEvent) {
	if !s.lost() {
		s.Select.Tapped(e)
	}
}

// TypedKey: Space and the arrows up and down open the list too.
func (s *guardedSelect) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeySpace, fyne.KeyUp, fyne.KeyDown:
		if s.lost() {
			return
		}
	}
	s.Select.TypedKey(e)
}
