// Package model is the game of Darkness of Silverfall as data, from two
// sides:
//
//   - Game: the whole game as the moderator's computer holds it, every
//     empire, planet, ship, officer, mine and artifact.
//   - Knowledge: what one player knows of it at the start of a turn, which
//     is what a turn sheet carries and what the order checker works on. It
//     holds the player's own holdings in full and only the few figures the
//     rules let a player see of anybody else's.
//
// Identifiers are the game's own numbers (ship 123, planet 45, player 7).
// Zero means "none" wherever a number refers to something else.
package model
