package host

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A player's file with his password in the orders folder is his, even
// when its first lines carry the mark the computer's files of old games
// had: the turn takes it as sent (no missed turn), as status said.
func TestComputersMarkInAPlayersFile(t *testing.T) {
	g := newGame(t, 2)
	data := orderFile(t, g, 2, "PI 3")
	i := bytes.IndexByte(data, '\n') + 1
	put(t, g, "player-02.txt", slices.Concat(data[:i], []byte(computerMark+"\n"), data[i:]))
	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := g.Turn(TurnOptions{AutoMissing: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.Received[2] == "" || !slices.Contains(sum.Sent, 2) || slices.Contains(sum.Computer, 2) {
		t.Errorf("status: received %v; turn: sent %v, by the computer %v; want player 2's own", st.Received, sum.Sent, sum.Computer)
	}
	if e := g.State.Empire(2); e.Missed != 0 || e.Interceptors != 3 {
		t.Errorf("player 2: %d missed turns, %d interceptors; want 0 and 3", e.Missed, e.Interceptors)
	}
	replayMatches(t, g)
}

// What the turn will carry out as the computer's (a file in the
// computer's folder, left by a turn cut short) status shows as the
// computer's, never as the player's orders in.
func TestStatusShowsTheComputersFiles(t *testing.T) {
	g := newGame(t, 2)
	dir := filepath.Join(TurnDir(g.Dir, 1), OrdersDir, ComputerDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	put(t, g, filepath.Join(ComputerDir, "player-01.txt"), orderFile(t, g, 1, "PI 1"))
	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := g.Turn(TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(sum.Computer, 1) {
		t.Fatalf("the turn played player 1 as %v, want by the computer", sum)
	}
	if st.Received[1] != "" || !slices.Contains(st.Computer, 1) {
		t.Errorf("status: orders in %v, computer %v; the turn plays player 1 by the computer", st.Received, st.Computer)
	}
}

// A player's orders saved under a hidden name, an editor's backup name or
// in a folder of their own are not read, and the moderator is told each:
// the player shows as missing, never in silence.
func TestPassedOverFilesNamed(t *testing.T) {
	g := newGame(t, 2)
	orders := filepath.Join(TurnDir(g.Dir, 1), OrdersDir)
	if err := os.MkdirAll(filepath.Join(orders, "sent by ann"), 0o755); err != nil {
		t.Fatal(err)
	}
	put(t, g, ".orders.txt", orderFile(t, g, 1, "PI 1"))
	put(t, g, "orders.txt~", orderFile(t, g, 1, "PI 1"))
	put(t, g, filepath.Join("sent by ann", "orders.txt"), orderFile(t, g, 1, "PI 1"))
	put(t, g, "b.txt", orderFile(t, g, 2, "PI 1"))
	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := g.Turn(TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, skipped := range [][]string{st.Skipped, sum.Skipped} {
		got := strings.Join(skipped, "\n")
		for _, want := range []string{".orders.txt: a hidden file; skipped", "orders.txt~: a backup copy", "sent by ann: a folder"} {
			if !strings.Contains(got, want) {
				t.Errorf("the moderator is not told %q:\n%s", want, got)
			}
		}
		if len(skipped) != 3 {
			t.Errorf("%d skipped, want 3 (the host's own folders are not named):\n%s", len(skipped), got)
		}
	}
	if !slices.Contains(sum.Missing, 1) {
		t.Errorf("missing %v, want player 1", sum.Missing)
	}
	// The next turn's folder holds the computer's and the refused ones:
	// never named.
	put(t, g, "a.txt", orderFile(t, g, 1, "PI 1"))
	put(t, g, "forged.txt", bytes.Replace(orderFile(t, g, 2, "PI 1"), []byte(g.State.Empire(2).Password), []byte("aaaa-bbbb-cccc"), 1))
	if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
		t.Fatal(err)
	}
	g.State.Turn-- // the folder of turn 2's orders, read again
	rec, err := g.ReadOrders()
	g.State.Turn++
	if err != nil || len(rec.Skipped) != 0 {
		t.Errorf("the host's own folders named as skipped: %q (%v)", rec.Skipped, err)
	}
}

// A file changed, added or removed in the orders folder while the turn
// runs: the turn is not written (the orders on disk would not be those
// carried out, and the replay would differ), and once run again it is.
func TestOrdersChangedDuringTheTurn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(g *Game)
	}{
		{"changed", func(g *Game) { put(t, g, "a.txt", orderFile(t, g, 1, "PI 7")) }},
		{"added", func(g *Game) { put(t, g, "b.txt", orderFile(t, g, 2, "PI 7")) }},
		{"removed", func(g *Game) { os.Remove(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, "a.txt")) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, 2)
			put(t, g, "a.txt", orderFile(t, g, 1, "PI 2"))
			g.whileTurn = func() { tc.change(g) }
			_, err := g.Turn(TurnOptions{})
			if err == nil || !strings.Contains(err.Error(), "changed while the turn was carried out") || g.State.Turn != 1 {
				t.Fatalf("turn %d: %v; want it not written", g.State.Turn, err)
			}
			if _, err := os.Stat(TurnDir(g.Dir, 2)); err == nil {
				t.Error("turn 2's folder was written")
			}
			g.whileTurn = nil
			if _, err := g.Turn(TurnOptions{}); err != nil {
				t.Fatal(err)
			}
			replayMatches(t, g)
		})
	}
}

