package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"silverfall/assets"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// xsession is an X display of the test's own (Xvfb) with a window manager
// (openbox: the desktop's file dialogs take keys only from a focused
// window), on which the real program is driven with real input events
// through xdotool and looked at with ImageMagick's import.
type xsession struct {
	t       *testing.T
	display string
	procs   []*exec.Cmd
	shots   string // where screenshots are kept for the reader of the log
	n       int
}

// needTools fails (not skips) when the tools make test installs are
// missing: the test must not pass by doing nothing.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: `make deps-test` installs it", tool)
		}
	}
}

func startX(t *testing.T) *xsession {
	t.Helper()
	needTools(t, "Xvfb", "openbox", "xdotool", "import", "xwininfo")
	shots, err := os.MkdirTemp("", "silverfall-e2e-")
	if err != nil {
		t.Fatal(err)
	}
	x := &xsession{t: t, shots: shots}
	// Xvfb picks a free display itself and writes its number on a pipe.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	xvfb := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp")
	xvfb.ExtraFiles = []*os.File{w}
	if err := xvfb.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	x.procs = append(x.procs, xvfb)
	t.Cleanup(x.stop)
	buf := make([]byte, 16)
	done := make(chan string, 1)
	go func() {
		n, _ := r.Read(buf)
		done <- strings.TrimSpace(string(buf[:n]))
	}()
	select {
	case d := <-done:
		x.display = ":" + d
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not start")
	}
	wm := x.command("openbox")
	if err := wm.Start(); err != nil {
		t.Fatal(err)
	}
	x.procs = append(x.procs, wm)
	time.Sleep(500 * time.Millisecond)
	return x
}

// stop ends what the test started, by PID, newest first; Xvfb removes its
// lock when asked politely.
func (x *xsession) stop() {
	for i := len(x.procs) - 1; i >= 0; i-- {
		p := x.procs[i]
		if p.Process == nil {
			continue
		}
		p.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { p.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			p.Process.Kill()
			<-done
		}
	}
	if x.t.Failed() || os.Getenv("SILVERFALL_KEEP_SHOTS") != "" {
		x.t.Logf("screenshots of this run are kept in %s", x.shots)
	} else {
		os.RemoveAll(x.shots)
	}
}

func (x *xsession) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	return cmd
}

