package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// cutLabel is a label that shows as much of its text as its width holds,
// cut with "…". Fyne's own cut (Label.Truncation) shapes the text afresh,
// with a new font shaper, at every layout and refresh: in the tree that
// was 37% of the window's time over turn switches (profile of
// -measure-switches), the tree's rows being laid out several times a
// switch. Here a text's cut to a width is worked out once, from the
// widths of its characters (measured once each, in Fyne's cache), checked
// with one measure of the result, and kept.
type cutLabel struct {
	widget.Label
	whole string
	cuts  *textCuts
}

func newCutLabel(cuts *textCuts, text string) *cutLabel {
	l := &cutLabel{whole: text, cuts: cuts}
	l.Text = text
	l.ExtendBaseWidget(l)
	return l
}

// SetWhole sets the text, cut to the label's width.
func (l *cutLabel) SetWhole(s string) {
	l.whole = s
	l.fit(l.Size().Width)
}

// Resize cuts the text to the new width.
func (l *cutLabel) Resize(s fyne.Size) {
	l.fit(s.Width)
	l.Label.Resize(s)
}

// MinSize asks for a line's height and room for a few characters: the
// text is cut to the width it gets, not the width it would like.
func (l *cutLabel) MinSize() fyne.Size {
	h := l.Label.MinSize().Height
	return fyne.NewSize(3*l.textSize()+2*l.pad(), h)
}

func (l *cutLabel) textSize() float32 { return l.Theme().Size(theme.SizeNameText) }
func (l *cutLabel) pad() float32      { return l.Theme().Size(theme.SizeNameInnerPadding) }

func (l *cutLabel) fit(width float32) {
	t := l.whole
	if width > 0 {
		t = l.cuts.cut(l.whole, width-2*l.pad(), l.textSize(), l.TextStyle)
	}
	if t != l.Text {
		l.SetText(t)
	}
}

// textCuts keeps texts cut to widths, and the widths of characters.
type textCuts struct {
	kept  map[cutKey]string
	runes map[runeKey]float32
}

type cutKey struct {
	text        string
	width, size float32
	style       fyne.TextStyle
}

type runeKey struct {
	r     rune
	size  float32
	style fyne.TextStyle
}

// cutsKept bounds the texts kept: a sheet's tree has tens of thousands of
// labels, of which a few dozen show at a time.
const cutsKept = 4096

// cut is as much of text as width holds, ending "…" where it is cut.
func (c *textCuts) cut(text string, width, size float32, style fyne.TextStyle) string {
	if c.kept == nil || len(c.kept) > cutsKept {
		c.kept = map[cutKey]string{}
	}
	k := cutKey{text, width, size, style}
	if s, ok := c.kept[k]; ok {
		return s
	}
	s := c.cutAfresh(text, width, size, style)
	c.kept[k] = s
	return s
}

func (c *textCuts) cutAfresh(text string, width, size float32, style fyne.TextStyle) string {
	measure := func(s string) float32 { return fyne.MeasureText(s, size, style).Width }
	if measure(text) <= width {
		return text
	}
	rs := []rune(text)
	room := width - c.runeWidth('…', size, style)
	n, w := 0, float32(0)
	for n < len(rs) && w+c.runeWidth(rs[n], size, style) <= room {
		w += c.runeWidth(rs[n], size, style)
		n++
	}
	// The characters' widths leave out kerning: the cut is checked whole.
	for ; n > 0; n-- {
		s := strings.TrimRight(string(rs[:n]), " ") + "…"
		if measure(s) <= width {
			return s
		}
	}
	return "…"
}

func (c *textCuts) runeWidth(r rune, size float32, style fyne.TextStyle) float32 {
	if c.runes == nil {
		c.runes = map[runeKey]float32{}
	}
	k := runeKey{r, size, style}
	w, ok := c.runes[k]
	if !ok {
		w = fyne.MeasureText(string(r), size, style).Width
		c.runes[k] = w
	}
	return w
}
