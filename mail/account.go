package mail

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"silverfall/internal/capfile"
)

// Security is how a connection is made safe. There is no plain kind: a
// password is never sent without TLS.
type Security string

// The kinds of security.
const (
	// TLS is implicit TLS: the connection is TLS from its first byte
	// (IMAP on 993, SMTP submission on 465).
	TLS Security = "tls"
	// StartTLS begins in plain text and must switch to TLS before
	// anything else (IMAP on 143, SMTP submission on 587); a server that
	// does not offer it is refused.
	StartTLS Security = "starttls"
)

// Server is where one protocol is served.
type Server struct {
	Host     string
	Port     int
	Security Security
}

// Address is host:port.
func (s Server) Address() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// Check says what is missing or wrong in the server's settings.
func (s Server) Check(what string) error {
	switch {
	case strings.TrimSpace(s.Host) == "":
		return fmt.Errorf("%s: no server name", what)
	case s.Port < 1 || s.Port > 65535:
		return fmt.Errorf("%s: port %d; a port is 1 to 65535", what, s.Port)
	case s.Security != TLS && s.Security != StartTLS:
		return fmt.Errorf("%s: security %q; it is %q (implicit TLS) or %q", what, s.Security, TLS, StartTLS)
	}
	return nil
}

// Account is a mailbox and the way to send mail from it.
type Account struct {
	IMAP, SMTP Server
	User       string
	// Password comes from the desktop's keyring (or the moderator's
	// environment), never from a settings file.
	Password string
	// Address is the account's own address, the sender of what it sends.
	Address string
	// Folder is the mailbox folder to read ("INBOX" when empty).
	Folder string
	// CAFile names one extra certificate authority (PEM) to trust, for a
	// self-hosted server with a certificate of its own.
	CAFile string
	// Timeout bounds each network operation (30 s when zero).
	Timeout time.Duration
}

func (a Account) folder() string {
	if a.Folder == "" {
		return "INBOX"
	}
	return a.Folder
}

func (a Account) timeout() time.Duration {
	if a.Timeout <= 0 {
		return 30 * time.Second
	}
	return a.Timeout
}

// tlsConfig verifies certificates against the system's authorities and
// the account's extra one.
func (a Account) tlsConfig(host string) (*tls.Config, error) {
	cfg := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if a.CAFile != "" {
		pem, err := capfile.Read(a.CAFile, 16<<20)
		if err != nil {
			return nil, fmt.Errorf("the extra certificate authority: %w", err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("the extra certificate authority %s holds no PEM certificate", a.CAFile)
		}
		cfg.RootCAs = pool
	}
	return cfg, nil
}

// Error kinds a caller may tell apart (errors.Is).
var (
	// ErrAuth: the server refused the user name or password.
	ErrAuth = errors.New("the server refused the user name or password")
	// ErrNoTLS: the server does not offer the TLS the account requires.
	ErrNoTLS = errors.New("the server offers no TLS, and a password is never sent without it")
)
