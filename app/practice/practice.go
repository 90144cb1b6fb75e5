package practice

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"silverfall/engine/text"
	"sort"
	"strconv"

	"silverfall/app/workspace"
	"silverfall/engine/ai"
	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/engine/turnsheet"
	"silverfall/host"
	"silverfall/internal/atomicfile"
	"silverfall/internal/capfile"
	"silverfall/orderwriter"
)

// Folder holds the practice games, in the workspace root.
const Folder = "practice"

// Dir is the folder of the practice games under the workspace root.
func Dir(root string) string { return filepath.Join(root, Folder) }

// Options choose a new practice game.
type Options struct {
	Name    string // the game's name; "" for "Practice SEED"
	Seed    int64
	Players int    // empires in the game, the player's among them
	Player  int    // the player's number; 0 for 1
	Level   string // how well the computer empires play (ai.LevelNames); "" for "normal"
	// Setup is the player's own set-up (its game and player are set
	// here); nil draws it, as the computer empires' are.
	Setup *setup.Setup
}

// DefaultPlayers is a new practice game's number of empires: a few
// neighbours to meet, a game that runs quickly.
const DefaultPlayers = 6

// Game is a practice game's folder as listed: its name, the player and the
// turn it is at.
type Game struct {
	Dir     string
	Name    string
	Seed    int64
	Players int
	Player  int    // the empire the player plays
	Level   string // the computer empires' level
	Turn    int    // the last turn carried out
}

// SheetPath is the player's sheet of turn t in the game's folder.
func (g *Game) SheetPath(t int) string {
	return filepath.Join(host.TurnDir(g.Dir, t), host.SheetsDir, turnsheet.FileName(g.Player))
}

// Sheet is the player's newest sheet.
func (g *Game) Sheet() string { return g.SheetPath(g.Turn) }

func (o Options) check(r *rules.Rules) (Options, error) {
	if o.Player == 0 {
		o.Player = 1
	}
	if o.Level == "" {
		o.Level = "normal"
	}
	if o.Name == "" {
		o.Name = "Practice " + strconv.FormatInt(o.Seed, 10)
	}
	switch {
	case o.Players < 2 || o.Players > r.Game.MaxPlayers:
		return o, fmt.Errorf("a practice game has 2 to %d empires, not %d", r.Game.MaxPlayers, o.Players)
	case o.Player < 1 || o.Player > o.Players:
		return o, fmt.Errorf("your empire must be one of 1 to %d, not %d", o.Players, o.Player)
	}
	if _, err := ai.LevelNamed(o.Level); err != nil {
		return o, err
	}
	return o, nil
}

// New makes a practice game under root: turn 1's state and sheets, every
// empire but the player's a computer empire at the level chosen. A name
// whose folder is taken gets a number added.
func New(root string, o Options) (*Game, error) {
	r := rules.Default()
	o, err := o.check(r)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(Dir(root), 0o755); err != nil {
		return nil, err
	}
	name, dir := freeName(root, o.Name)
	c := host.Config{Name: name, Seed: o.Seed, Players: o.Players}
	for p := 1; p <= o.Players; p++ {
		if p != o.Player {
			c.Player = append(c.Player, host.Player{Number: p, Level: o.Level, Computer: true})
		}
	}
	if o.Setup != nil {
		if err := writeSetup(r, dir, name, o); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	h, err := host.New(dir, c)
	if err != nil {
		if o.Setup != nil {
			os.RemoveAll(dir) // the folder was this call's: the set-up made it
		}
		return nil, err
	}
	defer h.Close()
	return &Game{Dir: dir, Name: h.State.Name, Seed: o.Seed, Players: o.Players, Player: o.Player, Level: o.Level, Turn: h.State.Turn}, nil
}

// writeSetup puts the player's set-up where the host reads it, as the
// set-up file a player would send, for the game's name and his number.
func writeSetup(r *rules.Rules, dir, name string, o Options) error {
	s := *o.Setup
	s.Game, s.Player, s.Lines = name, o.Player, setup.Lines{}
	var b bytes.Buffer
	if err := setup.Write(&b, r, &s); err != nil {
		return err
	}
	folder := filepath.Join(dir, host.SetupsDir)
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(folder, fmt.Sprintf("player-%02d.txt", o.Player)), b.Bytes(), 0o644)
}

// freeName is the name and folder of a new game: the name asked for, or
// with " 2", " 3"... added when a game of that folder exists.
func freeName(root, name string) (string, string) {
	for n := 1; ; n++ {
		try := name
		if n > 1 {
			suffix := " " + strconv.Itoa(n)
			if len(try)+len(suffix) > text.MaxGameName {
				try = try[:text.MaxGameName-len(suffix)]
			}
			try += suffix
		}
		dir := filepath.Join(Dir(root), workspace.SafeName(try))
		if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
			return try, dir
		}
	}
}

