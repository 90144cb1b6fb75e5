package filelock

import (
	"errors"
	"path/filepath"
	"testing"
)

// A held lock refuses a second holder (even in the same process: the lock
// belongs to the open file) and lets it in once unlocked.
func TestLock(t *testing.T) {
	name := filepath.Join(t.TempDir(), "lock")
	a, err := TryLock(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TryLock(name); !errors.Is(err, ErrBusy) {
		t.Fatalf("second lock: %v, want ErrBusy", err)
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	b, err := Wait(name)
	if err != nil {
		t.Fatal(err)
	}
	b.Unlock()
	b.Unlock()
}
