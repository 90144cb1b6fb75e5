package ai

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// The hard level adapts to what its sheet shows (issue 27): each test
// builds the sheet of player 1 of a new game some turns on, once with what
// the level answers to and once without.

// firstSheet is player 1's sheet of a new six-player game, as on turn
// sheetTurn, with credits to spend.
func firstSheet(t *testing.T, credits int) (*rules.Rules, *model.Knowledge) {
	t.Helper()
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 3, Players: 6})
	if err != nil {
		t.Fatal(err)
	}
	k := g.KnowledgeOf(r, 1)
	k.Turn = sheetTurn
	k.Empire.Credits = credits
	return r, k
}

const sheetTurn = 8

// broadcast puts the players' broadcast lines at the head of the sheet's
// messages, where the sheet keeps them.
func broadcast(k *model.Knowledge, lines ...string) {
	k.Messages = append(append([]string(nil), lines...), k.Messages...)
	k.Broadcasts += len(lines)
}

func codes(orders []order.Order, c order.Code) []order.Order {
	var out []order.Order
	for _, o := range orders {
		if o.Code == c {
			out = append(out, o)
		}
	}
	return out
}

// Raided, hard buys interceptors up to its figure; not raided, or at
// normal, it keeps the level's few.
func TestHardBuysInterceptorsWhenRaided(t *testing.T) {
	bought := func(lv *Level, raid bool) int {
		r, k := firstSheet(t, 3_000_000)
		if raid {
			k.Credit.Lines = append(k.Credit.Lines, model.CreditLine{What: "Taken by raiders", Amount: -150_000})
			k.Messages = append(k.Messages, "Raiders took 150,000 credits from your empire; who sent them is not known.")
		}
		n := 0
		for _, o := range codes(Play(r, k, 1, lv), order.PI) {
			n += o.Amount()
		}
		return k.Empire.Interceptors + n
	}
	hard := Hard()
	if got := bought(hard, true); got != hard.RaidedInterceptors {
		t.Errorf("hard, raided: %d interceptors after the turn, want %d", got, hard.RaidedInterceptors)
	}
	if got := bought(hard, false); got > hard.Interceptors {
		t.Errorf("hard, not raided: %d interceptors after the turn, want at most %d", got, hard.Interceptors)
	}
	if got := bought(Easy(), true); got > Easy().Interceptors {
		t.Errorf("easy, raided: %d interceptors, want at most %d (it does not adapt)", got, Easy().Interceptors)
	}
	// A scan its interceptors stopped is a raid too.
	r, k := firstSheet(t, 3_000_000)
	k.Messages = append(k.Messages, "Your interceptors stopped a scan of your empire by player 4.")
	if !raided(k) {
		t.Error("a stopped scan is not seen as a raid")
	}
	// A player's broadcast line saying so is not.
	_, k = firstSheet(t, 3_000_000)
	broadcast(k, "Raiders took 1,000,000 credits from your empire")
	if raided(k) || r == nil {
		t.Error("a broadcast line is taken for the computer's message")
	}
}

// Attacked by a player, hard keeps half its warships at home on guard and
// builds defence units at its origin; attacked by Sauran only, or not at
// all, it sends them out.
func TestHardGuardsWhenAttacked(t *testing.T) {
	play := func(lv *Level, lines ...string) (guards, units int, origin *model.Planet) {
		r, k := firstSheet(t, 150_000)
		k.Battle = append(k.Battle, lines...)
		for i := range k.Planets {
			if k.Planets[i].Kind == model.Origin {
				origin = &k.Planets[i]
			}
		}
		orders := Play(r, k, 1, lv)
		armed := map[int]bool{}
		for _, s := range k.Ships {
			if st := r.Ship(s.Type); st != nil && st.Armed() && st.CanMove() {
				armed[s.ID] = true
			}
		}
		for _, o := range codes(orders, order.DF) {
			if armed[o.Subject()] {
				guards++
			}
		}
		for _, o := range codes(orders, order.BU) {
			if o.Subject() == origin.ID {
				units += o.Amount()
			}
		}
		return guards, units, origin
	}
	hit := "Phase 2: ship 77 of player 4 (Grey Wolf) fired on your ship 9 (Shadow Lance): 3 damage."
	g, u, origin := play(Hard(), hit)
	if g == 0 || u == 0 {
		t.Errorf("attacked by player 4: %d warships on guard, %d defence units built at the origin (planet %d), want some of each", g, u, origin.ID)
	}
	for _, lines := range [][]string{nil, {"Phase 2: ship 5 of player 99 (Dread) fired on your ship 9 (Shadow Lance): 3 damage."}} {
		if g, u, _ := play(Hard(), lines...); g != 0 || u != 0 {
			t.Errorf("%q: %d warships on guard, %d defence units at the origin, want none", lines, g, u)
		}
		if g, _, _ := play(Normal(), lines...); g != 0 {
			t.Errorf("normal, %q: %d warships on guard, want none", lines, g)
		}
	}
	// Normal keeps warships home too (but builds no defence for it).
	if g, _, _ := play(Normal(), hit); g == 0 {
		t.Errorf("normal attacked by player 4: no warship on guard, want some")
	}
}

