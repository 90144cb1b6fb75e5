// Package galaxy generates a new game of Darkness of Silverfall: the solar
// system with its planets, the five trading planets, the players' origins
// and starting fleets, and Dark Lord Sauran's armada. Generation is seeded
// and deterministic: the same options give the same game, byte for byte.
//
// The rule book fixes the shape (planets at least 10 apart, denser toward
// Silverfall, most within 350, a few rich ones beyond; origins spread evenly
// and equally far from their nearest trading planet; starting fleets within
// the setup limits). Figures it leaves open, such as starting credits, ore
// prices and mine rates, are the constants of this package.
package galaxy
