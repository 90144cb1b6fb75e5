package host

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"silverfall/engine/text"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"silverfall/engine/ai"
	"silverfall/engine/rules"
	"silverfall/internal/capfile"
)

// ConfigFile is the game's settings in its folder.
const ConfigFile = "game.toml"

// Config is what game.toml holds: the game's name and seed, its players and
// their e-mail addresses. The seed and the players make turn 1; the seed,
// with each turn's number, every turn's chances after.
type Config struct {
	Name    string   `toml:"name"`
	Seed    int64    `toml:"seed"`
	Players int      `toml:"players"`
	Player  []Player `toml:"player"`
	// Mail is the moderator's mailbox, for sfhost mail.
	Mail *MailConfig `toml:"mail,omitempty"`
	// HouseRules turns on readings that depart from the book's sentences
	// (rules.HouseRules, docs/choices.md): none unless listed.
	HouseRules *rules.HouseRules `toml:"house_rules,omitempty"`
	// Levels names a file of the game's folder, by its path from there,
	// of [[level]] tables over the built-in computer levels (docs/host.md);
	// game.toml's own [[level]] tables come after it.
	Levels string `toml:"levels,omitempty"`
	// levels is the game's set of computer levels: the built-in ones with
	// the file's and game.toml's tables over them (nil: the built-in ones).
	levels *ai.LevelSet
}

// Rules is the rules of the game: the book's, with the house rules the
// configuration turns on.
func (c Config) Rules(base *rules.Rules) *rules.Rules {
	if c.HouseRules == nil || *c.HouseRules == (rules.HouseRules{}) {
		return base
	}
	return base.WithHouse(*c.HouseRules)
}

// Player is one player's entry: his number, where his sheets go, and how
// well the computer plays his empire when it does (ai.LevelNames; the
// empty level is "normal"). Computer makes the empire a computer empire
// from turn 1 (a practice game's others): it is chosen when the game is
// made, since turn 1's state records it.
type Player struct {
	Number   int    `toml:"number"`
	Name     string `toml:"name,omitempty"`
	Email    string `toml:"email,omitempty"`
	Level    string `toml:"level,omitempty"`
	Computer bool   `toml:"computer,omitempty"`
}

// level is the computer's level for player p.
func (c Config) level(p int) *ai.Level { return c.levelIn(c.levelSet(), p) }

// levelIn is the level of the set that player p plays at ("normal" when
// his is not one of them).
func (c Config) levelIn(set *ai.LevelSet, p int) *ai.Level {
	for _, pl := range c.Player {
		if pl.Number == p && pl.Level != "" {
			if lv, err := set.Named(pl.Level); err == nil {
				return lv
			}
		}
	}
	if lv, err := set.Named("normal"); err == nil {
		return lv
	}
	return ai.Normal()
}

// LevelNames are the names of the game's computer levels.
func (h *Game) LevelNames() []string { return h.Config.levelSet().Names() }

// levelSet is the game's set of computer levels.
func (c Config) levelSet() *ai.LevelSet {
	if c.levels != nil {
		return c.levels
	}
	return ai.BuiltinLevels()
}

// loadLevels reads the game's levels: the built-in ones, the levels file
// game.toml names (in the game's folder dir), and the [[level]] tables of
// game.toml itself (cfgData, named cfgName; none when nil).
func loadLevels(r *rules.Rules, dir, file, cfgName string, cfgData []byte) (*ai.LevelSet, error) {
	set := ai.BuiltinLevels()
	if set == nil {
		return nil, fmt.Errorf("the built-in computer levels do not read")
	}
	if file != "" {
		if !filepath.IsLocal(file) {
			return nil, fmt.Errorf("levels = %s: the levels file is named by its path in the game's folder (levels = \"levels.toml\"), not outside it", Shown(strconv.Quote(file)))
		}
		name := filepath.Join(dir, file)
		if why := special(dir, name); why != "" {
			return nil, fmt.Errorf("%s: %s; the levels file is a file of the game's folder", Shown(name), why)
		}
		data, err := capfile.Read(name, MaxConfigFile)
		if err != nil {
			return nil, err
		}
		if err := capfile.CheckNesting(data, capfile.MaxNesting); err != nil {
			return nil, fmt.Errorf("%s:%d: arrays and tables nested more than %d deep; no levels file nests so", name, err.(*capfile.NestingError).Line, capfile.MaxNesting)
		}
		if set, err = set.Override(r, name, data, ai.LevelsOnly); err != nil {
			return nil, err
		}
	}
	if cfgData == nil {
		return set, nil
	}
	return set.Override(r, cfgName, cfgData, ai.LevelsAmong)
}

// MaxConfigFile bounds game.toml: a few lines a player.
const MaxConfigFile = 1 << 20

// readConfig reads and checks DIR/game.toml.
func readConfig(dir string, r *rules.Rules) (Config, error) {
	name := filepath.Join(dir, ConfigFile)
	data, err := capfile.Read(name, MaxConfigFile)
	if err != nil {
		return Config{}, err
	}
	var c Config
	md, err := capfile.DecodeTOML(name, data, &c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Config{}, fmt.Errorf("%s:%d: %s", name, pe.Position.Line, pe.Message)
		}
		return Config{}, fmt.Errorf("%s: %v", name, err)
	}
	var keys []string
	for _, k := range md.Undecoded() {
		if k[0] != "level" { // the levels' own tables: loadLevels checks them
			keys = append(keys, k.String())
		}
	}
	if len(keys) > 0 {
		return Config{}, fmt.Errorf("%s: unknown settings: %s", name, strings.Join(keys, ", "))
	}
	if c.levels, err = loadLevels(r, dir, c.Levels, name, data); err != nil {
		return Config{}, err
	}
	if err := c.check(r); err != nil {
		return Config{}, fmt.Errorf("%s: %v", name, err)
	}
	return c, nil
}

func (c Config) check(r *rules.Rules) error {
	if c.Players < 1 || c.Players > r.Game.MaxPlayers {
		return fmt.Errorf("players = %d; a game has 1 to %d", c.Players, r.Game.MaxPlayers)
	}
	if err := text.Check("the game's name", c.Name, text.MaxGameName); err != nil {
		return fmt.Errorf("name = %s: %v", strconv.Quote(c.Name), err)
	}
	seen := map[int]bool{}
	for _, p := range c.Player {
		if p.Name != "" {
			if err := text.Check(fmt.Sprintf("player %d's name", p.Number), p.Name, text.MaxEmpireName); err != nil {
				return fmt.Errorf("[[player]] name = %s: %v", strconv.Quote(p.Name), err)
			}
		}
		switch {
		case p.Number < 1 || p.Number > c.Players:
			return fmt.Errorf("[[player]] number = %d; the players are 1 to %d", p.Number, c.Players)
		case seen[p.Number]:
			return fmt.Errorf("player %d is listed twice", p.Number)
		}
		if p.Level != "" {
			if _, err := c.levelSet().Named(p.Level); err != nil {
				return fmt.Errorf("player %d: %v", p.Number, err)
			}
		}
		seen[p.Number] = true
	}
	return nil
}

// encode writes the configuration as game.toml holds it.
func (c Config) encode() ([]byte, error) {
	sort.Slice(c.Player, func(i, j int) bool { return c.Player[i].Number < c.Player[j].Number })
	var b bytes.Buffer
	b.WriteString("# A Darkness of Silverfall game run by sfhost. The seed and the players\n")
	b.WriteString("# make turn 1 and every turn's chances; changing them breaks `sfhost replay`.\n")
	if err := toml.NewEncoder(&b).Encode(c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
