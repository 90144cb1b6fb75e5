package app

import (
	"errors"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/assets"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/render3d"
)

// threaded stands in for the GL thread: frames come back through the
// callback, as on the player's default path, and it records what it was
// sent. (It draws in line, so that the test driver needs no locks.)
type threaded struct {
	sw      *render3d.Software
	maps    []*render3d.Map
	courses [][]render3d.Course
	frames  int
}

func (f *threaded) SetMap(m *render3d.Map) { f.maps = append(f.maps, m); f.sw.SetMap(m) }
func (f *threaded) SetCourses(cs []render3d.Course) {
	f.courses = append(f.courses, cs)
	f.sw.SetCourses(cs)
}
func (f *threaded) Render(sel render3d.Selection, c render3d.Camera, w, h int) (*image.RGBA, error) {
	panic("the window must not wait for a frame on the threaded path")
}
func (f *threaded) RenderAsync(sel render3d.Selection, c render3d.Camera, w, h int, done func(*image.RGBA, error)) {
	f.frames++
	done(f.sw.Render(sel, c, w, h))
}

func (f *threaded) lastMap() *render3d.Map {
	if len(f.maps) == 0 {
		return nil
	}
	return f.maps[len(f.maps)-1]
}

func (f *threaded) lastCourses() int {
	if len(f.courses) == 0 {
		return -1
	}
	return len(f.courses[len(f.courses)-1])
}

// newThreadedApp opens the demo with map frames on the threaded path.
func newThreadedApp(t *testing.T) (*App, *threaded) {
	t.Helper()
	sw, err := render3d.NewSoftware(render3d.DefaultPalette())
	if err != nil {
		t.Fatal(err)
	}
	f := &threaded{sw: sw}
	a := test.NewTempApp(t)
	x := New(a, Options{Frames: func() (render3d.Frames, error) { return f, nil }, Workspaces: t.TempDir()})
	x.NativeDialogs = false
	x.Background = func(fn func()) { fn() }
	x.SaveInLine()
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture()
	return x, f
}

func sheetFile(t *testing.T, player int) string {
	t.Helper()
	data, err := assets.DemoSheet(player)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "turn.txt")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestThreadedMapFollowsTheGame: on the threaded path, opening another
// game sends its map to the renderer and fits the camera to it, and each
// change of the orders sends the courses.
func TestThreadedMapFollowsTheGame(t *testing.T) {
	x, f := newThreadedApp(t)
	if f.lastMap() != x.st.Game().Map {
		t.Fatal("the first game's map was not sent")
	}
	before := x.st.Camera()
	if err := x.Load(sheetFile(t, 4)); err != nil {
		t.Fatal(err)
	}
	x.Window().Canvas().Capture()
	if f.lastMap() != x.st.Game().Map || x.st.Game().K.Empire.Player != 4 {
		t.Fatal("the renderer still has the previous game's map")
	}
	if after := x.st.Camera(); after.Target == before.Target {
		t.Error("the camera was not fitted to the new game")
	}
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	if f.lastMap() != x.st.Game().Map {
		t.Error("opening the demo again does not send its map")
	}
	x.rightTabs.SelectIndex(2)
	x.text.SetText("MO 2 42 332 -103\n")
	if f.lastCourses() != 1 {
		t.Fatalf("the new move's course was not sent: %d courses", f.lastCourses())
	}
	x.st.Draft().Undo()
	if f.lastCourses() != 0 {
		t.Errorf("undoing the move leaves %d courses", f.lastCourses())
	}
}

// TestFrameNotReadyIsSkipped: until the thread delivers a frame, the map
// shows empty space, and asking never blocks.
func TestFrameNotReadyIsSkipped(t *testing.T) {
	stuck := &stuckFrames{}
	a := test.NewTempApp(t)
	x := New(a, Options{Frames: func() (render3d.Frames, error) { return stuck, nil }, Workspaces: "-"})
	x.Background = func(fn func()) { fn() }
	x.LoadDemo()
	x.Window().Resize(fyne.NewSize(800, 600))
	done := make(chan struct{})
	go func() {
		x.Window().Canvas().Capture()
		x.mapView.TypedRune('+')
		x.Window().Canvas().Capture()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the window waits for a renderer that does not answer")
	}
	if stuck.asked == 0 {
		t.Error("no frame was asked for")
	}
}

