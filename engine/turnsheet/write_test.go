package turnsheet

import (
	"bytes"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

func sheetOf(t *testing.T, k *model.Knowledge) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, rules.Default(), k); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestLinesFitAndPagesBreak(t *testing.T) {
	r := rules.Default()
	for seed := int64(1); seed <= 20; seed++ {
		g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: 40, Name: "A Game With A Rather Long Name For Its Header"})
		if err != nil {
			t.Fatal(err)
		}
		k := g.KnowledgeOf(r, int(seed))
		k.Messages = []string{strings.Repeat("word ", 40)}
		s := sheetOf(t, k)
		for i, page := range strings.Split(s, "\f") {
			lines := strings.Split(strings.TrimSuffix(page, "\n"), "\n")
			if len(lines) > PageLines {
				t.Errorf("seed %d page %d has %d lines", seed, i+1, len(lines))
			}
			if i > 0 && !strings.HasPrefix(lines[0], PageHeader) {
				t.Errorf("seed %d page %d starts %q", seed, i+1, lines[0])
			}
			for _, l := range lines {
				if len([]rune(l)) > Width {
					t.Errorf("seed %d: line of %d characters: %q", seed, len([]rune(l)), l)
				}
				if strings.TrimRight(l, " ") != l {
					t.Errorf("seed %d: trailing blanks in %q", seed, l)
				}
			}
		}
	}
}

func TestSectionsInOrder(t *testing.T) {
	s := sheetOf(t, &model.Knowledge{Game: "g", Turn: 3, Empire: model.Empire{Player: 2, Race: 4}})
	last := -1
	for n := 1; n <= NumSections; n++ {
		i := strings.Index(s, SectionLine(n, Titles[n]))
		if i < last {
			t.Errorf("section %d missing or out of order", n)
		}
		last = i
	}
	if !strings.HasPrefix(s, Banner+"\n") || !strings.HasSuffix(s, End+"\n") {
		t.Error("banner or closing line missing")
	}
	if i := strings.Index(s, SectionLine(0, OrderSheet)); i < last {
		t.Error("the order sheet must follow the sections")
	}
	// Empty sections say so.
	if n := strings.Count(s, "\n"+None+"\n"); n < 10 {
		t.Errorf("%d sections say %q; an empty sheet should have more", n, None)
	}
	if !strings.Contains(s, "Turn:       4") {
		t.Error("the order sheet is for the next turn")
	}
}

// A game with a due date prints it; one without (a practice game) has no
// "Orders due:" line at all, never an empty one.
func TestDueDateLine(t *testing.T) {
	r := rules.Default()
	for _, due := range []string{"2027-01-10", ""} {
		g, err := galaxy.Generate(r, galaxy.Options{Seed: 3, Players: 3, Name: "Due", DueDate: due})
		if err != nil {
			t.Fatal(err)
		}
		s := sheetOf(t, g.KnowledgeOf(r, 1))
		has := strings.Contains(s, "\n"+LabelDue+":")
		switch {
		case due != "" && !strings.Contains(s, "\n"+LabelDue+": "+due+"\n"):
			t.Errorf("due %q: the sheet lacks its line", due)
		case due == "" && has:
			t.Errorf("an empty %q line in a sheet without a date", LabelDue)
		}
	}
}

// The nearby lists see as far as the turn does: Long Range Sensors raise
// the range (the sheet once used the ship type's range alone).
func TestNearbyWithLongRangeSensors(t *testing.T) {
	r := rules.Default()
	g := &model.Game{Turn: 3,
		Empires: []model.Empire{{Player: 1, Abilities: []model.SpecialAbility{{Name: "Long Range Sensors"}}}, {Player: 2}},
		// A small fighter sees 20; with the sensors' 20%, 24.
		Ships: []model.Ship{{ID: 3, Type: 2, Owner: 1}, {ID: 4, Type: 2, Owner: 2, Loc: geom.Point{X: 24}}},
	}
	s := sheetOf(t, g.KnowledgeOf(r, 1))
	if !strings.Contains(s, "nearby within 24:") {
		t.Errorf("the nearby list does not see 24 positions:\n%s", s)
	}
	if !strings.Contains(s, "ship         4     2    2   24") {
		t.Errorf("ship 4, 24 away, is not listed:\n%s", s)
	}
}
