package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"silverfall/engine/ai"
	"silverfall/engine/state"
	"silverfall/host"
	"silverfall/internal/cliflag"
	"silverfall/internal/version"
)

const usage = `usage: sfhost COMMAND DIR [OPTIONS]

Commands:
  new DIR --seed N --players P [--name NAME] [--levels FILE]
                  make a game in DIR: game.toml, and turn 1's state and
                  sheets in DIR/turn-001; the players' set-up files in
                  DIR/setups give their ships and Commodores, the others'
                  are drawn; --levels names a file in DIR of the computer
                  levels' figures for this game (sfhost new -h says how)
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
	case "new":
		return newGame(rest, stdout, stderr)
	case "turn":
		return doTurn(rest, stdout, stderr)
	case "status":
		c := cliflag.New("status", "sfhost status DIR", "Say the game's turn and scores, and whose orders for the next turn are in.", 1, 1)
		pos, code, ok := c.Parse(rest, stdout, stderr)
		if !ok {
			return code
		}
		return status(pos[0], stdout, stderr)
	case "replay":
		c := cliflag.New("replay", "sfhost replay DIR", "Carry out every turn again from turn 1 and say whether each turn's files\nmatch what is on disk.", 1, 1)
		pos, code, ok := c.Parse(rest, stdout, stderr)
		if !ok {
			return code
		}
		return replay(pos[0], stdout, stderr)
	case "mail":
		return mailCommand(rest, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "sfhost: unknown command %q\n%s", cmd, usage)
	return exitInput
}

// fail prints an error and picks the exit status: a file that cannot be
// read or written is 2, anything wrong in the game's files 1.
func fail(stderr io.Writer, err error) int {
	var list state.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(stderr, escaped(e.Error()))
		}
		return exitFound
	}
	fmt.Fprintf(stderr, "sfhost: %s\n", escaped(err.Error()))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return exitInput
	}
	return exitFound
}

// escaped is a message with every character a terminal would act on
// written as an escape (file names come from outside); line breaks stay.
func escaped(msg string) string {
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		if q := host.Shown(l); q != l {
			lines[i] = q[1 : len(q)-1]
		}
	}
	return strings.Join(lines, "\n")
}

func newGame(args []string, stdout, stderr io.Writer) int {
	c := cliflag.New("new", "sfhost new DIR -seed N -players P [-name NAME] [-levels FILE]",
		"Make a game in DIR: game.toml, and turn 1's state and sheets in DIR/turn-001,\nwith a password for every player drawn by chance (not from the seed).\nThe players' set-up files in DIR/setups/ give their starting ships and Commodores;\nthe others are drawn.\n\n"+fmt.Sprintf(levelsHelp, strings.Join(ai.LevelNames(), ", ")), 1, 1)
	seed := c.Int64("seed", 0, "the game's `seed`: with the players it makes turn 1 and every turn's chances")
	n := c.Int("players", 0, "the number of `players`")
	name := c.String("name", "", "the game's `name` on the sheets (printable, at most 40 characters; default \"Silverfall SEED\")")
	levels := c.String("levels", "", "a `file` in DIR, by its path there, of [[level]] tables over the built-in computer levels (game.toml names it)")
	pos, code, ok := c.Parse(args, stdout, stderr)
	if !ok {
		return code
	}
	if !c.Set("seed") || !c.Set("players") {
		return c.Fail(stderr, "-seed and -players are needed")
	}
	dir := pos[0]
	g, err := host.New(dir, host.Config{Name: *name, Seed: *seed, Players: *n, Levels: *levels})
	if err != nil {
		return fail(stderr, err)
	}
	defer g.Close()
	fmt.Fprintf(stdout, "%s: game %q, %d players, turn 1 sheets in %s\n", quoted(dir), g.State.Name, *n, quoted(host.TurnDir(dir, 1)))
	fmt.Fprintln(stdout, "each player's password is on his own sheets: only order files that carry it are taken")
	if *levels != "" {
		fmt.Fprintf(stdout, "computer levels: %s\n", strings.Join(g.LevelNames(), ", "))
	}
	if len(g.Chosen) > 0 {
		who := "player"
		if len(g.Chosen) > 1 {
			who = "players"
		}
		fmt.Fprintf(stdout, "set-ups from %s for %s %s; the others drawn\n", quoted(filepath.Join(dir, host.SetupsDir)), who, strings.Trim(fmt.Sprint(g.Chosen), "[]"))
	}
	return exitOK
}

// levelsHelp says how a game changes the computer levels (%s: the
// built-in ones).
const levelsHelp = `The computer levels (how well the computer plays an empire: %s)
are the built-in ones unless the game changes them. A levels file in DIR,
named by -levels (game.toml then says levels = "FILE"), and [[level]] tables
added to game.toml itself (read after the file) change them:

  [[level]]
  name = "normal"          # a built-in level: the figures listed change
  mines_per_turn = 4

  [[level]]
  name = "cautious"        # a new level: starts from the one based_on names
  based_on = "normal"
  guard_percent = 80

The settings are those of engine/ai/levels.toml (docs/host.md). Every
figure is checked at sfhost new and again at every sfhost turn; a player
plays at a level by level = "cautious" in his [[player]] table.`

func doTurn(args []string, stdout, stderr io.Writer) int {
	c := cliflag.New("turn", "sfhost turn DIR [-auto-missing] [-due DATE]",
		"Carry out the next turn with the orders in the last turn's orders folder\n(order files, or saved e-mails holding one), and write the new turn's folder.", 1, 1)
	auto := c.Bool("auto-missing", false, "have the computer write orders for the empires that sent none")
	due := c.String("due", "", "the `date` the sheets give for the next orders (default: the last one)")
	pos, code, ok := c.Parse(args, stdout, stderr)
	if !ok {
		return code
	}
	dir := pos[0]
	g, err := openGame(dir, stderr)
	if err != nil {
		return fail(stderr, err)
	}
	defer g.Close()
	if g.State.Over {
		fmt.Fprintf(stderr, "sfhost: the game is over (turn %d)\n", g.State.Turn)
		return exitFound
	}
	sum, err := g.Turn(host.TurnOptions{AutoMissing: *auto, DueDate: *due})
	for _, p := range sum.Skipped {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range sum.Aside {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range sum.Problems {
		fmt.Fprintln(stderr, p)
	}
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "turn %d carried out: orders from %s; by the computer for %s; none from %s; %d %s could not be carried out\n",
		sum.Turn, players(sum.Sent), players(sum.Computer), players(sum.Missing), sum.Errors, plural(sum.Errors, "order", "orders"))
	var refused []int
	for p, lines := range sum.Refused {
		if len(lines) > 0 { // a file read whole has an empty list
			refused = append(refused, p)
		}
	}
	sort.Ints(refused)
	for _, p := range refused {
		lines := sum.Refused[p]
		fmt.Fprintf(stdout, "player %d: %d %s of the order file not taken (the sheet lists %s), first: %s\n", p, len(lines),
			plural(len(lines), "line", "lines"), plural(len(lines), "it", "them"), escaped(lines[0]))
	}
	fmt.Fprintf(stdout, "sheets in %s\n", quoted(host.TurnDir(dir, sum.Turn)))
	if g.State.Over {
		fmt.Fprintf(stdout, "the game is over; winners: %s\n", players(g.State.Winners))
	}
	return exitOK
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
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
	for _, p := range st.Aside {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range st.NotFetched {
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
