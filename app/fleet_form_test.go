package app

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/internal/plural"
)

// TestFleetMoveFormSaysWhoArrivesWhen: a fleet's MP or MO form names its
// first field "Fleet", and says that each ship goes at its own speed:
// which ships arrive in how many turns (the rule book gives the order to
// every ship of the fleet; only CP keeps ships together), each ship named
// once, at the turns the engine gives it alone.
func TestFleetMoveFormSaysWhoArrivesWhen(t *testing.T) {
	for _, tc := range []struct {
		code order.Code
		dest string
	}{{order.MP, "3"}, {order.MO, "-10 405 87"}} {
		t.Run(tc.code.String(), func(t *testing.T) {
			x := newApp(t)
			x.desk.New(model.FleetKey(1), tc.code)
			f := x.desk.open
			shown := collectText(x.Window().Canvas().Overlays().Top())
			if capital(f.fields[0].name) != "Fleet" || strings.Contains(strings.ToLower(shown), "ship number") {
				t.Fatalf("the first field of a fleet's %s is labelled %q; the form says %q", tc.code, f.fields[0].name, shown)
			}
			f.fields[1].set(tc.dest)
			got := f.journey.label.Text
			if !strings.Contains(got, "Each ship goes at its own speed") {
				t.Fatalf("the fleet's journey does not say the ships go apart: %q", got)
			}
			o, err := order.Parse(f.Text())
			if err != nil {
				t.Fatal(err)
			}
			dest, _ := orderDestination(x.st.Game(), o)
			turns := map[int]bool{}
			for _, s := range journeyShips(f) {
				j, ok := x.st.Draft().Journey(s, dest, movePlanet(o), startFuel(x.st, s), false)
				if !ok {
					continue
				}
				if !j.Arrives() {
					if !strings.Contains(got, "Not there: ") || !regexp.MustCompile(fmt.Sprintf(`\bship %d in turn %d, `, s, j.Turn)).MatchString(got) {
						t.Errorf("ship %d does not arrive (%v); the form says %q", s, j.End, got)
					}
					turns[-1] = true
					continue
				}
				turns[j.Turns()] = true
				// The ship is named in the group of its turns.
				group := regexp.MustCompile(`ships? ([0-9, and]+) in ` + strconv.Itoa(j.Turns()) + ` turns?\b`).FindStringSubmatch(got)
				if group == nil || !strings.Contains(" "+strings.ReplaceAll(strings.ReplaceAll(group[1], ",", " "), "and", " ")+" ", fmt.Sprintf(" %d ", s)) {
					t.Errorf("ship %d arrives in %d turns; the form says %q", s, j.Turns(), got)
				}
			}
			if len(turns) > 1 && !strings.Contains(got, "the fleet splits") {
				t.Errorf("the ships arrive in %d different turns but the form does not say the fleet splits: %q", len(turns), got)
			}
			x.desk.Close()
		})
	}
}

// TestFleetMoveNamesShipsThatStay: the fleet's move form names the ships
// that the move leaves behind, and why: no fuel, or a type that does not
// move.
func TestFleetMoveNamesShipsThatStay(t *testing.T) {
	x := newApp(t)
	x.desk.New(model.FleetKey(1), order.MP)
	f := x.desk.open
	movers := journeyShips(f)
	if len(movers) < 3 {
		t.Fatalf("fleet 1 has %d ships that move; the test needs 3", len(movers))
	}
	g := x.st.Game()
	dry := movers[:2]
	for _, s := range dry {
		g.Ships[s].Fuel = 0
	}
	x.st.setForecast(nil) // the fuel as the sheet now gives it
	f.fields[1].set("3")
	got := f.journey.label.Text
	t.Logf("the form says %q", got)
	want := fmt.Sprintf("Ships %d and %d stay: no fuel.", dry[0], dry[1])
	if !strings.Contains(got, want) {
		t.Errorf("the form says %q; want %q", got, want)
	}
	if strings.Contains(got, fmt.Sprintf("ship %d in turn", dry[0])) {
		t.Errorf("a ship without fuel is said to run dry on the way: %q", got)
	}
	var fixed []string
	for _, sid := range g.Fleets[1].Ships {
		s := g.Ships[sid]
		if tp := g.R.Ship(s.Type); g.own(s) && tp != nil && !tp.CanMove() {
			fixed = append(fixed, strconv.Itoa(sid))
		}
	}
	if len(fixed) > 1 && !strings.Contains(got, capital(plural.List("ship", fixed))+" stay: their types do not move.") {
		t.Errorf("ships %v are of types that do not move; the form says %q", fixed, got)
	}
	x.desk.Close()
}
