// Package host is the moderator's host: a game kept in a folder, one
// sub-folder a turn holding the whole state after it, every player's
// sheet and the orders that answer them; a turn carried out by the
// engine's turn machinery and committed atomically; a replay that
// recomputes every turn from turn 1 and compares the bytes. cmd/sfhost is
// its command line; the window's practice games (app/practice) use it too.
//
// It sits above reportparse and orderwriter (it reads order files, also
// from saved e-mails) and below cmd and app.
package host
