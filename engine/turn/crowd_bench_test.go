package turn

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// crowd is a game with n ships of four players at one place, above the
// first player's origin planet, each ordered to engage every other player
// there (engage is false: no orders, they only meet), and mines planted
// on that planet, n of them.
func crowd(tb testing.TB, n, mines int, engage bool) (*rules.Rules, *model.Game, map[int][]order.Order) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 7, Players: 4})
	if err != nil {
		tb.Fatal(err)
	}
	var home *model.Planet
	for i := range g.Planets {
		if g.Planets[i].Owner == 1 {
			home = &g.Planets[i]
			break
		}
	}
	top := 0
	for _, s := range g.Ships {
		top = max(top, s.ID)
	}
	orders := map[int][]order.Order{}
	for i := range n {
		t := r.Ship(1 + i%20)
		s := model.Ship{ID: top + 1 + i, Type: t.ID, Owner: 1 + i%4, Loc: home.Loc, Fire: t.Fire.Max, Defence: t.Defence.Max,
			MaxFire: t.Fire.Max, MaxDefence: t.Defence.Max, Fuel: t.MaxFuel.Or(0)}
		g.Ships = append(g.Ships, s)
		if engage {
			o, err := order.Parse(fmt.Sprintf("EN %d 0 %d %d %d", s.ID, home.Loc.X, home.Loc.Y, home.Loc.Z))
			if err != nil {
				tb.Fatal(err)
			}
			orders[s.Owner] = append(orders[s.Owner], o)
		}
	}
	topMine := 0
	for _, m := range g.Mines {
		topMine = max(topMine, m.ID)
	}
	for i := range mines {
		g.Mines = append(g.Mines, model.Mine{ID: topMine + 1 + i, Planet: home.ID, OreType: 1 + i%rules.OreTypes, Rate: 1})
	}
	return r, g, orders
}

func benchCrowd(b *testing.B, n, mines int, engage bool) {
	for b.Loop() {
		b.StopTimer()
		r, g, orders := crowd(b, n, mines, engage)
		b.StartTimer()
		Run(NewWorld(r, g, Host), orders, Options{EndOfTurn: true})
	}
}

// A turn with many ships at one place, engaging each other, and with many
// mines on one planet: the work grows as n log n, not as n squared.
func BenchmarkCrowdEngage10k(b *testing.B)  { benchCrowd(b, 10_000, 0, true) }
func BenchmarkCrowdEngage100k(b *testing.B) { benchCrowd(b, 100_000, 0, true) }
func BenchmarkCrowdIdle10k(b *testing.B)    { benchCrowd(b, 10_000, 0, false) }
func BenchmarkCrowdIdle100k(b *testing.B)   { benchCrowd(b, 100_000, 0, false) }
func BenchmarkMines10k(b *testing.B)        { benchCrowd(b, 0, 10_000, false) }
func BenchmarkMines100k(b *testing.B)       { benchCrowd(b, 0, 100_000, false) }

// The index picks what a look at every ship picks, in battles of every
// kind of order (engage, strafe, ambush, defend, pursue, fire) among
// ships that move, cloak, hit and are hit, of players allied or not.
func TestTargetIndexPicksAsTheScan(t *testing.T) {
	codes := []string{"EN %d %d %d %d %d", "ST %d %d %d %d %d", "AB %d %d", "DF %d %d", "MO %d %d %d %d"}
	for seed := range 6 {
		r, g, _ := crowd(t, 600, 0, false)
		rng := rand.New(rand.NewPCG(uint64(seed), 1))
		home := g.Ships[len(g.Ships)-1].Loc
		orders := map[int][]order.Order{}
		g.Empires[0].Allies = []int{2}
		topOfficer := 0
		for _, o := range g.Officers {
			topOfficer = max(topOfficer, o.ID)
		}
		for i := range g.Ships {
			s := &g.Ships[i]
			if st := r.Ship(s.Type); st.Cloak && rng.IntN(2) == 0 {
				s.Cloaked = true
			}
			if s.Officer == 0 && rng.IntN(10) == 0 {
				// One ship in ten may detect cloaked ships.
				topOfficer++
				o := model.Officer{ID: topOfficer, Race: 1, Ship: s.ID}
				o.Levels[abilitySurveillance-1], o.Current[abilitySurveillance-1] = 3, 3
				g.Officers = append(g.Officers, o)
				s.Officer = o.ID
			}
			s.Loc = geom.Point{X: home.X + rng.IntN(30) - 15, Y: home.Y + rng.IntN(30) - 15, Z: home.Z}
			against := []int{0, 88, 1 + rng.IntN(4)}[rng.IntN(3)]
			var line string
			switch c := codes[rng.IntN(len(codes))]; c[:2] {
			case "EN", "ST":
				line = fmt.Sprintf(c, s.ID, against, home.X+rng.IntN(40)-20, home.Y+rng.IntN(40)-20, home.Z)
			case "MO":
				line = fmt.Sprintf(c, s.ID, home.X+rng.IntN(40)-20, home.Y+rng.IntN(40)-20, home.Z)
			default:
				line = fmt.Sprintf(c, s.ID, against)
			}
			o, err := order.Parse(line)
			if err != nil {
				continue // not every ship takes every order
			}
			orders[s.Owner] = append(orders[s.Owner], o)
		}
		Run(NewWorld(r, g, Host), orders, Options{EndOfTurn: true, checkTargets: true})
	}
}

// spread is a game with n more planets of the first player's and n more
// ships of the four players, each at a place of its own.
func spread(tb testing.TB, n int) (*rules.Rules, *model.Game) {
	r, g, _ := crowd(tb, 0, 0, false)
	rng := rand.New(rand.NewPCG(3, 4))
	pt := func() geom.Point {
		return geom.Point{X: rng.IntN(4001) - 2000, Y: rng.IntN(4001) - 2000, Z: rng.IntN(4001) - 2000}
	}
	topP, topS := 0, 0
	for _, p := range g.Planets {
		topP = max(topP, p.ID)
	}
	for _, s := range g.Ships {
		topS = max(topS, s.ID)
	}
	for i := range n {
		g.Planets = append(g.Planets, model.Planet{ID: topP + 1 + i, Owner: 1, Kind: model.Independent, Loc: pt(), Population: 1000, Industry: 1000})
		t := r.Ship(1 + i%20)
		g.Ships = append(g.Ships, model.Ship{ID: topS + 1 + i, Type: t.ID, Owner: 1 + i%4, Loc: pt(), Fire: t.Fire.Max, Defence: t.Defence.Max,
			MaxFire: t.Fire.Max, MaxDefence: t.Defence.Max})
	}
	return r, g
}

func benchSpread(b *testing.B, n int) {
	for b.Loop() {
		b.StopTimer()
		r, g := spread(b, n)
		b.StartTimer()
		Run(NewWorld(r, g, Host), map[int][]order.Order{}, Options{EndOfTurn: true})
	}
}

// A turn with many planets and ships, each at a place of its own.
func BenchmarkSpread10k(b *testing.B)  { benchSpread(b, 10_000) }
func BenchmarkSpread100k(b *testing.B) { benchSpread(b, 100_000) }
