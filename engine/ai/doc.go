// Package ai holds the computer players: empires whose orders come from
// the computer, playing from their own turn sheet only. The host uses them
// for empires that send no orders (sfhost turn --auto-missing), the tests
// for whole games, and a practice game puts a newcomer among them.
//
// A computer player plays at a level (easy, normal), chosen per empire in
// the host's game.toml. The levels are data (levels.toml): what each
// builds, keeps back and dares. measure_test.go plays whole games and
// prints the figures the levels are judged by.
//
// Dark Lord Sauran's program is part of the turn itself (engine/turn).
package ai
