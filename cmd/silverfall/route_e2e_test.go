package main

import (
	"testing"
	"time"
)

// TestRoutePlannerKeys: with ship 8 chosen in the tree, Ctrl+J opens the
// route planner with the keyboard in its destination; a place typed and
// Enter plan the route, Esc puts the planner away, and the map draws the
// route.
func TestRoutePlannerKeys(t *testing.T) {
	bin := binary(t)
	x := startX(t)
	p := x.startPlayer(bin)
	p.mapPixels("demo")
	p.click(130, 425) // the tree: 8 BATTLE CRUISER; the map centres on it
	p.waitCamera("centred-on-ship-8", [5]float64{})
	before := p.mapPixels("centred")
	p.key("ctrl+j")
	win := x.window("Plan a route", 10*time.Second)
	p.typeText("100 405 87")
	p.key("Return")
	p.key("Escape")
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if out, _ := x.command("xdotool", "search", "--onlyvisible", "--name", "Plan a route").Output(); len(out) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if out, _ := x.command("xdotool", "search", "--onlyvisible", "--name", "Plan a route").Output(); len(out) != 0 {
		x.shot("planner-still-open")
		t.Fatalf("Esc did not put the planner (window %s) away", win)
	}
	p.locate()
	after := p.mapUnlike("route", before, 200, 10*time.Second)
	if n := differing(before, after); n < 200 {
		x.shot("no-route")
		t.Errorf("the map changed in %d pixels after the route was planned: no route drawn", n)
	}
	p.quit()
}
