package ai

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// figures are what issue 20 asks to measure over whole games of computer
// empires. Counts are summed over the games measured.
type figures struct {
	games, empires int

	movable20, dry20    int     // movable ships at turn 20, and those of them without fuel
	worstDryShare       float64 // the highest share of one empire's movable ships without fuel at turn 20
	dryEmpires          int     // empires with more than 10% of their movable ships without fuel at turn 20
	dry20New            int     // of the ships without fuel at turn 20, those built in turn 20 (a new ship has none until it loads the next turn)
	dryEmpiresOld       int     // empires over 10% not counting those
	stranded            int     // ships alone, without fuel, for more than three turns in a row
	saleTurns           int     // empire-turns with a sale of ore or fuel
	sales               int     // sales of ore or fuel
	empireTurns         int
	marketTurns         int // empire-turns in which some trading planet still trades
	blackHole           int // the empires' ships the black hole took
	emptyForGood        int // market stocks (ore type or fuel of a trading planet) at 0 for the last five turns the markets lasted
	unsupplied          int // market stocks nothing was sold to in the last five turns
	stocks              int // market stocks in all
	stockShare          float64
	brokeTurns          int       // empire-turns below zero credits
	longBroke           int       // empires below zero for more than two turns in a row
	fights              int       // credit lines for damage done to another empire
	sauranDamage        int       // points for damage done to Sauran
	alliances           int       // pairs of empires allied both ways at the end
	allianceBreaks      int       // BA orders
	scans               int       // SS, SP and SR orders
	stationsKilled      int       // Sauran's battle stations destroyed
	jointTurns          int       // empire-turns in which an empire's ships damaged Sauran where an ally fought him too (orders given or carried over)
	jointStations       int       // of those, the ones at one of Sauran's battle stations, its ships firing on the station or a guard of it
	jointPoints         int       // as jointTurns, but any points gained in the turn rather than fire on Sauran (the first measure)
	jointPointsStations int       // as jointStations, so measured
	won                 int       // games some empire won
	wins                []string  // seed, turn and winners of each game won
	dryList             []string  // seed:player share of the empires over 10% without fuel at turn 20
	empireSaleShare     []float64 // each empire's share of its turns with a sale
	salesByTurn         [32]int   // empires with a sale, by turn
	lowStock            float64   // the lowest average market stock (share of reference) at a turn's end
	emptyAtEnd          int       // market stocks at 0 at the last turn
	names               int       // naming orders
	bestShare           float64   // the highest share of the planets one empire held at the end of a turn
	bestScore           int       // the highest score at the end
	closest             []string  // each game's empire with the largest share of the planets at the end: seed:player share score
	nearest             []float64 // each game's empire nearest a win: its larger shortfall (0.1: 10% short of the share or the score)
	ranks               map[string][]int
	firsts              []string           // each game's first place by score: seed:player score
	raided, scanPaid    int                // credits raids brought back, and paid for player scans
	parts               map[string]*[5]int // by level, summed at the end: credits, points and anti-points, planets, ships, empires
}

