package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/rules"
)

// game.toml chooses the computer's level per empire; an unknown level is
// refused with the player's number, and no level means "normal".
func TestComputerLevelInConfig(t *testing.T) {
	r := rules.Default()
	for _, tc := range []struct {
		toml, err string
		p2        string
	}{
		{"name = \"x\"\nseed = 1\nplayers = 2\n[[player]]\nnumber = 1\nlevel = \"easy\"\n", "", "normal"},
		{"name = \"x\"\nseed = 1\nplayers = 2\n[[player]]\nnumber = 2\nlevel = \"easy\"\n", "", "easy"},
		{"name = \"x\"\nseed = 1\nplayers = 2\n[[player]]\nnumber = 2\nlevel = \"hard\"\n", "", "hard"},
		{"name = \"x\"\nseed = 1\nplayers = 2\n[[player]]\nnumber = 2\nlevel = \"expert\"\n", "player 2: no computer level \"expert\"", ""},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(tc.toml), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := readConfig(dir, r)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.toml, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := c.level(2).Name; got != tc.p2 {
			t.Errorf("%q: player 2 plays at %q, want %q", tc.toml, got, tc.p2)
		}
	}
}
