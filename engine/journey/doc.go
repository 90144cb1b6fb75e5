// Package journey is one ship's journey over as many turns as it takes, by
// the host's own arithmetic: where each turn's move ends, where the pull of
// Silverfall leaves the ship at the turn's end, the fuel aboard, and how
// the journey ends (it arrives, the fuel runs out, the ship or its target
// planet falls into the black hole's reach, the game ends first). When the
// fuel does not reach, it proposes fuel stops at the player's own planets
// and at trading planets on the way.
//
// The package sits below engine/turn: the turn's movement (a lone ship's
// hops along its line) and its end-of-turn pull call Hop, Third and Pulled
// here, so that the checker, the window and the host share one rule.
package journey