func (f *figures) String() string {
	var b strings.Builder
	pct := func(a, n int) float64 {
		if n == 0 {
			return 0
		}
		return 100 * float64(a) / float64(n)
	}
	fmt.Fprintf(&b, "%d games, %d empires\n", f.games, f.empires)
	fmt.Fprintf(&b, "turn 20: %d of %d movable ships without fuel (%.1f%%), worst empire %.0f%%, %d empires over 10%%\n",
		f.dry20, f.movable20, pct(f.dry20, f.movable20), 100*f.worstDryShare, f.dryEmpires)
	fmt.Fprintf(&b, "of those without fuel, %d built in turn 20 itself (a new ship has none until the next turn's loading); empires over 10%% not counting them: %d\n",
		f.dry20New, f.dryEmpiresOld)
	fmt.Fprintf(&b, "empires over 10%% without fuel at turn 20 (seed:player share): %v\n", f.dryList)
	fmt.Fprintf(&b, "stranded ships (alone, no fuel, > 3 turns): %d\n", f.stranded)
	shares := append([]float64(nil), f.empireSaleShare...)
	sort.Float64s(shares)
	under := 0
	for _, v := range shares {
		if v < 0.5 {
			under++
		}
	}
	lowest := 0.0
	if len(shares) > 0 {
		lowest = shares[0]
	}
	fmt.Fprintf(&b, "sales: %.2f a turn per empire; a sale in %.0f%% of empire-turns (%.0f%% of the %d with a market); lowest empire %.0f%%, %d of %d empires below every other turn\n",
		float64(f.sales)/float64(max(f.empireTurns, 1)), pct(f.saleTurns, f.empireTurns), pct(f.saleTurns, f.marketTurns), f.marketTurns, 100*lowest, under, len(shares))
	fmt.Fprintf(&b, "empires with a sale, by turn (turns 2-25): %v\n", f.salesByTurn[2:26])
	fmt.Fprintf(&b, "market stocks at their last turn: %.0f%% of reference on average, %d of %d at 0; %d empty for the last five turns; %d sold nothing to in the last five turns; lowest average stock at a turn's end %.0f%%\n",
		100*f.stockShare/float64(max(f.games, 1)), f.emptyAtEnd, f.stocks, f.emptyForGood, f.unsupplied, 100*f.lowStock)
	fmt.Fprintf(&b, "below zero credits: %d empire-turns; %d empires more than two turns in a row\n", f.brokeTurns, f.longBroke)
	fmt.Fprintf(&b, "fights between empires (damage paid by Sauran): %d; points from Sauran's ships: %d\n", f.fights, f.sauranDamage)
	fmt.Fprintf(&b, "alliances holding at the end: %d; broken: %d; scans: %d; Sauran's stations destroyed: %d\n",
		f.alliances, f.allianceBreaks, f.scans, f.stationsKilled)
	fmt.Fprintf(&b, "empire-turns damaging Sauran where an ally fought him too: %d, at his battle stations: %d (counting any points gained in the turn, as first measured: %d and %d)\n",
		f.jointTurns, f.jointStations, f.jointPoints, f.jointPointsStations)
	fmt.Fprintf(&b, "games won: %d of %d %v (best share of the planets held at a turn's end %.1f%%, best score %d); naming orders: %d\n",
		f.won, f.games, f.wins, 100*f.bestShare, f.bestScore, f.names)
	fmt.Fprintf(&b, "largest share of the planets at the end, by game (seed:player share score): %v\n", f.closest)
	fmt.Fprintf(&b, "first place by score, by game (seed:player score): %v\n", f.firsts)
	fmt.Fprintf(&b, "raids brought back %d credits; player scans cost %d; the empires' ships lost to the black hole: %d\n", f.raided, f.scanPaid, f.blackHole)
	var lv []string
	for name := range f.ranks {
		lv = append(lv, name)
	}
	sort.Strings(lv)
	for _, name := range lv {
		fmt.Fprintf(&b, "finishing places of %s: %v\n", name, f.ranks[name])
		if pa := f.parts[name]; pa != nil && pa[4] > 0 {
			n := pa[4]
			fmt.Fprintf(&b, "%s at the end, on average: credits %d, points and anti-points %d, planets %.1f, ships %.1f\n",
				name, pa[0]/n, pa[1]/n, float64(pa[2])/float64(n), float64(pa[3])/float64(n))
		}
	}
	return b.String()
}

