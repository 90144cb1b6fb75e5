package check

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// rememberedKnown is what player 3 knows beside the fixture's sheet:
// planets 87 (player 7's) and 88 (his own then) from his sheet of turn 4,
// and player 6's ships 600 (near ship 7) and 601 (far) from his ally
// player 5's sheet of turn 6.
func rememberedKnown(t *testing.T) *known.Known {
	t.Helper()
	kn := known.New("test", 3)
	old := &model.Knowledge{Game: "test", Turn: 4, Empire: model.Empire{Player: 3},
		Planets:        []model.Planet{{ID: 88, Loc: geom.Point{X: 400}, Owner: 3, Population: 500}},
		ForeignPlanets: []model.Planet{{ID: 87, Loc: geom.Point{X: 210, Y: 50}, Owner: 7}}}
	ally := &model.Knowledge{Game: "test", Turn: 6, Empire: model.Empire{Player: 5},
		ForeignShips: []model.Ship{{ID: 600, Type: 2, Owner: 6, Loc: geom.Point{X: 205, Y: 50}}, {ID: 601, Type: 2, Owner: 6, Loc: geom.Point{X: 900}}}}
	for _, s := range []*model.Knowledge{fixture(), old, ally} {
		if err := kn.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	return kn
}

// An order naming an object the sheet does not show but that is known from
// earlier or from an ally is checked against its last known facts, with a
// warning that says when and where it was seen; what is known of nothing
// stays unknown.
func TestRemembered(t *testing.T) {
	for _, c := range []struct {
		name   string
		orders []string
		want   []string
		says   string
	}{
		{"move to a planet seen before", []string{"MP 7 87"}, []string{"W remembered @0"}, "planet 87, last seen on turn 4:"},
		{"move to a planet never seen", []string{"MP 7 77"}, []string{"W unknown-planet @0"}, ""},
		{"orders to a planet last seen as another's", []string{"DA 87"}, []string{"E not-your-planet @0", "W remembered @0"}, "planet 87"},
		{"orders to a planet once one's own", []string{"AD 88"}, []string{"E not-your-planet @0", "W remembered @0"}, "planet 88, last seen on turn 4"},
		{"fire at a ship an ally sees", []string{"FI 7 600"}, []string{"W remembered @0"}, "ship 600, last seen on turn 6 on player 5's sheet"},
		{"fire at a ship an ally sees far away", []string{"FI 7 601"}, []string{"W out-of-range @0", "W remembered @0"}, "ship 601"},
	} {
		t.Run(c.name, func(t *testing.T) {
			orders := parseOrders(t, c.orders...)
			var got []string
			said := ""
			for _, d := range NewWith(rules.Default(), fixture(), Options{Known: rememberedKnown(t)}).Check(orders) {
				got = append(got, fmt.Sprintf("%c %s @%d", strings.ToUpper(d.Severity.String())[0], d.Code, d.Order))
				if d.Code == "remembered" {
					said = d.Message
				}
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("orders %q:\n got %q\nwant %q", c.orders, got, c.want)
			}
			if !strings.Contains(said, c.says) {
				t.Errorf("the warning says %q, want it to say %q", said, c.says)
			}
		})
	}
}

// Without what is known beside it, the checker knows the sheet alone.
func TestRememberedNeedsKnown(t *testing.T) {
	orders := parseOrders(t, "MP 7 87")
	d := NewWith(rules.Default(), fixture(), Options{}).Check(orders)
	if len(d) != 1 || d[0].Code != "unknown-planet" {
		t.Errorf("with no knowledge: %v", d)
	}
}
