package app

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tooltips shows a line of help beside the pointer when it rests on a
// button. The tip is drawn in a layer over the window's content rather
// than as a pop-up: a pop-up would take the hover from the button under
// it and hide itself again at once.
//
// A tip goes when what it points at moves or goes (a scroll, a new layout,
// a panel rebuilt): the pointer no longer rests there, and the tip would
// cover what came in its place. Scrolls that hold tips say so at once
// (hideOnScroll); anything else is seen by a watch of the owner's place
// while a tip shows.
type tooltips struct {
	layer *fyne.Container
	box   *fyne.Container
	text  *widget.Label
	timer *time.Timer
	owner fyne.CanvasObject
	delay time.Duration

	// watchEvery is how often a tip's owner is looked at while the tip
	// shows; 0 leaves it to calls of checkOwner (tests).
	watchEvery time.Duration
	ownerAt    fyne.Position // where the owner was when its tip showed
	stopWatch  chan struct{}
}

func newTooltips() *tooltips {
	t := &tooltips{delay: 450 * time.Millisecond, watchEvery: 150 * time.Millisecond}
	t.text = widget.NewLabel("")
	t.text.Wrapping = fyne.TextWrapWord
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	bg.StrokeWidth = 1
	bg.CornerRadius = 4
	t.box = container.NewStack(bg, t.text)
	t.box.Hide()
	t.layer = container.NewWithoutLayout(t.box)
	return t
}

// over wraps the window's content so that tips can be drawn above it.
func (t *tooltips) over(content fyne.CanvasObject) fyne.CanvasObject {
	return container.NewStack(content, t.layer)
}

// rest starts the delay after which the tip of owner shows at pos (a
// position in the window).
func (t *tooltips) rest(owner fyne.CanvasObject, text string, pos fyne.Position) {
	if t == nil || text == "" {
		return
	}
	t.stop()
	t.owner = owner
	if t.delay <= 0 {
		t.show(text, pos)
		return
	}
	t.timer = time.AfterFunc(t.delay, func() {
		fyne.Do(func() {
			if t.owner == owner {
				t.show(text, pos)
			}
		})
	})
}

func (t *tooltips) show(text string, pos fyne.Position) {
	t.text.SetText(text)
	area := t.layer.Size()
	w := float32(360)
	t.box.Resize(fyne.NewSize(w, 1))
	h := t.text.MinSize().Height
	size := fyne.NewSize(w, h)
	// Below and right of the pointer, kept inside the window.
	p := pos.Add(fyne.NewPos(12, 18))
	if area.Width > 0 {
		p.X = max(0, min(p.X, area.Width-size.Width-4))
		if p.Y+size.Height > area.Height {
			p.Y = max(0, pos.Y-size.Height-8)
		}
	}
	t.box.Move(p)
	t.box.Resize(size)
	t.box.Show()
	t.layer.Refresh()
	t.watch()
}

// watch follows the owner of the tip showing, until the tip goes.
func (t *tooltips) watch() {
	t.endWatch()
	t.ownerAt = position(t.owner)
	if t.watchEvery <= 0 {
		return
	}
	stop := make(chan struct{})
	t.stopWatch = stop
	tick := time.NewTicker(t.watchEvery)
	go func() {
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				fyne.Do(t.checkOwner)
			}
		}
	}()
}

func (t *tooltips) endWatch() {
	if t.stopWatch != nil {
		close(t.stopWatch)
		t.stopWatch = nil
	}
}

// checkOwner hides the tip when its owner has moved, hidden or gone from
// the window.
func (t *tooltips) checkOwner() {
	if t.owner == nil || !t.box.Visible() {
		return
	}
	if !t.owner.Visible() || position(t.owner) != t.ownerAt {
		t.hide()
	}
}

// position is where o is in its window; (0, 0) when it is in none.
func position(o fyne.CanvasObject) fyne.Position {
	if a := fyne.CurrentApp(); a != nil && o != nil {
		return a.Driver().AbsolutePositionForObject(o)
	}
	return fyne.Position{}
}

// hideOnScroll hides the tip whenever s scrolls.
func (t *tooltips) hideOnScroll(s *container.Scroll) {
	if t == nil {
		return
	}
	then := s.OnScrolled
	s.OnScrolled = func(p fyne.Position) {
		t.hide()
		if then != nil {
			then(p)
		}
	}
}

// hide hides the tip showing or waiting to show, whoever owns it.
func (t *tooltips) hide() {
	t.stop()
	t.endWatch()
	t.owner = nil
	t.box.Hide()
}

// leave hides the tip of owner.
func (t *tooltips) leave(owner fyne.CanvasObject) {
	if t == nil || t.owner != owner {
		return
	}
	t.hide()
}

func (t *tooltips) stop() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
}

// Shown is the tip showing, or "".
func (t *tooltips) Shown() string {
	if t == nil || !t.box.Visible() {
		return ""
	}
	return t.text.Text
}

// tipButton is a button that explains itself when the pointer rests on it.
type tipButton struct {
	widget.Button
	tip  string
	tips *tooltips
}

func newTipButton(label, tip string, tips *tooltips, tapped func()) *tipButton {
	b := &tipButton{tip: tip, tips: tips}
	b.Text = label
	b.OnTapped = tapped
	b.ExtendBaseWidget(b)
	return b
}

// MouseIn starts the tip's delay.
func (b *tipButton) MouseIn(e *desktop.MouseEvent) {
	b.Button.MouseIn(e)
	b.tips.rest(b, b.tip, e.AbsolutePosition)
}

// MouseMoved keeps the tip beside the pointer.
func (b *tipButton) MouseMoved(e *desktop.MouseEvent) {
	b.Button.MouseMoved(e)
	if b.tips != nil && b.tips.Shown() == "" {
		b.tips.rest(b, b.tip, e.AbsolutePosition)
	}
}

// MouseOut hides the tip.
func (b *tipButton) MouseOut() {
	b.Button.MouseOut()
	b.tips.leave(b)
}

// Tapped hides the tip and presses the button.
func (b *tipButton) Tapped(e *fyne.PointEvent) {
	b.tips.leave(b)
	b.Button.Tapped(e)
}
