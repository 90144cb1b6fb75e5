package turn

import (
	"fmt"
	"strconv"
	"strings"
)

// sprintf formats a message: the verbs %d, %s and %v of ints, strings and
// Stringers by hand, anything else by fmt. A check formats a message for
// most orders, and fmt's generality is most of a check's time.
func sprintf(format string, args ...any) string {
	var b strings.Builder
	b.Grow(len(format) + 12*len(args))
	var num [24]byte
	next := 0
	for i := 0; i < len(format); i++ {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			b.WriteString(format[i:])
			break
		}
		b.WriteString(format[i : i+j])
		i += j
		if i+1 >= len(format) || next >= len(args) {
			return fmt.Sprintf(format, args...)
		}
		verb := format[i+1]
		switch a := args[next].(type) {
		case int:
			if verb != 'd' && verb != 'v' {
				return fmt.Sprintf(format, args...)
			}
			b.Write(strconv.AppendInt(num[:0], int64(a), 10))
		case string:
			if verb != 's' && verb != 'v' {
				return fmt.Sprintf(format, args...)
			}
			b.WriteString(a)
		case fmt.Stringer:
			if verb != 's' && verb != 'v' {
				return fmt.Sprintf(format, args...)
			}
			b.WriteString(a.String())
		default:
			return fmt.Sprintf(format, args...)
		}
		next++
		i++
	}
	if next != len(args) {
		return fmt.Sprintf(format, args...)
	}
	return b.String()
}
