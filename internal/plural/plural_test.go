package plural

import "testing"

func TestNoun(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"order", "orders"}, {"ship", "ships"}, {"error", "errors"}, {"warning", "warnings"},
		{"entry", "entries"}, {"ability", "abilities"}, {"day", "days"}, {"class", "classes"},
		{"box", "boxes"}, {"match", "matches"}, {"turn sheet", "turn sheets"},
		{"line", "lines"}, {"message", "messages"}, {"fuel", "fuel"}, {"it", "they"}, {"has", "have"},
		{"", ""},
	} {
		if got := Noun(c.in); got != c.want {
			t.Errorf("Noun(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{0, "order", "0 orders"}, {1, "order", "1 order"}, {2, "order", "2 orders"},
		{1, "error", "1 error"}, {11, "error", "11 errors"}, {-1, "point", "-1 point"},
		{3, "entry", "3 entries"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		items []string
		want  string
	}{
		{[]string{"6"}, "ship 6"},
		{[]string{"6", "8"}, "ships 6 and 8"},
		{[]string{"6", "8", "9"}, "ships 6, 8 and 9"},
		{nil, "ships"},
	} {
		if got := List("ship", c.items); got != c.want {
			t.Errorf("List(%q) = %q, want %q", c.items, got, c.want)
		}
	}
	if got := And(Ints([]int{1, 2, 3, 4})); got != "1, 2, 3 and 4" {
		t.Errorf("And = %q", got)
	}
	if Pick(1, "carries", "carry") != "carries" || Pick(2, "carries", "carry") != "carry" || Pick(0, "it", "they") != "they" {
		t.Error("Pick")
	}
}
