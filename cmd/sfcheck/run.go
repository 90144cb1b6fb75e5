package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"silverfall/engine/order"
)

const usage = `usage: sfcheck COMMAND [ARGS]

Commands:
  syntax FILE                   read orders (one a line, '#' starts a comment),
                                print each in canonical form; report bad lines
                                as FILE:LINE: message
  report FILE                   read a turn sheet (text or saved e-mail) and
                                print a summary, or its errors
  orders ORDERS --report REPORT check orders (one a line, or an order file
                                as the client exports) against a turn sheet
                                with the rules; print ORDERS:LINE: CODE message
  demo [--seed N] [--players P] [--name NAME] --out DIR
                                generate a game and write every player's
                                turn-1 sheet into DIR
  help                          show this text

FILE may be "-" for standard input.
Exit status: 0 all good, 1 something is wrong in the input, 2 cannot read it
or bad usage.
`

// Exit statuses.
const (
	exitOK    = 0
	exitFound = 1
	exitInput = 2
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitInput
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "syntax":
		if len(args) != 2 {
			fmt.Fprint(stderr, "usage: sfcheck syntax FILE\n")
			return exitInput
		}
		return syntax(args[1], stdin, stdout, stderr)
	case "report":
		if len(args) != 2 {
			fmt.Fprint(stderr, "usage: sfcheck report FILE\n")
			return exitInput
		}
		return report(args[1], stdin, stdout, stderr)
	case "orders":
		return orders(args[1:], stdin, stdout, stderr)
	case "demo":
		return demo(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "sfcheck: unknown command %q\n\n%s", args[0], usage)
	return exitInput
}

// open opens name, or standard input for "-".
func open(name string, stdin io.Reader) (io.Reader, string, func(), error) {
	if name == "-" {
		return stdin, "<stdin>", func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, name, nil, err
	}
	return f, name, func() { f.Close() }, nil
}

func syntax(name string, stdin io.Reader, stdout, stderr io.Writer) int {
	r, shown, done, err := open(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return exitInput
	}
	defer done()
	lines, bad, err := order.ReadLines(r)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", shown, err)
		return exitInput
	}
	// Print in input order, good lines to stdout and bad to stderr.
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	i, j := 0, 0
	for i < len(lines) || j < len(bad) {
		if j >= len(bad) || (i < len(lines) && lines[i].Line < bad[j].Line) {
			out.WriteString(lines[i].Order.String())
			out.WriteByte('\n')
			i++
			continue
		}
		out.Flush()
		fmt.Fprintf(stderr, "%s:%d: %s\n", shown, bad[j].Line, bad[j].Err)
		j++
	}
	if len(bad) > 0 {
		return exitFound
	}
	return exitOK
}
