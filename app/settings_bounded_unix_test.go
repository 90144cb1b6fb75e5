//go:build unix

package app

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A pipe or a device in the settings file's place is refused at once (it
// hung the window, or filled its memory, before it showed) and the
// defaults are used.
func TestSettingsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	zero := filepath.Join(dir, "zero.toml")
	os.Symlink("/dev/zero", zero)
	for _, path := range []string{fifo, zero} {
		done := make(chan error, 1)
		go func() {
			s, err := LoadSettings(path)
			if err == nil || s.Theme != DefaultSettings().Theme {
				t.Errorf("%s: %+v, %v", path, s, err)
			}
			done <- err
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: reading the settings hangs", path)
		}
	}
}
