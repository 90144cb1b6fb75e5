// Command sfhost is the moderator's host for Darkness of Silverfall: it
// makes a game, carries out its turns from the orders received, and writes
// every player's turn sheet. It needs no display and builds with
// CGO_ENABLED=0.
//
//	sfhost new DIR --seed N --players P [--name NAME] [--levels FILE]
//	sfhost turn DIR [--auto-missing] [--due DATE]
//	sfhost status DIR
//	sfhost replay DIR
//
// Exit status: 0 all good; 1 something in the game's files is wrong (an
// order file that cannot be taken, a state that does not read, a replay
// that differs); 2 a file could not be read or written, or bad usage.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
