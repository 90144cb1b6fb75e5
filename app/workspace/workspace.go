// Package workspace keeps each game's files in a folder of its own: the
// turn sheets as imported (copied unchanged; the originals are never
// touched), the draft orders of each turn, saved atomically on every
// change, the view's state, the player's notes, markers and reminders (one
// file a game, for every turn), and the order files exported. A draft that
// cannot be read is kept aside under a new name, never overwritten.
package workspace

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"silverfall/engine/notes"
	"silverfall/internal/atomicfile"
	"silverfall/internal/capfile"
	"silverfall/orderwriter"
)

// DefaultRoot is where workspaces live unless the settings say otherwise:
// silverfall/games in the user's data folder.
func DefaultRoot() (string, error) {
	var base string
	switch runtime.GOOS {
	case "windows":
		base = os.Getenv("LocalAppData")
	case "darwin":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		base = filepath.Join(home, "Library", "Application Support")
	default:
		base = os.Getenv("XDG_DATA_HOME")
		if base == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			base = filepath.Join(home, ".local", "share")
		}
	}
	if base == "" {
		return "", errors.New("workspace: no data folder")
	}
	return filepath.Join(base, "silverfall", "games"), nil
}

// Workspace is the folder of one player's game.
type Workspace struct {
	Dir    string
	Game   string // the game's exact name
	Player int
}

// markFile names, in each workspace, the game and player it is for.
const markFile = "workspace.txt"

// Open opens (making it if need be) the workspace of player p in game.
func Open(root, game string, p int) (*Workspace, error) {
	dir := Folder(root, game, p)
	if err := os.MkdirAll(filepath.Join(dir, "exports"), 0o755); err != nil {
		return nil, err
	}
	// Temporary files of a save that was cut off by a crash.
	if stale, _ := filepath.Glob(filepath.Join(dir, ".*.tmp*")); len(stale) > 0 {
		for _, s := range stale {
			os.Remove(s)
		}
	}
	mark := filepath.Join(dir, markFile)
	if _, err := os.Lstat(mark); errors.Is(err, fs.ErrNotExist) {
		if err := atomicfile.WriteFile(mark, []byte(fmt.Sprintf("GAME %s\nPLAYER %d\n", game, p)), 0o644); err != nil {
			return nil, err
		}
	}
	return &Workspace{Dir: dir, Game: game, Player: p}, nil
}

// Folder is the workspace folder of player p in game: the name made safe
// for a file name, which people read, and a short hash of the exact name,
// so that games whose names fold alike ("Silverfall 42", "Silverfall.42",
// any two all-Cyrillic names) never share one. A folder of the earlier
// naming, without the hash, is still used for the game it holds.
func Folder(root, game string, p int) string {
	h := sha256.Sum256([]byte(game))
	dir := filepath.Join(root, fmt.Sprintf("%s-%x-player-%02d", SafeName(game), h[:4], p))
	if _, err := os.Stat(dir); err == nil {
		return dir
	}
	old := filepath.Join(root, fmt.Sprintf("%s-player-%02d", SafeName(game), p))
	if g, ok := folderGame(old); ok && g == game {
		return old
	}
	return dir
}

// folderGame is the exact name of the game a workspace folder holds: from
// its mark, else from a draft's GAME line or a sheet's "Game:" line (the
// folders made before the mark).
func folderGame(dir string) (string, bool) {
	if data, err := capfile.Read(filepath.Join(dir, markFile), 4<<10); err == nil {
		if g, ok := headerValue(data, "GAME "); ok {
			return g, true
		}
	}
	drafts, _ := filepath.Glob(filepath.Join(dir, "turn-*-orders.draft"))
	sheets, _ := filepath.Glob(filepath.Join(dir, "turn-*-sheet*.txt"))
	for _, path := range drafts {
		if g, ok := fileHeader(path, "GAME "); ok {
			return g, true
		}
	}
	for _, path := range sheets {
		if g, ok := fileHeader(path, "Game:"); ok {
			return g, true
		}
	}
	return "", false
}