// An ally that has shown no sign of allying back within the level's turns
// is dropped and not asked again; one that answered, or was asked lately,
// is kept.
func TestHardDropsAOneWayAlly(t *testing.T) {
	const ally = 4
	play := func(since int, lines ...string) []order.Order {
		r, k := firstSheet(t, 500_000)
		k.Empire.Allies = []int{ally}
		own := allyLine{from: 1, ally: ally, since: since}
		broadcast(k, append([]string{own.String()}, lines...)...)
		return Play(r, k, 1, Hard())
	}
	dropped := func(orders []order.Order) bool {
		for _, o := range codes(orders, order.BA) {
			if o.Player() == ally {
				return true
			}
		}
		return false
	}
	long := sheetTurn + 1 - Hard().AllyAnswerTurns
	if !dropped(play(long)) {
		t.Errorf("asked on turn %d and never answered: not dropped on turn %d", long, sheetTurn+1)
	}
	if dropped(play(long + 1)) {
		t.Errorf("asked on turn %d: dropped already on turn %d", long+1, sheetTurn+1)
	}
	answer := allyLine{from: ally, ally: 1, since: 2}
	if dropped(play(long, answer.String())) {
		t.Errorf("dropped though it answered (%q)", answer)
	}
	if dropped(play(long, stationNote{from: ally, at: geom.Point{X: 300, Y: 10, Z: -20}}.String())) {
		t.Error("dropped though it wrote to its allies")
	}
	// A line in another's name that says the empire's own ally answered
	// does not count when the ally named is another.
	other := allyLine{from: ally, ally: 2, since: 2}
	if !dropped(play(long, other.String())) {
		t.Errorf("kept, on %q", other)
	}
	// Normal keeps every ally.
	r, k := firstSheet(t, 500_000)
	k.Empire.Allies = []int{ally}
	if orders := Play(r, k, 1, Normal()); dropped(orders) {
		t.Error("normal dropped an ally")
	}
	// The dropped one is remembered and not asked again.
	r, k = firstSheet(t, 500_000)
	broadcast(k, allyLine{from: 1, dropped: []int{ally}}.String())
	near := model.Ship{ID: 9000, Owner: ally, Type: 1, Loc: k.Planets[0].Loc}
	k.ForeignShips = append([]model.Ship{near}, k.ForeignShips...)
	for _, o := range codes(Play(r, k, 1, Hard()), order.AA) {
		if o.Player() == ally {
			t.Errorf("asked player %d again after dropping him", ally)
		}
	}
}

// Dropping a second ally keeps the first in mind: hard does not go back
// and forth between two neighbours that never answered, asking each in
// turn. With both dropped, it asks a third; with none, the nearest.
func TestHardRemembersEveryDroppedAlly(t *testing.T) {
	const first, second, third = 5, 4, 6
	r, k := firstSheet(t, 500_000)
	k.Empire.Allies = []int{second}
	long := sheetTurn + 1 - Hard().AllyAnswerTurns
	broadcast(k, allyLine{from: 1, ally: second, since: long, dropped: []int{first}}.String())
	orders := Play(r, k, 1, Hard())
	if !slices.ContainsFunc(codes(orders, order.BA), func(o order.Order) bool { return o.Player() == second }) {
		t.Fatalf("player %d, asked on turn %d and silent, not dropped: %v", second, long, orders)
	}
	want := allyLine{from: 1, dropped: []int{second, first}}.String()
	if !slices.ContainsFunc(codes(orders, order.Broadcast), func(o order.Order) bool { return strings.HasPrefix(o.Text, want) }) {
		t.Errorf("no broadcast %q remembering both: %v", want, codes(orders, order.Broadcast))
	}
	asked := func(lines ...string) []int {
		r, k := firstSheet(t, 500_000)
		broadcast(k, lines...)
		home := k.Planets[0].Loc
		for i, p := range []int{second, first, third} { // the nearest first
			s := model.Ship{ID: 9000 + i, Owner: p, Type: 1, Loc: geom.Point{X: home.X + 10*(i+1), Y: home.Y, Z: home.Z}}
			k.ForeignShips = append([]model.Ship{s}, k.ForeignShips...)
		}
		var out []int
		for _, o := range codes(Play(r, k, 1, Hard()), order.AA) {
			out = append(out, o.Player())
		}
		return out
	}
	if got := asked(allyLine{from: 1, dropped: []int{second, first}}.String()); !slices.Equal(got, []int{third}) {
		t.Errorf("with %d and %d dropped, asked %v, not %d", second, first, got, third)
	}
	if got := asked(); !slices.Equal(got, []int{second}) {
		t.Errorf("with none dropped, asked %v, not the nearest, %d", got, second)
	}
}

// The alliance line reads back as written, and nothing else reads as one.
func TestAllyLine(t *testing.T) {
	for _, a := range []allyLine{{from: 3, ally: 5, since: 4}, {from: 40, ally: 39, since: 25, dropped: []int{38, 37, 36}}, {from: 2, dropped: []int{7}}} {
		s := a.String()
		if len(s) > rules.Default().Naming.BroadcastLineLength {
			t.Errorf("%q is longer than a broadcast line", s)
		}
		if got, ok := parseAllyLine(s); !ok || !reflect.DeepEqual(got, a) {
			t.Errorf("%q read as %+v, %v", s, got, ok)
		}
	}
	for _, s := range []string{"Empire 3 to allies: ally 5", "Empire 3 to allies: ally x since turn 4", "Empire 3 to allies: Sauran's station at 1,2,3",
		"Empire -3 to allies: dropped 4", "Empire 3 to allies: dropped 4, and more", "Empire 3 to allies: dropped 4 5 6 7", "Empire 3 to allies: dropped 4 x", "Empire 3 to allies: ", strings.Repeat("Empire 3 ", 20)} {
		if a, ok := parseAllyLine(s); ok {
			t.Errorf("%q read as %+v", s, a)
		}
	}
}
