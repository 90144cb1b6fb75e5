package secret

import (
	"errors"
	"testing"
)

type brokenKeyring struct{}

func (brokenKeyring) Get(string, string) (string, error) { return "", errors.New("no D-Bus session") }
func (brokenKeyring) Set(string, string, string) error   { return errors.New("no D-Bus session") }
func (brokenKeyring) Delete(string, string) error        { return errors.New("no D-Bus session") }

// Without a keyring a password is kept for the run, and said not to last.
func TestLayeredWithoutKeyring(t *testing.T) {
	s := &Layered{Keyring: brokenKeyring{}}
	if _, err := s.Get("silverfall", "ann"); !errors.Is(err, ErrNotFound) {
		t.Errorf("got %v, want ErrNotFound", err)
	}
	s.Set("silverfall", "ann", "secret")
	if p, err := s.Get("silverfall", "ann"); err != nil || p != "secret" {
		t.Errorf("got %q %v", p, err)
	}
	if s.Persistent() {
		t.Error("a password kept only in memory is said to last")
	}
}

func TestLayeredWithKeyring(t *testing.T) {
	k := &Memory{}
	s := &Layered{Keyring: k}
	s.Set("silverfall", "ann", "secret")
	if !s.Persistent() {
		t.Error("the keyring took the password, yet it is said not to last")
	}
	// A new run: memory is empty, the keyring has it.
	s2 := &Layered{Keyring: k}
	if p, err := s2.Get("silverfall", "ann"); err != nil || p != "secret" {
		t.Errorf("got %q %v", p, err)
	}
	s2.Delete("silverfall", "ann")
	if _, err := k.Get("silverfall", "ann"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted, yet the keyring has it")
	}
}
