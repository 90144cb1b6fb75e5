package turn

import (
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// officerLevels gives each officer the raise of the artifact on his ship or
// planet ("many of them will also raise one of your officer's abilities
// when that officer is on the same ship or planet as the artifact"), and
// takes back the raise of one no longer with him. The raise counts in his
// current levels only, never in his unmodified ones (rank, practice), and
// within the highest level abilities can be raised to.
//
// It runs on the host only: a sheet shows an officer's current levels with
// the raise in them, so a check cannot tell the raise apart.
func (t *run) officerLevels() {
	w := t.w
	top := w.R.Officers.MaxBoostedLevel
	for i := range w.G.Officers {
		off := &w.G.Officers[i]
		var want model.Levels
		if a := w.Artifact(t.artifactWith(off)); a != nil && a.Ability >= 1 && a.Ability <= rules.Abilities {
			want[a.Ability-1] = a.Levels
		}
		for k := range off.Current {
			base := off.Current[k] - off.Raised[k]
			off.Current[k] = max(base, min(base+want[k], top))
			off.Raised[k] = off.Current[k] - base
		}
	}
}

// artifactWith is the found artifact on the ship or planet an officer is
// on (0 for none).
func (t *run) artifactWith(off *model.Officer) int {
	if off.Ship != 0 {
		if s := t.w.Ship(off.Ship); s != nil && s.Officer == off.ID {
			return s.Artifact
		}
		return 0
	}
	if p := t.w.Planet(off.Planet); p != nil && p.Officer == off.ID {
		return p.Artifact
	}
	return 0
}
