package query

import "testing"

// FuzzParse: any text parses or fails with a column inside it, never
// panics; a parsed query's words parse back to the same words, and it runs.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"unowned planets with ore 3 within 100 of ship 5, seen in the last 3 turns",
		"foreign ships within 50 of planet 12", "ship 7 with fuel below 50", `ships named "Sea Hawk"`} {
		f.Add(s)
	}
	objs := fixture()
	f.Fuzz(func(t *testing.T, s string) {
		q, err := Parse(s)
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Col < 1 || e.Col > MaxLen+1 {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		w := q.String()
		q2, err := Parse(w)
		if err != nil {
			t.Fatalf("%q: canonical %q does not parse: %v", s, w, err)
		}
		if q2.String() != w {
			t.Fatalf("%q: %q reads back as %q", s, w, q2.String())
		}
		q.Run(objs, 10)
	})
}
