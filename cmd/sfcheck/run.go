package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
	"silverfall/internal/capfile"
	"silverfall/internal/cliflag"
	"silverfall/internal/version"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

const usage = `usage: sfcheck COMMAND [ARGS]

Commands:
  syntax FILE                   read orders (one a line, '#' starts a comment,
                                or an order file as the client exports it) and
                                print them in canonical form; report bad lines
                                and orders no sheet can make legal (too many
                                interceptors, a warpdrive target out of reach,
                                two battle orders for one ship, ...) as
                                FILE:LINE: message
  report FILE                   read a turn sheet (text or saved e-mail) and
                                print a summary, or its errors
  orders ORDERS --report REPORT check orders (one a line, or an order file
                                as the client exports) against a turn sheet
                                with the rules; print ORDERS:LINE: CODE message
  forecast ORDERS --report REPORT
                                carry the orders out on what the sheet shows,
                                the end of turn included, and print where
                                they leave each ship, planet and the empire
                                (one fact a line; docs/forecast.md)
  setup FILE                    check a set-up file against every limit of the
                                position set-up (nine ships, two a type,
                                350,000 credits, 16 points, 3 in one) and
                                print it back; report FILE:LINE: message
  demo [--seed N] [--players P] [--name NAME] --out DIR
                                generate a game and write every player's
                                turn-1 sheet into DIR
  version                       say which version this is
  help                          show this text

FILE may be "-" for standard input.
Exit status: 0 all good (warnings and notes aside); 1 something is wrong in
the input (a bad order, an order that breaks a rule, a broken sheet, no sheet
at all, a file far too large); 2 a file could not be read, or bad usage.
`

// Exit statuses.
const (
	exitOK    = 0
	exitFound = 1
	exitInput = 2
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = safeWriter{stdout}, safeWriter{stderr}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitInput
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "-version", "--version":
		fmt.Fprintf(stdout, "sfcheck %s\n", version.String())
		return exitOK
	case "syntax":
		c := cliflag.New("syntax", "sfcheck syntax FILE",
			"Read orders (one a line, or an order file as the client exports it), print\nthem in canonical form, and report bad lines and orders no sheet can make\nlegal as FILE:LINE: message. FILE may be \"-\" for standard input.", 1, 1)
		pos, code, ok := c.Parse(args[1:], stdout, stderr)
		if !ok {
			return code
		}
		return syntax(pos[0], stdin, stdout, stderr)
	case "report":
		c := cliflag.New("report", "sfcheck report FILE",
			"Read a turn sheet (text or saved e-mail) and print a summary, or its errors.\nFILE may be \"-\" for standard input.", 1, 1)
		pos, code, ok := c.Parse(args[1:], stdout, stderr)
		if !ok {
			return code
		}
		return report(pos[0], stdin, stdout, stderr)
	case "orders":
		return orders(args[1:], stdin, stdout, stderr)
	case "forecast":
		return forecast(args[1:], stdin, stdout, stderr)
	case "demo":
		return demo(args[1:], stdout, stderr)
	case "setup":
		return setupCommand(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "sfcheck: unknown command %q\n\n%s", args[0], usage)
	return exitInput
}

// open opens name, or standard input for "-".
func open(name string, stdin io.Reader) (io.Reader, string, func(), error) {
	if name == "-" {
		return stdin, "<stdin>", func() {}, nil
	}
	// A regular file only: a pipe or a device is refused, never waited on.
	f, _, err := capfile.Open(name, 1<<62)
	if err != nil {
		return nil, name, nil, err
	}
	return f, name, func() { f.Close() }, nil
}

// maxOrderFile is the largest order file read, the host's own bound: a
// real one is a few kilobytes; one past this is refused, not cut.
const maxOrderFile = orderwriter.MaxFileSize

// errTooLarge is input larger than an order file can be.
type errTooLarge struct{ name string }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("%s: more than %d MiB, far more than an order file can be (the host takes none larger); not read", e.name, maxOrderFile>>20)
}

// readOrders reads a whole order file (or list) from a file or stdin. The
// error says whether the input is wrong (too large: status 1) or could not
// be read (status 2).
func readOrders(name string, stdin io.Reader) ([]byte, string, int, error) {
	in, shown, done, err := open(name, stdin)
	if err != nil {
		return nil, shown, exitInput, err
	}
	defer done()
	// A file's size is known before reading: one far too large is not read.
	if f, ok := in.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > maxOrderFile {
			return nil, shown, exitFound, errTooLarge{shown}
		}
	}
	data, err := io.ReadAll(io.LimitReader(in, maxOrderFile+1))
	if err != nil {
		return nil, shown, exitInput, err
	}
	if len(data) > maxOrderFile {
		return nil, shown, exitFound, errTooLarge{shown}
	}
	// An e-mail holding an order file (as a moderator saves a player's):
	// the order file inside it, decoded, with lines counted in the decoded
	// text. The host reads order e-mails with the same reader.
	if !orderwriter.IsOrderFile(data) {
		if text, where, err := reportparse.MessageText(shown, data, orderwriter.Magic); err == nil && orderwriter.IsOrderFile([]byte(text)) {
			return []byte(text), where, exitOK, nil
		}
	}
	return data, shown, exitOK, nil
}

