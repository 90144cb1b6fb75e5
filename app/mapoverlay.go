package app

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// mapOverlay is what is drawn over the map's frame, by Fyne, without a new
// frame: the note of why the map draws in software, the hint of the mouse
// and keys, and what is under the pointer, whole, in a box beside it.
type mapOverlay struct {
	noteText *canvas.Text
	hint     *canvas.Text
	tip      *widget.Label
	tipBox   *fyne.Container
	tipLayer *fyne.Container
	tipAt    fyne.Position // the pointer, in the map's coordinates
}

// tipWidth is the widest the hover box grows before its text wraps.
const tipWidth = 380

func newMapOverlay() *mapOverlay {
	o := &mapOverlay{}
	o.noteText = canvas.NewText("", color.NRGBA{255, 200, 120, 255})
	o.noteText.TextSize = theme.CaptionTextSize()
	o.hint = canvas.NewText("drag: turn · right-drag or Shift-drag: move · wheel: zoom · double-click: centre · F: fit all",
		color.NRGBA{150, 160, 190, 255})
	o.hint.TextSize = theme.CaptionTextSize()
	o.tip = widget.NewLabel("")
	o.tip.Wrapping = fyne.TextWrapWord
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	bg.StrokeWidth = 1
	bg.CornerRadius = 4
	o.tipBox = container.NewStack(bg, o.tip)
	o.tipBox.Hide()
	o.tipLayer = container.New(tipLayout{o}, o.tipBox)
	return o
}

func (o *mapOverlay) setNote(s string) {
	o.noteText.Text = s
	o.noteText.Refresh()
}

// showTip shows text beside the pointer at at; "" hides the box.
func (o *mapOverlay) showTip(text string, at fyne.Position) {
	if text == "" {
		if o.tipBox.Visible() {
			o.tipBox.Hide()
			o.tip.SetText("")
		}
		return
	}
	o.tipAt = at
	if o.tip.Text != text {
		o.tip.SetText(text)
	}
	o.tipBox.Show()
	o.tipLayer.Refresh()
}

// Tip is the text of the hover box, "" when it is hidden (for tests).
func (o *mapOverlay) Tip() string {
	if !o.tipBox.Visible() {
		return ""
	}
	return o.tip.Text
}

// objects are the overlay's layers, over the frame.
func (o *mapOverlay) objects() []fyne.CanvasObject {
	hint := container.NewBorder(nil, container.NewHBox(o.hint), nil, nil)
	note := container.NewBorder(container.NewHBox(o.noteText), nil, nil, nil)
	return []fyne.CanvasObject{container.NewPadded(hint), container.NewPadded(note), o.tipLayer}
}

// tipLayout places the hover box below and right of the pointer, as wide
// as its text up to tipWidth, as tall as the wrapped text needs, and kept
// inside the map (shifted left near the right edge, above the pointer
// near the bottom).
type tipLayout struct{ o *mapOverlay }

func (tipLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(0, 0) }

func (l tipLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	box, tip := l.o.tipBox, l.o.tip
	if !box.Visible() {
		return
	}
	var text float32 // its widest line's width
	for _, line := range strings.Split(tip.Text, "\n") {
		text = max(text, fyne.MeasureText(line, theme.TextSize(), tip.TextStyle).Width)
	}
	pad := 2 * theme.InnerPadding()
	w := min(text+pad+2, tipWidth, max(size.Width-8, 60))
	box.Resize(fyne.NewSize(w, 1))
	h := tip.MinSize().Height
	at := l.o.tipAt
	p := at.Add(fyne.NewPos(14, 18))
	p.X = max(0, min(p.X, size.Width-w-4)) // below the pointer: it may shift left
	if p.Y+h > size.Height-4 {
		p.Y = max(0, at.Y-h-8)
	}
	box.Move(p)
	box.Resize(fyne.NewSize(w, h))
}
