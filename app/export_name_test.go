package app

import (
	"os"
	"path/filepath"
	"testing"

	"silverfall/app/practice"
	"silverfall/app/workspace"
)

// TestOneExportName: the file End turn keeps of the orders sent is named
// as Export names the order file (game, player, turn), in the workspace's
// exports folder; a workspace's file under the name it had before is
// still found.
func TestOneExportName(t *testing.T) {
	x := newApp(t)
	x.practice.start(practice.Options{Seed: 5, Players: 3, Level: "easy"})
	text := giveOrders(t, x)
	name := x.export.Name()
	x.practice.EndTurn()
	if x.st.Game().K.Turn != 2 {
		t.Fatalf("End turn did not carry the turn out (turn %d)", x.st.Game().K.Turn)
	}
	files, _ := filepath.Glob(filepath.Join(x.keep.ws.Dir, "exports", "*"))
	if len(files) != 1 || filepath.Base(files[0]) != name {
		t.Fatalf("End turn kept %v; Export would name the file %q", files, name)
	}
	if data, _ := os.ReadFile(files[0]); string(data) != text {
		t.Errorf("the file kept is not the orders sent:\n%s", data)
	}
	// A workspace from before: exports/orders-turn-NNN.txt.
	ws := x.keep.ws
	old := filepath.Join(ws.Dir, "exports", "orders-turn-007.txt")
	if err := os.WriteFile(old, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := ws.KeptExport(7); got != old {
		t.Errorf("the old name is not found: %q", got)
	}
	if got := ws.KeptExport(2); got != files[0] {
		t.Errorf("turn 2's file is %q, not %q", got, files[0])
	}
	if got, want := filepath.Base(ws.ExportPath(9)), workspace.ExportName(ws.Game, ws.Player, 9); got != want {
		t.Errorf("a new export is named %q, not %q", got, want)
	}
}
