package ai

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

func TestStationNote(t *testing.T) {
	tests := []struct {
		line string
		want stationNote
		ok   bool
	}{
		{"Empire 3 to allies: Sauran's station at 12,-240,7", stationNote{from: 3, at: geom.Point{X: 12, Y: -240, Z: 7}}, true},
		{"Empire 40 to allies: Sauran's station at -300,0,299 gone", stationNote{from: 40, at: geom.Point{X: -300, Z: 299}, gone: true}, true},
		{"Empire 3 to allies: Sauran's station at 12,-240", stationNote{}, false},     // two figures
		{"Empire 3 to allies: Sauran's station at 12,-240,7,1", stationNote{}, false}, // four
		{"Empire 3 to allies: Sauran's station at 99999,0,0", stationNote{}, false},   // off the map
		{"Empire 3 to allies: Sauran's station at +12,0,0", stationNote{}, false},     // a sign a note never has
		{"Empire -3 to allies: Sauran's station at 1,2,3", stationNote{}, false},      // no player
		{"Empire 0 to allies: Sauran's station at 1,2,3", stationNote{}, false},       // no player
		{"Empire 123 to allies: Sauran's station at 1,2,3", stationNote{}, false},     // no player
		{"Empire 3 to allies: Sauran's station at 1, 2, 3", stationNote{}, false},     // spaces
		{"Empire 3 to allies: Sauran's station at 1,2,3 gone!", stationNote{}, false}, // trailing words
		{"empire 3 to allies: Sauran's station at 1,2,3", stationNote{}, false},       // not the form
		{"Free trade at planet 3!", stationNote{}, false},
		{"", stationNote{}, false},
	}
	for _, tt := range tests {
		got, ok := parseNote(tt.line, 550)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("parseNote(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
	// Every note the computer writes fits a broadcast line and reads back.
	r := rules.Default()
	for _, n := range []stationNote{{from: 99, at: geom.Point{X: -550, Y: -550, Z: -550}, gone: true}, {from: 1, at: geom.Point{X: 5}}} {
		s := n.String()
		if len(s) > r.Naming.BroadcastLineLength {
			t.Errorf("%q is longer than a broadcast line (%d)", s, r.Naming.BroadcastLineLength)
		}
		if o, err := order.Parse("BROADCAST " + s); err != nil || o.Text != s {
			t.Errorf("BROADCAST %s: %v", s, err)
		}
		if got, ok := parseNote(s, 550); !ok || got != n {
			t.Errorf("%q reads back as %+v, %v", s, got, ok)
		}
	}
}

// A broadcast line is anyone's text: parseNote never panics, and what it
// accepts is a note it would write itself.
func FuzzParseNote(f *testing.F) {
	f.Add("Empire 3 to allies: Sauran's station at 12,-240,7")
	f.Add("Empire 40 to allies: Sauran's station at -300,0,299 gone")
	f.Add("Empire 3 to allies: Sauran's station at 1,,3")
	f.Add("Empire 9 to allies: Sauran's station at -0,00,1")
	f.Fuzz(func(t *testing.T, line string) {
		n, ok := parseNote(line, 550)
		if !ok {
			return
		}
		if n.from < 1 || n.from > 99 || n.at.X < -550 || n.at.X > 550 || n.at.Y < -550 || n.at.Y > 550 || n.at.Z < -550 || n.at.Z > 550 {
			t.Fatalf("%q read as %+v", line, n)
		}
		if back, ok := parseNote(n.String(), 550); !ok || back != n {
			t.Fatalf("%q read as %+v, which writes as %q", line, n, n.String())
		}
	})
}

// stationScene is player 1's sheet of a fresh 6-player game, made out to
// be turn turn's with player 2 for an ally, a gunboat of the strike wing
// at wing, an armed ship of the ally at allyAt (none if nil), and the
// broadcast lines given. It returns the sheet and one of Sauran's stations.
// wingLevel is normal with the strike wing it had before the third round
// of issue 27 (three gunboats): normal and hard now build none, but a
// moderator's level may, and the wing's play with its allies' notes is
// what these tests are about.
func wingLevel() *Level {
	lv := *Normal()
	lv.StrikeShips = 3
	return &lv
}

func stationScene(t *testing.T, turn int, wing geom.Point, allyAt *geom.Point, lines func(station geom.Point) []string) (*model.Knowledge, geom.Point) {
	t.Helper()
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 3, Players: 6})
	if err != nil {
		t.Fatal(err)
	}
	var station geom.Point
	for _, s := range g.Ships {
		if s.Owner == r.Game.PlayerSauran && s.Type == rules.TypeBattleStation {
			station = s.Loc
			break
		}
	}
	k := g.KnowledgeOf(r, 1)
	k.Turn = turn
	k.Empire.Allies = []int{2}
	k.Empire.Enemies = []int{r.Game.PlayerSauran}
	if wing == (geom.Point{}) {
		wing = rallyPoint(station, wingLevel().StationRally)
	}
	k.Ships = append(k.Ships, model.Ship{ID: 9001, Type: 34, Owner: 1, Loc: wing, Fire: 2, MaxFire: 2, Defence: 10, MaxDefence: 10, Fuel: 400})
	if allyAt != nil {
		k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 9002, Type: 3, Owner: 2, Loc: *allyAt})
	}
	k.Messages = lines(station)
	k.Broadcasts = len(k.Messages)
	return k, station
}

