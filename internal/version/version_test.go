package version

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A build with the tag set says the tag; the test binary itself, built
// without version-control stamping, says "dev" or a commit.
func TestString(t *testing.T) {
	if s := String(); s == "" {
		t.Fatal("empty version")
	}
	tag = "v9.8.7"
	defer func() { tag = "" }()
	if s := String(); s != "v9.8.7" {
		t.Errorf("with the tag set: %q", s)
	}
}

// The -X flag the Makefile uses reaches the variable.
func TestLinkerFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	bin := filepath.Join(t.TempDir(), "sfcheck")
	out, err := exec.Command("go", "build", "-ldflags", "-X silverfall/internal/version.tag=v0.0.1-test", "-o", bin, "silverfall/cmd/sfcheck").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err = exec.Command(bin, "version").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "sfcheck v0.0.1-test" {
		t.Errorf("sfcheck version: %q %v", out, err)
	}
}
