package text

import (
	"strconv"
	"strings"
)

// Grouped writes n with thousands separators, as sheets and the window
// print figures: 1,330,000 and -2,500.
func Grouped(n int) string {
	digits := strconv.Itoa(n)
	var b strings.Builder
	if rest, neg := strings.CutPrefix(digits, "-"); neg {
		b.WriteByte('-')
		digits = rest
	}
	for i := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(digits[i])
	}
	return b.String()
}
