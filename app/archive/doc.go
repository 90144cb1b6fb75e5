// Package archive keeps the sheets of one game's workspace: each kept
// sheet is read and parsed once, and what it says (its model.Knowledge) is
// kept for every turn, while the sheet's text and sections are kept only
// for the few sheets used last and read again when asked for after that.
//
// It is the one reader of kept sheets that the window's views share: the
// turn bar, the knowledge of the game (engine/known), the plots and This
// turn get sheets from it, never from files. A sheet the window has just
// read or made (one opened, a practice game's new turn) is handed to it
// with Put, so that it is never read again.
//
// It knows no widgets, and is safe for use by several goroutines.
package archive
