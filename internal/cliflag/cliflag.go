package cliflag

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
)

// Exit statuses for what Parse finds.
const (
	ExitOK    = 0 // -h: the usage was printed
	ExitUsage = 2 // a usage error, printed with the usage
)

// Command is a subcommand's flag set, its usage line and a few words on
// what it does.
type Command struct {
	*flag.FlagSet
	Usage string // "sfhost turn DIR [options]"
	About string
	// Args is how many other arguments the command takes: at least Min, at
	// most Max (Max < 0: no limit).
	Min, Max int
}

// New makes a command named name.
func New(name, usage, about string, min, max int) *Command {
	return &Command{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), Usage: usage, About: about, Min: min, Max: max}
}

// PrintUsage writes the command's usage and options to w.
func (c *Command) PrintUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", c.Usage)
	if c.About != "" {
		fmt.Fprintf(w, "\n%s\n", c.About)
	}
	has := false
	c.VisitAll(func(*flag.Flag) { has = true })
	if has {
		fmt.Fprintln(w, "\nOptions:")
		out := c.Output()
		c.SetOutput(w)
		c.PrintDefaults()
		c.SetOutput(out)
	}
}

// Parse reads args: options anywhere, "--" ending them. It returns the
// other arguments and ok; when not ok, the usage (for -h, on stdout) or
// the error and the usage (on stderr) are printed and status is the exit
// status to end with.
func (c *Command) Parse(args []string, stdout, stderr io.Writer) (rest []string, status int, ok bool) {
	var discard bytes.Buffer
	c.SetOutput(&discard) // the flag package's own messages: told below
	c.FlagSet.Usage = func() {}
	for len(args) > 0 {
		if err := c.FlagSet.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.PrintUsage(stdout)
				return nil, ExitOK, false
			}
			fmt.Fprintf(stderr, "%s: %v\n", c.Name(), err)
			c.PrintUsage(stderr)
			return nil, ExitUsage, false
		}
		left := c.Args()
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			rest = append(rest, left...) // everything after "--"
			break
		}
		if len(left) == 0 {
			break
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
	switch {
	case len(rest) < c.Min:
		fmt.Fprintf(stderr, "%s: %s\n", c.Name(), missing(c.Min-len(rest)))
	case c.Max >= 0 && len(rest) > c.Max:
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", c.Name(), rest[c.Max])
	default:
		return rest, ExitOK, true
	}
	c.PrintUsage(stderr)
	return nil, ExitUsage, false
}

func missing(n int) string {
	if n == 1 {
		return "an argument is missing"
	}
	return fmt.Sprintf("%d arguments are missing", n)
}

// Fail prints a usage error with the usage and returns ExitUsage.
func (c *Command) Fail(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "%s: %s\n", c.Name(), fmt.Sprintf(format, args...))
	c.PrintUsage(stderr)
	return ExitUsage
}

// Set reports whether the option name was given.
func (c *Command) Set(name string) bool {
	set := false
	c.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
