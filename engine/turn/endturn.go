package turn

import (
	"fmt"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// closing is the end of the turn (phase 7): the world's own turn after the
// orders, from mining to the next turn.
type closing struct{ *run }

// mines is phase 7's mining: each mine digs its rate of ore (more with an
// Enterprise officer on the planet) into the planet's stock while ore
// lasts; a mine whose ore is gone ceases. Each mine needs 1,000 population:
// below 2,000 one of a planet's mines stops, below 1,000 both.
func (t closing) mines() {
	w := t.w
	perMine := w.R.Mines.PopulationPerMine
	working := map[int]int{} // planet → mines that may work
	var keep []model.Mine
	// A mine's rank on its planet is how many of the planet's mines come
	// before it in the list, whatever they are: counted as the list goes
	// (looking the mine up in its planet's list made many mines on one
	// planet take time growing with the square of their number).
	before := map[int]int{}
	for i := range w.G.Mines {
		m := &w.G.Mines[i]
		rank := before[m.Planet]
		before[m.Planet]++
		p := w.Planet(m.Planet)
		if p == nil || m.OreType < 1 || m.OreType > rules.OreTypes {
			continue
		}
		if _, ok := working[p.ID]; !ok {
			working[p.ID] = p.Population / perMine
		}
		if rank < working[p.ID] && p.Ore[m.OreType-1] > 0 {
			// Enterprise and the special ability, rounded once at the end.
			pct, _ := w.special(p.Owner, rules.EffectMineOutputPercent)
			out := rules.AdjustAll(float64(m.Rate), t.percent(abilityEnterprise, 1)*float64(w.planetLevel(p, abilityEnterprise)), float64(pct))
			out = min(out, p.Ore[m.OreType-1])
			p.Ore[m.OreType-1] -= out
			p.Stock[m.OreType-1] += out
		}
		if p.Ore[m.OreType-1] == 0 {
			t.tell(m.Owner, "Mine %d on planet %d has dug out all its ore and closed.", m.ID, p.ID)
			continue
		}
		keep = append(keep, *m)
	}
	w.G.Mines = keep
}

// ownership gives a planet to the one player who has the only visible
// ships above it; trading and origin planets, planets with defence units
// and allies' planets cannot be taken. Mines go to the planet's owner.
func (t closing) ownership() {
	w := t.w
	// The one player with visible ships at each place (-1: more than one).
	side := make(map[geom.Point]int, len(w.G.Planets))
	w.Live(func(s *model.Ship) {
		if s.Cloaked || s.Inside != 0 {
			return
		}
		if q, ok := side[s.Loc]; !ok {
			side[s.Loc] = s.Owner
		} else if q != s.Owner {
			side[s.Loc] = -1
		}
	})
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if p.Kind != model.Independent || p.DefenceUnits > 0 {
			continue
		}
		q, ok := side[p.Loc]
		// Alliances are one way: a player cannot take his allies' planets,
		// but a planet whose owner counts him an ally is not safe from him.
		if !ok || q < 0 || q == p.Owner || w.Allied(q, p.Owner) {
			continue
		}
		if p.Owner != 0 {
			t.tell(p.Owner, "You lost planet %d to player %d.", p.ID, q)
		}
		t.tell(q, "You took control of planet %d.", p.ID)
		p.Owner = q
	}
	for i := range w.G.Mines {
		if p := w.Planet(w.G.Mines[i].Planet); p != nil {
			w.G.Mines[i].Owner = p.Owner
		}
	}
}

// gravity is the pull of Silverfall from its turn on: every planet but the
// origins, the trading planets among them ("every planet and ship except
// origin planets or battle stations"; a house rule holds them), and every
// ship but the battle stations, moves toward the centre (1, 3, 6, ...
// positions in the pull's first, second, third turn); the battle stations
// hold their place but lose defence units to the pull.
func (t closing) gravity() {
	w := t.w
	turn := w.G.Turn + 1
	if w.R.GravityPull(turn) <= 0 {
		return
	}
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if journey.PlanetPulled(w.R, p.Kind) {
			p.Loc = journey.Pulled(w.R, p.Loc, turn)
		}
	}
	w.Live(func(s *model.Ship) {
		if !journey.ShipPulled(s.Type) {
			s.Defence -= w.R.Movement.BattleStationGravityDefenceLoss
			if s.Defence < 1 {
				t.destroy(s, 0, "the pull of Silverfall wore it down")
			}
			return
		}
		if s.Inside == 0 {
			t.relocate(s, journey.Pulled(w.R, s.Loc, turn))
		}
	})
	w.placePlanets()
}

