package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/assets"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// paletteCodes lists the order buttons the details panel offers.
func paletteCodes(x *App) map[string]bool {
	out := map[string]bool{}
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *tipButton:
			out[strings.Fields(w.Text + " ?")[0]] = true
		case *widget.Button:
			out[strings.Fields(w.Text + " ?")[0]] = true
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		}
	}
	walk(x.details.palette)
	return out
}

func TestPaletteFollowsShipType(t *testing.T) {
	x := newApp(t)
	data, _ := assets.DemoSheet(1)
	rep, _ := reportparse.Parse(rules.Default(), "demo", data)
	rep.Knowledge.Ships[5].Type = 1 // ship 6 a scout
	rep.Knowledge.Ships[1].Type = 9 // ship 2 a small transport
	x.Show(NewGame(rules.Default(), rep, "demo"))
	x.st.Select(model.ShipKey(6), FromTree)
	scout := paletteCodes(x)
	if scout["BS"] || !scout["MO"] || !scout["CL"] || scout["LO"] {
		t.Errorf("a scout is offered %v", scout)
	}
	x.st.Select(model.ShipKey(2), FromTree)
	if tr := paletteCodes(x); !tr["DO"] || !tr["RE"] || !tr["WD"] || tr["FI"] {
		t.Errorf("a small transport is offered %v", tr)
	}
	x.st.Select(model.ShipKey(1), FromTree)
	if bs := paletteCodes(x); !bs["BS"] || bs["MO"] {
		t.Errorf("a battle station is offered %v", bs)
	}
	x.st.Select(model.PlanetKey(5), FromTree)
	if p := paletteCodes(x); !p["SP"] || p["BU"] || p["AD"] || p["NAME"] {
		t.Errorf("a trading planet can be scanned but not defended or named: %v", p)
	}
}

// formEntries finds the entries and the OK button of the dialog on top.
func formEntries(t *testing.T, x *App) ([]*widget.Entry, *widget.Button) {
	t.Helper()
	top := x.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no form shown")
	}
	var entries []*widget.Entry
	var ok *widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Entry:
			entries = append(entries, w)
			return
		case *formEntry:
			entries = append(entries, &w.Entry)
			return
		case *formSelect:
			entries = append(entries, &w.Entry)
			return
		case *widget.SelectEntry:
			entries = append(entries, &w.Entry)
			return
		case *widget.Button:
			if w.Text == "OK" {
				ok = w
			}
			return
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c)
			}
		}
	}
	walk(top)
	return entries, ok
}

func TestOrderFormAddsOrder(t *testing.T) {
	x := newApp(t)
	x.st.Select(model.ShipKey(8), FromTree)
	x.desk.New(model.ShipKey(8), order.MO)
	entries, ok := formEntries(t, x)
	if len(entries) != 4 || entries[0].Text != "8" {
		t.Fatalf("a move asks for the ship and X, Y, Z: %d entries", len(entries))
	}
	entries[1].SetText("-10")
	entries[2].SetText("300")
	entries[3].SetText("87")
	test.Tap(ok)
	if got := x.st.Draft().Text(); got != "MO 8 -10 300 87\n" {
		t.Fatalf("draft %q", got)
	}
	x.rightTabs.SelectIndex(2)
	if x.text.Text() != "MO 8 -10 300 87\n" || len(x.orders.rows) != 2 {
		t.Errorf("text %q, %d list rows", x.text.Text(), len(x.orders.rows))
	}
	if len(x.mapView.frames.courses) != 1 {
		t.Errorf("the move shows on the map: %d courses", len(x.mapView.frames.courses))
	}
}

func TestListAndTextInStep(t *testing.T) {
	x := newApp(t)
	x.rightTabs.SelectIndex(2) // the text view
	x.text.SetText("PI 5\nbs 1 1\n")
	if got := x.st.Draft().Text(); got != "PI 5\nBS 1 1\n" {
		t.Fatalf("typing gives the draft %q", got)
	}
	if len(x.orders.rows) != 4 { // two groups, each a title and an order
		t.Errorf("list rows %d", len(x.orders.rows))
	}
	x.text.SetText("PI 5\nBS 1 1\nxx 3\n")
	if len(x.st.Draft().Orders()) != 2 || !strings.Contains(strings.Join(x.text.msgs, "\n"), "line 3: not an order, kept as typed: column 1: unknown order code") {
		t.Errorf("a bad line is not taken as an order: %q / %q", x.st.Draft().Text(), x.text.msgs)
	}
	x.text.SetText("PI 5\nBS 1 1\nMO 1 0 0 0\n")
	if !strings.Contains(strings.Join(x.text.msgs, "\n"), "line 3: error cannot-move") {
		t.Errorf("the checker's findings show by line: %q", x.text.msgs)
	}
	// A change in the list shows in the text.
	x.st.Draft().Delete(2)
	if x.text.Text() != "PI 5\nBS 1 1\n" {
		t.Errorf("text after delete %q", x.text.Text())
	}
	x.st.Undo()
	if x.text.Text() != "PI 5\nBS 1 1\nMO 1 0 0 0\n" {
		t.Errorf("text after undo %q", x.text.Text())
	}
	x.st.Redo()
	if x.text.Text() != "PI 5\nBS 1 1\n" {
		t.Errorf("text after redo %q", x.text.Text())
	}
	if !strings.Contains(x.orders.summary.Text, "2 orders · 0 errors") {
		t.Errorf("summary %q", x.orders.summary.Text)
	}
}

