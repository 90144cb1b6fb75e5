package ai

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"silverfall/engine/ai/sparring"
	"silverfall/engine/galaxy"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// The levels against the sparring partners (issue 27): six-player games
// to the end, one or two seats a partner's and the rest a level's. The
// figures are a report, not yet a threshold: the levels' play changes in
// a later issue.

// seat is who plays one seat of a game: a level, or a sparring partner.
type seat struct {
	lv      *Level
	partner *sparring.Partner
}

func (s seat) name() string {
	if s.partner != nil {
		return s.partner.Name
	}
	return s.lv.Name
}

// seatResult is one empire's game, as the table counts it.
type seatResult struct {
	score, planets, stranded     int
	sales, salesCredits          int // sales of ore or fuel, and what they brought
	raids, stopped, taken, first int // raids on it (stopped or not), those its interceptors stopped, credits taken; 1 when first by score
	turns                        int // turns it gave orders in
	played                       int // turns the game lasted (it ends early once someone wins)
}

// sparGame plays one game of the seats to its end and gives each seat's
// result, by player (index 0 is player 1).
func sparGame(seed int64, seats []seat) ([]seatResult, error) {
	r := rules.Default()
	n := len(seats)
	g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: n})
	if err != nil {
		return nil, err
	}
	res := make([]seatResult, n)
	aloneDry := map[int]int{}
	for !g.Over && g.Turn < r.Game.ExpectedLastTurn {
		all := map[int][]order.Order{}
		for p := 1; p <= n; p++ {
			k := g.KnowledgeOf(r, p)
			if s := seats[p-1]; s.partner != nil {
				if all[p], err = s.partner.Play(r, k); err != nil {
					return nil, fmt.Errorf("seed %d turn %d player %d: %w", seed, g.Turn, p, err)
				}
			} else {
				all[p] = Play(r, k, uint64(seed)*1000+uint64(g.Turn*50+p), s.lv)
			}
			if len(all[p]) > 0 {
				res[p-1].turns++
			}
			res[p-1].played++
		}
		turn.Run(turn.NewWorld(r, g, turn.Host), all, turn.Options{EndOfTurn: true})
		fleet := map[[2]int]int{}
		for _, s := range g.Ships {
			fleet[[2]int{s.Owner, pointKey(s.Loc)}]++
		}
		for _, s := range g.Ships {
			st := r.Ship(s.Type)
			if s.Owner < 1 || s.Owner > n || st == nil || !st.CanMove() || s.Inside != 0 {
				continue
			}
			if s.Fuel == 0 && fleet[[2]int{s.Owner, pointKey(s.Loc)}] == 1 {
				if aloneDry[s.ID]++; aloneDry[s.ID] == 4 {
					res[s.Owner-1].stranded++
				}
			} else {
				aloneDry[s.ID] = 0
			}
		}
		for p := 1; p <= n; p++ {
			e := g.Empire(p)
			for _, l := range e.Report.Credit.Lines {
				switch {
				case strings.HasPrefix(l.What, "Ore sold"), strings.HasPrefix(l.What, "Fuel sold"):
					res[p-1].sales++
					res[p-1].salesCredits += l.Amount
				case l.What == "Taken by raiders":
					res[p-1].taken -= l.Amount
				}
			}
			for _, m := range e.Report.Messages {
				switch {
				case strings.HasPrefix(m, "Raiders took"):
					res[p-1].raids++
				case strings.HasPrefix(m, "Your interceptors stopped a scan of your empire"):
					res[p-1].raids++
					res[p-1].stopped++
				}
			}
		}
	}
	score := g.Scores(r)
	best := 1
	for p := 1; p <= n; p++ {
		res[p-1].score = score[p]
		if score[p] > score[best] {
			best = p
		}
	}
	res[best-1].first = 1
	for _, pl := range g.Planets {
		if pl.Owner >= 1 && pl.Owner <= n {
			res[pl.Owner-1].planets++
		}
	}
	return res, nil
}