// add sums another game's figures into f.
func (f *figures) add(o *figures) {
	f.games += o.games
	f.empires += o.empires
	f.movable20 += o.movable20
	f.dry20 += o.dry20
	f.worstDryShare = max(f.worstDryShare, o.worstDryShare)
	f.dryEmpires += o.dryEmpires
	f.dry20New += o.dry20New
	f.dryEmpiresOld += o.dryEmpiresOld
	f.stranded += o.stranded
	f.saleTurns += o.saleTurns
	f.sales += o.sales
	f.empireTurns += o.empireTurns
	f.marketTurns += o.marketTurns
	f.blackHole += o.blackHole
	f.emptyForGood += o.emptyForGood
	f.unsupplied += o.unsupplied
	f.stocks += o.stocks
	f.stockShare += o.stockShare
	f.brokeTurns += o.brokeTurns
	f.longBroke += o.longBroke
	f.fights += o.fights
	f.sauranDamage += o.sauranDamage
	f.alliances += o.alliances
	f.allianceBreaks += o.allianceBreaks
	f.scans += o.scans
	f.stationsKilled += o.stationsKilled
	f.jointTurns += o.jointTurns
	f.jointStations += o.jointStations
	f.jointPoints += o.jointPoints
	f.jointPointsStations += o.jointPointsStations
	f.won += o.won
	f.wins = append(f.wins, o.wins...)
	f.closest = append(f.closest, o.closest...)
	f.firsts = append(f.firsts, o.firsts...)
	f.raided += o.raided
	for k, v := range o.parts {
		if f.parts == nil {
			f.parts = map[string]*[5]int{}
		}
		if f.parts[k] == nil {
			f.parts[k] = &[5]int{}
		}
		for i := range v {
			f.parts[k][i] += v[i]
		}
	}
	f.scanPaid += o.scanPaid
	f.nearest = append(f.nearest, o.nearest...)
	f.dryList = append(f.dryList, o.dryList...)
	f.empireSaleShare = append(f.empireSaleShare, o.empireSaleShare...)
	for i := range f.salesByTurn {
		f.salesByTurn[i] += o.salesByTurn[i]
	}
	if f.games == o.games || o.lowStock < f.lowStock {
		f.lowStock = o.lowStock
	}
	f.emptyAtEnd += o.emptyAtEnd
	f.names += o.names
	f.bestShare = max(f.bestShare, o.bestShare)
	f.bestScore = max(f.bestScore, o.bestScore)
	if f.ranks == nil {
		f.ranks = map[string][]int{}
	}
	for k, v := range o.ranks {
		f.ranks[k] = append(f.ranks[k], v...)
	}
}

