package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A game.toml nested past reason is refused with its file and line before
// it is decoded: 4 MB overflowed the decoder's stack, 40 KB took 4 GB.
func TestConfigNestingRefused(t *testing.T) {
	g := newGame(t, 2)
	g.Close()
	name := filepath.Join(g.Dir, ConfigFile)
	data, _ := os.ReadFile(name)
	for _, extra := range []string{"\nx = " + strings.Repeat("[", 40_000), "\nx = " + strings.Repeat("{a=", 100_000)} {
		os.WriteFile(name, append(append([]byte(nil), data...), extra...), 0o644)
		_, err := Open(g.Dir)
		if err == nil || !strings.Contains(err.Error(), name+":") || !strings.Contains(err.Error(), "nested more than") {
			t.Errorf("got %v", err)
		}
	}
}
