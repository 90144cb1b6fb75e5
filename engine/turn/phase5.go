package turn

import (
	"fmt"
	"math/rand/v2"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// cloak carries out CL and UC, for one ship or a range.
func (t *run) cloak(o order.Order) {
	last, ok := t.rangeEnd(o)
	if !ok {
		return
	}
	on := o.Code == order.CL
	if last == 0 {
		s, st := t.shipOrder(o)
		if s == nil {
			return
		}
		if !st.Cloak {
			if on {
				t.fail("no-cloak", "a %s has no cloaking device", st.Name)
			} else {
				t.warn("no-cloak", "a %s has no cloaking device, so there is nothing to switch off", st.Name)
			}
			return
		}
		s.Cloaked = on
		return
	}
	s := t.ownShip(o.Subject())
	if s == nil {
		return
	}
	any := false
	t.ownRange(o.Subject(), last, func(b *model.Ship, bt *rules.ShipType) {
		if bt.Cloak && b.Inside == 0 {
			b.Cloaked = on
			any = true
		}
	})
	if !any {
		t.warn("no-cloak", "none of your ships %d to %d has a cloaking device", o.Subject(), last)
	}
}

// build carries out BS.
func (t *run) build(o order.Order) {
	s, st := t.shipOrder(o)
	if s == nil {
		return
	}
	r := t.w.R
	per := r.Builds(st.ID)
	if per == 0 {
		t.fail("cannot-build", "a %s cannot build ships; only battle stations and monitors can", st.Name)
		return
	}
	if t.builds[s.ID] >= per {
		t.fail("build-limit", "a %s builds at most %d ships a turn; this is build %d for ship %d", st.Name, per, t.builds[s.ID]+1, s.ID)
		return
	}
	nt := r.Ship(o.ShipType())
	fire, def := o.Units()
	if !nt.Customisable {
		fire, def = nt.Fire.Max, nt.Defence.Max
	}
	cost := rules.Adjust(r.BuildCost(nt, fire, def), t.percent(abilityEconomist, 0), t.w.level(s, abilityEconomist))
	// Construction and the special ability, rounded once at the end.
	pct, _ := t.w.special(t.me(), rules.EffectBuildIndustryPercent)
	industry := rules.AdjustAll(float64(r.BuildIndustry(nt)), t.percent(abilityConstruction, 0)*float64(t.w.level(s, abilityConstruction)), float64(pct))
	p := t.planetHere(s, "building a ship")
	if p == nil {
		return
	}
	if p.Kind == model.Trading {
		t.fail("build-over-trading", "ship %d is over trading planet %d; ships can only be built over an origin or independent planet", s.ID, p.ID)
		return
	}
	if t.w.Known(p) && industry > p.Industry {
		t.fail("industry-short", "building a %s takes %d industry from planet %d, which has %d left", nt.Name, industry, p.ID, p.Industry)
		return
	}
	if !t.afford(cost, fmt.Sprintf("building a %s", nt.Name), "") {
		return
	}
	t.builds[s.ID]++
	if t.w.Known(p) {
		p.Industry -= industry
	}
	t.pay(t.me(), cost, "Ships built")
	if s.Cloaked {
		t.note("cloak-lost", "building uncloaks ship %d", s.ID)
	}
	s.Cloaked = false
	ns := model.Ship{ID: t.w.nextShipID(), Type: nt.ID, Owner: t.me(), Loc: s.Loc, Fire: fire, Defence: def,
		MaxFire: fire, MaxDefence: def}
	built := t.w.addShip(ns)
	if t.w.Mode == Host {
		t.tell(t.me(), "Ship %d, a %s, was built by ship %d at %v.", built.ID, nt.Name, s.ID, s.Loc)
		if !t.firstBuild[t.me()] {
			t.firstBuild[t.me()] = true
			t.newOfficer(t.me(), built, t.rng("officers"))
		}
	}
}

// newOfficer puts a new commission officer in command of a ship: random
// abilities, a Commander's or Captain's worth of levels; three in four of
// the empire's main race.
func (t *books) newOfficer(p int, s *model.Ship, rng *rand.Rand) {
	r := t.w.R
	e := t.w.Empire(p)
	race := 1 + rng.IntN(len(r.Races))
	if e != nil && e.Race > 0 && rng.IntN(100) < r.Officers.MainRacePercent {
		race = e.Race
	}
	og := r.OfficerGrowth
	var lv, apt model.Levels
	for left := og.NewOfficerLevelsMin + rng.IntN(og.NewOfficerLevelsMax-og.NewOfficerLevelsMin+1); left > 0; {
		a := rng.IntN(rules.Abilities)
		if lv[a] < r.Officers.MaxLevel-1 {
			lv[a]++
			left--
		}
	}
	cur := lv
	for a := range apt {
		apt[a] = max(lv[a], 1+rng.IntN(r.Officers.MaxLevel))
		cur[a] = min(lv[a]+r.Race(race).Bonus[a+1], r.Officers.MaxBoostedLevel)
	}
	id := 0
	for _, o := range t.w.G.Officers {
		id = max(id, o.ID)
	}
	t.w.G.Officers = append(t.w.G.Officers, model.Officer{ID: id + 1, Race: race, Levels: lv, Aptitude: apt, Current: cur, Ship: s.ID})
	t.w.officers = make(map[int]*model.Officer, len(t.w.G.Officers))
	for i := range t.w.G.Officers {
		t.w.officers[t.w.G.Officers[i].ID] = &t.w.G.Officers[i]
	}
	s.Officer = id + 1
	t.tell(p, "A new commission officer, number %d, commands ship %d.", id+1, s.ID)
}

// findArtifact carries out FA.
func (t *run) findArtifact(o order.Order) {
	id := o.Subject()
	p := t.ownPlanet(id, "searching for artifacts")
	if p == nil {
		return
	}
	// "Each ship and planet can only hold one (found) artifact at a
	// time": a find would have nowhere to go, so the search is refused
	// before it costs any population.
	if p.Artifact != 0 {
		t.fail("holds-artifact", "planet %d already holds artifact %d, and a planet holds one found artifact at a time; take it onto a ship there first (TA, carried out in phase 1, before the search)", id, p.Artifact)
		return
	}
	ar := t.w.R.Artifacts
	explorer := t.w.planetLevel(p, abilityExplorer)
	pct := float64(p.Population) / float64(ar.PopulationPerPercent)
	pct = pct * (1 + t.percent(abilityExplorer, 0)*float64(explorer)/100)
	if pct < 1 {
		t.warn("no-chance", "planet %d has %d population; each %d gives a 1%% chance of finding an artifact, so this search cannot succeed",
			id, p.Population, ar.PopulationPerPercent)
	}
	// A quarter or 5,000, whichever is less, lessened by Explorer; only
	// the final figure is rounded.
	base := min(float64(p.Population)*float64(ar.SearchLossPercent)/100, float64(ar.SearchLossMax))
	loss := rules.AdjustAll(base, t.percent(abilityExplorer, 1)*float64(explorer))
	p.Population -= max(0, min(loss, p.Population))
	if t.w.Mode != Host {
		return
	}
	rng := t.rng("artifacts")
	found := chance(rng, pct)
	switch {
	case p.Hidden != 0 && found:
		a := t.w.Artifact(p.Hidden)
		p.Artifact, p.Hidden = p.Hidden, 0
		if a != nil {
			t.tell(t.me(), "The search of planet %d found artifact %d, %s.", id, a.ID, a.Name)
			t.ringMoved(a.ID)
		}
	case p.Hidden == 0 && found:
		t.tell(t.me(), "The search of planet %d shows there is no artifact hidden there.", id)
	default:
		t.tell(t.me(), "The search of planet %d found nothing.", id)
	}
}

// interceptors carries out PI.
func (t *run) interceptors(o order.Order) {
	e := t.w.Empire(t.me())
	n := o.Amount()
	ir := t.w.R.Interceptors
	if e.Interceptors+n > ir.Max && t.me() != t.w.R.Game.PlayerSauran {
		t.fail("interceptor-limit", "you may hold at most %d interceptors; you have %d, so %d more", ir.Max, e.Interceptors, max(ir.Max-e.Interceptors, 0))
		return
	}
	if !t.afford(n*ir.Cost, fmt.Sprintf("%d interceptors", n), "") {
		return
	}
	e.Interceptors += n
	t.pay(t.me(), n*ir.Cost, "Interceptors bought")
}

// diplomacy carries out AA, BA, DE and FE.
func (t *run) diplomacy(o order.Order) {
	d := t.w.R.Diplomacy
	e := t.w.Empire(t.me())
	p := o.Player()
	switch o.Code {
	case order.AA:
		switch {
		case e.HasAlly(p):
			t.warn("already-ally", "player %d is already your ally", p)
		case len(e.Allies) >= d.MaxAllies:
			t.fail("ally-limit", "you have %d allies, the most allowed; break an alliance first (BA)", len(e.Allies))
		default:
			e.Allies = append(e.Allies[:len(e.Allies):len(e.Allies)], p)
		}
	case order.BA:
		switch {
		case !e.HasAlly(p):
			t.fail("not-ally", "player %d is not your ally", p)
		default:
			e.Allies = without(e.Allies, p)
		}
	case order.DE:
		switch {
		case e.HasEnemy(p):
			t.warn("already-enemy", "player %d is already a declared enemy", p)
		case len(e.Enemies) >= d.MaxEnemies:
			t.fail("enemy-limit", "you have %d declared enemies, the most allowed; forgive one first (FE)", len(e.Enemies))
		default:
			e.Enemies = append(e.Enemies[:len(e.Enemies):len(e.Enemies)], p)
		}
	case order.FE:
		switch {
		case !e.HasEnemy(p):
			t.fail("not-enemy", "player %d is not a declared enemy", p)
		default:
			e.Enemies = without(e.Enemies, p)
		}
	}
}

// without is s without v, in a new slice.
func without(s []int, v int) []int {
	out := make([]int, 0, len(s))
	for _, x := range s {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

// scan carries out SS, SP and SR.
func (t *run) scan(o order.Order) {
	rep := t.report(t.me())
	switch o.Code {
	case order.SS:
		id, _ := o.Target()
		s := t.w.Ship(id)
		if s != nil && s.Owner == t.me() {
			t.warn("scan-own", "ship %d is your own; you know all about it already", id)
			return
		}
		if t.w.Mode != Host {
			return
		}
		if s == nil {
			t.fail("unknown-ship", "there is no ship %d", id)
			return
		}
		if t.stopped(s.Owner, fmt.Sprintf("ship %d", s.ID)) {
			return
		}
		c := *s
		rep.ScannedShip = &c
	case order.SP:
		p := t.w.Planet(o.Planet())
		if p != nil && p.Owner == t.me() {
			t.warn("scan-own", "planet %d is your own; you know all about it already", p.ID)
			return
		}
		if t.w.Mode != Host {
			return
		}
		if p == nil {
			t.fail("unknown-planet", "there is no planet %d", o.Planet())
			return
		}
		if t.stopped(p.Owner, fmt.Sprintf("planet %d", p.ID)) {
			return
		}
		c := *p
		rep.ScannedPlanet = &c
		// "Identical to what you would receive if you controlled that
		// planet": its mines too, which are its owner's.
		rep.ScannedMines = nil
		for _, m := range t.w.G.Mines {
			if m.Planet == p.ID {
				m.Owner = p.Owner
				rep.ScannedMines = append(rep.ScannedMines, m)
			}
		}
	case order.SR:
		t.scanPlayer(o.Player())
	}
}

// stopped draws whether the interceptors of owner stop a scan of his ship
// or planet (what names it): "Interceptors are used to detect and stop
// scans from other players", the spying on an empire as well as the
// raids, with the same chance as a scan of the player (interception), at
// the same cost of 10 to the one who stops it; Sauran's, as his fleet's,
// only after turn 15. A scan of an unowned planet meets none.
func (t *run) stopped(owner int, what string) bool {
	r := t.w.R
	te := t.w.Empire(owner)
	if owner == 0 || owner == t.me() || te == nil {
		return false
	}
	stop := t.interception(t.me(), owner)
	if owner == r.Game.PlayerSauran {
		te.Interceptors = max(0, te.Interceptors-r.Sauran.InterceptorLossPerScan)
		if t.w.G.Turn+1 < r.Game.SauranScanFromTurn {
			stop = 100
		}
	}
	if !chance(t.rng("scans"), stop) {
		return false
	}
	te.Interceptors = max(0, te.Interceptors-r.Interceptors.LostPerStoppedScan)
	t.tell(owner, "Your interceptors stopped a scan of your %s by player %d.", what, t.me())
	t.tell(t.me(), "Player %d's interceptors stopped your scan of %s.", owner, what)
	return true
}

// scanPlayer carries out SR: spies and raiders into another empire.
func (t *run) scanPlayer(target int) {
	r := t.w.R
	sr := r.ScanPlayer
	e := t.w.Empire(t.me())
	switch {
	case e.Interceptors < sr.CostInterceptors:
		t.fail("interceptors-short", "scanning a player uses %d interceptors; you have %d at that point", sr.CostInterceptors, e.Interceptors)
		return
	}
	// A player who is not in the game is refused before anything is paid.
	// A check knows only the players its sheet shows: it warns.
	if te := t.w.Empire(target); te == nil {
		if t.w.Mode == Host {
			t.fail("unknown-player", "there is no player %d in this game; nothing was paid", target)
			return
		}
		t.warn("unknown-player", "your sheet shows nothing of player %d; if there is no such player in the game, the scan is refused and costs nothing", target)
	}
	if !t.afford(sr.CostCredits, fmt.Sprintf("scanning player %d", target), "") {
		return
	}
	// The empires' sizes are judged as they stand before the scan is paid
	// for: its own cost does not make the scanner the smaller.
	stop := 0.0
	if t.w.Mode == Host {
		stop = t.interception(t.me(), target)
	}
	if target == r.Game.PlayerSauran && t.w.G.Turn+1 < r.Game.SauranScanFromTurn {
		t.warn("sauran-scan-early", "a scan of Dark Lord Sauran has no chance before turn %d", r.Game.SauranScanFromTurn)
	}
	e.Interceptors -= sr.CostInterceptors
	t.pay(t.me(), sr.CostCredits, "Player scans")
	if t.w.Mode != Host {
		return
	}
	te := t.w.Empire(target)
	rng := t.rng("scans")
	if target == r.Game.PlayerSauran {
		te.Interceptors = max(0, te.Interceptors-r.Sauran.InterceptorLossPerScan)
		if t.w.G.Turn+1 < r.Game.SauranScanFromTurn {
			stop = 100
		}
	}
	if chance(rng, stop) {
		te.Interceptors = max(0, te.Interceptors-r.Interceptors.LostPerStoppedScan)
		t.tell(target, "Your interceptors stopped a scan of your empire by player %d.", t.me())
		t.tell(t.me(), "Player %d's interceptors stopped your scan.", target)
		return
	}
	// The spies' list of his fleet is taken "at the end of the turn"
	// (finish), after the pull and the black hole.
	t.report(t.me()).ScannedPlayerID = target
	stolen := rules.Adjust(max(te.Credits, 0), float64(sr.StealCreditsPercent)-100, 1)
	points := rules.Adjust(max(te.Points, 0), float64(sr.StealPointsPercent)-100, 1)
	t.pay(target, stolen, "Taken by raiders")
	t.earn(t.me(), stolen, "Raids", false)
	e.Points += points
	t.tell(target, "Raiders took %s credits from your empire; who sent them is not known.", cr(stolen))
	t.tell(t.me(), "Your raiders brought back %s credits and %s points from player %d.", cr(stolen), cr(points), target)
}

func (t *run) score(p int) int { return t.w.Score(p) }

// interception is the chance (0 to 100) that target's interceptors stop a
// scan by player p: one in a hundred an interceptor, fewer usable when a
// smaller empire scans.
func (t *run) interception(p, target int) float64 {
	te := t.w.Empire(target)
	usable := float64(te.Interceptors)
	if target != t.w.R.Game.PlayerSauran {
		usable = min(usable, float64(t.w.R.Interceptors.Max))
	}
	// The book's "small increase in the chance" for a smaller scanner: a
	// few interceptors fewer, the more the smaller it is (docs/choices.md).
	ps, ts := t.score(p), t.score(target)
	if ps < ts && ts > 0 {
		usable = max(0, usable-float64(t.w.R.ScanPlayer.SmallerEmpireMaxPoints)*(1-float64(max(ps, 0))/float64(ts)))
	}
	if n, ok := t.w.special(target, rules.EffectInterceptionPercent); ok {
		usable += float64(n)
	}
	return min(usable, 100)
}
