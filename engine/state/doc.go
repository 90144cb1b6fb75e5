// Package state writes and reads the whole state of a game, as the
// moderator's host keeps it after each turn: a versioned text format of
// one record a line (docs/state-format.md), the same game always giving
// the same bytes. A moderator may edit a state file by hand; Read checks
// it against itself and the rules and names the line of every problem.
package state
