package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"silverfall/engine/check"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
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
		for _, d := range list {
			fmt.Fprintln(w, d.Error())
		}
		return
	}
	fmt.Fprintf(w, "sfcheck: %v\n", err)
}

func report(name string, stdin io.Reader, stdout, stderr io.Writer) int {
	rep, _, err := readReport(name, stdin)
	if err != nil {
		printErrors(stderr, err)
		var list reportparse.ErrorList
		if errors.As(err, &list) || errors.Is(err, reportparse.ErrNoSheet) {
			return exitFound
		}
		return exitInput
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(stderr, "%s (warning)\n", w.Error())
	}
	k := rep.Knowledge
	e := &k.Empire
	race := ""
	if rc := rules.Default().Race(e.Race); rc != nil {
		race = " (" + rc.Name + ")"
	}
	fmt.Fprintf(stdout, "Game          %s\n", k.Game)
	fmt.Fprintf(stdout, "Player        %d %s%s\n", e.Player, e.Name, race)
	fmt.Fprintf(stdout, "Turn          %d (orders due %s)\n", k.Turn, k.DueDate)
	fmt.Fprintf(stdout, "Credits       %s\n", turnsheet.Grouped(e.Credits))
	fmt.Fprintf(stdout, "Score         %s (lowest %s, highest %s)\n", turnsheet.Grouped(k.Score.Current), turnsheet.Grouped(k.Score.Low), turnsheet.Grouped(k.Score.High))
	fmt.Fprintf(stdout, "Ships         %d\n", len(k.Ships))
	fmt.Fprintf(stdout, "Planets       %d\n", len(k.Planets))
	fmt.Fprintf(stdout, "Fleets        %d\n", len(k.Fleets))
	fmt.Fprintf(stdout, "Officers      %d\n", len(k.Officers))
	fmt.Fprintf(stdout, "Mines         %d\n", len(k.Mines))
	fmt.Fprintf(stdout, "Foreign ships %d in sight\n", len(k.ForeignShips))
	fmt.Fprintf(stdout, "Errors        %d in last turn's orders\n", len(k.Errors))
	return exitOK
}

// flags splits "ORDERS --report REPORT" style arguments: flags may come
// before or after the positional ones.
func flags(args []string, known ...string) (map[string]string, []string, error) {
	vals := map[string]string{}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		ok := false
		for _, k := range known {
			ok = ok || k == name
		}
		if !ok {
			return nil, nil, fmt.Errorf("unknown option %s", a)
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("option %s needs a value", a)
			}
			i++
			val = args[i]
		}
		vals[name] = val
	}
	return vals, pos, nil
}

func orders(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, pos, err := flags(args, "report")
	if err != nil || len(pos) != 1 || opts["report"] == "" {
		if err != nil {
			fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		}
		fmt.Fprint(stderr, "usage: sfcheck orders ORDERS --report REPORT\n")
		return exitInput
	}
	if pos[0] == "-" && opts["report"] == "-" {
		fmt.Fprint(stderr, "sfcheck: the orders and the report cannot both come from standard input\n")
		return exitInput
	}
	rep, _, err := readReport(opts["report"], stdin)
	if err != nil {
		printErrors(stderr, err)
		return exitInput
	}
	in, shown, done, err := open(pos[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return exitInput
	}
	defer done()
	data, err := io.ReadAll(io.LimitReader(in, 64<<20))
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return exitInput
	}
	status := exitOK
	var lines []order.Line
	var bad []order.LineError
	if orderwriter.IsOrderFile(data) {
		// The order file the client exports: header, sections, END.
		f, err := orderwriter.Read(bytes.NewReader(data), shown)
		var list orderwriter.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				fmt.Fprintf(stdout, "%s:%d: syntax %s\n", shown, e.Line, e.Msg)
			}
			status = exitFound
		}
		for i, o := range f.Orders {
			lines = append(lines, order.Line{Line: f.Lines[i], Order: o})
		}
		k := rep.Knowledge
		if f.Player != 0 && f.Player != k.Empire.Player {
			fmt.Fprintf(stdout, "%s:3: wrong-player the file is for player %d, the turn sheet for player %d\n", shown, f.Player, k.Empire.Player)
			status = exitFound
		}
		if f.Turn != 0 && f.Turn != k.Turn+1 {
			fmt.Fprintf(stdout, "%s:4: wrong-turn the file is for turn %d; the turn sheet of turn %d takes orders for turn %d\n", shown, f.Turn, k.Turn, k.Turn+1)
			status = exitFound
		}
	} else {
		lines, bad, err = order.ReadLines(bytes.NewReader(data))
		if err != nil {
			fmt.Fprintf(stderr, "%s:%v\n", shown, err)
			return exitInput
		}
	}
	for _, b := range bad {
		fmt.Fprintf(stdout, "%s:%d: syntax %s\n", shown, b.Line, b.Err)
		status = exitFound
	}
	list := make([]order.Order, len(lines))
	for i, l := range lines {
		list[i] = l.Order
	}
	errs, warns := 0, 0
	for _, d := range check.New(rules.Default(), rep.Knowledge).Check(list) {
		sev := ""
		if d.Severity == check.Warning {
			sev = "warning: "
			warns++
		} else {
			errs++
			status = exitFound
		}
		fmt.Fprintf(stdout, "%s:%d: %s %s%s\n", shown, lines[d.Order].Line, d.Code, sev, d.Message)
	}
	fmt.Fprintf(stderr, "%d orders: %d errors, %d warnings, %d lines unreadable\n", len(lines), errs, warns, len(bad))
	return status
}
