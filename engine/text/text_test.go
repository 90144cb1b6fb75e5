package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Le\u00a0Havre", "Le Havre"},
		{"narrow\u202fspace", "narrow space"},
		{"zero\u200bwidth", "zerowidth"},
		{"soft\u00adhyphen", "softhyphen"},
		{"\ufeffbom", "bom"},
		{"line\u2028sep", "line sep"},
		{"tab\there", "tab here"},
		{"plain", "plain"},
		{"broken \xff stays", "broken \xff stays"},
	} {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"Nouvelle Étoile", true},
		{"银河", true},
		{"Ёлка", true},
		{"a\u00a0b", false}, // not cleaned: refused
		{"esc\x1b[2J", false},
		{"bidi\u202ex", false},
		{"tag\U000e0041", false},
		{"unassigned\U0003fffe", false},
		{"bad\xffutf", false},
		{" lead", false},
		{"", false},
		{strings.Repeat("x", 11), false},
	} {
		err := Check("the name", c.in, 10+5*len(c.in))
		if c.in == strings.Repeat("x", 11) {
			err = Check("the name", c.in, 10)
		}
		if (err == nil) != c.ok {
			t.Errorf("Check(%q) = %v, want ok %v", c.in, err, c.ok)
		}
	}
}

// Whatever goes in, Sheet gives what Check takes as a message, and what
// is cleaned and printable passes Check unchanged.
func FuzzSheet(f *testing.F) {
	for _, s := range []string{"a\u00a0b", "\x00\xff", "\u202e", strings.Repeat("é", 2000), "ok"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Sheet(s)
		if out != "" {
			if err := Check("text", out, MaxError); err != nil {
				t.Fatalf("Sheet(%q) = %q: %v", s, out, err)
			}
		}
		if n := utf8.RuneCountInString(out); n > MaxError {
			t.Fatalf("%d characters", n)
		}
		c := Clean(s)
		if i, _ := Problem(c); i < 0 && Printable(c) != c {
			t.Fatalf("Printable changed clean text %q", c)
		}
		if q := Quote(s); utf8.RuneCountInString(q) > 10*MaxQuoted+2 {
			t.Fatalf("Quote gave %d characters", utf8.RuneCountInString(q))
		}
	})
}
