package app

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// heapBudget keeps the window's Go memory within what the largest sheet it
// read allows. The goal is a peak of 8 times the sheet plus 250 MB, of
// which the window itself (fonts, GL: memory outside Go's heap) takes some
// 150 MB. Left alone, Go's collector lets the heap grow to twice what is
// live; on the largest sheets what is live is some 8 times the sheet, so
// that the peak is far over the goal. A soft limit makes the collector work
// earlier when the heap nears the budget, and only then. It only rises,
// and is raised when what is live after a load comes near it, so that the
// collector never runs without end. A player's own GOMEMLIMIT stands.
type heapBudget struct {
	mu    sync.Mutex
	limit int64 // 0: none set
	watch sync.Once
}

// watchEvery is how often the budget looks at what is live, so that what
// the window holds besides the sheet (earlier turns, plots) raises it.
const watchEvery = 2 * time.Second

// The budget: so much a byte of the sheet, and so much for the rest. The
// window takes some 160 MB outside Go's memory (the GL driver, the shared
// libraries); the rest of the goal's 250 MB, less a margin, is Go's.
const (
	budgetPerByte = 8
	budgetFixed   = 80_000_000
)

// limitFor is the limit for a sheet of n bytes.
func limitFor(n int64) int64 { return budgetPerByte*max(n, 0) + budgetFixed }

// roomFor is the limit to keep with live bytes live: raised to twice them
// when they come within a tenth of it (what is live right after a load
// still holds some of the load's own, a fifth more on the largest sheets).
func roomFor(live, limit int64) int64 {
	if live > limit/10*9 {
		return 2 * live
	}
	return limit
}

// sheet is told the size of a sheet before it is read.
func (b *heapBudget) sheet(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	if l := limitFor(n); l > b.limit {
		b.limit = l
		debug.SetMemoryLimit(l)
	}
	b.watch.Do(func() {
		go func() {
			for range time.Tick(watchEvery) {
				b.settle()
			}
		}()
	})
}

// settle raises the limit when what is live comes near it; it is called
// when a sheet is shown, and every watchEvery.
func (b *heapBudget) settle() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit == 0 {
		return
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	if l := roomFor(int64(s[0].Value.Uint64()), b.limit); l != b.limit {
		b.limit = l
		debug.SetMemoryLimit(l)
	}
}
