//go:build unix

package host

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Links out of the game's folder, pipes and devices among the orders are
// skipped, each with its reason, and never opened: a link to /dev/zero or
// a pipe no one writes would otherwise never end. A link within the
// folder is read as the file it leads to.
func TestSpecialFilesAmongOrders(t *testing.T) {
	g := newGame(t, 3)
	orders := filepath.Join(TurnDir(g.Dir, 1), OrdersDir)
	os.Symlink("/dev/zero", filepath.Join(orders, "zero.txt"))
	if err := syscall.Mkfifo(filepath.Join(orders, "pipe.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "outside.txt")
	os.WriteFile(outside, orderFile(t, g, 2, "PI 1"), 0o644)
	os.Symlink(outside, filepath.Join(orders, "outside.txt"))
	inside := filepath.Join(g.Dir, "player-01-orders.txt")
	os.WriteFile(inside, orderFile(t, g, 1, "PI 1"), 0o644)
	os.Symlink(inside, filepath.Join(orders, "player-01.txt"))
	os.Symlink(filepath.Join(g.Dir, "nothing"), filepath.Join(orders, "dangling.txt"))

	done := make(chan struct{})
	var st Status
	var err error
	go func() {
		st, err = g.Status()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("status hangs on the special files")
	}
	if err != nil {
		t.Fatal(err)
	}
	skipped := strings.Join(st.Skipped, "\n")
	for _, want := range []string{"zero.txt: a link out of the game's folder", "pipe.txt: not a file but a pipe",
		"outside.txt: a link out of the game's folder", "dangling.txt: a link that leads nowhere"} {
		if !strings.Contains(skipped, want) {
			t.Errorf("skipped:\n%s\nwant %q", skipped, want)
		}
	}
	if st.Received[1] == "" || st.Received[2] != "" || len(st.Problems) > 0 {
		t.Errorf("received %v, problems %v", st.Received, st.Problems)
	}
}

// A file past the size bound is refused without being read.
func TestLargeOrderFileRefused(t *testing.T) {
	g := newGame(t, 2)
	name := filepath.Join(TurnDir(g.Dir, 1), OrdersDir, "big.txt")
	f, _ := os.Create(name)
	f.Truncate(3 << 30) // sparse: 3 GB that take no room
	f.Close()
	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Problems) != 1 || !strings.Contains(st.Problems[0], "far more than orders take") {
		t.Errorf("problems %v", st.Problems)
	}
}

// A set-ups folder that is itself a link out of the game's folder is
// refused as a file linked out would be: turn 1, and every replay of it,
// would rest on files that are not the game's.
func TestSetupsFolderLinkedOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game")
	elsewhere := t.TempDir()
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(elsewhere, "p2.txt"), []byte(chosen), 0o644)
	if err := os.Symlink(elsewhere, filepath.Join(dir, SetupsDir)); err != nil {
		t.Fatal(err)
	}
	_, err := New(dir, Config{Name: "Setup Test", Seed: 8, Players: 3})
	if err == nil || !strings.Contains(err.Error(), "p2.txt: reached through a link out of the game's folder") {
		t.Errorf("a set-ups folder linked out: %v", err)
	}
}
