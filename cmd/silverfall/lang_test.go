package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLocaleStartsQuietly: with LANG=C.UTF-8 and no LANGUAGE (as in many
// containers) the window starts without Fyne's complaint about the locale.
func TestCLocaleStartsQuietly(t *testing.T) {
	bin := binary(t)
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG":
		default:
			env = append(env, kv)
		}
	}
	env = append(ownHome(t, env), "LANG=C.UTF-8")
	shot := filepath.Join(t.TempDir(), "shot.png")
	for _, args := range [][]string{{"-version"}, {"-screenshot", shot}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("silverfall %v: %v\n%s", args, err, stderr.String())
		}
		// -version draws nothing, so it says nothing at all; a window may
		// hear from the graphics driver, but never about the language.
		s := stderr.String()
		if (args[0] == "-version" && s != "") || strings.Contains(s, "Fyne error") || strings.Contains(s, "locale") {
			t.Errorf("silverfall %v with LANG=C.UTF-8 writes to stderr:\n%s", args, s)
		}
	}
}
