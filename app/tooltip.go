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
type tooltips struct {
	layer *fyne.Container
	box   *fyne.Container
	text  *widget.Label
	timer *time.Timer
	owner fyne.CanvasObject
	delay time.Duration
}

func newTooltips() *tooltips {
	t := &tooltips{delay: 450 * time.Millisecond}
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
}

// leave hides the tip of owner.
func (t *tooltips) leave(owner fyne.CanvasObject) {
	if t == nil || t.owner != owner {
		return
	}
	t.stop()
	t.owner = nil
	t.box.Hide()
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
