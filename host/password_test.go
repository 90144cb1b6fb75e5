package host

import (
	"bytes"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// withoutPasswords makes g a game made before passwords: its turn 1 state
// holds none. It comes back opened again.
func withoutPasswords(t *testing.T, g *Game) *Game {
	t.Helper()
	for i := range g.State.Empires {
		g.State.Empires[i].Password = ""
	}
	files, err := turnFiles(g.R, g.State)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(TurnDir(g.Dir, 1), name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g.Close()
	h, err := Open(g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// sheetOf is player p's sheet of the game's last turn.
func sheetOf(t *testing.T, g *Game, p int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(TurnDir(g.Dir, g.State.Turn), SheetsDir, turnsheet.FileName(p)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Every player gets a password of his own, on his own sheets only, which
// the window reads from the sheet; turns keep it.
func TestPasswordsOnTheirOwnSheets(t *testing.T) {
	g := play(t, 5, 4, 3, nil)
	pws := map[int]string{}
	for _, e := range g.State.Empires {
		if g.R.IsPlayer(e.Player) {
			pws[e.Player] = e.Password
		}
	}
	// Two games of one seed made by sfhost: the passwords come from no
	// seed, so they differ.
	first, second := newGame(t, 4), newGame(t, 4)
	for p, pw := range pws {
		a, b := first.State.Empire(p).Password, second.State.Empire(p).Password
		if pw == "" || a == b || pw == a {
			t.Errorf("player %d: passwords %q and %q in two games of seed 17, %q in the test's game", p, a, b, pw)
		}
	}
	for turn := 1; turn <= g.State.Turn; turn++ {
		for p := range pws {
			name := filepath.Join(TurnDir(g.Dir, turn), SheetsDir, turnsheet.FileName(p))
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for q, pw := range pws {
				if has := strings.Contains(string(data), pw); has != (p == q) {
					t.Errorf("turn %d: player %d's sheet holds player %d's password: %v", turn, p, q, has)
				}
			}
			rep, err := reportparse.Parse(g.R, name, data)
			if err != nil || rep.Knowledge.Empire.Password != pws[p] {
				t.Errorf("turn %d: the sheet of player %d reads the password %q, want %q (%v)", turn, p, rep.Knowledge.Empire.Password, pws[p], err)
			}
		}
	}
}

// A file with a wrong password, or none, is refused and set aside; the
// player's sheet and the moderator are told; the right password is taken.
func TestWrongPasswordRefused(t *testing.T) {
	g := newGame(t, 3)
	forged := bytes.Replace(orderFile(t, g, 1, "PI 9"), []byte("PASSWORD "+g.State.Empire(1).Password), []byte("PASSWORD aaaa-bbbb-cccc"), 1)
	bare := bytes.Replace(orderFile(t, g, 2, "PI 9"), []byte("PASSWORD "+g.State.Empire(2).Password+"\n"), nil, 1)
	if bytes.Contains(bare, []byte("PASSWORD")) || !bytes.Contains(forged, []byte("aaaa-bbbb-cccc")) {
		t.Fatal("the test's files are not what they should be")
	}
	put(t, g, "player-01.txt", forged)
	put(t, g, "mine.txt", bare)
	put(t, g, "third.txt", orderFile(t, g, 3, "PI 2"))
	sum, err := g.Turn(TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	aside := strings.Join(sum.Aside, "\n")
	for _, want := range []string{"player-01.txt:5: orders for player 1 with a wrong password; refused", "mine.txt:3: orders for player 2 with no password; refused"} {
		if !strings.Contains(aside, want) {
			t.Errorf("the moderator is not told %q:\n%s", want, aside)
		}
	}
	if len(sum.Sent) != 1 || sum.Sent[0] != 3 || len(sum.Missing) != 2 {
		t.Errorf("sent %v, missing %v; want only player 3's taken", sum.Sent, sum.Missing)
	}
	for p := 1; p <= 2; p++ {
		if !strings.Contains(strings.Join(strings.Fields(sheetOf(t, g, p)), " "), "An order file for your empire was refused: it does not carry your password") {
			t.Errorf("player %d's sheet does not say his file was refused", p)
		}
		if g.State.Empire(p).Interceptors != 0 {
			t.Errorf("player %d's refused orders were carried out", p)
		}
	}
	if g.State.Empire(3).Interceptors != 2 {
		t.Errorf("player 3, with his password, has %d interceptors, want 2", g.State.Empire(3).Interceptors)
	}
	for _, name := range []string{"player-01.txt", "mine.txt"} {
		if _, err := os.Stat(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, RefusedDir, name)); err != nil {
			t.Errorf("%s is not kept aside: %v", name, err)
		}
	}
	replayMatches(t, g)
}

// replayMatches checks that a replay gives every turn as it is on disk.
func replayMatches(t *testing.T, g *Game) {
	t.Helper()
	turns, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range turns {
		if !rt.Match() {
			t.Errorf("replay of turn %d: %v %v", rt.Turn, rt.Differ, rt.Err)
		}
	}
}

// A game made before passwords takes files without one, and ignores one.
func TestNoPasswordInAnOldGame(t *testing.T) {
	g := withoutPasswords(t, newGame(t, 2))
	put(t, g, "a.txt", orderFile(t, g, 1, "PI 3"))
	put(t, g, "b.txt", bytes.Replace(orderFile(t, g, 2, "PI 1"), []byte("TURN 2\n"), []byte("TURN 2\nPASSWORD aaaa-bbbb-cccc\n"), 1))
	sum, err := g.Turn(TurnOptions{})
	if err != nil || len(sum.Sent) != 2 || len(sum.Aside) != 0 {
		t.Fatalf("sent %v, aside %v: %v", sum.Sent, sum.Aside, err)
	}
	if g.State.Empire(1).Interceptors != 3 || strings.Contains(sheetOf(t, g, 1), turnsheet.LabelPassword+":") {
		t.Errorf("player 1: %d interceptors, want 3; and his sheet shows no password", g.State.Empire(1).Interceptors)
	}
	replayMatches(t, g)
}

// Two different files of one player are both kept, the moderator told,
// the newest taken; the same file twice counts once.
func TestTwoOrderFilesOfOnePlayer(t *testing.T) {
	g := newGame(t, 2)
	orders := filepath.Join(TurnDir(g.Dir, 1), OrdersDir)
	put(t, g, "z-first.txt", orderFile(t, g, 1, "PI 1"))
	put(t, g, "a-second.txt", orderFile(t, g, 1, "PI 4"))
	put(t, g, "again.txt", orderFile(t, g, 2, "PI 2"))
	put(t, g, "again-copy.txt", orderFile(t, g, 2, "PI 2"))
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(orders, "z-first.txt"), old, old)
	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Aside) != 1 || !strings.Contains(st.Aside[0], "z-first.txt: player 1 sent another, different order file; "+filepath.Join(orders, "a-second.txt")+", the newest, counts") {
		t.Errorf("status tells the moderator %q", st.Aside)
	}
	sum, err := g.Turn(TurnOptions{})
	if err != nil || len(sum.Sent) != 2 || len(sum.Aside) != 1 {
		t.Fatalf("sent %v, aside %v: %v", sum.Sent, sum.Aside, err)
	}
	if n := g.State.Empire(1).Interceptors; n != 4 {
		t.Errorf("player 1 has %d interceptors; the newest file (PI 4) counts", n)
	}
	if n := g.State.Empire(2).Interceptors; n != 2 {
		t.Errorf("player 2 has %d interceptors; his file, sent twice, counts once", n)
	}
	if _, err := os.Stat(filepath.Join(orders, SupersededDir, "z-first.txt")); err != nil {
		t.Errorf("the older file is not kept aside: %v", err)
	}
	if !strings.Contains(strings.Join(strings.Fields(sheetOf(t, g, 1)), " "), "Another, different order file for your empire came this turn") {
		t.Error("player 1's sheet does not say a file of his was set aside")
	}
	replayMatches(t, g)
}

// A player's file named as the computer's used to be overwritten by the
// computer's orders: now the computer writes in a folder of its own, and
// the replay gives the same turn.
func TestComputerNeverOverwritesAPlayersFile(t *testing.T) {
	g := newGame(t, 3)
	mine := orderFile(t, g, 1, "PI 5")
	put(t, g, "player-03.txt", mine) // player 1's orders, player 3 sends none
	sum, err := g.Turn(TurnOptions{AutoMissing: true})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, "player-03.txt"))
	if !bytes.Equal(got, mine) {
		t.Error("player 1's file named player-03.txt was overwritten")
	}
	if g.State.Empire(1).Interceptors != 5 || len(sum.Sent) != 1 || sum.Sent[0] != 1 || len(sum.Computer) != 2 {
		t.Errorf("player 1: %d interceptors; sent %v, computer %v", g.State.Empire(1).Interceptors, sum.Sent, sum.Computer)
	}
	for _, p := range []string{"player-02.txt", "player-03.txt"} {
		if _, err := os.Stat(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, ComputerDir, p)); err != nil {
			t.Errorf("the computer's orders are not kept: %v", err)
		}
	}
	replayMatches(t, g)
}

// A scan of another player shows his ships, never his password.
func TestScanShowsNoPassword(t *testing.T) {
	g := newGame(t, 2)
	e := g.State.Empire(1)
	e.Report.ScannedPlayerID = 2
	for _, s := range g.State.Ships {
		if s.Owner == 2 {
			e.Report.ScannedPlayer = append(e.Report.ScannedPlayer, s)
		}
	}
	files, err := turnFiles(g.R, g.State)
	if err != nil {
		t.Fatal(err)
	}
	sheet := string(files[filepath.Join(SheetsDir, turnsheet.FileName(1))])
	if len(e.Report.ScannedPlayer) == 0 || !strings.Contains(sheet, g.State.Empire(1).Password) || strings.Contains(sheet, g.State.Empire(2).Password) {
		t.Errorf("player 1's sheet with a scan of player 2 shows his password, or not his own:\n%s", sheet)
	}
}

// A file named as one of the host's folders cannot be taken for orders:
// the turn says so, rather than failing to make the folder.
func TestFileNamedAsTheHostsFolder(t *testing.T) {
	g := newGame(t, 2)
	put(t, g, "computer", orderFile(t, g, 1, "PI 1"))
	_, err := g.Turn(TurnOptions{AutoMissing: true})
	rec, _ := g.ReadOrders()
	if err == nil || len(rec.Problems) != 1 || !strings.Contains(rec.Problems[0], "computer: a file named as a folder the host keeps") {
		t.Errorf("turn: %v; problems %q", err, rec.Problems)
	}
}

// Over many arrangements of files (a player's own with his password, with
// another's or none, two different ones, one twice, under any name, the
// computer's among them), every turn is written, the newest file with the
// player's password is the one carried out, and the replay is the same.
func TestOrderFileArrangements(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		rng := mrand.New(mrand.NewPCG(uint64(seed), 7))
		g := newGame(t, 4)
		for turn := 0; turn < 2; turn++ {
			names := rng.Perm(40) // file names: player-NN.txt or other, never twice
			next := func() string {
				n := names[0]
				names = names[1:]
				if n < 20 {
					return fmt.Sprintf("player-%02d.txt", n)
				}
				return fmt.Sprintf("orders-%d.eml", n)
			}
			orders := filepath.Join(TurnDir(g.Dir, g.State.Turn), OrdersDir)
			want := map[int]int{} // player -> interceptors bought by the file that counts
			aside := 0            // files the moderator is told of: refused, or superseded
			before := map[int]int{}
			for p := 1; p <= 4; p++ {
				before[p] = g.State.Empire(p).Interceptors
				own := func(k int) []byte { return orderFile(t, g, p, fmt.Sprintf("PI %d", k)) }
				wrong := func(k int) []byte {
					return bytes.Replace(own(k), []byte(g.State.Empire(p).Password), []byte(g.State.Empire(p%4+1).Password), 1)
				}
				at := time.Now().Add(-time.Hour)
				write := func(data []byte, age time.Duration) {
					name := filepath.Join(orders, next())
					if err := os.WriteFile(name, data, 0o644); err != nil {
						t.Fatal(err)
					}
					os.Chtimes(name, at.Add(age), at.Add(age))
				}
				switch rng.IntN(6) {
				case 1:
					write(own(1), 0)
					want[p] = 1
				case 2:
					write(wrong(2), 0)
					aside++
				case 3:
					write(own(1), 0)
					write(own(3), time.Minute)
					want[p] = 3
					aside++
				case 4:
					write(own(2), 0)
					write(own(2), time.Minute)
					want[p] = 2
				case 5:
					write(wrong(1), time.Minute)
					write(own(2), 0)
					want[p] = 2
					aside++
				}
			}
			sum, err := g.Turn(TurnOptions{AutoMissing: true})
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if len(sum.Aside) != aside {
				t.Errorf("seed %d turn %d: the moderator is told of %d files, want %d: %q", seed, g.State.Turn, len(sum.Aside), aside, sum.Aside)
			}
			for p, k := range want {
				if got := g.State.Empire(p).Interceptors - before[p]; got != k {
					t.Errorf("seed %d turn %d: player %d bought %d interceptors, want %d (the newest file with his password); errors %q",
						seed, g.State.Turn, p, got, k, g.State.Empire(p).Report.Errors)
				}
			}
		}
		replayMatches(t, g)
	}
}
