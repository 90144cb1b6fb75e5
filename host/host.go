package host

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"silverfall/engine/ai"
	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/password"
	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/engine/state"
	"silverfall/engine/text"
	"silverfall/engine/turn"
	"silverfall/engine/turnsheet"
	"silverfall/internal/atomicfile"
	"silverfall/internal/capfile"
	"silverfall/internal/filelock"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// The parts of a turn's folder.
const (
	StateFile   = "state.txt"
	SheetsDir   = "sheets"
	OrdersDir   = "orders"
	turnPattern = "turn-%03d"
)

var turnDirRE = regexp.MustCompile(`^turn-(\d{3,})$`)

// TurnDir is the folder of turn n in a game's folder.
func TurnDir(dir string, n int) string { return filepath.Join(dir, fmt.Sprintf(turnPattern, n)) }

// LockFile is the game folder's lock: every command holds it, exclusively,
// from opening the folder to its end, so that two commands never work on
// one game at once. It stays in the folder; the system lets the lock go
// when its holder ends, however it ends.
const LockFile = ".sfhost.lock"

// Game is a game's folder opened by the host: its settings and the state
// after its last turn. It holds the folder's lock until Close.
type Game struct {
	Dir    string
	Config Config
	R      *rules.Rules
	State  *model.Game // after the last turn
	// Chosen are the players whose set-up files New read (New only).
	Chosen []int
	lock   *filelock.Lock
	// whileTurn, when set (by tests), runs after a turn has read its
	// orders and carried them out, before it checks them and commits.
	whileTurn func()
}

// Close lets the game folder's lock go.
func (h *Game) Close() error { return h.lock.Unlock() }

// lockGame takes dir's lock, waiting while another command holds it; busy,
// if not nil, is called first when it does.
func lockGame(dir string, busy func()) (*filelock.Lock, error) {
	name := filepath.Join(dir, LockFile)
	l, err := filelock.TryLock(name)
	if errors.Is(err, filelock.ErrBusy) {
		if busy != nil {
			busy()
		}
		l, err = filelock.Wait(name)
	}
	return l, err
}

// New makes a game in dir (which must not hold one): game.toml and turn 1's
// state and sheets, with a password for every player drawn from
// crypto/rand. The game comes back locked: Close it.
func New(dir string, c Config) (*Game, error) { return NewWith(dir, c, rand.Reader) }

// NewWith is New drawing the passwords from src. Anything but
// crypto/rand.Reader is for tests: a password must not follow from
// anything a player can know.
func NewWith(dir string, c Config, src io.Reader) (*Game, error) {
	r := c.Rules(rules.Default())
	if c.Name == "" {
		c.Name = fmt.Sprintf("Silverfall %d", c.Seed)
	}
	if c.levels == nil && c.Levels != "" {
		levels, err := loadLevels(r, dir, c.Levels, "", nil)
		if err != nil {
			return nil, err
		}
		c.levels = levels
	}
	if err := c.check(r); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	lock, err := lockGame(dir, nil)
	if err != nil {
		return nil, err
	}
	g, err := makeGame(dir, c, r, src)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	g.lock = lock
	return g, nil
}

func makeGame(dir string, c Config, r *rules.Rules, src io.Reader) (*Game, error) {
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
		return nil, fmt.Errorf("%s already holds a game", dir)
	}
	if last, _ := LastTurn(dir); last > 0 {
		return nil, fmt.Errorf("%s holds turn folders but no %s; choose an empty folder", dir, ConfigFile)
	}
	removeUnfinished(dir)
	setups, err := readSetups(r, dir, c)
	if err != nil {
		return nil, err
	}
	g, err := firstTurn(r, c, setups)
	if err != nil {
		return nil, err
	}
	if err := drawPasswords(r, g, src); err != nil {
		return nil, err
	}
	data, err := c.encode()
	if err != nil {
		return nil, err
	}
	files, err := turnFiles(r, g)
	if err != nil {
		return nil, err
	}
	if err := commitTurn(dir, 1, files, nil, nil); err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, ConfigFile), data, 0o644); err != nil {
		return nil, err
	}
	return &Game{Dir: dir, Config: c, R: r, State: g, Chosen: SetupPlayers(setups)}, nil
}

// firstTurn is the game as turn 1's sheets show it, with the set-ups the
// players chose (by player; the others' are drawn).
func firstTurn(r *rules.Rules, c Config, setups map[int]*setup.Setup) (*model.Game, error) {
	opt := galaxy.Options{Seed: c.Seed, Players: c.Players, Name: c.Name, Setups: setups}
	names := map[int]string{}
	computer := map[int]bool{}
	for _, p := range c.Player {
		if p.Name != "" {
			names[p.Number] = p.Name
		}
		computer[p.Number] = p.Computer
	}
	g, err := galaxy.Generate(r, opt)
	if err != nil {
		return nil, err
	}
	for i := range g.Empires {
		if n, ok := names[g.Empires[i].Player]; ok {
			g.Empires[i].Name = n
		}
		g.Empires[i].Computer = computer[g.Empires[i].Player]
	}
	return g, nil
}

