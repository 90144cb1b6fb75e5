package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"

	"silverfall/render3d"
)

// rulerView shows over the map, at its top right, what the ruler
// measures; it is hidden while no ruler is out.
type rulerView struct {
	st              *State
	measure, detail *canvas.Text
	box             *fyne.Container
}

func newRulerView(st *State) *rulerView {
	v := &rulerView{st: st}
	v.measure = canvas.NewText("", render3d.RulerColor)
	v.measure.TextStyle.Bold = true
	v.detail = canvas.NewText("", color.NRGBA{230, 230, 235, 255})
	v.detail.TextSize = theme.CaptionTextSize() + 1
	card := container.NewStack(canvas.NewRectangle(color.NRGBA{0, 0, 0, 170}),
		container.NewPadded(container.NewVBox(v.measure, v.detail)))
	v.box = container.NewBorder(container.NewHBox(layout.NewSpacer(), card), nil, nil, nil)
	v.box.Hide()
	st.Subscribe(v.changed)
	return v
}

func (v *rulerView) changed(c Change) {
	if !c.Has(ChangeGame | ChangeRuler | ChangeSelection) {
		return
	}
	measure, meaning := rulerText(v.st)
	if measure == "" {
		v.box.Hide()
		return
	}
	v.measure.Text, v.detail.Text = measure, meaning
	v.box.Show()
	v.box.Refresh()
}
