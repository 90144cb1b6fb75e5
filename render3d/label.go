package render3d

import (
	"cmp"
	"image"
	"image/color"
	"image/draw"
	"math"
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

// maxLabelTries bounds the bodies a frame tries to label: on a map so
// crowded that most find no room, the rest would find none either.
const maxLabelTries = 8 * maxLabels

// minLabelPixels is how large (in radius) a body of low priority must be
// drawn to get a label: names of specks far away are clutter. Labels keep
// clear of the markers of this size and more.
const minLabelPixels = 1.6

// labelPriority orders bodies for labelling: the selection first, then the
// trading planets, what is the player's own, other ships, other planets.
// The names of the selection and of the trading planets always show (the
// five trading planets are what players find their way by).
func labelPriority(b *Body, selected bool) int {
	switch {
	case selected:
		return 0
	case b.Kind == PlanetTrading:
		return 1
	case b.Age > 0:
		return 5 // what was seen on earlier turns yields to what is seen now
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

// LayoutLabels places the labels of a frame. Every marker on the frame
// drawn at least minLabelPixels in radius is kept clear first (the specks
// of far bodies are not: in a full sky they would leave room for no name
// at all); then the labels go, in priority order and then
// nearest first, each to the right of its body or, where that is taken,
// to its left, above, below or at a corner, and a label that fits nowhere
// is left out: a crowded map shows fewer labels rather than labels over
// each other or over another body. measure gives a text's width and lineH
// its height, in pixels.
func LayoutLabels(m *Map, sel Selection, c Camera, w, h int, measure Measure, lineH float64, pal Palette) []Label {
	type cand struct {
		i        int
		prio     int
		depth    float64
		x, y, rr float64
	}
	cands := make([]cand, 0, 256)
	v := c.view(w, h)
	ppd := c.PixelsPer(1, h) // pixels per unit of length at depth 1
	selected := m.Find(sel.Key)
	area := newLabelArea(w, h)
	marks := make([]takenBox, 0, len(m.Bodies))
	for i := range m.Bodies {
		b := &m.Bodies[i]
		x, y, depth, ok := v.project(b.Pos)
		// The negated tests also leave out NaN, which a broken map may hold.
		if !ok || !(x >= -50 && y >= -20 && x <= float64(w)+50 && y <= float64(h)+20) {
			continue
		}
		prio, rp := labelPriority(b, i == selected), b.Radius*ppd/depth
		if !(rp >= 0 && rp < float64(w+h)) {
			rp = 0
		}
		rr := markerRadius(rp)
		if rp >= minLabelPixels {
			marks = append(marks, takenBox{markerBox(x, y, rr), i})
		}
		if x > float64(w) || (prio >= 3 && rp < minLabelPixels) || b.Label == "" {
			continue
		}
		cands = append(cands, cand{i, prio, depth, x, y, rr})
	}
	area.fileMarkers(marks)
	// Only the first maxLabelTries in order are tried: those are picked
	// out first and sorted alone (a sort of the whole was a third of the
	// layout on a map of 5,000 bodies). The body's index breaks ties, so
	// that the order is one whatever the way to it.
	order := func(a, b cand) int {
		if a.prio != b.prio {
			return a.prio - b.prio
		}
		if c := cmp.Compare(a.depth, b.depth); c != 0 {
			return c
		}
		return a.i - b.i
	}
	if len(cands) > maxLabelTries {
		selectFirst(cands, maxLabelTries, order)
		cands = cands[:maxLabelTries]
	}
	slices.SortFunc(cands, order)
	// The axes are named at their positive ends, before everything else
	// so that they show wherever a marker leaves room; they are listed
	// after the selection.
	var axes []Label
	for i, name := range []string{"X", "Y", "Z"} {
		var p Vec
		p[i] = axisLength + 12
		if x, y, _, ok := c.Project(p, w, h); ok && x > -20 && y > -20 && x < float64(w)+20 && y < float64(h)+20 {
			lw := measure(name, true)
			if lx, ly, ok := area.place(x, y, 0, lw, lineH, -1, true); ok {
				axes = append(axes, Label{Text: name, X: lx, Y: ly, Color: axisColors[i], Bold: true})
			}
		}
	}
	var out []Label
	axesDone := false
	for n, cd := range cands {
		if !axesDone && cd.prio > 0 {
			out = append(out, axes...)
			axesDone = true
		}
		if len(out) >= maxLabels || n >= maxLabelTries {
			break
		}
		b := &m.Bodies[cd.i]
		bold := cd.prio == 0
		lw := measure(b.Label, bold)
		lx, ly, ok := area.placeName(cd.x, cd.y, cd.rr, lw, lineH, cd.i, cd.prio <= mustLabel)
		if !ok {
			continue
		}
		col := b.color(pal)
		col.A = 255
		out = append(out, Label{Text: b.Label, X: lx, Y: ly, Color: col, Bold: bold})
	}
	if !axesDone {
		out = append(out, axes...)
	}
	return out
}

// mustLabel is the last priority whose names always show: the
// selection's and the trading planets'.
const mustLabel = 1

// placeName finds room for the name of body i, as place does; a name that
// must show is worth a longer way from its marker, and where markers leave
// no room at all, it goes over them (never over another label).
func (a *labelArea) placeName(x, y, rr, lw, lh float64, i int, must bool) (lx, ly float64, ok bool) {
	lx, ly, ok = a.place(x, y, rr, lw, lh, i, false)
	for far := 1; !ok && must && far <= 4; far++ {
		lx, ly, ok = a.place(x, y, rr+float64(far)*lh, lw, lh, i, false)
	}
	if !ok && must {
		lx, ly, ok = a.place(x, y, rr, lw, lh, labelsOnly, false)
	}
	return lx, ly, ok
}

// markerRadius is the radius, in pixels, kept clear around a marker drawn
// rp pixels in radius: specks are drawn larger than their size, and a
// pixel more keeps a label from touching the marker.
func markerRadius(rp float64) float64 { return math.Max(1.5, rp) + 1 }

func markerBox(x, y, rr float64) image.Rectangle {
	return image.Rect(int(math.Floor(x-rr)), int(math.Floor(y-rr)), int(math.Ceil(x+rr)), int(math.Ceil(y+rr)))
}

// labelArea is what is taken on a frame: markers and the labels placed so
// far, filed by the grid cells they touch, so that a new label is checked
// only against its neighbours. The markers, thousands, are filed at once
// in one array (cell i's are marks[start[i]:start[i+1]]); the labels, a
// hundred at most, one by one.
type labelArea struct {
	frame  image.Rectangle
	cols   int
	start  []int32
	marks  []takenBox
	labels [][]takenBox
}

type takenBox struct {
	r     image.Rectangle
	owner int // the body whose marker it is, or -1 for a label
}

// labelCell is the grid's cell, in pixels: about a short label's size.
const labelCell = 32

func newLabelArea(w, h int) *labelArea {
	a := &labelArea{frame: image.Rect(-100, -100, w+100, h+100)}
	a.cols = a.frame.Dx()/labelCell + 1
	n := a.cols * (a.frame.Dy()/labelCell + 1)
	a.start = make([]int32, n+1)
	a.labels = make([][]takenBox, n)
	return a
}

// span is the range of grid cells r touches, inclusive; ok is false when r
// is off the frame, where there is nothing to cover.
func (a *labelArea) span(r image.Rectangle) (x0, y0, x1, y1 int, ok bool) {
	r = r.Intersect(a.frame) // bounds the loops whatever r holds
	if r.Empty() {
		return 0, 0, 0, 0, false
	}
	r = r.Sub(a.frame.Min)
	return r.Min.X / labelCell, r.Min.Y / labelCell, (r.Max.X - 1) / labelCell, (r.Max.Y - 1) / labelCell, true
}

// fileMarkers files the markers' boxes, once, before any label.
func (a *labelArea) fileMarkers(marks []takenBox) {
	count := a.start[1:]
	for _, m := range marks {
		x0, y0, x1, y1, ok := a.span(m.r)
		for cy := y0; ok && cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				count[cy*a.cols+cx]++
			}
		}
	}
	for i := 1; i < len(a.start); i++ {
		a.start[i] += a.start[i-1]
	}
	a.marks = make([]takenBox, a.start[len(a.start)-1])
	next := slices.Clone(a.start[:len(a.start)-1])
	for _, m := range marks {
		x0, y0, x1, y1, ok := a.span(m.r)
		for cy := y0; ok && cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				c := cy*a.cols + cx
				a.marks[next[c]] = m
				next[c]++
			}
		}
	}
}

