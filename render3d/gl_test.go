package render3d

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand"
	"os"
	"runtime"
	"testing"

	"silverfall/assets"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// GL must be driven from the main OS thread: the tests run in a goroutine
// and hand their GL work to the main thread through onMain.
var mainFuncs = make(chan func())

func TestMain(m *testing.M) {
	runtime.LockOSThread()
	done := make(chan int)
	go func() { done <- m.Run() }()
	for {
		select {
		case f := <-mainFuncs:
			f()
		case code := <-done:
			os.Exit(code)
		}
	}
}

func onMain(f func()) {
	d := make(chan struct{})
	mainFuncs <- func() { defer close(d); f() }
	<-d
}

var shared *Renderer

// renderer returns one renderer for all tests, or skips without a display.
func testRenderer(tb testing.TB) *Renderer {
	tb.Helper()
	if !HasDisplay() {
		tb.Skip("no display for GL: run the tests under xvfb-run (make test does)")
	}
	var err error
	onMain(func() {
		if shared == nil {
			shared, err = NewRenderer(DefaultPalette())
		}
	})
	if err != nil {
		tb.Fatal(err)
	}
	return shared
}

func demoMap(tb testing.TB) *Map {
	data, err := assets.DemoSheet(assets.DemoPlayer)
	if err != nil {
		tb.Fatal(err)
	}
	rep, err := reportparse.Parse(rules.Default(), "demo", data)
	if err != nil {
		tb.Fatal(err)
	}
	return FromKnowledge(rules.Default(), rep.Knowledge)
}

// sameHue reports whether the pixel is a lit shade of the colour: bright
// enough and pointing the same way in RGB space.
func sameHue(p color.RGBA, c color.NRGBA) bool {
	a := [3]float64{float64(p.R), float64(p.G), float64(p.B)}
	b := [3]float64{float64(c.R), float64(c.G), float64(c.B)}
	dot, na, nb := 0.0, 0.0, 0.0
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	return math.Sqrt(na) > 60 && dot/math.Sqrt(na*nb) > 0.97
}

func TestRenderShowsPlanets(t *testing.T) {
	r := testRenderer(t)
	m := demoMap(t)
	const w, h = 1000, 700
	var img *image.RGBA
	c := DefaultCamera()
	c.Distance = 260 // close enough that the trading planets are many pixels wide
	var err error
	onMain(func() {
		r.SetMap(m)
		img, err = r.Render(Selection{}, c, w, h)
	})
	if err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("RENDER3D_PNG"); out != "" {
		f, _ := os.Create(out)
		png.Encode(f, img)
		f.Close()
	}
	pal := DefaultPalette()
	checked, matched := 0, 0
	for _, b := range m.Bodies {
		if b.Kind != PlanetTrading {
			continue
		}
		x, y, _, ok := c.Project(b.Pos, w, h)
		if !ok || x < 0 || y < 0 || x >= w || y >= h {
			continue
		}
		checked++
		if got := img.RGBAAt(int(x), int(y)); sameHue(got, pal[b.Kind]) {
			matched++
		} else {
			t.Logf("%s at %.0f,%.0f: pixel %v, want a shade of %v", b.Key, x, y, got, pal[b.Kind])
		}
	}
	if checked < 4 || matched < checked-1 {
		t.Errorf("%d of %d trading planets show in their colour", matched, checked)
	}
	// Not a blank or black frame: a good share of pixels differ from space.
	lit := 0
	for i := 0; i < len(img.Pix); i += 4 * 97 {
		if img.Pix[i] > 40 || img.Pix[i+1] > 40 || img.Pix[i+2] > 60 {
			lit++
		}
	}
	if lit < len(img.Pix)/(4*97)/200 {
		t.Errorf("only %d sampled pixels are not background", lit)
	}
}

func TestSelectionShowsRanges(t *testing.T) {
	r := testRenderer(t)
	m := demoMap(t)
	c := DefaultCamera()
	c.Fit(m.Points(), 640, 480)
	var plain, sel []byte
	onMain(func() {
		r.SetMap(m)
		img, _ := r.Render(Selection{}, c, 640, 480)
		plain = append([]byte(nil), img.Pix...)
		img, _ = r.Render(Selection{Key: model.PlanetKey(m.Bodies[0].IDs[0]), CommRange: 60, MoveRange: 30}, c, 640, 480)
		sel = append([]byte(nil), img.Pix...)
	})
	diff := 0
	for i := range plain {
		if plain[i] != sel[i] {
			diff++
		}
	}
	if diff < 1000 {
		t.Errorf("selecting with ranges changed only %d bytes of the frame", diff)
	}
}

