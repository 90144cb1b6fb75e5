package password

import (
	"crypto/subtle"
	"fmt"
	"io"
	"strings"
)

// Alphabet holds the characters of a password: lower-case letters and
// digits without those read for one another (0 o 1 l i), so that a
// password copied by hand from a printed sheet comes out right.
const Alphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// Groups and GroupLen shape a password: three groups of four characters
// joined by hyphens ("k7m2-x9pq-ta4e"), some 59 bits of chance.
const (
	Groups   = 3
	GroupLen = 4
	// Length is a password's length with its hyphens.
	Length = Groups*GroupLen + Groups - 1
)

// New draws a password from src, which should be crypto/rand.Reader but
// for tests. Each character takes one byte, drawn again when it falls past
// the last whole multiple of the alphabet, so that every character is as
// likely as every other.
func New(src io.Reader) (string, error) {
	var b strings.Builder
	buf := make([]byte, 1)
	limit := 256 - 256%len(Alphabet)
	for n := 0; n < Groups*GroupLen; {
		if _, err := io.ReadFull(src, buf); err != nil {
			return "", fmt.Errorf("drawing a password: %w", err)
		}
		if int(buf[0]) >= limit {
			continue
		}
		if n > 0 && n%GroupLen == 0 {
			b.WriteByte('-')
		}
		b.WriteByte(Alphabet[int(buf[0])%len(Alphabet)])
		n++
	}
	return b.String(), nil
}

// Check says what is wrong with s as a password ("" when nothing is).
func Check(s string) string {
	if len(s) != Length {
		return fmt.Sprintf("a password has %d characters, %d groups of %d joined by hyphens", Length, Groups, GroupLen)
	}
	for i := 0; i < len(s); i++ {
		hyphen := i%(GroupLen+1) == GroupLen
		switch {
		case hyphen && s[i] != '-':
			return fmt.Sprintf("character %d of a password is a hyphen", i+1)
		case !hyphen && strings.IndexByte(Alphabet, s[i]) < 0:
			return fmt.Sprintf("a password holds only the characters %s and hyphens", Alphabet)
		}
	}
	return ""
}

// Match reports whether got, as a player typed or his program wrote it,
// is the password want. Case and blanks around it do not count (a player
// may copy it in capitals); the comparison takes the same time whatever
// the two hold, so that timing tells nothing about the password.
func Match(want, got string) bool {
	g := []byte(strings.ToLower(strings.TrimSpace(got)))
	return want != "" && subtle.ConstantTimeCompare([]byte(want), g) == 1
}
