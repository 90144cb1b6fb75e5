package workspace

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// A plan saved is read back as it was; none kept reads as none.
func TestPlansKept(t *testing.T) {
	w, err := Open(t.TempDir(), "Plans", 2)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := w.LoadPlans(); err != nil || got != nil {
		t.Fatalf("no file: %v %v", got, err)
	}
	plans := []Plan{{Ship: 8, Planet: 12, To: [3]int{1, -2, 3}, Owner: 2, Made: 4, Fire: 5, Defence: 6,
		Orders: [][]string{{"MO 8 1 -2 3"}}, Given: 5, Put: []string{"MO 8 1 -2 3"}, Stopped: ""}}
	if err := w.SavePlans(plans); err != nil {
		t.Fatal(err)
	}
	got, err := w.LoadPlans()
	if err != nil || !reflect.DeepEqual(got, plans) {
		t.Errorf("read back %+v, %v", got, err)
	}
}

// Content that cannot be read says where, and gives no plans.
func TestPlansBadContent(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[[plan]]\nship = 8\nmade = \n", "plans.toml:3:"},
		{"[[plan]]\nship = 8\n[[plan]]\nship = 0\n", "plan 2: ship 0"},
		{"[[plan]]\nship = \"eight\"\n", "plans.toml"},
		{"[[plan]]\nship = 8\ncolour = 1\n", "colour"},
	} {
		w, err := Open(t.TempDir(), "Plans", 2)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(w.PlansPath(), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := w.LoadPlans()
		if err == nil || !strings.Contains(err.Error(), c.want) || got != nil {
			t.Errorf("%q: %v, %v; want an error with %q", c.text, got, err, c.want)
		}
	}
}

func FuzzDecodePlans(f *testing.F) {
	f.Add([]byte("[[plan]]\nship = 8\norders = [[\"MO 8 1 2 3\"]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		DecodePlans(data, "plans.toml") // never panics
	})
}
