package names

import "testing"

func TestNames(t *testing.T) {
	cases := []struct{ got, want string }{
		{Ship("Iron Reach", 13, 20), "Iron Lance 13"},
		{Planet("Iron Reach", 40, 20), "Iron Haven 40"},
		{Officer(7, 10), "Hesper7"},
		// Too long: the word is shortened, the number kept whole.
		{Ship("Brightwatermeadows", 123456, 20), "Brightw Arrow 123456"},
		{Officer(1234567, 10), "Hes1234567"},
		{Officer(12345678901, 10), "2345678901"},
		{Ship("", 1, 20), "Empire Lance 1"},
		// Characters are counted, as the rule book's twenty are, not bytes.
		{Ship("Ééééééééé", 5, 20), "Ééééééééé Drifter 5"},
		{Ship("Ærøskøbingæøåæøåæøå", 7, 20), "Ærøskøbingæø Vigil 7"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