// blackHole destroys everything within 20 positions of Silverfall.
func (t closing) blackHole() {
	w := t.w
	w.Live(func(s *model.Ship) {
		if journey.InReach(w.R, s.Loc) {
			t.destroy(s, 0, "it fell into the black hole Silverfall")
		}
	})
	lost := map[int]bool{}
	for _, p := range w.G.Planets {
		if journey.InReach(w.R, p.Loc) {
			lost[p.ID] = true
		}
	}
	if len(lost) == 0 {
		return
	}
	keep := make([]model.Planet, 0, len(w.G.Planets)-len(lost))
	for _, p := range w.G.Planets {
		if lost[p.ID] {
			lost[p.ID] = true
			if p.Owner != 0 {
				t.battleLine(p.Owner, "Your planet %d fell into the black hole Silverfall.", p.ID)
			}
			for _, id := range []int{p.Artifact, p.Hidden} {
				if id != 0 {
					t.scatter(id)
				}
			}
			continue
		}
		keep = append(keep, p)
	}
	w.G.Planets = keep
	var mines []model.Mine
	for _, m := range w.G.Mines {
		if !lost[m.Planet] {
			mines = append(mines, m)
		}
	}
	w.G.Mines = mines
	for id := range lost { // any order: deletes
		delete(w.G.Markets, id)
	}
	var officers []model.Officer
	for _, o := range w.G.Officers {
		if o.Planet == 0 || !lost[o.Planet] {
			officers = append(officers, o)
		}
	}
	w.G.Officers = officers
	w.base = buildIndex(w.G)
	w.placePlanets()
	w.officers = make(map[int]*model.Officer, len(w.G.Officers))
	for i := range w.G.Officers {
		w.officers[w.G.Officers[i].ID] = &w.G.Officers[i]
	}
}

// markets is the trading planets' turn: each uses up its share of each
// ore (rules.MarketUse, by the game's players: the check's world, which
// knows only some of them, knows no stocks either), and its prices follow
// its stocks: base price times reference stock over stock, within the
// bounds. The book has them use ore, not fuel: their fuel changes only
// with what players sell and buy (docs/choices.md).
func (t closing) markets() {
	w := t.w
	mr := w.R.Market
	ids := make([]int, 0, len(w.G.Markets))
	for id := range w.G.Markets { // any order: sorted below
		ids = append(ids, id)
	}
	sort.Ints(ids)
	price := mr.Price
	players := 0
	for _, e := range w.G.Empires {
		if e.Player != w.R.Game.PlayerSauran {
			players++
		}
	}
	for _, id := range ids {
		m := w.G.Markets[id]
		for ty := range m.Stock {
			m.Stock[ty] = max(0, m.Stock[ty]-w.R.MarketUse(mr.ReferenceStock[ty], players))
			m.Prices.Ore[ty] = price(m.Base.Ore[ty], mr.ReferenceStock[ty], m.Stock[ty])
		}
		m.Prices.Fuel = price(m.Base.Fuel, mr.ReferenceFuel, m.Fuel)
		w.G.Markets[id] = m
	}
}

