package orderwriter

import "testing"

// An error list says how many more errors there are, in the right number.
func TestErrorListPlural(t *testing.T) {
	e := Error{Name: "o.txt", Line: 3, Msg: "bad"}
	for _, c := range []struct {
		list ErrorList
		want string
	}{
		{nil, "no errors"},
		{ErrorList{e}, "o.txt:3: bad"},
		{ErrorList{e, e}, "o.txt:3: bad (and 1 more error)"},
		{ErrorList{e, e, e}, "o.txt:3: bad (and 2 more errors)"},
	} {
		if got := c.list.Error(); got != c.want {
			t.Errorf("%d errors: %q, want %q", len(c.list), got, c.want)
		}
	}
}
