package notes

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

func sample(t *testing.T) *Book {
	t.Helper()
	b := &Book{Seen: 3}
	for _, e := range []Entry{
		{Kind: Note, Object: model.ShipKey(12), Text: "Scout: keep it away from Sauran.\nRefuel at 40.", Written: 2},
		{Kind: Note, Object: model.PlanetKey(40), Text: "ore 3 here", Written: 3},
		{Kind: Note, Place: geom.Point{X: -5, Y: 7, Z: 0}, AtPlace: true, Text: "a \"rendezvous\" {point}", Written: 3},
		{Kind: Note, Turn: 4, Text: "the turn we lost the fleet"},
		{Kind: Marker, Place: geom.Point{X: 100, Y: 0, Z: -30}, AtPlace: true, Text: "Ambush", Shape: Diamond, Colour: Red},
		{Kind: Reminder, Turn: 20, Text: "turn 20: the trading planets fall", Rule: "market:9"},
		{Kind: Reminder, Condition: "ship 12 within 20 of planet 40", Text: "the scout is home"},
	} {
		if _, err := b.Add(e); err != nil {
			t.Fatalf("Add(%+v): %v", e, err)
		}
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	b := sample(t)
	b.Delete(2)
	var buf bytes.Buffer
	if err := Encode(&buf, b); err != nil {
		t.Fatal(err)
	}
	got, err := Decode(bytes.NewReader(buf.Bytes()), "notes.jsonl")
	if err != nil {
		t.Fatalf("Decode: %v\n%s", err, buf.String())
	}
	if fmt.Sprint(got.Entries()) != fmt.Sprint(b.Entries()) || got.Seen != b.Seen {
		t.Errorf("round trip changed the book:\n got %+v\nwant %+v", got.Entries(), b.Entries())
	}
	// A number once given is not given again, even after a restart.
	b.Delete(7)
	buf.Reset()
	Encode(&buf, b)
	got, _ = Decode(&buf, "notes.jsonl")
	if e, _ := got.Add(Entry{Kind: Note, Turn: 1, Text: "x"}); e.ID != 8 {
		t.Errorf("a new entry after deleting the last got number %d, want 8", e.ID)
	}
}

func TestDamagedLines(t *testing.T) {
	b := sample(t)
	var buf bytes.Buffer
	Encode(&buf, b)
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	lines[2] = `{"id":2,"kind":"note","object":"planet:40","text":"ore 3 he` // cut off
	lines[5] = `{"id":5,"kind":"marker","place":[1,2,3],"shape":"star","colour":"red","text":"x"}`
	lines = append(lines, `{"id":1,"kind":"note","turn":2,"text":"again"}`, strings.Repeat("x", MaxLine+10))
	got, err := Decode(strings.NewReader(strings.Join(lines, "\n")), "notes.jsonl")
	var d *DamagedError
	if !errors.As(err, &d) {
		t.Fatalf("Decode of damaged lines: %v, want a DamagedError", err)
	}
	var at []int
	for _, l := range d.Lines {
		at = append(at, l.Line)
	}
	if fmt.Sprint(at) != "[3 6 9 10]" {
		t.Errorf("damaged lines %v, want [3 6 9 10]: %v", at, err)
	}
	if !strings.Contains(err.Error(), "notes.jsonl:3:") || !strings.Contains(err.Error(), `"star"`) {
		t.Errorf("message %q does not name the file and line, or the bad shape", err)
	}
	if got.Len() != b.Len()-2 {
		t.Errorf("%d entries read, want the %d undamaged", got.Len(), b.Len()-2)
	}
}

func TestRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		e    Entry
		want string
	}{
		{"empty note", Entry{Kind: Note, Object: model.ShipKey(1), Text: "  "}, "empty"},
		{"long note", Entry{Kind: Note, Turn: 1, Text: strings.Repeat("é", MaxText+1)}, "at most 2000"},
		{"long label", Entry{Kind: Marker, AtPlace: true, Text: strings.Repeat("a", MaxLabel+1)}, "at most 40"},
		{"marker nowhere", Entry{Kind: Marker, Text: "x"}, "needs a place"},
		{"far place", Entry{Kind: Marker, AtPlace: true, Place: geom.Point{X: model.MaxCoordinate + 1}, Text: "x"}, "beyond"},
		{"control", Entry{Kind: Note, Turn: 1, Text: "bell\a"}, "control character"},
		{"reorder", Entry{Kind: Note, Turn: 1, Text: "abc\u202edef"}, "reorders"},
		{"reminder when", Entry{Kind: Reminder, Text: "x"}, "needs a turn or a condition"},
		{"no kind", Entry{Text: "x"}, "unknown kind"},
	} {
		var b Book
		if _, err := b.Add(tc.e); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Add gave %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestNotFile(t *testing.T) {
	for _, in := range []string{"GAME x\nPLAYER 3\n", `{"format":"silverfall notes","version":9}`} {
		_, err := Decode(strings.NewReader(in), "n")
		if err == nil || !strings.Contains(err.Error(), "n:1:") {
			t.Errorf("Decode(%q) = %v, want an error at line 1", in, err)
		}
	}
}

// TestCarried: a note on a planet shows where the planet is on each sheet,
// the pull having moved it; a marker stays at its place.
func TestCarried(t *testing.T) {
	b := sample(t)
	r := rules.Default()
	loc := geom.Point{X: 60, Y: 0, Z: 0}
	sheet := func(turn int) func(model.Key) (geom.Point, bool) {
		p := loc
		for t := 1; t <= turn; t++ {
			p = p.Toward(geom.Origin, r.GravityPull(t))
		}
		return func(k model.Key) (geom.Point, bool) { return p, k == model.PlanetKey(40) }
	}
	note := b.Of(model.PlanetKey(40))
	if len(note) != 1 {
		t.Fatalf("notes on planet 40: %v", note)
	}
	early, _ := Where(note[0], sheet(5))
	late, _ := Where(note[0], sheet(17))
	if early != loc || late == loc {
		t.Errorf("the planet's note is at %v on turn 5 and %v on turn 17; want %v, then where the pull took it", early, late, loc)
	}
	if _, ok := Where(b.Of(model.ShipKey(12))[0], sheet(5)); ok {
		t.Error("a note on a ship the sheet does not show has a place")
	}
	m := b.Markers()
	if p, ok := Where(m[0], sheet(17)); !ok || p != (geom.Point{X: 100, Y: 0, Z: -30}) {
		t.Errorf("the marker is at %v, %v", p, ok)
	}
}

func TestDue(t *testing.T) {
	b := sample(t)
	b.Add(Entry{Kind: Reminder, Turn: 5, Text: "build a station"})
	b.Add(Entry{Kind: Reminder, Turn: 4, Text: "done already", Done: true})
	texts := func(es []Entry) string {
		var s []string
		for _, e := range es {
			s = append(s, e.Text)
		}
		return strings.Join(s, "|")
	}
	for _, tc := range []struct {
		turn          int
		due, arriving string
	}{
		{3, "", ""},
		{5, "build a station", "build a station"},
		{19, "build a station", "build a station"},
		{20, "turn 20: the trading planets fall|build a station", "turn 20: the trading planets fall|build a station"},
	} {
		if got := texts(b.Due(tc.turn)); got != tc.due {
			t.Errorf("Due(%d) = %q, want %q", tc.turn, got, tc.due)
		}
		if got := texts(b.Arriving(tc.turn)); got != tc.arriving {
			t.Errorf("Arriving(%d) = %q, want %q", tc.turn, got, tc.arriving)
		}
	}
	b.Seen = 19
	if got := texts(b.Arriving(20)); got != "turn 20: the trading planets fall" {
		t.Errorf("after seeing 19, Arriving(20) = %q", got)
	}
	if got := b.Arriving(12); got != nil {
		t.Errorf("an earlier sheet looked at again brings %v", got)
	}
	v := b.Test(func(c string) (int, error) {
		if c != "ship 12 within 20 of planet 40" {
			return 0, errors.New("unknown")
		}
		return 1, nil
	})
	if len(v) != 1 || !v[0].Met() || v[0].Entry.Text != "the scout is home" {
		t.Errorf("Test = %+v", v)
	}
}

func TestRuleReminders(t *testing.T) {
	r := rules.Default()
	k := &model.Knowledge{Turn: 3, Trading: []model.TradingPlanet{
		{Planet: model.Planet{ID: 9, Name: "Port", Loc: geom.Point{X: 70}}},
		{Planet: model.Planet{ID: 10, Name: "Far", Loc: geom.Point{X: 0, Y: 300}}},
	}}
	var b Book
	got := RuleReminders(r, k, &b)
	want := map[string]int{"pull": r.Movement.GravityFromTurn - 1, "end": r.Game.ExpectedLastTurn - 1,
		"market:9": r.MarketLastTurn(k.Trading[0].Planet.Loc, 3) - 1, "market:10": r.MarketLastTurn(k.Trading[1].Planet.Loc, 3) - 1}
	if len(got) != len(want) {
		t.Fatalf("offered %d reminders, want %d: %+v", len(got), len(want), got)
	}
	for _, e := range got {
		if w, ok := want[e.Rule]; !ok || e.Turn != w {
			t.Errorf("reminder %q due on sheet %d, want %d", e.Rule, e.Turn, w)
		}
		if _, err := b.Add(e); err != nil {
			t.Errorf("an offered reminder is refused: %v", err)
		}
	}
	// Placed 70 out, a trading planet trades last in turn 20 (rules.MarketLastTurn).
	if e := got[1]; e.Rule != "market:9" || e.Turn != 19 || !strings.Contains(e.Text, "Turn 20") || e.Object != model.PlanetKey(9) {
		t.Errorf("Port's reminder: %+v", e)
	}
	if again := RuleReminders(r, k, &b); len(again) != 0 {
		t.Errorf("reminders taken are offered again: %+v", again)
	}
	// On sheet 22 the pull has begun and Port, pulled within 20, is gone.
	late := &model.Knowledge{Turn: 22, Trading: []model.TradingPlanet{{Planet: model.Planet{ID: 9, Name: "Port", Loc: geom.Point{X: 15}}}}}
	for _, e := range RuleReminders(r, late, &Book{}) {
		if e.Rule != "end" {
			t.Errorf("a date gone by is offered on sheet 22: %+v", e)
		}
	}
}
