package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"silverfall/engine/text"

	"silverfall/engine/galaxy"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/internal/atomicfile"
	"silverfall/internal/cliflag"
)

func demo(args []string, stdout, stderr io.Writer) int {
	c := cliflag.New("demo", "sfcheck demo [-seed N] [-players P] [-name NAME] -out DIR",
		"Generate a game and write every player's turn-1 sheet into DIR.", 0, 0)
	seed := c.Int64("seed", 1, "the game's `seed`")
	players := c.Int("players", 8, "the number of `players`")
	name := c.String("name", "", "the game's `name` (default \"Silverfall SEED\")")
	out := c.String("out", "", "the `folder` to write the sheets into")
	if _, code, ok := c.Parse(args, stdout, stderr); !ok {
		return code
	}
	if *out == "" {
		return c.Fail(stderr, "-out DIR is needed")
	}
	if *name != "" {
		if err := text.Check("the game's name", *name, text.MaxGameName); err != nil {
			return c.Fail(stderr, "%v", err)
		}
	}
	o := galaxy.Options{Seed: *seed, Players: *players, Name: *name, DueDate: "in three weeks"}
	opts := map[string]string{"out": *out}
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
