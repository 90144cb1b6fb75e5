package known_test

import (
	"math/rand"
	"reflect"
	"runtime"
	"testing"

	"silverfall/engine/ai"
	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// play plays a game of the computer empires and returns every player's
// sheet of every turn: sheets[turn-1][player-1].
func play(tb testing.TB, seed int64, players, turns int) [][]*model.Knowledge {
	tb.Helper()
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: seed, Players: players, Name: "Known"})
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]*model.Knowledge
	for n := 1; ; n++ {
		var row []*model.Knowledge
		for p := 1; p <= players; p++ {
			row = append(row, g.KnowledgeOf(r, p))
		}
		out = append(out, row)
		if n == turns || g.Over {
			return out
		}
		orders := map[int][]order.Order{}
		for p := 1; p <= players; p++ {
			orders[p] = ai.Play(r, row[p-1], uint64(seed)*1000+uint64(n*100+p), ai.Normal())
		}
		turn.Run(turn.NewWorld(r, g, turn.Host), orders, turn.Options{EndOfTurn: true})
	}
}

// seen is what the test expects of an object: where and whose it was on
// the last turn a sheet showed it.
type seen struct {
	owner int
	loc   geom.Point
	turn  int
}

// expect works out, from the sheets alone and in the simplest way, what
// is known of each planet and ship after each turn, and each ship's
// places.
func expect(sheets []*model.Knowledge) ([]map[model.Key]seen, map[int][]known.Sighting) {
	var out []map[model.Key]seen
	now := map[model.Key]seen{}
	tracks := map[int][]known.Sighting{}
	for _, s := range sheets {
		t := s.Turn
		put := func(key model.Key, owner int, loc geom.Point) {
			if now[key].turn == t {
				return
			}
			now[key] = seen{owner, loc, t}
			if key.Kind == model.KindShip {
				tracks[key.ID] = append(tracks[key.ID], known.Sighting{Turn: t, Loc: loc})
			}
		}
		for _, p := range s.Planets {
			put(model.PlanetKey(p.ID), p.Owner, p.Loc)
		}
		for _, p := range s.SeenPlanets() {
			put(model.PlanetKey(p.ID), p.Owner, p.Loc)
		}
		for _, p := range s.Trading {
			put(model.PlanetKey(p.Planet.ID), p.Planet.Owner, p.Planet.Loc)
		}
		for _, sh := range s.Ships {
			put(model.ShipKey(sh.ID), sh.Owner, sh.Loc)
		}
		for _, sh := range s.SeenShips() {
			put(model.ShipKey(sh.ID), sh.Owner, sh.Loc)
		}
		c := map[model.Key]seen{}
		for k, v := range now {
			c[k] = v
		}
		out = append(out, c)
	}
	return out, tracks
}

// Over a 10-turn game of six, what player 1 and player 4 know, as of
// every turn, is each planet and ship where and whose it was when last
// seen, and each ship's track; the sheets added in a shuffled order of
// turns tell exactly the same.
func TestMergedKnowledge(t *testing.T) {
	const turns = 10
	game := play(t, 11, 6, turns)
	for _, p := range []int{1, 4} {
		var mine []*model.Knowledge
		for _, row := range game {
			mine = append(mine, row[p-1])
		}
		want, tracks := expect(mine)
		k := known.New("Known", p)
		for _, s := range mine {
			if err := k.Add(s); err != nil {
				t.Fatal(err)
			}
		}
		old := 0
		for turn := 1; turn <= len(mine); turn++ {
			got := map[model.Key]seen{}
			for _, o := range k.ObjectsAt(turn) {
				if o.Key.Kind == model.KindPlanet || o.Key.Kind == model.KindShip {
					got[o.Key] = seen{o.Owner, o.Loc, o.Turn}
				}
				if o.Turn < turn {
					old++
				}
			}
			if !reflect.DeepEqual(got, want[turn-1]) {
				t.Errorf("player %d, turn %d: %d objects known, want %d, or their facts differ", p, turn, len(got), len(want[turn-1]))
			}
		}
		if old == 0 {
			t.Errorf("player %d: nothing was ever out of sight: the game tests too little", p)
		}
		for id, w := range tracks {
			got := k.Track(id)
			for i := range got {
				got[i].Source = known.Source{}
			}
			if !reflect.DeepEqual(got, w) {
				t.Errorf("player %d: ship %d's track %v, want %v", p, id, got, w)
			}
		}
		shuffled := known.New("Known", p)
		rng := rand.New(rand.NewSource(int64(p)))
		for _, i := range rng.Perm(len(mine)) {
			if err := shuffled.Add(mine[i]); err != nil {
				t.Fatal(err)
			}
		}
		for turn := 1; turn <= len(mine); turn++ {
			if !reflect.DeepEqual(shuffled.ObjectsAt(turn), k.ObjectsAt(turn)) {
				t.Errorf("player %d, turn %d: the sheets in another order tell otherwise", p, turn)
			}
		}
	}
}

