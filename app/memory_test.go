package app

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// largeSheet writes a large sheet into dir: own ships far apart, others'
// ships in sight, a hundred at each own ship, and others' planets.
func largeSheet(tb testing.TB, dir string, own, foreign, planets int) string {
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
	for i := 0; i < own; i++ {
		s := base
		s.ID, s.Loc = 100000+i, place(i)
		k.Ships = append(k.Ships, s)
	}
	for j := 0; j < foreign; j++ {
		k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 1000000 + j, Type: 1 + j%50, Owner: 2 + j%39, Loc: place(j / 100 % own)})
	}
	for j := 0; j < planets; j++ {
		loc := place(j)
		loc.Z = 7
		k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 1000000 + j, Name: fmt.Sprintf("P%d", j), Loc: loc, Owner: j % 40})
	}
	name := filepath.Join(dir, "sheet.txt")
	f, err := os.Create(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	if err := turnsheet.Write(w, r, k); err != nil {
		tb.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	return name
}

// heapPeak runs f and returns the most heap in use meanwhile (sampled),
// above what was in use before, and all it allocated.
func heapPeak(f func()) (uint64, uint64) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var top atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
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

// The window's memory for a large sheet, per byte of the sheet: reading
// it, NewGame (the checker, the map, the draft) and showing it, drawn
// once. The goal is a peak of at most 8 times the input plus 250 MB in
// all, of which the window itself (fonts, GL) takes some 150 MB. Sheets
// are made at run time.
func BenchmarkNewGameMemory(b *testing.B) {
	for _, c := range []struct {
		name                  string
		own, foreign, planets int
	}{{"ships", 45_000, 0, 0}, {"foreign", 500, reportparse.MaxObjects, 0},
		{"all", reportparse.MaxObjects, reportparse.MaxObjects, reportparse.MaxObjects}} {
		b.Run(c.name, func(b *testing.B) {
			name := largeSheet(b, b.TempDir(), c.own, c.foreign, c.planets)
			info, err := os.Stat(name)
			if err != nil {
				b.Fatal(err)
			}
			in := info.Size()
			a := test.NewTempApp(b)
			x := New(a, Options{Frames: software, Workspaces: "-"})
			x.NativeDialogs = false
			x.Background = func(f func()) { f() }
			noNoteTimers(x)
			x.Window().Resize(fyne.NewSize(1280, 800))
			var top, all uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t, al := heapPeak(func() {
					if err := x.Load(name); err != nil {
						b.Fatal(err)
					}
					x.Window().Canvas().Capture()
				})
				top, all = max(top, t), al
			}
			b.ReportMetric(float64(top)/float64(in), "peak-heap/input-byte")
			b.ReportMetric(float64(all)/float64(in), "alloc/input-byte")
			b.ReportMetric(float64(in)/1e6, "input-MB")
		})
	}
}