func TestNextShipWalk(t *testing.T) {
	x := newApp(t)
	x.text.SetText("MO 2 0 200 0\n")
	x.st.Select(model.ShipKey(3), FromTree)
	x.details.station.SetChecked(true)
	x.st.Select(model.Key{}, FromNowhere)
	var walk []string
	for i := 0; i < 4; i++ {
		x.nextShip()
		walk = append(walk, x.st.Selected().String())
	}
	want := []string{"ship:1", "ship:4", "ship:5", "ship:6"}
	if strings.Join(walk, " ") != strings.Join(want, " ") {
		t.Errorf("walk %v, want %v (2 has an order, 3 is on station)", walk, want)
	}
}

func TestDraftRestoredAndDamagedKept(t *testing.T) {
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
	x.text.SetText("PI 5\nLF 3 0\n")
	x.st.Select(model.PlanetKey(3), FromTree)
	cam := x.MapView().Camera()
	y := open()
	if y.st.Draft().Text() != "PI 5\nLF 3 0\n" || y.st.Selected().String() != "planet:3" {
		t.Fatalf("reopened: draft %q, selection %q", y.st.Draft().Text(), y.st.Selected().String())
	}
	if got := y.MapView().Camera(); got.Target != cam.Target || got.Distance != cam.Distance || got.Yaw != cam.Yaw {
		t.Errorf("camera %+v, want %+v", got, cam)
	}
	sheets, _ := filepath.Glob(filepath.Join(y.keep.ws.Dir, "turn-001-sheet*.txt"))
	if len(sheets) != 1 {
		t.Errorf("opening the same sheet twice keeps %d copies", len(sheets))
	}
	os.WriteFile(y.keep.ws.DraftPath(2), []byte("GAME x\nnonsense\n"), 0o644)
	z := open()
	if z.st.Draft().Text() != "" {
		t.Errorf("a damaged draft was loaded: %q", z.st.Draft().Text())
	}
	aside, _ := filepath.Glob(filepath.Join(z.keep.ws.Dir, "turn-002-orders.draft.damaged-*"))
	if len(aside) != 1 {
		t.Errorf("the damaged draft was not kept aside: %v", aside)
	}
	if top := z.Window().Canvas().Overlays().Top(); top == nil {
		t.Error("no message about the damaged draft")
	}
}

// TestEndToEnd plays a turn as a player would: the demo game, orders by the
// forms and the text view, export, and sfcheck reading the file back.
func TestEndToEnd(t *testing.T) {
	x := newApp(t)
	x.st.Select(model.ShipKey(8), FromTree)
	x.desk.New(model.ShipKey(8), order.MO)
	entries, ok := formEntries(t, x)
	entries[1].SetText("-10")
	entries[2].SetText("300")
	entries[3].SetText("87")
	test.Tap(ok)
	x.desk.New(model.ShipKey(7), order.NameShip)
	entries, ok = formEntries(t, x)
	entries[len(entries)-1].SetText("Night Heron")
	test.Tap(ok)
	x.rightTabs.SelectIndex(2)
	x.text.SetText(x.text.Text() + "BS 1 1\nLF 3 0\nPI 10\nFLEET DF 1 99\nBROADCAST Player 1 trades fair at planet 3\n")
	if n := x.st.Draft().Errors(); n != 0 {
		t.Fatalf("%d errors: %v", n, x.st.Draft().Results())
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "orders.txt")
	if err := x.export.To(out); err != nil {
		t.Fatal(err)
	}
	sheet := filepath.Join(dir, "turn.txt")
	data, _ := assets.DemoSheet(1)
	os.WriteFile(sheet, data, 0o644)
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		t.Skip("go command not at hand")
	}
	cmd := exec.Command("go", "run", "./cmd/sfcheck", "orders", out, "--report", sheet)
	cmd.Dir = strings.TrimSpace(string(root))
	res, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("sfcheck: %v\n%s", err, res)
	}
	if !strings.Contains(string(res), "7 orders: 0 errors") {
		t.Errorf("sfcheck says %s", res)
	}
	exported, _ := os.ReadFile(x.keep.ws.ExportPath(2))
	if written, _ := os.ReadFile(out); string(exported) != string(written) {
		t.Error("the workspace keeps no copy of the export")
	}
}

