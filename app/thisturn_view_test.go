package app

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/changes"
	"silverfall/app/practice"
	"silverfall/engine/check"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/turnsheet"
	"silverfall/host"
	"silverfall/orderwriter"
)

// hostedApp plays a game of turns turns (the computer writes every
// empire's orders but, on the last turn, player 1's, which hold an order
// that cannot be carried out) and opens player 1's sheets in a window one
// after the other, as a player imports them: the workspace keeps them all.
func hostedApp(t *testing.T, turns int) *App {
	t.Helper()
	a := test.NewTempApp(t)
	x := New(a, Options{Frames: software, Workspaces: t.TempDir()})
	x.NativeDialogs = false
	x.Background = func(f func()) { f() }
	noNoteTimers(x)
	x.tips.watchEvery = 0
	x.SaveInLine()
	for _, sheet := range hostedSheets(t, turns) {
		if err := x.Load(sheet); err != nil {
			t.Fatal(err)
		}
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture()
	return x
}

// hostedGames are the games hostedSheets played, by turns.
var hostedGames struct {
	sync.Mutex
	sheets map[int][]string
}

// hostedSheets are player 1's sheets of hostedApp's game of turns turns,
// played once for all the package's tests (they only read them).
func hostedSheets(t *testing.T, turns int) []string {
	t.Helper()
	hostedGames.Lock()
	defer hostedGames.Unlock()
	if s, ok := hostedGames.sheets[turns]; ok {
		return s
	}
	dir, err := sharedDir(fmt.Sprintf("hosted-%d", turns))
	if err != nil {
		t.Fatal(err)
	}
	g, err := host.New(dir, host.Config{Seed: 5, Players: 3, Name: "Window Turns"})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	for g.State.Turn < turns {
		if g.State.Turn == turns-1 {
			f := &orderwriter.File{Game: g.State.Name, Player: 1, Turn: g.State.Turn + 1}
			if e := g.State.Empire(1); e != nil {
				f.Password = e.Password // as his sheet gives it
			}
			bad, _ := order.Parse("SM 9999 1")
			f.Orders = append(f.Orders, bad)
			var b bytes.Buffer
			if err := orderwriter.Write(&b, f); err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(host.TurnDir(g.Dir, g.State.Turn), host.OrdersDir, turnsheet.FileName(1))
			if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			t.Fatal(err)
		}
	}
	var out []string
	for n := 1; n <= turns; n++ {
		out = append(out, filepath.Join(host.TurnDir(g.Dir, n), host.SheetsDir, turnsheet.FileName(1)))
	}
	if hostedGames.sheets == nil {
		hostedGames.sheets = map[int][]string{}
	}
	hostedGames.sheets[turns] = out
	return out
}

func TestThisTurnView(t *testing.T) {
	x := hostedApp(t, 4)
	v := x.thisTurn
	if !strings.Contains(v.note.Text, "Turn 4 against turn 3") {
		t.Errorf("note %q", v.note.Text)
	}
	if len(v.rows) == 0 || v.rows[0].Kind != changes.OrderError || !strings.Contains(v.rows[0].Text, "9999") {
		t.Fatalf("rows %+v: the error in last turn's orders should come first", v.rows)
	}
	// The table shows the rows.
	x.bottomTabs.SelectIndex(2)
	x.Window().Canvas().Capture()
	if n := v.list.Length(); n != len(v.rows) {
		t.Errorf("the list has %d rows for %d changes", n, len(v.rows))
	}
	// A row whose object is on the map selects it, and the map centres on it.
	// (An officer has a place, his ship's, but no body of his own.)
	g := x.st.Game()
	row := -1
	for i, r := range v.rows {
		if x.mapView.frames.m.Find(r.Key) >= 0 && r.Key != x.st.Selected() {
			row = i
			break
		}
	}
	if row < 0 {
		t.Fatalf("no row of %+v names an object on the map", v.rows)
	}
	key := v.rows[row].Key
	v.list.Select(row)
	if x.st.Selected() != key || x.st.SelectedFrom() != FromChanges {
		t.Fatalf("clicking %+v selected %v from %v", v.rows[row], x.st.Selected(), x.st.SelectedFrom())
	}
	if want := x.mapView.frames.m.Bodies[x.mapView.frames.m.Find(key)].Pos; x.st.Camera().Target != want {
		t.Errorf("the map is centred on %v, not on %v at %v", x.st.Camera().Target, key, want)
	}
	// A row whose object is gone selects nothing.
	v.rows = append(v.rows, changes.Row{Kind: changes.ShipLost, Key: shipKeyNotOn(g), Text: "gone"})
	before := x.st.Selected()
	v.choose(len(v.rows) - 1)
	if x.st.Selected() != before {
		t.Errorf("a lost ship's row selected %v", x.st.Selected())
	}
	shot(t, x, "thisturn")
}

// TestThisTurnFirstSheet: turn 1 has nothing before it, and no orders
// of a last turn.
func TestThisTurnFirstSheet(t *testing.T) {
	x := newApp(t)
	if n := x.thisTurn.note.Text; !strings.Contains(n, "first sheet") || strings.Contains(n, "last turn") {
		t.Errorf("note %q", n)
	}
	if n := thisTurnNote(5, nil, nil, 0); !strings.Contains(n, "no earlier sheet is kept") {
		t.Errorf("turn 5 with no sheet kept before it: %q", n)
	}
}

// TestThisTurnRowsWrap: at 1280x800 a long row is as tall as its text
// needs, so that it can be read whole.
func TestThisTurnRowsWrap(t *testing.T) {
	x := hostedApp(t, 2)
	v := x.thisTurn
	x.bottomTabs.SelectIndex(2)
	long := "Prices at planet 3: ore 1 from 45 to 50, ore 2 from 120 to 118, ore 3 from 300 to 310, ore 4 from 80 to 95, ore 5 from 1,000 to 990, fuel from 10 to 11"
	v.rows = append(v.rows, changes.Row{Kind: changes.ShipLost, Text: long}, changes.Row{Kind: changes.ShipLost, Text: "short"})
	v.wrap.fit()
	x.Window().Canvas().Capture()
	line := newWrapMeasure().line
	if v.wrap.width < 300 || v.wrap.width > 1000 {
		t.Fatalf("the list is %v wide", v.wrap.width)
	}
	row := v.list.CreateItem().(*fyne.Container).Objects[0].(*widget.Label)
	if row.Wrapping != fyne.TextWrapWord || row.Truncation != fyne.TextTruncateOff {
		t.Error("the rows' text is cut, not wrapped")
	}
	if h := v.wrap.Height(len(v.rows) - 2); h <= line {
		t.Errorf("a row of %d characters is %v high at width %v, one line is %v", len(long), h, v.wrap.width, line)
	}
	if h := v.wrap.Height(len(v.rows) - 1); h != line {
		t.Errorf("a short row is %v high, one line is %v", h, line)
	}
}

// TestFallingSaid: the demo's newcomer pays more in upkeep and crews
// than the tax brings: This turn and the status line say so, naming the
// largest cost, from the engine's forecast.
func TestFallingSaid(t *testing.T) {
	x := newApp(t)
	waitFor(t, "the forecast", func() bool { return x.st.Forecast() != nil })
	f, k := x.st.Forecast(), x.st.Game().K
	if f.Credits >= k.Empire.Credits {
		t.Skipf("the demo's credits do not fall (%d to %d): nothing to say", k.Empire.Credits, f.Credits)
	}
	largest := ""
	most := 0
	for _, l := range f.Credit.Lines {
		if -l.Amount > most {
			largest, most = strings.ToLower(l.What), -l.Amount
		}
	}
	drop := num(k.Empire.Credits - f.Credits)
	if s := x.thisTurn.trend.Text; !x.thisTurn.trend.Visible() || !strings.Contains(s, "fall by "+drop) || !strings.Contains(s, largest+" "+num(most)) {
		t.Errorf("This turn says %q; want the fall of %s and %s %d", s, drop, largest, most)
	}
	if s := x.status.Text(); !strings.Contains(s, "turn leaves "+num(f.Credits)+" ("+largest+" "+num(most)+" costs most)") {
		t.Errorf("status %q says nothing of the fall of %s", s, drop)
	}
	// Orders that make the turn gain: the words go.
	none := fallingOf(k, &check.Forecast{Credits: k.Empire.Credits + 1, Score: k.Score.Current + 1})
	if none.short() != "" || none.sentence() != "" {
		t.Errorf("a turn that gains: %q / %q", none.short(), none.sentence())
	}
}

func shipKeyNotOn(g *Game) model.Key {
	for id := 1; ; id++ {
		if _, ok := g.Location(model.ShipKey(id)); !ok {
			return model.ShipKey(id)
		}
	}
}

// shot writes the window's picture in both themes to
// $SILVERFALL_SHOTS/name-dark.png and -light.png, when that is set, to be
// looked at.
func shot(t *testing.T, x *App, name string) {
	dir := os.Getenv("SILVERFALL_SHOTS")
	if dir == "" {
		return
	}
	for _, th := range []string{"dark", "light"} {
		x.SetTheme(th)
		img := x.Window().Canvas().Capture()
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+"-"+th+".png"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestThisTurnRowsDoNotOverlap: after three End turns of a practice game,
// every row of This turn drawn at 1280x800 is as tall as its wrapped text
// (bug: wrapped rows lay over each other).
func TestThisTurnRowsDoNotOverlap(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 5, Players: 3, Level: "easy"})
	x.bottomTabs.SelectIndex(2)
	for i := 0; i < 3; i++ {
		x.practice.EndTurn()
		for n := 0; n < 3 && x.Window().Canvas().Overlays().Top() != nil; n++ {
			x.Window().Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		}
	}
	if g := x.st.Game(); g.K.Turn != 4 {
		t.Fatalf("turn %d shown after three End turns", g.K.Turn)
	}
	x.bottomTabs.SelectIndex(2)
	x.Window().Canvas().Capture()
	shot(t, x, "thisturn-practice")
	v := x.thisTurn
	if len(v.rows) == 0 {
		t.Fatal("no rows on turn 4")
	}
	checked, wrapped := 0, 0
	for i := range v.rows {
		v.list.ScrollTo(i)
		x.Window().Canvas().Capture()
		walk(v.list, func(o fyne.CanvasObject) {
			l, ok := o.(*widget.Label)
			if !ok || !l.Visible() || l.Wrapping != fyne.TextWrapWord || l.Text == "" {
				return
			}
			checked++
			need := l.MinSize().Height
			if need > newWrapMeasure().line {
				wrapped++
			}
			if l.Size().Height+0.5 < need {
				t.Errorf("the row %q is %v high, its text needs %v (width %v)", l.Text, l.Size().Height, need, l.Size().Width)
			}
		})
	}
	if checked == 0 {
		t.Fatal("no row drawn")
	}
	t.Logf("%d rows drawn, %d of them wrapped", checked, wrapped)
}
