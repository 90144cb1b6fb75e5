package query

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxLen is the longest query read, in characters: a query is a line a
// player types, and the cap bounds the work of any input.
const MaxLen = 400

// maxNumber bounds every number in a query: far beyond any figure or
// coordinate of a game, and small enough that no sum overflows.
const maxNumber = 1_000_000_000

type tokKind uint8

const (
	tWord tokKind = iota
	tNumber
	tString // a quoted name
	tComma
	tSymbol // < > <= >= =
)

type token struct {
	kind tokKind
	text string // words lower-cased; strings as written, without quotes
	num  int
	col  int // 1-based, in characters
}

// Error is a query not understood: the column (1-based, in characters) of
// the place and what is wrong there.
type Error struct {
	Col int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

func errAt(col int, format string, args ...any) *Error {
	return &Error{Col: col, Msg: fmt.Sprintf(format, args...)}
}

// lex splits s into tokens. It fails on a character no query uses, an
// unfinished quote or a number out of range.
func lex(s string) ([]token, error) {
	if !utf8.ValidString(s) {
		return nil, errAt(1, "the query is not valid text (UTF-8)")
	}
	if n := utf8.RuneCountInString(s); n > MaxLen {
		return nil, errAt(MaxLen+1, "a query is at most %d characters (this one has %d)", MaxLen, n)
	}
	rs := []rune(s)
	var out []token
	for i := 0; i < len(rs); {
		r, col := rs[i], i+1
		switch {
		case unicode.IsSpace(r) || r == ';' || r == '.':
			i++
		case r == ',':
			out = append(out, token{kind: tComma, text: ",", col: col})
			i++
		case r == '<' || r == '>' || r == '=':
			j := i + 1
			if j < len(rs) && rs[j] == '=' && r != '=' {
				j++
			}
			out = append(out, token{kind: tSymbol, text: string(rs[i:j]), col: col})
			i = j
		case r == '"' || r == '“' || r == '”':
			j := i + 1
			for j < len(rs) && rs[j] != '"' && rs[j] != '”' && rs[j] != '“' {
				j++
			}
			if j == len(rs) {
				return nil, errAt(col, "the quote is not closed")
			}
			out = append(out, token{kind: tString, text: string(rs[i+1 : j]), col: col})
			i = j + 1
		case unicode.IsDigit(r) || (r == '-' && i+1 < len(rs) && unicode.IsDigit(rs[i+1])):
			j := i + 1
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			text := string(rs[i:j])
			n, err := strconv.Atoi(text)
			if err != nil || n > maxNumber || n < -maxNumber {
				return nil, errAt(col, "%s is too large a number (at most %d)", text, maxNumber)
			}
			out = append(out, token{kind: tNumber, text: text, num: n, col: col})
			i = j
		case unicode.IsLetter(r) || r == '\'' || r == '’':
			j := i + 1
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '\'' || rs[j] == '’' || rs[j] == '-' || rs[j] == '_') {
				j++
			}
			w := strings.ToLower(strings.ReplaceAll(string(rs[i:j]), "’", "'"))
			out = append(out, token{kind: tWord, text: w, col: col})
			i = j
		default:
			return nil, errAt(col, "%q is not understood here", string(r))
		}
	}
	return out, nil
}
