package host

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"silverfall/engine/ai"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/internal/capfile"
)

// ReplayTurn is what a replay found for one turn.
type ReplayTurn struct {
	Turn   int
	Differ []string // files of the turn's folder whose bytes differ, or that are missing or extra
	Err    error    // the turn could not be recomputed
}

// Match reports whether the turn's folder is what the recomputation gives.
func (t ReplayTurn) Match() bool { return t.Err == nil && len(t.Differ) == 0 }

// Replay recomputes every turn of the game in dir from turn 1, with the
// orders kept in each turn's folder (the computer's as well), and compares
// each turn's state and sheets with what is on disk.
// It holds the folder's lock meanwhile.
func Replay(dir string) ([]ReplayTurn, error) { return ReplayWaiting(dir, nil) }

// ReplayWaiting is Replay, calling busy first if it has to wait for another
// command to let the folder go.
func ReplayWaiting(dir string, busy func()) ([]ReplayTurn, error) {
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err != nil {
		return nil, err
	}
	lock, err := lockGame(dir, busy)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	return replay(dir)
}

// Replay is Replay for the game h holds open.
func (h *Game) Replay() ([]ReplayTurn, error) { return replay(h.Dir) }

func replay(dir string) ([]ReplayTurn, error) {
	r := rules.Default()
	c, err := readConfig(dir, r)
	if err != nil {
		return nil, err
	}
	r = c.Rules(r)
	last, err := LastTurn(dir)
	if err != nil {
		return nil, err
	}
	setups, err := readSetups(r, dir, c)
	if err != nil {
		return nil, err
	}
	g, err := firstTurn(r, c, setups)
	if err != nil {
		return nil, err
	}
	// The passwords were drawn, not made by the seed: they are turn 1's.
	if first, err := readState(r, TurnDir(dir, 1)); err == nil {
		for i := range g.Empires {
			if e := first.Empire(g.Empires[i].Player); e != nil {
				g.Empires[i].Password = e.Password
			}
		}
	}
	var out []ReplayTurn
	out = append(out, compareTurn(r, dir, g))
	for n := 1; n < last; n++ {
		rec, err := readOrders(r, dir, g)
		if err == nil && len(rec.Problems) > 0 {
			err = fmt.Errorf("%s", rec.Problems[0])
		}
		if err != nil {
			out = append(out, ReplayTurn{Turn: n + 1, Err: err})
			break
		}
		levels, err := turnLevels(r, dir, n+1)
		if err != nil {
			out = append(out, ReplayTurn{Turn: n + 1, Err: err})
			break
		}
		// Empires the computer plays whose orders are not on file get them
		// as the host gave them, at the levels the turn played them at.
		for _, e := range g.Empires {
			if _, sent := rec.Orders[e.Player]; !sent && r.IsPlayer(e.Player) && !e.Out && (e.Computer || e.Dropped) {
				rec.Orders[e.Player] = ai.Play(r, g.KnowledgeOf(r, e.Player), computerSeed(g, e.Player), c.levelIn(levels, e.Player))
				rec.Computer[e.Player] = true
			}
		}
		due := ""
		if disk, err := readState(r, TurnDir(dir, n+1)); err == nil {
			due = disk.DueDate // the moderator's date is not part of the game's chances
		}
		g = Advance(r, g, rec, TurnOptions{DueDate: due})
		out = append(out, compareTurn(r, dir, g))
	}
	return out, nil
}

// compareTurn compares the files the game g gives with its turn's folder.
func compareTurn(r *rules.Rules, dir string, g *model.Game) ReplayTurn {
	rt := ReplayTurn{Turn: g.Turn}
	files, err := turnFiles(r, g)
	if err != nil {
		rt.Err = err
		return rt
	}
	td := TurnDir(dir, g.Turn)
	onDisk := map[string]bool{StateFile: true}
	if entries, err := os.ReadDir(filepath.Join(td, SheetsDir)); err == nil {
		for _, e := range entries {
			onDisk[filepath.Join(SheetsDir, e.Name())] = true
		}
	}
	for name := range files {
		onDisk[name] = true
	}
	names := make([]string, 0, len(onDisk))
	for name := range onDisk {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		want, ok := files[name]
		got, err := capfile.Read(filepath.Join(td, name), MaxStateFile)
		switch {
		case !ok:
			rt.Differ = append(rt.Differ, name+" (not made by the turn)")
		case err != nil:
			rt.Differ = append(rt.Differ, name+" (missing)")
		case !bytes.Equal(got, want):
			rt.Differ = append(rt.Differ, name)
		}
	}
	return rt
}

// LevelsRecordFile is, in a turn's folder, the record of the computer
// levels the turn played at, written when the game's levels are not the
// built-in ones (a turn's folder without it was played at those): the
// replay plays the turn at them again, whatever game.toml and its levels
// file say by then.
const LevelsRecordFile = "levels.toml"

// recordLevels adds the record of the game's levels to a turn's files,
// when they are not the built-in ones.
func (h *Game) recordLevels(files map[string][]byte) error {
	set := h.Config.levelSet()
	if set.Same(ai.BuiltinLevels()) {
		return nil
	}
	data, err := set.Encode()
	if err != nil {
		return err
	}
	head := "# Written by sfhost turn: the computer levels this turn was played at, for\n" +
		"# sfhost replay. To change the levels, edit game.toml (or its levels file), not this.\n"
	files[LevelsRecordFile] = append([]byte(head), data...)
	return nil
}

// turnLevels is the set of levels turn n was played at: its record, or
// the built-in levels when its folder holds none.
func turnLevels(r *rules.Rules, dir string, n int) (*ai.LevelSet, error) {
	name := filepath.Join(TurnDir(dir, n), LevelsRecordFile)
	data, err := capfile.Read(name, MaxConfigFile)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return ai.BuiltinLevels(), nil
	case err != nil:
		return nil, err
	}
	if err := capfile.CheckNesting(data, capfile.MaxNesting); err != nil {
		return nil, fmt.Errorf("%s:%d: arrays and tables nested more than %d deep", name, err.(*capfile.NestingError).Line, capfile.MaxNesting)
	}
	return ai.BuiltinLevels().Override(r, name, data, ai.LevelsOnly)
}