// measureGame plays one game of computer empires, each at the level
// levelOf gives, and measures it.
func measureGame(seed int64, players, turns int, levelOf func(p int) *Level) (*figures, error) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: players})
	if err != nil {
		return nil, err
	}
	f := &figures{games: 1, empires: players, ranks: map[string][]int{}}
	aloneDry := map[int]int{} // ship -> turns in a row alone without fuel
	brokeRun := map[int]int{}
	longBroke := map[int]bool{}
	stations := func() int {
		n := 0
		for _, s := range g.Ships {
			if s.Owner == r.Game.PlayerSauran && s.Type == rules.TypeBattleStation {
				n++
			}
		}
		return n
	}
	startStations := stations()
	emptySince := map[[2]int]int{}
	delivered := map[[2]int]int{} // (market, ore type or fuel) -> the last turn something was sold to it
	saleTurns := map[int]int{}
	f.lowStock = 1e9
	sauran := r.Game.PlayerSauran
	for !g.Over && g.Turn < turns {
		trading := len(g.Markets) > 0 // some market trades this turn
		all := map[int][]order.Order{}
		// Where each empire sends its ships against Sauran this turn.
		spots := map[int][]geom.Point{}
		where := map[int]geom.Point{}
		for _, s := range g.Ships {
			where[s.ID] = s.Loc
		}
		market := map[geom.Point]int{}
		for _, pl := range g.Planets {
			if _, ok := g.Markets[pl.ID]; ok && pl.Kind == model.Trading {
				market[pl.Loc] = pl.ID
			}
		}
		cargo := map[int]model.Ore{}
		for _, s := range g.Ships {
			cargo[s.ID] = s.Cargo
		}
		for p := 1; p <= players; p++ {
			all[p] = Play(r, g.KnowledgeOf(r, p), uint64(seed)*1000+uint64(g.Turn*50+p), levelOf(p))
			for _, o := range all[p] {
				// What is sold where, this turn (the ore and fuel unloaded at
				// a trading planet).
				if id, ok := market[where[o.Subject()]]; ok {
					switch o.Code {
					case order.UL:
						for ty, n := range cargo[o.Subject()] {
							if n > 0 && (o.OreType() == 0 || o.OreType() == ty+1) {
								delivered[[2]int{id, ty}] = g.Turn + 1
							}
						}
					case order.UF:
						delivered[[2]int{id, rules.OreTypes}] = g.Turn + 1
					}
				}
				if o.Player() == sauran {
					switch o.Code {
					case order.EN:
						if at, ok := o.Location(); ok {
							spots[p] = append(spots[p], at)
						}
					case order.DF:
						spots[p] = append(spots[p], where[o.Subject()])
					}
				}
				switch o.Code {
				case order.SS, order.SP, order.SR:
					f.scans++
				case order.BA:
					f.allianceBreaks++
				case order.NameShip, order.NamePlanet, order.NameOfficer:
					f.names++
				}
			}
		}
		// Orders carried over from last turn count too: an engage order
		// goes on until its target is reached.
		given := map[int]bool{}
		for p := 1; p <= players; p++ {
			for _, o := range all[p] {
				if o.Class() == order.BattleMovement {
					given[o.Subject()] = true
				}
			}
		}
		for _, s := range g.Ships {
			if s.Owner < 1 || s.Owner > players || given[s.ID] || s.Standing.Player() != sauran {
				continue
			}
			switch s.Standing.Code {
			case order.EN:
				if at, ok := s.Standing.Location(); ok {
					spots[s.Owner] = append(spots[s.Owner], at)
				}
			case order.DF:
				spots[s.Owner] = append(spots[s.Owner], s.Loc)
			}
		}
		before := map[int]int{}
		for p := 1; p <= players; p++ {
			before[p] = g.Empire(p).Points
		}
		existed := map[int]bool{}
		startShips := append([]model.Ship(nil), g.Ships...)
		var startStations []geom.Point
		for _, s := range g.Ships {
			existed[s.ID] = true
			if s.Owner == sauran && s.Type == rules.TypeBattleStation {
				startStations = append(startStations, s.Loc)
			}
		}
		turn.Run(turn.NewWorld(r, g, turn.Host), all, turn.Options{EndOfTurn: true})
		fleet := map[[2]int]int{} // (owner, location) -> ships there
		key := func(s *model.Ship) [2]int { return [2]int{s.Owner, pointKey(s.Loc)} }
		for i := range g.Ships {
			fleet[key(&g.Ships[i])]++
		}
		for i := range g.Ships {
			s := &g.Ships[i]
			st := r.Ship(s.Type)
			if s.Owner < 1 || s.Owner > players || st == nil || !st.CanMove() || s.Inside != 0 {
				continue
			}
			if s.Fuel == 0 && fleet[key(s)] == 1 {
				aloneDry[s.ID]++
				if aloneDry[s.ID] == 4 {
					f.stranded++
				}
			} else {
				aloneDry[s.ID] = 0
			}
		}
		held := map[int]int{}
		for _, pl := range g.Planets {
			held[pl.Owner]++
		}
		for p := 1; p <= players; p++ {
			f.bestShare = max(f.bestShare, float64(held[p])/float64(len(g.Planets)))
		}
		dry, movable, newDry := map[int]int{}, map[int]int{}, map[int]int{}
		if g.Turn == 20 {
			for _, s := range g.Ships {
				if st := r.Ship(s.Type); s.Owner >= 1 && s.Owner <= players && st != nil && st.CanMove() {
					movable[s.Owner]++
					if s.Fuel == 0 {
						dry[s.Owner]++
						if !existed[s.ID] {
							newDry[s.Owner]++
						}
					}
				}
			}
			for p := 1; p <= players; p++ {
				f.movable20 += movable[p]
				f.dry20 += dry[p]
				f.dry20New += newDry[p]
				if movable[p] > 0 {
					f.worstDryShare = max(f.worstDryShare, float64(dry[p])/float64(movable[p]))
					if dry[p]*10 > movable[p] {
						f.dryEmpires++
						f.dryList = append(f.dryList, fmt.Sprintf("%d:%d %d/%d (%d new)", seed, p, dry[p], movable[p], newDry[p]))
					}
					if (dry[p]-newDry[p])*10 > movable[p] {
						f.dryEmpiresOld++
					}
				}
			}
		}
		var stationsAt []geom.Point
		for _, s := range g.Ships {
			if s.Owner == sauran && s.Type == rules.TypeBattleStation {
				stationsAt = append(stationsAt, s.Loc)
			}
		}
		near := func(a, b []geom.Point, d int) bool {
			for _, x := range a {
				for _, y := range b {
					if x.Within(y, d) {
						return true
					}
				}
			}
			return false
		}
		// Sauran's ships at a station at the start of the turn: the station
		// and its guards (which the turn's pull may have drawn up to its
		// figure further off).
		guarding := map[int]bool{}
		for _, s := range startShips {
			if s.Owner == sauran && near([]geom.Point{s.Loc}, startStations, 30+r.GravityPull(g.Turn)) {
				guarding[s.ID] = true
			}
		}
		for p := 1; p <= players; p++ {
			e := g.Empire(p)
			// What the empire's ships fired on, by its battle report: any of
			// Sauran's ships, and his ships at a station.
			hit, hitStation := false, false
			for _, l := range e.Report.Battle {
				if strings.Contains(l, "fell into the black hole") && strings.HasPrefix(l, "Your ship") {
					f.blackHole++
				}
				if m := firedOnSauran.FindStringSubmatch(l); m != nil {
					hit = true
					if id, err := strconv.Atoi(m[1]); err == nil && guarding[id] {
						hitStation = true
					}
				}
			}
			if e.Points > before[p] {
				for _, a := range e.Allies {
					if a >= 1 && a <= players && near(spots[p], spots[a], 30) {
						// As first measured: any points gained in the turn
						// (an ally's anti-points and artifacts bring some).
						f.jointPoints++
						if near(spots[p], stationsAt, 30) {
							f.jointPointsStations++
						}
						if hit {
							f.jointTurns++
						}
						if hitStation && near(spots[p], stationsAt, 30) {
							f.jointStations++
						}
						break
					}
				}
			}
			f.empireTurns++
			if trading {
				f.marketTurns++
			}
			sold := 0
			for _, l := range e.Report.Credit.Lines {
				switch {
				case strings.HasPrefix(l.What, "Ore sold"), strings.HasPrefix(l.What, "Fuel sold"):
					sold++
				case l.What == "Paid by Dark Lord Sauran":
					f.fights++
				case l.What == "Raids":
					f.raided += l.Amount
				case l.What == "Player scans":
					f.scanPaid -= l.Amount
				}
			}
			f.sales += sold
			if sold > 0 {
				f.saleTurns++
				saleTurns[p]++
				f.salesByTurn[min(g.Turn, len(f.salesByTurn)-1)]++
			}
			f.sauranDamage += e.Points - before[p]
			if e.Credits < 0 {
				f.brokeTurns++
				brokeRun[p]++
				if brokeRun[p] > 2 {
					longBroke[p] = true
				}
			} else {
				brokeRun[p] = 0
			}
		}
		ids := make([]int, 0, len(g.Markets))
		for id := range g.Markets {
			ids = append(ids, id)
		}
		sort.Ints(ids)
		if len(ids) > 0 {
			f.stocks, f.stockShare, f.emptyForGood, f.emptyAtEnd = 0, 0, 0, 0
		}
		for _, id := range ids {
			m := g.Markets[id]
			for ty := 0; ty <= rules.OreTypes; ty++ {
				n, ref := m.Fuel, r.Market.ReferenceFuel
				if ty < rules.OreTypes {
					n, ref = m.Stock[ty], r.Market.ReferenceStock[ty]
				}
				f.stocks++
				f.stockShare += float64(n) / float64(ref)
				if n == 0 {
					f.emptyAtEnd++
				}
				if since, ok := emptySince[[2]int{id, ty}]; ok && n == 0 && since <= g.Turn-4 {
					f.emptyForGood++
				}
				k := [2]int{id, ty}
				if n > 0 {
					delete(emptySince, k)
				} else if _, ok := emptySince[k]; !ok {
					emptySince[k] = g.Turn
				}
			}
		}
		if f.stocks > 0 {
			f.lowStock = min(f.lowStock, f.stockShare/float64(f.stocks))
		}
	}
	for id := range g.Markets {
		for ty := 0; ty <= rules.OreTypes; ty++ {
			if delivered[[2]int{id, ty}] <= g.Turn-5 {
				f.unsupplied++
			}
		}
	}
	if f.lowStock > 1e8 {
		f.lowStock = 0
	}
	for p := 1; p <= players; p++ {
		f.empireSaleShare = append(f.empireSaleShare, float64(saleTurns[p])/float64(max(f.empireTurns/players, 1)))
	}
	f.stockShare /= float64(max(f.stocks, 1))
	f.longBroke = len(longBroke)
	for p := 1; p <= players; p++ {
		for _, a := range g.Empire(p).Allies {
			if a > p && a <= players && g.Empire(a).HasAlly(p) {
				f.alliances++
			}
		}
	}
	f.stationsKilled = startStations - stations()
	if len(g.Winners) > 0 {
		f.won = 1
		f.wins = append(f.wins, fmt.Sprintf("seed %d turn %d %v", seed, g.Turn, g.Winners))
	}
	// Finishing places by score, for the levels' tournament.
	score := g.Scores(r)
	order := make([]int, 0, players)
	held := map[int]int{}
	for _, pl := range g.Planets {
		held[pl.Owner]++
	}
	top := 1
	for p := 1; p <= players; p++ {
		f.bestScore = max(f.bestScore, score[p])
		order = append(order, p)
		if held[p] > held[top] {
			top = p
		}
	}
	f.closest = append(f.closest, fmt.Sprintf("%d:%d %.1f%% %d", seed, top, 100*float64(held[top])/float64(max(len(g.Planets), 1)), score[top]))
	// The empire nearest a win: the larger of its two shortfalls (planets
	// against 15%, score against five million) the smallest.
	near, nearGap := 0, 0.0
	for p := 1; p <= players; p++ {
		share := float64(held[p]) / float64(max(len(g.Planets), 1)) / (float64(r.Winning.PlanetSharePercent) / 100)
		gap := max(1-share, 1-float64(score[p])/float64(r.Winning.Score))
		if near == 0 || gap < nearGap {
			near, nearGap = p, gap
		}
	}
	f.nearest = append(f.nearest, nearGap)
	sort.SliceStable(order, func(i, j int) bool { return score[order[i]] > score[order[j]] })
	f.firsts = append(f.firsts, fmt.Sprintf("%d:%d %d", seed, order[0], score[order[0]]))
	if f.parts == nil {
		f.parts = map[string]*[5]int{}
	}
	for _, p := range order {
		name := levelOf(p).Name
		if f.parts[name] == nil {
			f.parts[name] = &[5]int{}
		}
		e := g.Empire(p)
		ships := 0
		for _, s := range g.Ships {
			if s.Owner == p {
				ships++
			}
		}
		pa := f.parts[name]
		pa[0] += e.Credits
		pa[1] += e.Points + e.AntiPoints
		pa[2] += held[p]
		pa[3] += ships
		pa[4]++
	}
	for place, p := range order {
		name := levelOf(p).Name
		f.ranks[name] = append(f.ranks[name], place+1)
	}
	return f, nil
}

