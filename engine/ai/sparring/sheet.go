package sparring

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Partner is one scripted player.
type Partner struct {
	Name string
	play func(s *sheet)
}

// Partners are the scripted players, in a fixed order.
func Partners() []Partner {
	return []Partner{
		{Name: "taker", play: take},
		{Name: "raider", play: raid},
		{Name: "trader", play: trade},
		{Name: "turtle", play: turtle},
	}
}

// Named is the partner of that name, or false.
func Named(name string) (Partner, bool) {
	for _, p := range Partners() {
		if p.Name == name {
			return p, true
		}
	}
	return Partner{}, false
}

// Play is the partner's orders for the turn after the sheet k. An error
// is a fault of the script: an order it wrote that does not read.
func (p Partner) Play(r *rules.Rules, k *model.Knowledge) ([]order.Order, error) {
	// The script counts the fuel and industry it uses up as it goes, on
	// a copy: k stays the sheet, for the checker.
	mine := *k
	mine.Planets = append([]model.Planet(nil), k.Planets...)
	mine.Ships = append([]model.Ship(nil), k.Ships...)
	s := newSheet(r, &mine)
	p.play(s)
	return s.out, s.err
}

// sheet is a turn's sheet with the orders written on it so far, and what
// they have spent of the credits and the planets' fuel.
type sheet struct {
	r        *rules.Rules
	k        *model.Knowledge
	turn     int // the turn the orders are for
	credits  int
	out      []order.Order
	moved    map[int]bool // ships with a battle/movement order
	targeted map[int]bool // planets a ship is sent to
	fuel     map[int]int  // fuel left on each own planet, as ships load it
	origin   *model.Planet
	err      error // the first order written that does not read
}

func newSheet(r *rules.Rules, k *model.Knowledge) *sheet {
	s := &sheet{r: r, k: k, turn: k.Turn + 1, credits: k.Empire.Credits,
		moved: map[int]bool{}, targeted: map[int]bool{}, fuel: map[int]int{}}
	for i := range k.Planets {
		pl := &k.Planets[i]
		s.fuel[pl.ID] = pl.Fuel
		if pl.Kind == model.Origin {
			s.origin = pl
		}
	}
	return s
}

// add writes an order; one that does not read is a fault of the script,
// kept for Play to return.
func (s *sheet) add(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	o, err := order.Parse(line)
	if err != nil {
		if s.err == nil {
			s.err = fmt.Errorf("sparring: %q: %w", line, err)
		}
		return
	}
	s.out = append(s.out, o)
}

// move gives ship sh its battle/movement order.
func (s *sheet) move(sh *model.Ship, format string, args ...any) {
	s.add(format, args...)
	s.moved[sh.ID] = true
}

// pay spends cost when the credits left stay at keep or more.
func (s *sheet) pay(cost, keep int) bool {
	if s.credits-cost < keep {
		return false
	}
	s.credits -= cost
	return true
}

// ownAt is the empire's planet at loc, or nil.
func (s *sheet) ownAt(loc geom.Point) *model.Planet {
	for i := range s.k.Planets {
		if s.k.Planets[i].Loc == loc {
			return &s.k.Planets[i]
		}
	}
	return nil
}

// falls is the turn at whose end the pull of Silverfall takes a planet or
// ship now at loc within the black hole's reach (the rules' figures), or
// a turn past the game's end when it never does in the game.
func (s *sheet) falls(loc geom.Point) int {
	end := s.r.Game.ExpectedLastTurn + 1
	for t := s.turn; t <= end; t++ {
		loc = loc.Toward(geom.Origin, s.r.GravityPull(t))
		if loc.Within(geom.Origin, s.r.Movement.DestructionRadius) {
			return t
		}
	}
	return end + 1
}

// movable are the ships that can move, undocked, the emptiest tank first
// (then by number): they load the fuel of the planet under them first, so
// that a new ship is not left without while older ones top up.
func (s *sheet) movable() []*model.Ship {
	var out []*model.Ship
	for i := range s.k.Ships {
		sh := &s.k.Ships[i]
		if st := s.r.Ship(sh.Type); st != nil && st.CanMove() && sh.Inside == 0 {
			out = append(out, sh)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Fuel < out[j].Fuel })
	return out
}

// refuel fills the ship's tank from the own planet under it, as far as the
// planet's fuel goes.
func (s *sheet) refuel(sh *model.Ship) {
	st := s.r.Ship(sh.Type)
	pl := s.ownAt(sh.Loc)
	if pl == nil || st == nil || !st.MaxFuel.OK {
		return
	}
	n := min(st.MaxFuel.N-sh.Fuel, s.fuel[pl.ID])
	if n > 0 {
		s.add("LF %d %d", sh.ID, n)
		s.fuel[pl.ID] -= n
		sh.Fuel += n
	}
}

// reach is how far the ship can go this turn on the fuel it has.
func (s *sheet) reach(sh *model.Ship) int {
	st := s.r.Ship(sh.Type)
	if st == nil || !st.CanMove() {
		return 0
	}
	return min(st.Movement.N, sh.Fuel)
}

// safe reports whether a ship ending the turn at loc outlives the turn
// after it: the pull takes nothing there before.
func (s *sheet) safe(loc geom.Point) bool { return s.falls(loc) > s.turn+1 }

