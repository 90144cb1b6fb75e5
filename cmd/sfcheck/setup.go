package main

import (
	"errors"
	"fmt"
	"io"

	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/internal/cliflag"
)

// setupCommand checks a set-up file against every limit of the book's
// position set-up and prints it back in its canonical form, with what
// it leaves of the credits and points.
func setupCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := cliflag.New("setup", "sfcheck setup FILE",
		"Check a set-up file (docs/setup-file-format.md) against every limit of the\nposition set-up, report what breaks one as FILE:LINE: message, and print it\nback in its canonical form. FILE may be \"-\" for standard input.", 1, 1)
	pos, code, ok := c.Parse(args, stdout, stderr)
	if !ok {
		return code
	}
	in, shown, done, err := open(pos[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return exitInput
	}
	defer done()
	r := rules.Default()
	s, err := setup.Read(in, shown, r)
	var list setup.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(stderr, printable(e.Error()))
		}
		return exitFound
	}
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return exitInput
	}
	if err := setup.Write(stdout, r, s); err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return exitFound
	}
	// A set-up taken has given every point: only ships and credits can be left.
	fmt.Fprintf(stderr, "%s: %d of %d ships chosen; %s credits left\n", shown, len(s.Ships), r.Start.MaxShips,
		setup.Credits(s.CreditsLeft(r)))
	return exitOK
}
