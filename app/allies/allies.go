// Package allies keeps the allies' sheets of a game: it decides whether a
// sheet may be kept as an ally's (a sheet of this game, of another player,
// of a turn not kept yet, readable), keeps it in the workspace's allies
// folder, and merges the sheets kept into what the player knows
// (engine/known). It knows no widgets.
//
// An ally's sheet is never the game shown: its orders, credits and score
// are the ally's, so nothing of it reaches the player's draft or figures.
package allies

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"silverfall/app/workspace"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/internal/capfile"
	"silverfall/reportparse"
)

// Mine is the game shown and whose it is: an ally's sheet must be of it.
type Mine struct {
	Game   string
	Player int
}

// ErrKept says the sheet of that ally and turn is kept (and merged)
// already.
var ErrKept = errors.New("is merged already")

// Check says whether the sheet k, read from name, may be kept as an ally's
// of mine: it is refused when it is of another game, the player's own, or
// of an ally and turn kept already (kept lists what is kept).
func Check(mine Mine, name string, k *model.Knowledge, kept []workspace.AllySheet) error {
	base := filepath.Base(name)
	switch {
	case k == nil:
		return fmt.Errorf("%s: no turn sheet in it", base)
	case k.Game != mine.Game:
		return fmt.Errorf("%s: the sheet is of the game %.60q, and the game shown is %.60q; an ally's sheet must be of the same game", base, k.Game, mine.Game)
	case k.Empire.Player == mine.Player:
		return fmt.Errorf("%s: this is your own sheet (player %d, turn %d), not an ally's; open it with File > Import turn sheet", base, k.Empire.Player, k.Turn)
	case k.Empire.Player < 1:
		return fmt.Errorf("%s: the sheet names no player", base)
	}
	for _, a := range kept {
		if a.Player == k.Empire.Player && a.Turn == k.Turn {
			return fmt.Errorf("%s: player %d's sheet of turn %d %w (as %s); remove it from Allies' sheets first to keep another", base, a.Player, a.Turn, ErrKept, filepath.Base(a.Path))
		}
	}
	return nil
}

// Keep checks the sheet rep read from name (its bytes data) and keeps it
// in ws's allies folder.
func Keep(ws *workspace.Workspace, name string, rep *reportparse.Report, data []byte) (workspace.AllySheet, error) {
	if ws == nil {
		return workspace.AllySheet{}, errors.New("no game with a workspace is shown: open your own game first, then its allies' sheets")
	}
	kept, err := ws.AllySheets()
	if err != nil {
		return workspace.AllySheet{}, err
	}
	var k *model.Knowledge
	if rep != nil {
		k = rep.Knowledge
	}
	if err := Check(Mine{ws.Game, ws.Player}, name, k, kept); err != nil {
		return workspace.AllySheet{}, err
	}
	a, _, err := ws.AddAllySheet(k.Empire.Player, k.Turn, k.Empire.Name, data)
	return a, err
}

// Import reads the file at path (a sheet, or an e-mail holding one) and
// keeps it as an ally's sheet in ws. A sheet that cannot be read gives
// the parser's errors, with their lines.
func Import(r *rules.Rules, ws *workspace.Workspace, path string) (workspace.AllySheet, error) {
	rep, data, err := reportparse.ReadFileData(r, path)
	if err != nil {
		return workspace.AllySheet{}, err
	}
	return Keep(ws, path, rep, data)
}

// maxSheet bounds a kept sheet read back, as the sheet reader does.
const maxSheet = 64 << 20

// AddTo merges every ally's sheet kept in ws into k, in the workspace's
// order (by turn, then player), reading each file; Cache.AddTo reads each
// once. A sheet that cannot be read, or that k refuses, is left out and
// named in the errors; the others are merged.
func AddTo(k *known.Known, r *rules.Rules, ws *workspace.Workspace) []error {
	return (*Cache)(nil).AddTo(k, r, ws)
}

// Cache keeps the allies' sheets read, so that merging them again (at each
// game or turn switch, each rebuild of the knowledge) reads no file: a
// sheet is read and parsed once while its file keeps its path, size and
// time of change. It holds at most max bytes of files, the least recently
// merged let go first. It is safe for use by several goroutines.
type Cache struct {
	mu      sync.Mutex
	max     int64
	bytes   int64
	entries map[string]*cached // by path
	order   []string           // the paths, least recently used first
	reads   int
}

type cached struct {
	size  int64
	mtime time.Time
	sheet *model.Knowledge
	err   error // why the file is no sheet: not read again either
}

// DefaultCacheBytes bounds a window's cache of allies' sheets: some
// hundreds of sheets of a large game (parsed, a sheet takes a few times
// its file's size).
const DefaultCacheBytes = 48 << 20

// NewCache is an empty cache of at most max bytes of files.
func NewCache(max int64) *Cache { return &Cache{max: max, entries: map[string]*cached{}} }

// Reads is how many sheet files the cache has read.
func (c *Cache) Reads() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reads
}

// AddTo is AddTo reading only the files not in the cache, or changed
// since they were read. A nil cache reads every file.
func (c *Cache) AddTo(k *known.Known, r *rules.Rules, ws *workspace.Workspace) []error {
	if k == nil || ws == nil {
		return nil
	}
	kept, err := ws.AllySheets()
	if err != nil {
		return []error{err}
	}
	var errs []error
	for _, a := range kept {
		sheet, err := c.sheet(r, a.Path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if sheet.Empire.Player == k.Player {
			errs = append(errs, fmt.Errorf("%s: the player's own sheet, not an ally's", filepath.Base(a.Path)))
			continue
		}
		if err := k.Add(sheet); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.Base(a.Path), err))
		}
	}
	return errs
}

// sheet is the sheet of the file at path: the one read before while the
// file is unchanged, or read now (and kept, when c is set).
func (c *Cache) sheet(r *rules.Rules, path string) (*model.Knowledge, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if e := c.get(path, info); e != nil {
		return e.sheet, e.err
	}
	data, err := capfile.Read(path, maxSheet)
	if c != nil {
		c.mu.Lock()
		c.reads++
		c.mu.Unlock()
	}
	if err != nil {
		return nil, err // perhaps for a while only: read again next time
	}
	e := &cached{size: info.Size(), mtime: info.ModTime()}
	if rep, err := reportparse.Parse(r, path, data); err != nil {
		e.err = err
	} else {
		e.sheet = rep.Knowledge
	}
	c.put(path, e)
	return e.sheet, e.err
}

// get is what was read of path if its file is as it was then, and marks
// it used.
func (c *Cache) get(path string, info os.FileInfo) *cached {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[path]
	if e == nil || e.size != info.Size() || !e.mtime.Equal(info.ModTime()) {
		return nil
	}
	c.touch(path)
	return e
}

// put keeps e, read from path, then lets go of the least recently used
// until the cache is within its bound. A file larger than the bound is
// not kept.
func (c *Cache) put(path string, e *cached) {
	if c == nil || e.size > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[path]; old != nil {
		c.bytes -= old.size
	}
	c.entries[path] = e
	c.bytes += e.size
	c.touch(path)
	for c.bytes > c.max && len(c.order) > 0 {
		gone := c.order[0]
		c.order = c.order[1:]
		c.bytes -= c.entries[gone].size
		delete(c.entries, gone)
	}
}

// touch makes path the most recently used.
func (c *Cache) touch(path string) {
	if i := slices.Index(c.order, path); i >= 0 {
		c.order = slices.Delete(c.order, i, i+1)
	}
	c.order = append(c.order, path)
}
