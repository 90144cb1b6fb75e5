package practice

import (
	"reflect"
	"testing"

	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/reportparse"
)

// A practice game started with the player's set-up gives his first sheet
// exactly those ships and that Commodore; a set-up that breaks a limit
// makes no game.
func TestNewWithSetup(t *testing.T) {
	r := rules.Default()
	root := t.TempDir()
	s := &setup.Setup{Race: 7, Ships: []setup.Ship{{Type: 34}, {Type: 34}, {Type: 19}, {Type: 26, Fire: 2, Defence: 20}}}
	s.Levels[1], s.Levels[2] = 3, 3                                 // Navigation, Intelligence
	s.Levels[0], s.Levels[3], s.Levels[4], s.Levels[5] = 3, 3, 3, 1 // all 16 points given
	g, err := New(root, Options{Seed: 9, Players: 3, Player: 2, Level: "easy", Setup: s})
	if err != nil {
		t.Fatal(err)
	}
	rep, _, err := reportparse.ReadFileData(r, g.Sheet())
	if err != nil {
		t.Fatal(err)
	}
	k := rep.Knowledge
	var types []int
	for _, sh := range k.Ships {
		types = append(types, sh.Type)
	}
	if k.Empire.Race != 7 || !reflect.DeepEqual(types, []int{13, 34, 34, 19, 26}) {
		t.Errorf("race %d, ships %v", k.Empire.Race, types)
	}
	for _, o := range k.Officers {
		if o.Ship == k.Ships[0].ID && o.Levels != s.Levels {
			t.Errorf("the Commodore's levels %v", o.Levels)
		}
	}
	bad := *s
	bad.Ships = append(append([]setup.Ship(nil), s.Ships...), setup.Ship{Type: 34})
	if _, err := New(root, Options{Seed: 9, Players: 3, Setup: &bad}); err == nil {
		t.Error("three gunboats taken")
	}
	if games, _ := List(root); len(games) != 1 {
		t.Errorf("%d games listed; the refused one left a folder", len(games))
	}
}
