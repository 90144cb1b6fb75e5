package app

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/driver/desktop"

	"silverfall/render3d"
)

var desktopShift = desktop.MouseEvent{Button: desktop.MouseButtonPrimary, Modifier: 1}

func TestSettingsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "silverfall", "settings.toml")
	s, err := LoadSettings(path)
	if err != nil || s.Theme != "dark" || s.Window.Width != 1280 {
		t.Fatalf("defaults: %+v, %v", s, err)
	}
	s.Theme, s.LastFolder = "light", "/home/me/turns"
	s.Player = PlayerSettings{Number: 7, Name: "Ann"}
	s.Colors = map[string]string{"my_ships": "#00ff00", "sauran_ships": "not a colour"}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSettings(path)
	if err != nil || back.Theme != "light" || back.LastFolder != "/home/me/turns" || back.Player.Number != 7 {
		t.Fatalf("read back %+v, %v", back, err)
	}
	p := back.Palette()
	if p[render3d.ShipMine] != (color.NRGBA{0, 255, 0, 255}) || p[render3d.ShipSauran] != render3d.DefaultPalette()[render3d.ShipSauran] {
		t.Errorf("palette %v", p)
	}
	os.WriteFile(path, []byte("theme = \n"), 0o644)
	s, err = LoadSettings(path)
	if err == nil || !strings.Contains(err.Error(), path) || s.Theme != "dark" {
		t.Errorf("a damaged file: %+v, %v", s, err)
	}
}
