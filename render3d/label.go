package render3d

import (
	"cmp"
	"image"
	"image/color"
	"image/draw"
	"slices"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Label is a text drawn on the frame next to what it names.
type Label struct {
	Text  string
	X, Y  float64 // top left corner, in pixels
	Color color.NRGBA
	Bold  bool
}

// maxLabels bounds the labels of one frame: past that a map is unreadable.
const maxLabels = 100

// minLabelPixels is how large (in radius) a body of low priority must be
// drawn to get a label: names of specks far away are clutter.
const minLabelPixels = 1.6

// labelPriority orders bodies for labelling: the selection first, then the
// trading planets, what is the player's own, other ships, other planets.
func labelPriority(b *Body, selected bool) int {
	switch {
	case selected:
		return 0
	case b.Kind == PlanetTrading:
		return 1
	case b.Kind == ShipMine || b.Kind == PlanetOrigin || b.Kind == PlanetMine:
		return 2
	case b.Kind.IsShip():
		return 3
	}
	return 4
}

// Measure gives the width of a label's text in pixels.
type Measure func(text string, bold bool) float64

// FixedWidth measures text as charW pixels a character.
func FixedWidth(charW float64) Measure {
	return func(s string, _ bool) float64 { return charW * float64(len([]rune(s))) }
}

// LayoutLabels places the labels of a frame: each to the right of its body,
// in priority order and then nearest first, leaving out any that would
// overlap one already placed, so that a crowded map shows fewer labels
// rather than labels over each other. measure gives a text's width and
// lineH its height, in pixels.
func LayoutLabels(m *Map, sel Selection, c Camera, w, h int, measure Measure, lineH float64, pal Palette) []Label {
	type cand struct {
		i        int
		prio     int
		depth    float64
		x, y, rp float64
	}
	cands := make([]cand, 0, 256)
	v := c.view(w, h)
	ppd := c.PixelsPer(1, h) // pixels per unit of length at depth 1
	selected := m.Find(sel.Key)
	for i := range m.Bodies {
		b := &m.Bodies[i]
		x, y, depth, ok := v.project(b.Pos)
		// The negated tests also leave out NaN, which a broken map may hold.
		if !ok || !(x >= -50 && y >= -20 && x <= float64(w) && y <= float64(h)+20) {
			continue
		}
		prio, rp := labelPriority(b, i == selected), b.Radius*ppd/depth
		if !(rp >= 0 && rp < float64(w+h)) {
			rp = 0
		}
		if prio >= 3 && rp < minLabelPixels {
			continue
		}
		cands = append(cands, cand{i, prio, depth, x, y, rp})
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if a.prio != b.prio {
			return a.prio - b.prio
		}
		return cmp.Compare(a.depth, b.depth)
	})
	// Placed labels are filed by the grid cells they touch, so that a new
	// one is checked only against its neighbours.
	const cell = 64
	placed := map[image.Point][]image.Rectangle{}
	frame := image.Rect(-100, -100, w+100, h+100)
	cells := func(r image.Rectangle, f func(image.Point) bool) bool {
		r = r.Intersect(frame) // bounds the loops whatever r holds
		for cy := r.Min.Y / cell; cy <= r.Max.Y/cell; cy++ {
			for cx := r.Min.X / cell; cx <= r.Max.X/cell; cx++ {
				if !f(image.Pt(cx, cy)) {
					return false
				}
			}
		}
		return true
	}
	free := func(r image.Rectangle) bool {
		return cells(r, func(p image.Point) bool {
			for _, q := range placed[p] {
				if q.Overlaps(r) {
					return false
				}
			}
			return true
		})
	}
	place := func(r image.Rectangle) bool {
		if !free(r) {
			return false
		}
		cells(r, func(p image.Point) bool { placed[p] = append(placed[p], r); return true })
		return true
	}
	var out []Label
	// The axes are named at their positive ends, after the selection and
	// before everything else: they always show.
	axes := func() {
		for i, name := range []string{"X", "Y", "Z"} {
			var p Vec
			p[i] = axisLength + 12
			if x, y, _, ok := c.Project(p, w, h); ok && x > -20 && y > -20 && x < float64(w)+20 && y < float64(h)+20 {
				lw := measure(name, true)
				l := Label{Text: name, X: x - lw/2, Y: y - lineH/2, Color: axisColors[i], Bold: true}
				place(image.Rect(int(l.X)-2, int(l.Y)-1, int(l.X+lw)+2, int(l.Y+lineH)+1))
				out = append(out, l)
			}
		}
	}
	axesDone := false
	for _, cd := range cands {
		if !axesDone && cd.prio > 0 {
			axes()
			axesDone = true
		}
		if len(out) >= maxLabels {
			break
		}
		b := &m.Bodies[cd.i]
		bold := cd.prio == 0
		lx, ly := cd.x+cd.rp+4, cd.y-lineH/2
		if !place(image.Rect(int(lx)-2, int(ly)-1, int(lx+measure(b.Label, bold))+2, int(ly+lineH)+1)) {
			continue
		}
		col := pal[b.Kind]
		col.A = 255
		out = append(out, Label{Text: b.Label, X: lx, Y: ly, Color: col, Bold: bold})
	}
	if !axesDone {
		axes()
	}
	return out
}

