package order

import (
	"bufio"
	"fmt"
	"io"
)

// Line is an order read from a text, with its 1-based line number.
type Line struct {
	Line  int
	Order Order
}

// LineError is a line that is not an order.
type LineError struct {
	Line int
	Err  *SyntaxError
}

func (e LineError) Error() string { return fmt.Sprintf("%d: %s", e.Line, e.Err) }

// maxLine bounds one line; longer ones are errors, not out-of-memory.
const maxLine = 64 << 10

// ReadLines reads orders one per line. Blank lines and lines that hold only
// a '#' comment are skipped. Bad lines are returned apart, in order, so that
// nothing the player wrote is silently dropped; the error is for reading
// only.
func (p *Parser) ReadLines(r io.Reader) ([]Line, []LineError, error) {
	var lines []Line
	var bad []LineError
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	n := 0
	for sc.Scan() {
		n++
		o, err := p.Parse(sc.Text())
		if err != nil {
			bad = append(bad, LineError{Line: n, Err: err.(*SyntaxError)})
			continue
		}
		if o.Code != Invalid {
			lines = append(lines, Line{Line: n, Order: o})
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return lines, bad, fmt.Errorf("line %d: longer than %d bytes", n+1, maxLine)
		}
		return lines, bad, err
	}
	return lines, bad, nil
}

// ReadLines reads orders with the embedded rules; see Parser.ReadLines.
func ReadLines(r io.Reader) ([]Line, []LineError, error) { return defaultParser().ReadLines(r) }
