package state

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"regexp"
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
	g.Ships[3].GiftedBy = []int{1, 2} // given away twice
	g.Broadcasts = []string{`Peace to all "friends" \ foes`, "Second line"}
	e := &g.Empires[0]
	e.Allies, e.Enemies = []int{2}, []int{3}
	e.Password = "k7m2-x9pq-ta4e"
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
	if !strings.HasPrefix(a.String(), "silverfall-state 2\ngame name=") {
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

// A ship's givers are a list: a state written when a ship kept only its
// last giver (one number) still reads, as a list of one.
func TestGiftedByList(t *testing.T) {
	for _, c := range []struct {
		field string
		want  []int
	}{{"giftedby=1", []int{1}}, {"giftedby=1,2", []int{1, 2}}} {
		text := "silverfall-state 1\ngame turn=6\nempire player=1\nempire player=2\nempire player=3\n" +
			"ship id=1 owner=3 type=3 loc=5,5,5 " + c.field + "\n"
		g, err := Read(strings.NewReader(text), "old", rules.Default())
		if err != nil {
			t.Fatalf("%s: %v", c.field, err)
		}
		if got := g.Ships[0].GiftedBy; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s reads as %v, want %v", c.field, got, c.want)
		}
		var b bytes.Buffer
		if err := Write(&b, g); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), " "+c.field+"\n") {
			t.Errorf("%s is written back as\n%s", c.field, b.String())
		}
	}
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
	// add puts a record before the closing one, counting it.
	endAt := strings.LastIndex(good, "end records=")
	records := strings.Count(good[:endAt], "\n") - 1
	add := func(rec string) string {
		return good[:endAt] + rec + "\n" + fmt.Sprintf("end records=%d\n", records+1)
	}
	lineOf2 := func(text, prefix string) int {
		for i, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		return 0
	}
	var shipLine, otherShip string
	for _, l := range strings.Split(good, "\n") {
		if strings.HasPrefix(l, "ship id=") && strings.Contains(l, " owner=2 ") && otherShip == "" {
			otherShip = l
		}
		if strings.HasPrefix(l, ship) {
			shipLine = l
		}
	}
	otherID := strings.Fields(otherShip)[1][3:]
	cut := strings.Join(strings.SplitAfter(good, "\n")[:30], "")
	circle := edit(ship, "type=", "inside=2 type=")
	circle = strings.Replace(circle, "\nship id=2 ", "\nship id=2 inside=1 ", 1)
	_ = shipLine
	cases := []struct {
		name, text string
		line       int
		want       string
	}{
		{"version", strings.Replace(good, "silverfall-state 2", "silverfall-state 3", 1), 1, "format version 3; this program reads versions 1 to 2"},
		{"cut short", cut, 30, "ends without its closing record"},
		{"record lost", strings.Replace(good, "\n"+shipLine+"\n", "\n", 1), strings.Count(good, "\n") - 1, "counts"},
		{"race 99", regexp.MustCompile(`(?m)^(empire player=1 .*race=)\d+`).ReplaceAllString(good, "${1}99"), lineOf("empire player=1 "), "race 99"},
		{"empire 100000", edit("empire player=2 ", "player=2 ", "player=100000 "), lineOf("empire player=2 "), "players are numbered"},
		{"huge place", edit(ship, "loc=", "loc=999999999999,0,0 x="), lineOf(ship), "positions from Silverfall"},
		{"huge population", edit("planet id=1 ", "id=1 ", "id=1 population=9223372036854775807 "), lineOf("planet id=1 "), "beyond"},
		{"long name", edit(ship, "type=", `name="A name far longer than twenty" type=`), lineOf(ship), "at most 20"},
		{"control name", edit(ship, "type=", `name="Bell\a" type=`), lineOf(ship), "cannot be printed"},
		{"game name newline", edit("game ", `name="`, `name="Two\nLines `), 2, "cannot be printed"},
		{"docking circle", circle, lineOf(ship), "circle"},
		{"docked in another's ship", edit(ship, "type=", "inside="+otherID+" type="), lineOf(ship), "docks only in its own player's ships"},
		{"not a state", "hello\n", 1, "not a Silverfall state file"},
		{"empty", "", 1, "empty"},
		{"unknown record", add("starbase id=1"), strings.Count(good, "\n"), `unknown record "starbase"`},
		{"after the end", good + "ship id=999 type=1 owner=1\n", strings.Count(good, "\n") + 1, "after the closing"},
		{"unknown field", edit(ship, "type=", "colour=3 type="), lineOf(ship), `ship has no field "colour"`},
		{"bad number", edit(ship, "fire=", "fire=x"), lineOf(ship), "fire: expected a whole number"},
		{"negative fuel", edit(ship, "type=", "fuel=-5 type="), lineOf(ship), "fuel"},
		{"hit in a turn to come", edit(ship, "type=", "hitturn=999 type="), lineOf(ship), "hit in turn 999; the game is at turn"},
		{"hit in a negative turn", edit(ship, "type=", "hitturn=-1 type="), lineOf(ship), "hit in turn -1"},
		{"bad place", edit(ship, "loc=", "loc=1,2"), lineOf(ship), "expected a place X,Y,Z"},
		{"unknown type", edit(ship, "type=", "type=77 x"), lineOf(ship), "expected name=value"},
		{"no such type", edit(ship, "type=13", "type=97"), lineOf(ship), "type 97, which the rules do not have"},
		{"duplicate", add(shipLine), lineOf2(add(shipLine), "end records") - 1, "ship 1 again (first at line"},
		{"no owner empire", edit(ship, "owner=1", "owner=37"), lineOf(ship), "belongs to player 37, who has no empire record"},
		{"bad password", edit("empire player=1 ", `password="k7m2-x9pq-ta4e"`, `password="secret"`), lineOf("empire player=1 "), "empire 1: the password is not one the host makes"},
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
			for _, e := range list {
				if e.File == "game/turn-001/state" && e.Line == c.line && strings.Contains(e.Msg, c.want) {
					return
				}
			}
			t.Errorf("got %v, want line %d with %q", err, c.line, c.want)
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
	f.Add("silverfall-state 1\ngame turn=1\nempire player=1 race=3 credits=999999999999\nplanet id=1 owner=1 population=50000 industry=50000 loc=5,5,5\n" +
		"ship id=1 owner=1 type=1 loc=5,5,5 inside=2\nship id=2 owner=1 type=5 loc=5,5,5\nofficer id=1 ship=2 race=2\n")
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
		// What reads runs: a turn with the computer's orders for every
		// player, whose state reads again and whose sheets are written.
		runTurn(t, g2)
	})
}