// drawPasswords gives every player's empire a password from src. They are
// not the game's chances: the seed does not make them, and a replay takes
// them from turn 1's state.
func drawPasswords(r *rules.Rules, g *model.Game, src io.Reader) error {
	for i := range g.Empires {
		if !r.IsPlayer(g.Empires[i].Player) {
			continue
		}
		pw, err := password.New(src)
		if err != nil {
			return err
		}
		g.Empires[i].Password = pw
	}
	return nil
}

// Open opens the game in dir at its last turn, checking its state file,
// and holds the folder's lock until Close (waiting while another command
// holds it).
func Open(dir string) (*Game, error) { return OpenWaiting(dir, nil) }

// OpenWaiting is Open, calling busy first if it has to wait for another
// command to let the folder go.
func OpenWaiting(dir string, busy func()) (*Game, error) {
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err != nil {
		return nil, err
	}
	lock, err := lockGame(dir, busy)
	if err != nil {
		return nil, err
	}
	g, err := open(dir)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	g.lock = lock
	return g, nil
}

// open reads the game in dir; the caller holds the lock.
func open(dir string) (*Game, error) {
	r := rules.Default()
	c, err := readConfig(dir, r)
	if err != nil {
		return nil, err
	}
	r = c.Rules(r)
	// What a command that ended half way left: only now, under the lock,
	// is it certain that no one is writing it.
	removeUnfinished(dir)
	last, err := LastTurn(dir)
	if err != nil {
		return nil, err
	}
	g, err := readState(r, TurnDir(dir, last))
	if err != nil {
		return nil, err
	}
	if g.Turn != last {
		return nil, fmt.Errorf("%s: the state is of turn %d, the folder of turn %d", filepath.Join(TurnDir(dir, last), StateFile), g.Turn, last)
	}
	if err := agrees(r, c, g); err != nil {
		return nil, fmt.Errorf("%s and %s disagree: %v", filepath.Join(dir, ConfigFile), filepath.Join(TurnDir(dir, last), StateFile), err)
	}
	return &Game{Dir: dir, Config: c, R: r, State: g}, nil
}

// agrees checks that game.toml is the game of the state: the seed and the
// players make every turn, so a change to either breaks the replay; the
// name is in every order file and sheet.
func agrees(r *rules.Rules, c Config, g *model.Game) error {
	players := 0
	for _, e := range g.Empires {
		if r.IsPlayer(e.Player) {
			players++
		}
	}
	switch {
	case c.Name != g.Name:
		return fmt.Errorf("the game is named %s in the settings, %s in the state; the orders and sheets carry the name, so it cannot change during a game", Shown(strconv.Quote(c.Name)), Shown(strconv.Quote(g.Name)))
	case c.Seed != g.Seed:
		return fmt.Errorf("seed %d in the settings, %d in the state; the seed cannot change during a game", c.Seed, g.Seed)
	case c.Players != players:
		return fmt.Errorf("%d players in the settings, %d empires of players in the state", c.Players, players)
	}
	for _, p := range c.Player {
		e := g.Empire(p.Number)
		switch {
		case e == nil:
			return fmt.Errorf("the settings list player %d, who has no empire in the state", p.Number)
		case p.Computer && !e.Computer:
			// Turn 1 made the empire a player's; replay would make it the computer's.
			return fmt.Errorf("player %d is a computer empire in the settings but not in the state; computer empires are chosen when the game is made", p.Number)
		}
	}
	return nil
}

