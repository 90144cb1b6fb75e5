package csvout

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"
)

func TestGuard(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"Hawk", "Hawk"},
		{"=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"},
		{"+1", "'+1"},
		{"-5", "'-5"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tx", "'\tx"},
		{"\rx", "'\rx"},
		{"a=b", "a=b"},
		{" =1", " =1"},
		{"'quoted", "'quoted"},
		{"12", "12"},
	} {
		if got := Guard(tc.in); got != tc.want {
			t.Errorf("Guard(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestWriteRoundTrip(t *testing.T) {
	head := []string{"Ship", "Name", "Note"}
	rows := [][]string{
		{"1", "Sea Hawk", "a, b and \"c\""},
		{"2", "=HYPERLINK(\"http://evil\",\"click\")", "line one\nline two"},
		{"3", "", "-"},
	}
	var b bytes.Buffer
	if err := Write(&b, head, rows); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{head, rows[0], {"2", "'=HYPERLINK(\"http://evil\",\"click\")", "line one\nline two"}, {"3", "", "'-"}}
	if len(got) != len(want) {
		t.Fatalf("read back %d records, want %d", len(got), len(want))
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("record %d = %q, want %q", i, got[i], want[i])
		}
	}
}

func TestWriteRaggedRow(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, []string{"a", "b"}, [][]string{{"1", "2"}, {"3"}})
	if err == nil || !strings.Contains(err.Error(), "row 2") {
		t.Fatalf("error %v, want one naming row 2", err)
	}
}

// FuzzGuard: whatever a player writes, the cell read back from the file
// is the guarded cell, a guarded cell never starts a formula, and it is
// the text itself, or the text after one apostrophe.
func FuzzGuard(f *testing.F) {
	for _, s := range []string{"", "Hawk", "=1+1", "-", "@", "\t", "\r\n", "\"", "a,b", "'=x"} {
		f.Add(s, "second")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		g := Guard(a)
		if g != "" && strings.ContainsRune("=+-@\t\r", rune(g[0])) {
			t.Fatalf("Guard(%q) = %q starts a formula", a, g)
		}
		if g != a && g != "'"+a {
			t.Fatalf("Guard(%q) = %q is not the text", a, g)
		}
		var buf bytes.Buffer
		if err := Write(&buf, []string{"x", "y"}, [][]string{{a, b}}); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(&buf)
		recs, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%q: %v", buf.String(), err)
		}
		// encoding/csv reads \r\n inside a quoted cell as \n.
		norm := func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
		if len(recs) != 2 || recs[1][0] != norm(g) || recs[1][1] != norm(Guard(b)) {
			t.Fatalf("wrote %q %q, read back %q", a, b, recs)
		}
	})
}
