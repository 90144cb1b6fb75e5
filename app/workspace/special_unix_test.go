//go:build unix

package workspace

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"
)

// A pipe or a link to /dev/zero in a draft's or a view file's place is
// set aside at once: it hung the window, or filled its memory, before the
// window showed.
func TestSpecialDraftAndView(t *testing.T) {
	w, _ := Open(t.TempDir(), "Kill Test", 3)
	if err := syscall.Mkfifo(w.DraftPath(2), 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan bool, 1)
	go func() {
		defer func() { done <- true }()
		f, err := w.LoadDraft(2)
		var dmg *DamagedError
		if f != nil || !errors.As(err, &dmg) {
			t.Errorf("a pipe as the draft: %v, %v", f, err)
		}
		os.Symlink("/dev/zero", w.StatePath(2))
		if s := w.LoadState(2); s.HasCamera || s.Selected != "" {
			t.Errorf("/dev/zero as the view: %+v", s)
		}
		if _, err := os.Lstat(w.StatePath(2)); !errors.Is(err, os.ErrNotExist) {
			t.Error("the view file in /dev/zero's place is still there")
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading a pipe or a device hangs")
	}
}
