package app

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A settings file nested past reason (40 KB of brackets took gigabytes to
// decode) is set aside at once under a name of its own, and the defaults
// are used.
func TestSettingsNestedSetAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	for _, data := range []string{"theme = " + strings.Repeat("[", 40_000), "colors = " + strings.Repeat("{a=", 5000), strings.Repeat("#", 2<<20)} {
		os.WriteFile(path, []byte(data), 0o644)
		s, err := LoadSettings(path)
		var serr *SettingsError
		if !errors.As(err, &serr) || serr.Aside == "" || s.Theme != DefaultSettings().Theme {
			t.Fatalf("%.20q: %+v, %v", data, s, err)
		}
		if _, err := os.Stat(serr.Aside); err != nil {
			t.Errorf("%.20q: not kept aside: %v", data, err)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%.20q: still in place", data)
		}
	}
}