// xdo runs xdotool and returns its output; a command that does not end
// in 15 s (a window that never becomes active) fails the test.
func (x *xsession) xdo(args ...string) string {
	x.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	out, err := cmd.Output()
	if err != nil {
		x.shot("xdotool-failed")
		x.t.Fatalf("xdotool %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

// window waits for a visible window whose name holds name and returns its id.
func (x *xsession) window(name string, timeout time.Duration) string {
	x.t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		out, _ := x.command("xdotool", "search", "--onlyvisible", "--name", name).Output()
		if ids := strings.Fields(string(out)); len(ids) > 0 {
			return ids[0]
		}
		time.Sleep(100 * time.Millisecond)
	}
	x.shot("no-window")
	x.t.Fatalf("no window %q after %v", name, timeout)
	return ""
}

// shot takes a screenshot of the whole screen, keeps it, and returns it.
func (x *xsession) shot(what string) image.Image {
	x.t.Helper()
	x.n++
	path := filepath.Join(x.shots, fmt.Sprintf("%02d-%s.png", x.n, what))
	if out, err := x.command("import", "-window", "root", path).CombinedOutput(); err != nil {
		x.t.Fatalf("screenshot: %v\n%s", err, out)
	}
	f, err := os.Open(path)
	if err != nil {
		x.t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		x.t.Fatal(err)
	}
	return img
}

// player is the real program started the way a player starts it, with a
// home of its own (fresh settings and workspaces).
type player struct {
	x    *xsession
	cmd  *exec.Cmd
	win  string
	at   image.Point // the window's corner on the screen
	home string      // the player's home: settings and workspaces
	log  string      // the program's output
}

func (x *xsession) startPlayer(bin string, args ...string) *player {
	x.t.Helper()
	return x.startPlayerAt(x.t.TempDir(), bin, args...)
}

// startPlayerAt starts the program with home as the player's home.
func (x *xsession) startPlayerAt(home, bin string, args ...string) *player {
	x.t.Helper()
	cmd := x.command(bin, args...)
	cmd.Env = append(cmd.Env, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"), "LANGUAGE=en", "LANG=C.UTF-8")
	log, err := os.Create(filepath.Join(x.shots, fmt.Sprintf("silverfall-%d.log", len(x.procs))))
	if err != nil {
		x.t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		x.t.Fatal(err)
	}
	x.procs = append(x.procs, cmd)
	p := &player{x: x, cmd: cmd, home: home, log: log.Name()}
	p.win = x.window("Silverfall —", 30*time.Second)
	x.xdo("windowsize", p.win, "1280", "800")
	x.xdo("windowmove", p.win, "0", "0")
	time.Sleep(300 * time.Millisecond)
	p.locate()
	x.xdo("windowactivate", "--sync", p.win)
	return p
}

// locate reads where the window's content is on the screen, frame aside.
func (p *player) locate() {
	p.x.t.Helper()
	info, err := p.x.command("xwininfo", "-id", p.win).Output()
	if err != nil {
		p.x.t.Fatalf("xwininfo: %v", err)
	}
	for _, l := range strings.Split(string(info), "\n") {
		k, v, _ := strings.Cut(strings.TrimSpace(l), ":")
		n, _ := strconv.Atoi(strings.TrimSpace(v))
		switch k {
		case "Absolute upper-left X":
			p.at.X = n
		case "Absolute upper-left Y":
			p.at.Y = n
		}
	}
}

// quit ends the program as a session's end does, with SIGTERM: it must
// end at once (exit status 0) with its settings saved. The settings file
// is removed first, so that only the save on the way out can bring it
// back.
func (p *player) quit() {
	p.x.t.Helper()
	settings := filepath.Join(p.home, ".config", "silverfall", "settings.toml")
	if err := os.Remove(settings); err != nil && !os.IsNotExist(err) {
		p.x.t.Fatal(err)
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		// The program's own watch ends it 10 s after the signal: this is
		// a stuck signal goroutine. Its goroutines go to its log.
		p.cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
			err = <-done
		}
	}
	b, _ := os.ReadFile(p.log)
	out := string(b)
	if i := strings.Index(out, "silverfall: terminated"); i > 0 {
		out = out[i:] // from the signal on: the goroutines, if it hung
	}
	if lines := strings.SplitAfter(out, "\n"); len(lines) > 300 {
		out = strings.Join(lines[:300], "")
	}
	if err != nil || !strings.Contains(out, "saving and closing") {
		p.x.t.Errorf("the program did not end in good order on SIGTERM (%v); its output from the signal on:\n%s", err, out)
	}
	if _, err := os.Stat(settings); err != nil {
		p.x.t.Errorf("SIGTERM: the settings were not saved on the way out: %v", err)
	}
}

// mapArea is the middle of the map in the 1280x800 window (the map runs
// from x 193 to 968 and y 72 to 757): the panels around it are at their
// least widths.
var mapArea = image.Rect(240, 80, 920, 700)

// The right-hand column's tabs: Orders and Order text.
const ordersTabX, orderTextTabX, tabsY = 1076, 1156, 50

// emptySpace is a place on the map where neither sheet has anything.
const emptyX, emptyY = 240, 320

// mapPixels waits until the map stops changing and returns its middle.
// Settled means unchanged for a second and a half: on a busy machine a
// software-rendered frame can take longer than the gap between two shots.
func (p *player) mapPixels(what string) *image.RGBA {
	p.x.t.Helper()
	var last *image.RGBA
	var since time.Time
	for i := 0; i < 60; i++ {
		time.Sleep(250 * time.Millisecond)
		cur := crop(p.x.shot(what), mapArea.Add(p.at))
		switch {
		case last == nil || differing(last, cur) != 0:
			since = time.Now()
		case time.Since(since) >= 1500*time.Millisecond:
			return cur
		}
		last = cur
	}
	p.x.t.Fatalf("%s: the map never settled", what)
	return nil
}

// mapLike waits, for at most timeout, until the settled map is within
// limit pixels of want, and returns the last settled map and how many of
// its pixels differ from want.
func (p *player) mapLike(what string, want *image.RGBA, limit int, timeout time.Duration) (*image.RGBA, int) {
	p.x.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		p.locate() // a window manager may have moved it
		got := p.mapPixels(what)
		n := differing(got, want)
		if n <= limit || time.Now().After(deadline) {
			return got, n
		}
	}
}

// mapUnlike waits, for at most timeout, until the settled map differs
// from was in more than least pixels, and returns the last settled map.
func (p *player) mapUnlike(what string, was *image.RGBA, least int, timeout time.Duration) *image.RGBA {
	p.x.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		got := p.mapPixels(what)
		if differing(got, was) >= least || time.Now().After(deadline) {
			return got
		}
	}
}

