// Package engine is the root of Silverfall's rules engine. It holds no
// code of its own; its sub-packages do the work:
//
//	engine/rules      the rule book's figures as embedded, checked TOML data
//	engine/geom       positions and distances in the solar system
//	engine/text       the text a sheet carries (names, broadcasts, messages, errors):
//	                  cleaned and checked once for the parser, checker, state and sheets;
//	                  figures written with thousands separators
//	engine/order      the order language: parse, canonical format, classes, phases
//	engine/model      the game as the moderator holds it and as one player knows it,
//	                  and the keys that name its objects ("ship:12"); the bounds of
//	                  every figure and place it holds
//	engine/turn       a whole turn carried out as a table of steps, for the host
//	                  and, on a player's knowledge, for the checker and forecast
//	engine/journey    one ship's journey over many turns under the pull, by the
//	                  host's own hops and pull (which the turn calls): each
//	                  turn's move and landing, fuel, fuel stops, how it ends
//	engine/check      the checker and the forecast: a turn run on a scratch copy,
//	                  and each own ship's figures (ranges, cargo room, orders)
//	engine/ai         the computer empires, playing from their own sheets
//	engine/sim        the combat simulator: a battle near a place, fought by
//	                  the turn's own battle (turn.Fight) over many seeds
//	engine/galaxy     a new game: the solar system, trading planets and origins
//	engine/state      the whole game as the host keeps it between turns
//	engine/turnsheet  a player's turn sheet, written from his knowledge
//	engine/known      what a player knows over every turn and source (his sheets,
//	                  his allies'): each object's facts with where they came from
//	engine/query      the search language over what a player knows ("foreign ships
//	                  within 50 of planet 12"): parse, canonical words, run
//	engine/notes      the player's notes, markers and reminders, and the rule
//	                  book's dates offered as reminders
//
// The engine is pure Go: no user interface, no GL, no files beyond
// io.Reader and io.Writer. Nothing in it imports the other top-level
// packages of the project. Every rule is written here once: the window asks
// the engine for ranges, cargo room, courses and the orders a ship may give.
//
// The layers, from the bottom: rules, geom, text and model; order; journey; turn;
// check and state; turnsheet (writes sheets from the model and sits above
// the turn, which never needs it); known, query and notes over what the
// sheets tell.
package engine
