package host

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"silverfall/internal/atomicfile"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// unfinishedPrefix names a turn's folder while it is being written.
const unfinishedPrefix = ".unfinished-"

// commitTurn writes turn n's folder so that, after a crash at any moment,
// dir holds either the whole folder or none of it: every file is written
// and synced in a hidden folder, which is then renamed into place. extra
// are files outside the folder (the computer's orders, beside the
// players'), written atomically each before the rename: a run after a
// crash writes the same ones again. check, when given, runs once the
// folder is written, the last moment before anything is put in place: an
// error from it leaves dir as it was.
func commitTurn(dir string, n int, files map[string][]byte, extra map[string][]byte, check func() error) error {
	final := TurnDir(dir, n)
	if _, err := os.Stat(final); err == nil {
		return fmt.Errorf("%s exists already: turn %d has been carried out", final, n)
	}
	tmp := filepath.Join(dir, unfinishedPrefix+filepath.Base(final))
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	dirs := map[string]bool{tmp: true}
	for _, name := range names {
		path := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		dirs[filepath.Dir(path)] = true
		if err := writeSynced(path, files[name]); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(tmp, OrdersDir), 0o755); err != nil {
		return err
	}
	dirs[filepath.Join(tmp, OrdersDir)] = true
	for d := range dirs {
		if err := syncDir(d); err != nil {
			return err
		}
	}
	if check != nil {
		if err := check(); err != nil {
			os.RemoveAll(tmp)
			return err
		}
	}
	extraNames := make([]string, 0, len(extra))
	for name := range extra {
		extraNames = append(extraNames, name)
	}
	sort.Strings(extraNames)
	for _, name := range extraNames {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(name, extra[name], 0o644); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		return err
	}
	return syncDir(dir)
}

func writeSynced(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !isUnsupported(err) {
		return err
	}
	return nil
}

// isUnsupported reports a sync of a folder that the system does not do
// (Windows): the rename is then as safe as that system makes it.
func isUnsupported(err error) bool {
	return strings.Contains(err.Error(), "not supported") || strings.Contains(err.Error(), "invalid argument") ||
		strings.Contains(err.Error(), "Access is denied")
}

// removeUnfinished removes what a crash left half written: turn folders
// not yet renamed into place, and the temporary files of the computer's
// order files.
func removeUnfinished(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), unfinishedPrefix) {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
	tmp, _ := filepath.Glob(filepath.Join(dir, "turn-*", OrdersDir, ".*.tmp*"))
	more, _ := filepath.Glob(filepath.Join(dir, "turn-*", OrdersDir, ComputerDir, ".*.tmp*"))
	tmp = append(tmp, more...)
	for _, f := range tmp {
		os.Remove(f)
	}
}

// messageText is an order file's text: the file itself, or the part of a
// saved e-mail that holds it.
func messageText(name string, data []byte) (string, string, error) {
	return reportparse.MessageText(name, data, orderwriter.Magic)
}