// fileHeader finds a header line starting with key in the first lines of
// a file.
func fileHeader(path, key string) (string, bool) {
	f, _, err := capfile.Open(path, 64<<20)
	if err != nil {
		return "", false
	}
	defer f.Close()
	head := make([]byte, 4<<10)
	n, _ := io.ReadFull(f, head)
	return headerValue(head[:n], key)
}

func headerValue(data []byte, key string) (string, bool) {
	for i, line := range strings.Split(string(data), "\n") {
		if i > 12 {
			break
		}
		line = strings.TrimRight(line, "\r")
		if v, ok := strings.CutPrefix(line, key); ok {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// SafeName makes a game's name usable in a file or folder name.
func SafeName(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ' || r == '.':
			b.WriteRune('-')
		}
	}
	if b.Len() == 0 {
		return "game"
	}
	return b.String()
}

// ReportPath is where the sheet of turn t is kept.
func (w *Workspace) ReportPath(t int) string {
	return filepath.Join(w.Dir, fmt.Sprintf("turn-%03d-sheet.txt", t))
}

// maxSheetFile bounds a kept sheet, as the sheet reader does.
const maxSheetFile = 64 << 20

// AddReport keeps a copy of the sheet of turn t as it was imported. The
// same sheet imported again adds nothing; a different one for the same turn
// is kept beside the first. It returns the copy's path and whether it is new.
func (w *Workspace) AddReport(t int, data []byte) (string, bool, error) {
	base := w.ReportPath(t)
	for n := 1; ; n++ {
		path := base
		if n > 1 {
			path = strings.TrimSuffix(base, ".txt") + fmt.Sprintf("-%d.txt", n)
		}
		old, err := capfile.Read(path, maxSheetFile)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, true, atomicfile.WriteFile(path, data, 0o644)
		case err != nil:
			return "", false, err
		case bytes.Equal(old, data):
			return path, false, nil
		}
	}
}

// Reopen is the sheet to open again when the sheet last shown was last
// (a copy in a workspace): the newest turn kept in its workspace, since a
// sheet fetched later counts, else last itself; "" when none is there.
// Of several sheets of the newest turn, the one added last is taken.
func Reopen(last string) string {
	if last == "" {
		return ""
	}
	best, bestTurn, bestN := "", -1, 0
	if _, err := os.Stat(last); err == nil {
		best, bestTurn, bestN = last, -1, 0
		if t, n, ok := sheetName(filepath.Base(last)); ok {
			bestTurn, bestN = t, n
		}
	}
	names, _ := filepath.Glob(filepath.Join(filepath.Dir(last), "turn-*-sheet*.txt"))
	for _, path := range names {
		t, n, ok := sheetName(filepath.Base(path))
		if ok && (t > bestTurn || (t == bestTurn && n > bestN && best != last)) {
			best, bestTurn, bestN = path, t, n
		}
	}
	return best
}

// sheetName reads "turn-007-sheet.txt" (turn 7, copy 1) and
// "turn-007-sheet-2.txt" (turn 7, copy 2).
func sheetName(name string) (turn, n int, ok bool) {
	var rest string
	if _, err := fmt.Sscanf(name, "turn-%03d-sheet%s", &turn, &rest); err != nil {
		// Sscanf's %s needs something after "sheet": ".txt" at least.
		return 0, 0, false
	}
	switch {
	case rest == ".txt":
		return turn, 1, true
	case strings.HasPrefix(rest, "-") && strings.HasSuffix(rest, ".txt"):
		if _, err := fmt.Sscanf(strings.TrimSuffix(rest[1:], ".txt"), "%d", &n); err == nil && n > 1 {
			return turn, n, true
		}
	}
	return 0, 0, false
}

// DraftPath is where the draft orders for turn t are saved.
func (w *Workspace) DraftPath(t int) string {
	return filepath.Join(w.Dir, fmt.Sprintf("turn-%03d-orders.draft", t))
}

// SaveDraft saves the draft orders, atomically.
func (w *Workspace) SaveDraft(f *orderwriter.File) error {
	data, err := w.EncodeDraft(f)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(w.DraftPath(f.Turn), data, 0o644)
}

