// Package setup holds a position's set-up as the player chooses it before
// the first turn: the ships he starts with beside his battle station, and
// the race and abilities of his Commodore. It reads and writes the set-up
// file (docs/setup-file-format.md) and holds the book's limits of a
// set-up in one place (Check), with their figures from the rules data
// ([start] and [officers] in rules.toml), so that the host, the window and
// the practice game refuse the same set-ups with the same words.
package setup
