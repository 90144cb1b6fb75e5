package history

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"silverfall/app/workspace"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/host"
)

// expected is what a player knew after each turn, worked out from the
// host's own state (not from the sheets): each object as last seen.
type expected struct {
	planets map[int]Planet
	ships   map[int]Ship
	tracks  map[int][]Sighting
}

func (e *expected) add(k *model.Knowledge) {
	t := k.Turn
	seen := map[int]bool{}
	put := func(p *model.Planet, own, trading bool) {
		if seen[p.ID] {
			return
		}
		seen[p.ID] = true
		q := Planet{ID: p.ID, Name: p.Name, Kind: p.Kind, Owner: p.Owner, Loc: p.Loc, Own: own, Trading: trading, Turn: t}
		if own {
			q.Industry, q.Population = p.Industry, p.Population
		}
		e.planets[p.ID] = q
	}
	for i := range k.Planets {
		put(&k.Planets[i], true, false)
	}
	for i := range k.Trading {
		put(&k.Trading[i].Planet, false, true)
	}
	for _, p := range k.SeenPlanets() {
		put(&p, false, false)
	}
	for _, s := range k.Ships {
		e.tracks[s.ID] = append(e.tracks[s.ID], Sighting{t, s.Loc})
	}
	for _, s := range k.SeenShips() {
		e.ships[s.ID] = Ship{ID: s.ID, Name: s.Name, Type: s.Type, Owner: s.Owner, Loc: s.Loc, Turn: t}
		e.tracks[s.ID] = append(e.tracks[s.ID], Sighting{t, s.Loc})
	}
}

// game plays a game with the computer playing every empire and returns
// its folder and, for each player asked for, what the host says he knew
// after each turn.
func game(t *testing.T, seed int64, players, turns int, watch []int) (string, map[int][]expected) {
	t.Helper()
	g, err := host.New(filepath.Join(t.TempDir(), "game"), host.Config{Seed: seed, Players: players, Name: fmt.Sprintf("History %d", seed)})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	want := map[int][]expected{}
	visit := func() {
		for _, p := range watch {
			var e expected
			if n := len(want[p]); n > 0 {
				e = want[p][n-1].clone()
			} else {
				e = expected{planets: map[int]Planet{}, ships: map[int]Ship{}, tracks: map[int][]Sighting{}}
			}
			e.add(g.State.KnowledgeOf(g.R, p))
			want[p] = append(want[p], e)
		}
	}
	visit()
	for i := 1; i < turns; i++ {
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
		visit()
	}
	return g.Dir, want
}

func (e expected) clone() expected {
	c := expected{planets: map[int]Planet{}, ships: map[int]Ship{}, tracks: map[int][]Sighting{}}
	for k, v := range e.planets {
		c.planets[k] = v
	}
	for k, v := range e.ships {
		c.ships[k] = v
	}
	for k, v := range e.tracks {
		c.tracks[k] = append([]Sighting(nil), v...)
	}
	return c
}

func sheetsOf(dir string, p, turns int) []workspace.Sheet {
	var out []workspace.Sheet
	for n := 1; n <= turns; n++ {
		out = append(out, workspace.Sheet{Turn: n, Path: filepath.Join(host.TurnDir(dir, n), host.SheetsDir, turnsheet.FileName(p))})
	}
	return out
}

// Over a 10-turn game, the history read from the sheets knows, as of every
// turn, each planet and foreign ship with the turn it was last seen and
// what it was then, and each ship's track, as the host's state says.
func TestMergedKnowledge(t *testing.T) {
	const turns = 10
	dir, want := game(t, 11, 6, turns, []int{1, 4})
	for _, p := range []int{1, 4} {
		h, errs := Load(rules.Default(), sheetsOf(dir, p, turns))
		if len(errs) > 0 {
			t.Fatalf("player %d: %v", p, errs)
		}
		if got := h.Turns(); len(got) != turns || got[0] != 1 || got[turns-1] != turns {
			t.Fatalf("player %d: turns %v", p, got)
		}
		old := 0
		for turn := 1; turn <= turns; turn++ {
			e := want[p][turn-1]
			checkPlanets(t, p, turn, h.Planets(turn), e.planets)
			checkShips(t, p, turn, h.Ships(turn), e.ships)
			checkTracks(t, p, turn, h.Tracks(turn, 10), e.tracks)
			for _, pl := range e.planets {
				if pl.Turn < turn {
					old++
				}
			}
			for _, s := range e.ships {
				if s.Turn < turn {
					old++
				}
			}
		}
		if old == 0 {
			t.Errorf("player %d: nothing was ever out of sight: the game tests too little", p)
		}
	}
}

func checkPlanets(t *testing.T, p, turn int, got []Planet, want map[int]Planet) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("player %d turn %d: %d planets known, want %d", p, turn, len(got), len(want))
	}
	for _, g := range got {
		if w, ok := want[g.ID]; !ok || g != w {
			t.Errorf("player %d turn %d: planet %d is %+v, want %+v", p, turn, g.ID, g, w)
		}
	}
}

func checkShips(t *testing.T, p, turn int, got []Ship, want map[int]Ship) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("player %d turn %d: %d foreign ships known, want %d", p, turn, len(got), len(want))
	}
	for _, g := range got {
		if w, ok := want[g.ID]; !ok || g != w {
			t.Errorf("player %d turn %d: ship %d is %+v, want %+v", p, turn, g.ID, g, w)
		}
	}
}

func checkTracks(t *testing.T, p, turn int, got []Track, want map[int][]Sighting) {
	t.Helper()
	n := 0
	for _, pts := range want {
		if len(pts) >= 2 {
			n++
		}
	}
	if len(got) != n {
		t.Errorf("player %d turn %d: %d tracks, want %d", p, turn, len(got), n)
	}
	for _, tr := range got {
		if w := want[tr.Ship]; !reflect.DeepEqual(tr.Points, w) {
			t.Errorf("player %d turn %d: ship %d's track %v, want %v", p, turn, tr.Ship, tr.Points, w)
		}
	}
}
