package prefs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"fyne.io/fyne/v2"

	"silverfall/internal/atomicfile"
)

// Store is a fyne.Preferences kept in a JSON file: every change writes the
// whole file anew (temporary file, sync, rename), so that a reader finds
// the old content or the new, never a part. An empty path keeps it in
// memory only.
type Store struct {
	path string
	// failed is told when the file cannot be written (nil: nothing is).
	failed func(error)

	mu        sync.Mutex
	values    map[string]any
	listeners []func()
}

var _ fyne.Preferences = (*Store)(nil)

// Open reads the store at path; a missing file is an empty store. A file
// that cannot be read or is damaged gives an empty store and the error
// (the file is replaced at the next change).
func Open(path string, failed func(error)) (*Store, error) {
	s := &Store{path: path, failed: failed, values: map[string]any{}}
	if path == "" {
		return s, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return s, fmt.Errorf("%s: the file is empty", path)
	}
	if err := json.Unmarshal(data, &s.values); err != nil {
		s.values = map[string]any{}
		return s, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// set changes a value, saves the file and tells the listeners.
func (s *Store) set(key string, v any) {
	s.mu.Lock()
	if v == nil {
		delete(s.values, key)
	} else {
		s.values[key] = v
	}
	err := s.saveLocked()
	ls := append([]func(){}, s.listeners...)
	s.mu.Unlock()
	if err != nil && s.failed != nil {
		s.failed(err)
	}
	for _, l := range ls {
		l()
	}
}

func (s *Store) saveLocked() error {
	if s.path == "" {
		return nil
	}
	keys := make([]string, 0, len(s.values))
	for k := range s.values {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same values make the same file
	var buf bytes.Buffer
	buf.WriteString("{")
	for i, k := range keys {
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(s.values[k])
		if err != nil {
			return err
		}
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n  ")
		buf.Write(kb)
		buf.WriteString(": ")
		buf.Write(vb)
	}
	buf.WriteString("\n}\n")
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return err
	}
	return atomicfile.WriteFile(s.path, buf.Bytes(), 0o600)
}

func (s *Store) get(key string) (any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.values[key]
	return v, ok
}

// number reads a value that JSON gives back as a float64.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	}
	return 0, false
}

// list reads a list, as set or as JSON gives it back.
func list[T any](v any, conv func(any) (T, bool)) ([]T, bool) {
	if l, ok := v.([]T); ok {
		return l, true
	}
	items, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]T, len(items))
	for i, it := range items {
		if out[i], ok = conv(it); !ok {
			return nil, false
		}
	}
	return out, true
}

func asBool(v any) (bool, bool)     { b, ok := v.(bool); return b, ok }
func asString(v any) (string, bool) { s, ok := v.(string); return s, ok }
func asFloat(v any) (float64, bool) { return number(v) }
func asInt(v any) (int, bool)       { n, ok := number(v); return int(n), ok }

// Bool and the rest are fyne.Preferences.
func (s *Store) Bool(key string) bool { return s.BoolWithFallback(key, false) }

func (s *Store) BoolWithFallback(key string, fallback bool) bool {
	if v, ok := s.get(key); ok {
		if b, ok := asBool(v); ok {
			return b
		}
	}
	return fallback
}

func (s *Store) SetBool(key string, value bool) { s.set(key, value) }

func (s *Store) BoolList(key string) []bool { return s.BoolListWithFallback(key, nil) }

func (s *Store) BoolListWithFallback(key string, fallback []bool) []bool {
	if v, ok := s.get(key); ok {
		if l, ok := list(v, asBool); ok {
			return l
		}
	}
	return fallback
}

func (s *Store) SetBoolList(key string, value []bool) { s.set(key, value) }

func (s *Store) Float(key string) float64 { return s.FloatWithFallback(key, 0) }

func (s *Store) FloatWithFallback(key string, fallback float64) float64 {
	if v, ok := s.get(key); ok {
		if f, ok := asFloat(v); ok {
			return f
		}
	}
	return fallback
}

func (s *Store) SetFloat(key string, value float64) { s.set(key, value) }

func (s *Store) FloatList(key string) []float64 { return s.FloatListWithFallback(key, nil) }

func (s *Store) FloatListWithFallback(key string, fallback []float64) []float64 {
	if v, ok := s.get(key); ok {
		if l, ok := list(v, asFloat); ok {
			return l
		}
	}
	return fallback
}

func (s *Store) SetFloatList(key string, value []float64) { s.set(key, value) }

func (s *Store) Int(key string) int { return s.IntWithFallback(key, 0) }

func (s *Store) IntWithFallback(key string, fallback int) int {
	if v, ok := s.get(key); ok {
		if n, ok := asInt(v); ok {
			return n
		}
	}
	return fallback
}

func (s *Store) SetInt(key string, value int) { s.set(key, value) }

func (s *Store) IntList(key string) []int { return s.IntListWithFallback(key, nil) }

func (s *Store) IntListWithFallback(key string, fallback []int) []int {
	if v, ok := s.get(key); ok {
		if l, ok := list(v, asInt); ok {
			return l
		}
	}
	return fallback
}

func (s *Store) SetIntList(key string, value []int) { s.set(key, value) }

func (s *Store) String(key string) string { return s.StringWithFallback(key, "") }

func (s *Store) StringWithFallback(key, fallback string) string {
	if v, ok := s.get(key); ok {
		if str, ok := asString(v); ok {
			return str
		}
	}
	return fallback
}

func (s *Store) SetString(key string, value string) { s.set(key, value) }

func (s *Store) StringList(key string) []string { return s.StringListWithFallback(key, nil) }

func (s *Store) StringListWithFallback(key string, fallback []string) []string {
	if v, ok := s.get(key); ok {
		if l, ok := list(v, asString); ok {
			return l
		}
	}
	return fallback
}

func (s *Store) SetStringList(key string, value []string) { s.set(key, value) }

// RemoveValue forgets a key.
func (s *Store) RemoveValue(key string) { s.set(key, nil) }

// AddChangeListener is told after every change.
func (s *Store) AddChangeListener(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.listeners = append(s.listeners, f)
}

// ChangeListeners are the listeners added.
func (s *Store) ChangeListeners() []func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]func(){}, s.listeners...)
}

// withStore is a Fyne app whose preferences are a Store.
type withStore struct {
	fyne.App
	id    string
	store *Store
}

func (a *withStore) Preferences() fyne.Preferences { return a.store }
func (a *withStore) UniqueID() string              { return a.id }

// Wrap returns a, made without an ID, answering Preferences with store
// and UniqueID with id, and makes it Fyne's current app.
func Wrap(a fyne.App, id string, store *Store) fyne.App {
	w := &withStore{App: a, id: id, store: store}
	fyne.SetCurrentApp(w)
	return w
}
