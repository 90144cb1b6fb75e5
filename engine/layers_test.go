package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayers keeps the engine's packages in their layers: what the model,
// the turn and the state need never comes from the packages that write or
// read sheets or what is known over them, and nothing in the engine needs
// a package outside it but the standard library and the rules' TOML.
func TestLayers(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not on PATH")
	}
	above := map[string][]string{
		"silverfall/engine/model":   {"engine/turnsheet", "engine/known", "engine/turn", "engine/state", "engine/check"},
		"silverfall/engine/text":    {"engine/turnsheet", "engine/model"},
		"silverfall/engine/turn":    {"engine/turnsheet", "engine/known", "engine/state", "engine/check"},
		"silverfall/engine/journey": {"engine/turn", "engine/check", "engine/state", "engine/turnsheet", "engine/known"},
		"silverfall/engine/state":   {"engine/turnsheet", "engine/known", "engine/check"},
	}
	for pkg, banned := range above {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, b := range banned {
				if dep == "silverfall/"+b {
					t.Errorf("%s depends on %s, a layer above it", pkg, dep)
				}
			}
			if strings.HasPrefix(dep, "silverfall/") && !strings.HasPrefix(dep, "silverfall/engine") {
				t.Errorf("%s depends on %s, outside the engine", pkg, dep)
			}
		}
	}
}
