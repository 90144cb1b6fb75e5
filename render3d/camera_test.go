package render3d

import (
	"fmt"
	"math"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestProjectKnownCamera(t *testing.T) {
	// Looking down the X axis at the origin from +X, 100 away, 90° field.
	c := Camera{Distance: 100, FovY: 90}
	for _, tc := range []struct {
		p    Vec
		x, y float64
	}{
		{Vec{0, 0, 0}, 400, 300},
		{Vec{0, 0, 100}, 400, 0},    // top edge: tan(45°) * 100
		{Vec{0, 0, -50}, 400, 450},  // halfway down
		{Vec{0, -100, 0}, 100, 300}, // left of centre: +Y points right seen from +X
		{Vec{50, 0, 25}, 400, 150},  // nearer, so further from the centre
	} {
		x, y, _, ok := c.Project(tc.p, 800, 600)
		if !ok || !near(x, tc.x, 1e-6) || !near(y, tc.y, 1e-6) {
			t.Errorf("%v projects to %.2f,%.2f (%v), want %.0f,%.0f", tc.p, x, y, ok, tc.x, tc.y)
		}
	}
	if _, _, _, ok := c.Project(Vec{200, 0, 0}, 800, 600); ok {
		t.Error("a point behind the camera shows")
	}
}

func TestRayGoesThroughProjectedPoint(t *testing.T) {
	c := Camera{Target: Vec{10, -20, 5}, Distance: 400, Yaw: 1.1, Pitch: 0.4, FovY: 45}
	for _, p := range []Vec{{0, 0, 0}, {120, 80, -30}, {-200, 150, 90}, {10, -20, 5}} {
		x, y, depth, ok := c.Project(p, 1280, 800)
		if !ok {
			t.Fatalf("%v not in view", p)
		}
		o, d := c.Ray(x, y, 1280, 800)
		q := o.Add(d.Scale(p.Sub(o).Dot(d)))
		if q.Sub(p).Len() > 1e-6*depth {
			t.Errorf("ray through %v misses it by %v", p, q.Sub(p).Len())
		}
	}
}

func TestPick(t *testing.T) {
	m := &Map{Bodies: []Body{
		{Key: "far", Pos: Vec{-50, 0, 0}, Radius: 5},
		{Key: "near", Pos: Vec{50, 0, 0}, Radius: 5},
		{Key: "aside", Pos: Vec{0, 60, 0}, Radius: 1},
		{Key: "behind", Pos: Vec{300, 0, 0}, Radius: 50},
	}}
	c := Camera{Distance: 200, FovY: 45} // eye at +200 on X looking at the origin
	w, h := 800, 600
	key := func(i int) string {
		if i < 0 {
			return "none"
		}
		return m.Bodies[i].Key
	}
	if got := key(Pick(m, c, 400, 300, w, h)); got != "near" {
		t.Errorf("centre picks %s, want the nearer of two in line", got)
	}
	x, y, _, _ := c.Project(m.Bodies[2].Pos, w, h)
	if got := key(Pick(m, c, x+4, y+3, w, h)); got != "aside" {
		t.Errorf("5 pixels off a small body picks %s", got)
	}
	if got := key(Pick(m, c, x+30, y, w, h)); got != "none" {
		t.Errorf("empty space picks %s", got)
	}
}

// What the sheet shows now wins over what is remembered, and both over the
// points of trails, wherever they lie along the ray: a ship last seen two
// turns ago drawn in front of a ship there now leaves the pointer to it.
func TestPickPrefersWhatIsShownNow(t *testing.T) {
	c := Camera{Distance: 200, FovY: 45} // eye at +200 on X looking at the origin
	w, h := 800, 600
	cases := []struct {
		name   string
		bodies []Body
		want   string
	}{
		{"remembered in front", []Body{{Key: "now", Pos: Vec{0, 0, 0}, Radius: 5}, {Key: "old", Pos: Vec{60, 0, 0}, Radius: 5, Age: 2}}, "now"},
		{"dot in front", []Body{{Key: "now", Pos: Vec{0, 0, 0}, Radius: 5}, {Key: "dot", Pos: Vec{60, 0, 0}, Radius: 5, Dot: true}}, "now"},
		{"dot before remembered", []Body{{Key: "dot", Pos: Vec{60, 0, 0}, Radius: 5, Dot: true}, {Key: "old", Pos: Vec{0, 0, 0}, Radius: 5, Age: 1}}, "old"},
		{"remembered alone", []Body{{Key: "old", Pos: Vec{0, 0, 0}, Radius: 5, Age: 1}}, "old"},
		{"two now, the nearer", []Body{{Key: "far", Pos: Vec{0, 0, 0}, Radius: 5}, {Key: "near", Pos: Vec{60, 0, 0}, Radius: 5}}, "near"},
	}
	for _, tc := range cases {
		m := &Map{Bodies: tc.bodies}
		if i := Pick(m, c, 400, 300, w, h); i < 0 || m.Bodies[i].Key != tc.want {
			t.Errorf("%s: picked %d, want %s", tc.name, i, tc.want)
		}
	}
}

func TestCameraMoves(t *testing.T) {
	c := DefaultCamera()
	c.Orbit(0, 10)
	if c.Pitch > MaxPitch {
		t.Error("pitch passes the pole")
	}
	c.Zoom(1e-9)
	if c.Distance != MinDistance {
		t.Errorf("zoomed to %v", c.Distance)
	}
	c = Camera{Distance: 100, FovY: 90}
	c.Pan(100, 0, 600)
	if c.Target[1] >= 0 {
		t.Errorf("dragging right moves the map right, the target left (-Y seen from +X): %v", c.Target)
	}
	pts := []Vec{{-300, 0, 0}, {300, 40, 0}, {0, 0, 350}, {10, -330, -10}}
	c.Fit(pts, 1280, 800)
	for _, p := range pts {
		x, y, _, ok := c.Project(p, 1280, 800)
		if !ok || x < 0 || x > 1280 || y < 0 || y > 800 {
			t.Errorf("after fitting, %v shows at %.0f,%.0f", p, x, y)
		}
	}
}

func TestFromKnowledge(t *testing.T) {
	k := &model.Knowledge{Empire: model.Empire{Player: 1, Allies: []int{2}},
		Trading:        []model.TradingPlanet{{Planet: model.Planet{ID: 1, Loc: geom.Point{X: 70}, Name: "Market"}}},
		Planets:        []model.Planet{{ID: 5, Kind: model.Origin, Owner: 1, Loc: geom.Point{Y: 200}, Industry: 50000}},
		ForeignPlanets: []model.Planet{{ID: 6, Owner: 2}, {ID: 7, Owner: 3, Loc: geom.Point{Z: 40}}, {ID: 8, Loc: geom.Point{Z: 80}}},
		Ships:          []model.Ship{{ID: 10, Type: 1, Owner: 1, Loc: geom.Point{Y: 200}}, {ID: 11, Type: 1, Owner: 1, Loc: geom.Point{Y: 200}}},
		ForeignShips:   []model.Ship{{ID: 20, Owner: 99, Loc: geom.Point{X: 5}}, {ID: 21, Owner: 2, Loc: geom.Point{X: 9}}},
	}
	m := FromKnowledge(rules.Default(), k)
	kinds := map[string]Kind{}
	for _, b := range m.Bodies {
		kinds[b.Key] = b.Kind
	}
	for key, want := range map[string]Kind{"planet:1": PlanetTrading, "planet:5": PlanetOrigin, "planet:6": PlanetAllied,
		"planet:7": PlanetOther, "planet:8": PlanetUnowned} {
		if kinds[key] != want {
			t.Errorf("%s is %v, want %v", key, kinds[key], want)
		}
	}
	fleet := m.Bodies[m.Find(model.ShipKey(11))]
	if fleet.Count != 2 || fleet.Kind != ShipMine || fleet.Label != "2 ships" || fleet.Pos[2] <= 0 {
		t.Errorf("two ships at one place should be one marker above the planet: %+v", fleet)
	}
	if m.Bodies[m.Find(model.ShipKey(20))].Kind != ShipSauran || m.Bodies[m.Find(model.ShipKey(21))].Kind != ShipAllied {
		t.Error("Sauran's and allies' ships have their own colours")
	}
	if m.Find(model.ShipKey(99)) != -1 {
		t.Error("unknown ship found")
	}
	big := m.Bodies[m.Find(model.PlanetKey(5))].Radius
	small := m.Bodies[m.Find(model.PlanetKey(8))].Radius
	if big <= small {
		t.Errorf("a planet of 50,000 industry (%v) should be drawn bigger than an unknown one (%v)", big, small)
	}
}

// TestZoomAtKeepsPointUnderPointer: zooming with the wheel toward a point
// off centre keeps that point where it was on the screen.
func TestZoomAtKeepsPointUnderPointer(t *testing.T) {
	c := DefaultCamera()
	w, h := 800, 600
	// The point at pixel (600, 150) on the plane through the target.
	o, d := c.Ray(600, 150, w, h)
	fwd, _, _ := c.basis()
	p := o.Add(d.Scale(c.Distance / d.Dot(fwd)))
	c.ZoomAt(0.5, 600, 150, w, h)
	x, y, _, ok := c.Project(p, w, h)
	if !ok || math.Abs(x-600) > 0.5 || math.Abs(y-150) > 0.5 {
		t.Errorf("the point moved to %.1f,%.1f", x, y)
	}
	if math.Abs(c.Distance-DefaultCamera().Distance/2) > 1e-9 {
		t.Errorf("distance %v", c.Distance)
	}
}

// Ships at one place and of one side make one marker, in the order the
// places first come, each with its ships by number.
func TestShipMarkersGrouped(t *testing.T) {
	at := func(x int) geom.Point { return geom.Point{X: x} }
	k := &model.Knowledge{Empire: model.Empire{Player: 1},
		Ships:        []model.Ship{{ID: 14, Owner: 1, Loc: at(3)}, {ID: 12, Owner: 1, Loc: at(1)}, {ID: 11, Owner: 1, Loc: at(3)}, {ID: 13, Owner: 1, Loc: at(3)}},
		ForeignShips: []model.Ship{{ID: 30, Owner: 2, Loc: at(3)}, {ID: 31, Owner: 2, Loc: at(5)}, {ID: 32, Owner: 2, Loc: at(3)}},
	}
	var got []string
	for _, b := range FromKnowledge(rules.Default(), k).Bodies {
		if b.Kind.IsShip() {
			got = append(got, fmt.Sprintf("%v%v", b.Loc.X, b.IDs))
		}
	}
	want := []string{"3[11 13 14]", "1[12]", "3[30 32]", "5[31]"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("markers %v, want %v", got, want)
	}
}
