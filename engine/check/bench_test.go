package check

import (
	"fmt"
	"math/rand"
	"runtime"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

// bigGame makes an empire of 1,000 ships and 500 planets in a galaxy of
// 3,000 planets, with 2,000 foreign ships in sight, and 1,000 orders of
// every kind for it.
func bigGame() (*model.Knowledge, []order.Order) {
	r := rules.Default()
	rng := rand.New(rand.NewSource(42))
	pt := func() geom.Point {
		return geom.Point{X: rng.Intn(701) - 350, Y: rng.Intn(701) - 350, Z: rng.Intn(701) - 350}
	}
	k := &model.Knowledge{Turn: 8, Empire: model.Empire{Player: 1, Credits: 5_000_000, Interceptors: 30, Allies: []int{2}}}
	for i := 1; i <= 3000; i++ {
		p := model.Planet{ID: i, Loc: pt(), Owner: 2 + rng.Intn(30)}
		if i <= 500 {
			p.Owner, p.Population, p.Industry, p.Ore, p.Stock, p.Fuel = 1, 20000, 30000, model.Ore{900, 900, 900, 900, 900}, model.Ore{500, 500, 50, 900, 90}, 800
			k.Planets = append(k.Planets, p)
		} else if i <= 505 {
			p.Owner, p.Kind = 0, model.Trading
			k.Trading = append(k.Trading, model.TradingPlanet{Planet: p, Prices: model.Prices{Ore: model.Ore{10, 20, 50, 2, 8}, Fuel: 4}})
		} else {
			k.ForeignPlanets = append(k.ForeignPlanets, p)
		}
	}
	for i := 1; i <= 1000; i++ {
		t := r.Ship(1 + rng.Intn(50))
		loc := k.Planets[rng.Intn(len(k.Planets))].Loc
		k.Ships = append(k.Ships, model.Ship{ID: i, Type: t.ID, Owner: 1, Loc: loc, Fire: t.Fire.Max, Defence: t.Defence.Max,
			MaxFire: t.Fire.Max, MaxDefence: t.Defence.Max, Fuel: t.MaxFuel.Or(0) / 2})
	}
	for i := 0; i < 2000; i++ {
		k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 5000 + i, Type: 1 + rng.Intn(50), Owner: 2 + rng.Intn(30), Loc: pt()})
	}
	k.Fleets = model.GroupFleets(k.Ships)
	var orders []order.Order
	add := func(s string) {
		o, err := order.Parse(s)
		if err != nil {
			panic(s + ": " + err.Error())
		}
		orders = append(orders, o)
	}
	sp := func(format string, args ...any) { add(fmt.Sprintf(format, args...)) }
	for len(orders) < 1000 {
		s := 1 + rng.Intn(1000)
		p := pt()
		switch rng.Intn(10) {
		case 0:
			sp("MO %d %d %d %d", s, p.X, p.Y, p.Z)
		case 1:
			sp("MP %d %d", s, 1+rng.Intn(3000))
		case 2:
			sp("LO %d %d 0", s, 1+rng.Intn(5))
		case 3:
			sp("UL %d 0 0", s)
		case 4:
			sp("LF %d 0", s)
		case 5:
			sp("EN %d 0 %d %d %d", s, p.X, p.Y, p.Z)
		case 6:
			sp("BS %d %d", s, 1+rng.Intn(16))
		case 7:
			sp("BU %d 1", 1+rng.Intn(500))
		case 8:
			sp("FLEET DF %d 99", 1+rng.Intn(len(k.Fleets)))
		case 9:
			sp("RF %d %d 10", s, 1+rng.Intn(1000))
		}
	}
	return k, orders
}

func BenchmarkCheck1000Orders(b *testing.B) {
	k, orders := bigGame()
	c := New(rules.Default(), k)
	b.ReportAllocs()
	b.ResetTimer()
	var n int
	for i := 0; i < b.N; i++ {
		n = len(c.Check(orders))
	}
	b.ReportMetric(float64(n), "diagnostics")
}

func BenchmarkNewChecker(b *testing.B) {
	k, _ := bigGame()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		New(rules.Default(), k)
	}
}

// A forecast is recomputed whole after each change of the draft.
func BenchmarkForecast1000Orders(b *testing.B) {
	k, orders := bigGame()
	c := New(rules.Default(), k)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Forecast(orders)
	}
}

// sheetOf is a large sheet's knowledge: own ships far apart, others'
// ships in sight, a hundred at each, and others' planets; and the size of
// its sheet.
func sheetOf(b *testing.B, own, foreign, planets int) (*model.Knowledge, int) {
	r := rules.Default()
	t := r.Ship(10)
	k := &model.Knowledge{Game: "Measuring", Turn: 8, Empire: model.Empire{Player: 1, Credits: 5_000_000}}
	place := func(i int) geom.Point { return geom.Point{X: -300000 + (i%1000)*300, Y: 5000 + (i/1000)*300} }
	for i := 0; i < own; i++ {
		k.Ships = append(k.Ships, model.Ship{ID: 1 + i, Type: t.ID, Owner: 1, Loc: place(i), Fire: t.Fire.Max, Defence: t.Defence.Max,
			MaxFire: t.Fire.Max, MaxDefence: t.Defence.Max, Fuel: t.MaxFuel.Or(0) / 2})
	}
	for i := 0; i < foreign; i++ {
		k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 100000 + i, Type: 1 + i%50, Owner: 2 + i%30, Loc: place(i / 100 % max(own, 1))})
	}
	for i := 0; i < planets; i++ {
		loc := place(i)
		loc.Z = 7
		k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 1 + i, Name: fmt.Sprintf("P%d", i), Loc: loc, Owner: i % 31})
	}
	var size countWriter
	if err := turnsheet.Write(&size, r, k); err != nil {
		b.Fatal(err)
	}
	return k, int(size)
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// The checker's memory per byte of the sheet it checks, on the largest
// sheets the reader takes (50,000 ships of a kind, and all kinds at once):
// what New allocates, what a check adds, and what the checker holds after
// a check, besides the knowledge.
func BenchmarkNewCheckerLarge(b *testing.B) {
	for _, c := range []struct {
		name                  string
		own, foreign, planets int
	}{{"ships", 50_000, 0, 0}, {"foreign", 500, 50_000, 0}, {"all", 50_000, 50_000, 50_000}} {
		b.Run(c.name, func(b *testing.B) {
			k, size := sheetOf(b, c.own, c.foreign, c.planets)
			r := rules.Default()
			var m0, m1, m2, m3 runtime.MemStats
			var held uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				runtime.GC()
				runtime.ReadMemStats(&m0)
				ch := New(r, k)
				runtime.ReadMemStats(&m1)
				ch.Check(nil)
				runtime.ReadMemStats(&m2)
				runtime.GC()
				runtime.ReadMemStats(&m3)
				runtime.KeepAlive(ch)
				held = m3.HeapAlloc - min(m3.HeapAlloc, m0.HeapAlloc)
			}
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(size), "new-alloc/input-byte")
			b.ReportMetric(float64(m2.TotalAlloc-m1.TotalAlloc)/float64(size), "check-alloc/input-byte")
			b.ReportMetric(float64(held)/float64(size), "held/input-byte")
			b.ReportMetric(float64(size)/1e6, "input-MB")
		})
	}
}
