package archive

import (
	"fmt"
	"slices"
	"sort"
	"sync"

	"silverfall/app/workspace"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// KeptTexts is how many sheets keep their text and sections in memory
// (those used last); the others keep only their knowledge.
const KeptTexts = 8

// Archive is the sheets kept of one game: the player's own, one a turn.
// The allies' sheets are the workspace's allies/ folder (app/allies).
type Archive struct {
	rules *rules.Rules
	// read reads and parses one sheet file (reportparse.ReadFileData).
	read func(r *rules.Rules, path string) (*reportparse.Report, []byte, error)

	mu    sync.Mutex
	own   []*entry // by turn
	used  []*entry // the entries holding their text, the one used last last
	reads int
}

// entry is one sheet: where it is kept and, once read, what it says.
type entry struct {
	turn int
	path string
	k    *model.Knowledge // nil until read
	err  error            // why it could not be read
	rep  *reportparse.Report
	data []byte
}

// New is an empty archive of sheets read by the rules r.
func New(r *rules.Rules) *Archive {
	return &Archive{rules: r, read: reportparse.ReadFileData}
}

// Reads counts the sheet files the archive has read.
func (a *Archive) Reads() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.reads
}

// Keep sets the sheets kept in the workspace (as Workspace.Sheets lists
// them). What was read of a sheet still at the same place stays; a turn
// kept elsewhere now is read again when asked for; a turn no longer kept
// is dropped, unless it was put (Put) without a file.
func (a *Archive) Keep(sheets []workspace.Sheet) {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]*entry, 0, len(sheets))
	for _, s := range sheets {
		if e := a.find(s.Turn); e != nil && (e.path == s.Path || (e.path == "" && e.k != nil)) {
			if e.path == "" {
				e.path = s.Path
			}
			out = append(out, e)
			continue
		}
		out = append(out, &entry{turn: s.Turn, path: s.Path})
	}
	for _, e := range a.own {
		if e.path == "" && e.k != nil && !slices.ContainsFunc(out, func(o *entry) bool { return o.turn == e.turn }) {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].turn < out[j].turn })
	a.used = slices.DeleteFunc(a.used, func(e *entry) bool { return !slices.Contains(out, e) })
	a.own = out
}

func (a *Archive) find(turn int) *entry {
	i, ok := slices.BinarySearchFunc(a.own, turn, func(e *entry, t int) int { return e.turn - t })
	if !ok {
		return nil
	}
	return a.own[i]
}

// Put hands the archive the player's sheet of turn turn, already read
// (rep, with data its text), kept at path ("" when not kept in a file):
// it is never read from there.
func (a *Archive) Put(turn int, path string, rep *reportparse.Report, data []byte) {
	if rep == nil || rep.Knowledge == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.find(turn)
	if e == nil {
		e = &entry{turn: turn}
		i := sort.Search(len(a.own), func(i int) bool { return a.own[i].turn > turn })
		a.own = slices.Insert(a.own, i, e)
	}
	if path != "" {
		e.path = path
	}
	e.k, e.err, e.rep, e.data = rep.Knowledge, nil, rep, data
	a.use(e)
}

// use notes that e's text was used last, letting go of the text of the
// sheet used longest ago when more than KeptTexts hold theirs.
func (a *Archive) use(e *entry) {
	a.used = slices.DeleteFunc(a.used, func(o *entry) bool { return o == e })
	a.used = append(a.used, e)
	if len(a.used) > KeptTexts {
		old := a.used[0]
		old.rep, old.data = nil, nil
		a.used = slices.Delete(a.used, 0, 1)
	}
}

// load reads e's file when it was not read yet, or its text was let go
// and text is asked for. A sheet read keeps its text (until let go).
func (a *Archive) load(e *entry, text bool) {
	if e.err != nil || (e.k != nil && (!text || e.rep != nil)) {
		return
	}
	if e.path == "" {
		e.err = fmt.Errorf("turn %d: the sheet is not kept in a file", e.turn)
		return
	}
	a.reads++
	rep, data, err := a.read(a.rules, e.path)
	if err != nil {
		e.err = err
		return
	}
	if e.k == nil {
		e.k = rep.Knowledge
	}
	// The knowledge kept stays the one read first: whoever holds it keeps
	// the same value.
	rep.Knowledge = e.k
	e.rep, e.data = rep, data
	a.use(e)
}

// Turns lists the turns of the player's sheets kept, oldest first.
func (a *Archive) Turns() []int {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]int, len(a.own))
	for i, e := range a.own {
		out[i] = e.turn
	}
	return out
}

// Knowledge is what the player's sheet of turn says, read when it was not
// read yet.
func (a *Archive) Knowledge(turn int) (*model.Knowledge, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.find(turn)
	if e == nil {
		return nil, fmt.Errorf("no sheet of turn %d is kept", turn)
	}
	a.load(e, false)
	return e.k, e.err
}

// Sheet is the player's sheet of turn, whole: its report and its text, with
// where it is kept. A sheet whose text was let go is read again.
func (a *Archive) Sheet(turn int) (rep *reportparse.Report, data []byte, path string, err error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.find(turn)
	if e == nil {
		return nil, nil, "", fmt.Errorf("no sheet of turn %d is kept", turn)
	}
	a.load(e, true)
	if e.err != nil {
		return nil, nil, e.path, e.err
	}
	a.use(e)
	return e.rep, e.data, e.path, nil
}

// Before is the newest of the player's sheets kept of a turn before turn,
// nil when none is.
func (a *Archive) Before(turn int) (*model.Knowledge, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := len(a.own) - 1; i >= 0; i-- {
		if e := a.own[i]; e.turn < turn {
			a.load(e, false)
			return e.k, e.err
		}
	}
	return nil, nil
}

// All is what every one of the player's sheets kept says, oldest first,
// each read when it was not read yet; a sheet that cannot be read is left
// out and its error listed.
func (a *Archive) All() ([]*model.Knowledge, []error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []*model.Knowledge
	var errs []error
	for _, e := range a.own {
		a.load(e, false)
		if e.err != nil {
			errs = append(errs, e.err)
			continue
		}
		out = append(out, e.k)
	}
	return out, errs
}
