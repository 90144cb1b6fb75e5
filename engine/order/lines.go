package order

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
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
	sc.Split(ScanLines)
	n := 0
	for sc.Scan() {
		n++
		text := sc.Text()
		if n == 1 {
			text = strings.TrimPrefix(text, bom)
		}
		o, err := p.Parse(text)
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

// bom is the byte-order mark some editors (Windows Notepad) put first.
const bom = "\ufeff"

// ScanLines is a bufio.SplitFunc for text from any system: a line ends at
// LF, CRLF or a lone CR (old Mac files), and the end is not part of it.
func ScanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		if data[i] == '\n' {
			return i + 1, data[:i], nil
		}
		// A CR: part of a CRLF when an LF follows; wait for more data to tell.
		if i+1 < len(data) {
			if data[i+1] == '\n' {
				return i + 2, data[:i], nil
			}
			return i + 1, data[:i], nil
		}
		if atEOF {
			return i + 1, data[:i], nil
		}
		return 0, nil, nil
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}
