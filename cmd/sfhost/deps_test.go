package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestNoGUIDependencies keeps sfhost buildable on a server: no GUI or GL
// package, and no cgo.
func TestNoGUIDependencies(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not on PATH")
	}
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list with CGO_ENABLED=0: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"fyne.io/", "github.com/g3n/", "github.com/go-gl/", "github.com/sqweek/", "silverfall/app", "silverfall/render3d"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("sfhost depends on %s", dep)
			}
		}
	}
}