// stuckFrames never delivers a frame.
type stuckFrames struct{ asked int }

func (s *stuckFrames) SetMap(*render3d.Map)         {}
func (s *stuckFrames) SetCourses([]render3d.Course) {}
func (s *stuckFrames) Render(render3d.Selection, render3d.Camera, int, int) (*image.RGBA, error) {
	select {} // a renderer that hangs
}
func (s *stuckFrames) RenderAsync(render3d.Selection, render3d.Camera, int, int, func(*image.RGBA, error)) {
	s.asked++
}

// TestUndoShortcuts: Ctrl+Z and Ctrl+Y reach the window as the toolkit's
// undo and redo shortcuts.
func TestUndoShortcuts(t *testing.T) {
	x := newApp(t)
	x.text.SetText("PI 5\n")
	c := x.Window().Canvas().(interface{ TypedShortcut(fyne.Shortcut) })
	c.TypedShortcut(&fyne.ShortcutUndo{})
	if len(x.st.Draft().Orders()) != 0 {
		t.Fatalf("Ctrl+Z left %q", x.st.Draft().Text())
	}
	c.TypedShortcut(&fyne.ShortcutRedo{})
	if x.st.Draft().Text() != "PI 5\n" {
		t.Errorf("Ctrl+Y gave %q", x.st.Draft().Text())
	}
}

// TestUnreadLinesKept: what the player typed that is not an order stays
// in the draft, is counted, survives a restart and is asked about at
// export.
func TestUnreadLinesKept(t *testing.T) {
	root := t.TempDir()
	open := func() *App {
		x := New(test.NewTempApp(t), Options{Frames: software, Workspaces: root})
		x.NativeDialogs = false
		x.Background = func(f func()) { f() }
		noNoteTimers(x)
		x.SaveInLine()
		if err := x.LoadDemo(); err != nil {
			t.Fatal(err)
		}
		return x
	}
	x := open()
	x.rightTabs.SelectIndex(2)
	x.text.SetText("PI 5\nMO 3 12 abc\nhello moderator\n")
	if n := len(x.st.Draft().Unread()); n != 2 || len(x.st.Draft().Orders()) != 1 {
		t.Fatalf("%d unread lines, %d orders", n, len(x.st.Draft().Orders()))
	}
	if !strings.Contains(x.orders.summary.Text, "2 lines not read as orders") {
		t.Errorf("summary %q", x.orders.summary.Text)
	}
	rows := 0
	for _, r := range x.orders.rows {
		if r.unread > 0 {
			rows++
		}
	}
	if rows != 2 {
		t.Errorf("%d unread rows in the list", rows)
	}
	y := open()
	if got := y.st.Draft().UnreadTexts(); strings.Join(got, "|") != "MO 3 12 abc|hello moderator" {
		t.Fatalf("after a restart the unread lines are %q", got)
	}
	y.export.Dialog()
	msg := collectText(y.Window().Canvas().Overlays().Top())
	if !strings.Contains(msg, "hello moderator") || !strings.Contains(msg, "not orders") {
		t.Errorf("export does not ask about the unread lines: %q", msg)
	}
	if !strings.Contains(y.export.Text(), "#? hello moderator\n") {
		t.Error("the order file does not keep the unread lines as comments")
	}
}

// TestStatusShowsCreditsLeft: the status line shows what the orders leave.
func TestStatusShowsCreditsLeft(t *testing.T) {
	x := newApp(t)
	x.text.SetText("PI 10\n") // 20,000 of 150,000
	if !strings.Contains(x.status.Text(), "credits 150,000: orders spend 20,000, turn leaves ") {
		t.Errorf("status %q", x.status.Text())
	}
}

