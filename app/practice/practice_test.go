package practice

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"silverfall/app/workspace"
	"silverfall/engine/ai"
	"silverfall/engine/rules"
	"silverfall/host"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// playerOrders are orders as a player might give them for his newest
// sheet: what the computer would do in his place, at the easy level.
func playerOrders(t testing.TB, g *Game) *orderwriter.File {
	t.Helper()
	r := rules.Default()
	rep, _, err := reportparse.ReadFileData(r, g.Sheet())
	if err != nil {
		t.Fatal(err)
	}
	k := rep.Knowledge
	orders := ai.Play(r, k, uint64(k.Turn)*7+1, ai.Easy())
	// The password comes from the sheet, as the window reads it.
	return &orderwriter.File{Game: k.Game, Player: k.Empire.Player, Turn: k.Turn + 1, Password: k.Empire.Password, Orders: orders}
}

func TestNewListRead(t *testing.T) {
	root := t.TempDir()
	g, err := New(root, Options{Seed: 7, Players: 3, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Name != "Practice 7" || g.Player != 1 || g.Turn != 1 || g.Dir != filepath.Join(root, "practice", "Practice-7") {
		t.Errorf("new game: %+v", g)
	}
	data, err := os.ReadFile(filepath.Join(g.Dir, host.ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), "computer = true") != 2 || strings.Count(string(data), `level = "easy"`) != 2 {
		t.Errorf("game.toml should mark players 2 and 3 computer empires at easy:\n%s", data)
	}
	if _, err := os.Stat(g.Sheet()); err != nil {
		t.Errorf("no sheet of turn 1: %v", err)
	}
	// The same seed again: a folder of its own, the name numbered.
	g2, err := New(root, Options{Seed: 7, Players: 4, Player: 3})
	if err != nil {
		t.Fatal(err)
	}
	if g2.Name != "Practice 7 2" || g2.Player != 3 || g2.Level != "normal" {
		t.Errorf("second game: %+v", g2)
	}
	// Something else in the folder is no practice game: an empty folder, a
	// game of players only, settings that do not read or claim a billion
	// players.
	for name, toml := range map[string]string{
		"junk":     "",
		"hosted":   "name = \"h\"\nseed = 1\nplayers = 2\n",
		"broken":   "name = \"b\nseed = ",
		"billions": "name = \"x\"\nseed = 1\nplayers = 1000000000\n",
	} {
		os.MkdirAll(filepath.Join(Dir(root), name, "turn-001"), 0o755)
		if toml != "" {
			os.WriteFile(filepath.Join(Dir(root), name, host.ConfigFile), []byte(toml), 0o644)
		}
	}
	list, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Name != "Practice 7" || list[1].Name != "Practice 7 2" || list[1].Player != 3 || list[1].Players != 4 || list[0].Level != "easy" {
		for _, g := range list {
			t.Logf("%+v", g)
		}
		t.Errorf("listed %d games", len(list))
	}
	if list, err := List(t.TempDir()); err != nil || len(list) != 0 {
		t.Errorf("an empty root lists %v, %v", list, err)
	}
}

func TestOptionsRefused(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Players: 1}, "2 to"},
		{Options{Players: 99}, "not 99"},
		{Options{Players: 6, Player: 7}, "1 to 6, not 7"},
		{Options{Players: 6, Level: "fiendish"}, `no computer level "fiendish"`},
	} {
		root := t.TempDir()
		if _, err := New(root, tc.o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.o, err, tc.want)
		}
		if list, _ := List(root); len(list) != 0 {
			t.Errorf("%+v: a game was made", tc.o)
		}
	}
}

// tree is every file of a game folder but its lock, by name.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == host.LockFile {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, a, b string) {
	t.Helper()
	ta, tb := tree(t, a), tree(t, b)
	var names []string
	for n := range ta {
		names = append(names, n)
	}
	for n := range tb {
		if _, ok := ta[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if !bytes.Equal(ta[n], tb[n]) {
			t.Errorf("%s differs (%d and %d bytes)", n, len(ta[n]), len(tb[n]))
		}
	}
	if len(ta) < 10 {
		t.Errorf("only %d files compared", len(ta))
	}
}

