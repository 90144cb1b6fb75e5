package app

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// The details of a fleet of thousands of ships show the first rows and a
// count of the rest, at once (added one by one, 50,000 rows took minutes).
func TestDetailsOfAHugeFleet(t *testing.T) {
	test.NewTempApp(t)
	r := rules.Default()
	gm, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	k := gm.KnowledgeOf(r, 1)
	base := k.Ships[0]
	for i := range 3000 {
		s := base
		s.ID, s.Name, s.Officer = 1_000_000+i, "", 0
		k.Ships = append(k.Ships, s)
	}
	k.Fleets = model.GroupFleets(k.Ships)
	var b bytes.Buffer
	if err := turnsheet.Write(&b, r, k); err != nil {
		t.Fatal(err)
	}
	rep, err := reportparse.Parse(r, "huge.txt", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	st := NewState()
	st.Show(NewGame(r, rep, "huge.txt"), nil, model.Key{}, nil)
	p := newDetailsPanel(st, newTooltips())
	st.Select(model.Key{Kind: model.KindFleet, ID: rep.Knowledge.Fleets[0].ID}, FromMap)
	p.showRows()
	n := len(p.rows.Objects)
	if n != maxDetailRows+1 {
		t.Fatalf("%d rows shown, want %d and a count", n, maxDetailRows)
	}
	if l, ok := p.rows.Objects[n-1].(*widget.Label); !ok || !strings.Contains(l.Text, "more not shown") {
		t.Errorf("the last row is %#v", p.rows.Objects[n-1])
	}
}
