package names

import "testing"

func TestNames(t *testing.T) {
	cases := []struct{ got, want string }{
		{Ship("Iron Reach", 13, 20), "Iron Lance 13"},
		{Planet("Iron Reach", 40, 20), "Iron Haven 40"},
		{Officer(7, 10), "Hesper7"},
		// Too long: the end, with the number, is kept.
		{Ship("Brightwatermeadows", 123456, 20), "meadows Arrow 123456"},
		{Officer(1234567, 10), "per1234567"},
		{Ship("", 1, 20), "Empire Lance 1"},
		// Never half a character.
		{Ship("Ééééééééé", 5, 20), "ééééé Drifter 5"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
