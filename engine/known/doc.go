// Package known is what one player knows of a game over all its turns and
// sources: every planet, ship, officer and empire ever seen, with the facts
// as last seen, the source that showed them (the player's own sheet of a
// turn, an ally's sheet, a scan) and the turn; and where each ship was seen
// on each turn (its track).
//
// It is the one knowledge of a game that the window, the checker, the
// forecast, the search and the reminders ask: none of them keeps a model of
// its own. It reads no files: sheets come to it as model.Knowledge values,
// already parsed, from whoever holds them (the window's archive, a host).
package known
