package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/orderwriter"
)

// The window takes the player's password from his sheet and writes it in
// the order file it exports and mails, where the host looks for it.
func TestOrderFileCarriesThePassword(t *testing.T) {
	g, sheets := hostedGame(t)
	pw := g.State.Empire(1).Password
	if pw == "" {
		t.Fatal("the hosted game gives no password")
	}
	path := filepath.Join(t.TempDir(), "sheet.txt")
	if err := os.WriteFile(path, sheets[len(sheets)-1], 0o644); err != nil {
		t.Fatal(err)
	}
	x := newApp(t)
	if err := x.Load(path); err != nil {
		t.Fatal(err)
	}
	text := x.export.Text()
	f, err := orderwriter.Read(strings.NewReader(text), "export.txt")
	if err != nil || f.Password != pw {
		t.Errorf("the exported file carries the password %q, want %q (%v):\n%s", f.Password, pw, err, text)
	}
}
