package reportparse

import "testing"

// An error list says how many more errors there are, in the right number.
func TestErrorListPlural(t *testing.T) {
	d := Diagnostic{Where: "s.txt", Line: 3, Msg: "bad"}
	for _, c := range []struct {
		list ErrorList
		want string
	}{
		{nil, "no errors"},
		{ErrorList{d}, "s.txt:3: bad"},
		{ErrorList{d, d}, "s.txt:3: bad (and 1 more error)"},
		{ErrorList{d, d, d}, "s.txt:3: bad (and 2 more errors)"},
	} {
		if got := c.list.Error(); got != c.want {
			t.Errorf("%d errors: %q, want %q", len(c.list), got, c.want)
		}
	}
}
