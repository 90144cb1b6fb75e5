package app

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/app/changes"
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
	g, err := host.New(filepath.Join(t.TempDir(), "game"), host.Config{Seed: 5, Players: 3, Name: "Window Turns"})
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
	a := test.NewTempApp(t)
	x := New(a, Options{Frames: software, Workspaces: t.TempDir()})
	x.NativeDialogs = false
	x.Background = func(f func()) { f() }
	x.tips.watchEvery = 0
	x.SaveInLine()
	for n := 1; n <= turns; n++ {
		if err := x.Load(filepath.Join(host.TurnDir(g.Dir, n), host.SheetsDir, turnsheet.FileName(1))); err != nil {
			t.Fatal(err)
		}
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	x.Window().Canvas().Capture()
	return x
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
	g := x.st.Game()
	row := -1
	for i, r := range v.rows {
		if _, ok := g.Location(r.Key); ok && r.Key != x.st.Selected() {
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

// TestThisTurnFirstSheet: with no sheet before, the view says so.
func TestThisTurnFirstSheet(t *testing.T) {
	x := newApp(t)
	if !strings.Contains(x.thisTurn.note.Text, "no earlier sheet is kept") {
		t.Errorf("note %q", x.thisTurn.note.Text)
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
