package app

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/render3d"
)

func mustOrder(t *testing.T, s string) order.Order {
	t.Helper()
	o, err := order.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// The map, the hover, the details and the status bar show the engine's
// forecast of the orders, anew after every change.
func TestForecastOnTheMap(t *testing.T) {
	x := newApp(t)
	g, d := x.st.Game(), x.st.Draft()
	home := g.Ships[8].Loc
	fuel := g.Ships[8].Fuel
	d.Add(mustOrder(t, "MO 8 -10 405 87")) // battle cruiser, range 55, 200 away
	f := x.st.Forecast()
	if f == nil {
		t.Fatal("no forecast after an order")
	}
	var ghost *render3d.Course
	cs := mapCourses(x.st)
	for i := range cs {
		if cs[i].Ghost {
			ghost = &cs[i]
		}
	}
	if len(cs) != 1 || ghost == nil {
		t.Fatalf("courses %+v: want the one move, with its ghost", cs)
	}
	sf, _ := shipForecast(f, 8)
	if ghost.Stop != vec(sf.End.Loc) || ghost.From != vec(home) || ghost.To != vec(geom.Point{X: -10, Y: 405, Z: 87}) || len(ghost.Marks) != 3 {
		t.Errorf("course %+v, forecast %+v", ghost, sf)
	}
	if home.Dist(sf.End.Loc) != 55 || sf.End.Fuel != fuel-55 {
		t.Errorf("ship 8 ends at %v with %d fuel: want 55 on with %d", sf.End.Loc, sf.End.Fuel, fuel-55)
	}
	x.st.Select(model.ShipKey(8), FromTree)
	if title, text := forecastText(x.st); !strings.Contains(title, "After these orders") || !strings.Contains(text, "Phase 4") ||
		!strings.Contains(text, "End of turn: at "+sf.End.Loc.String()) {
		t.Errorf("details %q %q", title, text)
	}
	if !x.details.after.box.Visible() {
		t.Error("the details do not show the forecast")
	}
	home6 := g.K.Planets[0]
	x.st.Select(model.PlanetKey(home6.ID), FromTree)
	pf, _ := planetForecast(f, home6.ID)
	if _, text := forecastText(x.st); !strings.Contains(text, "Stock: ") || !strings.Contains(text, "population "+num(pf.Population)) {
		t.Errorf("planet %d after the orders: %q, forecast %+v", home6.ID, text, pf)
	}
	x.st.Select(model.Key{}, FromTree)
	if _, text := forecastText(x.st); !strings.Contains(text, "Credits "+num(f.Credits)) {
		t.Errorf("the empire after the orders: %q", text)
	}
	d.Add(mustOrder(t, "FP 6 0"))
	x.st.Select(model.ShipKey(6), FromTree)
	if _, text := forecastText(x.st); !strings.Contains(text, "drawn on the turn") {
		t.Errorf("a ship sent to a planet drawn by chance: %q", text)
	}
	d.Undo()
	x.st.Select(model.ShipKey(8), FromTree)
	if h := hoverText(x.st, g.Map.Find(model.ShipKey(8)), 0); !strings.Contains(h, "after these orders") || !strings.Contains(h, "fuel") {
		t.Errorf("hover %q says nothing of the fuel after the turn", h)
	}
	if s, want := x.status.Text(), "turn leaves "+num(f.Credits); !strings.Contains(s, want) ||
		!strings.Contains(s, "→ "+num(f.Score)+" (players") {
		t.Errorf("status %q, want %q and the score", s, want)
	}
	d.Undo()
	if cs := mapCourses(x.st); len(cs) != 0 {
		t.Errorf("undone, the map still draws %+v", cs)
	}
}

// A forecast overtaken by a change of the orders is never shown; the
// changes made while one runs are forecast together when it ends.
func TestForecastDropsStaleResults(t *testing.T) {
	x := newApp(t)
	var queue []func()
	x.Background = func(f func()) { queue = append(queue, f) }
	d := x.st.Draft()
	d.Add(mustOrder(t, "MO 8 0 300 0"))
	d.Add(mustOrder(t, "MO 2 42 332 -103"))
	d.Delete(0)
	if len(queue) != 1 {
		t.Fatalf("%d forecasts started; one runs at a time", len(queue))
	}
	var shown []*check.Forecast
	measured := 0
	x.fc.OnShown = func(time.Duration) { measured++ }
	x.st.Subscribe(func(c Change) {
		if c.Has(ChangeForecast) {
			shown = append(shown, x.st.Forecast())
		}
	})
	for len(queue) > 0 {
		run := queue[0]
		queue = queue[1:]
		run()
	}
	if len(shown) != 1 || measured != 1 {
		t.Fatalf("%d forecasts shown (%d measured), want only the last", len(shown), measured)
	}
	s8, _ := shipForecast(shown[0], 8)
	s2, _ := shipForecast(shown[0], 2)
	if s8.End.Loc != x.st.Game().Ships[8].Loc || s2.End.Loc == x.st.Game().Ships[2].Loc {
		t.Errorf("the forecast shown is not of the orders as they stand: ship 8 %v, ship 2 %v", s8.End, s2.End)
	}
}

// A move form says the distance, the turns and the fuel on arrival, by the
// engine's rule, before the order is given, and follows what is typed.
func TestMoveFormShowsTheJourney(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	fuel := g.Ships[8].Fuel
	x.desk.New(model.ShipKey(8), order.MO)
	f := x.desk.open
	if f == nil || f.journey == nil {
		t.Fatal("the MO form has no journey line")
	}
	if !strings.Contains(f.journey.label.Text, "Give the destination") {
		t.Errorf("empty form: %q", f.journey.label.Text)
	}
	f.fields[1].set("-10 405 87")
	want := "200 positions to -10,405,87: 4 turns at 55 a turn"
	if got := f.journey.label.Text; !strings.Contains(got, want) || !strings.Contains(got, "arriving with") && fuel >= 200 {
		t.Errorf("journey %q, want %q", got, want)
	}
	f.fields[1].set("-10 2000 87")
	if got := f.journey.label.Text; !strings.Contains(got, "runs out") {
		t.Errorf("a journey beyond the fuel: %q", got)
	}
	x.desk.Close()
	// A fleet's journey: see TestFleetMoveFormSaysWhoArrivesWhen.
	x.desk.New(model.ShipKey(8), order.BS)
	if x.desk.open.journey != nil {
		t.Error("a form that moves nothing has a journey line")
	}
	x.desk.Close()
}

// The ruler measures between two places picked on the map, and says what
// the distance means for the selected ship.
func TestRulerMeasures(t *testing.T) {
	x := newApp(t)
	x.st.Select(model.ShipKey(8), FromTree)
	x.ruler.Toggle()
	if k, _ := x.st.Picking(); k != PickPoint {
		t.Fatal("the ruler does not ask for a place")
	}
	from, to := geom.Point{X: 0, Y: 0, Z: 0}, geom.Point{X: 0, Y: 110, Z: 0}
	pick := func(p geom.Point) {
		r := x.mapView.picker.request
		x.mapView.CancelPick() // as a click does, before the answer
		r.done(Pick{Loc: p}, true)
	}
	pick(from)
	pick(to)
	r := x.st.Ruler()
	if r == nil || r.Distance() != 110 {
		t.Fatalf("ruler %+v", r)
	}
	if m, d := x.rulerV.measure.Text, x.rulerV.detail.Text; !x.rulerV.box.Visible() || !strings.Contains(m, "Ruler: 110 positions") ||
		!strings.Contains(d, "For ship 8: 2 turns at 55 a turn") {
		t.Errorf("the ruler says %q, %q", m, d)
	}
	found := false
	for _, c := range mapCourses(x.st) {
		found = found || c.Kind == render3d.CourseRuler && c.From == vec(from) && c.To == vec(to)
	}
	if !found {
		t.Error("the map does not draw the ruler")
	}
	x.ruler.Toggle()
	if x.st.Ruler() != nil || x.rulerV.box.Visible() {
		t.Error("measuring again does not take the ruler away")
	}
}

// The forecast runs on a goroutine of its own while the orders go on
// changing on the window's thread (run under the race detector by make
// race); what is shown at the end is the forecast of the last orders.
func TestForecastOffTheThread(t *testing.T) {
	x := newApp(t)
	posted := make(chan func(), 16)
	x.fc.background = func(f func()) { go f() }
	x.fc.post = func(f func()) { posted <- f }
	d := x.st.Draft()
	for i := 0; i < 5; i++ {
		d.Add(mustOrder(t, fmt.Sprintf("MO %d 0 300 0", 2+i)))
		d.Ship(8) // the checker's figures, asked meanwhile
	}
	for x.fc.running {
		select {
		case f := <-posted:
			f()
		case <-time.After(10 * time.Second):
			t.Fatal("the forecast never came back")
		}
	}
	f := x.st.Forecast()
	if f == nil {
		t.Fatal("no forecast shown")
	}
	// Ship 6's order was the last given.
	if s, _ := shipForecast(f, 6); s.End.Loc == x.st.Game().Ships[6].Loc {
		t.Errorf("ship 6 does not move in the forecast shown (%+v): not the last orders", s)
	}
}
