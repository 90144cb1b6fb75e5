package render3d

import (
	"image"
	"math"
	"math/rand"
	"slices"
	"testing"
)

func TestLabelsDoNotOverlap(t *testing.T) {
	m := bigMap(3000)
	m.Bodies[17].Kind = PlanetTrading
	c := DefaultCamera()
	c.Distance = 500
	sel := -1
	for i, b := range m.Bodies {
		if x, y, _, ok := c.Project(b.Pos, 1280, 800); ok && x > 100 && x < 1100 && y > 100 && y < 700 && b.Kind == PlanetUnowned {
			sel = i
			break
		}
	}
	ls := LayoutLabels(m, Selection{Key: m.Bodies[sel].Object()}, c, 1280, 800, FixedWidth(7), 15, DefaultPalette())
	if len(ls) < 50 || len(ls) > maxLabels+3 {
		t.Fatalf("%d labels", len(ls))
	}
	if ls[0].Text != m.Bodies[sel].Label || !ls[0].Bold {
		t.Errorf("the selection is labelled first and in bold: %+v", ls[0])
	}
	var rs []image.Rectangle
	for _, l := range ls {
		r := image.Rect(int(l.X), int(l.Y), int(l.X+7*float64(len(l.Text))), int(l.Y+15))
		for _, q := range rs {
			if q.Overlaps(r) {
				t.Fatalf("labels overlap: %v and %v", q, r)
			}
		}
		rs = append(rs, r)
	}
}

func BenchmarkLayoutLabels(b *testing.B) {
	m := bigMap(5000)
	c := DefaultCamera()
	for i := 0; i < b.N; i++ {
		LayoutLabels(m, Selection{}, c, 1280, 800, FixedWidth(7), 15, DefaultPalette())
	}
}

func BenchmarkDrawLabels(b *testing.B) {
	f, err := newFonts(13)
	if err != nil {
		b.Fatal(err)
	}
	m := bigMap(5000)
	ls := LayoutLabels(m, Selection{}, DefaultCamera(), 1280, 800, f.measure, f.lineH, DefaultPalette())
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.drawLabels(img, ls)
	}
	b.ReportMetric(float64(len(ls)), "labels")
}

// TestLabelsOfABrokenMap: a body with a NaN or huge position or radius
// gets no label and costs no time.
func TestLabelsOfABrokenMap(t *testing.T) {
	m := bigMap(50)
	nan := math.NaN()
	m.Bodies[0].Radius = nan
	m.Bodies[1].Pos = Vec{nan, 0, 0}
	m.Bodies[2].Radius = math.Inf(1)
	m.Bodies[3].Pos = Vec{1e300, -1e300, 1e300}
	ls := LayoutLabels(m, Selection{}, DefaultCamera(), 1280, 800, FixedWidth(7), 15, DefaultPalette())
	for _, l := range ls {
		if math.IsNaN(l.X) || math.IsNaN(l.Y) {
			t.Errorf("label %q at NaN", l.Text)
		}
	}
}

func TestPlanetRadiusIsFinite(t *testing.T) {
	for _, ind := range []int{-1, -1 << 62, 0, 50000, 1 << 62} {
		if r := PlanetRadius(PlanetMine, ind, true); math.IsNaN(r) || r < 2 || r > 6 {
			t.Errorf("industry %d: radius %v", ind, r)
		}
	}
}

// selectFirst puts the k least first, whatever the input's order: the
// same k elements a full sort puts first.
func TestSelectFirst(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, n := range []int{1, 2, 3, 10, 801, 5000} {
		for _, k := range []int{1, n / 2, n - 1, n} {
			if k < 1 {
				continue
			}
			s := make([]int, n)
			for i := range s {
				s[i] = rng.Intn(n/2+1)*n + i // distinct, in no order
			}
			if n == 5000 {
				slices.Sort(s) // the worst order for a naive pivot
			}
			want := slices.Clone(s)
			slices.Sort(want)
			selectFirst(s, k, func(a, b int) int { return a - b })
			got := slices.Clone(s[:k])
			slices.Sort(got)
			if !slices.Equal(got, want[:k]) {
				t.Fatalf("n %d, k %d: first %v, want %v", n, k, got[:min(k, 5)], want[:min(k, 5)])
			}
		}
	}
}
