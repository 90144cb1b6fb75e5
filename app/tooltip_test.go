package app

import (
	"silverfall/engine/model"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// moButton is the MO button of the Details panel's palette.
func moButton(t *testing.T, x *App) *tipButton {
	t.Helper()
	for _, o := range x.details.palette.Objects {
		if g, ok := o.(*fyne.Container); ok {
			for _, w := range g.Objects {
				if b, ok := w.(*tipButton); ok && strings.HasPrefix(b.Text, "MO ") {
					return b
				}
			}
		}
	}
	t.Fatal("no MO button")
	return nil
}

// TestTipGoesWhenItsButtonMoves: a tip does not stay behind when the
// Details panel scrolls under it (it covered the links), nor when its
// button moves or goes for any other reason.
func TestTipGoesWhenItsButtonMoves(t *testing.T) {
	x := newApp(t)
	x.tips.delay, x.tips.watchEvery = 0, 0
	x.Window().Resize(fyne.NewSize(1280, 560)) // the panel scrolls
	x.st.Select(model.ShipKey(2), FromTree)
	x.Window().Canvas().Capture()
	hover := func(b *tipButton) {
		b.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: fyne.NewPos(1000, 200)}})
		if x.tips.Shown() == "" {
			t.Fatal("no tip on the button")
		}
	}

	hover(moButton(t, x))
	before := x.details.scroll.Offset
	x.details.scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, -80)})
	if x.details.scroll.Offset == before {
		t.Fatal("the Details panel did not scroll")
	}
	if tip := x.tips.Shown(); tip != "" {
		t.Errorf("after a scroll the tip %q still shows", tip)
	}

	// Moved some other way: the panel scrolled back by the program.
	hover(moButton(t, x))
	x.tips.checkOwner()
	if x.tips.Shown() == "" {
		t.Fatal("the tip went though nothing moved")
	}
	x.details.scroll.ScrollToTop()
	x.tips.checkOwner()
	if tip := x.tips.Shown(); tip != "" {
		t.Errorf("after its button moved the tip %q still shows", tip)
	}

	// Gone: another selection rebuilds the palette.
	hover(moButton(t, x))
	x.st.Select(model.ShipKey(3), FromTree)
	x.tips.checkOwner()
	if tip := x.tips.Shown(); tip != "" {
		t.Errorf("after its button went the tip %q still shows", tip)
	}
}
