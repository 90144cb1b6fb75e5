package state

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

func game(t testing.TB) *model.Game {
	t.Helper()
	g, err := galaxy.Generate(rules.Default(), galaxy.Options{Seed: 5, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	// What a turn adds: reports, broadcasts, a standing order, winners.
	o, _ := order.Parse("MO 3 10 -20 30")
	g.Ships[2].Standing = o
	g.Broadcasts = []string{`Peace to all "friends" \ foes`, "Second line"}
	e := &g.Empires[0]
	e.Allies, e.Enemies = []int{2}, []int{3}
	e.Abilities = []model.SpecialAbility{{Name: "Fuel Line", Description: "free fuel"}}
	e.Report = model.Report{
		Credit:          model.CreditReport{Opening: 1000, Lines: []model.CreditLine{{What: "Tax", Amount: 500}, {What: "Crew pay", Amount: -300}}},
		Battle:          []string{"Ship 4 hit ship 9 for 12."},
		Messages:        []string{"You took control of planet 7."},
		Errors:          []string{"BS 1 8: industry short"},
		ScannedShip:     &g.Ships[5],
		ScannedPlanet:   &g.Planets[9],
		ScannedPlayerID: 3,
		ScannedPlayer:   []model.Ship{g.Ships[7], g.Ships[8]},
	}
	g.Winners = []int{2}
	g.Rings = []model.RingSighting{{Ring: g.Artifacts[0].ID, Loc: g.Planets[1].Loc, Player: 1}}
	return g
}

func TestRoundTrip(t *testing.T) {
	g := game(t)
	var a bytes.Buffer
	if err := Write(&a, g); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(a.Bytes()), "state", rules.Default())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(normal(back), normal(g)) {
		t.Errorf("the game read back differs from the game written")
	}
	var b bytes.Buffer
	Write(&b, back)
	if a.String() != b.String() {
		t.Errorf("written again, the bytes differ")
	}
	if !strings.HasPrefix(a.String(), "silverfall-state 1\ngame name=") {
		t.Errorf("the file starts %q", a.String()[:40])
	}
}

// normal makes empty and nil lists alike for the comparison.
func normal(g *model.Game) *model.Game {
	c := *g
	fix := func(s []int) []int {
		if len(s) == 0 {
			return nil
		}
		return s
	}
	c.Winners = fix(c.Winners)
	c.Empires = append([]model.Empire(nil), g.Empires...)
	for i := range c.Empires {
		c.Empires[i].Allies = fix(c.Empires[i].Allies)
		c.Empires[i].Enemies = fix(c.Empires[i].Enemies)
	}
	return &c
}

// A moderator's hand edits: every mistake is named with its line.
func TestReadErrors(t *testing.T) {
	var buf bytes.Buffer
	Write(&buf, game(t))
	good := buf.String()
	lineOf := func(prefix string) int {
		for i, l := range strings.Split(good, "\n") {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line starts %q", prefix)
		return 0
	}
	edit := func(prefix, old, new string) string {
		lines := strings.Split(good, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				if !strings.Contains(l, old) {
					t.Fatalf("line %q has no %q", l, old)
				}
				lines[i] = strings.Replace(l, old, new, 1)
				return strings.Join(lines, "\n")
			}
		}
		t.Fatalf("no line starts %q", prefix)
		return ""
	}
	ship := "ship id=1 "
	cases := []struct {
		name, text string
		line       int
		want       string
	}{
		{"version", strings.Replace(good, "silverfall-state 1", "silverfall-state 2", 1), 1, "format version 2; this program reads version 1"},
		{"not a state", "hello\n", 1, "not a Silverfall state file"},
		{"empty", "", 1, "empty"},
		{"unknown record", good + "starbase id=1\n", strings.Count(good, "\n") + 1, `unknown record "starbase"`},
		{"unknown field", edit(ship, "type=", "colour=3 type="), lineOf(ship), `ship has no field "colour"`},
		{"bad number", edit(ship, "fire=", "fire=x"), lineOf(ship), "fire: expected a whole number"},
		{"negative fuel", edit(ship, "type=", "fuel=-5 type="), lineOf(ship), "fuel"},
		{"bad place", edit(ship, "loc=", "loc=1,2"), lineOf(ship), "expected a place X,Y,Z"},
		{"unknown type", edit(ship, "type=", "type=77 x"), lineOf(ship), "expected name=value"},
		{"no such type", edit(ship, "type=13", "type=97"), lineOf(ship), "type 97, which the rules do not have"},
		{"duplicate", good + strings.Split(good[strings.Index(good, ship):], "\n")[0] + "\n", strings.Count(good, "\n") + 1, "ship 1 again (first at line"},
		{"no owner empire", edit(ship, "owner=1", "owner=37"), lineOf(ship), "belongs to player 37, who has no empire record"},
		{"bad order", edit("ship id=3 ", `standing="MO 3 10 -20 30"`, `standing="MO 3 10"`), lineOf("ship id=3 "), "MO"},
		{"open quote", edit("broadcast", `foes"`, `foes`), lineOf("broadcast"), "quoted text does not end"},
		{"field twice", edit("officer id=1 ", "id=1 ", "id=1 id=2 "), lineOf("officer id=1 "), "id given twice"},
		{"officer nowhere", edit("officer id=1 ", "ship=1", "planet=99999"), lineOf("officer id=1 "), "on planet 99999, which has no record"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.text), "game/turn-001/state", rules.Default())
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("read without error: %v", err)
			}
			e := list[0]
			if e.File != "game/turn-001/state" || e.Line != c.line || !strings.Contains(e.Msg, c.want) {
				t.Errorf("got %v, want line %d with %q", err, c.line, c.want)
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	Write(&buf, game(f))
	// The head of a real state: header, game, empires and their reports.
	lines := strings.SplitAfter(buf.String(), "\n")
	f.Add(strings.Join(lines[:min(len(lines), 40)], ""))
	f.Add("silverfall-state 1\ngame turn=1\nempire player=1\nship id=1 owner=1 type=1 loc=1,2,3\n")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Read(strings.NewReader(text), "fuzz", rules.Default())
		if err != nil {
			return
		}
		// What reads, writes and reads again the same.
		var a, b bytes.Buffer
		if err := Write(&a, g); err != nil {
			t.Fatal(err)
		}
		g2, err := Read(bytes.NewReader(a.Bytes()), "again", rules.Default())
		if err != nil {
			t.Fatalf("written state does not read: %v\n%s", err, a.String())
		}
		Write(&b, g2)
		if a.String() != b.String() {
			t.Fatalf("not stable:\n%s\nvs\n%s", a.String(), b.String())
		}
	})
}
