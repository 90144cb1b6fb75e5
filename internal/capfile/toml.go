package capfile

import (
	"bytes"
	"fmt"

	"github.com/BurntSushi/toml"
)

// MaxNesting bounds the arrays and inline tables nested in one another in
// TOML text: the settings the programs read nest two or three deep.
const MaxNesting = 16

// CheckNesting finds where TOML text nests arrays and inline tables ([
// and {) more than max deep, outside strings and comments, and says so
// with the line. The decoder has no such bound: thousands of levels
// exhaust its stack, and a few thousand take gigabytes.
func CheckNesting(data []byte, limit int) error {
	depth, line := 0, 1
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line++
		case '#':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			i--
		case '"', '\'':
			quote := data[i : i+1]
			if bytes.HasPrefix(data[i:], []byte{c, c, c}) {
				quote = data[i : i+3]
			}
			j := i + len(quote)
			for j < len(data) && !bytes.HasPrefix(data[j:], quote) {
				if data[j] == '\\' && c == '"' {
					j++
				}
				if j < len(data) && data[j] == '\n' {
					line++
				}
				j++
			}
			i = j + len(quote) - 1
		case '[', '{':
			depth++
			if depth > limit {
				return &NestingError{Line: line, Max: limit}
			}
		case ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return nil
}

// NestingError is TOML text nested too deep.
type NestingError struct{ Line, Max int }

func (e *NestingError) Error() string {
	return fmt.Sprintf("line %d: arrays and tables nested more than %d deep; no settings file nests so", e.Line, e.Max)
}

// DecodeTOML decodes TOML text into v after checking its nesting. name is
// used in the message of a nesting error.
func DecodeTOML(name string, data []byte, v any) (toml.MetaData, error) {
	if err := CheckNesting(data, MaxNesting); err != nil {
		e := err.(*NestingError)
		return toml.MetaData{}, fmt.Errorf("%s:%d: arrays and tables nested more than %d deep; no settings file nests so", name, e.Line, e.Max)
	}
	return toml.Decode(string(data), v)
}