func readState(r *rules.Rules, turnDir string) (*model.Game, error) {
	name := filepath.Join(turnDir, StateFile)
	f, _, err := capfile.Open(name, MaxStateFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return state.Read(f, name, r)
}

// LastTurn is the highest turn with a folder in dir.
func LastTurn(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	last := 0
	for _, e := range entries {
		if m := turnDirRE.FindStringSubmatch(e.Name()); m != nil && e.IsDir() {
			if n, err := strconv.Atoi(m[1]); err == nil && n > last {
				last = n
			}
		}
	}
	if last == 0 {
		return 0, fmt.Errorf("%s holds no turn folder (turn-001, ...)", dir)
	}
	return last, nil
}

// turnFiles are the files of a turn's folder for the game g: its state
// and every player's sheet, by name within the folder.
func turnFiles(r *rules.Rules, g *model.Game) (map[string][]byte, error) {
	files := map[string][]byte{}
	var b bytes.Buffer
	if err := state.Write(&b, g); err != nil {
		return nil, err
	}
	files[StateFile] = append([]byte(nil), b.Bytes()...)
	for _, e := range g.Empires {
		if !r.IsPlayer(e.Player) {
			continue
		}
		b.Reset()
		if err := turnsheet.Write(&b, r, g.KnowledgeOf(r, e.Player)); err != nil {
			return nil, fmt.Errorf("sheet of player %d: %v", e.Player, err)
		}
		files[filepath.Join(SheetsDir, turnsheet.FileName(e.Player))] = append([]byte(nil), b.Bytes()...)
	}
	return files, nil
}

// readBack reads a turn's files as the client and the next turn will: the
// state must read, and every sheet read without errors. It is the last
// guard against writing what the players' programs refuse.
func readBack(r *rules.Rules, files map[string][]byte) error {
	if _, err := state.Read(bytes.NewReader(files[StateFile]), StateFile, r); err != nil {
		return fmt.Errorf("the new state would not read: %v", firstLine(err))
	}
	names := make([]string, 0, len(files))
	for name := range files {
		if name != StateFile {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		if _, err := reportparse.Parse(r, name, files[name]); err != nil {
			return fmt.Errorf("the sheet %s would not read: %v", name, firstLine(err))
		}
	}
	return nil
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// Received are the orders found for a turn, by player.
type Received struct {
	Orders   map[int][]order.Order
	Refused  map[int][]string // lines that did not read
	Files    map[int]string   // where each player's orders came from
	Computer map[int]bool     // written by the computer for a missing empire
	Problems []string         // files that could not be taken, and why
	// Skipped are what the orders folder holds besides files (links out of
	// the game's folder, pipes, devices): never read, each with the reason.
	Skipped []string
	// Aside are, for the moderator, the order files not taken though they
	// read: a wrong password, or a player's other files besides the one
	// taken. A turn moves them into orders/refused/ and orders/superseded/.
	Aside []string
	moves []move // what a turn moves aside once committed
	// read are the files read, each its name and the digest of its bytes,
	// in the order read: a turn reads them again before it commits.
	read []string
}

// move is an order file a turn sets aside, into the orders folder's sub.
type move struct{ path, sub string }

// The folders of a turn's orders folder that hold what the host wrote or
// set aside: never taken as a player's orders.
const (
	ComputerDir   = "computer"   // the computer's orders for the empires it plays
	RefusedDir    = "refused"    // files whose password is not the player's
	SupersededDir = "superseded" // a player's files besides the one taken
)

// computerMark starts the order files the computer writes.
const computerMark = "# Written by the computer for an empire that sent no orders."

// ReadOrders reads the orders received for the turn after the state's:
// every file in the turn's orders folder (order files as the client
// exports them, or saved e-mails holding one).
func (h *Game) ReadOrders() (*Received, error) { return readOrders(h.R, h.Dir, h.State) }

// candidate is an order file that reads, for its header's player.
type candidate struct {
	path, where   string // where: the name as messages show it
	f             *orderwriter.File
	text          string
	bad           orderwriter.ErrorList
	cutLine, left int
	computer      bool
	modified      time.Time
}

// readOrders reads the orders received in dir for the turn after g's:
// the files of the orders folder, and the computer's in its folder; the
// files set aside before (a replay) only say so on their players' sheets.
func readOrders(r *rules.Rules, gameDir string, g *model.Game) (*Received, error) {
	dir := filepath.Join(TurnDir(gameDir, g.Turn), OrdersDir)
	rec := &Received{Orders: map[int][]order.Order{}, Refused: map[int][]string{}, Files: map[int]string{}, Computer: map[int]bool{}}
	byPlayer := map[int][]*candidate{}
	for _, sub := range []string{"", ComputerDir, RefusedDir, SupersededDir} {
		cands, err := readFolder(r, gameDir, g, filepath.Join(dir, sub), rec)
		if err != nil {
			return nil, err
		}
		for _, c := range cands {
			c.computer = sub == ComputerDir || (sub == "" && oldComputerFile(g, c))
			if sub == RefusedDir || sub == SupersededDir {
				setAside(g, c, sub, rec)
				continue
			}
			byPlayer[c.f.Player] = append(byPlayer[c.f.Player], c)
		}
	}
	players := make([]int, 0, len(byPlayer))
	for p := range byPlayer {
		players = append(players, p)
	}
	sort.Ints(players)
	for _, p := range players {
		if c := choose(g, byPlayer[p], rec); c != nil {
			take(r, c, rec)
		}
	}
	for p, lines := range rec.Refused {
		rec.Refused[p] = collapseAside(lines)
	}
	sort.Strings(rec.Problems)
	return rec, nil
}

// collapseAside says once, with their count, what many files set aside
// would say each: a thousand forged files make one line of the player's
// sheet, not a thousand (nor a sheet too large to read).
func collapseAside(lines []string) []string {
	many := map[string]string{refusedLine: refusedMany, supersededLine: supersededMany}
	count := map[string]int{}
	for _, l := range lines {
		count[l]++
	}
	out := lines[:0:0]
	for _, l := range lines {
		switch n := count[l]; {
		case many[l] == "" || n == 1:
			out = append(out, l)
		case n > 1:
			out = append(out, fmt.Sprintf(many[l], n))
			count[l] = 0 // said
		}
	}
	return out
}

// oldComputerFile reports whether c, in the orders folder itself, is
// the computer's of a game made before passwords, which kept them there.
// In a game with passwords the computer writes only in its own folder: a
// file with its player's password found in the orders folder is his,
// whatever its first lines say, and never counts as a missed turn.
func oldComputerFile(g *model.Game, c *candidate) bool {
	e := g.Empire(c.f.Player)
	return e != nil && e.Password == "" && strings.Contains(c.text[:min(len(c.text), 400)], computerMark)
}

// readFolder reads the order files of one folder (none: no files).
func readFolder(r *rules.Rules, gameDir string, g *model.Game, dir string, rec *Received) ([]*candidate, error) {
	if info, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) || err == nil && !info.IsDir() {
		return nil, nil // a file in a folder's place is a problem of the orders folder's
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []*candidate
	for _, e := range entries {
		name := filepath.Join(dir, e.Name())
		if why := passedOver(dir, e); why != "" {
			// Never in silence: a player's orders saved under such a
			// name would leave him missing with no one told.
			rec.Skipped = append(rec.Skipped, fmt.Sprintf("%s: %s; skipped", Shown(name), why))
			continue
		}
		if e.IsDir() {
			continue // the host's own folders, read on their own
		}
		if why := special(gameDir, name); why != "" {
			rec.Skipped = append(rec.Skipped, fmt.Sprintf("%s: %s; skipped", Shown(name), why))
			continue
		}
		if reserved(e.Name()) {
			// The host could not make its folder there; a mail fetch never
			// names a file so.
			rec.Problems = append(rec.Problems, fmt.Sprintf("%s: a file named as a folder the host keeps in orders/ (%s, %s, %s); give it another name",
				Shown(name), ComputerDir, RefusedDir, SupersededDir))
			continue
		}
		n := len(rec.Problems)
		if c := readOrderFile(r, g, name, rec); c != nil {
			out = append(out, c)
		}
		if base := filepath.Base(dir); base == RefusedDir || base == SupersededDir {
			// Set aside already (a forged mail, say): what does not read
			// there is named, and never stops the turn.
			for _, p := range rec.Problems[n:] {
				rec.Skipped = append(rec.Skipped, p+"; kept aside, not taken")
			}
			rec.Problems = rec.Problems[:n]
		}
	}
	return out, nil
}

// passedOver says why an entry of an orders folder is not read ("" when
// it is, or is a folder the host reads on its own or keeps): a folder
// of the moderator's, a hidden file, an editor's backup copy.
func passedOver(dir string, e os.DirEntry) string {
	switch name := e.Name(); {
	case e.IsDir() && filepath.Base(dir) == OrdersDir && (reserved(name) || name == keptDir):
		return ""
	case e.IsDir():
		return "a folder (only the files of the orders folder itself are read)"
	case strings.HasPrefix(name, "."):
		return "a hidden file"
	case strings.HasSuffix(name, "~"):
		return "a backup copy (its name ends in ~)"
	}
	return ""
}

// reserved reports whether a file's name is that of a folder the host
// keeps in the orders folder (in any case, for systems that ignore it).
func reserved(name string) bool {
	return strings.EqualFold(name, ComputerDir) || strings.EqualFold(name, RefusedDir) || strings.EqualFold(name, SupersededDir)
}

// passwordOK reports whether c carries its player's password; an empire
// without one (a game made before passwords) takes any file.
func passwordOK(g *model.Game, c *candidate) bool {
	e := g.Empire(c.f.Player)
	return e.Password == "" || password.Match(e.Password, c.f.Password)
}

// The lines a player's sheet gets for his files set aside.
const (
	refusedLine    = "An order file for your empire was refused: it does not carry your password (the Password line at the head of this sheet); none of its orders were carried out."
	supersededLine = "Another, different order file for your empire came this turn and was set aside: only the newest one was carried out."
	refusedMany    = "%d order files for your empire were refused: none carries your password (the Password line at the head of this sheet); none of their orders were carried out."
	supersededMany = "%d other, different order files for your empire came this turn and were set aside: only the newest one was carried out."
)

// setAside records c, set aside into sub by an earlier turn: its
// player's sheet says so again, as it did then.
func setAside(g *model.Game, c *candidate, sub string, rec *Received) {
	line := supersededLine
	if sub == RefusedDir || !passwordOK(g, c) {
		line = refusedLine
	}
	rec.Refused[c.f.Player] = append(rec.Refused[c.f.Player], line)
	rec.Aside = append(rec.Aside, fmt.Sprintf("%s: orders for player %d set aside, not taken (his sheet says so)", c.where, c.f.Player))
}

// choose picks the file a player's orders are taken from: only files with
// his password; his own files before the computer's; of different files
// the newest by arrival (the time it was last written; the name after
// it), the others set aside. Files that hold the same text count once.
func choose(g *model.Game, cands []*candidate, rec *Received) *candidate {
	var ok []*candidate
	for _, c := range cands {
		if passwordOK(g, c) {
			ok = append(ok, c)
			continue
		}
		what, line := "a wrong password", c.f.HeaderLines["PASSWORD"]
		if strings.TrimSpace(c.f.Password) == "" {
			what, line = "no password", c.f.HeaderLines["PLAYER"]
		}
		rec.Aside = append(rec.Aside, fmt.Sprintf("%s:%d: orders for player %d with %s; refused and set aside in %s/ (his sheet says so)",
			c.where, max(line, 1), c.f.Player, what, filepath.Join(OrdersDir, RefusedDir)))
		rec.Refused[c.f.Player] = append(rec.Refused[c.f.Player], refusedLine)
		rec.moves = append(rec.moves, move{c.path, RefusedDir})
	}
	if slices.ContainsFunc(ok, func(c *candidate) bool { return !c.computer }) {
		ok = slices.DeleteFunc(ok, func(c *candidate) bool { return c.computer })
	}
	if len(ok) == 0 {
		return nil
	}
	sort.SliceStable(ok, func(i, j int) bool {
		if !ok[i].modified.Equal(ok[j].modified) {
			return ok[i].modified.After(ok[j].modified)
		}
		return ok[i].where > ok[j].where
	})
	newest := ok[0]
	for _, c := range ok[1:] {
		if c.text == newest.text || c.computer {
			continue
		}
		rec.Aside = append(rec.Aside, fmt.Sprintf("%s: player %d sent another, different order file; %s, the newest, counts; this one is set aside in %s/ (his sheet says so)",
			c.where, c.f.Player, newest.where, filepath.Join(OrdersDir, SupersededDir)))
		rec.Refused[c.f.Player] = append(rec.Refused[c.f.Player], supersededLine)
		rec.moves = append(rec.moves, move{c.path, SupersededDir})
	}
	return newest
}

// setAsideFiles moves the files a turn did not take into their folders,
// once the turn is committed: a replay finds them there. A name taken
// there already gets a number.
func setAsideFiles(rec *Received) error {
	for _, m := range rec.moves {
		// Into the orders folder's own, as the messages say, from the
		// computer's folder too: a replay reads them there.
		dir := filepath.Dir(m.path)
		if filepath.Base(dir) == ComputerDir {
			dir = filepath.Dir(dir)
		}
		dir = filepath.Join(dir, m.sub)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		base := filepath.Base(m.path)
		to := filepath.Join(dir, base)
		for i := 2; ; i++ {
			if _, err := os.Lstat(to); errors.Is(err, os.ErrNotExist) {
				break
			}
			to = filepath.Join(dir, fmt.Sprintf("%d-%s", i, base))
		}
		if err := os.Rename(m.path, to); err != nil {
			return err
		}
	}
	return nil
}

// special says why name is not a file to read orders from ("" when it is
// one): a link leading out of the game's folder, or to anything but a
// file; a pipe, device or socket, whose reading could hang or never end.
func special(gameDir, name string) string {
	info, err := os.Lstat(name)
	if err != nil {
		return err.Error()
	}
	link := info.Mode()&os.ModeSymlink != 0
	target, err := filepath.EvalSymlinks(name)
	switch {
	case err != nil && link:
		return "a link that leads nowhere"
	case err != nil:
		return err.Error()
	}
	// Where the file really is, the file a link or its folder (a setups/
	// or orders/ folder that is itself a link out).
	root, err1 := filepath.EvalSymlinks(gameDir)
	if err1 == nil {
		// Both absolute: a link may give an absolute path into a folder
		// named relative.
		root, err1 = filepath.Abs(root)
	}
	if err1 == nil {
		target, err1 = filepath.Abs(target)
	}
	rel, err2 := filepath.Rel(root, target)
	if err1 != nil || err2 != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		if !link {
			return "reached through a link out of the game's folder"
		}
		return "a link out of the game's folder"
	}
	if link {
		if info, err = os.Stat(target); err != nil {
			return err.Error()
		}
	}
	if !info.Mode().IsRegular() {
		return fmt.Sprintf("not a file but %s", kindOf(info.Mode()))
	}
	return ""
}

func kindOf(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a pipe"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a folder"
	}
	return "something else"
}

// Shown is a file name as messages print it: quoted with escapes when it
// holds anything but printable characters, so that a name cannot drive the
// terminal that shows it.
func Shown(name string) string {
	if !utf8.ValidString(name) {
		return strconv.QuoteToASCII(name)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) && r != ' ' {
			return strconv.QuoteToASCII(name)
		}
	}
	return name
}

