//go:build unix

package capfile

import (
	"os"
	"syscall"
)

// openNoWait opens name so that a pipe without a writer does not block.
func openNoWait(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
