package history

import (
	"path/filepath"
	"runtime"
	"testing"

	"silverfall/engine/rules"
	"silverfall/host"
)

// BenchmarkLoad40 merges player 1's 25 sheets of a 40-player game (made
// here by the host, the computer playing every empire) and reports the
// memory the history keeps against the size of the sheets' text.
func BenchmarkLoad40(b *testing.B) {
	const turns = 25
	g, err := host.New(filepath.Join(b.TempDir(), "game"), host.Config{Seed: 7, Players: 40, Name: "Forty"})
	if err != nil {
		b.Fatal(err)
	}
	for i := 1; i < turns; i++ {
		if _, err := g.Turn(host.TurnOptions{AutoMissing: true}); err != nil {
			b.Fatal(err)
		}
	}
	g.Close()
	sheets := sheetsOf(g.Dir, 1, turns)
	r := rules.Default()
	b.ResetTimer()
	var h *History
	for i := 0; i < b.N; i++ {
		var errs []error
		if h, errs = Load(r, sheets); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
	b.StopTimer()
	var before, after runtime.MemStats
	h = nil
	runtime.GC()
	runtime.ReadMemStats(&before)
	h, _ = Load(r, sheets)
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1024, "KiB-kept")
	b.ReportMetric(float64(len(h.Planets(turns))), "planets")
	b.ReportMetric(float64(len(h.Ships(turns))), "foreign-ships")
	b.ReportMetric(float64(len(h.Tracks(turns, 10))), "tracks")
	runtime.KeepAlive(h)
}