// Many files set aside for one player (forged mails by the thousand) make
// one line of his sheet with their count, not one line each.
func TestManyRefusedFilesOneLine(t *testing.T) {
	g := newGame(t, 2)
	forged := bytes.Replace(orderFile(t, g, 2, "PI 1"), []byte(g.State.Empire(2).Password), []byte("aaaa-bbbb-cccc"), 1)
	for i := range 300 {
		put(t, g, fmt.Sprintf("forged-%03d.txt", i), forged)
	}
	put(t, g, "old.txt", orderFile(t, g, 2, "PI 1"))
	put(t, g, "old2.txt", orderFile(t, g, 2, "PI 2"))
	put(t, g, "new.txt", orderFile(t, g, 2, "PI 3"))
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, "old.txt"), old, old)
	os.Chtimes(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, "old2.txt"), old, old)
	sum, err := g.Turn(TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Aside) != 302 {
		t.Errorf("the moderator is told of %d files, want each of the 302", len(sum.Aside))
	}
	sheet := strings.Join(strings.Fields(sheetOf(t, g, 2)), " ")
	if n := strings.Count(sheet, "refused"); n != 1 || !strings.Contains(sheet, "300 order files for your empire were refused") ||
		!strings.Contains(sheet, "2 other, different order files for your empire came this turn") {
		t.Errorf("player 2's sheet says %q %d times:\n%s", "refused", n, sheetOf(t, g, 2))
	}
	if g.State.Empire(2).Interceptors != 3 {
		t.Errorf("player 2 has %d interceptors, want 3 (the newest file)", g.State.Empire(2).Interceptors)
	}
	replayMatches(t, g)
}

// A file in the computer's folder under the name the computer would give
// its orders for another empire (player 1's, put there by hand as
// player-02.txt) is never overwritten: the computer's go beside it, and
// the replay is the same.
func TestComputerNeverOverwritesAFileInItsFolder(t *testing.T) {
	g := newGame(t, 2)
	if err := os.MkdirAll(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, ComputerDir), 0o755); err != nil {
		t.Fatal(err)
	}
	mine := orderFile(t, g, 1, "PI 5")
	put(t, g, filepath.Join(ComputerDir, "player-02.txt"), mine)
	if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, ComputerDir, "player-02.txt")); !bytes.Equal(got, mine) {
		t.Error("the file was overwritten by the computer's orders")
	}
	if g.State.Empire(1).Interceptors != 5 {
		t.Errorf("player 1 has %d interceptors, want 5", g.State.Empire(1).Interceptors)
	}
	replayMatches(t, g)
}

// A file without its player's password found in the computer's folder is
// set aside in orders/refused/, as the moderator is told, and the replay
// says so again on the player's sheet.
func TestRefusedFromTheComputersFolder(t *testing.T) {
	g := newGame(t, 2)
	if err := os.MkdirAll(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, ComputerDir), 0o755); err != nil {
		t.Fatal(err)
	}
	put(t, g, filepath.Join(ComputerDir, "x.txt"), bytes.Replace(orderFile(t, g, 1, "PI 1"), []byte(g.State.Empire(1).Password), []byte("aaaa-bbbb-cccc"), 1))
	sum, err := g.Turn(TurnOptions{})
	if err != nil || len(sum.Aside) != 1 || !strings.Contains(sum.Aside[0], "set aside in orders/refused/") {
		t.Fatalf("aside %q: %v", sum.Aside, err)
	}
	if _, err := os.Stat(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, RefusedDir, "x.txt")); err != nil {
		t.Error(err)
	}
	replayMatches(t, g)
}