// growth is development and population growth, worked out together from
// the figures at the start, then the officers' Enterprise and
// Administration on their planets.
func (t closing) growth() {
	w := t.w
	g := w.R.Growth
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		if p.Kind == model.Trading {
			continue
		}
		capPop, capInd := w.caps(p)
		pop, ind := p.Population, p.Industry
		popPct, indPct := 0.0, 0.0 // the turn's change, in percent
		switch {
		case pop == 0:
			indPct = -float64(g.EmptyDeclinePercent)
		case ind == 0:
			popPct = -float64(g.EmptyDeclinePercent)
		case pop > ind:
			popPct = -float64(g.PopulationDeclinePercent)
			if p.Owner != 0 {
				indPct = float64(g.IndustryGrowthLowPercent)
			}
		default:
			popPct = float64(g.PopulationGrowthPercent)
			if p.Owner != 0 {
				indPct = float64(g.IndustryGrowthPercent)
			}
		}
		// Then Enterprise and Administration; only the final figure is
		// rounded.
		newInd := rules.AdjustAll(float64(ind), indPct, t.percent(abilityEnterprise, 0)*float64(w.planetLevel(p, abilityEnterprise)))
		newPop := rules.AdjustAll(float64(pop), popPct, t.percent(abilityAdmin, 0)*float64(w.planetLevel(p, abilityAdmin)))
		p.Population = max(0, min(newPop, max(capPop, pop)))
		p.Industry = max(0, min(newInd, max(capInd, ind)))
	}
}

// caps are the most population and industry planet p may hold: 50,000
// each, more with its owner's special ability.
func (w *World) caps(p *model.Planet) (pop, ind int) {
	g := w.R.Growth
	pop, ind = g.MaxPopulation, g.MaxIndustry
	if pct, ok := w.special(p.Owner, rules.EffectGrowthCapPercent); ok && p.Owner != 0 {
		pop, ind = rules.Adjust(pop, float64(pct), 1), rules.Adjust(ind, float64(pct), 1)
	}
	return pop, ind
}

// taxAndPay is the end of the turn's money: tax from the planets' industry,
// the council's pay for Rings and special abilities; the fleets' upkeep,
// the crews' pay and the interceptors' pay (which may leave the balance
// below zero); points from artifacts.
func (t closing) taxAndPay() {
	w := t.w
	r := w.R
	tax := map[int]int{}
	for i := range w.G.Planets {
		if p := &w.G.Planets[i]; p.Owner != 0 {
			tax[p.Owner] += PlanetTax(p)
		}
	}
	rings, artifactPoints := map[int]int{}, map[int]int{}
	held := func(owner, id int) {
		if a := w.Artifact(id); a != nil && id != 0 {
			artifactPoints[owner] += a.Points
			if a.Ring {
				rings[owner]++
			}
		}
	}
	var tally PayTally
	w.Live(func(s *model.Ship) {
		held(s.Owner, s.Artifact)
		tally.Add(r, s)
	})
	for i := range w.G.Planets {
		if p := &w.G.Planets[i]; p.Owner != 0 {
			held(p.Owner, p.Artifact)
		}
	}
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		p := e.Player
		// The Dark Lord "must follow the same rules and conventions", fuel
		// apart: he taxes the planets his ships took and pays as any
		// empire does (a house rule has him pay and collect nothing), but
		// has nothing of the council's.
		sauran := p == r.Game.PlayerSauran
		if sauran && r.House.SauranPaysNoUpkeep {
			continue
		}
		t.earn(p, tax[p], "Tax from planets", false)
		if !sauran {
			t.earn(p, rings[p]*r.Rings.CreditsPerRing, "The council's pay for Rings", false)
			if n, ok := w.special(p, rules.EffectCreditsPerTurn); ok {
				t.earn(p, n, "The council's favour", false)
			}
		}
		pay := tally.Of(r, p, e.Interceptors)
		t.pay(p, pay.Fleets, "Fleet upkeep")
		t.pay(p, pay.Crew, "Crew pay")
		t.pay(p, pay.Interceptors, "Interceptor pay")
		if t.upkeep == nil {
			t.upkeep = map[int]int{}
		}
		t.upkeep[p] = pay.Total()
		if !sauran {
			e.Points += artifactPoints[p]
		}
	}
}

