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
