package model

import (
	"encoding/binary"
	"hash/fnv"
	"math/rand/v2"

	"silverfall/engine/rules"
)

// AbilitySurveillance is the officers' ability that locates cloaked ships.
const AbilitySurveillance = 4

// located are the other players' cloaked ships that player p's officers'
// Surveillance locates for his sheet: "Each level has 10% chance of
// locating ships within communication range that have their cloaking
// device on". Each of his undocked ships with such an officer draws once
// for each cloaked ship within its communication range, from a generator
// seeded by the game's seed, the turn and the pair, so a sheet made again
// from the same state is the same. (No battle command but fire finds a
// cloaked ship: the sheet's number is what fire can be aimed at.)
func located(r *rules.Rules, g *Game, mine []Ship, officers map[int]*Officer, abilities []SpecialAbility, p int) []Ship {
	var out []Ship
	seen := map[int]bool{}
	for i := range mine {
		w := &mine[i]
		lv := officerLevel(w, officers, AbilitySurveillance)
		if lv == 0 || w.Inside != 0 {
			continue
		}
		reach := CommRange(r, w, officers, abilities)
		for _, b := range g.Ships {
			if b.Owner == p || !b.Cloaked || b.Inside != 0 || seen[b.ID] || !w.Loc.Within(b.Loc, reach) {
				continue
			}
			if surveillanceDraw(g.Seed, g.Turn, w.ID, b.ID) < r.Percent(AbilitySurveillance)*float64(lv) {
				seen[b.ID] = true
				out = append(out, Ship{ID: b.ID, Name: b.Name, Type: b.Type, Owner: b.Owner, Loc: b.Loc})
			}
		}
	}
	return out
}

// surveillanceDraw is a number from 0 to 100 for the watcher and the
// watched in a turn of a game.
func surveillanceDraw(seed int64, turn, watcher, watched int) float64 {
	h := fnv.New64a()
	var b [32]byte
	binary.LittleEndian.PutUint64(b[0:], uint64(seed))
	binary.LittleEndian.PutUint64(b[8:], uint64(turn))
	binary.LittleEndian.PutUint64(b[16:], uint64(watcher))
	binary.LittleEndian.PutUint64(b[24:], uint64(watched))
	h.Write(b[:])
	return 100 * rand.New(rand.NewPCG(h.Sum64(), 0x5eed)).Float64()
}