// addLabel files a label's box.
func (a *labelArea) addLabel(r image.Rectangle) {
	x0, y0, x1, y1, ok := a.span(r)
	for cy := y0; ok && cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			c := cy*a.cols + cx
			a.labels[c] = append(a.labels[c], takenBox{r, -1})
		}
	}
}

// labelsOnly as the owner of a label to place lets it cover markers.
const labelsOnly = -2

// free reports whether r overlaps nothing taken but the marker of owner
// (a body's index; -1 for none, labelsOnly for all).
func (a *labelArea) free(r image.Rectangle, owner int) bool {
	x0, y0, x1, y1, ok := a.span(r)
	for cy := y0; ok && cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			c := cy*a.cols + cx
			for _, q := range a.labels[c] {
				if q.r.Overlaps(r) {
					return false
				}
			}
			if owner == labelsOnly {
				continue
			}
			for _, q := range a.marks[a.start[c]:a.start[c+1]] {
				if q.owner != owner && q.r.Overlaps(r) {
					return false
				}
			}
		}
	}
	return true
}

// place finds room for a label lw×lh beside a marker of radius rr at
// (x, y) (centred on the point first when centre is set), takes it and
// returns the label's corner; ok is false when there is none.
func (a *labelArea) place(x, y, rr, lw, lh float64, owner int, centre bool) (lx, ly float64, ok bool) {
	const gap = 3 // between the marker and the label's backing
	right, left := x+rr+gap, x-rr-gap-lw
	mid, above, below := y-lh/2, y-rr-lh, y+rr
	spots := [][2]float64{{right, mid}, {left, mid}, {x - lw/2, above - 1}, {x - lw/2, below + 1},
		{right, above}, {right, below}, {left, above}, {left, below}}
	if centre {
		spots = append([][2]float64{{x - lw/2, mid}}, spots...)
	}
	for _, s := range spots {
		// The label's box with its dark backing and a pixel round it.
		r := image.Rect(int(math.Floor(s[0]))-2, int(math.Floor(s[1]))-1, int(math.Ceil(s[0]+lw))+2, int(math.Ceil(s[1]+lh))+1)
		if a.free(r, owner) {
			a.addLabel(r)
			return s[0], s[1], true
		}
	}
	return 0, 0, false
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

// selectFirst reorders s so that its first k elements are the k least in
// cmp's order (themselves in no order): a quickselect, its pivot the
// median of three, so that the same input is always reordered the same way.
func selectFirst[T any](s []T, k int, cmp func(a, b T) int) {
	lo, hi := 0, len(s)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		// The median of s[lo], s[mid], s[hi] goes to s[hi], the pivot.
		if cmp(s[mid], s[lo]) < 0 {
			s[mid], s[lo] = s[lo], s[mid]
		}
		if cmp(s[hi], s[lo]) < 0 {
			s[hi], s[lo] = s[lo], s[hi]
		}
		if cmp(s[mid], s[hi]) < 0 {
			s[mid], s[hi] = s[hi], s[mid]
		}
		p := lo
		for i := lo; i < hi; i++ {
			if cmp(s[i], s[hi]) < 0 {
				s[i], s[p] = s[p], s[i]
				p++
			}
		}
		s[p], s[hi] = s[hi], s[p]
		switch {
		case p == k || p == k-1:
			return
		case p < k:
			lo = p + 1
		default:
			hi = p - 1
		}
	}
}