// axisLength is how far the drawn axes reach from Silverfall.
const axisLength = 400

var axisColors = [3]color.NRGBA{{240, 110, 110, 255}, {110, 230, 120, 255}, {120, 160, 255, 255}}

// fonts holds the faces labels are drawn with, at one pixel size, and
// every glyph drawn so far: rasterising a glyph costs far more than
// copying it, and labels use few distinct characters.
type fonts struct {
	size          float64
	regular, bold font.Face
	charW, lineH  float64
	glyphs        map[glyphKey]glyph
}

type glyphKey struct {
	r    rune
	bold bool
}

type glyph struct {
	mask    *image.Alpha
	off     image.Point // from the pen position to the mask's corner
	advance int
}

func (f *fonts) glyph(r rune, bold bool) glyph {
	k := glyphKey{r, bold}
	if g, ok := f.glyphs[k]; ok {
		return g
	}
	face := f.regular
	if bold {
		face = f.bold
	}
	dr, mask, mp, adv, ok := face.Glyph(fixed.P(0, 0), r)
	g := glyph{advance: adv.Round()}
	if ok && !dr.Empty() {
		a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		draw.Draw(a, a.Bounds(), mask, mp, draw.Src)
		g.mask, g.off = a, dr.Min
	}
	f.glyphs[k] = g
	return g
}

// textWidth is the width of s in pixels.
func (f *fonts) textWidth(s string, bold bool) int {
	w := 0
	for _, r := range s {
		w += f.glyph(r, bold).advance
	}
	return w
}

// measure is textWidth as a Measure, for LayoutLabels.
func (f *fonts) measure(s string, bold bool) float64 { return float64(f.textWidth(s, bold)) }

func newFonts(px float64) (*fonts, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	bld, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	opts := &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull}
	f := &fonts{size: px, glyphs: map[glyphKey]glyph{}}
	if f.regular, err = opentype.NewFace(reg, opts); err != nil {
		return nil, err
	}
	if f.bold, err = opentype.NewFace(bld, opts); err != nil {
		return nil, err
	}
	adv, _ := f.regular.GlyphAdvance('0')
	f.charW = float64(adv) / 64
	f.lineH = float64(f.regular.Metrics().Height) / 64
	return f, nil
}

// drawLabels writes the labels onto img, each on a dim backing so that it
// reads on any background.
func (f *fonts) drawLabels(img *image.RGBA, labels []Label) {
	ascent := f.regular.Metrics().Ascent.Ceil()
	for _, l := range labels {
		wdt := f.textWidth(l.Text, l.Bold)
		darken(img, image.Rect(int(l.X)-2, int(l.Y), int(l.X)+wdt+2, int(l.Y+f.lineH)))
		pen := image.Pt(int(l.X), int(l.Y)+ascent)
		for _, ch := range l.Text {
			g := f.glyph(ch, l.Bold)
			if g.mask != nil {
				blend(img, g.mask, pen.Add(g.off), l.Color)
			}
			pen.X += g.advance
		}
	}
}

// darken dims a rectangle of img to 40%, under a label. (Direct on the
// pixels: the generic draw path costs several times more per label.)
func darken(img *image.RGBA, r image.Rectangle) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			row[i] = uint8(uint16(row[i])*2/5 + 4)
			row[i+1] = uint8(uint16(row[i+1])*2/5 + 5)
			row[i+2] = uint8(uint16(row[i+2])*2/5 + 10)
		}
	}
}

// blend draws colour c through the glyph mask at p.
func blend(img *image.RGBA, mask *image.Alpha, p image.Point, c color.NRGBA) {
	mb := mask.Bounds()
	r := mb.Add(p).Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := mask.Pix[mask.PixOffset(r.Min.X-p.X, y-p.Y):]
		drow := img.Pix[img.PixOffset(r.Min.X, y):]
		for x := 0; x < r.Dx(); x++ {
			a := uint32(mrow[x])
			if a == 0 {
				continue
			}
			d := drow[x*4 : x*4+3 : x*4+3]
			d[0] = uint8((uint32(d[0])*(255-a) + uint32(c.R)*a) / 255)
			d[1] = uint8((uint32(d[1])*(255-a) + uint32(c.G)*a) / 255)
			d[2] = uint8((uint32(d[2])*(255-a) + uint32(c.B)*a) / 255)
		}
	}
}
