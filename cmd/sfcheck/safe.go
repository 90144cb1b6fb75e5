package main

import (
	"fmt"
	"io"
)

// safeWriter writes what sfcheck prints with every control character but
// the line end and the tab shown as \xNN: a file name, or an error of the
// system quoting one, may hold an escape sequence that would drive the
// terminal. (C1 controls are caught when their two bytes come in one
// write, as every message does.)
type safeWriter struct{ w io.Writer }

func (s safeWriter) Write(p []byte) (int, error) {
	clean := true
	for i := range p {
		if isControl(p, i) {
			clean = false
			break
		}
	}
	if clean {
		return s.w.Write(p)
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); i++ {
		switch {
		case isControl(p, i) && p[i] == 0xc2:
			out = fmt.Appendf(out, `\u%04x`, p[i+1])
			i++
		case isControl(p, i):
			out = fmt.Appendf(out, `\x%02x`, p[i])
		default:
			out = append(out, p[i])
		}
	}
	if _, err := s.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// isControl reports whether p[i] starts a control character other than
// the line end and the tab: C0, DEL, or C1 (U+0080 to U+009F in UTF-8).
func isControl(p []byte, i int) bool {
	c := p[i]
	switch {
	case c == '\n' || c == '\t':
		return false
	case c < 0x20 || c == 0x7f:
		return true
	case c == 0xc2 && i+1 < len(p) && p[i+1] >= 0x80 && p[i+1] <= 0x9f:
		return true
	}
	return false
}
