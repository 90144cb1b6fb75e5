package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"silverfall/engine/state"
	"silverfall/host"
	"silverfall/internal/version"
)

const usage = `usage: sfhost COMMAND DIR [OPTIONS]

Commands:
  new DIR --seed N --players P [--name NAME]
                  make a game in DIR: game.toml, and turn 1's state and
                  sheets in DIR/turn-001
  turn DIR [--auto-missing] [--due DATE]
                  carry out the next turn with the orders in the last turn's
                  orders folder (order files, or saved e-mails holding one)
                  and write the new turn's folder; --auto-missing has the
                  computer write orders for empires that sent none; --due
                  sets the date the sheets give for the next orders
  status DIR      the game's turn, scores, and whose orders are in
  replay DIR      recompute every turn from turn 1 and say whether each
                  turn's files match what is on disk
  mail fetch DIR  collect the players' order mails for the next turn into
                  the last turn's orders folder (game.toml's [mail] and the
                  players' addresses; the later mail of a player wins, every
                  mail is kept)
  mail send DIR [--again]
                  mail every player his sheet of the last turn (once, unless
                  --again)
  mail password DIR
                  read the mailbox's password from standard input and keep
                  it in the desktop's keyring; without one, set
                  SFHOST_MAIL_PASSWORD instead
  version         say which version this is
  help            show this text

Exit status: 0 all good; 1 something in the game's files is wrong; 2 a file
could not be read or written, or bad usage.
`

const (
	exitOK    = 0
	exitFound = 1
	exitInput = 2
)

func run(args []string, stdout, stderr io.Writer) int { return runWith(args, nil, stdout, stderr) }

func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitInput
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "-version", "--version":
		fmt.Fprintf(stdout, "sfhost %s\n", version.String())
		return exitOK
	case "new", "turn", "status", "replay":
	case "mail":
		return mailCommand(rest, stdin, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "sfhost: unknown command %q\n%s", cmd, usage)
		return exitInput
	}
	known := map[string][]string{"new": {"seed", "players", "name"}, "turn": {"auto-missing", "due"}}[cmd]
	opts, pos, err := flags(rest, known...)
	if err != nil || len(pos) != 1 {
		if err != nil {
			fmt.Fprintf(stderr, "sfhost: %v\n", err)
		}
		fmt.Fprintf(stderr, "usage: sfhost %s DIR%s\n", cmd, map[string]string{
			"new": " --seed N --players P [--name NAME]", "turn": " [--auto-missing] [--due DATE]"}[cmd])
		return exitInput
	}
	dir := pos[0]
	switch cmd {
	case "new":
		return newGame(dir, opts, stdout, stderr)
	case "turn":
		return doTurn(dir, opts, stdout, stderr)
	case "status":
		return status(dir, stdout, stderr)
	default:
		return replay(dir, stdout, stderr)
	}
}

// flags splits --name value options (and --name alone, for switches) from
// the other arguments.
func flags(args []string, known ...string) (map[string]string, []string, error) {
	opts := map[string]string{}
	var pos []string
	switches := map[string]bool{"auto-missing": true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "--") {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		ok := false
		for _, k := range known {
			ok = ok || k == name
		}
		if !ok {
			return nil, nil, fmt.Errorf("unknown option --%s", name)
		}
		if switches[name] {
			if hasVal {
				return nil, nil, fmt.Errorf("--%s takes no value", name)
			}
			opts[name] = "yes"
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("option --%s needs a value", name)
			}
			i++
			val = args[i]
		}
		opts[name] = val
	}
	return opts, pos, nil
}

// fail prints an error and picks the exit status: a file that cannot be
// read or written is 2, anything wrong in the game's files 1.
func fail(stderr io.Writer, err error) int {
	var list state.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(stderr, e.Error())
		}
		return exitFound
	}
	fmt.Fprintf(stderr, "sfhost: %v\n", err)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return exitInput
	}
	return exitFound
}

