package reportparse

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

// Every list of a sheet is bounded: one item past its cap refuses the
// sheet with the line where it is, so that a crafted sheet cannot hold the
// reader's, the checker's and the window's memory.
func TestEveryListIsCapped(t *testing.T) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	base := g.KnowledgeOf(r, 1)
	n := MaxObjects + 1
	for _, c := range []struct {
		what string
		fill func(k *model.Knowledge)
	}{
		{"mines", func(k *model.Knowledge) {
			for i := range n {
				k.Mines = append(k.Mines, model.Mine{ID: i + 1, Planet: k.Planets[0].ID, OreType: 1, Rate: 1})
			}
		}},
		{"mines of the planet scanned", func(k *model.Knowledge) {
			k.ScannedPlanet = &k.Planets[0]
			for i := range n {
				k.ScannedMines = append(k.ScannedMines, model.Mine{ID: i + 1, Planet: k.Planets[0].ID, OreType: 1, Rate: 1})
			}
		}},
		{"ships of the player scanned", func(k *model.Knowledge) {
			k.ScannedPlayerID = 2
			for i := range n {
				k.ScannedPlayer = append(k.ScannedPlayer, model.Ship{ID: i + 1, Owner: 2, Type: 1, Loc: k.Ships[0].Loc})
			}
		}},
		{"officers", func(k *model.Knowledge) {
			for i := range n {
				o := k.Officers[0]
				o.ID = i + 1
				k.Officers = append(k.Officers, o)
			}
		}},
		{"lines of the credit report", func(k *model.Knowledge) {
			for range n {
				k.Credit.Lines = append(k.Credit.Lines, model.CreditLine{What: "Upkeep", Amount: 0})
			}
		}},
		{"abilities, artifacts and rings", func(k *model.Knowledge) {
			for i := range n {
				k.Rings = append(k.Rings, model.RingSighting{Ring: i + 1, Loc: k.Ships[0].Loc})
			}
		}},
		{"items of text in a section", func(k *model.Knowledge) {
			for i := range maxTextItems + 1 {
				k.Messages = append(k.Messages, fmt.Sprint("message ", i))
			}
		}},
	} {
		k := *base
		k.Officers = append([]model.Officer(nil), base.Officers...)
		c.fill(&k)
		var b bytes.Buffer
		if err := turnsheet.Write(&b, r, &k); err != nil {
			t.Fatal(err)
		}
		_, err := Parse(r, "many.txt", b.Bytes())
		if err == nil || !strings.Contains(err.Error(), "more than") || !strings.Contains(err.Error(), c.what) {
			t.Errorf("%s: got %v", c.what, err)
		}
	}
}

// A sheet of millions of blank lines is refused at the most lines a
// sheet has, with the line, before it fills memory.
func TestTooManyLines(t *testing.T) {
	r := rules.Default()
	g, _ := galaxy.Generate(r, galaxy.Options{Seed: 2, Players: 4})
	var b bytes.Buffer
	turnsheet.Write(&b, r, g.KnowledgeOf(r, 1))
	sheet := b.String()
	i := strings.Index(sheet, turnsheet.SectionPrefix)
	data := sheet[:i] + strings.Repeat("\n", MaxLines+10) + sheet[i:]
	_, err := Parse(r, "blank.txt", []byte(data))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d lines", MaxLines)) {
		t.Errorf("got %v", err)
	}
}