// firedOnSauran is the battle report's line for a shot of the empire's
// at one of Sauran's ships (engine/turn/battle.go).
var firedOnSauran = regexp.MustCompile(`^Phase \d: your ship \d+ \(.*\) fired on ship (\d+) of player 99 \(`)

func pointKey(p geom.Point) int { return (p.X+1000)*4_000_000 + (p.Y+1000)*2000 + p.Z + 1000 }

// measure plays the seeds' games two at a time and sums their figures.
func measure(t *testing.T, seeds []int64, players, turns int, levelOf func(seed int64, p int) *Level) *figures {
	t.Helper()
	res := make([]*figures, len(seeds))
	errs := make([]error, len(seeds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, seed := range seeds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res[i], errs[i] = measureGame(seed, players, turns, func(p int) *Level { return levelOf(seed, p) })
		}()
	}
	wg.Wait()
	all := &figures{}
	for i := range res {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		all.add(res[i])
	}
	return all
}

func seeds(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = int64(i + 1)
	}
	return s
}

// The figures issue 20 asks for, over 12 seeds of 6-player games to turn
// 25, with every empire at one level.
func TestMeasureLevels(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	for _, lv := range []*Level{Easy(), Normal()} {
		f := measure(t, seeds(n), 6, 25, func(int64, int) *Level { return lv })
		t.Logf("level %s:\n%s", lv.Name, f)
		// What the levels meet of issue 20 is held here; the rest (fights,
		// alliances, scans) is in the figures above.
		if f.longBroke > 0 {
			t.Errorf("level %s: %d empires below zero credits for more than two turns in a row", lv.Name, f.longBroke)
		}
		if f.dry20*10 > f.movable20 {
			t.Errorf("level %s: %d of %d movable ships without fuel at turn 20", lv.Name, f.dry20, f.movable20)
		}
		// Nor has more than one normal empire of the 72 more than 10% of
		// its movable ships without fuel at turn 20, not counting those
		// built in turn 20 itself (docs/choices.md: they load their first
		// fuel the next turn, by the rules' phases). None had while the
		// trading planets held their place; by the book's pull they fall
		// in turn 20 itself, and ships that traded or bought fuel at them
		// are drawn in with them: one empire here (1 of its 6 movable
		// ships), and over 36 games 2 of 216, against 1 of 216 with the
		// markets held.
		if lv.Name == "normal" && f.dryEmpiresOld > 1 {
			t.Errorf("level %s: %d empires with more than 10%% of their movable ships without fuel at turn 20: %v", lv.Name, f.dryEmpiresOld, f.dryList)
		}
		if f.names == 0 {
			t.Errorf("level %s names nothing", lv.Name)
		}
		// Normal leaves no ship alone without fuel for more than three
		// turns (issue 20; a loaded trader used to).
		if lv.Name == "normal" && f.stranded > 0 {
			t.Errorf("level %s: %d ships alone without fuel for more than three turns", lv.Name, f.stranded)
		}
		// Its markets are not emptied for good: no stock of a trading
		// planet stays at nothing for the last five turns (issue 20).
		if lv.Name == "normal" && f.emptyForGood > 0 {
			t.Errorf("level %s: %d of %d market stocks empty for the last five turns", lv.Name, f.emptyForGood, f.stocks)
		}
		// Issue 20 asked normal to sell every other turn and to attack
		// Sauran's stations with its allies; issue 27 measured it against
		// players (sparring_test.go): its trade and mines cost more than
		// the ore brought, and its scans of Sauran (which found the
		// stations) more than they took, so it no longer builds cargo
		// ships, starts mines or scans (docs/choices.md). What it plays
		// for instead is the book's win: it meets a winning condition in
		// some of the 12 games (9 when this was written; none in issue 20).
		if lv.Name == "normal" && !testing.Short() && f.won == 0 {
			t.Errorf("level %s: no game of %d won", lv.Name, f.games)
		}

	}
}

