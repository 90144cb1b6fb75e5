package app

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/model"
	"silverfall/engine/order"
)

// bodyPos is where body i is drawn in the map view, in Fyne's units.
func bodyPos(t *testing.T, x *App, i int) fyne.Position {
	t.Helper()
	v := x.mapView
	px, py, _, ok := v.st.Camera().Project(v.frames.m.Bodies[i].Pos, v.frames.pw, v.frames.ph)
	if !ok {
		t.Fatalf("body %d is not in view", i)
	}
	s := v.Size()
	return fyne.NewPos(float32(px)*s.Width/float32(v.frames.pw), float32(py)*s.Height/float32(v.frames.ph))
}

// A pick on the map fills the form's field and gives the form the keyboard
// back: Enter then takes the order (bug: keys did nothing until a click).
func TestPickThenEnter(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	x.desk.New(model.ShipKey(8), order.MO)
	form := x.desk.open
	var point *field
	for _, f := range form.fields {
		if f.pick == PickPoint {
			point = f
		}
	}
	if point == nil {
		t.Fatal("MO has no place to pick")
	}
	form.pickOnMap(point)
	if k, prompt := x.st.Picking(); k != PickPoint || !strings.Contains(x.status.Text(), "Click a place") {
		t.Fatalf("picking %v %q, status %q", k, prompt, x.status.Text())
	}
	target := g.Map.Find(model.PlanetKey(5))
	x.mapView.Tapped(&fyne.PointEvent{Position: bodyPos(t, x, target)})
	if k, _ := x.st.Picking(); k != PickNothing {
		t.Fatal("the pick did not end with the click")
	}
	want := g.Map.Bodies[target].Loc
	if got := point.get(); got != strings.Join(strings.Fields(Pick{Loc: want}.Text()), " ") {
		t.Fatalf("the field holds %q, want the place of planet 5 %v", got, want)
	}
	f, ok := x.Window().Canvas().Focused().(*formEntry)
	if !ok || f != point.focus {
		t.Fatalf("after the pick the keyboard is at %T, not the field", x.Window().Canvas().Focused())
	}
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := x.st.Draft().Text(); got != "MO 8 "+strings.Join(strings.Fields(Pick{Loc: want}.Text()), " ")+"\n" {
		t.Errorf("Enter after the pick gave %q", got)
	}
	if x.st.Selected() != model.ShipKey(8) && x.st.Selected() != model.FleetKey(1) {
		t.Errorf("the pick changed the selection to %v", x.st.Selected())
	}
}

// Escape on the map gives the pick up and the form comes back as it was.
func TestPickEscape(t *testing.T) {
	x := newApp(t)
	x.desk.New(model.ShipKey(8), order.MP)
	form := x.desk.open
	form.fields[1].set("5")
	form.pickOnMap(form.fields[1])
	x.mapView.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if k, _ := x.st.Picking(); k != PickNothing || form.fields[1].get() != "5" || x.desk.open != form {
		t.Errorf("after Escape: picking %v, field %q, form open %v", k, form.fields[1].get(), x.desk.open == form)
	}
}

// The orders list highlights the chosen order, and the verdict under it
// names the same order, when an order is added above it.
func TestOrdersHighlightFollowsTheOrder(t *testing.T) {
	x := newApp(t)
	x.text.SetText("MO 8 -10 300 87\n")
	x.st.ChooseOrder(0)
	// An order for an earlier ship lands above in the list.
	x.st.Draft().Add(mustParse(t, "MO 2 5 5 5"))
	if x.st.Chosen() != 0 {
		t.Fatalf("the chosen order moved to %d", x.st.Chosen())
	}
	row := x.orders.selRow
	if row < 0 || x.orders.rows[row].index != 0 {
		t.Fatalf("row %d highlighted, which is not order 0", row)
	}
	if !strings.HasPrefix(x.orders.verdict.Text, "MO 8 ") {
		t.Errorf("the verdict under the list is about another order: %q", x.orders.verdict.Text)
	}
}

