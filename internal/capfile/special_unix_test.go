//go:build unix

package capfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A pipe, a device, or a link to one is refused at once.
func TestReadSpecial(t *testing.T) {
	dir := t.TempDir()
	var notFile *NotFileError
	if _, err := Read("/dev/zero", 100); !errors.As(err, &notFile) {
		t.Errorf("/dev/zero: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() { _, err := Read(fifo, 100); done <- err }()
	select {
	case err := <-done:
		if !errors.As(err, &notFile) || !strings.Contains(err.Error(), "a pipe") {
			t.Errorf("a pipe: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a pipe hangs")
	}
	link := filepath.Join(dir, "zero")
	os.Symlink("/dev/zero", link)
	if _, err := Read(link, 100); !errors.As(err, &notFile) {
		t.Errorf("a link to /dev/zero: %v", err)
	}
}
