package host

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// commandEnv makes the test binary a host command for the lock test:
// "turn DIR START" or "status DIR START", START the moment (Unix
// nanoseconds) at which every child begins at once.
const commandEnv = "SILVERFALL_TEST_HOST_COMMAND"

func childCommand(spec string) int {
	f := strings.Fields(spec)
	if len(f) != 3 {
		return 4
	}
	start, _ := strconv.ParseInt(f[2], 10, 64)
	time.Sleep(time.Until(time.Unix(0, start)))
	g, err := Open(f[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	defer g.Close()
	switch f[0] {
	case "turn":
		_, err = g.Turn(TurnOptions{AutoMissing: true})
	case "status":
		_, err = g.Status()
	case "replay":
		var turns []ReplayTurn
		turns, err = g.Replay()
		for _, t := range turns {
			if !t.Match() {
				err = fmt.Errorf("turn %d differs: %v %v", t.Turn, t.Differ, t.Err)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	return 0
}

// Commands on one game started at the same moment in separate processes:
// each waits for the folder's lock, so every one succeeds, every turn is
// committed whole (its state and all its sheets), and the game opens and
// replays afterwards.
func TestCommandsAtOnce(t *testing.T) {
	tries := 6
	if testing.Short() {
		tries = 2
	}
	for try := 0; try < tries; try++ {
		g := newGame(t, 6)
		dir := g.Dir
		g.Close()
		start := strconv.FormatInt(time.Now().Add(300*time.Millisecond).UnixNano(), 10)
		var cmds []*exec.Cmd
		var outs []*strings.Builder
		for _, c := range []string{"turn", "status", "turn", "status", "replay"} {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), commandEnv+"="+c+" "+dir+" "+start)
			out := &strings.Builder{}
			cmd.Stderr = out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds, outs = append(cmds, cmd), append(outs, out)
		}
		for i, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Errorf("try %d: command %d: %v: %s", try, i, err, outs[i])
			}
		}
		h, err := Open(dir)
		if err != nil {
			t.Fatalf("try %d: the game does not open: %v", try, err)
		}
		if h.State.Turn != 3 {
			t.Errorf("try %d: the game is at turn %d after two turns", try, h.State.Turn)
		}
		for n := 1; n <= h.State.Turn; n++ {
			for p := 1; p <= 6; p++ {
				if _, err := os.Stat(filepath.Join(TurnDir(dir, n), SheetsDir, fmt.Sprintf("player-%02d.txt", p))); err != nil {
					t.Errorf("try %d: %v", try, err)
				}
			}
		}
		turns, err := h.Replay()
		if err != nil {
			t.Fatal(err)
		}
		for _, rt := range turns {
			if !rt.Match() {
				t.Errorf("try %d: replay of turn %d: %v %v", try, rt.Turn, rt.Differ, rt.Err)
			}
		}
		h.Close()
	}
}