// describe says what a failing comparison of two maps cannot show
// without its screenshots (CI keeps none): where the window is and how
// big, and each map's mean colour (a map dimmed by a dialog is darker).
func (p *player) describe(got, want *image.RGBA) string {
	geometry := "no geometry"
	if out, err := p.x.command("xdotool", "getwindowgeometry", p.win).Output(); err == nil {
		geometry = strings.Join(strings.Fields(string(out)), " ")
	}
	titles, _ := p.x.command("xdotool", "search", "--onlyvisible", "--name", ".").Output()
	var names []string
	for _, id := range strings.Fields(string(titles)) {
		if name, err := p.x.command("xdotool", "getwindowname", id).Output(); err == nil {
			names = append(names, strings.TrimSpace(string(name)))
		}
	}
	return fmt.Sprintf("window %s, corner %v; visible windows %q; mean colour %v, the other's %v; the map in brightness:\n%s\nthe other:\n%s",
		geometry, p.at, names, meanColour(got), meanColour(want), sketch(got), sketch(want))
}

// sketch draws an image as 16 lines of 48 characters, darkest to
// brightest, so that a log shows roughly what a screenshot would.
func sketch(img *image.RGBA) string {
	const cols, rows, ramp = 48, 16, " .:-=+*#%@"
	var b strings.Builder
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			sum, n := 0, 0
			for y := r * h / rows; y < (r+1)*h/rows; y += 2 {
				for x := c * w / cols; x < (c+1)*w/cols; x += 2 {
					i := img.PixOffset(x, y)
					sum += int(img.Pix[i]) + int(img.Pix[i+1]) + int(img.Pix[i+2])
					n++
				}
			}
			level := 0
			if n > 0 {
				level = sum / n * (len(ramp) - 1) / 765
			}
			b.WriteByte(ramp[level])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func meanColour(img *image.RGBA) [3]int {
	var sum [3]int
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		for k := 0; k < 3; k++ {
			sum[k] += int(img.Pix[i+k])
		}
		n++
	}
	if n == 0 {
		return sum
	}
	return [3]int{sum[0] / n, sum[1] / n, sum[2] / n}
}

func (p *player) click(x, y int) {
	p.x.xdo("mousemove", strconv.Itoa(p.at.X+x), strconv.Itoa(p.at.Y+y), "click", "1")
	time.Sleep(200 * time.Millisecond)
}

func (p *player) key(keys ...string) {
	p.x.xdo(append([]string{"key", "--clearmodifiers"}, keys...)...)
	time.Sleep(200 * time.Millisecond)
}

func (p *player) typeText(s string) {
	p.x.xdo("type", "--delay", "15", s)
	time.Sleep(200 * time.Millisecond)
}

