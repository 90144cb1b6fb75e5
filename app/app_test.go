package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/assets"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/render3d"
	"silverfall/reportparse"
)

func software() (render3d.Frames, error) { return render3d.NewSoftware(render3d.DefaultPalette()) }

// noNoteTimers keeps the status line's notes until the next change: the
// timer that takes them away runs its fyne.Do on its own goroutine under
// Fyne's test driver, beside the test.
func noNoteTimers(x *App) { x.status.after = func(time.Duration, func()) {} }

// newApp opens the demo game in a window of the test driver, drawn once.
func newApp(t *testing.T) *App {
	t.Helper()
	a := test.NewTempApp(t)
	x := New(a, Options{Frames: software, Workspaces: t.TempDir()})
	x.NativeDialogs = false
	// Fyne's test driver runs fyne.Do on the calling goroutine: work in line,
	// and no watch of a tip's button beside the test.
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.tips.watchEvery = 0
	x.SaveInLine()
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture() // paints once, so the map has a frame
	return x
}

// waitFor polls cond while the app's goroutines work.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestDemoOpens(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	if g == nil || g.K.Game != assets.DemoName || g.K.Empire.Player != assets.DemoPlayer {
		t.Fatalf("game %+v", g)
	}
	if !strings.Contains(x.status.Text(), "credits 150,000") || !strings.Contains(x.Window().Title(), "Silverfall Demo, player 1") {
		t.Errorf("status %q, title %q", x.status.Text(), x.Window().Title())
	}
	titles := map[string]bool{}
	for _, c := range x.tree.cats {
		titles[strings.Split(c.Title, " (")[0]] = true
	}
	for _, want := range []string{"My ships", "Fleets", "My planets", "Trading planets", "Foreign contacts", "Officers"} {
		if !titles[want] {
			t.Errorf("the tree lacks %q", want)
		}
	}
	if x.st.Selected().String() != "fleet:1" || x.details.title.Text != "Fleet 1" {
		t.Errorf("the first fleet should be selected on opening: %q, %q", x.st.Selected().String(), x.details.title.Text)
	}
	if sel := x.MapView().Selection(); sel.CommRange <= 0 || sel.MoveRange <= 0 {
		t.Errorf("a selected fleet shows its ranges: %+v", sel)
	}
	if g.NumLines() < 100 || len(x.sheet.jump.Options) != 17 {
		t.Errorf("turn sheet: %d lines, %d sections to jump to", g.NumLines(), len(x.sheet.jump.Options))
	}
}

func TestTreeSelectsOnMap(t *testing.T) {
	x := newApp(t)
	x.tree.tree.Select("planet:3")
	if got := x.MapView().Selection().Key; got != model.PlanetKey(3) {
		t.Errorf("map selection %q", got)
	}
	if x.details.title.Text != "Planet 3 Wizards Market" {
		t.Errorf("details title %q", x.details.title.Text)
	}
	body := x.MapView().Map().Bodies[x.MapView().Map().Find(model.PlanetKey(3))]
	if x.MapView().Camera().Target != body.Pos {
		t.Error("selecting in the tree centres the map on the object")
	}
	found := map[string]bool{}
	for _, o := range x.details.rows.Objects {
		if c, ok := o.(*fyne.Container); ok {
			for _, l := range c.Objects {
				if lb, ok := l.(*widget.Label); ok {
					found[lb.Text] = true
				}
			}
		}
	}
	if !found["Pays for fuel"] || !found["Nearby"] || !found["Last turn as a market"] {
		t.Errorf("trading planet details lack prices or distances: %v", found)
	}
}

func TestMapClickSelectsInTree(t *testing.T) {
	x := newApp(t)
	v := x.MapView()
	i := v.Map().Find(model.PlanetKey(5))
	px, py, _, ok := v.Camera().Project(v.Map().Bodies[i].Pos, v.frames.pw, v.frames.ph)
	if !ok {
		t.Fatal("planet 5 is not in view")
	}
	size := v.Size()
	pos := fyne.NewPos(float32(px)*size.Width/float32(v.frames.pw), float32(py)*size.Height/float32(v.frames.ph))
	v.Tapped(&fyne.PointEvent{Position: pos})
	if x.st.Selected().String() != "planet:5" {
		t.Fatalf("clicking planet 5 selected %q", x.st.Selected().String())
	}
	if !x.tree.tree.IsBranchOpen("cat:trading") {
		t.Error("the tree opens the branch of what the map selected")
	}
	v.Tapped(&fyne.PointEvent{Position: fyne.NewPos(2, 2)})
	if x.st.Selected().String() != "" || x.details.title.Text != "Nothing selected" {
		t.Errorf("clicking empty space clears the selection: %q", x.st.Selected().String())
	}
}

// A click on a category opens or closes it; the tree does not mark it,
// and Details keep showing the object selected (the tree marked the
// category while Details showed the object clicked before).
func TestTreeCategoryClick(t *testing.T) {
	x := newApp(t)
	x.st.Select(model.PlanetKey(5), FromMap)
	title := x.details.title.Text
	for _, open := range []bool{true, false} {
		x.tree.tree.Select("cat:contacts")
		if x.tree.tree.IsBranchOpen("cat:contacts") != open {
			t.Errorf("after a click the contacts are open %v, want %v", !open, open)
		}
		if x.st.Selected() != model.PlanetKey(5) || x.tree.shown != "" || x.details.title.Text != title {
			t.Errorf("after a click on a category: selected %v, tree marks %q, details %q (were %q)",
				x.st.Selected(), x.tree.shown, x.details.title.Text, title)
		}
	}
}

