// Package password makes and checks the players' passwords: the word
// each player's order files carry so that the host takes a player's
// orders from him alone. The host draws a password for every player when
// it makes the game, from a source of its choosing (crypto/rand in
// sfhost): a password comes from no seed, so no one can work it out from
// the game's seed or its turns. It stands on the player's own sheet only,
// and in the host's state.
package password