// sparRow sums the games of one level against one partner.
type sparRow struct {
	level, partner string
	seats, games   int
	firsts         int     // games a partner's seat came first by score
	levelFirsts    int     // games a level's seat came first
	ratio          float64 // sum over games of the partners' mean score over the level's
	ahead          int     // games in which the partners' mean score was over the level's
	p, l           seatResult
	pn, ln         int // empire-games summed in p and l
}

func (w *sparRow) add(seats []seat, other []bool, res []seatResult) {
	w.games++
	ps, ls := 0, 0
	for i := range seats {
		into, count := &w.l, &w.ln
		if other[i] {
			into, count = &w.p, &w.pn
			ps += res[i].score
			w.firsts += res[i].first
		} else {
			ls += res[i].score
			w.levelFirsts += res[i].first
		}
		*count++
		into.planets += res[i].planets
		into.stranded += res[i].stranded
		into.sales += res[i].sales
		into.salesCredits += res[i].salesCredits
		into.raids += res[i].raids
		into.stopped += res[i].stopped
		into.taken += res[i].taken
		into.turns += res[i].turns
		into.played += res[i].played
	}
	np, nl := w.seats, len(seats)-w.seats
	w.ratio += (float64(ps) / float64(np)) / max(1, float64(ls)/float64(nl))
	if ps*nl > ls*np {
		w.ahead++
	}
}

const sparHeader = "level  partner seats games | firsts partner/level | mean ahead p/l | score ratio | planets p/l | stranded p/l | sales p/l (k credits p/l) | raids on p/l (stopped) | credits taken p/l (k)"

func (w *sparRow) String() string {
	per := func(a, n int) float64 { return float64(a) / float64(max(n, 1)) }
	return fmt.Sprintf("%-6s %-7s %5d %5d | %6d/%-5d | %7d/%-6d | %11.2f | %5.1f/%-5.1f | %5d/%-6d | %4.1f/%-4.1f (%4.0f/%-4.0f) | %3d(%d)/%d(%d) | %4.0f/%-4.0f",
		w.level, w.partner, w.seats, w.games, w.firsts, w.levelFirsts, w.ahead, w.games-w.ahead, w.ratio/float64(max(w.games, 1)),
		per(w.p.planets, w.pn), per(w.l.planets, w.ln), w.p.stranded, w.l.stranded,
		per(w.p.sales, w.pn), per(w.l.sales, w.ln), per(w.p.salesCredits, w.pn)/1000, per(w.l.salesCredits, w.ln)/1000,
		w.p.raids, w.p.stopped, w.l.raids, w.l.stopped, per(w.p.taken, w.pn)/1000, per(w.l.taken, w.ln)/1000)
}

// sparSeats are the seats of a six-player game with the partner in one
// seat or two (three apart), which move with the seed, and the level in
// the others.
func sparSeats(seed int64, lv *Level, pa *sparring.Partner, partners int) []seat {
	seats, _ := otherSeats(seed, lv, seat{partner: pa}, partners)
	return seats
}

// otherSeats are the seats of a six-player game with other (a partner or
// another level) in one seat or two, as sparSeats, and which seats those
// are.
func otherSeats(seed int64, lv *Level, other seat, n int) ([]seat, []bool) {
	seats, is := make([]seat, 6), make([]bool, 6)
	for i := range seats {
		seats[i] = seat{lv: lv}
	}
	for j := 0; j < n; j++ {
		seats[(int(seed)+3*j)%6], is[(int(seed)+3*j)%6] = other, true
	}
	return seats, is
}

// sparTable plays each level against each partner over the seeds, two
// games at a time.
func sparTable(t *testing.T, seeds []int64, levels []*Level, seatsOf []int) []*sparRow {
	t.Helper()
	var others []seat
	partners := sparring.Partners()
	only := os.Getenv("SPARRING_PARTNERS") // e.g. taker,raider: only those
	for i := range partners {
		if only == "" || slices.Contains(strings.Split(only, ","), partners[i].Name) {
			others = append(others, seat{partner: &partners[i]})
		}
	}
	return seatTable(t, seeds, levels, others, seatsOf)
}

