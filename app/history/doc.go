// Package history merges every turn sheet kept of a game into one
// knowledge: each planet and foreign ship ever seen, with the turn it was
// last seen on and what it looked like then, and where each ship was seen
// on each turn (its track). It keeps only these small facts, never the
// sheets themselves, so that a long game of many players stays small in
// memory. It knows no widgets: the window asks it what to draw.
package history
