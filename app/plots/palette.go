package plots

import "image/color"

// Palette is the colours of a plot: its background, its text and axes, the
// grid, and the lines in turn.
type Palette struct {
	Background, Foreground, Grid color.Color
	Series                       []color.Color
}

func (p Palette) series(i int) color.Color {
	if len(p.Series) == 0 {
		return p.Foreground
	}
	return p.Series[i%len(p.Series)]
}

// Line colours that stand out on a light background, and on a dark one:
// the same hues (blue, orange, green, red, purple, brown), darker or
// lighter.
var (
	onLight = []color.Color{rgb(0x1f, 0x5f, 0xb4), rgb(0xd0, 0x62, 0x00), rgb(0x1a, 0x80, 0x2a),
		rgb(0xc0, 0x1c, 0x28), rgb(0x6b, 0x3f, 0xa0), rgb(0x86, 0x5e, 0x3c)}
	onDark = []color.Color{rgb(0x6c, 0xb4, 0xff), rgb(0xff, 0xa3, 0x48), rgb(0x6b, 0xd8, 0x7a),
		rgb(0xff, 0x6b, 0x6b), rgb(0xc3, 0x9b, 0xf0), rgb(0xd8, 0xb0, 0x84)}
)

func rgb(r, g, b uint8) color.Color { return color.NRGBA{R: r, G: g, B: b, A: 0xff} }

// NewPalette is a palette for a window's background and text colours: the
// grid between the two, and line colours chosen for a light or a dark
// background.
func NewPalette(background, foreground color.Color) Palette {
	lines := onLight
	if luminance(background) < 0.5 {
		lines = onDark
	}
	return Palette{Background: background, Foreground: foreground, Grid: mix(background, foreground, 0.18), Series: lines}
}

// LightPalette and DarkPalette are palettes for a plain white and a plain
// near-black background.
func LightPalette() Palette { return NewPalette(color.White, rgb(0x20, 0x20, 0x20)) }

// DarkPalette: see LightPalette.
func DarkPalette() Palette { return NewPalette(rgb(0x17, 0x17, 0x18), rgb(0xe8, 0xe8, 0xe8)) }

// luminance is c's relative brightness, 0 (black) to 1 (white).
func luminance(c color.Color) float64 {
	r, g, b, _ := color.NRGBAModel.Convert(c).RGBA()
	return (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 0xffff
}

// mix is a blended with b by the fraction f of b.
func mix(a, b color.Color, f float64) color.Color {
	ca := color.NRGBAModel.Convert(a).(color.NRGBA)
	cb := color.NRGBAModel.Convert(b).(color.NRGBA)
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-f) + float64(y)*f + 0.5) }
	return color.NRGBA{R: m(ca.R, cb.R), G: m(ca.G, cb.G), B: m(ca.B, cb.B), A: 0xff}
}
