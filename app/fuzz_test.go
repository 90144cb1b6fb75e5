package app

import (
	"math"
	"strings"
	"testing"
	"time"

	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// FuzzGame builds the window's game from whatever sheet the reader takes:
// the map's bodies have finite places and sizes (a NaN once froze the
// window), and every object the tree lists can be described.
func FuzzGame(f *testing.F) {
	sheet := demoSheetF(f)
	f.Add([]byte(sheet))
	f.Add([]byte(strings.Replace(sheet, "industry 20000", "industry 0", 1)))
	f.Add([]byte(strings.Replace(sheet, "-10,205,87", "999999,-999999,999999", 3)))
	f.Add([]byte(sheet[:len(sheet)/2]))
	r := rules.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		// A sheet that takes long to build is a bug of its own (a window that
		// freezes): the watch stops the process, and the fuzzer keeps the input.
		watch := time.AfterFunc(10*time.Second, func() { panic("building the game from this sheet took more than 10 s") })
		defer watch.Stop()
		rep, err := reportparse.Parse(r, "fuzz.txt", data)
		if err != nil {
			return
		}
		g := NewGame(r, rep, "fuzz.txt")
		for _, b := range g.Map.Bodies {
			for _, v := range []float64{b.Pos[0], b.Pos[1], b.Pos[2], b.Radius} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%s has a size or place of %v", b.Key, v)
				}
			}
		}
		for _, c := range g.Tree("", Filters[0]) {
			for _, it := range c.Items {
				title, _ := g.Details(it.Key)
				if title == "" {
					t.Fatalf("%s has no title", it.Key)
				}
				g.Selection(it.Key)
			}
		}
	})
}

func demoSheetF(f *testing.F) string {
	f.Helper()
	data, err := readDemo()
	if err != nil {
		f.Fatal(err)
	}
	return data
}
