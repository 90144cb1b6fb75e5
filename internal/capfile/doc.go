// Package capfile opens and reads the files the programs are given (game
// settings, the window's settings and view files, drafts, states, sheets,
// order files, mail) with a bound: a regular file only, so that a pipe or a
// device in a file's place is refused at once rather than hanging or
// filling memory, and no larger than a cap checked before a byte is read.
// TOML text is checked for its nesting before it is decoded, since the
// decoder has no bound of its own and deep nesting exhausts its stack and
// memory.
package capfile
