//go:build !unix && !windows

package filelock

import "os"

// Systems without file locks (wasm, plan9) run one command at a time by
// the moderator's care alone.
func lock(f *os.File, wait bool) error { return nil }

func unlock(f *os.File) error { return nil }