// seatTable plays each level against each of others (partners or other
// levels) over the seeds, two games at a time.
func seatTable(t *testing.T, seeds []int64, levels []*Level, others []seat, seatsOf []int) []*sparRow {
	t.Helper()
	var rows []*sparRow
	type job struct {
		row   *sparRow
		seed  int64
		other seat
		lv    *Level
	}
	var jobs []job
	for _, lv := range levels {
		for _, o := range others {
			if o.lv == lv {
				continue
			}
			for _, n := range seatsOf {
				row := &sparRow{level: lv.Name, partner: o.name(), seats: n}
				rows = append(rows, row)
				for _, seed := range seeds {
					jobs = append(jobs, job{row, seed, o, lv})
				}
			}
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	errs := make([]error, len(jobs))
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			seats, other := otherSeats(j.seed, j.lv, j.other, j.row.seats)
			res, err := sparGame(j.seed, seats)
			if err != nil {
				errs[i] = err
				return
			}
			mu.Lock()
			j.row.add(seats, other, res)
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return rows
}

// The table of each level against each sparring partner, on demand:
// SPARRING_SEEDS=24 go test ./engine/ai -run SparringTable -v (one and two
// partner seats; SPARRING_SEATS=1 or 2 for one of them; SPARRING_LEVELS=hard,normal
// for the levels to play, all three when unset; SPARRING_PARTNERS=taker,raider
// for only those partners, and the rows of the levels against each other
// only when it names "levels").
func TestSparringTable(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("SPARRING_SEEDS"))
	if err != nil || n <= 0 {
		t.Skip("set SPARRING_SEEDS to the number of seeds to play")
	}
	seatsOf := []int{1, 2}
	switch os.Getenv("SPARRING_SEATS") {
	case "1":
		seatsOf = []int{1}
	case "2":
		seatsOf = []int{2}
	}
	levels := []*Level{Hard(), Normal(), Easy()}
	if names := os.Getenv("SPARRING_LEVELS"); names != "" {
		levels = nil
		for _, name := range strings.Split(names, ",") {
			lv, err := LevelNamed(name)
			if err != nil {
				t.Fatal(err)
			}
			levels = append(levels, lv)
		}
	}
	rows := sparTable(t, seeds(n), levels, seatsOf)
	// And each level against each other: one or two seats of the other.
	var others []seat
	for _, lv := range levels {
		others = append(others, seat{lv: lv})
	}
	if only := os.Getenv("SPARRING_PARTNERS"); only == "" || slices.Contains(strings.Split(only, ","), "levels") {
		rows = append(rows, seatTable(t, seeds(n), levels, others, seatsOf)...)
	}
	var b strings.Builder
	fmt.Fprintln(&b, sparHeader)
	for _, w := range rows {
		fmt.Fprintln(&b, w)
	}
	t.Logf("levels against the sparring partners, %d seeds of six players to the end:\n%s", n, &b)
}

// The short run of the table: every partner plays a whole game against
// normal empires, and the table counts it.
func TestSparringPlaysAWholeGame(t *testing.T) {
	rows := sparTable(t, []int64{1}, []*Level{Normal()}, []int{1})
	if len(rows) != len(sparring.Partners()) {
		t.Fatalf("%d rows, want one a partner", len(rows))
	}
	for _, w := range rows {
		if w.games != 1 || w.pn != 1 || w.ln != 5 {
			t.Errorf("%s: %d games, %d partner and %d level empire-games, want 1, 1, 5", w.partner, w.games, w.pn, w.ln)
		}
		// A partner gives orders while it has ships to give them to (a
		// trader whose cargo ships are lost has none), and the levels play
		// to the end of the game (which a win may bring early).
		if w.p.turns < 10 || w.l.played < 5*15 || w.l.turns < w.l.played {
			t.Errorf("%s gave orders in %d turns of the game, the level's empires in %d of %d", w.partner, w.p.turns, w.l.turns, w.l.played)
		}
	}
	var b strings.Builder
	for _, w := range rows {
		fmt.Fprintln(&b, w)
	}
	t.Logf("%s\n%s", sparHeader, &b)
}