// specials grants the council's special abilities at the point thresholds:
// one at 20,000 points and one for every 10,000 after.
func (t closing) specials() {
	w := t.w
	pr := w.R.Points
	rng := t.rng("special abilities")
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		if e.Player == w.R.Game.PlayerSauran || e.Points < pr.SpecialAbilityFirst {
			continue
		}
		due := 1 + (e.Points-pr.SpecialAbilityFirst)/pr.SpecialAbilityStep
		for granted := countGranted(e); granted < due; granted++ {
			if !t.grantSpecial(e.Player, rng, false) {
				break
			}
		}
	}
}

// countGranted is how many abilities the council has granted an empire for
// its points: those won by practice ("also") do not count.
func countGranted(e *model.Empire) int {
	n := 0
	for _, a := range e.Abilities {
		if !a.Practised {
			n++
		}
	}
	return n
}

// selfRepairs: battle stations below their full defence regain a tenth of
// the units they have, after the pull's loss (the book's "its defence units
// will be increased by 10%"), rounded, at least one unit; a house rule has
// them regain a tenth of their maximum. A ship whose officer is an
// Engineer regains a unit a level.
func (t closing) selfRepairs() {
	w := t.w
	rp := w.R.Repair
	w.Live(func(s *model.Ship) {
		if s.Defence >= s.MaxDefence {
			return
		}
		if s.Type == rules.TypeBattleStation {
			base := s.Defence
			if w.R.House.StationRepairOfMaximum {
				base = s.MaxDefence
			}
			// A tenth, halves rounded up, in whole numbers: 4.5 is 5.
			gain := max(rp.BattleStationSelfRepairMin, (base*rp.BattleStationSelfRepairPercent+50)/100)
			s.Defence = min(s.MaxDefence, s.Defence+gain)
		}
		if lv := w.level(s, abilityEngineer); lv > 0 {
			s.Defence = min(s.MaxDefence, s.Defence+lv*int(w.R.Ability(abilityEngineer).Effects[0].UnitsPerLevel))
		}
		if s.MaxDefence > 0 {
			s.Fire = max(s.Fire, rules.Adjust(s.MaxFire, float64(s.Defence)*100/float64(s.MaxDefence)-100, 1))
			s.Fire = min(s.Fire, s.MaxFire)
		}
	})
}

// officerGrowth: each officer has a small chance a turn of a level more in
// each ability, where his aptitude allows.
func (t closing) officerGrowth() {
	w := t.w
	rng := t.rng("officer growth")
	pct := float64(w.R.OfficerGrowth.RandomIncreasePercent)
	for i := range w.G.Officers {
		off := &w.G.Officers[i]
		for a := 1; a <= rules.Abilities; a++ {
			lv := off.Levels.Of(a)
			if lv < off.Aptitude.Of(a) && lv < t.levelCap(off) && chance(rng, pct) {
				t.raise(off, a)
			}
		}
	}
}

// Score is player p's score: credits, planets, ships, mines, points and
// anti-points.
func (w *World) Score(p int) int {
	e := w.Empire(p)
	if e == nil {
		return 0
	}
	planets, ships, mines := 0, 0, 0
	for i := range w.G.Planets {
		if w.G.Planets[i].Owner == p {
			planets++
		}
	}
	w.Live(func(s *model.Ship) {
		if s.Owner == p {
			ships++
		}
	})
	for _, m := range w.G.Mines {
		if m.Owner == p {
			mines++
		}
	}
	return model.ScoreOf(w.R, e, planets, ships, mines)
}

// out takes out of the game the empires that have no ships left: "a player
// will remain in the game until he/she no longer has any ships". It is for
// good: a ship given to it later does not bring it back.
func (t closing) out() {
	w := t.w
	ships := map[int]int{}
	w.Live(func(s *model.Ship) { ships[s.Owner]++ })
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		if e.Out || e.Player == w.R.Game.PlayerSauran || ships[e.Player] > 0 {
			continue
		}
		e.Out = true
		t.tell(e.Player, "Your empire has no ships left and is out of the game.")
	}
}