// Read reads the practice game in dir without locking it (game.toml is
// written atomically, turn folders are renamed into place whole): its
// player is the one empire the computer does not play.
func Read(dir string) (*Game, error) {
	name := filepath.Join(dir, host.ConfigFile)
	data, err := capfile.Read(name, host.MaxConfigFile)
	if err != nil {
		return nil, err
	}
	var c host.Config
	if _, err := capfile.DecodeTOML(name, data, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if max := rules.Default().Game.MaxPlayers; c.Players < 1 || c.Players > max {
		return nil, fmt.Errorf("%s: players = %d; a game has 1 to %d", name, c.Players, max)
	}
	computer := map[int]bool{}
	g := &Game{Dir: dir, Name: c.Name, Seed: c.Seed, Players: c.Players}
	for _, p := range c.Player {
		if p.Computer {
			computer[p.Number] = true
			g.Level = p.Level
		}
	}
	for p := 1; p <= c.Players; p++ {
		if !computer[p] {
			if g.Player != 0 {
				return nil, fmt.Errorf("%s: players %d and %d are not computer empires; a practice game has one player", name, g.Player, p)
			}
			g.Player = p
		}
	}
	if g.Player == 0 {
		return nil, fmt.Errorf("%s: every empire is a computer empire; a practice game has one player", name)
	}
	if g.Turn, err = host.LastTurn(dir); err != nil {
		return nil, err
	}
	return g, nil
}

// List lists the practice games under root, by name; folders that are not
// practice games are left out.
func List(root string) ([]*Game, error) {
	entries, err := os.ReadDir(Dir(root))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []*Game
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if g, err := Read(filepath.Join(Dir(root), e.Name())); err == nil {
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Remove deletes the practice game g under root for good: its folder and
// the player's workspace of it (drafts, sheets kept, view). Only a folder
// of root's practice games that reads as one is removed.
func Remove(root string, g *Game) error {
	if g == nil {
		return errors.New("practice: no game to remove")
	}
	if filepath.Dir(filepath.Clean(g.Dir)) != filepath.Clean(Dir(root)) {
		return fmt.Errorf("%s: not a practice game of %s", g.Dir, Dir(root))
	}
	if _, err := Read(g.Dir); err != nil {
		return fmt.Errorf("%s is not removed: %v", g.Dir, err)
	}
	if err := os.RemoveAll(g.Dir); err != nil {
		return err
	}
	return os.RemoveAll(workspace.Folder(root, g.Name, g.Player))
}

// Of is the practice game whose sheet this is: game's name and the
// player, and the sheet's bytes those of the game folder's sheet of that
// turn (a game of someone else's with the same name is not one); nil when
// it is none.
func Of(root, game string, player, turn int, sheet []byte) *Game {
	if root == "" {
		return nil
	}
	g, err := Read(filepath.Join(Dir(root), workspace.SafeName(game)))
	if err != nil || g.Name != game || g.Player != player {
		return nil
	}
	data, err := capfile.Read(g.SheetPath(turn), int64(len(sheet)))
	if err != nil || string(data) != string(sheet) {
		return nil
	}
	return g
}

// Result is what ending a turn did.
type Result struct {
	Summary host.Summary
	Sheet   string // the player's new sheet
}

// OrdersName is the name of the player's order file in a turn's orders
// folder (the computer's are named player-NN.txt).
func OrdersName(p int) string { return fmt.Sprintf("player-%02d-orders.txt", p) }

// EndTurn carries out the next turn: the player's orders go into the last
// turn's orders folder as the order file the host reads, the computer
// writes the others', and the host commits the new turn. It holds the
// game folder's lock throughout; busy, if not nil, is called first when
// another program (sfhost) holds it.
func (g *Game) EndTurn(f *orderwriter.File, busy func()) (Result, error) {
	h, err := host.OpenWaiting(g.Dir, busy)
	if err != nil {
		return Result{}, err
	}
	defer h.Close()
	s := h.State
	switch {
	case s.Over:
		return Result{}, fmt.Errorf("the game is over (turn %d)", s.Turn)
	case f.Game != s.Name || f.Player != g.Player:
		return Result{}, fmt.Errorf("these are orders of player %d in %q, not of player %d in this practice game %q", f.Player, f.Game, g.Player, s.Name)
	case f.Turn != s.Turn+1:
		return Result{}, fmt.Errorf("these orders are for turn %d; the game is at turn %d and takes orders for turn %d", f.Turn, s.Turn, s.Turn+1)
	}
	if e := s.Empire(g.Player); e != nil && e.Password != "" && f.Password == "" {
		// The window writes the password its sheet gives; a file made
		// without it (a draft of before) is still the player's own here.
		c := *f
		c.Password = e.Password
		f = &c
	}
	var b bytes.Buffer
	if err := orderwriter.Write(&b, f); err != nil {
		return Result{}, err
	}
	data := b.Bytes()
	name := filepath.Join(host.TurnDir(g.Dir, s.Turn), host.OrdersDir, OrdersName(g.Player))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return Result{}, err
	}
	if err := atomicfile.WriteFile(name, data, 0o644); err != nil {
		return Result{}, err
	}
	sum, err := h.Turn(host.TurnOptions{})
	if err != nil {
		for _, p := range sum.Problems {
			err = fmt.Errorf("%v\n%s", err, p)
		}
		return Result{Summary: sum}, err
	}
	g.Turn = h.State.Turn
	return Result{Summary: sum, Sheet: g.Sheet()}, nil
}
