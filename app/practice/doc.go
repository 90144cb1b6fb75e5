// Package practice runs practice games: a game against computer empires
// carried out inside the program by the host package, with no moderator
// and no mail. Each game is an ordinary host game folder (game.toml and
// turn-NNN folders, locked as the host locks them) under the workspace
// root's "practice" folder, so `sfhost turn` continues it exactly as the
// window does: one engine. The player is one empire; game.toml marks
// every other as a computer empire at the chosen level.
//
// It knows no widgets; the window's practice view (app/practice_view.go)
// drives it.
package practice
