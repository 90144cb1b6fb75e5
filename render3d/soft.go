package render3d

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sort"
)

// Frames is what the window needs of a renderer: the GL one, or the
// software one where no GL context can be had.
type Frames interface {
	SetMap(m *Map)
	SetCourses(cs []Course)
	Render(sel Selection, c Camera, w, h int) (*image.RGBA, error)
}

// Software draws the map with the CPU alone: shaded discs for bodies,
// lines for the grid and axes. It is the fallback where OpenGL 3.3 is not
// available, and what widget tests draw with.
type Software struct {
	m       *Map
	courses []Course
	palette Palette
	fonts   *fonts
	img     *image.RGBA
}

// NewSoftware returns a software renderer.
func NewSoftware(pal Palette) (*Software, error) {
	f, err := newFonts(13)
	if err != nil {
		return nil, err
	}
	return &Software{palette: pal, fonts: f}, nil
}

// SetMap sets the bodies shown.
func (s *Software) SetMap(m *Map) { s.m = m }

// SetCourses sets the planned movements shown.
func (s *Software) SetCourses(cs []Course) { s.courses = cs }

// Render draws a frame.
func (s *Software) Render(sel Selection, c Camera, w, h int) (*image.RGBA, error) {
	if s.img == nil || s.img.Bounds().Dx() != w || s.img.Bounds().Dy() != h {
		s.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	img := s.img
	draw.Draw(img, img.Bounds(), image.NewUniform(Background), image.Point{}, draw.Src)
	v := c.view(w, h)
	line := func(a, b Vec, col color.NRGBA) { softLine(img, v, a, b, col) }
	circle := func(centre, u, w Vec, r float64, col color.NRGBA) {
		prev := centre.Add(u.Scale(r))
		for i := 1; i <= 72; i++ {
			a := 2 * math.Pi * float64(i) / 72
			p := centre.Add(u.Scale(r * math.Cos(a))).Add(w.Scale(r * math.Sin(a)))
			line(prev, p, col)
			prev = p
		}
	}
	grid := color.NRGBA{41, 51, 82, 255}
	x, y, z := Vec{1, 0, 0}, Vec{0, 1, 0}, Vec{0, 0, 1}
	for _, lat := range []float64{-60, -30, 0, 30, 60} {
		a := lat * math.Pi / 180
		circle(z.Scale(350*math.Sin(a)), x, y, 350*math.Cos(a), grid)
	}
	for k := 0; k < 6; k++ {
		a := float64(k) * math.Pi / 6
		circle(Vec{}, Vec{math.Cos(a), math.Sin(a), 0}, z, 350, grid)
	}
	for i, d := range []Vec{x, y, z} {
		line(d.Scale(-axisLength), d.Scale(axisLength), axisColors[i])
	}
	danger := color.NRGBA{217, 51, 38, 255}
	circle(Vec{}, x, y, 20, danger)
	circle(Vec{}, x, z, 20, danger)
	for _, sg := range append(trailSegments(s.m, s.palette), courseSegments(s.courses, courseMarkSize)...) {
		line(sg.a, sg.b, sg.c)
	}
	// Bodies, far ones first so that near ones cover them.
	type disc struct {
		x, y, r, depth float64
		col            color.NRGBA
	}
	discs := []disc{{}}
	if px, py, d, ok := v.project(Vec{}); ok {
		discs[0] = disc{px, py, 7 * c.PixelsPer(d, h), d, color.NRGBA{10, 10, 10, 255}}
	}
	if s.m != nil {
		for _, b := range s.m.Bodies {
			if px, py, d, ok := v.project(b.Pos); ok {
				discs = append(discs, disc{px, py, math.Max(1.5, b.Radius*c.PixelsPer(d, h)), d, b.color(s.palette)})
			}
		}
	}
	sort.Slice(discs, func(i, j int) bool { return discs[i].depth > discs[j].depth })
	for _, d := range discs {
		fillDisc(img, d.x, d.y, d.r, d.col)
	}
	if s.m != nil {
		if i := s.m.Find(sel.Key); i >= 0 {
			b := s.m.Bodies[i]
			if px, py, d, ok := v.project(b.Pos); ok {
				k := c.PixelsPer(d, h)
				ringCol := color.NRGBA{255, 255, 255, 255}
				ring(img, px, py, b.Radius*k*1.8+3, ringCol)
				ring(img, px, py, sel.CommRange*k, color.NRGBA{77, 153, 255, 255})
				ring(img, px, py, sel.MoveRange*k, color.NRGBA{77, 255, 128, 255})
			}
		}
		s.fonts.drawLabels(img, LayoutLabels(s.m, sel, c, w, h, s.fonts.measure, s.fonts.lineH, s.palette))
	}
	return img, nil
}

// softLine draws the segment from a to b one pixel wide. Where both ends
// are in front of the eye it steps along the segment on the screen, a
// pixel at a time; otherwise it steps along it in space (64 steps), so
// that the part in front of the eye shows.
func softLine(img *image.RGBA, v view, a, b Vec, col color.NRGBA) {
	c := color.RGBA{col.R, col.G, col.B, col.A} // the colours are opaque
	bounds := img.Bounds()
	set := func(x, y float64) {
		if p := image.Pt(int(x), int(y)); p.In(bounds) {
			img.SetRGBA(p.X, p.Y, c)
		}
	}
	ax, ay, _, aok := v.project(a)
	bx, by, _, bok := v.project(b)
	if aok && bok {
		n := math.Ceil(math.Max(math.Abs(bx-ax), math.Abs(by-ay)))
		if !(n < 4*float64(bounds.Dx()+bounds.Dy())) {
			n = 4 * float64(bounds.Dx()+bounds.Dy()) // far off the frame, or NaN
		}
		for i := 0.0; i <= n; i++ {
			t := i / math.Max(n, 1)
			set(ax+(bx-ax)*t, ay+(by-ay)*t)
		}
		return
	}
	const steps = 64
	for i := 0; i <= steps; i++ {
		if x, y, _, ok := v.project(a.Add(b.Sub(a).Scale(float64(i) / steps))); ok {
			set(x, y)
		}
	}
}

// fillDisc draws a disc lit from the upper left.
func fillDisc(img *image.RGBA, cx, cy, r float64, c color.NRGBA) {
	b := img.Bounds()
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			if !image.Pt(x, y).In(b) {
				continue
			}
			dx, dy := (float64(x)-cx)/r, (float64(y)-cy)/r
			d2 := dx*dx + dy*dy
			if d2 > 1 {
				continue
			}
			n := Vec{dx, -dy, math.Sqrt(1 - d2)}
			k := 0.32 + 0.78*math.Max(0, n.Dot(Vec{-0.4, 0.5, 0.77}.Unit()))
			img.SetRGBA(x, y, color.RGBA{clamp(float64(c.R) * k), clamp(float64(c.G) * k), clamp(float64(c.B) * k), 255})
		}
	}
}

func ring(img *image.RGBA, cx, cy, r float64, c color.NRGBA) {
	if r < 1 {
		return
	}
	n := int(math.Max(24, r*2))
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		img.Set(int(cx+r*math.Cos(a)), int(cy+r*math.Sin(a)), c)
	}
}

func clamp(v float64) uint8 { return uint8(math.Min(255, math.Max(0, v))) }

var _ Frames = (*Software)(nil)
var _ Frames = (*Renderer)(nil)
