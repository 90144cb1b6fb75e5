package render3d

import (
	"testing"

	"silverfall/engine/model"
)

func TestSoftwareShowsPlanets(t *testing.T) {
	s, err := NewSoftware(DefaultPalette())
	if err != nil {
		t.Fatal(err)
	}
	m := demoMap(t)
	s.SetMap(m)
	c := DefaultCamera()
	c.Distance = 260
	img, err := s.Render(Selection{Key: model.PlanetKey(m.Bodies[0].IDs[0]), CommRange: 40}, c, 800, 600)
	if err != nil {
		t.Fatal(err)
	}
	matched, checked := 0, 0
	for _, b := range m.Bodies {
		if b.Kind != PlanetTrading {
			continue
		}
		if x, y, _, ok := c.Project(b.Pos, 800, 600); ok && x >= 0 && y >= 0 && x < 800 && y < 600 {
			checked++
			if sameHue(img.RGBAAt(int(x), int(y)), DefaultPalette()[b.Kind]) {
				matched++
			}
		}
	}
	if checked < 4 || matched < checked-1 {
		t.Errorf("%d of %d trading planets in their colour", matched, checked)
	}
}

// BenchmarkSoftwareFrame draws 5,000 objects in software at the size the
// map has in a 1280x800 window (widget tests and windows without GL draw
// so).
func BenchmarkSoftwareFrame(b *testing.B) {
	s, err := NewSoftware(DefaultPalette())
	if err != nil {
		b.Fatal(err)
	}
	s.SetMap(bigMap(5000))
	c := DefaultCamera()
	for i := 0; i < b.N; i++ {
		c.Orbit(0.01, 0)
		if _, err := s.Render(Selection{}, c, 754, 712); err != nil {
			b.Fatal(err)
		}
	}
}
