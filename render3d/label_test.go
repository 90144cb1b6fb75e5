package render3d

import (
	"image"
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
	ls := LayoutLabels(m, Selection{Key: m.Bodies[sel].Key}, c, 1280, 800, 7, 15, DefaultPalette())
	if len(ls) < 50 || len(ls) > maxLabels+3 {
		t.Fatalf("%d labels", len(ls))
	}
	if ls[0].Text != m.Bodies[sel].Label || !ls[0].Bold {
		t.Errorf("the selection is labelled first and in bold: %+v", ls[0])
	}
	var rs []image.Rectangle
	for _, l := range ls[:len(ls)-3] { // the axis names may sit anywhere
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
		LayoutLabels(m, Selection{}, c, 1280, 800, 7, 15, DefaultPalette())
	}
}

func BenchmarkDrawLabels(b *testing.B) {
	f, err := newFonts(13)
	if err != nil {
		b.Fatal(err)
	}
	m := bigMap(5000)
	ls := LayoutLabels(m, Selection{}, DefaultCamera(), 1280, 800, f.charW, f.lineH, DefaultPalette())
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.drawLabels(img, ls)
	}
	b.ReportMetric(float64(len(ls)), "labels")
}