func mustParse(t *testing.T, s string) order.Order {
	t.Helper()
	o, err := order.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// The credits the orders leave stay readable while a long hover text shows.
func TestStatusCreditsReadable(t *testing.T) {
	x := newApp(t)
	x.text.SetText("PI 5\n")
	x.mapView.overlay.showTip(strings.Repeat("a very long note about what is under the pointer ", 6), fyne.NewPos(600, 300))
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture()
	text := x.status.text
	if !strings.Contains(text.Text, "orders spend") {
		t.Fatalf("status %q", text.Text)
	}
	if need := fullWidth(text).Width; text.Size().Width < need {
		t.Errorf("the credits are cut: %.0f wide of the %.0f they need (line %v at %v)", text.Size().Width, need, x.status.box.Size(), text.Position())
	}
}

// F fits the map wherever the keyboard is, but in a text field.
func TestMapKeysAnywhere(t *testing.T) {
	x := newApp(t)
	c := x.Window().Canvas()
	far := x.st.Camera()
	far.Distance = 20
	x.st.SetCamera(far, true)
	f := &fyne.KeyEvent{Name: fyne.KeyF}
	x.text.SetText("") // a text field
	entry := widget.NewEntry()
	if x.mapView.WindowKey(f, entry) || x.st.Camera().Distance != 20 {
		t.Fatal("F in a text field moved the map")
	}
	c.Focus(x.tree.tree)
	if !x.mapView.WindowKey(f, c.Focused()) || x.st.Camera().Distance == 20 {
		t.Error("F with the tree focused did not fit the map")
	}
	if x.mapView.WindowKey(&fyne.KeyEvent{Name: fyne.KeyDown}, c.Focused()) {
		t.Error("the map took the tree's arrow key")
	}
}

// Choosing in the tree centres the map on the object at the zoom it has;
// a double-click on the map comes closer.
func TestTreeKeepsZoom(t *testing.T) {
	x := newApp(t)
	c := x.st.Camera()
	c.Distance = 600
	x.st.SetCamera(c, true)
	x.st.Select(model.PlanetKey(5), FromTree)
	got := x.st.Camera()
	if got.Distance != 600 {
		t.Errorf("the tree zoomed the map to %.0f", got.Distance)
	}
	if want := x.st.Game().Map.Bodies[x.st.Game().Map.Find(model.PlanetKey(5))].Pos; got.Target != want {
		t.Errorf("the map is centred on %v, not planet 5 at %v", got.Target, want)
	}
	x.mapView.DoubleTapped(&fyne.PointEvent{Position: bodyPos(t, x, x.st.Game().Map.Find(model.PlanetKey(5)))})
	if x.st.Camera().Distance >= 600 {
		t.Error("a double-click did not come closer")
	}
}

// The map's movement range of a ship is the engine's: an empire with Ion
// Drives reaches farther on the map exactly as in the checker.
func TestMapRangeIsTheEngines(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	before := g.Selection(model.ShipKey(8)).MoveRange
	g.K.Empire.Abilities = append(g.K.Empire.Abilities, model.SpecialAbility{Name: "Ion Drives"})
	x.Show(NewGame(g.R, g.Report, "ion drives"))
	g = x.st.Game()
	after := g.Selection(model.ShipKey(8)).MoveRange
	facts, _ := g.Checker.Ship(8)
	if after <= before || after != float64(facts.MoveRange) {
		t.Errorf("range on the map %.0f (was %.0f), the engine's %d", after, before, facts.MoveRange)
	}
}

var _ = test.NewTempApp

// The pointer moving over the map draws no new frame: what is under it
// shows in the status line, not on the map.
func TestHoverDrawsNoFrame(t *testing.T) {
	x, f := newThreadedApp(t)
	before := f.frames
	for i := 0; i < 5; i++ {
		x.st.SetHover(i)
	}
	x.st.SetHover(-1)
	x.Window().Canvas().Capture()
	if f.frames != before {
		t.Errorf("hovering drew %d frames", f.frames-before)
	}
	x.st.Select(model.PlanetKey(5), FromMap)
	x.Window().Canvas().Capture()
	if f.frames == before {
		t.Error("the test cannot tell: a selection drew no frame either")
	}
}

// A place picked for a fleet's order lies on the level plane through the
// fleet, not through the ship that shares the fleet's number.
func TestFleetPickPlane(t *testing.T) {
	x := newApp(t)
	g := x.st.Game()
	g.K.Fleets[0].Loc.Z = -40 // the fleet's place as the index sees it
	fleet := g.K.Fleets[0].ID
	x.desk.New(model.FleetKey(fleet), order.MO)
	form := x.desk.open
	if !form.start.Fleet {
		t.Fatal("not a fleet order")
	}
	form.pickOnMap(form.fields[1])
	if r := x.mapView.picker.request; r == nil || r.z != -40 {
		t.Errorf("the pick's plane is at %v, want the fleet's level -40", r)
	}
	x.mapView.CancelPick()
}

// TestStatusLongNoteReadable: a long note in the status line (the path
// after Export) wraps and is shown whole, at 1280 and at 1000 pixels wide
// (bug: it was cut with "...").
func TestStatusLongNoteReadable(t *testing.T) {
	x := newApp(t)
	long := "Orders written to " + strings.Repeat("/a-long-folder-name", 8) + "/turn-005-orders.txt"
	for _, w := range []float32{1280, 1000} {
		x.Window().Resize(fyne.NewSize(w, 800))
		x.status.say(long)
		c := x.Window().Canvas()
		c.Capture()
		text := x.status.text
		if text.Text != long {
			t.Fatalf("status %q", text.Text)
		}
		if text.Truncation != fyne.TextTruncateOff {
			t.Error("the status line cuts its text")
		}
		need := text.MinSize().Height // wrapped to the width it has
		if text.Size().Height+0.5 < need || need <= newWrapMeasure().line {
			t.Errorf("at %v wide: the note is %v high, its %v wide text needs %v", w, text.Size().Height, text.Size().Width, need)
		}
		if bottom := x.status.box.Position().Y + x.status.box.Size().Height; bottom > c.Size().Height+0.5 {
			t.Errorf("at %v wide: the status line ends at %v, below the window's %v", w, bottom, c.Size().Height)
		}
	}
}

// TestOrdersTabReadableNarrow: on an earlier turn, the Orders tab's
// summary and the carried rows' notes are read whole, at 1280 and at 1000
// pixels wide (bug: both were cut with "...").
func TestOrdersTabReadableNarrow(t *testing.T) {
	x := hostedApp(t, 3)
	x.rightTabs.SelectIndex(1)
	x.turns.step(-1)
	if !x.st.Earlier() {
		t.Fatal("no earlier turn shown")
	}
	for _, w := range []float32{1280, 1000} {
		x.Window().Resize(fyne.NewSize(w, 800))
		x.Window().Canvas().Capture()
		shot(t, x, fmt.Sprintf("orders-earlier-%.0f", w))
		p := x.orders
		if s := p.summary; s.Truncation != fyne.TextTruncateOff || s.Size().Height+0.5 < s.MinSize().Height || !strings.Contains(s.Text, "read-only") {
			t.Errorf("at %v wide: the summary %q is %v high, it needs %v", w, s.Text, s.Size().Height, s.MinSize().Height)
		}
		notes := 0
		walk(p.list, func(o fyne.CanvasObject) {
			l, ok := o.(*widget.Label)
			if !ok || !l.Visible() || l.SizeName != theme.SizeNameCaptionText || l.Text == "" {
				return
			}
			notes++
			if l.Truncation != fyne.TextTruncateOff || l.Size().Height+0.5 < l.MinSize().Height {
				t.Errorf("at %v wide: the note %q is %v high, it needs %v", w, l.Text, l.Size().Height, l.MinSize().Height)
			}
		})
		if notes == 0 {
			t.Errorf("at %v wide: no row with a note drawn", w)
		}
	}
}
