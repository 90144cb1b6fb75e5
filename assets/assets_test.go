package assets

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

var update = flag.Bool("update", false, "rewrite the embedded demo game from the generator")

// TestDemoIsCurrent keeps the embedded demo equal to what the generator
// and writer make of its options, so that it never goes stale.
func TestDemoIsCurrent(t *testing.T) {
	r := rules.Default()
	g, err := galaxy.Generate(r, DemoOptions())
	if err != nil {
		t.Fatal(err)
	}
	for p := 1; p <= DemoPlayers; p++ {
		var want bytes.Buffer
		if err := turnsheet.Write(&want, r, g.KnowledgeOf(r, p)); err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(filepath.Join("demo", turnsheet.FileName(p)), want.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := DemoSheet(p)
		if err != nil {
			t.Fatalf("player %d: %v (run go test ./assets -update)", p, err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("demo sheet of player %d is stale; run go test ./assets -update", p)
		}
	}
}

func TestDemoReads(t *testing.T) {
	data, err := DemoSheet(DemoPlayer)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := reportparse.Parse(rules.Default(), "demo", data)
	if err != nil || len(rep.Warnings) > 0 {
		t.Fatalf("%v %v", err, rep.Warnings)
	}
	k := rep.Knowledge
	if k.Game != DemoName || k.Empire.Player != DemoPlayer || len(k.Ships) < 4 || len(k.Trading) != 5 {
		t.Errorf("demo: game %q player %d, %d ships, %d trading planets", k.Game, k.Empire.Player, len(k.Ships), len(k.Trading))
	}
	if _, err := DemoSheet(0); err == nil {
		t.Error("player 0 accepted")
	}
}
