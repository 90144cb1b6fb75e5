package turn

import (
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// The rule book's figures for officers.
func TestOfficerChances(t *testing.T) {
	r := rules.Default()
	run := &run{books: books{w: NewWorld(r, &model.Game{Turn: 1}, Host)}}
	// Officers of Technology 1, 3 and 2 practising together: 18%.
	if c := technologyChance([]int{1, 3, 2}, run.percent(abilityTechnology, 0), run.percent(abilityTechnology, 1)); c != 18 {
		t.Errorf("technology 1, 3, 2: %v%%, the rule book says 18%%", c)
	}
	// An aptitude of 1: level 1 sure, then 25%, 12.5%, 6.25%.
	off := &model.Officer{}
	off.Aptitude[0] = 1
	for lv, want := range map[int]float64{1: 100, 2: 25, 3: 12.5, 4: 6.25} {
		if c := run.aptitudeChance(off, 1, lv); c != want {
			t.Errorf("aptitude 1, level %d: %v%%, the rule book says %v%%", lv, c, want)
		}
	}
}
