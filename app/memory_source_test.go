package app

import (
	"fmt"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// What the window remembers says where it was learnt: the player's own
// sheet of a turn, or an ally's; the hover and the details say so, with
// the object's kind, type and owner.
func TestRememberedSource(t *testing.T) {
	rep, err := reportparse.Parse(rules.Default(), "demo", []byte(demoSheet(t)))
	if err != nil {
		t.Fatal(err)
	}
	rep.Knowledge.Turn++ // a turn with one before it
	g := NewGame(rules.Default(), rep, "demo")
	me, turn := g.K.Empire.Player, g.K.Turn
	ally := me%40 + 1
	const shipID, planetID = 4999, 4998
	k := known.New(g.K.Game, me)
	if err := k.Add(g.K); err != nil {
		t.Fatal(err)
	}
	// The ally's sheet of the turn shows one of his ships; the player's
	// own sheet of the turn before showed a planet since out of sight.
	allySheet := &model.Knowledge{Game: g.K.Game, Turn: turn, Empire: model.Empire{Player: ally},
		Ships: []model.Ship{{ID: shipID, Type: 3, Owner: ally, Loc: geom.Point{X: 11, Y: 12, Z: 13}}}}
	ownBefore := &model.Knowledge{Game: g.K.Game, Turn: turn - 1, Empire: model.Empire{Player: me},
		ForeignPlanets: []model.Planet{{ID: planetID, Name: "Far", Owner: ally, Kind: model.Origin, Loc: geom.Point{X: 21}}}}
	for _, s := range []*model.Knowledge{allySheet, ownBefore} {
		if err := k.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	g.remember(k, true, true)
	for _, c := range []struct {
		key  model.Key
		says []string
	}{
		{model.ShipKey(shipID), []string{typeName(g.R, 3), g.ownerShort(ally), "seen on this turn", fmt.Sprintf("from ally player %d's sheet of turn %d", ally, turn)}},
		{model.PlanetKey(planetID), []string{"Far", "origin planet", g.ownerShort(ally) + " then", "from your sheet of turn"}},
	} {
		i := g.Map.Find(c.key)
		if i < 0 {
			t.Fatalf("%v is not on the map", c.key)
		}
		hover := rememberedText(g, &g.Map.Bodies[i])
		var d detailRows
		title, ok := g.rememberedDetails(&d, c.key)
		var rows []string
		for _, r := range d.rows {
			rows = append(rows, r.Label+": "+r.Value)
		}
		details := title + "\n" + strings.Join(rows, "\n")
		for _, want := range c.says {
			if !strings.Contains(hover, want) {
				t.Errorf("%v: the hover %q does not say %q", c.key, hover, want)
			}
		}
		if !ok || !strings.Contains(details, "Source: ") {
			t.Errorf("%v: the details say no source:\n%s", c.key, details)
		}
	}
	if o := g.remembered(model.ShipKey(shipID)); o == nil || g.sourceText(o.Source) != fmt.Sprintf("ally player %d's sheet of turn %d", ally, turn) {
		t.Errorf("the ally's ship: %+v", o)
	}
}
