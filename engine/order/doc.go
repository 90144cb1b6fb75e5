// Package order is the order language of Darkness of Silverfall: every
// command of the rule book with all its variants, plus the order sheet's other
// entries (fleet orders, names, gifts and the general broadcast).
//
// Parse reads one order as a player types it (any case, blanks, tabs or
// commas between the numbers) and Format writes it back in canonical form
// (upper-case codes, single spaces), so that Parse(Format(o)) == o. Each
// order knows its class (general or battle/movement), the order sheet's
// section it belongs in, and when it executes: its phase (0 to 7) and its
// position within the phase, as the rule book's "order of commands" gives.
//
// The extra entries are written as keyword lines:
//
//	FLEET MO 1 100 -99 -23      a battle/movement order for fleet 1
//	NAME SHIP 123 Silver Arrow  name ship 123 (also NAME PLANET, NAME OFFICER)
//	GIFT SHIP 123 5             give ship 123 to player 5 (also GIFT PLANET)
//	BROADCAST Free trade at 88  one line of the general broadcast
package order
