package filelock

import (
	"errors"
	"os"
)

// ErrBusy is returned by TryLock when another process holds the lock.
var ErrBusy = errors.New("locked by another process")

// Lock is a held lock.
type Lock struct{ f *os.File }

// open opens (creating if needed) the lock file. It is never removed: a
// process that removed it could let two others lock two different files.
func open(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
}

// Wait locks name, waiting for another holder to let go.
func Wait(name string) (*Lock, error) {
	f, err := open(name)
	if err != nil {
		return nil, err
	}
	if err := lock(f, true); err != nil {
		f.Close()
		return nil, err
	}
	return &Lock{f}, nil
}

// TryLock locks name, or returns ErrBusy at once when another holds it.
func TryLock(name string) (*Lock, error) {
	f, err := open(name)
	if err != nil {
		return nil, err
	}
	if err := lock(f, false); err != nil {
		f.Close()
		return nil, err
	}
	return &Lock{f}, nil
}

// Unlock lets the lock go; a second call does nothing.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlock(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
