package plots

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"silverfall/engine/model"
)

var update = flag.Bool("update", false, "write the golden images afresh")

// sample is n turns of a made-up game with every number moving: growth,
// a war, a price war at planet 20.
func sample(n int) []Turn {
	var out []Turn
	for i := 1; i <= n; i++ {
		t := Turn{Turn: i, Score: 1000 + 90*i - 4*i*i%70, Low: 800 + 20*i, High: 1200 + 140*i,
			Credits: 5000 + 300*i - 900*(i%4), Income: 1500 + 60*i, Expenses: 1200 + 45*i + 300*(i%3),
			Ships: 4 + i/2 - i/7, Fire: 40 + 9*i - 3*(i%5), Defence: 60 + 7*i, Points: 2 * i, AntiPoints: -(i / 3)}
		t.Prices = []Price{
			{Planet: 12, Name: "Ardent", Ore: model.Ore{30 + i%4, 42, 55 - i%3, 61, 80 + i}, Fuel: 9 + i%2},
			{Planet: 20, Ore: model.Ore{28, 40 + i, 50, 66 - i, 75}, Fuel: 11 - i/5},
		}
		out = append(out, t)
	}
	return out
}

func TestChoices(t *testing.T) {
	cs := Choices(sample(3))
	var titles []string
	for _, c := range cs {
		titles = append(titles, c.Title)
	}
	got := strings.Join(titles, "|")
	want := "Score|Credits, income and expenses|Number of ships|Fire and defence of all ships|Points and anti-points|Prices at Ardent (12)|Prices at planet 20"
	if got != want {
		t.Errorf("choices %q,\nwant %q", got, want)
	}
	if len(Choices(nil)) != 5 {
		t.Error("without turns there are no more than the five fixed plots")
	}
}

// tolerance is the share of a golden image's pixels that may differ.
const tolerance = 0.006

// golden compares an image with testdata/name within a tolerance: no more
// than 0.6% of the pixels may differ by more than a fifth of a channel's
// range (fonts may be drawn a shade differently elsewhere; a line moved
// changes about 0.9%).
func golden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if d := differing(want, img); d > tolerance {
		t.Errorf("%s: %.1f%% of the pixels differ from the golden image", name, 100*d)
		var b bytes.Buffer
		png.Encode(&b, img)
		out := filepath.Join(os.TempDir(), "silverfall-plots-"+name)
		if os.WriteFile(out, b.Bytes(), 0o644) == nil {
			t.Logf("the image drawn is in %s", out)
		}
	}
}

// differing is the fraction of pixels that differ by more than 51 in any
// channel; images of other sizes differ in every pixel.
func differing(a, b image.Image) float64 {
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Dx() != rb.Dx() || ra.Dy() != rb.Dy() {
		return 1
	}
	n := 0
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			r1, g1, b1, _ := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				n++
			}
		}
	}
	return float64(n) / float64(ra.Dx()*ra.Dy())
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > 51 || d < -51
}

var slugs = map[Kind]string{ScorePlot: "score", CreditsPlot: "credits", PricesPlot: "prices",
	ShipsPlot: "ships", StrengthPlot: "strength", PointsPlot: "points"}

func TestGolden(t *testing.T) {
	turns := sample(12)
	for i, c := range Choices(turns) {
		if c.Kind == PricesPlot && c.Planet != 20 {
			continue // one planet's prices is enough
		}
		pal, theme := LightPalette(), "light"
		if i%2 == 1 {
			pal, theme = DarkPalette(), "dark"
		}
		name := fmt.Sprintf("%s-%s.png", slugs[c.Kind], theme)
		t.Run(name, func(t *testing.T) {
			f, err := Build(turns, c, pal)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, name, f.Image(400, 220, 96))
		})
	}
}

// TestGoldenCanFail: the comparison tells plots apart, and a change in
// one line's values is seen.
func TestGoldenCanFail(t *testing.T) {
	turns := sample(12)
	draw := func(turns []Turn, k Kind, pal Palette) image.Image {
		f, err := Build(turns, Choice{Kind: k, Title: "x"}, pal)
		if err != nil {
			t.Fatal(err)
		}
		return f.Image(400, 220, 96)
	}
	base := draw(turns, ScorePlot, LightPalette())
	if d := differing(base, draw(turns, ScorePlot, LightPalette())); d != 0 {
		t.Errorf("the same plot drawn twice differs in %.2f%% of its pixels", 100*d)
	}
	if d := differing(base, draw(turns, ScorePlot, DarkPalette())); d < 0.5 {
		t.Errorf("light and dark differ in only %.1f%% of the pixels", 100*d)
	}
	changed := sample(12)
	for i := range changed {
		changed[i].Score = changed[i].Low
	}
	if d := differing(base, draw(changed, ScorePlot, LightPalette())); d <= tolerance {
		t.Errorf("moving one line changes only %.2f%% of the pixels: the tolerance hides it", 100*d)
	}
}