// bigMap makes n bodies of every kind spread over the map.
func bigMap(n int) *Map {
	rng := rand.New(rand.NewSource(1))
	m := &Map{}
	for i := 0; i < n; i++ {
		k := Kind(rng.Intn(int(NumKinds)))
		p := Vec{rng.Float64()*700 - 350, rng.Float64()*700 - 350, rng.Float64()*700 - 350}
		m.Bodies = append(m.Bodies, Body{Key: planetBody(i), Kind: k, Pos: p, Radius: 2 + rng.Float64()*3, Label: planetBody(i), IDs: []int{i}})
	}
	return m
}

// BenchmarkFrame renders 5,000 objects at 1280x800 and reads the frame back.
func BenchmarkFrame(b *testing.B) {
	r := testRenderer(b)
	m := bigMap(5000)
	c := DefaultCamera()
	onMain(func() { r.SetMap(m) })
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Orbit(0.01, 0)
		onMain(func() {
			if _, err := r.Render(Selection{}, c, 1280, 800); err != nil {
				b.Fatal(err)
			}
		})
	}
}

func TestCoursesShow(t *testing.T) {
	r := testRenderer(t)
	m := demoMap(t)
	c := DefaultCamera()
	c.Distance = 300
	from, to := Vec{-150, 40, 30}, Vec{150, 40, 30}
	var before, after *image.RGBA
	onMain(func() {
		r.SetMap(m)
		r.SetCourses(nil)
		img, _ := r.Render(Selection{}, c, 800, 600)
		before = image.NewRGBA(img.Bounds())
		copy(before.Pix, img.Pix)
		r.SetCourses([]Course{{Kind: CourseMove, From: from, To: to, Stop: Vec{-50, 40, 30},
			Marks: []Vec{{-120, 40, 30}, {-90, 40, 30}, {-50, 40, 30}}, Error: true}})
		after, _ = r.Render(Selection{}, c, 800, 600)
	})
	// Halfway along the part flown this turn, the course's red shows.
	x, y, _, _ := c.Project(Vec{-105, 40, 30}, 800, 600)
	found := false
	for dy := -2; dy <= 2; dy++ {
		p := after.RGBAAt(int(x), int(y)+dy)
		if p.R > 200 && p.G < 120 && before.RGBAAt(int(x), int(y)+dy) != p {
			found = true
		}
	}
	if !found {
		t.Errorf("no red course line near %.0f,%.0f", x, y)
	}
	onMain(func() { r.SetCourses(nil) })
}

func TestAsyncRenders(t *testing.T) {
	testRenderer(t) // skips without a display
	var a *Async
	var err error
	onMain(func() { a, err = NewAsync(DefaultPalette()) })
	if err != nil {
		t.Fatal(err)
	}
	m := demoMap(t)
	a.SetMap(m)
	c := DefaultCamera()
	c.Distance = 260
	img, err := a.Render(Selection{}, c, 640, 480)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *image.RGBA, 1)
	a.RenderAsync(Selection{}, c, 640, 480, func(i *image.RGBA, err error) { done <- i })
	second := <-done
	if second == img {
		t.Error("two frames in a row share one image: the shown one would be overwritten")
	}
	matched := 0
	for _, b := range m.Bodies {
		if b.Kind != PlanetTrading {
			continue
		}
		if x, y, _, ok := c.Project(b.Pos, 640, 480); ok && x >= 0 && y >= 0 && x < 640 && y < 480 &&
			sameHue(second.RGBAAt(int(x), int(y)), DefaultPalette()[b.Kind]) {
			matched++
		}
	}
	if matched < 3 {
		t.Errorf("%d trading planets in their colour in a frame drawn on the worker", matched)
	}
}

// A view that shrinks (the turn bar's banner comes) draws the same frame as
// one that was always that small; one that grows again too.
func TestFrameAfterResizeIsTheSame(t *testing.T) {
	r := testRenderer(t)
	m := demoMap(t)
	c := DefaultCamera()
	c.Distance = 260
	var fresh *Renderer
	var err error
	onMain(func() { fresh, err = NewRenderer(DefaultPalette()) })
	if err != nil {
		t.Fatal(err)
	}
	frame := func(r *Renderer, w, h int) *image.RGBA {
		var img *image.RGBA
		onMain(func() {
			r.SetMap(m)
			img, err = r.Render(Selection{}, c, w, h)
			if err == nil {
				img = &image.RGBA{Pix: append([]byte(nil), img.Pix...), Stride: img.Stride, Rect: img.Rect}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	want := frame(fresh, 500, 300)
	frame(r, 640, 480)
	for _, size := range [][2]int{{500, 300}, {700, 520}, {500, 300}} {
		got := frame(r, size[0], size[1])
		if size[0] != 500 {
			continue
		}
		if got.Bounds() != want.Bounds() {
			t.Fatalf("a frame of %v, not %v", got.Bounds(), want.Bounds())
		}
		differ := 0
		for i := range got.Pix {
			if got.Pix[i] != want.Pix[i] {
				differ++
			}
		}
		if differ > 0 {
			t.Errorf("after a larger view, %d of %d bytes differ from a renderer that drew only this size", differ, len(got.Pix))
		}
	}
}