// maxOrderFile bounds an order file (or the e-mail holding one).
const maxOrderFile = orderwriter.MaxFileSize

// readOrderFile reads one file of the orders folder: an order file for
// this game's next turn and one of its players, or nil with the problem
// recorded. Whose orders it holds its header says, never its name.
func readOrderFile(r *rules.Rules, g *model.Game, name string, rec *Received) *candidate {
	problem := func(format string, args ...any) *candidate {
		rec.Problems = append(rec.Problems, fmt.Sprintf(format, args...))
		return nil
	}
	data, err := readLimited(name, maxOrderFile)
	if err != nil {
		return problem("%v", err)
	}
	sum := sha256.Sum256(data)
	rec.read = append(rec.read, name+"\x00"+string(sum[:]))
	c := &candidate{path: name, where: Shown(name)}
	if info, err := os.Stat(name); err == nil {
		c.modified = info.ModTime()
	}
	body, where, err := messageText(c.where, data)
	if err != nil {
		return problem("%v", err)
	}
	c.text, c.where = body, where
	if !orderwriter.IsOrderFile([]byte(body)) {
		return problem("%s: not an order file (it should start with %q)", where, orderwriter.Magic)
	}
	// Lines past the most orders a turn are not even read.
	capped, cutLine, left := orderwriter.CapOrders([]byte(body))
	f, err := orderwriter.Read(bytes.NewReader(capped), where)
	if err != nil && !errors.As(err, &c.bad) {
		return problem("%v", err)
	}
	// at is the file and the line of a header, as every message gives it
	// (the first line when the header is missing).
	at := func(key string) string { return fmt.Sprintf("%s:%d", where, max(f.HeaderLines[key], 1)) }
	switch {
	case f.Player == 0:
		return problem("%s: the file names no player", at("PLAYER"))
	case f.Game != g.Name:
		return problem("%s: the orders are for game %s, this is %q", at("GAME"), text.Quote(f.Game), g.Name)
	case f.Turn != g.Turn+1:
		return problem("%s: the orders are for turn %d; this game takes orders for turn %d", at("TURN"), f.Turn, g.Turn+1)
	case g.Empire(f.Player) == nil || !r.IsPlayer(f.Player):
		return problem("%s: there is no player %d in this game", at("PLAYER"), f.Player)
	}
	c.f, c.cutLine, c.left = f, cutLine, left
	return c
}

