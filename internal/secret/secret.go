// Package secret keeps mail passwords out of every settings file: in the
// desktop's keyring (the Secret Service on Linux, the Windows Credential
// Manager, the macOS Keychain) when there is one, else only in memory for
// the program's run.
package secret

import (
	"errors"
	"sync"

	"github.com/zalando/go-keyring"
)

// ErrNotFound: no password is kept for the account.
var ErrNotFound = errors.New("no password kept for this account")

// Store keeps passwords by service and user name.
type Store interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// Keyring is the desktop's keyring. Its calls fail (not with ErrNotFound)
// where there is none, such as a server without a D-Bus session.
type Keyring struct{}

// Get reads a password.
func (Keyring) Get(service, user string) (string, error) {
	p, err := keyring.Get(service, user)
	if errors.Is(err, keyring.ErrNotFound) {
		return "", ErrNotFound
	}
	return p, err
}

// Set keeps a password.
func (Keyring) Set(service, user, password string) error { return keyring.Set(service, user, password) }

// Delete forgets a password.
func (Keyring) Delete(service, user string) error {
	if err := keyring.Delete(service, user); err != nil && !errors.Is(err, keyring.ErrNotFound) {
		return err
	}
	return nil
}

// Memory keeps passwords for the program's run only.
type Memory struct {
	mu sync.Mutex
	m  map[[2]string]string
}

// Get reads a password.
func (s *Memory) Get(service, user string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.m[[2]string{service, user}]; ok {
		return p, nil
	}
	return "", ErrNotFound
}

// Set keeps a password.
func (s *Memory) Set(service, user, password string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[[2]string]string{}
	}
	s.m[[2]string{service, user}] = password
	return nil
}

// Delete forgets a password.
func (s *Memory) Delete(service, user string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, [2]string{service, user})
	return nil
}

// Layered reads from the keyring and, where it has none or fails, from
// memory; it keeps in the keyring when it can, else in memory. Persistent
// reports whether the last Set reached the keyring.
type Layered struct {
	Keyring Store
	Memory  Memory
	mu      sync.Mutex
	kept    bool
}

// Get reads a password.
func (s *Layered) Get(service, user string) (string, error) {
	if p, err := s.Memory.Get(service, user); err == nil {
		return p, nil
	}
	if s.Keyring != nil {
		if p, err := s.Keyring.Get(service, user); err == nil {
			return p, nil
		}
	}
	return "", ErrNotFound
}

// Set keeps a password: in the keyring if it takes it, and in memory.
func (s *Layered) Set(service, user, password string) error {
	s.Memory.Set(service, user, password)
	kept := false
	if s.Keyring != nil {
		kept = s.Keyring.Set(service, user, password) == nil
	}
	s.mu.Lock()
	s.kept = kept
	s.mu.Unlock()
	return nil
}

// Delete forgets a password everywhere.
func (s *Layered) Delete(service, user string) error {
	s.Memory.Delete(service, user)
	if s.Keyring != nil {
		return s.Keyring.Delete(service, user)
	}
	return nil
}

// Persistent reports whether the last password kept reached the keyring
// (else it is asked for again when the program next starts).
func (s *Layered) Persistent() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.kept
}
