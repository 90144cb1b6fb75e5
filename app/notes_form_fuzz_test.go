package app

import (
	"testing"

	"silverfall/engine/notes"
)

// FuzzEntryFields reads whatever a player types in a note's fields: no
// panic, and what is read is written back as it reads again.
func FuzzEntryFields(f *testing.F) {
	for _, s := range [][3]string{
		{"ship 12", "1, 2, 3", "20"}, {"planet:40", "-5 6 7", ""}, {"", "", "0"}, {"fleet", "1,2", "x"},
		{"ship -1", "999999999999999999999,0,0", "-3"}, {"OFFICER  3", " 1 , 2 , 3 ", " 7 "},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, object, place, turn string) {
		k, err := parseObject(object)
		if err == nil {
			if again, err := parseObject(objectText(k)); err != nil || again != k {
				t.Errorf("%q reads as %v, written %q, read again %v (%v)", object, k, objectText(k), again, err)
			}
		}
		p, at, err := parsePlace(place)
		if err == nil && at {
			e := notes.Entry{Place: p, AtPlace: true}
			if again, _, err := parsePlace(placeText(e)); err != nil || again != p {
				t.Errorf("%q reads as %v, read again %v (%v)", place, p, again, err)
			}
		}
		if n, err := parseTurn(turn); err == nil && n < 0 {
			t.Errorf("%q reads as turn %d", turn, n)
		}
	})
}