// take takes c's orders for its player.
func take(r *rules.Rules, c *candidate, rec *Received) {
	p := c.f.Player
	rec.Files[p] = c.where
	orders, refused := capOrders(r, c.f.Orders, c.f.Lines)
	if c.cutLine > 0 {
		refused = append(refused, fmt.Sprintf("line %d: %d more lines from here on were not read: at most %d orders a turn are taken",
			c.cutLine, c.left, MaxOrders))
	}
	rec.Orders[p] = orders
	rec.Refused[p] = append(rec.Refused[p], refused...)
	rec.Computer[p] = c.computer
	for i, e := range c.bad {
		if i == maxRefusedLines {
			rec.Refused[p] = append(rec.Refused[p], fmt.Sprintf("line %d: and %d more lines that do not read as orders", e.Line, len(c.bad)-i))
			break
		}
		rec.Refused[p] = append(rec.Refused[p], text.Sheet(fmt.Sprintf("line %d: %s", e.Line, e.Msg)))
	}
}

// readLimited reads a regular file of at most max bytes (capfile.Read),
// naming it in messages as Shown does.
func readLimited(name string, max int64) ([]byte, error) {
	data, err := capfile.Read(name, max)
	var notFile *capfile.NotFileError
	var tooLarge *capfile.TooLargeError
	switch {
	case errors.As(err, &notFile):
		return nil, fmt.Errorf("%s: not a file but %s; not read", Shown(name), capfile.Kind(notFile.Mode))
	case errors.As(err, &tooLarge):
		return nil, fmt.Errorf("%s: %d bytes, far more than orders take (at most %d); not read", Shown(name), tooLarge.Size, max)
	}
	return data, err
}