func TestBuildErrors(t *testing.T) {
	if _, err := Build(nil, Choice{Kind: ScorePlot}, LightPalette()); !errors.Is(err, ErrNoTurns) {
		t.Errorf("no turns: %v", err)
	}
	if _, err := Build(sample(2), Choice{Kind: 99}, LightPalette()); err == nil {
		t.Error("a kind that does not exist was built")
	}
	// One turn, and a planet seen on no sheet: drawn all the same.
	for _, c := range []Choice{{Kind: ScorePlot}, {Kind: PricesPlot, Planet: 77}} {
		f, err := Build(sample(1), c, DarkPalette())
		if err != nil {
			t.Fatal(err)
		}
		if img := f.Image(200, 120, 96); img.Bounds().Dx() != 200 || img.Bounds().Dy() != 120 {
			t.Errorf("image %v, want 200×120", img.Bounds())
		}
	}
}

func TestWrite(t *testing.T) {
	f, err := Build(sample(5), Choice{Kind: CreditsPlot, Title: "Credits"}, LightPalette())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.WritePNG(&b, 300, 200); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil || img.Bounds().Dx() != 300 || img.Bounds().Dy() != 200 {
		t.Fatalf("PNG: %v, %v", err, img)
	}
	b.Reset()
	if err := f.WriteSVG(&b, 300, 200); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.Contains(s, "<svg") || !strings.Contains(s, "Income") {
		t.Errorf("SVG without its legend: %.200s", s)
	}
}

func TestWholeTicks(t *testing.T) {
	tests := []struct {
		min, max float64
		want     string
	}{
		{1, 5, "1 2 3 4 5"},
		{1, 25, "5 10 15 20 25"},
		{-3, 7, "-2 0 2 4 6"},
		{980, 2780, "1,000 1,500 2,000 2,500"},
		{4, 4, "4"},
		{-4, 24, "0 5 10 15 20"},
	}
	for _, tc := range tests {
		var got []string
		for _, tk := range (wholeTicks{}).Ticks(tc.min, tc.max) {
			got = append(got, tk.Label)
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("ticks %v..%v = %q, want %q", tc.min, tc.max, s, tc.want)
		}
	}
}

// BenchmarkPlot25Turns draws the busiest plot (a trading planet's six
// prices) over 25 turns, at a bottom tab's size and at twice that (a
// window at scale 2).
func BenchmarkPlot25Turns(b *testing.B) {
	turns := sample(25)
	cs := Choices(turns)
	c := cs[len(cs)-1]
	for _, size := range []struct{ w, h, dpi int }{{800, 500, 96}, {1600, 1000, 192}} {
		b.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(b *testing.B) {
			for b.Loop() {
				f, err := Build(turns, c, DarkPalette())
				if err != nil {
					b.Fatal(err)
				}
				f.Image(size.w, size.h, size.dpi)
			}
		})
	}
}

