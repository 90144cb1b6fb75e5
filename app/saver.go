package app

import (
	"sync"

	"silverfall/internal/atomicfile"
)

// saver writes files atomically off Fyne's thread, so that an edit never
// waits for the disk. For each path only the newest content is written;
// each write's outcome is reported back on Fyne's thread. Flush waits for
// every write asked for so far (the window does before it closes).
type saver struct {
	// report delivers an outcome on Fyne's thread (fyne.Do, or in line).
	report func(func())
	// inline writes at once on the caller's goroutine (tests).
	inline bool

	mu      sync.Mutex
	cond    *sync.Cond
	pending map[string]saveJob
	order   []string
	busy    bool
}

type saveJob struct {
	data []byte
	done func(error)
}

func newSaver(report func(func()), inline bool) *saver {
	s := &saver{report: report, inline: inline, pending: map[string]saveJob{}}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// save writes data to path; done (may be nil) gets the outcome.
func (s *saver) save(path string, data []byte, done func(error)) {
	if s.inline {
		err := atomicfile.WriteFile(path, data, 0o644)
		if done != nil {
			done(err)
		}
		return
	}
	s.mu.Lock()
	if _, queued := s.pending[path]; !queued {
		s.order = append(s.order, path)
	}
	s.pending[path] = saveJob{data, done}
	start := !s.busy
	s.busy = true
	s.mu.Unlock()
	if start {
		go s.work()
	}
}

func (s *saver) work() {
	for {
		s.mu.Lock()
		if len(s.order) == 0 {
			s.busy = false
			s.cond.Broadcast()
			s.mu.Unlock()
			return
		}
		path := s.order[0]
		s.order = s.order[1:]
		job := s.pending[path]
		delete(s.pending, path)
		s.mu.Unlock()
		err := atomicfile.WriteFile(path, job.data, 0o644)
		if job.done != nil {
			done := job.done
			s.report(func() { done(err) })
		}
	}
}

// Flush waits until every write asked for is on disk.
func (s *saver) Flush() {
	s.mu.Lock()
	for s.busy {
		s.cond.Wait()
	}
	s.mu.Unlock()
}