// Normal goes for a winning condition (issue 20): over 36 seeds of
// 6-player games to turn 25, some empire wins at least one (none did
// before). A win needs more than 15% of the planets and a score over five
// million at once, and comes in a few games in a hundred, too few to hold
// in the 12 games above.
func TestNormalWins(t *testing.T) {
	if testing.Short() {
		t.Skip("36 whole games")
	}
	lv := Normal()
	f := measure(t, seeds(36), 6, 25, func(int64, int) *Level { return lv })
	over := 0
	for _, c := range f.closest {
		var seed, p int
		var share float64
		if _, err := fmt.Sscanf(c, "%d:%d %f%%", &seed, &p, &share); err == nil && share > 15 {
			over++
		}
	}
	within := [4]int{}
	for _, gap := range f.nearest {
		for i, lim := range []float64{0.05, 0.1, 0.2, 0.3} {
			if gap <= lim {
				within[i]++
			}
		}
	}
	t.Logf("games won: %d of %d %v; games whose largest share of the planets at the end is over 15%%: %d; games where some empire ends within 5/10/20/30%% of a win (of the planets' share and of the score, the further): %v\n%s",
		f.won, f.games, f.wins, over, within, strings.Join(f.closest, ", "))
	t.Logf("all figures:\n%s", f)
	if f.won == 0 {
		t.Errorf("no empire won in any of the %d games", f.games)
	}
}

