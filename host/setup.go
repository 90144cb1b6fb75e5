package host

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"

	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/internal/capfile"
)

// SetupsDir is the folder of the players' set-up files in a game's folder
// (docs/setup-file-format.md): put there before `sfhost new`, read by it
// and again by every replay of turn 1, so it stays with the game.
const SetupsDir = "setups"

// readSetups reads every file in dir's set-ups folder: any name, each
// file's PLAYER says whose. A file that breaks a limit, is for another
// game or player, or is a second of one player's, refuses the lot, every
// error with its file and line. No folder: every set-up is drawn.
func readSetups(r *rules.Rules, dir string, c Config) (map[int]*setup.Setup, error) {
	folder := filepath.Join(dir, SetupsDir)
	entries, err := os.ReadDir(folder)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[int]*setup.Setup{}
	from := map[int]string{}
	var errs []string
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") || strings.HasSuffix(e.Name(), "~") {
			continue // as in the orders folder: folders, hidden files and backups are not set-ups
		}
		name := filepath.Join(folder, e.Name())
		s, err := readSetupFile(r, dir, name)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		shown := Shown(name)
		switch {
		case norm.NFC.String(s.Game) != norm.NFC.String(c.Name):
			// The player types the name: "é" as one character or as "e"
			// and an accent looks the same to him, and is the same name.
			errs = append(errs, fmt.Sprintf("%s:%d: the set-up is for game %q; this game is %q", shown, s.Lines.Game, s.Game, c.Name))
		case s.Player > c.Players:
			errs = append(errs, fmt.Sprintf("%s:%d: player %d: this game has players 1 to %d", shown, s.Lines.Player, s.Player, c.Players))
		case from[s.Player] != "":
			errs = append(errs, fmt.Sprintf("%s:%d: player %d's set-up is in %s already; one file a player", shown, s.Lines.Player, s.Player, from[s.Player]))
		default:
			out[s.Player], from[s.Player] = s, shown
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// readSetupFile reads one set-up file, if it is a file of the game's
// folder (no pipe, device, or link out of it); setup.Read bounds its size.
func readSetupFile(r *rules.Rules, dir, name string) (*setup.Setup, error) {
	if why := special(dir, name); why != "" {
		return nil, fmt.Errorf("%s: %s; a set-up is a file", Shown(name), why)
	}
	f, _, err := capfile.Open(name, setup.MaxFileSize)
	var notFile *capfile.NotFileError
	var tooLarge *capfile.TooLargeError
	switch {
	case errors.As(err, &notFile):
		return nil, fmt.Errorf("%s: not a file but %s; a set-up is a file", Shown(name), capfile.Kind(notFile.Mode))
	case errors.As(err, &tooLarge):
		return nil, fmt.Errorf("%s: %d bytes, far more than a set-up takes (at most %d); not read", Shown(name), tooLarge.Size, setup.MaxFileSize)
	case err != nil:
		return nil, err
	}
	defer f.Close()
	return setup.Read(f, Shown(name), r)
}

// SetupPlayers lists the players whose set-up the game's folder holds.
func SetupPlayers(setups map[int]*setup.Setup) []int {
	var ps []int
	for p := range setups {
		ps = append(ps, p)
	}
	sort.Ints(ps)
	return ps
}