func newGame(dir string, opts map[string]string, stdout, stderr io.Writer) int {
	seed, err1 := strconv.ParseInt(opts["seed"], 10, 64)
	players, err2 := strconv.Atoi(opts["players"])
	if err1 != nil || err2 != nil {
		fmt.Fprint(stderr, "sfhost: new needs --seed N and --players P, whole numbers\n")
		return exitInput
	}
	g, err := host.New(dir, host.Config{Name: opts["name"], Seed: seed, Players: players})
	if err != nil {
		return fail(stderr, err)
	}
	defer g.Close()
	fmt.Fprintf(stdout, "%s: game %q, %d players, turn 1 sheets in %s\n", dir, g.State.Name, players, host.TurnDir(dir, 1))
	return exitOK
}

func doTurn(dir string, opts map[string]string, stdout, stderr io.Writer) int {
	g, err := openGame(dir, stderr)
	if err != nil {
		return fail(stderr, err)
	}
	defer g.Close()
	if g.State.Over {
		fmt.Fprintf(stderr, "sfhost: the game is over (turn %d)\n", g.State.Turn)
		return exitFound
	}
	sum, err := g.Turn(host.TurnOptions{AutoMissing: opts["auto-missing"] != "", DueDate: opts["due"]})
	for _, p := range sum.Skipped {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range sum.Problems {
		fmt.Fprintln(stderr, p)
	}
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "turn %d carried out: orders from %s; by the computer for %s; none from %s; %d orders could not be carried out\n",
		sum.Turn, players(sum.Sent), players(sum.Computer), players(sum.Missing), sum.Errors)
	fmt.Fprintf(stdout, "sheets in %s\n", host.TurnDir(dir, sum.Turn))
	if g.State.Over {
		fmt.Fprintf(stdout, "the game is over; winners: %s\n", players(g.State.Winners))
	}
	return exitOK
}

func players(ps []int) string {
	if len(ps) == 0 {
		return "no one"
	}
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = strconv.Itoa(p)
	}
	return "player " + strings.Join(s, ", ")
}

func status(dir string, stdout, stderr io.Writer) int {
	g, err := openGame(dir, stderr)
	if err != nil {
		return fail(stderr, err)
	}
	defer g.Close()
	st, err := g.Status()
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "Game      %s\nTurn      %d\n", st.Name, st.Turn)
	if st.Over {
		fmt.Fprintf(stdout, "Over      winners: %s\n", players(st.Winners))
	}
	var in []int
	for p := range st.Received {
		in = append(in, p)
	}
	sort.Ints(in)
	fmt.Fprintf(stdout, "Orders in %s\n", players(in))
	fmt.Fprintf(stdout, "Missing   %s\n", players(st.Missing))
	fmt.Fprintf(stdout, "Computer  %s\n", players(st.Computer))
	var ps []int
	for p := range st.Scores {
		ps = append(ps, p)
	}
	sort.Ints(ps)
	for _, p := range ps {
		fmt.Fprintf(stdout, "Score     player %d: %d\n", p, st.Scores[p])
	}
	for _, p := range st.Skipped {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range st.Problems {
		fmt.Fprintln(stderr, p)
	}
	if len(st.Problems) > 0 {
		return exitFound
	}
	return exitOK
}

func replay(dir string, stdout, stderr io.Writer) int {
	turns, err := host.ReplayWaiting(dir, busy(dir, stderr))
	if err != nil {
		return fail(stderr, err)
	}
	status := exitOK
	for _, t := range turns {
		switch {
		case t.Err != nil:
			fmt.Fprintf(stdout, "turn %d: cannot be recomputed: %v\n", t.Turn, t.Err)
			status = exitFound
		case t.Match():
			fmt.Fprintf(stdout, "turn %d: matches\n", t.Turn)
		default:
			fmt.Fprintf(stdout, "turn %d: differs: %s\n", t.Turn, strings.Join(t.Differ, ", "))
			status = exitFound
		}
	}
	return status
}

// openGame opens the game in dir, saying so when it waits for another
// command to finish with it.
func openGame(dir string, stderr io.Writer) (*host.Game, error) {
	return host.OpenWaiting(dir, busy(dir, stderr))
}

func busy(dir string, stderr io.Writer) func() {
	return func() {
		fmt.Fprintf(stderr, "sfhost: another sfhost command is working on %s (a turn may be running); waiting for it to finish\n", quoted(dir))
	}
}

// quoted is a file name as messages print it.
func quoted(name string) string { return host.Shown(name) }