// TestCameraRestored: the camera the player left, by wheel or drag, comes
// back on reopening; a sheet imported afterwards keeps its own view.
func TestCameraRestored(t *testing.T) {
	root := t.TempDir()
	open := func() *App {
		x := New(test.NewTempApp(t), Options{Frames: software, Workspaces: root})
		x.NativeDialogs = false
		x.Background = func(f func()) { f() }
		noNoteTimers(x)
		x.SaveInLine()
		if err := x.LoadDemo(); err != nil {
			t.Fatal(err)
		}
		x.Window().Resize(fyne.NewSize(1280, 800))
		x.Window().Canvas().Capture()
		return x
	}
	x := open()
	fitted := x.st.Camera()
	// Opening and quitting at once keeps the view as it was.
	y := open()
	if c := y.st.Camera(); c.Target != fitted.Target || c.Distance != fitted.Distance {
		t.Errorf("reopened at once: camera %+v, want %+v", c, fitted)
	}
	y.mapView.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(300, 200)}, Scrolled: fyne.Delta{DY: -40}})
	zoomed := y.st.Camera()
	z := open()
	if c := z.st.Camera(); c.Distance != zoomed.Distance || c.Target != zoomed.Target {
		t.Errorf("the wheel's zoom was not kept: %+v, want %+v", c, zoomed)
	}
	// Another player's sheet: its view is its own, not the demo's camera.
	if err := z.Load(sheetFile(t, 4)); err != nil {
		t.Fatal(err)
	}
	z.Window().Canvas().Capture()
	state := z.keep.ws.LoadState(2)
	if state.HasCamera && state.Camera[3] == zoomed.Distance {
		t.Error("the new game's view file got the previous game's camera")
	}
}

// TestRightDragMoves: the right button moves the map (the toolkit sends
// no drag for it, only button and hover events).
func TestRightDragMoves(t *testing.T) {
	x := newApp(t)
	v := x.MapView()
	target := v.Camera().Target
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(300, 300)}, Button: desktop.MouseButtonSecondary})
	v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(360, 330)}, Button: desktop.MouseButtonSecondary})
	v.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(360, 330)}, Button: desktop.MouseButtonSecondary})
	if v.Camera().Target == target {
		t.Fatal("a right-drag did not move the map")
	}
	moved := v.Camera().Target
	v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(500, 500)}})
	if v.Camera().Target != moved {
		t.Error("the map moves on after the button is up")
	}
}

// TestNextShipShowsIt: Ctrl+N selects the ship in the tree and brings the
// Details tab with its orders.
func TestNextShipShowsIt(t *testing.T) {
	x := newApp(t)
	x.rightTabs.SelectIndex(1)
	x.nextShip()
	if x.st.Selected().String() != "ship:1" {
		t.Fatalf("selected %q", x.st.Selected().String())
	}
	if x.rightTabs.SelectedIndex() != 0 {
		t.Error("the Details tab is not shown")
	}
	x.nextShip()
	if x.st.Selected().String() != "ship:2" || x.tree.shown != "ship:2" {
		t.Errorf("the tree shows %q, the selection is %q", x.tree.shown, x.st.Selected().String())
	}
}

// TestFleetMembersAndNearbyAreLinks: a click on a fleet's ship or on an
// object nearby selects it.
func TestFleetMembersAndNearbyAreLinks(t *testing.T) {
	x := newApp(t)
	x.st.Select(model.FleetKey(1), FromTree)
	var links []*rowLink
	for _, o := range x.details.rows.Objects {
		if c, ok := o.(*fyne.Container); ok {
			for _, w := range c.Objects {
				if b, ok := w.(*rowLink); ok {
					links = append(links, b)
				}
			}
		} else if b, ok := o.(*rowLink); ok {
			links = append(links, b)
		}
	}
	if len(links) < 10 {
		t.Fatalf("%d links in the fleet's details", len(links))
	}
	test.Tap(links[1])
	if !strings.HasPrefix(x.st.Selected().String(), "ship:") {
		t.Errorf("a member's link selected %q", x.st.Selected().String())
	}
	test.Tap(links[len(links)-1]) // the farthest object nearby
	if x.st.Selected().String() == "fleet:1" || x.st.Selected().String() == "" {
		t.Errorf("a nearby link selected %q", x.st.Selected().String())
	}
}

// TestStackClickOffersShips: a click on a marker of several ships lets the
// player pick the fleet or one ship.
func TestStackClickOffersShips(t *testing.T) {
	x := newApp(t)
	m := x.st.Game().Map
	i := m.Find(model.ShipKey(1))
	if len(m.Bodies[i].IDs) < 2 {
		t.Fatal("the demo's fleet is not one marker")
	}
	x.clicks.picked(i, fyne.NewPos(100, 100))
	menu := x.Window().Canvas().Overlays().Top()
	if menu == nil {
		t.Fatal("no menu of the ships")
	}
	text := collectMenu(menu)
	if !strings.Contains(text, "Fleet 1 (10 ships)") || !strings.Contains(text, "Ship 3 ") {
		t.Errorf("the menu offers %q", text)
	}
}

