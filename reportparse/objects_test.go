package reportparse

import (
	"bytes"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

// A sheet telling of more ships than any game holds is refused, and read
// no further, so that neither the reader nor the checker after it holds
// them all; one at the bound is read whole (the player's own ships, which
// the nearby lists show too, do not count among the others'). The sheets
// are made here, at run time.
func TestTooManyShipsInSight(t *testing.T) {
	for _, c := range []struct {
		foreign int
		want    string
	}{
		{MaxObjects, ""},
		{MaxObjects + 100, "more than 50000 other players' ships in sight"},
	} {
		k := shipsInSight(t, c.foreign)
		var b bytes.Buffer
		if err := turnsheet.Write(&b, rules.Default(), k); err != nil {
			t.Fatal(err)
		}
		rep, err := Parse(rules.Default(), "many.txt", b.Bytes())
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%d others' ships: %v", c.foreign, err)
		case c.want == "" && len(rep.Knowledge.ForeignShips) != c.foreign:
			t.Errorf("%d others' ships: read %d", c.foreign, len(rep.Knowledge.ForeignShips))
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%d others' ships: got %v, want %q", c.foreign, err, c.want)
		}
	}
}

// shipsInSight is a player's knowledge with n other players' ships in
// sight, a hundred at each of his ships.
func shipsInSight(t *testing.T, n int) *model.Knowledge {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	k := g.KnowledgeOf(r, 1)
	base := k.Ships[0]
	k.Ships, k.Fleets = nil, nil
	const per = 100
	for i := 0; i*per < n; i++ {
		s := base
		s.ID, s.Loc = 100000+i, geom.Point{X: -300000 + (i%1000)*300, Y: 5000 + (i/1000)*300}
		k.Ships = append(k.Ships, s)
		for j := 0; j < per; j++ {
			k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 1000000 + i*per + j, Type: 1 + j%50, Owner: 2 + j%3, Loc: s.Loc})
		}
	}
	return k
}

// An item of free text carried on over many lines reads as one, joined
// once: joined line by line, time grew with the square of the lines (here
// 5 s; a 13 MB sheet of such lines took minutes).
func TestLongContinuedText(t *testing.T) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := turnsheet.Write(&b, r, g.KnowledgeOf(r, 1)); err != nil {
		t.Fatal(err)
	}
	title := turnsheet.SectionLine(turnsheet.BattleReports, turnsheet.Titles[turnsheet.BattleReports]) + "\n"
	at := strings.Index(b.String(), title)
	if at < 0 {
		t.Fatal("no battle reports section")
	}
	const lines = 50_000
	text := b.String()[:at+len(title)] + "A battle" + strings.Repeat("\n  and on", lines) + "\n" +
		strings.TrimPrefix(b.String()[at+len(title):], turnsheet.None+"\n")
	rep, err := Parse(r, "long.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Knowledge.Battle; len(got) != 1 || got[0] != "A battle"+strings.Repeat(" and on", lines) {
		t.Errorf("%d items, the first %d characters long", len(got), len(got[0]))
	}
}
