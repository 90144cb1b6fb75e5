package turn

import (
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// Record is what a battle (phases 2 to 4 of a turn) did, phase by phase,
// and how it left the ships and players that took part. The host turn
// fills one when asked (Options.Battle); Fight returns one.
type Record struct {
	// Phases are phases 2, 3 and 4, in that order.
	Phases [3]PhaseRecord
	// Ships are every ship there was when the battle began, by number, as
	// the battle left it.
	Ships []ShipEnd
	// Players are what each player won or lost in the battle, by number.
	Players []PlayerGain

	before map[int]PlayerGain
	start0 []ShipEnd
}

// PhaseRecord is one phase of a battle.
type PhaseRecord struct {
	Phase       int
	Shots       []Shot // in the order they were fired
	Bombardment []Bombardment
	Lost        []Loss // in the order the ships were lost
}

// Shot is one shot of a battle: a ship's fire, or (Ship 0) a shot of a
// planet's defence units.
type Shot struct {
	Phase       int
	Ship        int // the ship that fired; 0 for a planet's defence
	Planet      int // the planet whose defence units fired
	Player      int // the player who fired
	Target      int // the ship hit
	TargetOwner int
	Damage      int
	Strafe      bool
	Destroys    bool // the shot destroyed its target
}

// Bombardment is a ship's bombardment of the planet below (phase 3).
type Bombardment struct {
	Ship, Player, Planet, PlanetOwner  int
	DefenceUnits, Industry, Population int // lost by the planet
}

// Loss is a ship lost in a battle.
type Loss struct {
	Ship, Owner int
	By          int // the player who destroyed it; 0 for none (a jump)
	Why         string
}

// ShipEnd is a ship as a battle left it.
type ShipEnd struct {
	ID, Owner, Type     int
	Loc                 geom.Point
	Defence, Fire, Fuel int
	Lost                bool
	LostPhase           int    // 2 to 4 when lost
	DamageTaken         [3]int // by phase
	DamageDone          [3]int // by phase, by its own fire
	StartDefence        int
}

// PlayerGain is what a player won or lost in a battle: points, anti-points
// and credits (damage to Sauran's ships earns points, Sauran pays for
// damage to players' ships, damage taken earns anti-points).
type PlayerGain struct {
	Player                      int
	Points, AntiPoints, Credits int
}

// start notes the ships and the players' figures before the battle.
func (r *Record) start(w *World) {
	for i := range r.Phases {
		r.Phases[i] = PhaseRecord{Phase: i + 2}
	}
	r.before = map[int]PlayerGain{}
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		r.before[e.Player] = PlayerGain{e.Player, e.Points, e.AntiPoints, e.Credits}
	}
	r.start0 = r.start0[:0]
	w.Live(func(s *model.Ship) {
		r.start0 = append(r.start0, ShipEnd{ID: s.ID, Owner: s.Owner, Type: s.Type, Loc: s.Loc, Defence: s.Defence,
			Fire: s.Fire, Fuel: s.Fuel, StartDefence: s.Defence})
	})
	sort.Slice(r.start0, func(i, j int) bool { return r.start0[i].ID < r.start0[j].ID })
}

// shot records a shot; a record that is not kept (nil) ignores it.
func (r *Record) shot(s Shot) {
	if r == nil {
		return
	}
	r.Phases[s.Phase-2].Shots = append(r.Phases[s.Phase-2].Shots, s)
}

// bombarded records a bombardment.
func (r *Record) bombarded(b Bombardment) {
	if r == nil {
		return
	}
	r.Phases[1].Bombardment = append(r.Phases[1].Bombardment, b)
}

// lostIn records the ships lost in phase n, those of b's list from index
// from on.
func (r *Record) lostIn(n int, b *books, from int) {
	for _, id := range b.lostOrder[from:] {
		l := b.lost[id]
		r.Phases[n-2].Lost = append(r.Phases[n-2].Lost, Loss{Ship: id, Owner: l.owner, By: l.by, Why: l.why})
	}
}

// finish records how the battle left the ships and players.
func (r *Record) finish(w *World) {
	lostAt := map[int]int{}
	for _, ph := range r.Phases {
		for _, l := range ph.Lost {
			lostAt[l.Ship] = ph.Phase
		}
	}
	taken, done := map[int][3]int{}, map[int][3]int{}
	for k, ph := range r.Phases {
		for _, sh := range ph.Shots {
			t := taken[sh.Target]
			t[k] += sh.Damage
			taken[sh.Target] = t
			if sh.Ship != 0 {
				d := done[sh.Ship]
				d[k] += sh.Damage
				done[sh.Ship] = d
			}
		}
	}
	at := make(map[int]*model.Ship, len(w.G.Ships)) // the lost ones too: where they were lost
	for i := range w.G.Ships {
		at[w.G.Ships[i].ID] = &w.G.Ships[i]
	}
	r.Ships = make([]ShipEnd, 0, len(r.start0))
	for _, e := range r.start0 {
		if s := at[e.ID]; s != nil {
			e.Loc, e.Defence, e.Fire, e.Fuel, e.Owner = s.Loc, max(s.Defence, 0), s.Fire, s.Fuel, s.Owner
		}
		if w.Ship(e.ID) == nil {
			e.Lost, e.LostPhase, e.Defence = true, lostAt[e.ID], 0
		}
		e.DamageTaken, e.DamageDone = taken[e.ID], done[e.ID]
		r.Ships = append(r.Ships, e)
	}
	r.Players = r.Players[:0]
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		b := r.before[e.Player]
		r.Players = append(r.Players, PlayerGain{e.Player, e.Points - b.Points, e.AntiPoints - b.AntiPoints, e.Credits - b.Credits})
	}
	sort.Slice(r.Players, func(i, j int) bool { return r.Players[i].Player < r.Players[j].Player })
	r.before, r.start0 = nil, nil
}