// MaxStateFile bounds a state file: a game of forty empires at its end
// writes a few megabytes.
const MaxStateFile = 512 << 20

// maxRefusedLines bounds the lines of an order file that did not read which
// the sheet lists one by one; the rest are counted in one line.
const maxRefusedLines = 100

// MaxOrders bounds the orders a player gives in a turn: an empire of a few
// hundred ships gives a few hundred. Orders past it are not carried out,
// and the sheet says so in one line, so that no order file can make the
// host write a state or sheet too large for the client.
const MaxOrders = orderwriter.MaxOrders

// capOrders keeps the orders within MaxOrders and, for the empire's own
// orders, within orderwriter.MaxOfKind of a kind (as sfcheck says); what
// it leaves out comes back as lines for the sheet's errors.
func capOrders(r *rules.Rules, orders []order.Order, lines []int) ([]order.Order, []string) {
	var refused []string
	if len(orders) > MaxOrders {
		line := 0
		if len(lines) > MaxOrders {
			line = lines[MaxOrders]
		}
		refused = append(refused, fmt.Sprintf("line %d: %d orders from here on were not carried out: at most %d orders a turn are taken",
			line, len(orders)-MaxOrders, MaxOrders))
		orders = orders[:MaxOrders]
	}
	keep, cuts := orderwriter.CapKinds(r, orders, lines)
	kept := make([]order.Order, len(keep))
	for i, k := range keep {
		kept[i] = orders[k]
	}
	for _, c := range cuts {
		refused = append(refused, fmt.Sprintf("line %d: %s", c.Line, c.Message()))
	}
	return kept, refused
}