// wingOrder is the battle/movement order given to the gunboat 9001, and the
// broadcast lines.
func wingOrder(orders []order.Order) (string, []string) {
	var mine string
	var said []string
	for _, o := range orders {
		if o.Subject() == 9001 && o.Class() == order.BattleMovement {
			mine = o.String()
		}
		if o.Code == order.Broadcast {
			said = append(said, o.Text)
		}
	}
	return mine, said
}

func TestStrikeWingJoinsTheAllysStation(t *testing.T) {
	r := rules.Default()
	lv := wingLevel()
	allyLines := func(station geom.Point) []string {
		// A rival's note (player 3 is no ally) names a station nearer to
		// Silverfall; broken and hostile lines come with it.
		return []string{
			"Empire 3 to allies: Sauran's station at 0,0,25",
			stationNote{from: 2, at: station}.String(),
			"Empire 2 to allies: Sauran's station at 1,2",
			"Empire 2 to allies: Sauran's station at 99999999999999999999,0,0",
			"Empire 2 to allies: Sauran's station at \x00,\xff,0",
		}
	}
	// Turn 21, the wing waiting beside the station with the ally's
	// warship: it engages the station the ally named.
	k, station := stationScene(t, lv.StationFrom-1, geom.Point{}, &geom.Point{}, allyLines)
	rally := rallyPoint(station, lv.StationRally)
	k.ForeignShips[len(k.ForeignShips)-1].Loc = rally
	mine, said := wingOrder(Play(r, k, 1, lv))
	want := "EN 9001 99 " + strings.Join([]string{strconv.Itoa(station.X), strconv.Itoa(station.Y), strconv.Itoa(station.Z)}, " ")
	if mine != want {
		t.Errorf("turn %d, at the rally with an ally: wing order %q, want %q", lv.StationFrom, mine, want)
	}
	if note := (stationNote{from: 1, at: station}).String(); len(said) != 1 || said[0] != note {
		t.Errorf("broadcast %q, want the station named again: %q", said, note)
	}

	// Alone at the rally, the wing waits for the ally's warships for the
	// level's turns of waiting.
	k, _ = stationScene(t, lv.StationFrom-1, geom.Point{}, nil, allyLines)
	if mine, _ := wingOrder(Play(r, k, 1, lv)); strings.HasPrefix(mine, "EN") {
		t.Errorf("alone at the rally on turn %d: %q, want it to wait for the ally", lv.StationFrom, mine)
	}
	k, _ = stationScene(t, lv.StationFrom+lv.StationWait-1, geom.Point{}, nil, allyLines)
	if mine, _ := wingOrder(Play(r, k, 1, lv)); mine != want {
		t.Errorf("alone at the rally on turn %d: %q, want %q (no more waiting)", lv.StationFrom+lv.StationWait, mine, want)
	}

	// Before the guards are drawn off, the wing goes to the rally (not
	// into the guards) from a turn's move off.
	away := rally.Toward(geom.Origin, 120)
	k, _ = stationScene(t, lv.StationFrom-3, away, nil, allyLines)
	if mine, _ := wingOrder(Play(r, k, 1, lv)); mine != "MO 9001 "+strconv.Itoa(rally.X)+" "+strconv.Itoa(rally.Y)+" "+strconv.Itoa(rally.Z) {
		t.Errorf("turn %d, 120 off: %q, want the move to the rally %v", lv.StationFrom-2, mine, rally)
	}

	// Only a rival and broken lines name a station: the wing does not go.
	k, _ = stationScene(t, lv.StationFrom-1, geom.Point{}, nil, func(geom.Point) []string {
		return []string{"Empire 3 to allies: Sauran's station at 0,0,25", "Empire 2 to allies: Sauran's station at 1,2"}
	})
	if mine, said := wingOrder(Play(r, k, 1, lv)); strings.HasPrefix(mine, "EN") || strings.HasPrefix(mine, "MO") || len(said) > 0 {
		t.Errorf("no ally's station: wing %q, broadcast %q; want neither", mine, said)
	}

	// The easy level has no wing and says nothing.
	k, _ = stationScene(t, lv.StationFrom-1, geom.Point{}, &rally, allyLines)
	for _, o := range Play(r, k, 1, Easy()) {
		if o.Code == order.Broadcast || o.Subject() == 9001 && (o.Code == order.EN || o.Code == order.MO) && o.Player() == r.Game.PlayerSauran {
			t.Errorf("easy: %s", o)
		}
	}
}

