package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"silverfall/engine/known"
	"silverfall/engine/text"
	"strings"
	"unicode"

	"silverfall/engine/check"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/password"
	"silverfall/engine/rules"
	"silverfall/internal/cliflag"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// readReport reads a turn sheet from a file or standard input.
func readReport(name string, stdin io.Reader) (*reportparse.Report, string, error) {
	r := rules.Default()
	if name != "-" {
		rep, err := reportparse.ReadFile(r, name)
		return rep, name, err
	}
	data, err := io.ReadAll(io.LimitReader(stdin, reportparse.MaxInput+1))
	if err != nil {
		return nil, "<stdin>", err
	}
	rep, err := reportparse.Parse(r, "<stdin>", data)
	return rep, "<stdin>", err
}

// printErrors prints a parse error, one line a diagnostic.
func printErrors(w io.Writer, err error) {
	var list reportparse.ErrorList
	if errors.As(err, &list) {
		c := &capped{w: w}
		for _, d := range list {
			c.printf("%s\n", d.Error())
		}
		c.done("error", "errors")
		return
	}
	fmt.Fprintf(w, "sfcheck: %v\n", err)
}

func report(name string, stdin io.Reader, stdout, stderr io.Writer) int {
	rep, _, err := readReport(name, stdin)
	if err != nil {
		printErrors(stderr, err)
		return reportStatus(err)
	}
	warnings := &capped{w: stderr}
	for _, w := range rep.Warnings {
		warnings.printf("%s (warning)\n", w.Error())
	}
	warnings.done("warning", "warnings")
	k := rep.Knowledge
	e := &k.Empire
	race := ""
	if rc := rules.Default().Race(e.Race); rc != nil {
		race = " (" + rc.Name + ")"
	}
	fmt.Fprintf(stdout, "Game          %s\n", printable(k.Game))
	fmt.Fprintf(stdout, "Player        %d %s%s\n", e.Player, printable(e.Name), race)
	if k.DueDate != "" {
		fmt.Fprintf(stdout, "Turn          %d (orders due %s)\n", k.Turn, printable(k.DueDate))
	} else {
		fmt.Fprintf(stdout, "Turn          %d\n", k.Turn)
	}
	fmt.Fprintf(stdout, "Credits       %s\n", text.Grouped(e.Credits))
	fmt.Fprintf(stdout, "Score         %s (lowest %s, highest %s)\n", text.Grouped(k.Score.Current), text.Grouped(k.Score.Low), text.Grouped(k.Score.High))
	fmt.Fprintf(stdout, "Ships         %d\n", len(k.Ships))
	fmt.Fprintf(stdout, "Planets       %d\n", len(k.Planets))
	fmt.Fprintf(stdout, "Fleets        %d\n", len(k.Fleets))
	fmt.Fprintf(stdout, "Officers      %d\n", len(k.Officers))
	fmt.Fprintf(stdout, "Mines         %d\n", len(k.Mines))
	fmt.Fprintf(stdout, "Foreign ships %d in sight\n", len(k.ForeignShips))
	fmt.Fprintf(stdout, "Errors        %d in last turn's orders\n", len(k.Errors))
	return exitOK
}

// loaded is a player's orders read with the turn sheet they answer.
type loaded struct {
	k      *model.Knowledge
	known  *known.Known // the report and the -known sheets; nil: the report alone
	lines  []order.Line
	list   []order.Order
	bad    int // lines that do not read as orders
	header int // errors in the order file's header (game, player, turn)
	shown  string
	status int // exitFound when something in the input is wrong
}

