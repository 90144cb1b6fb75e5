// Package notes keeps what a player writes down about a game beside what
// the sheets say: notes on an object, a place or a turn; markers (a shape,
// a colour and a label) at a place on the map; and reminders, due on a
// turn or whenever a condition over what is known holds.
//
// A note is filed under its object's key, never under a row of a sheet, so
// that it goes with the ship or planet from turn to turn wherever it moves
// (a planet under the pull included). The book is written and read as
// JSON, one entry a line, through io.Writer and io.Reader: a damaged line
// is named with its line number and the others are still read, so that a
// damaged file costs the player nothing he can not find again. Every text
// is bounded and cleaned; a player's text is data, never structure.
//
// The rule book's own dates (the pull of Silverfall, each market's last
// trade, the game's expected end) are offered as reminders from the rules
// data (RuleReminders); the window keeps none of them.
//
// The package knows no widgets and reads no files.
package notes
