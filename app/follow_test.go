package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"silverfall/assets"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// rowSaying selects the row of the orders list whose order (or unread
// line, or carried-over order) says text, as a click on it does.
func rowSaying(t *testing.T, x *App, text string) {
	t.Helper()
	for i, r := range x.orders.rows {
		if o, ok := x.orders.orderOf(r); ok && o.String() == text {
			x.orders.list.Select(i)
			return
		}
		if r.text == text || (r.carried.Code != order.Invalid && r.carried.String() == text) {
			x.orders.list.Select(i)
			return
		}
	}
	t.Fatalf("no row says %q", text)
}

// TestSelectionFollowsItsLine: a row selected in the orders list stays the
// same order (or line) when the list is laid out again, wherever it
// moves, and is nothing once its line is gone.
func TestSelectionFollowsItsLine(t *testing.T) {
	for _, tc := range []struct {
		name, before, pick, after string
		want                      string // the verdict under the list names it; "" nothing selected
	}{
		{"a line typed above an order", "PI 5\nBS 1 1\n", "BS 1 1", "PI 7\nPI 5\nBS 1 1\n", "BS 1 1"},
		{"a line typed above, same group", "BS 1 1\n", "BS 1 1", "BS 1 2\nBS 1 1\n", "BS 1 1"},
		{"the second of two equal orders", "PI 5\nPI 5\n", "PI 5", "PI 7\nPI 5\nPI 5\n", "PI 5"},
		{"its line deleted", "PI 5\nBS 1 1\n", "BS 1 1", "PI 5\n", ""},
		{"its line deleted, another takes its place", "PI 5\nBS 1 1\nBS 1 2\n", "BS 1 1", "PI 5\nBS 1 2\n", ""},
		{"an unread line, another typed above", "xx 3\n", "xx 3", "yy 4\nxx 3\n", "xx 3"},
		{"an unread line gone", "yy 4\nxx 3\n", "xx 3", "yy 4\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newApp(t)
			x.st.Draft().SetText(tc.before)
			rowSaying(t, x, tc.pick)
			_, perr := order.Parse(tc.pick)
			isOrder := perr == nil // an unread line's verdict says why it is not an order
			if isOrder && !strings.Contains(x.orders.verdict.Text, tc.pick) {
				t.Fatalf("selected %q, the verdict says %q", tc.pick, x.orders.verdict.Text)
			}
			x.rightTabs.SelectIndex(2)
			x.text.SetText(tc.after)
			got := ""
			if x.orders.verdict.Visible() {
				got = x.orders.verdict.Text
			}
			if tc.want == "" {
				if got != "" || x.st.Chosen() >= 0 || x.orders.selRow >= 0 {
					t.Errorf("after %q the list still selects %q (row %d, order %d)", tc.after, got, x.orders.selRow, x.st.Chosen())
				}
				return
			}
			if isOrder && !strings.HasPrefix(got, tc.want+":") {
				t.Errorf("after %q the verdict under the list says %q, not %q", tc.after, got, tc.want)
			}
			if r := x.orders.selRow; r < 0 || r >= len(x.orders.rows) {
				t.Fatalf("no row selected (%d)", r)
			}
			r := x.orders.rows[x.orders.selRow]
			if o, ok := x.orders.orderOf(r); ok {
				if o.String() != tc.want {
					t.Errorf("row %d selected is %q", x.orders.selRow, o.String())
				}
			} else if r.text != tc.want {
				t.Errorf("row %d selected says %q", x.orders.selRow, r.text)
			}
		})
	}
}

// TestCarriedSelectionFollows: an order carried over selected stays
// selected when an order typed for another ship moves it down the list.
func TestCarriedSelectionFollows(t *testing.T) {
	x := newApp(t)
	data, _ := assets.DemoSheet(1)
	rep, _ := reportparse.Parse(rules.Default(), "demo", data)
	rep.Knowledge.Ships[7].Standing, _ = order.Parse("MP 8 3")
	x.Show(NewGame(rules.Default(), rep, "demo"))
	rowSaying(t, x, "MP 8 3")
	x.st.Select(model.Key{}, FromTree)
	x.st.Draft().SetText("PI 5\n")
	r := x.orders.selRow
	if r < 0 || x.orders.rows[r].carried.String() != "MP 8 3" {
		t.Errorf("after an order typed, the row selected is %d, not the carried-over MP 8 3", r)
	}
}

// TestChosenWhileTypingItsLine: the order chosen stays chosen while the
// player types on its line, key by key, though the line does not read as
// an order for a few keys (bug: typing at the start of the chosen line
// lost the choice).
func TestChosenWhileTypingItsLine(t *testing.T) {
	for _, tc := range []struct {
		name, pick string
		row, col   int
		keys       string // typed at row, col; "\n" is Enter
		want       string
	}{
		{"a line typed at its start", "BS 1 1", 1, 0, "PI 7\n", "BS 1 1"},
		{"its figure changed at its end", "PI 5", 0, 4, "5", "PI 55"},
		{"a line typed elsewhere", "PI 5", 2, 0, "PI 8\n", "PI 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newApp(t)
			x.st.Draft().SetText("PI 5\nBS 1 1\n")
			rowSaying(t, x, tc.pick)
			x.rightTabs.SelectIndex(2)
			x.text.startEditing(tc.row)
			e := x.text.entry
			e.CursorColumn = tc.col
			for _, r := range tc.keys {
				if r == '\n' {
					e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
				} else {
					e.TypedRune(r)
				}
			}
			c := x.st.Chosen()
			if c < 0 || c >= len(x.st.Draft().Orders()) {
				t.Fatalf("typed %q into %q: no order chosen", tc.keys, e.Text)
			}
			if got := x.st.Draft().Orders()[c].String(); got != tc.want {
				t.Errorf("typed %q into %q: %q chosen, want %q", tc.keys, e.Text, got, tc.want)
			}
			if !strings.HasPrefix(x.orders.verdict.Text, tc.want+":") {
				t.Errorf("the verdict under the list says %q", x.orders.verdict.Text)
			}
		})
	}
}
