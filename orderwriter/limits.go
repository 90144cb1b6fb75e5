package orderwriter

import "bytes"

// Bounds of what the host takes from a player in a turn; sfcheck checks
// against the same.
const (
	// MaxFileSize bounds an order file, or the saved e-mail holding one: a
	// real one is a few kilobytes.
	MaxFileSize = 4 << 20
	// MaxOrders bounds the orders of a player carried out in a turn (an
	// empire of a few hundred ships gives a few hundred); the host leaves
	// out the rest and says so on the sheet.
	MaxOrders = 2000
)

// CapOrders cuts data (an order file, or a list of orders) after its
// first MaxOrders lines of
// orders (the host carries out no more in a turn), before they are read,
// so that what is read stays small; an order file keeps its END. It
// returns the line of the first order left out (0: none) and how many were
// left out. Every line that is not blank, a comment, a section, the end or
// a header entry counts, orders or not.
func CapOrders(data []byte) ([]byte, int, int) {
	n, line, cutAt, cutLine, left := 0, 0, 0, 0, 0
	for start := 0; start < len(data); {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += start
		}
		line++
		if isOrderLine(data[start:end]) {
			n++
			if n == MaxOrders+1 {
				cutAt, cutLine = start, line
			}
			if n > MaxOrders {
				left++
			}
		}
		start = end + 1
	}
	if cutLine == 0 {
		return data, 0, 0
	}
	out := data[:cutAt:cutAt]
	if IsOrderFile(data) {
		out = append(out, "END\n"...)
	}
	return out, cutLine, left
}

// isOrderLine reports whether a line would be read as an order (or a bad
// one): not blank, a comment, a section, the end or a header entry.
func isOrderLine(l []byte) bool {
	t := bytes.TrimSpace(l)
	if len(t) == 0 || t[0] == '#' || t[0] == '[' || bytes.EqualFold(t, []byte("END")) {
		return false
	}
	w, _, _ := bytes.Cut(t, []byte(" "))
	for _, k := range []string{"GAME", "PLAYER", "TURN"} {
		if bytes.EqualFold(w, []byte(k)) {
			return false
		}
	}
	return true
}