// load reads the orders and the sheet of `sfcheck CMD ORDERS --report
// SHEET`, printing what is wrong with either to found (and the sheet's
// warnings to stderr). It returns ok false, with the exit status, when
// there is nothing to go on.
func load(cmd string, args []string, stdin io.Reader, found *capped, stdout, stderr io.Writer) (loaded, int, bool) {
	about := map[string]string{
		"orders":   "Check orders (one a line, or an order file as the client exports it) against\na turn sheet with the rules; print ORDERS:LINE: CODE message.",
		"forecast": "Carry the orders out on what the sheet shows, the end of turn included, and\nprint where they leave each ship, planet and the empire (one fact a line;\ndocs/forecast.md).",
	}[cmd]
	c := cliflag.New(cmd, "sfcheck "+cmd+" ORDERS -report REPORT", about+"\nORDERS or REPORT may be \"-\" for standard input.", 1, 1)
	sheet := c.String("report", "", "the turn sheet the orders answer (text or saved e-mail)")
	var earlier []string
	c.Func("known", "an earlier sheet of the same game, the player's own or an ally's: planets and ships\nit shows and the report does not are checked as last seen (may be given again)", func(s string) error {
		if len(earlier) == maxKnownSheets {
			return fmt.Errorf("at most %d sheets", maxKnownSheets)
		}
		earlier = append(earlier, s)
		return nil
	})
	pos, code, ok := c.Parse(args, stdout, stderr)
	if !ok {
		return loaded{}, code, false
	}
	if *sheet == "" {
		return loaded{}, c.Fail(stderr, "-report REPORT is needed"), false
	}
	opts := map[string]string{"report": *sheet}
	if pos[0] == "-" && opts["report"] == "-" {
		fmt.Fprint(stderr, "sfcheck: the orders and the report cannot both come from standard input\n")
		return loaded{}, exitInput, false
	}
	// The orders first: an order file far too large is refused at once,
	// before the sheet (tens of megabytes, perhaps) is read.
	data, shown, status, err := readOrders(pos[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return loaded{}, status, false
	}
	rep, _, err := readReport(opts["report"], stdin)
	if err != nil {
		printErrors(stderr, err)
		return loaded{}, reportStatus(err), false
	}
	warnings := &capped{w: stderr}
	for _, w := range rep.Warnings {
		warnings.printf("%s (warning)\n", w.Error())
	}
	warnings.done("warning about the turn sheet", "warnings about the turn sheet")
	data, cutLine, left := orderwriter.CapOrders(data)
	l := loaded{k: rep.Knowledge, shown: shown, status: status}
	if l.known, err = knownFrom(rep.Knowledge, earlier); err != nil {
		printErrors(stderr, err)
		return loaded{}, reportStatus(err), false
	}
	if cutLine > 0 {
		found.printf("%s", tooMany(shown, cutLine, left))
		l.header++
		l.status = exitFound
	}
	var bad []order.LineError
	k := rep.Knowledge
	if orderwriter.IsOrderFile(data) {
		// The order file the client exports: header, sections, END.
		f, err := orderwriter.Read(bytes.NewReader(data), shown)
		var list orderwriter.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				found.printf("%s:%d: syntax %s\n", shown, e.Line, e.Msg)
			}
			l.bad += len(list)
			l.status = exitFound
		}
		for i, o := range f.Orders {
			l.lines = append(l.lines, order.Line{Line: f.Lines[i], Order: o})
		}
		if f.Game != "" && f.Game != k.Game {
			found.printf("%s:%d: wrong-game the file is for game %q, the turn sheet for game %q\n", shown, headerLine(data, "GAME"), f.Game, k.Game)
			l.header++
			l.status = exitFound
		}
		if f.Player != 0 && f.Player != k.Empire.Player {
			found.printf("%s:%d: wrong-player the file is for player %d, the turn sheet for player %d\n", shown, headerLine(data, "PLAYER"), f.Player, k.Empire.Player)
			l.header++
			l.status = exitFound
		}
		if k.Empire.Password != "" && f.Player == k.Empire.Player && !password.Match(k.Empire.Password, f.Password) {
			// Only the host decides, but the sheet says what it will
			// take: a typing slip here would cost the player his turn.
			what := "is not the one the turn sheet gives (Password: at its head)"
			if strings.TrimSpace(f.Password) == "" {
				what = "is missing; the turn sheet gives one (Password: at its head)"
			}
			found.printf("%s:%d: wrong-password the file's PASSWORD %s: the host will refuse the file\n", shown, headerLine(data, "PASSWORD"), what)
			l.header++
			l.status = exitFound
		}
		if f.Turn != 0 && f.Turn != k.Turn+1 {
			found.printf("%s:%d: wrong-turn the file is for turn %d; the turn sheet of turn %d takes orders for turn %d\n", shown, headerLine(data, "TURN"), f.Turn, k.Turn, k.Turn+1)
			l.header++
			l.status = exitFound
		}
	} else {
		l.lines, bad, err = order.ReadLines(bytes.NewReader(data))
		if err != nil {
			fmt.Fprintf(stderr, "%s:%v\n", shown, err)
			return loaded{}, exitFound, false
		}
	}
	for _, b := range bad {
		found.printf("%s:%d: syntax %s\n", shown, b.Line, b.Err)
		l.status = exitFound
	}
	l.bad += len(bad)
	// Past the most of a kind the host carries out, orders are left out
	// here too, and said so.
	keep, cuts := capKinds(shown, l.lines, found)
	if len(cuts) > 0 {
		l.header += len(cuts)
		l.status = exitFound
		lines := make([]order.Line, len(keep))
		for i, k := range keep {
			lines[i] = l.lines[k]
		}
		l.lines = lines
	}
	l.list = make([]order.Order, len(l.lines))
	for i, line := range l.lines {
		l.list[i] = line.Order
	}
	return l, l.status, true
}

