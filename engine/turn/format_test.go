package turn

import (
	"fmt"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/order"
)

func TestSprintfMatchesFmt(t *testing.T) {
	cases := []struct {
		format string
		args   []any
	}{
		{"ship %d at %v", []any{12, geom.Point{X: -3, Y: 0, Z: 350}}},
		{"a %s has %d", []any{"Castle", -7}},
		{"100%% sure", nil},
		{"code %s", []any{order.MO}},
		{"%q quoted", []any{"x"}},
		{"%d missing", nil},
		{"%d extra", []any{1, 2}},
		{"%5d wide", []any{3}},
		{"float %v", []any{1.5}},
		{"trailing %", []any{}},
		{"nil %v", []any{nil}},
	}
	for _, c := range cases {
		if got, want := sprintf(c.format, c.args...), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("sprintf(%q) = %q, fmt says %q", c.format, got, want)
		}
	}
}
