package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// bigSheet writes one of the largest sheets the reader takes into dir:
// "ships", reportparse.MaxObjects of the player's own, far apart;
// "foreign", as many other players' ships in sight, a hundred at each of
// 500 own ships; "contacts", some 60 MB of nearby lists, 700 own ships
// close together each listing all of them and 800 others' ships. It
// returns the file and the game's name.
func bigSheet(tb testing.TB, dir, kind string) (string, string) {
	tb.Helper()
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 40, DueDate: "soon"})
	if err != nil {
		tb.Fatal(err)
	}
	k := g.KnowledgeOf(r, 1)
	base := k.Ships[0]
	base.Inside = 0
	k.Ships, k.Fleets = nil, nil
	place := func(i int) geom.Point { return geom.Point{X: -300000 + (i%1000)*300, Y: 5000 + (i/1000)*300} }
	own := func(n int, at func(int) geom.Point) {
		for i := 0; i < n; i++ {
			s := base
			s.ID, s.Loc = 100000+i, at(i)
			k.Ships = append(k.Ships, s)
		}
	}
	others := func(n int, at func(int) geom.Point) {
		for j := 0; j < n; j++ {
			k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 1000000 + j, Type: 1 + j%50, Owner: 2 + j%39, Loc: at(j)})
		}
	}
	switch kind {
	case "ships":
		own(reportparse.MaxObjects, place)
	case "foreign":
		own(500, place)
		others(reportparse.MaxObjects, func(j int) geom.Point { return place(j / 100) })
	case "contacts":
		own(700, func(i int) geom.Point { return geom.Point{X: i%10 - 5, Y: i/10%10 - 5, Z: i/100 - 5} })
		others(800, func(j int) geom.Point { return geom.Point{Y: j % 3} })
	}
	name := filepath.Join(dir, kind+".txt")
	f, err := os.Create(name)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := turnsheet.Write(w, r, k); err != nil {
		tb.Fatal(err)
	}
	w.Flush()
	f.Close()
	return name, g.Name
}

// bigOrders writes an order file of "PI 1" lines of about size bytes.
func bigOrders(tb testing.TB, dir, game string, size int) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nGAME %s\nPLAYER 1\nTURN 2\n\n[GENERAL]\n", orderwriter.Magic, game)
	for b.Len() < size-10 {
		b.WriteString("PI 1\n")
	}
	b.WriteString("END\n")
	name := filepath.Join(dir, "orders.txt")
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return name
}

// peak runs f and returns the most heap in use meanwhile (sampled) and all
// it allocated.
func peak(f func()) (uint64, uint64) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var top atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > top.Load() {
					top.Store(m.HeapInuse)
				}
			}
		}
	}()
	f()
	close(stop)
	<-done
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	p := max(top.Load(), after.HeapInuse)
	return p - min(p, before.HeapInuse), after.TotalAlloc - before.TotalAlloc
}

// The memory of sfcheck on the largest inputs it takes, per byte of
// input: the goal is a peak of at most 8 times the input plus 100 MB.
// Inputs are made at run time. (For orders/order-file the input counted
// is the order file, though the sheet of 50,000 ships is read too.)
func BenchmarkMemory(b *testing.B) {
	dir := b.TempDir()
	ships, game := bigSheet(b, dir, "ships")
	foreign, _ := bigSheet(b, dir, "foreign")
	contacts, _ := bigSheet(b, dir, "contacts")
	orders := bigOrders(b, dir, game, orderwriter.MaxFileSize-100)
	small := filepath.Join(dir, "one.txt")
	os.WriteFile(small, []byte("PI 1\n"), 0o644)
	size := func(name string) int64 { info, _ := os.Stat(name); return info.Size() }
	type row struct {
		name  string
		input string
		args  []string
	}
	var rows []row
	for _, in := range []struct{ name, file string }{{"ships", ships}, {"foreign", foreign}, {"contacts", contacts}} {
		rows = append(rows,
			row{"report/" + in.name, in.file, []string{"report", in.file}},
			row{"orders/" + in.name, in.file, []string{"orders", small, "-report", in.file}},
			row{"forecast/" + in.name, in.file, []string{"forecast", small, "-report", in.file}})
	}
	rows = append(rows,
		row{"orders/order-file", orders, []string{"orders", orders, "-report", ships}},
		row{"syntax/order-file", orders, []string{"syntax", orders}})
	for _, c := range rows {
		b.Run(c.name, func(b *testing.B) {
			in := size(c.input)
			b.SetBytes(in)
			var top, all uint64
			for i := 0; i < b.N; i++ {
				t, a := peak(func() { run(c.args, strings.NewReader(""), io.Discard, io.Discard) })
				top, all = max(top, t), a
			}
			b.ReportMetric(float64(top)/float64(in), "peak-heap/input-byte")
			b.ReportMetric(float64(all)/float64(in), "alloc/input-byte")
			b.ReportMetric(float64(in)/1e6, "input-MB")
			// The share of the goal taken: above 1 misses it.
			b.ReportMetric(float64(top)/float64(8*in+100<<20), "of-goal")
		})
	}
}