func orders(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	found := &capped{w: stdout}
	l, status, ok := load("orders", args, stdin, found, stdout, stderr)
	if !ok {
		return status
	}
	errs, warns, notes := 0, 0, 0
	warned := &capped{w: stdout}
	for _, d := range l.checker().Run(l.list).Diagnostics {
		line := l.lines[d.Order].Line
		switch d.Severity {
		case check.Warning:
			warns++
			warned.printf("%s:%d: %s warning: %s\n", l.shown, line, d.Code, d.Message)
		case check.Note:
			notes++
			warned.printf("%s:%d: %s note: %s\n", l.shown, line, d.Code, d.Message)
		default:
			errs++
			status = exitFound
			found.printf("%s:%d: %s %s\n", l.shown, line, d.Code, d.Message)
		}
	}
	found.done("error", "errors")
	warned.done("warning or note", "warnings and notes")
	errs += l.header
	fmt.Fprintf(stderr, "%d %s: %d %s, %d %s, %d %s, %d %s unreadable\n", len(l.lines), plural(len(l.lines), "order", "orders"),
		errs, plural(errs, "error", "errors"), warns, plural(warns, "warning", "warnings"), notes, plural(notes, "note", "notes"),
		l.bad, plural(l.bad, "line", "lines"))
	return status
}

// forecast prints where the orders leave the empire at the end of the
// turn, on standard output; orders that cannot be carried out go to
// standard error (the forecast leaves them out).
func forecast(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	found := &capped{w: stderr}
	l, status, ok := load("forecast", args, stdin, found, stdout, stderr)
	if !ok {
		return status
	}
	f := l.checker().Forecast(l.list)
	for _, d := range f.Diagnostics {
		if d.Severity == check.Error {
			status = exitFound
			found.printf("%s:%d: %s %s (left out)\n", l.shown, l.lines[d.Order].Line, d.Code, d.Message)
		}
	}
	found.done("error", "errors")
	out := bufio.NewWriter(stdout)
	if err := f.Write(out); err == nil {
		err = out.Flush()
	}
	return status
}

// headerLine finds the line of an order file's header entry.
func headerLine(data []byte, key string) int {
	for i, l := range strings.Split(string(data[:min(len(data), 4096)]), "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.EqualFold(f[0], key) {
			return i + 1
		}
	}
	return 1
}

// reportStatus is the exit status for a sheet that could not be read:
// 1 when the input is wrong, 2 when it could not be read at all.
func reportStatus(err error) int {
	var list reportparse.ErrorList
	var big reportparse.TooLargeError
	if errors.As(err, &list) || errors.Is(err, reportparse.ErrNoSheet) || errors.As(err, &big) {
		return exitFound
	}
	return exitInput
}

// printable escapes what a terminal would act on rather than show: text
// from a sheet comes from outside.
func printable(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsPrint(r) || r == ' ' {
			b.WriteRune(r)
		} else {
			fmt.Fprintf(&b, "\\u%04x", r)
		}
	}
	return b.String()
}

// maxKnownSheets bounds the -known sheets one run reads: a game of 25
// turns with seven allies is 200 sheets.
const maxKnownSheets = 200

// knownFrom is what the report's player knows with the sheets named by
// -known added (none: nil). A sheet that does not read, or is of another
// game, or of a player and turn given twice, stops the run with its name.
func knownFrom(k *model.Knowledge, paths []string) (*known.Known, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	kn := known.New(k.Game, k.Empire.Player)
	if err := kn.Add(k); err != nil {
		return nil, err
	}
	for _, p := range paths {
		if p == "-" {
			return nil, errors.New("-known: a sheet is read from a file, not from standard input")
		}
		rep, err := reportparse.ReadFile(rules.Default(), p)
		if err != nil {
			return nil, err
		}
		if err := kn.Add(rep.Knowledge); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	return kn, nil
}

// checker checks against the report and, when -known gave sheets, what
// they add.
func (l loaded) checker() *check.Checker {
	return check.NewWith(rules.Default(), l.k, check.Options{Known: l.known})
}