// BenchmarkOrderChange times one change to a draft of 900 orders, from the
// edit to everything showing it: check, list, map, text (when open), save.
func BenchmarkOrderChange(b *testing.B) {
	for _, tab := range []int{0, 2} {
		name := map[int]string{0: "details-tab", 2: "text-tab"}[tab]
		b.Run(name, func(b *testing.B) {
			a := test.NewApp()
			defer a.Quit()
			x := New(a, Options{Frames: software, Workspaces: b.TempDir()})
			x.LoadDemo()
			x.rightTabs.SelectIndex(tab)
			var lines []string
			for i := 0; i < 300; i++ {
				lines = append(lines, "PI 1", "LF 3 0", "MO 8 -10 300 87")
			}
			x.st.Draft().SetAll(mustOrders(b, strings.Join(lines, "\n")))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				x.st.Draft().Add(order.Order{Code: order.PI, N: 1, Args: [order.MaxArgs]int{1}})
			}
			b.StopTimer()
			x.keep.saves.Flush() // the saves go on off the window's thread
		})
	}
}

func mustOrders(tb testing.TB, text string) []order.Order {
	var out []order.Order
	for _, l := range strings.Split(text, "\n") {
		o, err := order.Parse(l)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

func TestCarriedOverShown(t *testing.T) {
	x := newApp(t)
	data, _ := assets.DemoSheet(1)
	rep, _ := reportparse.Parse(rules.Default(), "demo", data)
	rep.Knowledge.Ships[7].Standing, _ = order.Parse("MP 8 3")
	x.Show(NewGame(rules.Default(), rep, "demo"))
	found := false
	for _, r := range x.orders.rows {
		found = found || r.carried.String() == "MP 8 3"
	}
	if !found {
		t.Fatal("the carried-over order is not listed")
	}
	x.st.Select(model.ShipKey(8), FromTree)
	var cancel *widget.Button
	said := false
	x.Window().Canvas().Capture()
	width := x.details.palette.Size().Width
	for _, o := range x.details.palette.Objects {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, "Cancel the carried-over order") {
			cancel = b
		}
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "MP 8 3") {
			said = true
		}
		// At 1280x800 every button and text of the palette is read whole.
		if m := o.MinSize().Width; m > width+0.5 {
			t.Errorf("%q is %v wide, cut in a palette of %v", collectText(o), m, width)
		}
	}
	if cancel == nil || !said {
		t.Fatalf("no way to cancel it (or the order is not named): %q", collectText(x.details.palette))
	}
	test.Tap(cancel)
	if x.st.Draft().Text() != "MO 8 -10 205 87\n" {
		t.Errorf("cancelling gives %q", x.st.Draft().Text())
	}
	for _, r := range x.orders.rows {
		if r.carried.Code != order.Invalid {
			t.Error("a cancelled order is still listed as carried over")
		}
	}
}

func TestBadFormEntryGivesFormBack(t *testing.T) {
	x := newApp(t)
	x.desk.New(model.ShipKey(2), order.LO)
	entries, ok := formEntries(t, x)
	entries[1].SetText("9") // there is no ore type 9
	entries[2].SetText("100")
	test.Tap(ok)
	if x.st.Draft().Text() != "" {
		t.Fatalf("a bad order was taken: %q", x.st.Draft().Text())
	}
	msg := collectText(x.Window().Canvas().Overlays().Top())
	if !strings.Contains(msg, "ore type must be 1 to 5, or 0 for all types, got 9") {
		t.Fatalf("error shown: %q", msg)
	}
	// Closing the message brings the form back with what was typed.
	_, closeErr := formEntries(t, x)
	if closeErr == nil {
		t.Fatal("the message has no OK button")
	}
	test.Tap(closeErr)
	entries, ok = formEntries(t, x)
	if entries[1].Text != "9" || entries[2].Text != "100" {
		t.Fatalf("the form came back as %q %q", entries[1].Text, entries[2].Text)
	}
	entries[1].SetText("1")
	test.Tap(ok)
	if x.st.Draft().Text() != "LO 2 1 100\n" {
		t.Errorf("draft %q", x.st.Draft().Text())
	}
}

func TestCopyOrders(t *testing.T) {
	x := newApp(t)
	x.text.SetText("PI 5\nMO 8 -10 300 87\n")
	x.export.Copy()
	got := fyne.CurrentApp().Clipboard().Content()
	want := "GAME Silverfall Demo\nPLAYER 1\nTURN 2\n\n[GENERAL]\nPI 5\n\n[BATTLE]\nMO 8 -10 300 87\n"
	if !strings.Contains(got, want) || !strings.HasSuffix(got, "END\n") {
		t.Errorf("clipboard holds %q", got)
	}
}
