package host

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"mime/quotedprintable"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/state"
	"silverfall/engine/turnsheet"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

func newGame(t *testing.T, players int) *Game {
	t.Helper()
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 17, Players: players, Name: "Host Test",
		Player: []Player{{Number: 1, Name: "Ann", Email: "ann@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// orderFile is an order file of player p for the game's next turn.
func orderFile(t *testing.T, g *Game, p int, lines ...string) []byte {
	t.Helper()
	f := &orderwriter.File{Game: g.State.Name, Player: p, Turn: g.State.Turn + 1}
	if e := g.State.Empire(p); e != nil {
		f.Password = e.Password // as the player's sheet gives it
	}
	for _, l := range lines {
		o, err := order.Parse(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		f.Orders = append(f.Orders, o)
	}
	var b bytes.Buffer
	if err := orderwriter.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func put(t *testing.T, g *Game, name string, data []byte) {
	t.Helper()
	path := filepath.Join(TurnDir(g.Dir, g.State.Turn), OrdersDir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mail wraps an order file in an e-mail as a mail program saves it:
// quoted-printable, with a cover note.
func mailOf(body []byte) []byte {
	var qp bytes.Buffer
	w := quotedprintable.NewWriter(&qp)
	w.Write(body)
	w.Close()
	return []byte("From: ann@example.org\r\nTo: host@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/mixed; boundary=XX\r\n\r\n--XX\r\nContent-Type: text/plain\r\n\r\nHere are my orders.\r\n" +
		"--XX\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		strings.ReplaceAll(qp.String(), "\n", "\r\n") + "\r\n--XX--\r\n")
}

func TestTurnFromOrderFilesAndMail(t *testing.T) {
	g := newGame(t, 3)
	dir := g.Dir
	k1 := g.State.KnowledgeOf(g.R, 1)
	station := k1.Ships[0].ID
	data := orderFile(t, g, 1, "PI 5", fmt.Sprintf("LF %d 5", station), "SM 9999 1")
	// A line the player typed that is not an order: the file still reads.
	data = bytes.Replace(data, []byte("[BATTLE]"), []byte("FROB 12\n[BATTLE]"), 1)
	put(t, g, "player-01.txt", data)
	put(t, g, "ann-reply.eml", mailOf(orderFile(t, g, 2, "PI 3")))

	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Received) != 2 || fmt.Sprint(st.Missing) != "[3]" {
		t.Errorf("status: received %v, missing %v", st.Received, st.Missing)
	}
	sum, err := g.Turn(TurnOptions{DueDate: "2027-02-01"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Turn != 2 || fmt.Sprint(sum.Sent) != "[1 2]" || fmt.Sprint(sum.Missing) != "[3]" {
		t.Errorf("summary %+v", sum)
	}
	// The sheets of turn 2: player 1's lists the line that did not read
	// and the ship type that does not exist; both bought interceptors.
	for p := 1; p <= 3; p++ {
		rep, err := reportparse.ReadFile(g.R, filepath.Join(TurnDir(dir, 2), SheetsDir, turnsheet.FileName(p)))
		if err != nil {
			t.Fatalf("sheet %d: %v", p, err)
		}
		k := rep.Knowledge
		if k.Turn != 2 || k.DueDate != "2027-02-01" {
			t.Errorf("sheet %d: turn %d due %q", p, k.Turn, k.DueDate)
		}
		want := map[int]int{1: 5, 2: 3, 3: 0}[p] + g.State.KnowledgeOf(g.R, p).Empire.Interceptors*0
		before := k1.Empire.Interceptors
		if got := k.Empire.Interceptors; got != before+want && p != 3 {
			t.Errorf("player %d has %d interceptors, want %d", p, got, before+want)
		}
		if p == 1 {
			errs := strings.Join(k.Errors, "\n")
			if !strings.Contains(errs, "FROB") || !strings.Contains(errs, "9999") {
				t.Errorf("player 1's errors in orders:\n%s", errs)
			}
		}
	}
	// Player 3 sent nothing: he has missed a turn, and the host says so.
	if e := g.State.Empire(3); e.Missed != 1 {
		t.Errorf("player 3 missed %d turns", e.Missed)
	}
	g.Close()
	reopened, err := Open(dir)
	if err != nil || reopened.State.Turn != 2 {
		t.Fatalf("reopen: %v", err)
	}
	reopened.Close()
	turns, err := Replay(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range turns {
		if !rt.Match() {
			t.Errorf("replay of turn %d: %v %v", rt.Turn, rt.Differ, rt.Err)
		}
	}
	// A moderator's edit of the state shows in the replay.
	statePath := filepath.Join(TurnDir(dir, 2), StateFile)
	text, _ := os.ReadFile(statePath)
	edited := bytes.Replace(text, []byte("credits="), []byte("credits=1"), 1)
	os.WriteFile(statePath, edited, 0o644)
	turns, _ = Replay(dir)
	if last := turns[len(turns)-1]; last.Match() || fmt.Sprint(last.Differ) != "[state.txt]" {
		t.Errorf("replay after an edit: %+v", last)
	}
}

func TestAutoMissingAndDropped(t *testing.T) {
	g := newGame(t, 2)
	put(t, g, "player-01.txt", orderFile(t, g, 1, "PI 1"))
	sum, err := g.Turn(TurnOptions{AutoMissing: true})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(sum.Computer) != "[2]" {
		t.Errorf("computer wrote for %v", sum.Computer)
	}
	kept := filepath.Join(TurnDir(g.Dir, 1), OrdersDir, ComputerDir, "player-02.txt")
	data, err := os.ReadFile(kept)
	if err != nil || !bytes.Contains(data, []byte(computerMark)) {
		t.Fatalf("the computer's orders are not kept: %v", err)
	}
	if _, err := orderwriter.Read(bytes.NewReader(data), kept); err != nil {
		t.Errorf("the computer's order file does not read: %v", err)
	}
	if e := g.State.Empire(2); e.Missed != 1 || e.Dropped {
		t.Errorf("player 2: missed %d dropped %v", e.Missed, e.Dropped)
	}
	// A second turn without orders drops player 2: from then on the
	// computer plays him without being asked.
	put(t, g, "player-01.txt", orderFile(t, g, 1, "PI 1"))
	if _, err := g.Turn(TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	if e := g.State.Empire(2); !e.Dropped || !e.Computer {
		t.Errorf("player 2 not dropped after two missed turns: %+v", e.Missed)
	}
	put(t, g, "player-01.txt", orderFile(t, g, 1, "PI 1"))
	sum, err = g.Turn(TurnOptions{})
	if err != nil || fmt.Sprint(sum.Computer) != "[2]" {
		t.Errorf("dropped player 2 not played by the computer: %+v %v", sum, err)
	}
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

// An empire that has lost its last ship is out of the game: it is due no
// orders, the computer writes none for it, and the status lists it apart
// from the scores.
func TestEmpireOutOfTheGame(t *testing.T) {
	g := newGame(t, 2)
	ships, gone := g.State.Ships[:0], map[int]bool{}
	for _, s := range g.State.Ships {
		if s.Owner != 2 {
			ships = append(ships, s)
		} else {
			gone[s.ID] = true
		}
	}
	g.State.Ships = ships
	officers := g.State.Officers[:0]
	for _, o := range g.State.Officers {
		if !gone[o.Ship] {
			officers = append(officers, o)
		}
	}
	g.State.Officers = officers
	put(t, g, "player-01.txt", orderFile(t, g, 1, "PI 1"))
	if _, err := g.Turn(TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	if e := g.State.Empire(2); !e.Out {
		t.Fatalf("player 2 has no ships and is still in the game: %+v", e)
	}
	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	if _, ranked := st.Scores[2]; ranked || fmt.Sprint(st.Out) != "[2]" || fmt.Sprint(st.Missing) != "[1]" {
		t.Errorf("status: scores %v, out %v, missing %v; want player 2 out, neither scored nor missing", st.Scores, st.Out, st.Missing)
	}
	put(t, g, "player-01.txt", orderFile(t, g, 1, "PI 1"))
	sum, err := g.Turn(TurnOptions{AutoMissing: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Computer) != 0 || len(sum.Missing) != 0 {
		t.Errorf("the computer wrote orders for %v, missing %v: nothing is due from player 2", sum.Computer, sum.Missing)
	}
	if e := g.State.Empire(2); e.Missed != 0 || e.Dropped {
		t.Errorf("player 2, out of the game, counted as missing turns: %+v", e)
	}
}

// Order files that cannot be taken stop the turn, each with its reason (a
// second file of a player does not: see TestTwoOrderFilesOfOnePlayer).
func TestBadOrderFilesStopTheTurn(t *testing.T) {
	g := newGame(t, 2)
	other := *g.State
	other.Name = "Other Game"
	put(t, g, "a.txt", []byte("hello\n"))
	put(t, g, "b.txt", bytes.Replace(orderFile(t, g, 1, "PI 1"), []byte("TURN 2"), []byte("TURN 5"), 1))
	put(t, g, "c.txt", bytes.Replace(orderFile(t, g, 2, "PI 1"), []byte("GAME Host Test"), []byte("GAME Other"), 1))
	put(t, g, "d.txt", orderFile(t, g, 1, "PI 2"))
	put(t, g, "e.txt", orderFile(t, g, 1, "PI 3"))
	_, err := g.Turn(TurnOptions{})
	if err == nil {
		t.Fatal("the turn ran")
	}
	rec, _ := g.ReadOrders()
	all := strings.Join(rec.Problems, "\n")
	for _, want := range []string{"a.txt: not an order file", "b.txt:4: the orders are for turn 5", `c.txt:2: the orders are for game "Other"`} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %q:\n%s", want, all)
		}
	}
	if _, err := os.Stat(TurnDir(g.Dir, 2)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a turn folder was written: %v", err)
	}
}

// A hand-edited state that breaks the rules is refused with its line.
func TestOpenChecksTheState(t *testing.T) {
	g := newGame(t, 2)
	path := filepath.Join(TurnDir(g.Dir, 1), StateFile)
	text, _ := os.ReadFile(path)
	lines := strings.Split(string(text), "\n")
	n := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "ship ") {
			lines[i] = strings.Replace(l, " type=", " type=99", 1)
			n = i + 1
			break
		}
	}
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	g.Close()
	_, err := Open(g.Dir)
	var list state.ErrorList
	if !errors.As(err, &list) || list[0].Line != n || list[0].File != path {
		t.Errorf("got %v, want an error at %s:%d", err, path, n)
	}
}

// The kill test: a child process carries out a turn and is killed at a
// random moment, many times. The folder always holds the whole new turn
// or none of it, and carrying the turn out again gives the same files.
const killEnv = "SILVERFALL_TEST_HOST_TURN"

func TestMain(m *testing.M) {
	if cmd := os.Getenv(commandEnv); cmd != "" {
		os.Exit(childCommand(cmd))
	}
	if dir := os.Getenv(killEnv); dir != "" {
		g, err := Open(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		fmt.Println("running")
		if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestKilledDuringTurn(t *testing.T) {
	if testing.Short() {
		t.Skip("kills processes")
	}
	base := newGame(t, 6)
	// The reference: the turn carried out without a kill.
	ref := filepath.Join(t.TempDir(), "ref")
	copyDir(t, base.Dir, ref)
	g, err := Open(ref)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	start := time.Now()
	if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	want := readTree(t, ref)
	rng := rand.New(rand.NewSource(3))
	kills, whole, none := 40, 0, 0
	for i := 0; i < kills; i++ {
		dir := filepath.Join(t.TempDir(), fmt.Sprintf("k%d", i))
		copyDir(t, base.Dir, dir)
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), killEnv+"="+dir)
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		bufio.NewReader(out).ReadString('\n')
		time.Sleep(time.Duration(rng.Int63n(int64(2 * took))))
		cmd.Process.Kill()
		cmd.Wait()
		if _, err := os.Stat(TurnDir(dir, 2)); err == nil {
			whole++
			if diff := treeDiff(readTree(t, dir), want); diff != "" {
				t.Fatalf("kill %d left a turn 2 that differs from the reference: %s", i, diff)
			}
			continue
		}
		none++
		// No turn 2: the game opens at turn 1 and the turn gives the
		// reference files.
		g, err := Open(dir)
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		defer g.Close()
		if _, err := g.Turn(TurnOptions{AutoMissing: true}); err != nil {
			t.Fatalf("kill %d: turn again: %v", i, err)
		}
		if diff := treeDiff(readTree(t, dir), want); diff != "" {
			t.Fatalf("kill %d: the turn carried out again differs from the reference: %s", i, diff)
		}
	}
	t.Logf("%d kills: %d after the commit, %d before it (a turn takes %v)", kills, whole, none, took)
	if none == 0 {
		t.Errorf("no kill landed before the commit; the test proves nothing")
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if info.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// readTree reads every file under dir, by path relative to it.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && info.Name() != LockFile {
			rel, _ := filepath.Rel(dir, path)
			data, _ := os.ReadFile(path)
			out[rel] = string(data)
		}
		return nil
	})
	return out
}

// treeDiff names the files that differ between two trees, "" for none.
func treeDiff(a, b map[string]string) string {
	var out []string
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			out = append(out, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k+" (missing)")
		}
	}
	return strings.Join(out, ", ")
}

var _ = rules.Default

// The host leaves out the orders past the most of a kind with the same
// function and words as sfcheck (orderwriter.CapKinds).
func TestCapOrdersOfKind(t *testing.T) {
	r := rules.Default()
	maxSP := orderwriter.MaxOfKind(r, order.SP)
	var list []order.Order
	var lines []int
	for i := 0; i < maxSP+2; i++ {
		o, _ := order.Parse("SP 2")
		list, lines = append(list, o), append(lines, 10+i)
	}
	kept, refused := capOrders(r, list, lines)
	want := fmt.Sprintf("line %d: 2 more SP orders from here on were not carried out: at most %d a turn are taken", 10+maxSP, maxSP)
	if len(kept) != maxSP || len(refused) != 1 || refused[0] != want {
		t.Errorf("kept %d, refused %q; want %d, %q", len(kept), refused, maxSP, want)
	}
}
