// Package query is the search language a player types over what he knows:
//
//	unowned planets with ore 3 within 100 of ship 5, seen in the last 3 turns
//	foreign ships within 50 of planet 12
//	ship 7 with fuel below 50
//	planets of player 4
//	ships named Hawk
//
// A query names a kind (planets, ships, officers, empires; "objects" or no
// kind: any), perhaps one object by number ("ship 7"), and conditions that
// must all hold: an owner (my, foreign, unowned, allied, enemy, of player
// N; allied as known.Allies counts it: the allies the player's sheet lists
// and the players whose sheets were merged, less declared enemies), a place (within D of ship N, planet N, my origin or x,y,z; at a
// place), a figure compared (fuel, ore, stock, cargo, industry,
// population, fire, defence, type, credits, points; below, above, at
// least, at most, or a number for equal; "ore 3" is ore of type 3), a name
// (named Hawk, named "Sea Hawk": a part of the name, in any case) and the
// turn last seen (seen in the last N turns, this turn, on/since/before
// turn N; "not seen ..." turns it round).
//
// Parse reads a query (at most MaxLen characters) and tells what it does
// not understand with its column; Run evaluates it over known.Object
// values for a turn. Both take bounded time for any input and never
// panic. A reminder is a query whose result is not empty.
//
// Figures are only compared on an object seen in full (own objects, a
// scan, an ally's own): a sighting shows none, and a zero it does not show
// must not read as "fuel below 50".
package query
