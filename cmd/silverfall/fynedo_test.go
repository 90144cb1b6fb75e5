package main

import "testing"

// The app the program makes tells Fyne that it calls it only through
// fyne.Do, whichever way it was built (go build reads no FyneApp.toml):
// else every widget refresh prints the stack to learn its goroutine.
func TestAppCallsThroughDo(t *testing.T) {
	a, err := newFyneApp("")
	if err != nil {
		t.Fatal(err)
	}
	if m := a.Metadata(); !m.Migrations["fyneDo"] {
		t.Errorf("the app's metadata %+v lacks the fyneDo migration", m)
	}
}
