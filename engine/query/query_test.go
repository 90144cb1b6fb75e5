package query

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
)

// fixture: player 1 on turn 10, allied with 2, at war with 3.
func fixture() []known.Object {
	own := known.Source{Kind: known.OwnSheet, Player: 1, Turn: 10}
	old := known.Source{Kind: known.OwnSheet, Player: 1, Turn: 6}
	pl := func(id, owner int, loc geom.Point, turn int, full bool, p model.Planet) known.Object {
		p.ID, p.Owner, p.Loc = id, owner, loc
		src := own
		if turn != 10 {
			src = old
		}
		return known.Object{Key: model.PlanetKey(id), Name: p.Name, Owner: owner, Loc: loc, Turn: turn, Source: src, Full: full, Planet: &p}
	}
	sh := func(id, owner int, name string, loc geom.Point, turn int, full bool, s model.Ship) known.Object {
		s.ID, s.Owner, s.Loc, s.Name = id, owner, loc, name
		return known.Object{Key: model.ShipKey(id), Name: name, Owner: owner, Loc: loc, Turn: turn, Source: own, Full: full, Ship: &s}
	}
	return []known.Object{
		{Key: model.EmpireKey, Name: "Blue", Owner: 1, Turn: 10, Source: own, Full: true,
			Empire: &model.Empire{Player: 1, Allies: []int{2}, Enemies: []int{3}, Credits: 500}},
		pl(12, 1, geom.Point{X: 0, Y: 0, Z: 0}, 10, true, model.Planet{Name: "Home", Kind: model.Origin, Industry: 8, Ore: model.Ore{0, 0, 40}}),
		pl(20, 0, geom.Point{X: 30, Y: 0, Z: 0}, 10, true, model.Planet{Name: "Rock", Ore: model.Ore{0, 0, 3}}),
		pl(21, 0, geom.Point{X: 90, Y: 0, Z: 0}, 6, true, model.Planet{Name: "Old Rock", Ore: model.Ore{0, 0, 9}}),
		pl(22, 0, geom.Point{X: 60, Y: 0, Z: 0}, 10, false, model.Planet{Name: "Far"}),
		pl(30, 4, geom.Point{X: 0, Y: 40, Z: 0}, 10, false, model.Planet{Name: "Theirs"}),
		sh(5, 1, "Sea Hawk", geom.Point{X: 10, Y: 0, Z: 0}, 10, true, model.Ship{Fuel: 40, Type: 2}),
		sh(7, 1, "Dove", geom.Point{X: 0, Y: 0, Z: 0}, 10, true, model.Ship{Fuel: 80, Cargo: model.Ore{5}}),
		sh(8, 2, "Hawkeye", geom.Point{X: 45, Y: 0, Z: 0}, 10, false, model.Ship{Type: 3}),
		sh(9, 3, "Raider", geom.Point{X: 0, Y: 0, Z: 45}, 9, false, model.Ship{Type: 3}),
	}
}

func keys(objs []known.Object) string {
	var s []string
	for _, o := range objs {
		s = append(s, o.Key.String())
	}
	return strings.Join(s, " ")
}

