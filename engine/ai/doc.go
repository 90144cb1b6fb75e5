// Package ai holds the computer players: empires whose orders come from
// the computer, playing from their own turn sheet only. The host uses them
// for empires that send no orders (sfhost turn --auto-missing), the tests
// for whole games, and a practice game puts a newcomer among them.
// Dark Lord Sauran's program is part of the turn itself (engine/turn).
package ai
