package archive

import (
	"os"
	"runtime"
	"testing"

	"silverfall/engine/known"
	"silverfall/engine/rules"
)

// BenchmarkLoad40 reads player 1's 25 sheets of a 40-player game (made
// here by the host, the computer playing every empire): "archive" reads
// them all into a new archive, "known" merges them into the game's
// knowledge as well (the whole knowledge ready). It reports the reads a
// sheet and the memory the archive and the knowledge keep against the
// size of the sheets.
func BenchmarkLoad40(b *testing.B) {
	const turns = 25
	sheets := played(b, 40, turns)
	r := rules.Default()
	var size int64
	for _, s := range sheets {
		fi, err := os.Stat(s.Path)
		if err != nil {
			b.Fatal(err)
		}
		size += fi.Size()
	}
	load := func(merge bool) (*Archive, *known.Known) {
		a := New(r)
		a.Keep(sheets)
		all, errs := a.All()
		if len(errs) > 0 {
			b.Fatal(errs)
		}
		if !merge {
			return a, nil
		}
		k := known.New(all[0].Game, 1)
		for _, s := range all {
			if err := k.Add(s); err != nil {
				b.Fatal(err)
			}
		}
		k.Objects()
		return a, k
	}
	for _, merge := range []bool{false, true} {
		name := "archive"
		if merge {
			name = "known"
		}
		b.Run(name, func(b *testing.B) {
			var a *Archive
			for b.Loop() {
				a, _ = load(merge)
			}
			b.ReportMetric(float64(a.Reads())/turns, "reads/sheet")
			var before, after runtime.MemStats
			a = nil
			runtime.GC()
			runtime.ReadMemStats(&before)
			a, k := load(merge)
			runtime.GC()
			runtime.ReadMemStats(&after)
			kept := float64(after.HeapAlloc) - float64(before.HeapAlloc)
			b.ReportMetric(kept/1024/1024, "MiB-kept")
			b.ReportMetric(kept/float64(size), "x-sheets")
			b.ReportMetric(float64(size)/1024/1024, "MiB-sheets")
			runtime.KeepAlive(a)
			runtime.KeepAlive(k)
		})
	}
}
