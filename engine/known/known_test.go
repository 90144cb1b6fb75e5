package known

import (
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

func sheet(turn, player int) *model.Knowledge {
	return &model.Knowledge{Game: "G", Turn: turn, Empire: model.Empire{Player: player}}
}

// An object out of sight for a while and then seen again unchanged was
// not seen in between; a sheet missing shows nothing; sheets may come in
// any order of turns and tell the same.
func TestSeenAgain(t *testing.T) {
	ship := model.Ship{ID: 40, Type: 3, Owner: 2, Loc: geom.Point{X: 5}}
	planet := model.Planet{ID: 7, Owner: 2, Loc: geom.Point{Y: 9}}
	type turnShown struct {
		turn  int
		shown bool
	}
	for _, order := range [][]turnShown{
		{{1, true}, {2, false}, {3, true}, {5, true}, {6, false}},
		{{6, false}, {3, true}, {1, true}, {5, true}, {2, false}},
	} {
		k := New("G", 1)
		for _, c := range order {
			s := sheet(c.turn, 1)
			if c.shown {
				s.ForeignShips, s.ForeignPlanets = []model.Ship{ship}, []model.Planet{planet}
			}
			if err := k.Add(s); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct{ turn, want int }{{1, 1}, {2, 1}, {3, 3}, {4, 3}, {5, 5}, {6, 5}, {9, 5}} {
			if s, ok := k.At(model.ShipKey(40), c.turn); !ok || s.Turn != c.want || s.Ship.Loc != ship.Loc {
				t.Errorf("as of turn %d: ship last seen on %d (%v), want %d", c.turn, s.Turn, ok, c.want)
			}
			if p, ok := k.At(model.PlanetKey(7), c.turn); !ok || p.Turn != c.want || p.Source.Turn != c.want {
				t.Errorf("as of turn %d: planet last seen on %d (%v), want %d", c.turn, p.Turn, ok, c.want)
			}
		}
		if _, ok := k.At(model.ShipKey(40), 0); ok {
			t.Error("a ship known before its first sighting")
		}
		if tr := k.Tracks(5, 3); len(tr) != 1 || len(tr[0].Points) != 2 || tr[0].Points[0].Turn != 3 {
			t.Errorf("track over turns 3-5: %+v", tr)
		}
		if tr := k.Track(40); len(tr) != 3 || tr[2].Turn != 5 || tr[2].Source.Kind != OwnSheet {
			t.Errorf("whole track: %+v", tr)
		}
		if got := k.Turns(); !reflect.DeepEqual(got, []int{1, 2, 3, 5, 6}) {
			t.Errorf("turns %v", got)
		}
		// Equal facts on turns 1, 3 and 5 are one copy, not three.
		runs := k.objects[model.PlanetKey(7)]
		if len(runs) != 3 {
			t.Errorf("planet kept as %d runs, want 3 (turns 1, 3, 5)", len(runs))
		}
	}
}

// A sheet of another game, one without a player, or a player's turn
// already merged is refused with a message, and changes nothing.
func TestRefused(t *testing.T) {
	k := New("G", 1)
	if err := k.Add(sheet(3, 1)); err != nil {
		t.Fatal(err)
	}
	if err := k.Add(sheet(3, 2)); err != nil {
		t.Fatalf("an ally's sheet of the same turn: %v", err)
	}
	other := sheet(4, 1)
	other.Game = "H"
	for _, c := range []struct {
		name string
		s    *model.Knowledge
		want string
	}{
		{"another game", other, `of game "H"`},
		{"own turn again", sheet(3, 1), "your sheet of this turn is already merged"},
		{"ally's turn again", sheet(3, 2), "player 2's sheet of this turn is already merged"},
		{"no player", sheet(5, 0), "names no player"},
		{"no sheet", nil, "no sheet"},
	} {
		err := k.Add(c.s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if got := k.Sheets(); len(got) != 2 {
		t.Errorf("sheets after refusals: %v", got)
	}
}

// On one turn the better source stays whatever the order the sheets come
// in: a full view over a sighting, then the player's own sheet over an
// ally's; a newer turn wins over any source of an older one.
func TestSources(t *testing.T) {
	at := func(x int) geom.Point { return geom.Point{X: x} }
	own := func(turn int, ships, foreign []model.Ship) *model.Knowledge {
		s := sheet(turn, 1)
		s.Ships, s.ForeignShips = ships, foreign
		return s
	}
	ally := func(turn int, ships, foreign []model.Ship) *model.Knowledge {
		s := own(turn, ships, foreign)
		s.Empire.Player = 2
		return s
	}
	alliedShip := model.Ship{ID: 9, Type: 2, Owner: 2, Loc: at(1), Fuel: 50}
	enemyShip := model.Ship{ID: 12, Type: 2, Owner: 3, Loc: at(2)}
	moved := enemyShip
	moved.Loc = at(3)
	for _, c := range []struct {
		name   string
		sheets []*model.Knowledge
		key    model.Key
		want   Source
		full   bool
		loc    geom.Point
	}{
		{"ally's own ship over my sighting", []*model.Knowledge{own(4, nil, []model.Ship{{ID: 9, Type: 2, Owner: 2, Loc: at(1)}}), ally(4, []model.Ship{alliedShip}, nil)},
			model.ShipKey(9), Source{AllySheet, 2, 4}, true, at(1)},
		{"the same, ally's sheet first", []*model.Knowledge{ally(4, []model.Ship{alliedShip}, nil), own(4, nil, []model.Ship{{ID: 9, Type: 2, Owner: 2, Loc: at(1)}})},
			model.ShipKey(9), Source{AllySheet, 2, 4}, true, at(1)},
		{"my sighting over the ally's", []*model.Knowledge{ally(4, nil, []model.Ship{moved}), own(4, nil, []model.Ship{enemyShip})},
			model.ShipKey(12), Source{OwnSheet, 1, 4}, false, at(2)},
		{"ally's newer sighting over my older one", []*model.Knowledge{ally(5, nil, []model.Ship{moved}), own(4, nil, []model.Ship{enemyShip})},
			model.ShipKey(12), Source{AllySheet, 2, 5}, false, at(3)},
		{"seen only by the ally", []*model.Knowledge{own(5, nil, nil), ally(5, nil, []model.Ship{moved})},
			model.ShipKey(12), Source{AllySheet, 2, 5}, false, at(3)},
	} {
		k := New("G", 1)
		for _, s := range c.sheets {
			if err := k.Add(s); err != nil {
				t.Fatal(err)
			}
		}
		o, ok := k.Object(c.key)
		if !ok || o.Source != c.want || o.Full != c.full || o.Loc != c.loc || o.Ship == nil || o.Ship.Loc != c.loc {
			t.Errorf("%s: %+v (%v), want from %v full %v at %v", c.name, o, ok, c.want, c.full, c.loc)
		}
		if c.full && o.Ship.Fuel != alliedShip.Fuel {
			t.Errorf("%s: the full view lost the fuel: %+v", c.name, o.Ship)
		}
		allyOnly := false
		for _, a := range k.AllyOnly(k.Newest()) {
			allyOnly = allyOnly || a.Key == c.key
		}
		if want := c.want.Player != 1; allyOnly != want {
			t.Errorf("%s: known only from allies %v, want %v", c.name, allyOnly, want)
		}
	}
}

// A scan is a fact with a source of its own; an officer is where his ship
// is; the empire is kept without its turn's news or its password.
func TestScansOfficersEmpire(t *testing.T) {
	s := sheet(2, 1)
	s.Empire.Name, s.Empire.Password, s.Empire.Credits = "Ours", "secret", 300
	s.Empire.Report.Messages = []string{"hello"}
	s.Ships = []model.Ship{{ID: 1, Type: 1, Owner: 1, Loc: geom.Point{X: 4}, Officer: 5}}
	s.Officers = []model.Officer{{ID: 5, Name: "Ann", Ship: 1}}
	s.ScannedPlanet = &model.Planet{ID: 30, Owner: 4, Loc: geom.Point{Y: 1}, Industry: 80}
	s.ScannedPlayer = []model.Ship{{ID: 70, Owner: 4, Type: 2, Loc: geom.Point{Z: 3}}}
	k := New("G", 1)
	if err := k.Add(s); err != nil {
		t.Fatal(err)
	}
	p, _ := k.Object(model.PlanetKey(30))
	if p.Source != (Source{Scan, 1, 2}) || !p.Full || p.Planet.Industry != 80 {
		t.Errorf("scanned planet: %+v %+v", p, p.Planet)
	}
	if sh, _ := k.Object(model.ShipKey(70)); sh.Source.Kind != Scan || sh.Full || sh.Owner != 4 {
		t.Errorf("scanned player's ship: %+v", sh)
	}
	if o, ok := k.Object(model.OfficerKey(5)); !ok || o.Loc != (geom.Point{X: 4}) || o.Officer.Name != "Ann" {
		t.Errorf("officer: %+v", o)
	}
	e, ok := k.Object(EmpireKey(1))
	if !ok || e.Empire.Credits != 300 || e.Empire.Password != "" || len(e.Empire.Report.Messages) != 0 {
		t.Errorf("empire: %+v", e.Empire)
	}
	if got := p.Source.String(); got != "scan by player 1, turn 2" {
		t.Errorf("source says %q", got)
	}
}

// The players counted as allies are those the sheet shown lists and those
// whose sheets were merged; a declared enemy is not one, even with his
// sheet merged, nor is the player himself.
func TestAllies(t *testing.T) {
	k := New("G", 1)
	if got := k.Allies(nil); len(got) != 0 {
		t.Errorf("with no sheet and no empire, allies %v", got)
	}
	for _, s := range []*model.Knowledge{sheet(1, 1), sheet(1, 4), sheet(2, 4), sheet(2, 7)} {
		if err := k.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		e    *model.Empire
		want []int
	}{
		{"sheets merged alone", nil, []int{4, 7}},
		{"the sheet's allies too", &model.Empire{Player: 1, Allies: []int{9, 4, 1}}, []int{4, 7, 9}},
		{"an enemy whose sheet was merged", &model.Empire{Player: 1, Allies: []int{9}, Enemies: []int{7}}, []int{4, 9}},
	} {
		if got := k.Allies(c.e); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: allies %v, want %v", c.name, got, c.want)
		}
	}
}
