package reportparse

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

var largeShape = flag.String("large-shape", "", "with -large-sheets, only this shape")

var largeSheets = flag.String("large-sheets", "", "write sheets of 20 MB and 60 MB of every shape the reader takes into this folder, for measuring sfcheck and the window")

// shapes fill one list of a player's knowledge with n items.
var shapes = map[string]func(k *model.Knowledge, n int){
	"ships": func(k *model.Knowledge, n int) {
		base := k.Ships[0]
		for i := range n {
			s := base
			s.ID, s.Name = 10_000_000+i, ""
			k.Ships = append(k.Ships, s)
		}
		k.Fleets = model.GroupFleets(k.Ships)
	},
	"planets": func(k *model.Knowledge, n int) {
		base := k.Planets[0]
		for i := range n {
			p := base
			p.ID, p.Loc.X, p.Officer, p.Artifact = 10_000_000+i, base.Loc.X+1+i%100_000, 0, 0
			k.Planets = append(k.Planets, p)
		}
	},
	"foreign-ships": func(k *model.Knowledge, n int) {
		for i := range n {
			k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 10_000_000 + i, Type: 1, Owner: 2, Loc: k.Ships[0].Loc})
		}
	},
	"foreign-planets": func(k *model.Knowledge, n int) {
		for i := range n {
			k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 10_000_000 + i, Owner: 2, Loc: k.Ships[0].Loc})
		}
	},
	"mines": func(k *model.Knowledge, n int) {
		for i := range n {
			k.Mines = append(k.Mines, model.Mine{ID: i + 1, Planet: k.Planets[0].ID, OreType: 1 + i%5, Rate: 1})
		}
	},
	"scanned-mines": func(k *model.Knowledge, n int) {
		k.ScannedPlanet = &k.Planets[0]
		for i := range n {
			k.ScannedMines = append(k.ScannedMines, model.Mine{ID: i + 1, Planet: k.Planets[0].ID, OreType: 1, Rate: 1})
		}
	},
	"scanned-player": func(k *model.Knowledge, n int) {
		k.ScannedPlayerID = 2
		for i := range n {
			k.ScannedPlayer = append(k.ScannedPlayer, model.Ship{ID: 10_000_000 + i, Owner: 2, Type: 1, Loc: k.Ships[0].Loc, Name: "Scanned"})
		}
	},
	"officers": func(k *model.Knowledge, n int) {
		for i := range n {
			o := k.Officers[0]
			o.ID = 10_000_000 + i
			k.Officers = append(k.Officers, o)
		}
	},
	"credit-lines": func(k *model.Knowledge, n int) {
		for range n {
			k.Credit.Lines = append(k.Credit.Lines, model.CreditLine{What: "Upkeep", Amount: 0})
		}
	},
	"messages": func(k *model.Knowledge, n int) {
		for i := range n {
			k.Messages = append(k.Messages, fmt.Sprint("A message of the game, number ", i))
		}
	},
	"long-text": func(k *model.Knowledge, n int) {
		k.Battle = append(k.Battle, strings.Repeat("a battle that goes on and on ", n))
	},
	"rings": func(k *model.Knowledge, n int) {
		for i := range n {
			k.Rings = append(k.Rings, model.RingSighting{Ring: i + 1, Loc: k.Ships[0].Loc})
		}
	},
	"trading": func(k *model.Knowledge, n int) {
		for i := range n {
			k.Trading = append(k.Trading, model.TradingPlanet{Planet: model.Planet{ID: 10_000_000 + i, Kind: model.Trading, Loc: k.Ships[0].Loc}})
		}
	},
}

// TestWriteLargeSheets writes, with -large-sheets DIR, a sheet of each
// shape at 20 MB and 60 MB (one list filled; past its cap the reader
// refuses the sheet), one of blank lines, and the largest sheet the
// reader takes (every list at its cap), with a small order file.
func TestWriteLargeSheets(t *testing.T) {
	if *largeSheets == "" {
		t.Skip("-large-sheets DIR not given")
	}
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	base := g.KnowledgeOf(r, 1)
	write := func(name string, k *model.Knowledge) int {
		var b bytes.Buffer
		if err := turnsheet.Write(&b, r, k); err != nil {
			t.Fatal(err)
		}
		if name != "" {
			os.WriteFile(filepath.Join(*largeSheets, name), b.Bytes(), 0o644)
		}
		return b.Len()
	}
	fill := func(shape string, n int) *model.Knowledge {
		k := *base
		k.Ships = append([]model.Ship(nil), base.Ships...)
		k.Planets = append([]model.Planet(nil), base.Planets...)
		k.Officers = append([]model.Officer(nil), base.Officers...)
		shapes[shape](&k, n)
		return &k
	}
	empty := write("", base)
	for shape := range shapes {
		if *largeShape != "" && shape != *largeShape {
			continue
		}
		per := float64(write("", fill(shape, 10_000))-empty) / 10_000
		for _, mb := range []int{20, 60} {
			n := int(float64(mb<<20-empty) / per)
			size := write(fmt.Sprintf("%s-%dmb.txt", shape, mb), fill(shape, n))
			t.Logf("%s %d MB: %d items, %d bytes", shape, mb, n, size)
		}
	}
	if *largeShape != "" {
		return
	}
	var b bytes.Buffer
	turnsheet.Write(&b, r, base)
	sheet := b.String()
	i := strings.Index(sheet, turnsheet.SectionPrefix)
	for _, mb := range []int{20, 60} {
		os.WriteFile(filepath.Join(*largeSheets, fmt.Sprintf("blank-lines-%dmb.txt", mb)), []byte(sheet[:i]+strings.Repeat("\n", mb<<20)+sheet[i:]), 0o644)
	}
	k := fill("ships", MaxObjects-len(base.Ships)-1)
	shapes["planets"](k, MaxObjects-len(k.Planets)-1)
	shapes["foreign-ships"](k, MaxObjects-len(k.ForeignShips)-1)
	shapes["foreign-planets"](k, MaxObjects-len(k.ForeignPlanets)-1)
	shapes["mines"](k, MaxObjects-1)
	shapes["scanned-player"](k, MaxObjects-1)
	shapes["messages"](k, MaxObjects-1)
	t.Logf("largest: %d bytes", write("largest.txt", k))
	os.WriteFile(filepath.Join(*largeSheets, "orders.txt"), []byte(fmt.Sprintf("MO %d 1 2 3\nBS %d 1\n", base.Ships[0].ID, base.Planets[0].ID)), 0o644)
}