// winning checks the winning conditions: more than 15% of the planets once
// Sauran's battle stations are gone, or a score above five million with
// more than 15% of the planets, or all ten Rings of Darkness.
func (t closing) winning() {
	w := t.w
	r := w.R
	stations := 0
	w.Live(func(s *model.Ship) {
		if s.Owner == r.Game.PlayerSauran && s.Type == rules.TypeBattleStation {
			stations++
		}
	})
	planets, rings := map[int]int{}, map[int]int{}
	for i := range w.G.Planets {
		p := &w.G.Planets[i]
		planets[p.Owner]++
		if a := w.Artifact(p.Artifact); a != nil && a.Ring && p.Owner != 0 {
			rings[p.Owner]++
		}
	}
	w.Live(func(s *model.Ship) {
		if a := w.Artifact(s.Artifact); a != nil && a.Ring {
			rings[s.Owner]++
		}
	})
	total := len(w.G.Planets)
	var winners []int
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		p := e.Player
		if p == r.Game.PlayerSauran || e.Out {
			continue
		}
		share := planets[p]*100 > total*r.Winning.PlanetSharePercent
		if share && (stations == 0 || t.score(p) > r.Winning.Score) || rings[p] >= r.Winning.Rings {
			winners = append(winners, p)
		}
	}
	if len(winners) > 0 {
		w.G.Winners, w.G.Over = winners, true
		for i := range w.G.Empires {
			t.tell(w.G.Empires[i].Player, "The game is over: %s met the winning conditions.", playerList(winners))
		}
	}
}

func playerList(ps []int) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("player %d", p)
	}
	return s
}

// standing carries each ship's battle/movement order over to the next turn,
// unless it is finished or the ship can no longer carry it out.
func (t closing) standing() {
	w := t.w
	w.Live(func(s *model.Ship) {
		m := t.battle[s.ID]
		switch {
		case m == nil:
			// A ship without a new order keeps what it had.
		case m.done || m.failed || m.kind == defaultOrder:
			s.Standing = order.Order{}
		default:
			o := m.o
			o.Fleet = false
			o.Args[0] = s.ID
			if m.kind == fleetOrder || m.kind == ownOrder || m.kind == carriedOver {
				s.Standing = t.original(m)
			}
		}
	})
}

// original is the order as the player gave it, for ships: the converted
// forms (MP to MO, ...) carry over as given.
func (t closing) original(m *move) order.Order {
	if m.src.player >= 0 && m.src.index >= 0 {
		o := t.orders[m.src.player][m.src.index]
		o.Fleet = false
		o.Args[0] = m.ship
		return o
	}
	return m.o
}

// missedTurns counts the turns in a row an empire sent no orders; a player
// who misses too many is dropped and his empire goes on as a computer one.
func (t closing) missedTurns() {
	w := t.w
	for i := range w.G.Empires {
		e := &w.G.Empires[i]
		if e.Player == w.R.Game.PlayerSauran || e.Out {
			continue // no orders are due from an empire out of the game
		}
		if _, sent := t.orders[e.Player]; sent && !e.Computer && !t.opt.ByComputer[e.Player] {
			e.Missed = 0
			continue
		}
		if e.Computer || e.Dropped {
			continue
		}
		e.Missed++
		if e.Missed >= w.R.NPC.MissedTurnsToDrop {
			e.Dropped, e.Computer = true, true
			t.tell(e.Player, "You sent no orders for %d turns in a row and were dropped from the game; your empire goes on under the computer.", e.Missed)
		}
	}
}

// advanceTurn closes the turn: the game is at the next turn.
func (t closing) advanceTurn() {
	w := t.w
	w.G.Turn++
	var lines []string
	for _, p := range t.rotation {
		for i, o := range t.orders[p] {
			if o.Code == order.Broadcast && !t.failed[ref{p, i}] {
				lines = append(lines, o.Text)
			}
		}
	}
	w.G.Broadcasts = lines
	if w.G.Turn >= w.R.Game.ExpectedLastTurn && !w.G.Over {
		w.G.Over = true
		for i := range w.G.Empires {
			t.tell(w.G.Empires[i].Player, "The game is over after turn %d: no empire met the winning conditions, and Dark Lord Sauran wins.", w.G.Turn)
		}
	}
}
