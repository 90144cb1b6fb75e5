package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/BurntSushi/toml"

	"silverfall/internal/atomicfile"
	"silverfall/internal/capfile"
)

// Plan is a standing plan kept in the workspace: ship Ship's route to a
// planet or a place, planned on the sheet of turn Made, whose order for
// each later turn the window puts into that turn's draft.
type Plan struct {
	Ship   int    `toml:"ship"`
	Planet int    `toml:"planet"` // 0: the place To
	To     [3]int `toml:"to"`
	// Owner is the planet's owner when the plan was made; another owner
	// later stops the plan.
	Owner int `toml:"owner"`
	Made  int `toml:"made"`
	// Fire and Defence are the ship's when the plan was made: fewer later
	// (the ship was hit) stop the plan.
	Fire    int `toml:"fire"`
	Defence int `toml:"defence"`
	// Orders are the turns' orders as planned, a list a turn from Made+1.
	Orders [][]string `toml:"orders"`
	// Given is the last turn whose draft took the plan's orders, Put the
	// orders put in then.
	Given int      `toml:"given"`
	Put   []string `toml:"put"`
	// Stopped says why the plan cannot go on ("": it goes on).
	Stopped string `toml:"stopped"`
}

type plansFile struct {
	Plan []Plan `toml:"plan"`
}

// maxPlansFile bounds the plans' file.
const maxPlansFile = 1 << 20

// PlansPath is where the game's standing plans are kept.
func (w *Workspace) PlansPath() string { return filepath.Join(w.Dir, "plans.toml") }

// EncodePlans is what SavePlans writes.
func EncodePlans(plans []Plan) ([]byte, error) {
	var buf bytes.Buffer
	err := toml.NewEncoder(&buf).Encode(plansFile{Plan: plans})
	return buf.Bytes(), err
}

// SavePlans saves the standing plans, atomically.
func (w *Workspace) SavePlans(plans []Plan) error {
	data, err := EncodePlans(plans)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(w.PlansPath(), data, 0o644)
}

// LoadPlans reads the game's standing plans; no file gives none. Content
// that cannot be read gives an error naming the file and the line (or
// the plan) at fault, and no plans.
func (w *Workspace) LoadPlans() ([]Plan, error) {
	path := w.PlansPath()
	data, err := capfile.Read(path, maxPlansFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return DecodePlans(data, path)
}

// DecodePlans reads the plans' file's content data, named path in errors.
func DecodePlans(data []byte, path string) ([]Plan, error) {
	var f plansFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: %s", path, pe.Position.Line, pe.Message)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		return nil, fmt.Errorf("%s: %q is not a plan's field", path, un[0].String())
	}
	for i, p := range f.Plan {
		if err := p.check(); err != nil {
			return nil, fmt.Errorf("%s: plan %d: %v", path, i+1, err)
		}
	}
	return f.Plan, nil
}

func (p Plan) check() error {
	switch {
	case p.Ship <= 0:
		return fmt.Errorf("ship %d is not a ship's number", p.Ship)
	case p.Planet < 0:
		return fmt.Errorf("planet %d is not a planet's number", p.Planet)
	case p.Made < 0 || p.Given < 0:
		return errors.New("a turn is negative")
	}
	return nil
}