func TestRun(t *testing.T) {
	objs := fixture()
	for _, tc := range []struct{ q, want string }{
		{"unowned planets with ore 3 within 100 of ship 5, seen in the last 3 turns", "planet:20"},
		{"unowned planets with ore 3 within 100 of ship 5", "planet:20 planet:21"},
		{"foreign ships within 50 of planet 12", "ship:8 ship:9"},
		{"ship 7 with fuel below 50", ""},
		{"ship 5 with fuel below 50", "ship:5"},
		{"planets of player 4", "planet:30"},
		{"player 4's planets", "planet:30"},
		{"ships named Hawk", "ship:5 ship:8"},
		{`ships named "sea hawk"`, "ship:5"},
		{"allied ships", "ship:8"},
		{"enemy ships", "ship:9"},
		{"my ships", "ship:5 ship:7"},
		{"ships of mine", "ship:5 ship:7"},
		{"planets owned by nobody", "planet:20 planet:21 planet:22"},
		{"objects at planet 12", "ship:7"},
		{"ships within 10 of 0,0,0", "ship:5 ship:7"},
		{"ships beyond 40 of my origin", "ship:8 ship:9"},
		{"a foreign ship within 50 of my origin", "ship:8 ship:9"},
		{"ships with type 3", "ship:8 ship:9"},
		{"ships with cargo 1 at least 5", "ship:7"},
		{"ships with fuel", "ship:5 ship:7"},
		{"planets with industry above 7", "planet:12"},
		{"planets with ore > 10", "planet:12"},
		{"planets with ore = 3", "planet:20"},
		{"empires with credits at most 500", "empire"},
		{"not seen in the last 2 turns", "planet:21"},
		{"not seen in the last 1 turns", "planet:21 ship:9"},
		{"ships seen on turn 9", "ship:9"},
		{"planets seen before turn 7", "planet:21"},
		{"planets seen this turn within 35 of planet 12", "planet:20"},
		// A sighting shows no fuel: its zero is not "below 50".
		{"foreign ships with fuel below 50", ""},
		{"ships within 10 of ship 99", ""},
	} {
		q, err := Parse(tc.q)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.q, err)
			continue
		}
		if got := keys(q.Run(objs, 10)); got != tc.want {
			t.Errorf("%q: got [%s], want [%s]", tc.q, got, tc.want)
		}
		if q.Any(objs, 10) != (tc.want != "") {
			t.Errorf("%q: Any is %v", tc.q, !(tc.want != ""))
		}
		// The canonical words mean the same.
		q2, err := Parse(q.String())
		if err != nil {
			t.Errorf("%q: String %q does not parse: %v", tc.q, q.String(), err)
		} else if got := keys(q2.Run(objs, 10)); got != tc.want {
			t.Errorf("%q as %q: got [%s], want [%s]", tc.q, q.String(), got, tc.want)
		}
	}
}

func TestString(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"unowned planets with ore 3 within 100 of ship 5, seen in the last 3 turns",
			"unowned planets with ore 3 within 100 of ship 5 seen in the last 3 turns"},
		{"Ship 7 with fuel < 50", "ship 7 with fuel below 50"},
		{"planets of player 4", "planets of player 4"},
		{"ships named Hawk", `ships named "hawk"`},
		{"", "objects"},
	} {
		q, err := Parse(tc.q)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.q, err)
		}
		if got := q.String(); got != tc.want {
			t.Errorf("%q: String is %q, want %q", tc.q, got, tc.want)
		}
	}
}

func TestFrom(t *testing.T) {
	q, _ := Parse("ships within 50 of planet 20")
	if p, ok := q.From(fixture(), 10); !ok || p != (geom.Point{X: 30}) {
		t.Errorf("From = %v, %v", p, ok)
	}
	q, _ = Parse("my ships")
	if _, ok := q.From(fixture(), 10); ok {
		t.Error("a query without a place has a From")
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		q    string
		col  int
		want string
	}{
		{"planets frobnicate", 9, `"frobnicate" is not understood`},
		{"planets and ships", 13, "one kind of object"},
		{"ships within of ship 5", 14, "expected a distance"},
		{"ships within 50 ship 5", 17, `expected "of"`},
		{"ships within 50 of", 19, "expected a place"},
		{"ships within 50 of 1,2", 23, "expected a comma"},
		{"ship 7 with fuel below", 23, "a figure to compare fuel"},
		{"ships named", 12, "expected a name"},
		{`ships named "Hawk`, 13, "quote is not closed"},
		{"ships seen lately", 12, "expected when"},
		{"ships seen in the last 0 turns", 24, "say 1 or more"},
		{"ships or planets", 7, `"or" is not understood`},
		{"ships with fuel below 99999999999", 23, "too large"},
		{"ships # 4", 7, `"#" is not understood`},
		{"planets of", 11, "expected an owner"},
		{strings.Repeat("a ", 300), MaxLen + 1, "at most"},
	} {
		_, err := Parse(tc.q)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v, want a column", tc.q, err)
			continue
		}
		if e.Col != tc.col || !strings.Contains(e.Msg, tc.want) {
			t.Errorf("%q: got %v, want column %d: ...%s...", tc.q, err, tc.col, tc.want)
		}
	}
}

