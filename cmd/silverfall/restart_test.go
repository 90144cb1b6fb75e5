package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"silverfall/assets"
)

// TestQuickRestarts starts the program again and again in one home, each
// a second after the last ended, alternately quitting with Ctrl+Q (real
// keys) and SIGTERM: every start and stop is silent. Fyne's own
// preferences store, rewritten in place on the way out and watched, was
// read half-written in 5 of 17 such starts ("Preferences load error:
// EOF"); the program's own store writes whole files.
func TestQuickRestarts(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	home := t.TempDir()
	for i := 0; i < 6; i++ {
		p := x.startPlayerAt(home, bin)
		time.Sleep(500 * time.Millisecond)
		how := "SIGTERM"
		if i%2 == 0 {
			how = "Ctrl+Q"
			p.key("ctrl+q")
		} else {
			p.cmd.Process.Signal(syscall.SIGTERM)
		}
		done := make(chan error, 1)
		go func() { done <- p.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("start %d, %s: the program ended with %v", i+1, how, err)
			}
		case <-time.After(20 * time.Second):
			p.cmd.Process.Kill()
			<-done
			t.Fatalf("start %d: %s did not end the program", i+1, how)
		}
		b, _ := os.ReadFile(p.log)
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "Fyne error") || strings.Contains(l, "Preferences") {
				t.Errorf("start %d, %s: %s", i+1, how, l)
			}
		}
		time.Sleep(time.Second)
	}
}

// TestQuestionKeysReal: with an order in error, Ctrl+E asks first, and
// the question takes the keys a player presses: Esc answers No (no file
// dialog opens), Enter answers Yes (the file dialog opens).
func TestQuestionKeysReal(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	p := x.startPlayer(bin)
	p.mapPixels("demo")
	p.click(orderTextTabX, tabsY) // Order text
	p.click(1080, 200)            // below the last line
	p.typeText("MO 999 0 0 0")
	p.waitDraft("MO 999 0 0 0")
	p.key("ctrl+e")
	time.Sleep(700 * time.Millisecond)
	x.shot("question")
	p.key("Escape")
	time.Sleep(1500 * time.Millisecond)
	if n := x.windows("Save File"); n != 0 {
		t.Fatalf("Esc answered Yes: %d file dialogs show", n)
	}
	p.key("ctrl+e")
	time.Sleep(700 * time.Millisecond)
	p.key("Return")
	d := x.window("Save File", 20*time.Second) // Enter answered Yes: the desktop's save dialog
	x.xdo("windowactivate", "--sync", d)
	p.key("Escape")
	p.quit()
}

// TestBrokenSheetAtStartKeepsTheGame: started with a sheet it cannot read
// (a game line, then "Player: abc"), the program tells why with its line,
// the message closes on Enter, and the game shown is the one the player
// had open last, not the demo; the next start without a sheet opens that
// game again (bug: the demo took its place, for that start and the next).
func TestBrokenSheetAtStartKeepsTheGame(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	home := t.TempDir()
	dir := t.TempDir()
	sheet := filepath.Join(dir, "turn-player-04.txt")
	data, err := assets.DemoSheet(4)
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.txt")
	if err := os.WriteFile(sheet, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, []byte("DARKNESS OF SILVERFALL -- TURN SHEET\nGame: X\nPlayer: abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const game = "player 4, turn 1"
	quit := func(p *player, what string) {
		t.Helper()
		p.key("ctrl+q")
		done := make(chan error, 1)
		go func() { done <- p.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: the program ended with %v", what, err)
			}
		case <-time.After(20 * time.Second):
			p.cmd.Process.Kill()
			<-done
			t.Fatalf("%s: Ctrl+Q did not end the program", what)
		}
	}
	p := x.startPlayerAt(home, bin, sheet)
	x.window(game, 30*time.Second)
	p.mapPixels("the player's game")
	quit(p, "the player's game")

	p = x.startPlayerAt(home, bin, broken)
	x.window(game, 30*time.Second)
	time.Sleep(time.Second)
	x.shot("broken-sheet")
	if name := x.xdo("getwindowname", p.win); !strings.Contains(name, game) {
		t.Errorf("started with a broken sheet, the window shows %q, not the game last open (%s)", name, game)
	}
	before := p.mapPixels("with the message")
	p.key("Return")
	after := p.mapUnlike("the message closed", before, 200, 20*time.Second)
	if n := differing(after, before); n < 200 {
		t.Errorf("Enter did not close the message about the broken sheet (%d pixels changed)", n)
	}
	quit(p, "the broken sheet's start")

	p = x.startPlayerAt(home, bin)
	x.window(game, 30*time.Second)
	if name := x.xdo("getwindowname", p.win); !strings.Contains(name, game) {
		t.Errorf("the start after the broken sheet shows %q, not the game last open (%s)", name, game)
	}
	quit(p, "the next start")
}
