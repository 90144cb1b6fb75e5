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
// them all. The sheet is made here, at run time.
func TestTooManyShipsInSight(t *testing.T) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	k := g.KnowledgeOf(r, 1)
	base := k.Ships[0]
	k.Ships, k.Fleets = nil, nil
	const per = 100
	for i := 0; i*per <= MaxObjects; i++ {
		s := base
		s.ID, s.Loc = 100000+i, geom.Point{X: -300000 + (i%1000)*300, Y: 5000 + (i/1000)*300}
		k.Ships = append(k.Ships, s)
		for j := 0; j < per; j++ {
			k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 1000000 + i*per + j, Type: 1 + j%50, Owner: 2 + j%3, Loc: s.Loc})
		}
	}
	var b bytes.Buffer
	if err := turnsheet.Write(&b, r, k); err != nil {
		t.Fatal(err)
	}
	_, err = Parse(r, "many.txt", b.Bytes())
	if err == nil || !strings.Contains(err.Error(), "more than 50000 other players' ships in sight") {
		t.Fatalf("got %v", err)
	}
}
