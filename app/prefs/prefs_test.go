package prefs

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The values set are there again after the file is read anew, in their
// own types, though JSON gives numbers back as floats.
func TestStoreKeepsValues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prefs.json")
	s, err := Open(path, func(err error) { t.Error(err) })
	if err != nil {
		t.Fatal(err)
	}
	s.SetString("fyne:fileDialogLastFolder", "file:///home/p/turns")
	s.SetInt("fyne:fileDialogViewLayout", 1)
	s.SetBool("b", true)
	s.SetFloat("f", 2.5)
	s.SetIntList("il", []int{3, 1, 2})
	s.SetStringList("sl", []string{"a", "b"})
	s.SetBoolList("bl", []bool{true, false})
	s.SetFloatList("fl", []float64{0.5})
	s.SetString("gone", "x")
	s.RemoveValue("gone")
	r, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"string", r.String("fyne:fileDialogLastFolder"), "file:///home/p/turns"},
		{"int", r.Int("fyne:fileDialogViewLayout"), 1},
		{"bool", r.Bool("b"), true},
		{"float", r.Float("f"), 2.5},
		{"int list", r.IntList("il"), []int{3, 1, 2}},
		{"string list", r.StringList("sl"), []string{"a", "b"}},
		{"bool list", r.BoolList("bl"), []bool{true, false}},
		{"float list", r.FloatList("fl"), []float64{0.5}},
		{"removed", r.StringWithFallback("gone", "none"), "none"},
		{"wrong type", r.IntWithFallback("sl", 7), 7},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	// Written whole: no temporary file is left beside it.
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the store's alone", len(entries))
	}
}

// An empty or damaged file (as Fyne's own store leaves one) is an empty
// store and an error that names the file, never a crash; the next change
// writes it whole again.
func TestStoreDamagedFile(t *testing.T) {
	for _, content := range []string{"", "  \n", `{"a": `, "[1,2]"} {
		path := filepath.Join(t.TempDir(), "prefs.json")
		os.WriteFile(path, []byte(content), 0o600)
		s, err := Open(path, nil)
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%q: error %v, want one naming the file", content, err)
		}
		if s.String("a") != "" {
			t.Errorf("%q: a value from a damaged file", content)
		}
		s.SetString("a", "b")
		if r, err := Open(path, nil); err != nil || r.String("a") != "b" {
			t.Errorf("%q: after a change: %v, %q", content, err, r.String("a"))
		}
	}
}

// A reader at any moment of many writes finds a whole file.
func TestStoreReadWhileWriting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prefs.json")
	s, _ := Open(path, nil)
	s.SetInt("n", 0)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 1; i <= 200; i++ {
			s.SetInt("n", i)
		}
	}()
	for i := 0; i < 200; i++ {
		if _, err := Open(path, nil); err != nil {
			t.Fatalf("read %d while writing: %v", i, err)
		}
	}
	wg.Wait()
}

// Fyne's dialogs ask the current app: after Wrap it is the store.
func TestWrapIsCurrent(t *testing.T) {
	a := test.NewTempApp(t)
	s, _ := Open("", nil)
	w := Wrap(a, "io.example", s)
	defer fyne.SetCurrentApp(a)
	fyne.CurrentApp().Preferences().SetString("k", "v")
	if s.String("k") != "v" || fyne.CurrentApp() != w || w.UniqueID() != "io.example" {
		t.Errorf("the current app does not use the store: %q %q", s.String("k"), w.UniqueID())
	}
	changed := 0
	s.AddChangeListener(func() { changed++ })
	s.SetBool("x", true)
	if changed != 1 {
		t.Errorf("listeners told %d times, want 1", changed)
	}
}