// EncodeDraft is what SaveDraft writes, for a writer of one's own.
func (w *Workspace) EncodeDraft(f *orderwriter.File) ([]byte, error) {
	var buf bytes.Buffer
	if err := orderwriter.Write(&buf, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// LoadDraft reads the draft orders for turn t: nil when there are none. A
// draft that cannot be read is renamed aside and named in the error, so
// that the next save does not overwrite it.
func (w *Workspace) LoadDraft(t int) (*orderwriter.File, error) {
	path := w.DraftPath(t)
	data, err := capfile.Read(path, orderwriter.MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var notFile *capfile.NotFileError
	var tooLarge *capfile.TooLargeError
	if err != nil && !errors.As(err, &notFile) && !errors.As(err, &tooLarge) {
		return nil, err
	}
	var f *orderwriter.File
	if err == nil {
		f, err = orderwriter.Read(bytes.NewReader(data), path)
	}
	if err == nil {
		err = w.own(f)
	}
	if err == nil && f.Turn != t {
		err = fmt.Errorf("the draft is for turn %d, not for turn %d", f.Turn, t)
	}
	if err == nil {
		return f, nil
	}
	aside, rerr := atomicfile.SetAside(path)
	if rerr != nil {
		return nil, fmt.Errorf("the draft %s cannot be read (%v) nor moved aside: %v", path, err, rerr)
	}
	return nil, &DamagedError{Path: path, Aside: aside, Err: err}
}

// own says whether a draft is this workspace's: its header names the
// game and player. (A workspace opened without them takes any draft.)
func (w *Workspace) own(f *orderwriter.File) error {
	switch {
	case w.Game == "" && w.Player == 0:
		return nil
	case f.Game != w.Game:
		return fmt.Errorf("the draft is for game %.60q, not for %q", f.Game, w.Game)
	case f.Player != w.Player:
		return fmt.Errorf("the draft is player %d's, not player %d's", f.Player, w.Player)
	}
	return nil
}

// DamagedError says a draft (or What) could not be read, in whole or in
// part, and where it was kept.
type DamagedError struct {
	Path, Aside string
	Err         error
	What        string // "" for "the saved draft"
}

func (e *DamagedError) Error() string {
	what := e.What
	if what == "" {
		what = "the saved draft could not be read"
	}
	return fmt.Sprintf("%s and was kept as %s: %v", what, filepath.Base(e.Aside), e.Err)
}

// State is the view's state for a turn, restored when the game reopens.
type State struct {
	Selected  string     `toml:"selected"`
	Camera    [5]float64 `toml:"camera"` // target x, y, z, distance, yaw
	Pitch     float64    `toml:"pitch"`
	HasCamera bool       `toml:"has_camera"`
	OnStation []int      `toml:"on_station"`
}

// StatePath is where the view's state for turn t is saved.
func (w *Workspace) StatePath(t int) string {
	return filepath.Join(w.Dir, fmt.Sprintf("turn-%03d-view.toml", t))
}

// SaveState saves the view's state for turn t, atomically.
func (w *Workspace) SaveState(t int, s State) error {
	data, err := EncodeState(s)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(w.StatePath(t), data, 0o644)
}

// EncodeState is what SaveState writes.
func EncodeState(s State) ([]byte, error) {
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// maxStateFile bounds a view file: a few hundred bytes.
const maxStateFile = 1 << 20

// LoadState reads the view's state for turn t; none gives the zero State.
// A damaged one (not TOML, too large, not a file) is set aside under a
// name of its own and the zero State is used.
func (w *Workspace) LoadState(t int) State {
	var s State
	path := w.StatePath(t)
	data, err := capfile.Read(path, maxStateFile)
	if errors.Is(err, fs.ErrNotExist) {
		return s
	}
	if err == nil {
		_, err = capfile.DecodeTOML(path, data, &s)
	}
	if err != nil {
		atomicfile.SetAside(path)
		return State{}
	}
	return s
}

// ExportPath is where an exported order file for turn t goes by default
// (and where End turn and a send keep what was sent): the workspace's
// exports folder, under ExportName.
func (w *Workspace) ExportPath(t int) string {
	return filepath.Join(w.Dir, "exports", ExportName(w.Game, w.Player, t))
}

// KeptExport is the order file kept for turn t: ExportPath, or in a
// workspace older than that name the file under the name it had then
// (exports/orders-turn-NNN.txt), whichever is there; ExportPath when
// neither is.
func (w *Workspace) KeptExport(t int) string {
	path := w.ExportPath(t)
	if _, err := os.Stat(path); err == nil {
		return path
	}
	old := filepath.Join(w.Dir, "exports", fmt.Sprintf("orders-turn-%03d.txt", t))
	if _, err := os.Stat(old); err == nil {
		return old
	}
	return path
}

// ExportName is the name of player p's order file for turn t of game: it
// says all three, so that a file sent or kept elsewhere still says whose
// orders it holds. Every order file the window writes is named so.
func ExportName(game string, p, t int) string {
	return fmt.Sprintf("%s-player-%02d-turn-%03d-orders.txt", SafeName(game), p, t)
}

// Sheet is one turn's sheet kept in a workspace.
type Sheet struct {
	Turn int
	Path string
}

// Sheets lists the sheets kept in the workspace, one a turn (of several
// copies of a turn, the one added last), oldest turn first.
func (w *Workspace) Sheets() ([]Sheet, error) {
	names, err := filepath.Glob(filepath.Join(w.Dir, "turn-*-sheet*.txt"))
	if err != nil {
		return nil, err
	}
	newest := map[int]int{} // turn -> copy number
	paths := map[int]string{}
	for _, path := range names {
		t, n, ok := sheetName(filepath.Base(path))
		if ok && n > newest[t] {
			newest[t], paths[t] = n, path
		}
	}
	var out []Sheet
	for t, p := range paths {
		out = append(out, Sheet{Turn: t, Path: p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Turn < out[j].Turn })
	return out, nil
}

// NotesPath is where the game's notes, markers and reminders are kept: one
// file for all its turns, since a note goes with its object from turn to
// turn.
func (w *Workspace) NotesPath() string { return filepath.Join(w.Dir, "notes.jsonl") }

// EncodeNotes is what SaveNotes writes.
func EncodeNotes(b *notes.Book) ([]byte, error) {
	var buf bytes.Buffer
	err := notes.Encode(&buf, b)
	return buf.Bytes(), err
}

// SaveNotes saves the book, atomically.
func (w *Workspace) SaveNotes(b *notes.Book) error {
	data, err := EncodeNotes(b)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(w.NotesPath(), data, 0o644)
}

// LoadNotes reads the game's book; none gives an empty one. A file of
// which some lines cannot be read gives the book of the others and a
// *DamagedError naming a copy of the whole file kept aside, so that the
// next save loses nothing of it; a file that cannot be read at all is
// set aside the same way.
func (w *Workspace) LoadNotes() (*notes.Book, error) {
	path := w.NotesPath()
	data, err := capfile.Read(path, notes.MaxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return &notes.Book{}, nil
	}
	var notFile *capfile.NotFileError
	var tooLarge *capfile.TooLargeError
	if err != nil && !errors.As(err, &notFile) && !errors.As(err, &tooLarge) {
		return &notes.Book{}, err
	}
	b := &notes.Book{}
	if err == nil {
		b, err = notes.Decode(bytes.NewReader(data), path)
	}
	if err == nil {
		return b, nil
	}
	if b == nil {
		b = &notes.Book{}
	}
	aside, rerr := atomicfile.SetAside(path)
	if rerr != nil {
		return b, fmt.Errorf("the notes %s cannot be read (%v) nor moved aside: %v", path, err, rerr)
	}
	what := "the notes could not be read"
	if b.Len() > 0 {
		what = "some of the notes could not be read (the others are shown)"
	}
	return b, &DamagedError{Path: path, Aside: aside, Err: err, What: what}
}

// AllySheet is an ally's sheet kept in the workspace's allies folder: the
// sheet of player Player for turn Turn.
type AllySheet struct {
	Player, Turn int
	Path         string
}

// AlliesDir is the folder where the allies' sheets are kept.
func (w *Workspace) AlliesDir() string { return filepath.Join(w.Dir, "allies") }

// ErrAllyKept says a different sheet of the same ally and turn is kept
// already.
var ErrAllyKept = errors.New("another sheet of this player and turn is kept already")

// AllyName is the file name of player p's sheet of turn t, with the
// empire's name made safe (and short) for people to read. Nothing else of
// the sheet's text goes into it.
func AllyName(p, t int, empire string) string {
	base := fmt.Sprintf("turn-%03d-player-%02d", t, p)
	if s := SafeName(empire); s != "game" || strings.EqualFold(strings.TrimSpace(empire), "game") {
		if len(s) > 40 {
			s = s[:40]
		}
		base += "-" + s
	}
	return base + ".txt"
}

// allyName reads a name AllyName made: its player and turn.
func allyName(name string) (p, t int, ok bool) {
	if !strings.HasSuffix(name, ".txt") {
		return 0, 0, false
	}
	if _, err := fmt.Sscanf(name, "turn-%d-player-%d", &t, &p); err != nil || p < 1 || t < 1 {
		return 0, 0, false
	}
	return p, t, true
}

// AddAllySheet keeps player p's sheet of turn t (the empire's name goes
// into the file's name), atomically. The same sheet again adds nothing and
// reports false; a different one of the same player and turn is refused
// with ErrAllyKept and the sheet kept.
func (w *Workspace) AddAllySheet(p, t int, empire string, data []byte) (AllySheet, bool, error) {
	if p < 1 || t < 1 {
		return AllySheet{}, false, fmt.Errorf("player %d, turn %d: not a sheet of a game", p, t)
	}
	kept, err := w.AllySheets()
	if err != nil {
		return AllySheet{}, false, err
	}
	for _, a := range kept {
		if a.Player != p || a.Turn != t {
			continue
		}
		old, err := capfile.Read(a.Path, maxSheetFile)
		if err != nil {
			return a, false, err
		}
		if bytes.Equal(old, data) {
			return a, false, nil
		}
		return a, false, fmt.Errorf("player %d's sheet of turn %d: %w (%s)", p, t, ErrAllyKept, filepath.Base(a.Path))
	}
	if err := os.MkdirAll(w.AlliesDir(), 0o755); err != nil {
		return AllySheet{}, false, err
	}
	a := AllySheet{Player: p, Turn: t, Path: filepath.Join(w.AlliesDir(), AllyName(p, t, empire))}
	return a, true, atomicfile.WriteFile(a.Path, data, 0o644)
}

// AllySheets lists the allies' sheets kept, by turn, then player (then
// file name); none when the folder is not there.
func (w *Workspace) AllySheets() ([]AllySheet, error) {
	entries, err := os.ReadDir(w.AlliesDir())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []AllySheet
	for _, e := range entries {
		p, t, ok := allyName(e.Name())
		if ok && e.Type().IsRegular() {
			out = append(out, AllySheet{Player: p, Turn: t, Path: filepath.Join(w.AlliesDir(), e.Name())})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Turn != b.Turn {
			return a.Turn < b.Turn
		}
		if a.Player != b.Player {
			return a.Player < b.Player
		}
		return a.Path < b.Path
	})
	return out, nil
}

// RemoveAllySheet removes a kept ally's sheet; a path outside the allies
// folder, or not named as a kept sheet is, is refused.
func (w *Workspace) RemoveAllySheet(a AllySheet) error {
	if filepath.Dir(a.Path) != w.AlliesDir() {
		return fmt.Errorf("%s is not in the allies' folder", a.Path)
	}
	if _, _, ok := allyName(filepath.Base(a.Path)); !ok {
		return fmt.Errorf("%s is not an ally's sheet", filepath.Base(a.Path))
	}
	return os.Remove(a.Path)
}
