// Package orderwriter writes a player's orders as the order file the
// moderator's program reads (docs/order-file-format.md), and reads such a
// file back, to reopen it or to check one written by hand.
//
// The format is plain and strict: a header naming the game, the player and
// the turn; then one section for each part of the order sheet, in a fixed
// order, one order a line; then END, so that a file cut short is caught.
package orderwriter
