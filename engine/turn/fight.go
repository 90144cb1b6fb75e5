package turn

import (
	"fmt"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// BattleSetup is a battle's inputs on their own: what the host turn has at
// the start of phase 2, without the rest of the turn.
type BattleSetup struct {
	Rules *rules.Rules
	// Game holds the ships (types, damage, fuel, cargo, standing orders),
	// the planets with their defence units, the empires (alliances,
	// declared enemies, special abilities, credits and points), the
	// officers and artifacts. Its Turn counts in the random streams; Fight
	// never changes it.
	Game *model.Game
	// Orders are each player's battle/movement orders, as a turn takes
	// them (a ship's or a fleet's); other orders are left out. A ship
	// without one carries out its standing order, or the default.
	Orders map[int][]order.Order
	// Seed is the battle's seed, in place of the game's: the same seed and
	// turn draw what the host turn of that game and turn draws.
	Seed int64
}

// Fight carries out a battle on its own: phases 2 to 4 of a host turn, the
// same steps the turn carries out (its orders assigned and converted, then
// the three phases), on a copy of the setup's game. The same setup gives
// the same record.
//
// The random streams start afresh: the record is the host turn's for the
// same seed and turn when phases 0 and 1 of that turn drew nothing from
// the battle's streams (an officer's escape, a lost artifact, a promotion,
// a hyperjump, planet defence, a planet found).
func Fight(in BattleSetup) (*Record, error) {
	if in.Rules == nil || in.Game == nil {
		return nil, fmt.Errorf("battle: no rules or no game to fight in")
	}
	g := copyGame(in.Game)
	g.Seed = in.Seed
	w := NewWorld(in.Rules, g, Host)
	orders := make(map[int][]order.Order, len(in.Orders))
	for p, list := range in.Orders { // any order: fills a map
		for _, o := range list {
			if o.Code.Valid() && o.Code.Class() == order.BattleMovement {
				orders[p] = append(orders[p], o)
			}
		}
	}
	rec := &Record{}
	t := newRun(w, orders, Options{Battle: rec})
	t.quiet = true
	t.slab = make([]move, 0, len(g.Ships)) // mostly one order a ship
	t.setUp()
	for _, st := range steps {
		if st.phase < 2 || st.phase > lastBattlePhase {
			continue
		}
		t.cur, t.o = noRef, order.Order{}
		st.run(t)
	}
	return rec, nil
}

// copyGame copies what a battle may change of a game: its lists; the
// slices inside their items are shared (a battle changes none).
func copyGame(from *model.Game) *model.Game {
	g := *from
	g.Ships = append([]model.Ship(nil), from.Ships...)
	g.Planets = append([]model.Planet(nil), from.Planets...)
	g.Officers = append([]model.Officer(nil), from.Officers...)
	g.Artifacts = append([]model.Artifact(nil), from.Artifacts...)
	g.Empires = append([]model.Empire(nil), from.Empires...)
	g.Rings = append([]model.RingSighting(nil), from.Rings...)
	g.Mines = append([]model.Mine(nil), from.Mines...)
	return &g
}
