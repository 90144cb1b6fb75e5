// Package atomicfile writes files so that a reader, or the same program
// after a crash, finds either the old content or the new, never a mix: the
// data goes to a temporary file in the same folder, is synced to disk, and
// replaces the old file by a rename; the folder is synced too.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// WriteFile writes data to name atomically, with permission perm for a new
// file.
func WriteFile(name string, data []byte, perm os.FileMode) (err error) {
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err = f.Chmod(perm); err != nil {
		f.Close()
		return err
	}
	if err = f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("syncing %s: %w", name, err)
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, name); err != nil {
		return err
	}
	// The rename itself is durable only once the folder is synced.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// SetAside renames a damaged file to a name of its own, stamped with the
// time and numbered when that name is taken, so that no earlier damaged
// copy is ever overwritten.
func SetAside(path string) (string, error) {
	stamp := fmt.Sprintf("%s.damaged-%s", path, time.Now().Format("20060102-150405"))
	for n := 1; n < 1000; n++ {
		aside := stamp
		if n > 1 {
			aside = fmt.Sprintf("%s-%d", stamp, n)
		}
		// A hard link fails when the name is taken, where a rename would
		// replace what is there.
		if err := os.Link(path, aside); err != nil {
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			// Where links do not work, check first, then rename.
			if _, serr := os.Lstat(aside); serr == nil {
				continue
			}
			return aside, os.Rename(path, aside)
		}
		return aside, os.Remove(path)
	}
	return "", fmt.Errorf("too many damaged copies of %s", filepath.Base(path))
}