func collectMenu(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *canvas.Text:
			b.WriteString(w.Text + "\n")
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}

// TestOrderButtonsExplainThemselves: the buttons say code and name, and a
// tip with the rule shows when the pointer rests on one.
func TestOrderButtonsExplainThemselves(t *testing.T) {
	x := newApp(t)
	x.tips.delay = 0
	x.st.Select(model.ShipKey(2), FromTree)
	var mo *tipButton
	for _, o := range x.details.palette.Objects {
		if g, ok := o.(*fyne.Container); ok {
			for _, w := range g.Objects {
				if b, ok := w.(*tipButton); ok && strings.HasPrefix(b.Text, "MO ") {
					mo = b
				}
			}
		}
	}
	if mo == nil || mo.Text != "MO  move" {
		t.Fatalf("no MO button that says what it does: %v", mo)
	}
	mo.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(900, 200)}})
	if tip := x.tips.Shown(); !strings.Contains(tip, "MO ship x y z") || !strings.Contains(tip, "third of the movement range") {
		t.Errorf("tip %q", tip)
	}
	mo.MouseOut()
	if x.tips.Shown() != "" {
		t.Error("the tip stays after the pointer left")
	}
	// The buttons do not overlap: each fits its cell.
	for _, o := range x.details.palette.Objects {
		if g, ok := o.(*fyne.Container); ok {
			for _, w := range g.Objects {
				if w.MinSize().Width > w.Size().Width+1 {
					t.Errorf("%T is cut: needs %v, has %v", w, w.MinSize().Width, w.Size().Width)
				}
			}
		}
	}
}

// TestVerdictReadableWhole: selecting an order shows its whole verdict.
func TestVerdictReadableWhole(t *testing.T) {
	x := newApp(t)
	x.text.SetText("LO 2 1 9999\n")
	for i, r := range x.orders.rows {
		if r.index == 0 {
			x.orders.list.Select(i)
		}
	}
	if !x.orders.verdict.Visible() || !strings.Contains(x.orders.verdict.Text, "LO 2 1 9999: a LARGE TRANSPORT has no cargo space") {
		t.Errorf("verdict %q", x.orders.verdict.Text)
	}
}

// TestFormKeys: Enter takes the order, Escape cancels the form.
func TestFormKeys(t *testing.T) {
	x := newApp(t)
	x.desk.New(model.ShipKey(8), order.MO)
	entries, _ := formEntries(t, x)
	entries[1].SetText("-10")
	entries[2].SetText("300")
	entries[3].SetText("87")
	fe := x.Window().Canvas().Focused()
	if fe == nil {
		t.Fatal("the form has no field with the cursor")
	}
	e := fe.(*formEntry)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if x.st.Draft().Text() != "MO 8 -10 300 87\n" {
		t.Fatalf("Enter gave %q", x.st.Draft().Text())
	}
	x.desk.New(model.ShipKey(8), order.MO)
	f := x.Window().Canvas().Focused().(*formEntry)
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if x.desk.open != nil || len(x.st.Draft().Orders()) != 1 {
		t.Errorf("Escape did not cancel: form %v, %d orders", x.desk.open, len(x.st.Draft().Orders()))
	}
}