// TurnOptions choose how a turn is run.
type TurnOptions struct {
	// AutoMissing has computer players write the orders of the empires
	// that sent none (they still count as missed turns).
	AutoMissing bool
	// DueDate is the date orders for the next turn are due, as the sheets
	// print it; "" keeps the last one.
	DueDate string
}

// Summary says what a turn did.
type Summary struct {
	Turn     int   // the turn carried out
	Sent     []int // players whose orders were received
	Computer []int // players whose orders the computer wrote
	Missing  []int // players without orders
	Errors   int   // orders that could not be carried out, over all sheets
	Problems []string
	Skipped  []string // what the orders folder holds besides files, never read
	Aside    []string // order files not taken: wrong password, or a player's other files
	// Refused are, by player, the lines of his order file that were not
	// taken (not orders, unprintable text, past the most a turn), which his
	// sheet lists.
	Refused map[int][]string
}

// Turn carries out the next turn with the orders received and commits its
// folder: the new state, every sheet, and the computer's orders beside the
// players'.
func (h *Game) Turn(opt TurnOptions) (Summary, error) {
	rec, err := h.ReadOrders()
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{Turn: h.State.Turn + 1, Problems: rec.Problems, Skipped: rec.Skipped, Aside: rec.Aside, Refused: map[int][]string{}}
	for p, lines := range rec.Refused {
		sum.Refused[p] = append([]string(nil), lines...)
	}
	if len(rec.Problems) > 0 {
		return sum, fmt.Errorf("%d order files could not be taken; fix or remove them first", len(rec.Problems))
	}
	g := h.State
	written := map[string][]byte{} // the computer's order files, by name
	for _, e := range g.Empires {
		p := e.Player
		if !h.R.IsPlayer(p) || e.Out {
			continue // an empire out of the game gives no orders
		}
		_, sent := rec.Orders[p]
		switch {
		case sent && rec.Computer[p]:
			sum.Computer = append(sum.Computer, p)
		case sent:
			sum.Sent = append(sum.Sent, p)
		case e.Computer || e.Dropped || opt.AutoMissing:
			orders := ai.Play(h.R, g.KnowledgeOf(h.R, p), computerSeed(g, p), h.Config.level(p))
			data, err := computerOrderFile(g, p, orders)
			if err != nil {
				return sum, err
			}
			// In a folder of its own, under a name no file holds: a file
			// found there is never overwritten (a player's, put there by
			// hand, even), whatever its name.
			written[h.freeComputerName(p)] = data
			rec.Orders[p], rec.Computer[p] = orders, true
			sum.Computer = append(sum.Computer, p)
		default:
			sum.Missing = append(sum.Missing, p)
		}
	}
	next, err := h.advance(rec, opt)
	if err != nil {
		return sum, err
	}
	files, err := turnFiles(h.R, next)
	if err != nil {
		return sum, err
	}
	if err := readBack(h.R, files); err != nil {
		return sum, fmt.Errorf("turn %d not written: %v", next.Turn, err)
	}
	if err := h.recordLevels(files); err != nil {
		return sum, err
	}
	for _, e := range next.Empires {
		sum.Errors += len(e.Report.Errors)
	}
	check := func() error { return h.unchanged(rec) }
	if err := commitTurn(h.Dir, next.Turn, files, orderFiles(h.Dir, g.Turn, written), check); err != nil {
		return sum, err
	}
	h.State = next
	if err := setAsideFiles(rec); err != nil {
		return sum, fmt.Errorf("turn %d written, but the order files not taken could not be set aside: %v", next.Turn, err)
	}
	return sum, nil
}

// unchanged checks that the orders folder holds what the turn read: a
// file written, added or removed meanwhile (an editor, a mail program, a
// folder kept in step with another machine) would leave on disk orders
// other than those carried out, and the replay would differ.
func (h *Game) unchanged(rec *Received) error {
	if h.whileTurn != nil {
		h.whileTurn()
	}
	again, err := h.ReadOrders()
	if err != nil {
		return err
	}
	if which := firstDifference(rec.read, again.read); which != "" {
		return fmt.Errorf("turn %d not written: the orders folder changed while the turn was carried out (%s); run sfhost turn again", h.State.Turn+1, which)
	}
	return nil
}

// firstDifference names the first file read one way and not the other
// ("" when both reads are the same).
func firstDifference(before, after []string) string {
	name := func(entry string) string { return Shown(entry[:strings.IndexByte(entry, 0)]) }
	for i := 0; i < min(len(before), len(after)); i++ {
		if before[i] != after[i] {
			return name(min(before[i], after[i]))
		}
	}
	switch {
	case len(before) > len(after):
		return name(before[len(after)])
	case len(after) > len(before):
		return name(after[len(before)])
	}
	return ""
}