// An ally's sheets add what only he sees, marked as his, and change
// nothing the player's own sheet shows on the same turn.
func TestAllysSheets(t *testing.T) {
	game := play(t, 5, 4, 4)
	k := known.New("Known", 1)
	for _, row := range game {
		if err := k.Add(row[0]); err != nil {
			t.Fatal(err)
		}
	}
	alone := k.ObjectsAt(4)
	for _, row := range game {
		if err := k.Add(row[1]); err != nil {
			t.Fatal(err)
		}
	}
	byKey := map[model.Key]known.Object{}
	for _, o := range k.ObjectsAt(4) {
		byKey[o.Key] = o
	}
	for _, o := range alone {
		if o.Source.Kind == known.OwnSheet && o.Turn == 4 && !reflect.DeepEqual(byKey[o.Key], o) && o.Full {
			t.Errorf("%v: the ally's sheet changed the player's own view of it", o.Key)
		}
	}
	added := len(byKey) - len(alone)
	if added <= 0 {
		t.Fatalf("the ally's sheets added nothing (%d objects alone, %d with them)", len(alone), len(byKey))
	}
	fromAlly := k.AllyOnly(4)
	if len(fromAlly) < added {
		t.Errorf("%d objects known only from the ally, want at least the %d his sheets added", len(fromAlly), added)
	}
	for _, o := range fromAlly {
		if o.Source.Player != 2 || o.Source.String() == "" {
			t.Errorf("%v: source %v", o.Key, o.Source)
		}
	}
}

// BenchmarkKnown40 merges player 1's 25 sheets of a 40-player game (the
// computer playing every empire), and reports the memory kept.
func BenchmarkKnown40(b *testing.B) { benchKnown(b, 1) }

// BenchmarkKnown40Allied merges every player's 25 sheets of that game, as
// if player 1 were allied with all 39 others: the most a game can bring.
func BenchmarkKnown40Allied(b *testing.B) { benchKnown(b, 40) }

func benchKnown(b *testing.B, players int) {
	const turns = 25
	game := play(b, 7, 40, turns)
	var sheets []*model.Knowledge
	entries := 0
	for _, row := range game {
		for _, s := range row[:players] {
			sheets = append(sheets, s)
			entries += len(s.Ships) + len(s.ForeignShips) + len(s.Planets) + len(s.ForeignPlanets) + len(s.Trading) + len(s.Officers)
		}
	}
	build := func() *known.Known {
		k := known.New("Known", 1)
		for _, s := range sheets {
			if err := k.Add(s); err != nil {
				b.Fatal(err)
			}
		}
		return k
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		build()
	}
	b.StopTimer()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	k := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/1024, "KiB-kept")
	b.ReportMetric(float64(len(k.Objects())), "objects")
	b.ReportMetric(float64(entries), "sheet-entries")
	b.ReportMetric(float64(len(k.Tracks(turns, 10))), "tracks")
	runtime.KeepAlive(k)
	runtime.KeepAlive(sheets)
}