// A station named where the wing stands and sees none is gone: the
// empire says so, and goes for none.
func TestStrikeWingSeesTheStationGone(t *testing.T) {
	r := rules.Default()
	lv := wingLevel()
	ghost := geom.Point{X: 160, Y: 160, Z: 0}
	k, _ := stationScene(t, lv.StationFrom-1, ghost, nil, func(geom.Point) []string {
		return []string{stationNote{from: 2, at: ghost}.String()}
	})
	mine, said := wingOrder(Play(r, k, 1, lv))
	if gone := (stationNote{from: 1, at: ghost, gone: true}).String(); len(said) != 1 || said[0] != gone {
		t.Errorf("broadcast %q, want %q", said, gone)
	}
	// It may go home (under the pull, to where the pull leaves it over the
	// origin), but neither engages nor goes to the meeting point.
	var id, x, y, z int
	if strings.HasPrefix(mine, "EN") {
		t.Errorf("wing order %q at a station that is gone", mine)
	} else if _, err := fmt.Sscanf(mine, "MO %d %d %d %d", &id, &x, &y, &z); err == nil && ghost.Dist(geom.Point{X: x, Y: y, Z: z}) <= lv.StationRally+10 {
		t.Errorf("wing order %q: to the meeting point of a station that is gone", mine)
	}
}

// A line in an ally's name naming a station within the black hole's reach
// is not believed: anyone can write it, and a wing sent there would be
// drawn in (a forged note of this kind once sent every normal empire's
// gunboats into Silverfall). The ally's note of the real station, out of
// that reach, is still followed.
func TestForgedNoteNearTheHole(t *testing.T) {
	r := rules.Default()
	lv := wingLevel()
	forged := stationNote{from: 2, at: geom.Point{X: 24}}.String()
	if forged != "Empire 2 to allies: Sauran's station at 24,0,0" {
		t.Fatalf("the note reads %q", forged)
	}
	// With the real station named as well, the wing goes for the real
	// one, although the forged place is nearer Silverfall.
	k, station := stationScene(t, lv.StationFrom-1, geom.Point{}, nil, func(station geom.Point) []string {
		return []string{forged, stationNote{from: 2, at: station}.String()}
	})
	k.Turn = lv.StationFrom + lv.StationWait - 1
	mine, said := wingOrder(Play(r, k, 1, lv))
	want := fmt.Sprintf("EN 9001 99 %d %d %d", station.X, station.Y, station.Z)
	if mine != want {
		t.Errorf("with the forged and the real note: wing order %q, want %q", mine, want)
	}
	for _, l := range said {
		if strings.Contains(l, "24,0,0") {
			t.Errorf("the empire repeats the forged place: %q", l)
		}
	}
	// With the forged note alone, the wing goes nowhere near Silverfall.
	k, _ = stationScene(t, lv.StationFrom-1, geom.Point{}, nil, func(geom.Point) []string { return []string{forged} })
	mine, said = wingOrder(Play(r, k, 1, lv))
	var id, x, y, z int
	if strings.HasPrefix(mine, "EN") {
		t.Errorf("forged note alone: wing order %q", mine)
	} else if _, err := fmt.Sscanf(mine, "MO %d %d %d %d", &id, &x, &y, &z); err == nil && (geom.Point{X: x, Y: y, Z: z}).Dist(geom.Origin) < 150 {
		t.Errorf("forged note alone: wing order %q goes near Silverfall", mine)
	}
	if len(said) > 0 {
		t.Errorf("forged note alone: broadcast %q, want nothing", said)
	}
}
