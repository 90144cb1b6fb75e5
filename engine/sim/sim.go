// Package sim is the combat simulator: a battle set up from what a player
// knows near a place (or by hand), fought by the host turn's own battle
// (turn.Fight) over many seeds, and summed up: how often each ship
// survives, the damage of each phase, the points and credits each side
// wins.
package sim

import (
	"fmt"
	"runtime"
	"sort"
	"sync"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// Summary is a battle fought over many seeds.
type Summary struct {
	Runs    int
	First   int64 // the first seed; the others follow it
	Ships   []ShipOutcome
	Players []PlayerOutcome
}

// ShipOutcome is one ship over the runs.
type ShipOutcome struct {
	ID, Owner, Type int
	Survived        int        // runs it came out of
	Survival        float64    // the share of runs it came out of, 0 to 1
	DamageTaken     [3]float64 // the mean damage it took, phases 2 to 4
	DefenceLeft     float64    // its mean defence units at the end, 0 when lost
	StartDefence    int
}

// PlayerOutcome is one side over the runs: the means of a run.
type PlayerOutcome struct {
	Player     int
	Ships      int        // his ships in the battle
	ShipsLeft  float64    // of them, after the battle
	DamageDone [3]float64 // by his ships and planets, phases 2 to 4
	DamageTook [3]float64
	Points     float64
	AntiPoints float64
	Credits    float64
}

// Simulate fights the battle with the seeds first, first+1, ... (n of
// them) and sums it up. The same setup and seeds give the same summary.
func Simulate(in turn.BattleSetup, first int64, n int) (Summary, error) {
	if n < 1 {
		return Summary{}, fmt.Errorf("simulate: %d runs; at least one is needed", n)
	}
	sum := Summary{Runs: n, First: first}
	byShip := map[int]int{}
	byPlayer := map[int]int{}
	player := func(p int) *PlayerOutcome {
		i, ok := byPlayer[p]
		if !ok {
			i = len(sum.Players)
			byPlayer[p] = i
			sum.Players = append(sum.Players, PlayerOutcome{Player: p})
		}
		return &sum.Players[i]
	}
	recs, err := fightAll(in, first, n)
	if err != nil {
		return Summary{}, err
	}
	for _, s := range recs[0].Ships {
		byShip[s.ID] = len(sum.Ships)
		sum.Ships = append(sum.Ships, ShipOutcome{ID: s.ID, Owner: s.Owner, Type: s.Type, StartDefence: s.StartDefence})
		player(s.Owner).Ships++
	}
	// The runs are summed in the seeds' order, whatever order they were
	// fought in.
	for _, rec := range recs {
		for _, s := range rec.Ships {
			o := &sum.Ships[byShip[s.ID]]
			if !s.Lost {
				o.Survived++
				o.DefenceLeft += float64(s.Defence)
				player(o.Owner).ShipsLeft++
			}
			for ph := range s.DamageTaken {
				o.DamageTaken[ph] += float64(s.DamageTaken[ph])
			}
		}
		for ph, pr := range rec.Phases {
			for _, sh := range pr.Shots {
				player(sh.Player).DamageDone[ph] += float64(sh.Damage)
				player(sh.TargetOwner).DamageTook[ph] += float64(sh.Damage)
			}
		}
		for _, g := range rec.Players {
			p := player(g.Player)
			p.Points += float64(g.Points)
			p.AntiPoints += float64(g.AntiPoints)
			p.Credits += float64(g.Credits)
		}
	}
	f := float64(n)
	for i := range sum.Ships {
		o := &sum.Ships[i]
		o.Survival = float64(o.Survived) / f
		o.DefenceLeft /= f
		for ph := range o.DamageTaken {
			o.DamageTaken[ph] /= f
		}
	}
	for i := range sum.Players {
		p := &sum.Players[i]
		p.ShipsLeft /= f
		p.Points, p.AntiPoints, p.Credits = p.Points/f, p.AntiPoints/f, p.Credits/f
		for ph := range p.DamageDone {
			p.DamageDone[ph] /= f
			p.DamageTook[ph] /= f
		}
	}
	sort.Slice(sum.Players, func(i, j int) bool { return sum.Players[i].Player < sum.Players[j].Player })
	return sum, nil
}

// fightAll fights the battle with each seed, on as many processors as
// there are; the records are by seed.
func fightAll(in turn.BattleSetup, first int64, n int) ([]*turn.Record, error) {
	recs := make([]*turn.Record, n)
	errs := make([]error, n)
	workers := min(runtime.GOMAXPROCS(0), n)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := w; k < n; k += workers {
				one := in
				one.Seed = first + int64(k)
				recs[k], errs[k] = turn.Fight(one)
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// Near sets up the battle of the ships and planets of g within radius of
// at (ships docked in one of them too), with every empire and the officers
// and artifacts aboard. A ship whose fire, defence or fuel g does not know
// (another player's, seen on a sheet) is taken as built: its type's
// greatest units and a full tank (see docs/choices.md). It gives no
// orders: the ships carry out their standing orders or the default.
func Near(r *rules.Rules, g *model.Game, at geom.Point, radius int) turn.BattleSetup {
	out := &model.Game{Name: g.Name, Turn: g.Turn, Seed: g.Seed, Empires: g.Empires, Markets: map[int]model.Market{}}
	kept := map[int]bool{}
	for _, s := range g.Ships {
		if s.Inside == 0 && s.Loc.Within(at, radius) {
			kept[s.ID] = true
		}
	}
	officers, arts := map[int]bool{}, map[int]bool{}
	for _, s := range g.Ships {
		if !kept[s.ID] && !(s.Inside != 0 && kept[s.Inside]) {
			continue
		}
		out.Ships = append(out.Ships, asBuilt(r, s))
		officers[s.Officer], arts[s.Artifact] = true, true
	}
	for _, p := range g.Planets {
		if p.Loc.Within(at, radius) {
			out.Planets = append(out.Planets, p)
			officers[p.Officer], arts[p.Artifact] = true, true
		}
	}
	for _, o := range g.Officers {
		if officers[o.ID] {
			out.Officers = append(out.Officers, o)
		}
	}
	for _, a := range g.Artifacts {
		if arts[a.ID] {
			out.Artifacts = append(out.Artifacts, a)
		}
	}
	return turn.BattleSetup{Rules: r, Game: out, Orders: map[int][]order.Order{}, Seed: g.Seed}
}

// asBuilt fills in a ship's unknown units from its type.
func asBuilt(r *rules.Rules, s model.Ship) model.Ship {
	st := r.Ship(s.Type)
	if st == nil {
		return s
	}
	if s.Defence > 0 || s.MaxDefence > 0 {
		// Known: a ship in the game has defence units left.
		s.MaxFire, s.MaxDefence = max(s.MaxFire, s.Fire), max(s.MaxDefence, s.Defence)
		return s
	}
	s.Fire, s.MaxFire = st.Fire.Max, st.Fire.Max
	s.Defence, s.MaxDefence = st.Defence.Max, st.Defence.Max
	if st.MaxFuel.OK {
		s.Fuel = st.MaxFuel.N
	}
	return s
}

// FromSheet is Near on what a player knows.
func FromSheet(r *rules.Rules, k *model.Knowledge, at geom.Point, radius int) turn.BattleSetup {
	return Near(r, turn.FromKnowledge(r, k), at, radius)
}

// SetOrder gives ship id of player p the battle/movement order o in the
// setup, in place of any it had there.
func SetOrder(in *turn.BattleSetup, p int, o order.Order) {
	if in.Orders == nil {
		in.Orders = map[int][]order.Order{}
	}
	list := in.Orders[p][:0:0]
	for _, x := range in.Orders[p] {
		if x.Fleet || x.Subject() != o.Subject() {
			list = append(list, x)
		}
	}
	in.Orders[p] = append(list, o)
}
