package app

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"silverfall/app/plots"
)

func TestPlotsView(t *testing.T) {
	x := hostedApp(t, 4)
	v := x.plots
	if len(v.turns) != 4 || v.turns[0].Turn != 1 || v.turns[3].Turn != 4 {
		t.Fatalf("turns %+v, want 1 to 4", v.turns)
	}
	if !strings.Contains(v.note.Text, "Turns 1 to 4") || v.save.Disabled() {
		t.Errorf("note %q, save disabled %v", v.note.Text, v.save.Disabled())
	}
	if len(v.pick.Options) < 6 || v.pick.Selected != "Score" {
		t.Errorf("plots %q, chosen %q", v.pick.Options, v.pick.Selected)
	}
	x.bottomTabs.SelectIndex(3)
	x.Window().Canvas().Capture()
	// At 1280x800 the chooser shows its longest plot's title whole, and
	// the note is not cut.
	for _, o := range v.pick.Options {
		if need := fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding() + theme.IconInlineSize(); v.pick.Size().Width < need {
			t.Errorf("the chooser is %v wide; %q needs %v", v.pick.Size().Width, o, need)
		}
	}
	if v.note.Truncation != fyne.TextTruncateOff || v.note.Wrapping != fyne.TextWrapWord {
		t.Error("the plots' note is cut")
	}
	// Drawn at the view's size, in the theme's background.
	size := v.raster.Size()
	if size.Width < 300 || size.Height < 150 {
		t.Fatalf("the plot has only %v", size)
	}
	img := v.draw(int(size.Width), int(size.Height))
	if b := img.Bounds(); b.Dx() != int(size.Width) || b.Dy() != int(size.Height) {
		t.Errorf("image %v for a view of %v", b, size)
	}
	// In the theme's background, light or dark.
	for _, th := range []string{"dark", "light"} {
		x.SetTheme(th)
		img := v.draw(int(size.Width), int(size.Height))
		bg := theme.Color(theme.ColorNameBackground)
		r0, g0, b0, _ := img.At(2, 2).RGBA()
		r1, g1, b1, _ := bg.RGBA()
		if r0>>8 != r1>>8 || g0>>8 != g1>>8 || b0>>8 != b1>>8 {
			t.Errorf("%s theme: corner %v, the theme's background %v", th, img.At(2, 2), bg)
		}
	}
	// Another plot.
	for _, o := range v.pick.Options {
		if strings.HasPrefix(o, "Prices at") {
			v.pick.SetSelected(o)
			break
		}
	}
	if v.chosen.Kind != plots.PricesPlot {
		t.Errorf("chose %+v", v.chosen)
	}
	x.Window().Canvas().Capture()
	shot(t, x, "plots")

	// Saved as PNG, as SVG, and as PNG for a name without an ending.
	dir := t.TempDir()
	for _, name := range []string{"a.png", "b.svg", "c"} {
		if err := v.saveTo(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(filepath.Join(dir, "a.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if p, err := png.Decode(f); err != nil || p.Bounds().Dx() != savedPlotWidth {
		t.Errorf("a.png: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "b.svg")); err != nil || !strings.Contains(string(data), "<svg") {
		t.Errorf("b.svg: %v %.80q", err, data)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.png")); err != nil {
		t.Error(err)
	}
	if !strings.Contains(x.status.Text(), "Plot saved to") {
		t.Errorf("status %q", x.status.Text())
	}
	// The button asks through the window's one file chooser.
	v.save.OnTapped()
	if !x.files.showing || x.files.fyneDlg == nil {
		t.Error("Save as… showed no file dialog")
	}
}

// TestPlotsViewDemo: the demo game keeps no workspace of its own turns
// here, so the plots show its one turn.
func TestPlotsViewDemo(t *testing.T) {
	x := newApp(t)
	if len(x.plots.turns) != 1 || !strings.Contains(x.plots.note.Text, "Only this turn") {
		t.Errorf("turns %+v, note %q", x.plots.turns, x.plots.note.Text)
	}
}

// TestPlotsViewDrawnWhileLoading: a frame drawn while the turns are read
// is not kept once they come.
func TestPlotsViewDrawnWhileLoading(t *testing.T) {
	x := newApp(t)
	var pending []func()
	x.Background = func(f func()) { pending = append(pending, f) }
	if err := x.LoadDemo(); err != nil {
		t.Fatal(err)
	}
	v := x.plots
	blank := v.draw(400, 250)
	if b := blank.Bounds(); b.Dx() != 400 || b.Dy() != 250 {
		t.Errorf("the plot drawn before the turns came is %v, not 400×250", b)
	}
	if len(pending) == 0 {
		t.Fatal("nothing was read in the background")
	}
	for _, f := range pending {
		f()
	}
	if d := differentPixels(blank, v.draw(400, 250)); d < 1000 {
		t.Errorf("the plot drawn after the turns came differs from the one before in only %d pixels", d)
	}
}

// differentPixels counts the pixels whose colours differ, over the
// smaller of the two images.
func differentPixels(a, b image.Image) int {
	n := 0
	w, h := min(a.Bounds().Dx(), b.Bounds().Dx()), min(a.Bounds().Dy(), b.Bounds().Dy())
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 {
				n++
			}
		}
	}
	return n
}