// TestPluralsAndTheme: "1 order", the theme marked in the View menu, the
// export name, jump to a section.
func TestPluralsAndTheme(t *testing.T) {
	x := newApp(t)
	x.text.SetText("PI 5\n")
	if got := x.orders.summary.Text; got != "1 order · 0 errors · 0 warnings" {
		t.Errorf("summary %q", got)
	}
	x.SetTheme("light")
	if !x.themeItems["light"].Checked || x.themeItems["dark"].Checked {
		t.Error("the View menu does not mark the light theme")
	}
	if got := x.export.Name(); got != "Silverfall-Demo-player-01-turn-002-orders.txt" {
		t.Errorf("export name %q", got)
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture()
	title := "8. REVIEW OF SHIPS"
	x.sheet.jump.SetSelected(title)
	if got, want := x.sheet.topLine(), x.st.Game().SectionLine[title]; got != want {
		t.Errorf("the sheet's first line shown is %d, the section's title is line %d", got, want)
	}
}

// TestCopyAsksAboutErrors: Copy orders warns of errors as Export does.
func TestCopyAsksAboutErrors(t *testing.T) {
	x := newApp(t)
	x.text.SetText("MO 1 0 0 0\n")
	fyne.CurrentApp().Clipboard().SetContent("")
	x.export.Copy()
	if got := fyne.CurrentApp().Clipboard().Content(); got != "" {
		t.Error("the orders were copied without asking")
	}
	if msg := collectText(x.Window().Canvas().Overlays().Top()); !strings.Contains(msg, "cannot move") {
		t.Errorf("the question is %q", msg)
	}
}

// TestShipsTable: sorting by a column and filtering to the ships that
// need attention; a row selects its ship.
func TestShipsTable(t *testing.T) {
	x := newApp(t)
	x.text.SetText("MO 2 0 200 0\nMO 1 0 0 0\n")
	p := x.ships
	if len(p.RowIDs()) != 10 {
		t.Fatalf("%d rows", len(p.RowIDs()))
	}
	p.sortOn(0)
	if ids := p.RowIDs(); ids[0] != 10 {
		t.Errorf("sorted down by number: %v", ids)
	}
	p.filter.SetSelected(filterErrors)
	if ids := p.RowIDs(); len(ids) != 1 || ids[0] != 1 {
		t.Errorf("ships with errors: %v", ids)
	}
	p.filter.SetSelected(filterNoOrders)
	for _, id := range p.RowIDs() {
		if id == 1 || id == 2 {
			t.Errorf("ship %d has an order but is listed", id)
		}
	}
	p.table.Select(widget.TableCellID{Row: 0, Col: 1})
	if x.st.Selected() != model.ShipKey(p.RowIDs()[0]) {
		t.Errorf("the row selected %q", x.st.Selected().String())
	}
}

// TestHelpTables: the ship types and the order reference list everything.
func TestHelpTables(t *testing.T) {
	if rows := shipTypeRows(rules.Default()); len(rows) != 50 || rows[12][1] != "BATTLE STATION" {
		t.Errorf("%d ship rows", len(rows))
	}
	rows := orderRefRows()
	found := false
	for _, r := range rows {
		if r[0] == "MO" && r[2] == "2,3,4" && strings.Contains(r[4], "move") {
			found = true
		}
	}
	if !found || len(rows) < 50 {
		t.Errorf("order reference: %d rows, MO found %v", len(rows), found)
	}
	st := newSortTable([]string{"a", "n"}, []float32{50, 50}, [][]string{{"b", "10"}, {"a", "9"}, {"c", "N/A"}}, map[int]bool{1: true}, nil)
	st.SortOn(1)
	if st.rows[0][1] != "N/A" || st.rows[2][1] != "10" {
		t.Errorf("numeric sort: %v", st.rows)
	}
}

// failingFrames is a renderer that fails every frame.
type failingFrames struct{}

func (failingFrames) SetMap(*render3d.Map)         {}
func (failingFrames) SetCourses([]render3d.Course) {}
func (failingFrames) Render(render3d.Selection, render3d.Camera, int, int) (*image.RGBA, error) {
	return nil, errors.New("the GPU fell over")
}
func (failingFrames) RenderAsync(_ render3d.Selection, _ render3d.Camera, _, _ int, done func(*image.RGBA, error)) {
	done(nil, errors.New("the GPU fell over"))
}

// TestRendererFailureSaysSo: when the map's renderer fails, the map is
// drawn in software and says why.
func TestRendererFailureSaysSo(t *testing.T) {
	a := test.NewTempApp(t)
	x := New(a, Options{Frames: func() (render3d.Frames, error) { return failingFrames{}, nil }, Workspaces: "-"})
	x.Background = func(fn func()) { fn() }
	x.LoadDemo()
	x.Window().Resize(fyne.NewSize(900, 600))
	x.Window().Canvas().Capture()
	x.mapView.TypedRune('+')
	x.Window().Canvas().Capture()
	if !strings.Contains(x.mapView.Note(), "the GPU fell over") || !strings.Contains(x.mapView.Note(), "software") {
		t.Errorf("note %q", x.mapView.Note())
	}
}