// dialogPath answers the desktop's file dialog named name with a path.
func (p *player) dialogPath(name, path string, save bool) {
	p.x.t.Helper()
	d := p.x.window(name, 20*time.Second)
	p.x.xdo("windowactivate", "--sync", d)
	time.Sleep(300 * time.Millisecond)
	if save {
		p.key("ctrl+a") // the name field has the cursor
	} else {
		p.key("ctrl+l") // the location field
	}
	p.typeText(path)
	p.x.shot("dialog-" + filepath.Base(path))
	p.x.xdo("windowactivate", "--sync", d)
	p.key("Return")
}

func crop(img image.Image, r image.Rectangle) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			out.Set(x, y, img.At(r.Min.X+x, r.Min.Y+y))
		}
	}
	return out
}

// differing counts the pixels that differ noticeably.
func differing(a, b *image.RGBA) int {
	n := 0
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		d := 0
		for k := 0; k < 3; k++ {
			v := int(a.Pix[i+k]) - int(b.Pix[i+k])
			if v < 0 {
				v = -v
			}
			d += v
		}
		if d > 24 {
			n++
		}
	}
	return n
}

// TestPlayerSession drives the real window on the default (threaded)
// frame path as a player does: import a second sheet with Ctrl+O through
// the desktop's dialog, type a move and see its course, take it back with
// Ctrl+Z, export with Ctrl+E, and check the file with sfcheck.
func TestPlayerSession(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	dir := t.TempDir()
	sheetB := filepath.Join(dir, "turn-player-04.txt")
	data, err := assets.DemoSheet(4)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(sheetB, data, 0o644)
	rep, err := reportparse.Parse(rules.Default(), sheetB, data)
	if err != nil {
		t.Fatal(err)
	}

	t.Log("a fresh start on sheet B")
	// What sheet B looks like when the program starts on it.
	ref := x.startPlayer(bin, sheetB)
	want := ref.mapPixels("fresh-start-on-B")
	ref.quit()

	t.Log("the demo, then Ctrl+O")
	// The player starts on the demo and imports B.
	p := x.startPlayer(bin)
	demo := p.mapPixels("demo")
	p.key("ctrl+o")
	p.dialogPath("Open File", sheetB, false)
	p.x.window("Silverfall", 20*time.Second)
	total := mapArea.Dx() * mapArea.Dy()
	// The sheet is read off the window's thread, behind a progress
	// dialog that dims the window: on a starved machine the map can hold
	// still for a while before the new game is drawn.
	got, n := p.mapLike("after-import", want, total/200, 45*time.Second)
	if n > total/200 {
		t.Errorf("after Ctrl+O the map differs from a fresh start on the sheet in %d of %d pixels: it is not the new game (%s)",
			n, total, p.describe(got, want))
	}
	if differing(got, demo) < total/50 {
		t.Error("the map did not change on import")
	}

	t.Log("a move typed")
	// A move typed in the order text shows its course on the map.
	p.click(emptyX, emptyY) // empty space: nothing selected, the map has the keys
	before := p.mapPixels("before-move")
	p.click(orderTextTabX, tabsY) // the Order text tab
	p.click(1080, 200)
	var mover int
	for _, s := range rep.Knowledge.Ships {
		if t := rules.Default().Ship(s.Type); t != nil && t.CanMove() && s.Fuel > 0 && t.Armed() {
			mover = s.ID
			break
		}
	}
	if mover == 0 {
		t.Fatal("sheet B has no ship that can move")
	}
	order := fmt.Sprintf("MO %d -165 -120 104", mover)
	p.typeText(order)
	p.key("Return")
	p.click(emptyX, emptyY)
	moved := p.mapPixels("course-shown")
	if n := differing(moved, before); n < 80 {
		t.Errorf("the course of %q does not show: %d pixels changed", order, n)
	}
	p.key("ctrl+z")
	undone := p.mapPixels("after-ctrl-z")
	if n := differing(undone, before); n > total/500 {
		t.Errorf("after Ctrl+Z the course is still there: %d pixels differ from before the move", n)
	}
	p.key("ctrl+y")
	if n := differing(p.mapPixels("after-ctrl-y"), moved); n > total/500 {
		t.Errorf("Ctrl+Y does not bring the course back: %d pixels differ", n)
	}

	t.Log("Ctrl+E")
	// Export with Ctrl+E, then the moderator's checks of the file.
	out := filepath.Join(dir, "exported.txt")
	p.key("ctrl+e")
	p.dialogPath("Save File", out, true)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(out); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	exported, err := os.ReadFile(out)
	if err != nil {
		x.shot("no-export")
		t.Fatalf("nothing exported: %v", err)
	}
	if !strings.Contains(string(exported), order+"\n") || !strings.Contains(string(exported), "PLAYER 4\n") {
		t.Errorf("the export holds:\n%s", exported)
	}
	sfcheck := filepath.Join(t.TempDir(), "sfcheck")
	if b, err := exec.Command("go", "build", "-o", sfcheck, "../sfcheck").CombinedOutput(); err != nil {
		t.Fatalf("building sfcheck: %v\n%s", err, b)
	}
	for _, args := range [][]string{{"syntax", out}, {"orders", out, "--report", sheetB}} {
		var o, e bytes.Buffer
		cmd := exec.Command(sfcheck, args...)
		cmd.Stdout, cmd.Stderr = &o, &e
		if err := cmd.Run(); err != nil {
			t.Errorf("sfcheck %v: %v\n%s%s", args, err, o.String(), e.String())
		}
	}
	p.quit()
}

