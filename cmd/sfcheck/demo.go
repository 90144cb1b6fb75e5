package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"silverfall/engine/galaxy"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/internal/atomicfile"
)

func demo(args []string, stdout, stderr io.Writer) int {
	opts, pos, err := flags(args, "seed", "players", "out", "name")
	if err == nil && len(pos) > 0 {
		err = fmt.Errorf("unexpected argument %q", pos[0])
	}
	if err == nil && opts["out"] == "" {
		err = fmt.Errorf("--out DIR is needed")
	}
	o := galaxy.Options{Seed: 1, Players: 8, Name: opts["name"], DueDate: "in three weeks"}
	for _, f := range []struct {
		name string
		dst  *int
	}{{"players", &o.Players}} {
		if v, ok := opts[f.name]; ok && err == nil {
			if *f.dst, err = strconv.Atoi(v); err != nil {
				err = fmt.Errorf("--%s wants a whole number, got %q", f.name, v)
			}
		}
	}
	if v, ok := opts["seed"]; ok && err == nil {
		if o.Seed, err = strconv.ParseInt(v, 10, 64); err != nil {
			err = fmt.Errorf("--seed wants a whole number, got %q", v)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\nusage: sfcheck demo [--seed N] [--players P] [--name NAME] --out DIR\n", err)
		return exitInput
	}
	n, err := writeDemo(o, opts["out"])
	if err != nil {
		fmt.Fprintf(stderr, "sfcheck: %v\n", err)
		return exitInput
	}
	fmt.Fprintf(stdout, "wrote %d turn sheets to %s\n", n, opts["out"])
	return exitOK
}

// writeDemo generates a game and writes every player's sheet into dir.
func writeDemo(o galaxy.Options, dir string) (int, error) {
	r := rules.Default()
	g, err := galaxy.Generate(r, o)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	for p := 1; p <= o.Players; p++ {
		var buf bytes.Buffer
		if err := turnsheet.Write(&buf, r, g.KnowledgeOf(r, p)); err != nil {
			return p - 1, err
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, turnsheet.FileName(p)), buf.Bytes(), 0o644); err != nil {
			return p - 1, err
		}
	}
	return o.Players, nil
}
