package turn

import (
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// A clone, or a world copied again from its base, has rings of its own: a
// ring's move sorts the sightings in place, which must not reach the base
// (a checker's sheet, checked over and over).
func TestCopiesHaveRingsOfTheirOwn(t *testing.T) {
	g := &model.Game{Rings: []model.RingSighting{{Player: 1}}}
	base := NewWorld(rules.Default(), g, Check)
	clone := base.Clone()
	clone.G.Rings[0].Player = 7
	again := base.Clone()
	again.CopyFrom(base)
	again.G.Rings[0].Player = 8
	if base.G.Rings[0].Player != 1 {
		t.Errorf("the base's ring sighting changed to player %d through a copy", base.G.Rings[0].Player)
	}
}
