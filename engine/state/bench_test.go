package state

import (
	"bytes"
	"runtime"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Reading a large state (a game grown to 100,000 ships, made here at run
// time): time, and the memory it takes per byte of the file.
func BenchmarkReadLarge(b *testing.B) {
	g := game(b)
	for i := 0; len(g.Ships) < 100_000; i++ {
		s := g.Ships[i%50]
		s.ID, s.Inside, s.Officer, s.Artifact = 1_000_000+i, 0, 0, 0
		s.Loc = geom.Point{X: i % 1000, Y: 300 + i/1000}
		g.Ships = append(g.Ships, s)
	}
	g.Empires[0].Report = model.Report{}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	var before, after runtime.MemStats
	for i := 0; i < b.N; i++ {
		runtime.GC()
		runtime.ReadMemStats(&before)
		back, err := Read(bytes.NewReader(data), "big", rules.Default())
		if err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(back)
	}
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(len(data)), "alloc/input-byte")
	b.ReportMetric(float64(after.HeapInuse-min(after.HeapInuse, before.HeapInuse))/float64(len(data)), "heap/input-byte")
	b.ReportMetric(float64(len(data))/1e6, "input-MB")
}
