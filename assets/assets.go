// Package assets holds what the programs embed: the demo game's turn
// sheets (so that Silverfall opens on a game with no files at hand), and
// later icons and other data.
package assets

import (
	"embed"
	"fmt"

	"silverfall/engine/galaxy"
	"silverfall/engine/turnsheet"
)

//go:embed demo/*.txt
var demo embed.FS

// The demo game: its options, and the player whose sheet opens first.
const (
	DemoSeed    = 1996
	DemoPlayers = 12
	DemoPlayer  = 1
	DemoName    = "Silverfall Demo"
	DemoDueDate = "2027-01-10"
)

// DemoOptions generate the demo game.
func DemoOptions() galaxy.Options {
	return galaxy.Options{Name: DemoName, Seed: DemoSeed, Players: DemoPlayers, DueDate: DemoDueDate}
}

// DemoSheet returns player p's turn-1 sheet of the demo game.
func DemoSheet(p int) ([]byte, error) {
	if p < 1 || p > DemoPlayers {
		return nil, fmt.Errorf("the demo game has players 1 to %d, not %d", DemoPlayers, p)
	}
	return demo.ReadFile("demo/" + turnsheet.FileName(p))
}

// IconPNG is Silverfall's icon: Silverfall, the black hole, with its ring.
//
//go:embed icon.png
var IconPNG []byte
