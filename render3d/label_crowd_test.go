package render3d

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
)

// crowdedMap is a made-up map as crowded as a late game's middle: planets
// a few units apart, many with a fleet marker above them, all numbered.
func crowdedMap() *Map {
	rng := rand.New(rand.NewSource(7))
	m := &Map{}
	kinds := []Kind{PlanetUnowned, PlanetOther, PlanetMine, PlanetAllied, PlanetTrading}
	for i := 0; i < 600; i++ {
		k := kinds[rng.Intn(len(kinds))]
		p := Vec{rng.NormFloat64() * 60, rng.NormFloat64() * 60, rng.NormFloat64() * 25}
		r := PlanetRadius(k, rng.Intn(50000), true)
		m.Bodies = append(m.Bodies, Body{Key: planetBody(i), IDs: []int{i}, Kind: k, Pos: p, Radius: r, Label: fmt.Sprint(1 + rng.Intn(999))})
		if i%3 == 0 {
			n := 1 + rng.Intn(12)
			label := fmt.Sprint(1000 + i)
			if n > 1 {
				label = fmt.Sprintf("%d ships", n)
			}
			m.Bodies = append(m.Bodies, Body{Key: fmt.Sprintf("ships:%d", i), IDs: []int{100000 + i}, Kind: shipKind(rng.Intn(4)), Pos: Vec{p[0], p[1], p[2] + r + shipLift},
				Radius: 2.2 + math.Min(3, math.Log2(float64(n))), Label: label, Count: n})
		}
	}
	return m
}

// shipKind is the i-th kind of ship marker.
func shipKind(i int) Kind { return ShipMine + Kind(i) }

// checkLabels fails when two labels overlap or a label covers a marker
// (other than a speck);
// the selection's (first and bold) may cover markers where nothing else
// is free.
func checkLabels(t *testing.T, m *Map, sel string, c Camera, w, h int, charW, lineH float64, ls []Label) (selCovers int) {
	t.Helper()
	type box struct{ x0, y0, x1, y1 float64 }
	over := func(a, b box) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }
	var boxes []box
	for i, l := range ls {
		// The label's dark backing, as drawLabels draws it.
		lb := box{l.X - 2, l.Y, l.X + charW*float64(len([]rune(l.Text))) + 2, l.Y + lineH}
		for j, q := range boxes {
			if over(lb, q) {
				t.Errorf("label %q over label %q", l.Text, ls[j].Text)
			}
		}
		boxes = append(boxes, lb)
		// The selection's and the trading planets' names must show.
		selLabel := (i == 0 && l.Bold && l.Text == sel) || tradingLabel(m, l.Text)
		for k := range m.Bodies {
			b := &m.Bodies[k]
			x, y, d, ok := c.Project(b.Pos, w, h)
			if !ok {
				continue
			}
			rp := b.Radius * c.PixelsPer(d, h)
			if rp < minLabelPixels {
				continue // a speck: labels may cover it
			}
			r := math.Max(1.5, rp)
			switch {
			case !over(lb, box{x - r, y - r, x + r, y + r}):
			case selLabel:
				selCovers++
			default:
				t.Errorf("label %d %q covers the marker of %q", i, l.Text, b.Label)
			}
		}
	}
	return selCovers
}

// TestCrowdedLabels: on a crowded map no two labels overlap and no label
// covers a marker, its own or another's (specks aside); many bodies still get a name,
// and the selection always does (over other markers only where they
// leave no room).
func TestCrowdedLabels(t *testing.T) {
	m := crowdedMap()
	const w, h, charW, lineH = 1280, 800, 7, 15
	for _, view := range []struct{ dist, least float64 }{{250, 40}, {400, 40}, {700, 40}, {2500, 10}} {
		dist := view.dist
		c := DefaultCamera()
		c.Target = Vec{}
		c.Distance = dist
		for _, sel := range []int{0, 3, 40} {
			ls := LayoutLabels(m, Selection{Key: m.Bodies[sel].Object()}, c, w, h, FixedWidth(charW), lineH, DefaultPalette())
			if float64(len(ls)) < view.least {
				t.Errorf("distance %v: only %d labels", dist, len(ls))
			}
			if _, _, _, ok := c.Project(m.Bodies[sel].Pos, w, h); ok && (ls[0].Text != m.Bodies[sel].Label || !ls[0].Bold) {
				t.Errorf("distance %v: the selection %q is not named first: %+v", dist, m.Bodies[sel].Label, ls[0])
			}
			if n := checkLabels(t, m, m.Bodies[sel].Label, c, w, h, charW, lineH, ls); n > 0 {
				t.Logf("distance %v: the selection's label covers %d markers", dist, n)
			}
		}
	}
}

