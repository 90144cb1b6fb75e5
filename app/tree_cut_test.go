package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"

	"silverfall/assets"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// At 1280x800 the tree shows a ship's number and a name of ordinary length
// (ten, eleven letters) whole, its own and a foreign one, however long its
// type: where the column cuts a label it cuts the type, and says so with
// "…" (the label was "Ship 28 BATTLE ST", the name out of sight). The
// column has some 115 pixels for text there: a name of twenty characters
// is still cut.
func TestTreeShowsShipNames(t *testing.T) {
	x := newApp(t)
	data, _ := assets.DemoSheet(1)
	rep, _ := reportparse.Parse(rules.Default(), "demo", data)
	k := rep.Knowledge
	k.Ships[0].Name = "Golden Dawn" // ship 1, a BATTLE STATION
	k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 28, Type: 13, Owner: 3, Name: "Shadow Fox", Loc: geom.Point{X: 40, Y: 30, Z: 5}})
	x.Show(NewGame(rules.Default(), rep, "demo"))
	x.Window().Resize(fyne.NewSize(1280, 800-menuBarHeight))
	x.tree.tree.OpenBranch("cat:contacts")
	x.Window().Canvas().Capture()
	x.tree.tree.ScrollTo(model.ShipKey(28).String())
	x.Window().Canvas().Capture()
	want := map[string]string{"1 Golden Dawn": "", "28 Shadow Fox": ""}
	width := x.tree.tree.Size().Width
	walk(x.tree.tree, func(o fyne.CanvasObject) {
		c, ok := o.(*canvas.Text)
		if !ok {
			return
		}
		for w := range want {
			if rest, ok := strings.CutPrefix(c.Text, w); ok && (rest == "" || rest[0] == ' ' || strings.HasPrefix(rest, "…")) {
				want[w] = c.Text
				if r := fyne.CurrentApp().Driver().AbsolutePositionForObject(c).X - fyne.CurrentApp().Driver().AbsolutePositionForObject(x.tree.tree).X +
					fyne.MeasureText(c.Text, c.TextSize, c.TextStyle).Width; r > width {
					t.Errorf("%q runs to %.0f px in a tree %.0f px wide", c.Text, r, width)
				}
			}
		}
	})
	for w, got := range want {
		if got == "" {
			t.Errorf("at 1280x800 no label of the tree begins %q", w)
		}
	}
	if shown := x.tree.label(model.ShipKey(28).String()); !strings.Contains(shown, "BATTLE STATION, player 3") {
		t.Errorf("ship 28's label %q lacks its type and owner", shown)
	}
	// The tree's search finds the contact by its kind and number, though
	// its label leads with the number and name.
	found := false
	for _, c := range x.st.Game().Tree("Ship 28", "Everything") {
		for _, it := range c.Items {
			found = found || it.Key == model.ShipKey(28)
		}
	}
	if !found {
		t.Error(`the tree's search for "Ship 28" does not find ship 28`)
	}
}

// A tree label that the column cuts shows its whole text in a tip when
// the pointer rests on it, and marks its row as hovered from the tree's
// left edge (the label takes the pointer from Fyne's row under it); one
// shown whole has no tip. At 1280x800 the demo's "2 · LARGE TRANSPORT"
// is cut.
func TestTreeLabelTipShowsWhole(t *testing.T) {
	x := newApp(t)
	x.tips.delay, x.tips.watchEvery = 0, 0
	x.Window().Resize(fyne.NewSize(1280, 800-menuBarHeight))
	x.Window().Canvas().Capture()
	var cut, whole *treeLabel
	walk(x.tree.tree, func(o fyne.CanvasObject) {
		if l, ok := o.(*treeLabel); ok && l.Visible() && strings.Contains(l.whole, "·") {
			if l.cut() && cut == nil {
				cut = l
			} else if !l.cut() && whole == nil {
				whole = l
			}
		}
	})
	if cut == nil || whole == nil {
		t.Fatalf("at 1280x800 the tree should show a ship cut and one whole (cut %v, whole %v)", cut != nil, whole != nil)
	}
	in := &desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: position(cut).Add(fyne.NewPos(20, 5))}}
	cut.MouseIn(in)
	if got := x.tips.Shown(); got != cut.whole {
		t.Errorf("the tip over %q says %q, want the whole label", cut.Text, got)
	}
	if !cut.hover.Visible() || position(cut.hover).X > position(x.tree.tree).X+1 {
		t.Errorf("the hovered row is not marked from the tree's edge (mark at %v, tree at %v)", position(cut.hover), position(x.tree.tree))
	}
	cut.MouseOut()
	if x.tips.Shown() != "" || cut.hover.Visible() {
		t.Error("the tip or the row's mark stays after the pointer left")
	}
	whole.MouseIn(in)
	if got := x.tips.Shown(); got != "" {
		t.Errorf("a label shown whole (%q) has the tip %q", whole.Text, got)
	}
	if !whole.hover.Visible() {
		t.Error("a row shown whole is not marked when hovered")
	}
}

// Rows the tree makes after its first layout (a category opened, a scroll)
// have the narrow indent of the tree's own theme: they had Fyne's wide
// icons (here every row; in the real window the rows made after a click),
// so that the leaves lay a dozen pixels further right and more of each
// label was cut.
func TestTreeRowsMadeLaterKeepTheIndent(t *testing.T) {
	x := newApp(t)
	x.Window().Resize(fyne.NewSize(1280, 800-menuBarHeight))
	x.Window().Canvas().Capture()
	x.tree.tree.OpenBranch("cat:contacts")
	x.tree.tree.OpenBranch("cat:trading")
	x.tree.tree.ScrollToBottom()
	x.Window().Canvas().Capture()
	indents := map[float32][]string{}
	walk(x.tree.tree, func(o fyne.CanvasObject) {
		if l, ok := o.(*treeLabel); ok && l.Visible() && !strings.HasPrefix(l.whole, "cat:") && !strings.Contains(l.whole, "(") {
			at := position(l).X - position(x.tree.tree).X
			indents[at] = append(indents[at], l.Text)
		}
	})
	// A leaf's text starts after a padding, one icon's indent and padding,
	// the icon's slot and a padding: Fyne's layout of a row.
	pad := theme.Padding()
	want := 3*pad + 2*narrowIcons{}.Size(theme.SizeNameInlineIcon)
	if len(indents) != 1 || len(indents[want]) == 0 {
		t.Errorf("the leaves lie at %v pixels from the tree's edge, want all at %v", indents, want)
	}
}