func TestFigures(t *testing.T) {
	full := known.Object{Key: model.ShipKey(3), Full: true, Ship: &model.Ship{ID: 3, Fuel: 40, Type: 2}}
	seen := known.Object{Key: model.ShipKey(4), Ship: &model.Ship{ID: 4, Fuel: 90, Type: 5}}
	planet := known.Object{Key: model.PlanetKey(1), Full: true, Planet: &model.Planet{ID: 1, Ore: model.Ore{0, 0, 7}}}
	for _, tc := range []struct {
		q     string
		names []string
		of    known.Object
		want  []string // the figures of "of", "-" for none shown
	}{
		{"ships", nil, full, nil},
		{"ships with fuel below 50 and type 2", []string{"fuel", "type"}, full, []string{"40", "2"}},
		{"ships with fuel below 50, fuel above 1", []string{"fuel"}, full, []string{"40"}},
		{"ships with fuel and type 5", []string{"fuel", "type"}, seen, []string{"-", "5"}},
		{"planets with ore 3 and ore", []string{"ore 3", "ore"}, planet, []string{"7", "7"}},
		{"objects with ore 3", []string{"ore 3"}, full, []string{"-"}},
	} {
		q, err := Parse(tc.q)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		var names, got []string
		for _, f := range q.Figures() {
			names = append(names, f.Name())
			if v, ok := f.Of(&tc.of); ok {
				got = append(got, strconv.Itoa(v))
			} else {
				got = append(got, "-")
			}
		}
		if !slices.Equal(names, tc.names) || !slices.Equal(got, tc.want) {
			t.Errorf("%q: figures %q of %v %q, want %q %q", tc.q, names, tc.of.Key, got, tc.names, tc.want)
		}
	}
}

// A player whose sheet was merged counts as allied, as known.Allies
// counts him (the window draws him so and names him "your ally"), unless
// the player's sheet declares him an enemy; before, only the allies the
// sheet lists did, so that "allied ships" left out the ships of the ally
// whose sheet was imported.
func TestAlliedByTheirSheet(t *testing.T) {
	objs := fixture()
	shared := known.Source{Kind: known.AllySheet, Player: 4, Turn: 10}
	objs = append(objs,
		known.Object{Key: model.ShipKey(40), Owner: 4, Loc: geom.Point{X: 5}, Turn: 10, Source: shared, Full: true, Ship: &model.Ship{ID: 40, Owner: 4}},
		known.Object{Key: model.ShipKey(41), Owner: 3, Loc: geom.Point{X: 6}, Turn: 10,
			Source: known.Source{Kind: known.AllySheet, Player: 3, Turn: 10}, Ship: &model.Ship{ID: 41, Owner: 3}})
	for _, tc := range []struct{ q, want string }{
		{"allied ships", "ship:8 ship:40"},
		{"allied planets", "planet:30"}, // player 4's, whose sheet was merged
		{"enemy ships", "ship:9 ship:41"},
	} {
		q, err := Parse(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if got := keys(q.Run(objs, 10)); got != tc.want {
			t.Errorf("%q: got [%s], want [%s]", tc.q, got, tc.want)
		}
	}
	if got := keys(mustParse(t, "allied ships").Run(fixture(), 10)); got != "ship:8" {
		t.Errorf("with no ally's sheet merged, allied ships are [%s], want [ship:8]", got)
	}
}

func mustParse(t *testing.T, s string) *Query {
	t.Helper()
	q, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}