// mines starts mines on the empire's planets, the ore type whose ore in
// the ground is worth most at the base prices, while the credits stay
// above keep.
func (s *sheet) mines(keep int) {
	mr := s.r.Mines
	count := map[int]int{}
	mined := map[[2]int]bool{}
	for _, m := range s.k.Mines {
		count[m.Planet]++
		mined[[2]int{m.Planet, m.OreType}] = true
	}
	for _, pl := range s.k.Planets {
		for pl.Kind != model.Trading && pl.Population >= mr.MinPopulationToStart && count[pl.ID] < mr.MaxPerPlanet &&
			pl.Population >= (count[pl.ID]+1)*mr.PopulationPerMine {
			best, worth := 0, 0
			for t, ore := range pl.Ore {
				if w := min(ore, 10*s.r.Mining.Rates[t]) * s.r.Market.BaseOrePrices[t]; ore > 0 && !mined[[2]int{pl.ID, t + 1}] && w > worth {
					best, worth = t+1, w
				}
			}
			if best == 0 || !s.pay(mr.Cost, keep) {
				break
			}
			s.add("SM %d %d", pl.ID, best)
			count[pl.ID]++
			mined[[2]int{pl.ID, best}] = true
		}
	}
}

// scanSauran scans Dark Lord Sauran from the turn a scan of him has a
// chance: once that turn; three times a turn while his last raid brought
// back more than a scan costs; once while rich and the last did not get
// through (his interceptors stopped it).
func (s *sheet) scanSauran(keep int) {
	sauran, from := s.r.Game.PlayerSauran, s.r.Game.SauranScanFromTurn
	if s.turn < from {
		return
	}
	n := 0
	switch {
	case s.turn == from:
		n = 1
	case s.broughtBack(sauran) > s.r.ScanPlayer.CostCredits+s.r.ScanPlayer.CostInterceptors*s.r.Interceptors.Cost:
		n = 3
	case s.k.ScannedPlayerID != sauran && s.credits > 300_000:
		n = 1
	}
	for i := 0; i < n; i++ {
		if !s.scan(sauran, keep) {
			return
		}
	}
}

// broughtBack is what last turn's raids on player p brought back, by the
// sheet's messages.
func (s *sheet) broughtBack(p int) int {
	const lead = "Your raiders brought back "
	tail := fmt.Sprintf(" from player %d.", p)
	n := 0
	for _, m := range s.k.Messages {
		if !strings.HasPrefix(m, lead) || !strings.HasSuffix(m, tail) {
			continue
		}
		f := strings.Fields(strings.TrimPrefix(m, lead))
		if len(f) == 0 {
			continue
		}
		if v, err := strconv.Atoi(strings.ReplaceAll(f[0], ",", "")); err == nil {
			n += v
		}
	}
	return n
}

// scan gives a scan of player p, buying the interceptors it takes.
func (s *sheet) scan(p, keep int) bool {
	sr, ir := s.r.ScanPlayer, s.r.Interceptors
	buy := max(0, sr.CostInterceptors-s.interceptors())
	if s.k.Empire.Interceptors+buy > ir.Max || !s.pay(sr.CostCredits+buy*ir.Cost, keep) {
		return false
	}
	if buy > 0 {
		s.add("PI %d", buy)
	}
	s.add("SR %d", p)
	return true
}

// interceptors are the empire's interceptors with those bought and less
// those scans use, as the orders stand.
func (s *sheet) interceptors() int {
	n := s.k.Empire.Interceptors
	for _, o := range s.out {
		switch o.Code {
		case order.PI:
			n += o.Amount()
		case order.SR:
			n -= s.r.ScanPlayer.CostInterceptors
		}
	}
	return n
}

// deficit is how much more the end of the turn pays out than the
// planets' tax brings in, as the sheet stands (each place with ships of
// ours one fleet, as the rules count them), with extra more pay.
func (s *sheet) deficit(extra int) int {
	tax, pay := 0, extra+s.k.Empire.Interceptors*s.r.Interceptors.PayPerTurn
	for _, pl := range s.k.Planets {
		tax += pl.Industry
	}
	places := map[geom.Point]bool{}
	for _, sh := range s.k.Ships {
		if st := s.r.Ship(sh.Type); st != nil {
			pay += s.r.CrewPay(st)
		}
		if !places[sh.Loc] {
			places[sh.Loc] = true
			pay += s.r.Upkeep.Fleet
		}
	}
	return max(0, pay-tax)
}

// build has the empire's battle stations and monitors build ships of type
// t, as many as they build a turn, while the planet under them has the
// industry and fuel to start each one and the credits stay above keep.
func (s *sheet) build(t, keep, most int) {
	st := s.r.Ship(t)
	if st == nil || s.turn > s.r.Game.ExpectedLastTurn-3 {
		return
	}
	ind := s.r.BuildIndustry(st)
	for i := range s.k.Ships {
		b := &s.k.Ships[i]
		pl := s.ownAt(b.Loc)
		if pl == nil || pl.Kind == model.Trading || !s.safe(pl.Loc) {
			continue
		}
		for n := 0; n < s.r.Builds(b.Type) && most > 0; n++ {
			// A ship is bought only while the credits cover three turns
			// of what the pay would then exceed the tax by.
			extra := (n + 1) * (s.r.CrewPay(st) + s.r.Upkeep.Fleet)
			if pl.Industry < ind || s.fuel[pl.ID] < st.MaxFuel.Or(0) || !s.pay(s.r.BuildCost(st, 0, 0), keep+3*s.deficit(extra)) {
				break
			}
			s.add("BS %d %d", b.ID, t)
			pl.Industry -= ind
			s.fuel[pl.ID] -= st.MaxFuel.Or(0) // kept for its first tank
			most--
		}
	}
}
