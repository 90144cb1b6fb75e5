package mailbox

import (
	"errors"
	"sync"

	"silverfall/engine/rules"
	"silverfall/internal/secret"
)

// keyringService names Silverfall's passwords in the keyring.
const keyringService = "silverfall"

// Mailbox is the player's mail account and what is done with it. Its
// settings and password are used from the window's thread; Fetch and Send
// may run on another goroutine with an account taken from it.
type Mailbox struct {
	rules *rules.Rules
	root  string // the games' workspaces, where fetched sheets are kept
	mu    sync.Mutex
	set   Settings
	store secret.Store
	save  func(Settings)
}

// New is the mailbox of the settings s, keeping sheets in the workspaces
// under root ("" keeps none: a fetch says so). save, when set, is called
// with the settings whenever they change. store keeps the password (nil:
// the desktop's keyring, else memory for the run).
func New(r *rules.Rules, root string, s Settings, store secret.Store, save func(Settings)) *Mailbox {
	if store == nil {
		store = &secret.Layered{Keyring: secret.Keyring{}}
	}
	return &Mailbox{rules: r, root: root, set: s, store: store, save: save}
}

// Settings are the account's settings.
func (m *Mailbox) Settings() Settings {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.set
}

// SetSettings changes the settings and saves them.
func (m *Mailbox) SetSettings(s Settings) {
	m.mu.Lock()
	m.set = s
	m.mu.Unlock()
	if m.save != nil {
		m.save(s)
	}
}

// SetStore changes where the password is kept (tests keep it in memory).
func (m *Mailbox) SetStore(s secret.Store) { m.store = s }

// Password is the account's password as kept, or "" when none is.
func (m *Mailbox) Password() string {
	pw, err := m.store.Get(keyringService, m.Settings().keyringUser())
	if err != nil {
		return ""
	}
	return pw
}

// KeepPassword keeps the password; it reports whether it lasts past this
// run (the keyring took it).
func (m *Mailbox) KeepPassword(pw string) bool {
	m.store.Set(keyringService, m.Settings().keyringUser(), pw)
	if l, ok := m.store.(*secret.Layered); ok {
		return l.Persistent()
	}
	return true
}

// ForgetPassword forgets the password (the server refused it).
func (m *Mailbox) ForgetPassword() { m.store.Delete(keyringService, m.Settings().keyringUser()) }

// HasKeyring reports whether passwords last past this run: the desktop
// has a keyring that answers.
func (m *Mailbox) HasKeyring() bool {
	l, ok := m.store.(*secret.Layered)
	if !ok {
		return true // a store of the caller's own, such as a test's
	}
	if l.Keyring == nil {
		return false
	}
	_, err := l.Keyring.Get(keyringService, m.Settings().keyringUser())
	return err == nil || errors.Is(err, secret.ErrNotFound)
}
