package host

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/turnsheet"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// The largest order files the host takes, made here at run time: one of
// "PI 1" lines, one of lines that do not read, one of orders for every
// ship. The turn is carried out, and every sheet and the state stay small
// and read back.
func TestLargestOrderFiles(t *testing.T) {
	g := newGame(t, 3)
	fill := func(p int, line string) []byte {
		var b bytes.Buffer
		fmt.Fprintf(&b, "%s\nGAME %s\nPLAYER %d\nTURN %d\nPASSWORD %s\n\n[GENERAL]\n", orderwriter.Magic, g.State.Name, p, g.State.Turn+1, g.State.Empire(p).Password)
		for b.Len()+len(line)+5 < maxOrderFile {
			b.WriteString(line)
		}
		b.WriteString("END\n")
		return b.Bytes()
	}
	put(t, g, "player-01.txt", fill(1, "PI 1\n"))
	put(t, g, "player-02.txt", fill(2, "ZZ 1 2 3\n"))
	put(t, g, "player-03.txt", fill(3, "BU 1 1\n"))
	for p := 1; p <= 3; p++ {
		info, _ := os.Stat(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, turnsheet.FileName(p)))
		if info.Size() < maxOrderFile-100 || info.Size() > maxOrderFile {
			t.Fatalf("order file of %d bytes", info.Size())
		}
	}
	sum, err := g.Turn(TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Sent) != 3 {
		t.Errorf("orders taken from %v", sum.Sent)
	}
	td := TurnDir(g.Dir, 2)
	if info, _ := os.Stat(filepath.Join(td, StateFile)); info.Size() > 1<<20 {
		t.Errorf("the state takes %d bytes", info.Size())
	}
	for p := 1; p <= 3; p++ {
		name := filepath.Join(td, SheetsDir, turnsheet.FileName(p))
		info, _ := os.Stat(name)
		if info.Size() > 1<<20 {
			t.Errorf("%s takes %d bytes", name, info.Size())
		}
		rep, err := reportparse.ReadFile(g.R, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		errs := strings.Join(rep.Knowledge.Errors, "\n")
		if !strings.Contains(errs, "from here on were not") || strings.Contains(errs, "out of place") {
			t.Errorf("player %d's sheet does not say what was left out:\n%.2000s", p, errs)
		}
	}
}