// tooMany is the finding for orders past orderwriter.MaxOrders.
func tooMany(shown string, line, left int) string {
	return fmt.Sprintf("%s:%d: too-many-orders %d more %s from here on not read: the host carries out at most %d orders a turn\n",
		shown, line, left, plural(left, "order", "orders"), orderwriter.MaxOrders)
}

// capKinds finds the orders past the most of a kind that the host
// carries out (orderwriter.CapKinds), prints a line for each kind cut,
// and returns the indexes of the orders kept and the cuts.
func capKinds(shown string, lines []order.Line, found *capped) ([]int, []orderwriter.Cut) {
	list := make([]order.Order, len(lines))
	at := make([]int, len(lines))
	for i, l := range lines {
		list[i], at[i] = l.Order, l.Line
	}
	keep, cuts := orderwriter.CapKinds(rules.Default(), list, at)
	for _, c := range cuts {
		found.printf("%s:%d: too-many-orders %s\n", shown, c.Line, c.Message())
	}
	return keep, cuts
}

// maxShown is how many errors (and, apart, warnings) are printed for one
// file; the rest are counted in a line of their own.
const maxShown = 50

// capped prints at most maxShown lines, then says how many more there were.
type capped struct {
	w     io.Writer
	shown int
	more  int
}

func (c *capped) printf(format string, args ...any) {
	if c.shown >= maxShown {
		c.more++
		return
	}
	c.shown++
	fmt.Fprintf(c.w, format, args...)
}

// done says how many lines were left out; what is the singular and the
// plural ("error", "errors").
func (c *capped) done(one, many string) {
	if c.more > 0 {
		fmt.Fprintf(c.w, "… and %d more %s\n", c.more, plural(c.more, one, many))
	}
}

// plural picks the word for n things.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func syntax(name string, stdin io.Reader, stdout, stderr io.Writer) int {
	data, shown, status, err := readOrders(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return status
	}
	data, cutLine, left := orderwriter.CapOrders(data)
	errs := &capped{w: stderr}
	if cutLine > 0 {
		defer fmt.Fprint(stderr, tooMany(shown, cutLine, left))
		status = exitFound
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if orderwriter.IsOrderFile(data) {
		// An order file, as the client exports it: read as such, and
		// printed back in its canonical form, sections and all.
		f, err := orderwriter.Read(bytes.NewReader(data), shown)
		var list orderwriter.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				errs.printf("%s\n", e.Error())
			}
		}
		if err := orderwriter.Write(out, f); err != nil {
			errs.printf("%s: %v\n", shown, err)
		}
		out.Flush()
		lines := make([]order.Line, len(f.Orders))
		for i, o := range f.Orders {
			lines[i] = order.Line{Line: f.Lines[i], Order: o}
		}
		capKinds(shown, lines, errs)
		for _, d := range turn.Static(rules.Default(), f.Player, f.Orders) {
			errs.printf("%s:%d: %s %s: %s\n", shown, f.Lines[d.Order], d.Severity, d.Code, printable(d.Message))
		}
		errs.done("error", "errors")
		if errs.shown > 0 {
			return exitFound
		}
		return status
	}
	lines, bad, err := order.ReadLines(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", shown, err)
		return exitFound
	}
	// Orders that no sheet can make legal are refused here too.
	list := make([]order.Order, len(lines))
	for i, l := range lines {
		list[i] = l.Order
	}
	refused := map[int][]turn.Diagnostic{}
	for _, d := range turn.Static(rules.Default(), 0, list) {
		refused[d.Order] = append(refused[d.Order], d)
	}
	_, cuts := capKinds(shown, lines, errs)
	// Print in input order, good lines to stdout and bad to stderr.
	i, j := 0, 0
	for i < len(lines) || j < len(bad) {
		if j >= len(bad) || (i < len(lines) && lines[i].Line < bad[j].Line) {
			out.WriteString(lines[i].Order.String())
			out.WriteByte('\n')
			if ds := refused[i]; len(ds) > 0 {
				out.Flush()
				for _, d := range ds {
					errs.printf("%s:%d: %s %s: %s\n", shown, lines[i].Line, d.Severity, d.Code, printable(d.Message))
				}
			}
			i++
			continue
		}
		out.Flush()
		errs.printf("%s:%d: %s\n", shown, bad[j].Line, bad[j].Err)
		j++
	}
	errs.done("error", "errors")
	if len(bad) > 0 || len(refused) > 0 || len(cuts) > 0 {
		return exitFound
	}
	return status
}
