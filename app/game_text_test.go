package app

import (
	"strings"
	"testing"

	"silverfall/assets"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// sheetLines is the whole text the sheet panel shows, one line a line.
func sheetLines(g *Game) string {
	var b strings.Builder
	for i := 0; i < g.NumLines(); i++ {
		b.WriteString(g.Line(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// The sheet's text read from the sections is each section's title line,
// then its own lines, and each section's jump goes to its title.
func TestSheetText(t *testing.T) {
	data, err := assets.DemoSheet(assets.DemoPlayer)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reportparse.Parse(rules.Default(), "demo", data)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(rules.Default(), rep, "demo")
	var want []string
	for _, s := range rep.Sections {
		switch {
		case s.Number == 0:
			want = append(want, turnsheet.Banner)
		default:
			want = append(want, "", turnsheet.SectionLine(max(s.Number, 0), s.Title))
		}
		want = s.AppendLines(want)
	}
	if got := sheetLines(g); got != strings.Join(want, "\n")+"\n" {
		t.Errorf("text differs:\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	for title, n := range g.SectionLine {
		if l := g.Line(n); l != turnsheet.Banner && !strings.HasPrefix(l, "===") {
			t.Errorf("%s: line %d is %q, not a title", title, n, l)
		}
	}
	if len(g.SectionLine) < 15 || g.Line(-1) != "" || g.Line(g.NumLines()) != "" {
		t.Errorf("%d sections; lines out of range: %q %q", len(g.SectionLine), g.Line(-1), g.Line(g.NumLines()))
	}
}