func TestSearchAndFilter(t *testing.T) {
	x := newApp(t)
	x.tree.search.SetText("shuttle")
	n := 0
	for _, c := range x.tree.cats {
		n += len(c.Items)
		for _, it := range c.Items {
			if !strings.Contains(strings.ToLower(it.Label), "shuttle") {
				t.Errorf("%q passed the search", it.Label)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d items match 'shuttle'", n)
	}
	x.tree.search.SetText("")
	x.tree.filter.SetSelected("Planets")
	for _, c := range x.tree.cats {
		for _, it := range c.Items {
			if it.Key.Kind != model.KindPlanet {
				t.Errorf("%q passed the planet filter", it.Label)
			}
		}
	}
}

func TestCameraControls(t *testing.T) {
	x := newApp(t)
	v := x.MapView()
	d := v.Camera().Distance
	v.TypedRune('+')
	if v.Camera().Distance >= d {
		t.Error("+ zooms in")
	}
	yaw := v.Camera().Yaw
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 40}})
	if v.Camera().Yaw == yaw {
		t.Error("dragging turns the camera")
	}
	target := v.Camera().Target
	v.MouseDown(&desktopShift)
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 40, DY: 10}})
	v.DragEnd()
	if v.Camera().Target == target {
		t.Error("shift-dragging moves the camera")
	}
	v.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: -30}})
	v.TypedRune('f')
	for _, b := range v.Map().Bodies {
		px, py, _, ok := v.Camera().Project(b.Pos, v.frames.pw, v.frames.ph)
		if !ok || px < 0 || py < 0 || px > float64(v.frames.pw) || py > float64(v.frames.ph) {
			t.Fatalf("after F, %s is out of view", b.Key)
		}
	}
}

func TestImport(t *testing.T) {
	x := newApp(t)
	dir := t.TempDir()
	data, _ := assets.DemoSheet(4)
	good := filepath.Join(dir, "turn.txt")
	os.WriteFile(good, data, 0o644)
	bad := filepath.Join(dir, "broken.txt")
	os.WriteFile(bad, []byte(strings.Replace(string(data), "Turn:       1", "Turn:       one", 1)), 0o644)

	x.Import(bad)
	var text string
	waitFor(t, "the error dialog", func() bool {
		var ok bool
		fyne.DoAndWait(func() {
			if top := x.Window().Canvas().Overlays().Top(); top != nil {
				text = collectText(top)
				ok = strings.Contains(text, "expected")
			}
		})
		return ok
	})
	if x.st.Game().K.Empire.Player != 1 {
		t.Error("a bad sheet replaced the game shown")
	}
	if !strings.Contains(text, "broken.txt:5: header: expected the turn number") || !strings.Contains(text, "still loaded") {
		t.Errorf("error dialog says %q", text)
	}
	x.Window().Canvas().Overlays().Top().Hide()
	x.Window().Canvas().Overlays().Remove(x.Window().Canvas().Overlays().Top())

	x.Import(good)
	waitFor(t, "the new game", func() bool { return x.st.Game().K.Empire.Player == 4 })
	if x.Settings().LastFolder != dir {
		t.Errorf("last folder %q", x.Settings().LastFolder)
	}
}

func collectText(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case fyne.Widget:
			r := test.WidgetRenderer(w)
			for _, c := range r.Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}

func TestScansShowAsContacts(t *testing.T) {
	x := newApp(t)
	data, _ := assets.DemoSheet(1)
	rep, _ := reportparse.Parse(rules.Default(), "demo", data)
	k := rep.Knowledge
	k.ScannedPlayerID = 4
	k.ScannedPlayer = []model.Ship{{ID: 4242, Type: 1, Owner: 4, Loc: geom.Point{X: 100, Y: 20, Z: 5}}}
	k.ScannedPlanet = &model.Planet{ID: 777, Owner: 4, Population: 9000, Loc: geom.Point{X: -40, Y: 60, Z: 10}}
	x.Show(NewGame(rules.Default(), rep, "demo"))
	if x.MapView().Map().Find(model.ShipKey(4242)) < 0 || x.MapView().Map().Find(model.PlanetKey(777)) < 0 {
		t.Error("scanned ship or planet missing from the map")
	}
	found := 0
	for _, c := range x.tree.cats {
		for _, it := range c.Items {
			if it.Key == model.ShipKey(4242) || it.Key == model.PlanetKey(777) {
				found++
			}
		}
	}
	if found != 2 {
		t.Errorf("%d of the scanned ship and planet in the tree", found)
	}
	x.st.Select(model.PlanetKey(777), FromTree)
	if x.details.title.Text != "Planet 777" {
		t.Errorf("details of the scanned planet: %q", x.details.title.Text)
	}
}

// Every node of the tree is labelled: a category by its title, an object
// by its item's label, and a key it does not hold by itself.
func TestTreeLabels(t *testing.T) {
	x := newApp(t)
	p := x.tree
	n := 0
	for _, c := range p.cats {
		if got := p.label(c.Key); got != c.Title {
			t.Errorf("%s: %q, want %q", c.Key, got, c.Title)
		}
		for _, it := range c.Items {
			if got := p.label(it.Key.String()); got != it.Label {
				t.Errorf("%s: %q, want %q", it.Key, got, it.Label)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("the demo's tree is empty")
	}
	if got := p.label("ship:999999"); got != "ship:999999" {
		t.Errorf("an unknown key: %q", got)
	}
}
