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
func (c Config) level(p int) *ai.Level {
	for _, pl := range c.Player {
		if pl.Number == p && pl.Level != "" {
			if lv, err := ai.LevelNamed(pl.Level); err == nil {
				return lv
			}
		}
	}
	return ai.Normal()
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
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return Config{}, fmt.Errorf("%s: unknown settings: %s", name, strings.Join(keys, ", "))
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
			if _, err := ai.LevelNamed(p.Level); err != nil {
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
