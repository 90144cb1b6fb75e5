package reportparse

import (
	"strings"

	"silverfall/engine/turnsheet"
)

// line is one line of the sheet and its number for messages.
type line struct {
	n    int
	text string
}

// sheetLines finds the sheet in the text and returns its lines from the
// banner on, normalised: no quote marks, no form feeds or page headers, no
// trailing blanks. ended reports whether the closing line was seen.
// No more than MaxLines are kept: past them, the line after the last kept
// one is returned as over (0 when the sheet is within them).
func sheetLines(body string) (lines []line, ended bool, found bool, over int) {
	depth := -1
	n := 0
	lines = make([]line, 0, min(strings.Count(body, "\n")+1, MaxLines))
	for len(body) > 0 {
		var raw string
		if i := strings.IndexByte(body, '\n'); i >= 0 {
			raw, body = body[:i], body[i+1:]
		} else {
			raw, body = body, ""
		}
		n++
		raw = strings.TrimRight(raw, " \t\r\v")
		// A form feed starts a new page; in forwarded mail it comes after
		// the quote marks, so only the character itself goes.
		if strings.IndexByte(raw, '\f') >= 0 {
			raw = strings.ReplaceAll(raw, "\f", "")
		}
		if depth < 0 {
			i := strings.Index(raw, turnsheet.Banner)
			if i < 0 || !quoteOnly(raw[:i]) {
				continue
			}
			depth = strings.Count(raw[:i], ">")
		}
		s, ok := unquote(raw, depth)
		if !ok {
			if len(lines) > 0 {
				break // the quoted sheet ends where the quoting does
			}
			continue
		}
		if strings.HasPrefix(s, turnsheet.PageHeader) && strings.Contains(s, " -- page ") {
			continue
		}
		if s == turnsheet.End {
			return lines, true, true, 0
		}
		if len(lines) == MaxLines {
			return lines, false, true, n
		}
		lines = append(lines, line{n, s})
	}
	return lines, false, depth >= 0, 0
}

func quoteOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '>' && s[i] != ' ' && s[i] != '\t' {
			return false
		}
	}
	return true
}

// unquote removes depth quote marks, each with one blank after it. A line
// with fewer marks is not part of the quoted sheet, unless it is blank.
func unquote(s string, depth int) (string, bool) {
	for k := 0; k < depth; k++ {
		t := strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(t, ">") {
			return "", t == ""
		}
		s = strings.TrimPrefix(t[1:], " ")
	}
	return s, true
}
