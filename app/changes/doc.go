// Package changes compares a player's newest turn sheet with the one before
// and lists what changed between them: the rows of the window's "This turn"
// view. Each row names its object by model.Key, so that the window can
// select it on the map. It knows no widgets and reads no files.
package changes