// draft is the player's saved draft of the demo game's next turn.
func (p *player) draft() string {
	p.x.t.Helper()
	files, _ := filepath.Glob(filepath.Join(p.home, ".local", "share", "silverfall", "games", "*", "*turn-002*"))
	for _, f := range files {
		if strings.Contains(filepath.Base(f), "draft") {
			b, _ := os.ReadFile(f)
			return string(b)
		}
	}
	return ""
}

// waitDraft waits until the saved draft holds s.
func (p *player) waitDraft(s string) {
	p.x.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(p.draft(), s) {
		if time.Now().After(deadline) {
			p.x.shot("draft-missing")
			p.x.t.Fatalf("the draft never held %q; it holds:\n%s", s, p.draft())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// highlighted reports whether the row of the right-hand panel at y has the
// list's selection colour (a blue well apart from the dark background).
func highlighted(img image.Image, at image.Point, y int) bool {
	r, g, b, _ := img.At(at.X+1250, at.Y+y).RGBA()
	return b>>8 > 70 && b>>8 > r>>8+30 && b>>8 > g>>8+10
}

// highlightedRow is the first highlighted row of the right-hand column's
// top panel, in screen coordinates, or an empty rectangle.
func highlightedRow(img image.Image, at image.Point) image.Rectangle {
	top := -1
	for y := 180; y < 460; y++ {
		switch on := highlighted(img, at, y); {
		case on && top < 0:
			top = y
		case !on && top >= 0:
			return image.Rect(976, top, 1270, y).Add(at)
		}
	}
	return image.Rectangle{}
}

// TestPlayerFormsAndLists drives, with real input, what a player met last
// time: a pick on the map for an order's field then Enter submits the
// form; the orders list keeps its highlight on the chosen order when an
// order is added above it; the credits the orders leave stay readable
// while the status bar says what is under the pointer. The places clicked
// are those of the demo game in the 1280x800 window.
func TestPlayerFormsAndLists(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	p := x.startPlayer(bin)
	p.mapPixels("demo")

	t.Log("MO for ship 8, its place picked on the map, then Enter")
	p.click(130, 425)  // the tree: 8 BATTLE CRUISER
	p.click(1020, 287) // Details: MO move
	time.Sleep(500 * time.Millisecond)
	p.x.shot("mo-form")
	p.click(861, 339) // the search button beside the place (the form is centred: its journey line makes it taller)
	p.click(300, 100) // a point in space on the map
	p.key("Return")   // the form has the keyboard again
	p.waitDraft("MO 8 ")

	t.Log("the orders list after an order is added above the chosen one")
	p.click(ordersTabX, tabsY) // the Orders tab: the new order is chosen
	time.Sleep(500 * time.Millisecond)
	one := p.x.shot("orders-one")
	if !highlighted(one, p.at, 256) {
		t.Error("the new order is not highlighted in the Orders list")
	}
	p.click(orderTextTabX, tabsY) // Order text
	p.click(1080, 200)            // below the last line
	p.typeText("MO 2 5 5 5")
	p.key("Return")
	p.waitDraft("MO 2 5 5 5")
	p.click(ordersTabX, tabsY)
	p.click(ordersTabX, tabsY) // the first click may only take the keyboard from the text
	time.Sleep(500 * time.Millisecond)
	img := p.x.shot("orders-two")
	// The list keeps the chosen order (ship 8's) highlighted and in view:
	// the highlighted row looks as it did before the order above came.
	was, now := highlightedRow(one, p.at), highlightedRow(img, p.at)
	// The scroll bar Fyne shows for a while after the list scrolled lies
	// over the row's right edge: it is left out of the comparison.
	bar := func(r image.Rectangle) image.Rectangle { r.Max.X -= 14; return r }
	// The list may sit a pixel or two off after it scrolled: the best of
	// a few shifts counts.
	least := math.MaxInt
	for dy := -3; dy <= 3; dy++ {
		least = min(least, differing(crop(img, bar(now).Add(image.Pt(0, dy))), crop(one, bar(was))))
	}
	// Text drawn a fraction of a pixel off differs at its edges; another
	// order's text differs in far more.
	if now.Empty() || was.Dy() != now.Dy() || least > now.Dx()*now.Dy()*4/100 {
		t.Errorf("after adding an order above, the highlight is not on the chosen order (highlighted rows %v, before %v)", now, was)
	}

	t.Log("the credits with a hover text")
	// What is under the pointer shows whole in a box beside it, on the
	// map; the status line's credits stay as they are.
	status := image.Rect(195, 765, 1270, 792).Add(p.at)
	const fleetX, fleetY = 580, 412                                           // the fleet's marker
	box := image.Rect(fleetX+14, fleetY+18, fleetX+214, fleetY+48).Add(p.at)  // below and right of the pointer
	p.x.xdo("mousemove", strconv.Itoa(p.at.X+1000), strconv.Itoa(p.at.Y+600)) // off the map
	time.Sleep(500 * time.Millisecond)
	before := p.x.shot("status-plain")
	p.x.xdo("mousemove", strconv.Itoa(p.at.X+fleetX), strconv.Itoa(p.at.Y+fleetY))
	time.Sleep(800 * time.Millisecond)
	full := p.x.shot("status-hover")
	if n := differing(crop(before, status), crop(full, status)); n > 0 {
		t.Errorf("the status line's credits changed by %d pixels when a hover text showed", n)
	}
	if n := differing(crop(full, box), crop(before, box)); n < 300 {
		t.Errorf("no hover box shows beside the pointer over the fleet (%d pixels changed)", n)
	}
	p.quit()
}

// alive reports whether the program still runs (a crashed one is a zombie
// until the test waits for it).
func (p *player) alive() bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return false
	}
	// The state follows the name in parentheses: "pid (comm) S ...".
	_, rest, _ := strings.Cut(string(stat), ") ")
	return rest != "" && rest[0] != 'Z' && rest[0] != 'X'
}

// windows counts the visible windows whose name holds name.
func (x *xsession) windows(name string) int {
	out, _ := x.command("xdotool", "search", "--onlyvisible", "--name", name).Output()
	return len(strings.Fields(string(out)))
}

// TestSecondFileDialog: Ctrl+O, a click back on the main window, Ctrl+O
// again (and the Import button) used to abort the program inside GTK. The
// program lives, shows one dialog, and that dialog still imports.
func TestSecondFileDialog(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	sheetB := filepath.Join(t.TempDir(), "turn-player-04.txt")
	data, err := assets.DemoSheet(4)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(sheetB, data, 0o644)

	p := x.startPlayer(bin)
	demo := p.mapPixels("demo")
	p.key("ctrl+o")
	x.window("Open File", 20*time.Second)
	p.click(500, 300) // back on the main window's map
	p.x.xdo("windowactivate", "--sync", p.win)
	p.key("ctrl+o")
	p.click(60, 785) // the Import… button in the status line
	time.Sleep(2 * time.Second)
	x.shot("after-second-ctrl-o")
	if !p.alive() {
		t.Fatalf("the program died on the second file dialog; its log is in %s", x.shots)
	}
	if n := x.windows("Open File"); n != 1 {
		t.Errorf("%d file dialogs show, want 1", n)
	}
	// Still usable: the dialog open imports the sheet.
	p.dialogPath("Open File", sheetB, false)
	x.window("Silverfall", 20*time.Second)
	time.Sleep(time.Second)
	if got := p.mapUnlike("after-import", demo, mapArea.Dx()*mapArea.Dy()/50, 45*time.Second); differing(got, demo) < mapArea.Dx()*mapArea.Dy()/50 {
		t.Errorf("the map did not change on import after the second Ctrl+O (%s)", p.describe(got, demo))
	}
	// And a new dialog opens once that one is gone.
	p.key("ctrl+o")
	x.window("Open File", 20*time.Second)
	p.key("Escape")
	if !p.alive() {
		t.Fatal("the program died")
	}
	p.quit()
}

// TestTipGoesOnScroll: a tip that shows while the pointer rests on an
// order button goes when the wheel scrolls the Details panel under it
// (it stayed and covered the links).
func TestTipGoesOnScroll(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	p := x.startPlayer(bin)
	p.mapPixels("demo")
	p.key("ctrl+n") // a ship: its orders show in Details
	const px, py = 1000, 190
	// Where the tip shows: right of and below the pointer, kept in the
	// window; below the row of the button under the pointer.
	tipArea := image.Rect(1280-364, py+24, 1280-8, py+60).Add(p.at)
	p.x.xdo("mousemove", strconv.Itoa(p.at.X+600), strconv.Itoa(p.at.Y+300))
	time.Sleep(time.Second)
	before := crop(x.shot("no-tip"), tipArea)
	p.x.xdo("mousemove", strconv.Itoa(p.at.X+px), strconv.Itoa(p.at.Y+py))
	time.Sleep(1500 * time.Millisecond)
	withTip := crop(x.shot("tip"), tipArea)
	if n := differing(withTip, before); n < 500 {
		t.Fatalf("no tip shows on the button under the pointer (%d pixels changed)", n)
	}
	p.x.xdo("click", "5") // the wheel, down
	p.x.xdo("click", "5")
	time.Sleep(time.Second)
	scrolled := crop(x.shot("scrolled"), tipArea)
	// The same scroll without a tip: the pointer away, then back.
	p.x.xdo("mousemove", strconv.Itoa(p.at.X+600), strconv.Itoa(p.at.Y+300))
	time.Sleep(time.Second)
	clear := crop(x.shot("scrolled-no-tip"), tipArea)
	n := differing(scrolled, clear)
	t.Logf("under the tip's place: %d pixels differ with the tip, %d after the scroll", differing(withTip, before), n)
	if n > 300 {
		t.Errorf("after the wheel scrolled the panel, the tip still shows (%d pixels differ from the panel without it)", n)
	}
	p.quit()
}
