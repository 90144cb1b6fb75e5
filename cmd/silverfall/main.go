// Command silverfall is the desktop client for Darkness of Silverfall.
//
//	silverfall                  open the demo game
//	silverfall FILE             open a turn sheet (text or saved e-mail)
//	silverfall -screenshot OUT.png [FILE]
//	                            draw the window at 1280x800 into OUT.png and exit
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"silverfall/app"
	"silverfall/app/prefs"
	"silverfall/app/workspace"
	"silverfall/engine/rules"
	_ "silverfall/internal/langenv" // before Fyne reads the language
	"silverfall/internal/version"
	"silverfall/render3d"
)

// AppID is the application's ID, as in FyneApp.toml.
const AppID = "io.silverfall.client"

func main() {
	start := time.Now()
	shot := flag.String("screenshot", "", "draw the window at 1280x800 into this PNG file and exit")
	measure := flag.Duration("measure-frames", 0, "turn the map for this long (e.g. 2s) as a drag does, print the frame times and exit")
	switches := flag.Int("measure-switches", 0, "step through the earlier turns kept of the sheet's game this many times each way, print the times to the new map and exit")
	synthetic := flag.Int("synthetic", 0, "show a crowded made-up game of about N objects (for measuring)")
	showVersion := flag.Bool("version", false, "say which version this is and exit")
	workspaces := flag.String("workspaces", "", "the folder of the games' workspaces (default: the settings' choice; with -screenshot, none)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: silverfall [-screenshot OUT.png] [TURN-SHEET]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *showVersion {
		fmt.Println("silverfall", version.String())
		return
	}
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}
	if !render3d.HasDisplay() {
		fmt.Fprintln(os.Stderr, "silverfall: there is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are empty); under X without a screen, run it with xvfb-run")
		os.Exit(2)
	}
	settings, err := app.SettingsPath()
	if err != nil || *shot != "" || *switches > 0 {
		settings = "" // a screenshot or a measurement leaves the player's settings alone
	}
	a, prefsErr := newFyneApp(settings)
	opts := app.Options{SettingsPath: settings}
	if *shot != "" || *measure > 0 || *synthetic > 0 || *switches > 0 {
		opts.Workspaces = "-" // pictures and measurements leave the player's games alone
	}
	if *workspaces != "" {
		opts.Workspaces = *workspaces
	}
	x := app.New(a, opts)
	x.Started = start
	if prefsErr != nil {
		// Only the file dialog's memory is lost: say so, and go on.
		fmt.Fprintln(os.Stderr, "silverfall: the file dialog's preferences:", prefsErr)
	}
	var loadErr error
	loaded := false
	switch {
	case *synthetic > 0:
		rep, err := syntheticReport(*synthetic)
		if err != nil {
			fmt.Fprintln(os.Stderr, "silverfall:", err)
			os.Exit(1)
		}
		x.Show(app.NewGame(rules.Default(), rep, "synthetic"))
		loaded = true
	case flag.NArg() == 1:
		loadErr = x.Load(flag.Arg(0))
		loaded = loadErr == nil
	}
	if !loaded && *synthetic == 0 && *shot == "" && *measure == 0 {
		// The game shown last, as it was left, also when the sheet named
		// could not be read (it must not put the demo in the place of the
		// player's game, for this start and the next); the demo on a first
		// start.
		if last := workspace.Reopen(x.Settings().LastSheet); last != "" {
			err := x.Reopen(last)
			loaded = err == nil
			if loadErr == nil {
				loadErr = err
			}
		}
	}
	if !loaded {
		if err := x.LoadDemo(); err != nil {
			fmt.Fprintln(os.Stderr, "silverfall: the demo game:", err)
			os.Exit(1)
		}
	}
	if loadErr != nil {
		fmt.Fprintln(os.Stderr, loadErr)
		if *shot != "" {
			os.Exit(1)
		}
		app.ShowError(loadErr, x.Window())
	}
	if *shot != "" {
		x.NativeDialogs = false
		x.Window().Resize(fyne.NewSize(1280, 800))
		x.Screenshot(*shot, func(first time.Duration, err error) {
			if err != nil {
				fmt.Fprintln(os.Stderr, "silverfall: screenshot:", err)
				os.Exit(1)
			}
			fmt.Printf("first frame after %d ms; map frame %.1f ms; wrote %s\n", first.Milliseconds(),
				float64(x.LastFrame().Microseconds())/1000, *shot)
			a.Quit()
		})
	}
	if *measure > 0 {
		x.NativeDialogs = false
		x.MapOnly()
		x.Window().SetMainMenu(nil)
		x.Window().Resize(fyne.NewSize(1280, 800))
		x.MeasureFrames(*measure, func(m app.FrameMeasurement, err error) {
			if err != nil {
				fmt.Fprintln(os.Stderr, "silverfall: measuring:", err)
				os.Exit(1)
			}
			fmt.Printf("map %dx%d px, %d objects, %d frames: frame %.1f ms, render %.1f ms, plain image %.1f ms, ratio %.2f\n",
				m.Width, m.Height, len(x.State().Game().Map.Bodies), m.Frames, ms(m.Frame), ms(m.Render), ms(m.Plain), float64(m.Frame)/float64(m.Plain))
			fyne.Do(a.Quit)
		})
	}
	if *switches > 0 {
		x.NativeDialogs = false
		x.Window().Resize(fyne.NewSize(1280, 800))
		app.MeasureSwitches(x, *switches, func(m app.SwitchMeasurement, err error) {
			if err != nil {
				fmt.Fprintln(os.Stderr, "silverfall: measuring:", err)
				os.Exit(1)
			}
			fmt.Printf("%d steps each: fresh %.1f ms (settled %.1f ms), cached %.1f ms (settled %.1f ms), current %.1f ms (settled %.1f ms), %.1f frames a step\n",
				m.Steps, ms(m.Fresh), ms(m.FreshSettled), ms(m.Cached), ms(m.CachedSettled), ms(m.Current), ms(m.CurrentSettled), m.Frames)
			fyne.Do(a.Quit)
		})
	}
	if *shot == "" && *measure == 0 && *synthetic == 0 && *switches == 0 {
		a.Lifecycle().SetOnStarted(x.FetchOnStart)
	}
	stop := watchSignals(a)
	x.Window().ShowAndRun()
	x.SaveAll()
	stop()
}

