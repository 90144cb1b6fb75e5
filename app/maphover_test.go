package app

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"silverfall/engine/model"
	"silverfall/render3d"
)

// hoverAt moves the pointer over the map at p and returns the hover box's
// text.
func hoverAt(x *App, p fyne.Position) string {
	x.mapView.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: p}})
	return x.mapView.overlay.Tip()
}

// closeUp is the default camera aimed at p from near.
func closeUp(p render3d.Vec) render3d.Camera {
	c := render3d.DefaultCamera()
	c.Target, c.Distance = p, 150
	return c
}

// A ship that stayed where it was is the ship under the pointer, not its
// last turn's point of the trail under its marker.
func TestHoverShipOverItsTrail(t *testing.T) {
	x := historyApp(t, hostGame(t, 6, 8))
	m := x.mapView.Map()
	stayed, checked := 0, 0
	for i, b := range m.Bodies {
		if b.Dot || b.Age > 0 || !b.Kind.IsShip() || len(b.IDs) != 1 {
			continue
		}
		under := false
		for _, d := range m.Bodies {
			if d.Dot && d.IDs[0] == b.IDs[0] && d.Age == 1 && d.Loc == b.Loc {
				under = true
			}
		}
		if !under {
			continue
		}
		stayed++
		// Near, the pointer is on the marker; far, both are specks and
		// the nearest drawn within a few pixels is picked.
		for _, dist := range []float64{150, 1500} {
			c := closeUp(b.Pos)
			c.Distance = dist
			x.st.SetCamera(c, true)
			for _, off := range []float32{0, 3} {
				at := bodyPos(t, x, i).Add(fyne.NewPos(off, 0))
				if otherNearer(x, i, at) {
					continue // a planet nearby is what the pointer is on
				}
				checked++
				tip := hoverAt(x, at)
				if !strings.HasPrefix(tip, fmt.Sprintf("Ship %d ", b.IDs[0])) || strings.Contains(tip, "here on turn") {
					t.Errorf("from %.0f away, %.0f pixels beside ship %d, which did not move, the map says %q", dist, off, b.IDs[0], tip)
				}
			}
		}
	}
	if stayed == 0 || checked <= 2*stayed {
		t.Fatalf("the test cannot tell: %d ships stayed where they were, %d pointer places tried", stayed, checked)
	}
}

// otherNearer reports whether a body of the map other than body i and its
// own trail dots is drawn nearer to the point at than body i is.
func otherNearer(x *App, i int, at fyne.Position) bool {
	v := x.mapView
	bodies, s := v.frames.m.Bodies, v.Size()
	screen := func(j int) (fyne.Position, bool) {
		px, py, _, ok := v.st.Camera().Project(bodies[j].Pos, v.frames.pw, v.frames.ph)
		return fyne.NewPos(float32(px)*s.Width/float32(v.frames.pw), float32(py)*s.Height/float32(v.frames.ph)), ok
	}
	dist := func(p fyne.Position) float32 { return float32(math.Hypot(float64(p.X-at.X), float64(p.Y-at.Y))) }
	own, _ := screen(i)
	for j, d := range bodies {
		if j == i || d.Dot && d.IDs[0] == bodies[i].IDs[0] {
			continue
		}
		if p, ok := screen(j); ok && dist(p) < dist(own) {
			return true
		}
	}
	return false
}

// The ghost at the end of a course says what it is: where the ship ends
// the turn, with its fuel then.
func TestHoverGhost(t *testing.T) {
	x := newApp(t)
	x.text.SetText("MO 8 0 300 0\n")
	var ghost *render3d.Course
	for i, c := range x.mapView.frames.courses {
		if c.Ghost && c.Ship == 8 {
			ghost = &x.mapView.frames.courses[i]
		}
	}
	if ghost == nil {
		t.Fatalf("no ghost of ship 8 among %+v", x.mapView.frames.courses)
	}
	v := x.mapView
	x.st.SetCamera(closeUp(ghost.Stop), true)
	px, py, _, _ := x.st.Camera().Project(ghost.Stop, v.frames.pw, v.frames.ph)
	s := v.Size()
	tip := hoverAt(x, fyne.NewPos(float32(px)*s.Width/float32(v.frames.pw), float32(py)*s.Height/float32(v.frames.ph)))
	sf, _ := shipForecast(x.st.Forecast(), 8)
	if !strings.HasPrefix(tip, "Ship 8 ") || !strings.Contains(tip, "end of this turn") || !strings.Contains(tip, fmt.Sprintf("fuel %d", sf.End.Fuel)) {
		t.Errorf("over ship 8's ghost the map says %q", tip)
	}
	if hoverAt(x, fyne.NewPos(2, 2)) != "" {
		t.Error("the hover box stays over empty space")
	}
}

// A fleet's hover gives the least fuel of the ships that move (not the
// battle station's none) and the cargo they carry.
func TestHoverFleet(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	var fleet *render3d.Body
	for i := range g.Map.Bodies {
		if g.KeyOfBody(i).Kind == model.KindFleet {
			fleet = &g.Map.Bodies[i]
		}
	}
	if fleet == nil {
		t.Fatal("the demo has no fleet on the map")
	}
	least, who, still := -1, 0, false
	for _, id := range fleet.IDs {
		s := g.Ships[id]
		if st := g.R.Ship(s.Type); st.CanMove() {
			if least < 0 || s.Fuel < least {
				least, who = s.Fuel, id
			}
		} else {
			still = true
		}
	}
	tip := hoverText(x.st, g.Map.Find(model.ShipKey(fleet.IDs[0])), 0)
	if !strings.HasPrefix(tip, "Fleet ") || !strings.Contains(tip, fmt.Sprintf("least fuel %d (ship %d)", least, who)) || !strings.Contains(tip, "cargo") || strings.Contains(tip, "fuel 0") {
		t.Errorf("the fleet's hover says %q; its movers' least fuel is %d (ship %d)", tip, least, who)
	}
	if !still {
		t.Log("the demo's fleet has no ship that cannot move: the test shows less")
	}
}

// The hover box shows its text whole at 1280x800, inside the map, however
// long the text (it wraps).
func TestHoverTextWhole(t *testing.T) {
	x := newApp(t)
	o := x.mapView.overlay
	long := strings.Repeat("Ship 12 LARGE CARGO Shadow Lance, player 3; ", 5)
	size := x.mapView.Size()
	for _, at := range []fyne.Position{{X: 10, Y: 10}, {X: size.Width - 5, Y: size.Height - 5}} {
		o.showTip(long, at)
		x.Window().Canvas().Capture()
		box := o.tipBox
		if box.Size().Width > tipWidth || box.Position().X < 0 || box.Position().Y < 0 ||
			box.Position().X+box.Size().Width > size.Width || box.Position().Y+box.Size().Height > size.Height {
			t.Errorf("at %v the box %v at %v is not inside the map %v", at, box.Size(), box.Position(), size)
		}
		if need := o.tip.MinSize().Height; box.Size().Height < need || need < 3*o.tip.MinSize().Height/4 {
			t.Errorf("the text needs %v high, the box is %v", need, box.Size())
		}
		if o.tip.Truncation != fyne.TextTruncateOff {
			t.Error("the hover text is cut")
		}
	}
}