// freeComputerName is the name, in the orders folder, for the computer's
// orders for p: player-PP.txt in the computer's folder, or with a number
// before it when a file holds that name.
func (h *Game) freeComputerName(p int) string {
	dir := filepath.Join(TurnDir(h.Dir, h.State.Turn), OrdersDir, ComputerDir)
	name := turnsheet.FileName(p)
	for i := 2; ; i++ {
		if _, err := os.Lstat(filepath.Join(dir, name)); errors.Is(err, os.ErrNotExist) {
			return filepath.Join(ComputerDir, name)
		}
		name = fmt.Sprintf("%d-%s", i, turnsheet.FileName(p))
	}
}

// advance carries out the turn on a copy of the state.
func (h *Game) advance(rec *Received, opt TurnOptions) (*model.Game, error) {
	var b bytes.Buffer
	if err := state.Write(&b, h.State); err != nil {
		return nil, err
	}
	g, err := state.Read(&b, "state", h.R)
	if err != nil {
		return nil, err
	}
	return Advance(h.R, g, rec, opt), nil
}

// Advance carries out one turn of g (changed in place) with the orders
// received, and returns it.
func Advance(r *rules.Rules, g *model.Game, rec *Received, opt TurnOptions) *model.Game {
	w := turn.NewWorld(r, g, turn.Host)
	turn.Run(w, rec.Orders, turn.Options{EndOfTurn: true, ByComputer: rec.Computer, Refused: rec.Refused})
	if opt.DueDate != "" {
		g.DueDate = opt.DueDate
	}
	return g
}

// computerSeed makes a computer player's choices repeatable: the game's
// seed, the turn and the player.
func computerSeed(g *model.Game, p int) uint64 {
	return uint64(g.Seed)*1_000_003 + uint64(g.Turn)*1009 + uint64(p)
}

// computerOrderFile is an order file of the computer's orders for p.
func computerOrderFile(g *model.Game, p int, orders []order.Order) ([]byte, error) {
	var b bytes.Buffer
	f := &orderwriter.File{Game: g.Name, Player: p, Turn: g.Turn + 1, Orders: orders}
	if e := g.Empire(p); e != nil {
		f.Password = e.Password
	}
	err := orderwriter.Write(&b, f)
	if err != nil {
		return nil, err
	}
	// The mark goes right after the file's first line.
	text := b.String()
	i := strings.IndexByte(text, '\n') + 1
	return []byte(text[:i] + computerMark + "\n" + text[i:]), nil
}

func orderFiles(dir string, turn int, files map[string][]byte) map[string][]byte {
	out := map[string][]byte{}
	for name, data := range files {
		out[filepath.Join(TurnDir(dir, turn), OrdersDir, name)] = data
	}
	return out
}

// Status is what `sfhost status` prints: where the game stands.
type Status struct {
	Name     string
	Turn     int
	Over     bool
	Winners  []int
	Received map[int]string // players whose orders for the next turn are in, and the file
	Computer []int          // empires played by the computer
	Missing  []int          // players whose orders are not in
	Problems []string
	Skipped  []string // what the orders folder holds besides files, never read
	Aside    []string // order files the turn will not take: wrong password, or a player's other files
	// NotFetched are the mails the last mail fetch left in the mailbox (too
	// large, or unreadable), with their senders and sizes.
	NotFetched []string
	Scores     map[int]int // the empires still in the game
	Out        []int       // the empires out of the game: they lost every ship
}

// Status reports the game's turn and whose orders are in.
func (h *Game) Status() (Status, error) {
	rec, err := h.ReadOrders()
	if err != nil {
		return Status{}, err
	}
	g := h.State
	st := Status{Name: g.Name, Turn: g.Turn, Over: g.Over, Winners: g.Winners, Received: rec.Files, Problems: rec.Problems,
		Skipped: rec.Skipped, Aside: rec.Aside, Scores: map[int]int{}}
	if data, err := readLimited(NotFetchedPath(h.Dir), 1<<20); err == nil {
		st.NotFetched = strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	}
	w := turn.NewWorld(h.R, g, turn.Host)
	for _, e := range g.Empires {
		if !h.R.IsPlayer(e.Player) {
			continue
		}
		if e.Out {
			st.Out = append(st.Out, e.Player)
			continue
		}
		st.Scores[e.Player] = w.Score(e.Player)
		switch {
		case rec.Computer[e.Player]:
			// The computer's file (left by a turn cut short) is no
			// player's: the turn counts it as his missed turn.
			st.Computer = append(st.Computer, e.Player)
			delete(st.Received, e.Player)
		case e.Computer || e.Dropped:
			st.Computer = append(st.Computer, e.Player)
		case rec.Files[e.Player] == "":
			st.Missing = append(st.Missing, e.Player)
		}
	}
	return st, nil
}