// newFyneApp makes the Fyne app with its preferences in a file of ours
// beside the settings (app/prefs says why), or in memory when settings is
// empty.
func newFyneApp(settings string) (fyne.App, error) {
	path := ""
	if settings != "" {
		path = filepath.Join(filepath.Dir(settings), "fyne-preferences.json")
	}
	store, err := prefs.Open(path, func(err error) {
		fmt.Fprintln(os.Stderr, "silverfall: saving the file dialog's preferences:", err)
	})
	// No ID: Fyne's own store, which writes its file in place, stays in
	// memory and untouched.
	calledThroughDo()
	a := fyneapp.NewWithID("")
	return prefs.Wrap(a, AppID, store), err
}

// calledThroughDo tells Fyne that the program calls it from other
// goroutines only through fyne.Do, as the fyne tool would from
// FyneApp.toml's [Migrations]. Fyne reads that file only beside the
// program or, under go run, in the working folder, and go build keeps
// nothing of it: this makes every build, make run's and the tests' among
// them, say it. Otherwise every refresh of every widget first finds out
// which goroutine it is on by printing the stack: a third of the window's
// time on a turn switch went there. It is said before the app is made, as
// Fyne reads it once, at its first call from another goroutine. No ID:
// that would move Fyne's own store (see newFyneApp); a name, else Fyne
// reads FyneApp.toml and its migrations in place of these.
func calledThroughDo() {
	fyneapp.SetMetadata(fyne.AppMetadata{Name: "Silverfall", Migrations: map[string]bool{"fyneDo": true}})
}

// closeGrace is how long a signalled program may take to save and end
// before it ends without finishing, its goroutines printed.
const closeGrace = 10 * time.Second

// watchSignals sees the program through the end of a session or a stop
// (SIGTERM, SIGINT, SIGHUP): Fyne quits its loop on the first two, and
// SIGHUP, which Fyne leaves to end the program unsaved, quits it too
// (unless the program was started with it ignored, as nohup does). main
// then saves the settings and finishes the saves under way. A program
// still running closeGrace after the signal prints its goroutines and
// ends. stop is called once main has saved.
func watchSignals(a fyne.App) (stop func()) {
	sigs := []os.Signal{syscall.SIGTERM, os.Interrupt}
	hup := !signal.Ignored(syscall.SIGHUP)
	if hup {
		sigs = append(sigs, syscall.SIGHUP)
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		var s os.Signal
		select {
		case s = <-ch:
		case <-done:
			return
		}
		fmt.Fprintf(os.Stderr, "silverfall: %v: saving and closing\n", s)
		if s == syscall.SIGHUP {
			fyne.Do(a.Quit)
		}
		select {
		case <-done:
		case <-time.After(closeGrace):
			fmt.Fprintf(os.Stderr, "silverfall: not closed %v after %v; ending now. Its goroutines:\n", closeGrace, s)
			pprof.Lookup("goroutine").WriteTo(os.Stderr, 2)
			os.Exit(1)
		}
	}()
	return func() { close(done) }
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