// TestLabelMovesAside: where the right of a body is taken, its label goes
// to another side instead of being left out.
func TestLabelMovesAside(t *testing.T) {
	c := DefaultCamera()
	c.Target = Vec{}
	c.Distance = 300
	_, _, d, _ := c.Project(Vec{}, 1280, 800)
	k := c.PixelsPer(d, 800)
	// Body 43 just right of 675: 675's label would cover it.
	m := &Map{Bodies: []Body{
		{Key: planetBody(675), IDs: []int{675}, Kind: PlanetMine, Pos: Vec{}, Radius: 3, Label: "675"},
		{Key: planetBody(43), IDs: []int{43}, Kind: PlanetMine, Pos: Vec{14 / k, 0, 0}, Radius: 3, Label: "43"},
	}}
	ls := LayoutLabels(m, Selection{}, c, 1280, 800, FixedWidth(7), 15, DefaultPalette())
	var names []string
	for _, l := range ls {
		names = append(names, l.Text)
	}
	if len(ls) < 2 {
		t.Fatalf("labels %q: both bodies should be named", names)
	}
	checkLabels(t, m, "", c, 1280, 800, 7, 15, ls)
}

// tradingLabel reports whether text is a trading planet's label on m.
func tradingLabel(m *Map, text string) bool {
	for i := range m.Bodies {
		if m.Bodies[i].Kind == PlanetTrading && m.Bodies[i].Label == text {
			return true
		}
	}
	return false
}

// TestTradingNamesAlwaysShow: the five trading planets keep their names
// however many ships crowd round them, on a crowded map and with another
// body selected; remembered ones too.
func TestTradingNamesAlwaysShow(t *testing.T) {
	const w, h, charW, lineH = 1280, 800, 7, 15
	c := DefaultCamera()
	c.Target = Vec{}
	c.Distance = 400
	_, _, d, _ := c.Project(Vec{}, w, h)
	k := c.PixelsPer(d, h) // pixels per unit at the target
	names := []string{"1 Silverfall", "2 Ardent", "3 Brisk", "4 Calder", "5 Dun"}
	m := &Map{}
	for i, name := range names {
		at := Vec{float64(i-2) * 120 / k, 0, 0}
		m.Bodies = append(m.Bodies, Body{Key: planetBody(i + 1), IDs: []int{i + 1}, Kind: PlanetTrading, Pos: at,
			Radius: PlanetRadius(PlanetTrading, 0, false), Label: name, Age: i % 2})
		// Ship markers every 9 pixels in a square 90 pixels across round
		// the planet: no side of it is free.
		for dx := -45.0; dx <= 45; dx += 9 {
			for dy := -45.0; dy <= 45; dy += 9 {
				if dx == 0 && dy == 0 {
					continue
				}
				id := len(m.Bodies)
				m.Bodies = append(m.Bodies, Body{Key: fmt.Sprintf("ships:%d", id), IDs: []int{id}, Kind: shipKind(id % 4),
					Pos: at.Add(Vec{dx / k, dy / k, 0}), Radius: 2.5 / k, Label: fmt.Sprint(id)})
			}
		}
	}
	for _, sel := range []int{-1, 7} {
		var s Selection
		if sel >= 0 {
			s.Key = m.Bodies[sel].Object()
		}
		ls := LayoutLabels(m, s, c, w, h, FixedWidth(charW), lineH, DefaultPalette())
		shown := map[string]bool{}
		for _, l := range ls {
			shown[l.Text] = true
		}
		for _, name := range names {
			if !shown[name] {
				t.Errorf("selection %d: the trading planet %q has no name on the map", sel, name)
			}
		}
		checkLabels(t, m, "", c, w, h, charW, lineH, ls)
	}
}
