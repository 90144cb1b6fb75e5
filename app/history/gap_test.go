package history

import (
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// An object out of sight for a while and then seen again unchanged was
// not seen in between; a sheet missing from the workspace shows nothing.
func TestSeenAgain(t *testing.T) {
	ship := model.Ship{ID: 40, Type: 3, Owner: 2, Loc: geom.Point{X: 5}}
	planet := model.Planet{ID: 7, Owner: 2, Loc: geom.Point{Y: 9}}
	h := New("G", 1)
	for _, c := range []struct {
		turn  int
		shown bool
	}{{1, true}, {2, false}, {3, true}, {5, true}, {6, false}} {
		k := &model.Knowledge{Game: "G", Turn: c.turn, Empire: model.Empire{Player: 1}}
		if c.shown {
			k.ForeignShips, k.ForeignPlanets = []model.Ship{ship}, []model.Planet{planet}
		}
		if err := h.Add(k); err != nil {
			t.Fatal(err)
		}
	}
	for turn, want := range map[int]int{1: 1, 2: 1, 3: 3, 4: 3, 5: 5, 6: 5, 9: 5} {
		if s, ok := h.Ship(40, turn); !ok || s.Turn != want {
			t.Errorf("as of turn %d: ship last seen on %d (%v), want %d", turn, s.Turn, ok, want)
		}
		if p, ok := h.Planet(7, turn); !ok || p.Turn != want {
			t.Errorf("as of turn %d: planet last seen on %d (%v), want %d", turn, p.Turn, ok, want)
		}
	}
	if _, ok := h.Ship(40, 0); ok {
		t.Error("a ship known before its first sighting")
	}
	if tr := h.Tracks(5, 3); len(tr) != 1 || len(tr[0].Points) != 2 || tr[0].Points[0].Turn != 3 {
		t.Errorf("track over turns 3-5: %+v", tr)
	}
	err := h.Add(&model.Knowledge{Game: "G", Turn: 4, Empire: model.Empire{Player: 1}})
	if err == nil {
		t.Error("an older sheet added after a newer one")
	}
	if err := h.Add(&model.Knowledge{Game: "H", Turn: 8, Empire: model.Empire{Player: 1}}); err == nil {
		t.Error("another game's sheet added")
	}
}
