package reportparse

import (
	"bytes"
	"math/rand"
	"runtime"
	"strings"
	"testing"
	"time"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// FuzzParse feeds the reader anything: it must never panic, and whatever it
// reads must carry positions in its errors.
func FuzzParse(f *testing.F) {
	_, sheet := sample(f)
	f.Add([]byte(sheet))
	f.Add([]byte(sheet[:len(sheet)/3]))
	f.Add([]byte(quoteLines(sheet[:2000], "> ")))
	f.Add([]byte(mailHead + "Content-Type: text/plain; charset=utf-8; format=flowed\r\n\r\n" + flowed(sheet[:3000])))
	f.Add([]byte(mailHead + "Content-Type: multipart/mixed; boundary=\"XYZ\"\r\n\r\n--XYZ\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n" + b64(sheet[:1500]) + "--XYZ--\r\n"))
	f.Add([]byte(mailHead + "Content-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(sheet[:1500])))
	f.Add([]byte(mailHead + "Content-Type: message/rfc822\r\n\r\n" + mailHead + "\r\n" + sheet[:800]))
	f.Fuzz(func(t *testing.T, data []byte) {
		watch := time.AfterFunc(5*time.Second, func() { panic("reading this sheet took more than 5 s") })
		defer watch.Stop()
		rep, err := Parse(rules.Default(), "fuzz.txt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		if rep == nil || rep.Knowledge == nil {
			t.Fatal("no report and no error")
		}
	})
}

// bigGame is a late game seen by one large empire: 40 players, 3,000
// planets, 2,400 ships of its own and about 2,500 foreign ships in sight.
func bigGame(tb testing.TB) []byte {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 40, DueDate: "2027-03-01"})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewSource(2))
	next := len(g.Ships) + 1
	for i := 0; i < 2400; i++ {
		p := g.Planets[rng.Intn(len(g.Planets))]
		t := r.Ship(1 + rng.Intn(50))
		loc := geom.Point{X: p.Loc.X + rng.Intn(5) - 2, Y: p.Loc.Y + rng.Intn(5) - 2, Z: p.Loc.Z + rng.Intn(5) - 2}
		g.Ships = append(g.Ships, model.Ship{ID: next, Type: t.ID, Owner: 1, Loc: loc, Fire: t.Fire.Max, Defence: t.Defence.Max,
			MaxFire: t.Fire.Max, MaxDefence: t.Defence.Max, Fuel: t.MaxFuel.Or(0)})
		next++
	}
	for i := 0; i < 2600; i++ {
		p := g.Planets[rng.Intn(len(g.Planets))]
		g.Ships = append(g.Ships, model.Ship{ID: next, Type: 1 + rng.Intn(50), Owner: 2 + rng.Intn(39),
			Loc: geom.Point{X: p.Loc.X + rng.Intn(9) - 4, Y: p.Loc.Y + rng.Intn(9) - 4, Z: p.Loc.Z}})
		next++
	}
	for i := range g.Planets {
		if g.Planets[i].Kind == model.Independent && i%6 == 0 {
			g.Planets[i].Owner = 1
		}
	}
	k := g.KnowledgeOf(r, 1)
	tb.Logf("big sheet: %d bytes, %d own ships, %d own planets, %d foreign ships, %d foreign planets",
		len(write(tb, k)), len(k.Ships), len(k.Planets), len(k.ForeignShips), len(k.ForeignPlanets))
	return write(tb, k)
}

func BenchmarkParseLargeReport(b *testing.B) {
	data := bigGame(b)
	b.SetBytes(int64(len(data)))
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		var before, after runtime.MemStats
		var keep *Report
		for i := 0; i < b.N; i++ {
			if i == 0 {
				runtime.GC()
				runtime.ReadMemStats(&before)
			}
			rep, err := Parse(rules.Default(), "big.txt", data)
			if err != nil {
				b.Fatal(err)
			}
			if i == 0 {
				keep = rep
				runtime.ReadMemStats(&after)
			}
		}
		// What one read allocates, and what stays on the heap with the
		// report kept, per byte of input: the bounds of its peak memory.
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(len(data)), "alloc/input-byte")
		runtime.GC()
		var live runtime.MemStats
		runtime.ReadMemStats(&live)
		b.ReportMetric(float64(int64(live.HeapAlloc)-int64(before.HeapAlloc))/float64(len(data)), "kept/input-byte")
		runtime.KeepAlive(keep)
	})
	b.Run("count-newlines", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			bytes.Count(data, []byte("\n"))
		}
	})
}