// hostTurn is `sfhost turn DIR`: the order file dropped in the orders
// folder, the turn carried out by the host.
func hostTurn(t *testing.T, dir string, f *orderwriter.File) {
	t.Helper()
	h, err := host.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var b bytes.Buffer
	if err := orderwriter.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(host.TurnDir(dir, h.State.Turn), host.OrdersDir, OrdersName(f.Player))
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := h.Turn(host.TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Sent) != 1 || sum.Sent[0] != f.Player || len(sum.Computer) == 0 || len(sum.Missing) != 0 {
		t.Errorf("turn %d: sent %v, computer %v, missing %v", sum.Turn, sum.Sent, sum.Computer, sum.Missing)
	}
}

// Three turns ended as the window ends them give, byte for byte, the
// folder the host gives for the same orders; the host continues the
// window's folder and the window the host's, the same again; and the
// host's replay of the window's game matches every turn.
func TestEndTurnIsTheHostsTurn(t *testing.T) {
	o := Options{Seed: 11, Players: 4, Level: "easy", Player: 2}
	win, err := New(t.TempDir(), o)
	if err != nil {
		t.Fatal(err)
	}
	// The same game for the host: a copy, since the passwords of a new
	// game are drawn anew each time.
	cliDir := filepath.Join(t.TempDir(), "cli")
	if err := os.CopyFS(cliDir, os.DirFS(win.Dir)); err != nil {
		t.Fatal(err)
	}
	cli, err := Read(cliDir)
	if err != nil {
		t.Fatal(err)
	}
	for turn := 1; turn <= 3; turn++ {
		f := playerOrders(t, win)
		if len(f.Orders) == 0 && turn == 1 {
			t.Fatal("the player gives no orders: nothing is tested")
		}
		res, err := win.EndTurn(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Sheet != win.SheetPath(turn+1) || win.Turn != turn+1 || res.Summary.Turn != turn+1 {
			t.Errorf("turn %d: sheet %s, game at %d", turn, res.Sheet, win.Turn)
		}
		if fmt.Sprint(res.Summary.Sent) != "[2]" || fmt.Sprint(res.Summary.Computer) != "[1 3 4]" {
			t.Errorf("turn %d: sent %v, computer %v", turn, res.Summary.Sent, res.Summary.Computer)
		}
		hostTurn(t, cli.Dir, f)
	}
	sameTree(t, win.Dir, cli.Dir)

	// Each continues the other's.
	cli, _ = Read(cli.Dir)
	f := playerOrders(t, win)
	hostTurn(t, win.Dir, f)
	if _, err := cli.EndTurn(f, nil); err != nil {
		t.Fatal(err)
	}
	sameTree(t, win.Dir, cli.Dir)

	res, err := host.Replay(win.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 5 {
		t.Errorf("replayed %d turns, want 5", len(res))
	}
	for _, rt := range res {
		if !rt.Match() {
			t.Errorf("replay of turn %d: %v %v", rt.Turn, rt.Differ, rt.Err)
		}
	}
}

func TestEndTurnRefused(t *testing.T) {
	g, err := New(t.TempDir(), Options{Seed: 3, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	good := playerOrders(t, g)
	for _, tc := range []struct {
		change func(f *orderwriter.File)
		want   string
	}{
		{func(f *orderwriter.File) { f.Turn = 3 }, "for turn 3; the game is at turn 1"},
		{func(f *orderwriter.File) { f.Player = 2 }, "orders of player 2"},
		{func(f *orderwriter.File) { f.Game = "Other" }, `in "Other"`},
	} {
		f := *good
		tc.change(&f)
		if _, err := g.EndTurn(&f, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if last, _ := host.LastTurn(g.Dir); last != 1 || g.Turn != 1 {
		t.Errorf("a refused end of turn carried out a turn: at %d", last)
	}
}

// While sfhost works on the folder, ending a turn says so and waits.
func TestEndTurnWaitsForTheHost(t *testing.T) {
	g, err := New(t.TempDir(), Options{Seed: 4, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.Open(g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	f := playerOrders(t, g)
	busy := make(chan bool, 1)
	done := make(chan error, 1)
	go func() {
		_, err := g.EndTurn(f, func() { busy <- true })
		done <- err
	}()
	select {
	case <-busy:
	case err := <-done:
		t.Fatalf("the turn was carried out while the host held the folder: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("not told that the folder is busy")
	}
	h.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if g.Turn != 2 {
		t.Errorf("at turn %d after the host let go", g.Turn)
	}
}

func TestOf(t *testing.T) {
	root := t.TempDir()
	g, err := New(root, Options{Seed: 9, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := os.ReadFile(g.Sheet())
	if err != nil {
		t.Fatal(err)
	}
	if got := Of(root, g.Name, 1, 1, sheet); got == nil || got.Dir != g.Dir {
		t.Errorf("the game's own sheet: %v", got)
	}
	for _, tc := range []struct {
		name         string
		player, turn int
		sheet        []byte
		root         string
	}{
		{g.Name, 2, 1, sheet, root},                         // the computer's empire
		{"Practice 8", 1, 1, sheet, root},                   // another name
		{g.Name, 1, 1, append([]byte("x"), sheet...), root}, // another sheet of the same name
		{g.Name, 1, 2, sheet, root},                         // a turn not carried out
		{g.Name, 1, 1, sheet, ""},                           // no workspaces
	} {
		if got := Of(tc.root, tc.name, tc.player, tc.turn, tc.sheet); got != nil {
			t.Errorf("%s player %d turn %d: taken for the practice game", tc.name, tc.player, tc.turn)
		}
	}
}

// BenchmarkEndTurn times the host's part of End turn in a 6-player
// practice game: the order file written, the computer empires' orders,
// the turn carried out, read back and committed.
func BenchmarkEndTurn(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := New(b.TempDir(), Options{Seed: int64(i), Players: 6})
		if err != nil {
			b.Fatal(err)
		}
		f := playerOrders(b, g)
		b.StartTimer()
		if _, err := g.EndTurn(f, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRemove: a practice game goes with its workspace, and the list no
// longer has it; a folder that is not one of root's games stays.
func TestRemove(t *testing.T) {
	root := t.TempDir()
	a, err := New(root, Options{Seed: 7, Players: 3, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(root, Options{Seed: 8, Players: 3, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	w, err := workspace.Open(root, a.Name, a.Player)
	if err != nil {
		t.Fatal(err)
	}
	ws := w.Dir
	if err := Remove(root, a); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{a.Dir, ws} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", gone, err)
		}
	}
	if list, _ := List(root); len(list) != 1 || list[0].Name != b.Name {
		t.Errorf("after removing %s the list is %+v", a.Name, list)
	}
	other := &Game{Dir: t.TempDir(), Name: "x", Player: 1}
	if err := Remove(root, other); err == nil {
		t.Error("a folder outside the practice games was removed")
	}
	if _, err := os.Stat(other.Dir); err != nil {
		t.Errorf("the folder outside is gone: %v", err)
	}
	if err := Remove(root, nil); err == nil {
		t.Error("no game: no error")
	}
}

// The player's orders carry his password from the sheet; a file without
// one (a draft made before passwords) is still his own in a practice
// game, and a wrong one is refused as the host refuses it.
func TestEndTurnPassword(t *testing.T) {
	for _, tc := range []struct {
		name, password string
		taken          bool
	}{{"from the sheet", "", true}, {"none", "-", true}, {"wrong", "aaaa-bbbb-cccc", false}} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := New(t.TempDir(), Options{Seed: 3, Players: 2, Level: "easy", Player: 1})
			if err != nil {
				t.Fatal(err)
			}
			f := playerOrders(t, g)
			switch {
			case f.Password == "":
				t.Fatal("the sheet gives no password")
			case tc.password == "-":
				f.Password = ""
			case tc.password != "":
				f.Password = tc.password
			}
			res, err := g.EndTurn(f, nil)
			if err != nil {
				t.Fatal(err)
			}
			if taken := fmt.Sprint(res.Summary.Sent) == "[1]"; taken != tc.taken {
				t.Errorf("sent %v, aside %q", res.Summary.Sent, res.Summary.Aside)
			}
		})
	}
}