// The levels' tournament: in each game half the empires play easy and
// half normal (which half changes with the seed); normal must finish
// above easy in at least three of four pairings of a normal and an easy
// empire of the same game, over 36 games. (Over 12, under the book's
// rules, the share moved between 72% and 76% with changes to the engine
// that had nothing to do with the levels, while over 36 it stays at 76%
// to 79%: since the markets fall in turn 20 and raids on a broke Sauran
// bring nothing, normal's lead over easy is the planets' tax alone, and
// 12 games are too few to measure it.)
func TestNormalBeatsEasy(t *testing.T) {
	n := 36
	if testing.Short() {
		n = 4
	}
	easy, normal := Easy(), Normal()
	wins, pairs := 0, 0
	var all figures
	for _, seed := range seeds(n) {
		f := measure(t, []int64{seed}, 6, 25, func(seed int64, p int) *Level {
			if (p+int(seed))%2 == 0 {
				return normal
			}
			return easy
		})
		for _, a := range f.ranks[normal.Name] {
			for _, b := range f.ranks[easy.Name] {
				pairs++
				if a < b {
					wins++
				}
			}
		}
		all.add(f)
	}
	share := float64(wins) / float64(max(pairs, 1))
	t.Logf("normal above easy in %d of %d pairings (%.0f%%)\n%s", wins, pairs, 100*share, &all)
	if share < 0.75 {
		t.Errorf("normal finishes above easy in only %.0f%% of pairings, want at least 75%%", 100*share)
	}
}
