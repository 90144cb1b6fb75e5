package turn

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

// "If you do not name ships, planets or officers when prompted, the
// computer will name them during the next turn": after one turn of a new
// game without orders, every ship, planet and officer of every empire has
// a name, and the sheet shows it. A player's own name, given when
// prompted, is the one kept.
func TestComputerNamesOnTheSheet(t *testing.T) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 3, Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	first := g.KnowledgeOf(r, 1).Ships[0].ID
	mine, err := order.Parse(fmt.Sprintf("NAME SHIP %d Nightjar", first))
	if err != nil {
		t.Fatal(err)
	}
	Run(NewWorld(r, g, Host), map[int][]order.Order{1: {mine}}, Options{EndOfTurn: true})
	for p := 1; p <= 3; p++ {
		k := g.KnowledgeOf(r, p)
		var b bytes.Buffer
		if err := turnsheet.Write(&b, r, k); err != nil {
			t.Fatal(err)
		}
		sheet := b.String()
		for _, s := range k.Ships {
			if s.Name == "" {
				t.Errorf("player %d's ship %d has no name after the turn", p, s.ID)
			}
			if !strings.Contains(sheet, s.Name) {
				t.Errorf("player %d's sheet does not show ship %d's name %q", p, s.ID, s.Name)
			}
			if p == 1 && s.ID == first && s.Name != "Nightjar" {
				t.Errorf("ship %d is named %q, not the player's Nightjar", s.ID, s.Name)
			}
		}
		for _, pl := range k.Planets {
			if pl.Name == "" || !strings.Contains(sheet, pl.Name) {
				t.Errorf("player %d's planet %d: name %q not on the sheet", p, pl.ID, pl.Name)
			}
		}
		for _, o := range k.Officers {
			if o.Name == "" || !strings.Contains(sheet, o.Name) {
				t.Errorf("player %d's officer %d: name %q not on the sheet", p, o.ID, o.Name)
			}
		}
	}
}
