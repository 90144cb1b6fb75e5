// Package check is the order checker: given what a player knows (a
// model.Knowledge, filled from the turn sheet) and a set of orders, it
// returns diagnostics, each an error or a warning for one order with a
// stable code and a plain message naming the rule.
//
// The checker walks the orders in the order the moderator's computer
// carries them out (phase, then place in the phase, then the order sheet's
// order) and keeps track of what the earlier orders change: fuel loaded in
// phase 1 is there to move with in phase 2, a ship docked in phase 1 cannot
// act later, credits spent on one build are gone for the next. New builds
// the lookup tables once for a turn; Check is cheap enough to run on every
// keystroke.
package check
