package app

import "testing"

func TestHeapBudget(t *testing.T) {
	for _, c := range []struct {
		sheet, live, want int64
	}{
		{0, 10_000_000, 80_000_000},
		{25_000_000, 240_000_000, 280_000_000}, // the largest sheet of every kind: room left
		{3_000_000, 100_000_000, 200_000_000},  // 104 MB, of which more than nine tenths live
		{-1, 0, 80_000_000},                    // no size known
		{17_000_000, 115_000_000, 216_000_000}, // 45,000 ships
		{25_000_000, 400_000_000, 800_000_000}, // far over: twice what is live
	} {
		if got := roomFor(c.live, limitFor(c.sheet)); got != c.want {
			t.Errorf("sheet %d, live %d: limit %d, want %d", c.sheet, c.live, got, c.want)
		}
	}
}
