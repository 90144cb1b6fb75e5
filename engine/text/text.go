package text

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds of the names a moderator gives, which the rules do not bound: a
// game's name fits the page header, an empire's the header line.
const (
	MaxGameName   = 40
	MaxEmpireName = 30
	MaxOtherText  = 1000 // messages and other lines the game writes
	// MaxError bounds an error text about a player's line: a line of any
	// length gives a message of a few lines on his sheet.
	MaxError = 300
	// MaxQuoted bounds the piece of a player's line an error quotes.
	MaxQuoted = 40
)

// blank reports whether r shows as a blank, and so is stored as one.
func blank(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// invisible reports whether r shows as nothing, and so is dropped.
func invisible(r rune) bool {
	switch r {
	case 0xad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff:
		return true
	}
	return false
}

// Reorders reports whether r changes the order in which text shows (the
// bidirectional controls): in a name they can make it read as something
// else, so they are refused, never cleaned away.
func Reorders(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

// Clean is s with the characters that show as a blank replaced by a blank
// and those that show as nothing dropped. Broken UTF-8 is kept as it is,
// for Problem to find.
func Clean(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return blank(r) || invisible(r) }) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteByte(s[i])
		case blank(r):
			b.WriteByte(' ')
		case !invisible(r):
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// RawOffset is the byte offset in raw of the character at offset i of
// Clean(raw), for the column of an error.
func RawOffset(raw string, i int) int {
	j := 0
	for k := 0; k < len(raw); {
		r, size := utf8.DecodeRuneInString(raw[k:])
		if j >= i && !invisible(r) {
			return k
		}
		switch {
		case r == utf8.RuneError && size == 1:
			j++
		case blank(r):
			j++
		case !invisible(r):
			j += size
		}
		k += size
	}
	return len(raw)
}

// Problem finds the first character of s that a sheet cannot carry (after
// Clean): broken UTF-8, a control character, a mark that reorders text, or
// anything else not printable. It gives its byte offset and what is wrong,
// or -1 and "".
func Problem(s string) (int, string) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return i, "broken UTF-8"
		case Reorders(r):
			return i, fmt.Sprintf("a character that reorders text on screen (%U), which could make it read as something else", r)
		case unicode.IsControl(r):
			return i, fmt.Sprintf("a control character (%U), which cannot be printed", r)
		case r != ' ' && !unicode.IsPrint(r):
			return i, fmt.Sprintf("a character that cannot be printed (%U)", r)
		}
		i += size
	}
	return -1, ""
}

// Check says what is wrong with a piece of text for a sheet (a name, a
// game's name, a broadcast line): only what Problem takes, at most max
// characters, no blank at either end, never empty. what names it in the
// message ("the game's name").
func Check(what, s string, max int) error {
	if i, why := Problem(s); i >= 0 {
		return fmt.Errorf("%s holds %s at character %d; that cannot be printed on a turn sheet, which takes letters, digits, punctuation and blanks", what, why, utf8.RuneCountInString(s[:i])+1)
	}
	n := utf8.RuneCountInString(s)
	switch {
	case n == 0:
		return fmt.Errorf("%s is empty", what)
	case n > max:
		return fmt.Errorf("%s has %d characters; at most %d", what, n, max)
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("%s starts or ends with a blank", what)
	}
	return nil
}

// Printable is s with every character a sheet cannot carry replaced by
// U+FFFD (after Clean): whatever a text holds, the sheet gets one line for
// it and nothing a terminal would act on.
func Printable(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	s = Clean(s)
	if i, _ := Problem(s); i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if _, bad := Problem(s[i : i+size]); bad != "" {
			r = utf8.RuneError
		}
		b.WriteRune(r)
		i += size
	}
	return b.String()
}

// Cut is s cut to at most max characters, with "..." in place of the rest.
func Cut(s string, max int) string {
	if len(s) <= max || utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max-3 {
			return s[:i] + "..."
		}
		n++
	}
	return s
}

// Quote is a piece of a player's line as an error quotes it: in Go's
// quotes with escapes for what cannot be printed, at most MaxQuoted
// characters of it.
func Quote(s string) string {
	if !utf8.ValidString(s) {
		return strconv.Quote(Cut(strings.ToValidUTF8(s, "\ufffd"), MaxQuoted))
	}
	return strconv.Quote(Cut(s, MaxQuoted))
}

// Sheet is an error or message text made fit for a sheet whatever it
// holds: cleaned, printable, one line, at most MaxError characters.
func Sheet(s string) string {
	return Cut(strings.TrimSpace(Printable(s)), MaxError)
}