// Ticks end even where a whole step no longer moves a float64.
func TestTicksOfHugeFigures(t *testing.T) {
	done := make(chan int)
	go func() { done <- len(wholeTicks{}.Ticks(1e17, 1e17+2)) }()
	select {
	case n := <-done:
		if n == 0 || n > 100 {
			t.Errorf("%d ticks", n)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the ticks of 1e17 to 1e17+2 never end")
	}
}

// TestPricesApart: the prices of a trading planet, a few credits to
// hundreds, each keep a height of their own on the saved plot: no two
// lines of different prices lie within a few pixels of each other, as
// the cheap ones did along the bottom of an even scale.
func TestPricesApart(t *testing.T) {
	turns := []Turn{}
	for i := 1; i <= 6; i++ {
		turns = append(turns, Turn{Turn: i, Prices: []Price{{Planet: 3, Name: "Wizards Market", Ore: model.Ore{50 + i, 100, 500 - 3*i, 4, 14}, Fuel: 5 + i%2}}})
	}
	f, err := Build(turns, Choice{Kind: PricesPlot, Planet: 3, Title: "Prices at Wizards Market (3)"}, LightPalette())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.WritePNG(&b, 1200, 750); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("SILVERFALL_SHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "prices-saved.png"), b.Bytes(), 0o644)
	}
	// Where the y axis puts each price, as a share of its height.
	y := f.plot.Y
	at := func(v float64) float64 { return y.Norm(v) * 600 } // about the plot area's height in pixels
	for _, pair := range [][2]float64{{4, 5}, {5, 14}, {14, 50}, {50, 100}} {
		if d := at(pair[1]) - at(pair[0]); d < 25 {
			t.Errorf("prices %v and %v are %.0f pixels apart: on top of each other", pair[0], pair[1], d)
		}
	}
}

// TestPlotMargin: the saved plot's title and axis label keep off the
// edges: its outermost rows and columns are the background alone.
func TestPlotMargin(t *testing.T) {
	f, err := Build(sample(5), Choice{Kind: ScorePlot, Title: "Score"}, LightPalette())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.WritePNG(&b, 1200, 750); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	bg := img.At(0, 0)
	r := img.Bounds()
	for _, e := range []image.Rectangle{
		image.Rect(0, 0, r.Dx(), 8), image.Rect(0, r.Dy()-8, r.Dx(), r.Dy()), // top, bottom
		image.Rect(0, 0, 8, r.Dy()), image.Rect(r.Dx()-8, 0, r.Dx(), r.Dy()), // left, right
	} {
		for y := e.Min.Y; y < e.Max.Y; y++ {
			for x := e.Min.X; x < e.Max.X; x++ {
				if img.At(x, y) != bg {
					t.Fatalf("the plot draws at (%d,%d), within 8 pixels of its edge", x, y)
				}
			}
		}
	}
}

// TestShortFigureKeepsItsArea: drawn as short as the window's panel
// draws it at 1280x800 (about 330 by 180) or as the saved plot, a price
// plot keeps most of its height for the lines, and its y axis's label (if
// any) is no longer than that height: a label that is not gonum takes
// off the lines' height; its ticks' labels keep apart (bug: the panel's
// plot left the prices a strip of some twenty pixels, the ticks on top of
// each other, the label cut).
func TestShortFigureKeepsItsArea(t *testing.T) {
	// Prices from 4 to 700, as a trading planet's are.
	var turns []Turn
	for i := 1; i <= 7; i++ {
		turns = append(turns, Turn{Turn: i, Prices: []Price{{Planet: 3, Name: "Wizards Market", Ore: model.Ore{55 + i, 80 + 4*i, 560 + 20*i, 4, 15 + i/2}, Fuel: 5}}})
	}
	for _, size := range [][2]int{{330, 180}, {400, 220}, {330, 300}, {1200, 750}} {
		f, err := Build(turns, Choice{Kind: PricesPlot, Planet: 3, Title: "Prices at Wizards Market (3)"}, DarkPalette())
		if err != nil {
			t.Fatal(err)
		}
		c := draw.New(vgimg.NewWith(vgimg.UseWH(pointsOf(size[0], 96), pointsOf(size[1], 96)), vgimg.UseDPI(96)))
		pc, _, _ := f.layout(c)
		da := f.plot.DataCanvas(pc)
		high, whole := da.Max.Y-da.Min.Y, c.Max.Y-c.Min.Y
		if high < whole*0.35 {
			t.Errorf("%dx%d: the lines have %.0f%% of the height", size[0], size[1], 100*high/whole)
		}
		if l := f.plot.Y.Label.Text; f.plot.Y.Label.TextStyle.Width(l) > high {
			t.Errorf("%dx%d: the label %q is longer than the lines' height", size[0], size[1], l)
		}
		if size[1] >= 300 && f.plot.Y.Label.Text == "" {
			t.Errorf("%dx%d: no label on the y axis", size[0], size[1])
		}
		// The ticks' labels keep apart, at least two of them.
		y := f.plot.Y
		var at []vg.Length
		for _, tk := range y.Tick.Marker.Ticks(y.Min, y.Max) {
			if tk.Label != "" {
				at = append(at, vg.Length(y.Norm(tk.Value))*high)
			}
		}
		if len(at) < 2 {
			t.Errorf("%dx%d: %d ticks labelled", size[0], size[1], len(at))
		}
		for i := 1; i < len(at); i++ {
			if gap := at[i] - at[i-1]; gap < y.Tick.Label.Height("0") {
				t.Errorf("%dx%d: two ticks' labels %.1f points apart, a label is %.1f high", size[0], size[1], gap, y.Tick.Label.Height("0"))
				break
			}
		}
	}
}
