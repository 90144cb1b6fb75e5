package app

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"

	"silverfall/app/mailbox"
	"silverfall/internal/atomicfile"
	"silverfall/internal/capfile"
	"silverfall/render3d"
)

// Settings are what Silverfall remembers between runs, kept in a TOML file
// in the user's configuration folder.
type Settings struct {
	Theme      string `toml:"theme"`       // "dark", "light" or "system"
	LastFolder string `toml:"last_folder"` // where the last report was imported from
	// LastSheet is the workspace's copy of the sheet shown last (never the
	// demo's): a start opens its game again (workspace.Reopen).
	LastSheet string            `toml:"last_sheet"`
	Window    WindowSettings    `toml:"window"`
	Player    PlayerSettings    `toml:"player"`
	Colors    map[string]string `toml:"colors"` // map colours by kind, "#rrggbb"
	// Workspaces is the folder where each game's files are kept; empty for
	// silverfall/games in the user's data folder.
	Workspaces string `toml:"workspaces"`
	// Mail is the player's mail account (its password is in the keyring).
	Mail mailbox.Settings `toml:"mail"`
	View ViewSettings     `toml:"view"`
}

// ViewSettings are the View menu's choices kept between runs.
type ViewSettings struct {
	// HideAllySightings takes off the map what only the allies' sheets
	// show (View > Allies' sightings unticked); they show by default.
	HideAllySightings bool `toml:"hide_ally_sightings"`
}

// WindowSettings is the window's size, in Fyne's units.
type WindowSettings struct {
	Width  float32 `toml:"width"`
	Height float32 `toml:"height"`
	// Splits are the dividers' places, each a fraction of its pane: the
	// tree's, the right-hand panel's and the lower pane's (0: the default).
	Splits [3]float64 `toml:"splits"`
}

// PlayerSettings are the player's defaults.
type PlayerSettings struct {
	Number int    `toml:"number"` // the player's number in the current game, 0 if unknown
	Name   string `toml:"name"`   // the player's own name, for order files
}

// DefaultSettings are used until the player changes something.
func DefaultSettings() Settings {
	return Settings{Theme: "dark", Window: WindowSettings{Width: 1280, Height: 800}, Mail: mailbox.Default()}
}

// SettingsPath is where the settings live: silverfall/settings.toml in the
// user's configuration folder.
func SettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "silverfall", "settings.toml"), nil
}

// SettingsError says the settings file could not be read, and where it
// was kept: a damaged file is set aside under a name of its own, never
// overwritten, and the defaults are used.
type SettingsError struct {
	Path, Aside string
	Err         error
}

func (e *SettingsError) Error() string {
	if e.Aside == "" {
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("%s: %v (the file is kept as %s; the defaults are in use)", e.Path, e.Err, filepath.Base(e.Aside))
}

func (e *SettingsError) Unwrap() error { return e.Err }

// maxSettingsFile bounds the settings file: a few kilobytes of colours and
// sizes; one larger is damaged.
const maxSettingsFile = 1 << 20

// LoadSettings reads the settings file; a missing file gives the defaults.
// A file that cannot be read is reported and the defaults are used; one
// that is damaged is first set aside, so that saving the settings later
// does not overwrite it.
func LoadSettings(path string) (Settings, error) {
	s := DefaultSettings()
	data, err := capfile.Read(path, maxSettingsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	var notFile *capfile.NotFileError
	var tooLarge *capfile.TooLargeError
	if err != nil && !errors.As(err, &notFile) && !errors.As(err, &tooLarge) {
		return s, &SettingsError{Path: path, Err: err}
	}
	if err == nil {
		_, err = capfile.DecodeTOML(path, data, &s)
	}
	if err != nil {
		serr := &SettingsError{Path: path, Err: err}
		if aside, aerr := atomicfile.SetAside(path); aerr == nil {
			serr.Aside = aside
		}
		return DefaultSettings(), serr
	}
	if s.Window.Width < 400 || s.Window.Height < 300 {
		s.Window = DefaultSettings().Window
	}
	return s, nil
}

// Save writes the settings atomically.
func (s Settings) Save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString("# Silverfall settings. Colours are #rrggbb by kind of map object.\n")
	if err := toml.NewEncoder(&buf).Encode(s); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, buf.Bytes(), 0o644)
}

// colorKeys names the map's kinds in the settings file.
var colorKeys = [render3d.NumKinds]string{
	render3d.PlanetTrading: "trading_planet", render3d.PlanetOrigin: "origin_planet",
	render3d.PlanetMine: "my_planet", render3d.PlanetAllied: "allied_planet",
	render3d.PlanetOther: "other_planet", render3d.PlanetUnowned: "unowned_planet",
	render3d.ShipMine: "my_ships", render3d.ShipAllied: "allied_ships",
	render3d.ShipOther: "other_ships", render3d.ShipSauran: "sauran_ships",
}

// Palette is the map's colours: the defaults, with any the settings change.
func (s Settings) Palette() render3d.Palette {
	p := render3d.DefaultPalette()
	for k, key := range colorKeys {
		if v, ok := s.Colors[key]; ok {
			if c, ok := parseHex(v); ok {
				p[k] = c
			}
		}
	}
	return p
}

func parseHex(s string) (color.NRGBA, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	var r, g, b uint8
	if len(s) != 6 {
		return color.NRGBA{}, false
	}
	if _, err := fmt.Sscanf(s, "%02x%02x%02x", &r, &g, &b); err != nil {
		return color.NRGBA{}, false
	}
	return color.NRGBA{r, g, b, 255}, true
}
