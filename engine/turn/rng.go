package turn

import (
	"hash/fnv"
	"math/rand/v2"
)

// stream is the random numbers of one step of one turn: a PCG generator
// seeded from the game's seed, the turn and the step's name. The same
// step of the same turn of the same game draws the same numbers on any
// machine, and no step's draws depend on another's.
func stream(seed int64, turn int, step string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(step))
	return rand.New(rand.NewPCG(uint64(seed)^uint64(turn)<<40, h.Sum64()))
}

// chance draws whether something with percent chance happens.
func chance(rng *rand.Rand, percent float64) bool {
	if percent <= 0 {
		return false
	}
	if percent >= 100 {
		return true
	}
	return rng.Float64()*100 < percent
}
