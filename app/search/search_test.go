package search

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/query"
)

func owner(p int) string {
	if p == 0 {
		return "unowned"
	}
	return fmt.Sprintf("player %d", p)
}

// objs: player 1 on turn 5 with ship 1 at 0,0,0; planets near and far.
func objs() []known.Object {
	own := known.Source{Kind: known.OwnSheet, Player: 1, Turn: 5}
	return []known.Object{
		{Key: model.ShipKey(1), Name: "Hawk", Owner: 1, Turn: 5, Full: true, Source: own,
			Ship: &model.Ship{ID: 1, Owner: 1, Fuel: 30, Type: 2, Name: "Hawk"}},
		{Key: model.ShipKey(2), Name: "=HYPERLINK(\"x\")", Owner: 3, Loc: geom.Point{X: 40}, Turn: 4, Source: own,
			Ship: &model.Ship{ID: 2, Owner: 3, Type: 5}},
		{Key: model.PlanetKey(7), Name: "Ice", Loc: geom.Point{X: 30, Y: 40}, Turn: 5, Full: true, Source: own,
			Planet: &model.Planet{ID: 7, Ore: model.Ore{0, 0, 4}}},
		{Key: model.PlanetKey(8), Name: "Rock", Loc: geom.Point{X: -6, Y: 8}, Turn: 3, Full: true, Source: own,
			Planet: &model.Planet{ID: 8, Ore: model.Ore{0, 0, 9}}},
		{Key: model.PlanetKey(9), Name: "Far", Owner: 2, Loc: geom.Point{X: 900}, Turn: 5, Full: true, Source: own,
			Planet: &model.Planet{ID: 9, Owner: 2, Ore: model.Ore{0, 0, 1}}},
	}
}

func TestRun(t *testing.T) {
	for _, tc := range []struct {
		q     string
		heads string
		rows  []string
	}{
		{"unowned planets with ore 3 within 100 of ship 1", "Kind Number Name Owner Place Distance Seen Ore 3",
			[]string{"planet|7|Ice|unowned|30,40,0|50|5|4", "planet|8|Rock|unowned|-6,8,0|10|3|9"}},
		{"ships", "Kind Number Name Owner Place Seen",
			[]string{"ship|1|Hawk|player 1|0,0,0|5", "ship|2|=HYPERLINK(\"x\")|player 3|40,0,0|4"}},
		// A sighting shows no fuel: the cell is empty, not 0.
		{"ships with type", "Kind Number Name Owner Place Seen Type",
			[]string{"ship|1|Hawk|player 1|0,0,0|5|2", "ship|2|=HYPERLINK(\"x\")|player 3|40,0,0|4|5"}},
		{"ships with fuel below 50", "Kind Number Name Owner Place Seen Fuel", []string{"ship|1|Hawk|player 1|0,0,0|5|30"}},
		{"planets of player 4", "Kind Number Name Owner Place Seen", nil},
	} {
		r, err := Run(tc.q, objs(), 5, owner)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		var rows []string
		for _, row := range r.Rows {
			rows = append(rows, strings.Join(row.Cells, "|"))
		}
		if h := strings.Join(r.Heads, " "); h != tc.heads || !slices.Equal(rows, tc.rows) {
			t.Errorf("%q:\n heads %s\n rows  %q\nwant\n heads %s\n rows  %q", tc.q, h, rows, tc.heads, tc.rows)
		}
	}
}

func TestRunBadQuery(t *testing.T) {
	for _, q := range []string{"planets within of ship 5", "ships with fuel below", "planets \"unclosed"} {
		_, err := Run(q, objs(), 5, owner)
		var qe *query.Error
		if !errors.As(err, &qe) || qe.Col < 1 || !strings.Contains(err.Error(), "column") {
			t.Errorf("%q: error %v, want one with its column", q, err)
		}
	}
}

func TestSort(t *testing.T) {
	r, err := Run("objects within 1000 of ship 1", objs(), 5, owner)
	if err != nil {
		t.Fatal(err)
	}
	ids := func() []string {
		var out []string
		for _, row := range r.Rows {
			out = append(out, row.Key.String())
		}
		return out
	}
	for _, tc := range []struct {
		col  string
		desc bool
		want []string
	}{
		{"Distance", false, []string{"planet:8", "ship:2", "planet:7", "planet:9"}},
		{"Distance", true, []string{"planet:9", "planet:7", "ship:2", "planet:8"}},
		{"Name", false, []string{"ship:2", "planet:9", "planet:7", "planet:8"}},
		{"Seen", false, []string{"planet:8", "ship:2", "planet:7", "planet:9"}}, // turn 5 ties by kind, number
		{"Kind", true, []string{"ship:2", "planet:7", "planet:8", "planet:9"}},
	} {
		r.Sort(slices.Index(r.Heads, tc.col), tc.desc)
		if got := ids(); !slices.Equal(got, tc.want) {
			t.Errorf("by %s (desc %v): %v, want %v", tc.col, tc.desc, got, tc.want)
		}
	}
}
