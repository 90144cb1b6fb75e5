package app

import (
	"strings"
	"testing"
)

// TestCountsAgree: the window's counts agree in number with what they
// count.
func TestCountsAgree(t *testing.T) {
	x := newApp(t)
	x.text.SetText("PI 10\n")
	if s := x.orders.summary.Text; !strings.HasPrefix(s, "1 order · 0 errors · 0 warnings") {
		t.Errorf("summary %q", s)
	}
	x.text.SetText("PI 10\nhello moderator\n")
	if s := x.orders.summary.Text; !strings.Contains(s, "1 line not read as an order") {
		t.Errorf("summary %q", s)
	}
	x.text.SetText("PI 10\nhello moderator\nand again\n")
	if s := x.orders.summary.Text; !strings.Contains(s, "2 lines not read as orders") {
		t.Errorf("summary %q", s)
	}
}
