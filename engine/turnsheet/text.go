package turnsheet

import (
	"fmt"
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
)

// Bounds of the figures a sheet may hold beyond the rules' own caps: the
// sheet reader refuses a sheet past them, so the host's state file does
// too, and no turn is carried out on a game whose sheets would not read.
const (
	// MaxCoordinate bounds each coordinate of a location: a ship moves at
	// most a few hundred positions a turn, a million is far beyond any game.
	MaxCoordinate = 1_000_000
	// MaxFigure bounds every other figure (credits, population, counts):
	// the twelve digits a reader takes.
	MaxFigure = 999_999_999_999
	// MaxTurn bounds the turn number; a game runs about 25.
	MaxTurn = 1000
)

// CheckText says what is wrong with a piece of text given for a sheet (a
// name, a game's name, a broadcast line): only printable characters, at
// most max of them, no blank at either end, never empty. what names it
// in the message ("the game's name").
func CheckText(what, s string, max int) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not valid UTF-8 text", what)
	}
	n := 0
	for _, r := range s {
		n++
		if r != ' ' && !unicode.IsPrint(r) {
			return fmt.Errorf("%s holds a character that cannot be printed (%U, character %d); only letters, digits, punctuation and blanks go on a turn sheet", what, r, n)
		}
	}
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
