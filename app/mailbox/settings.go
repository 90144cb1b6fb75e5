package mailbox

import (
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"silverfall/internal/capfile"
	"silverfall/mail"
)

// Timeout is how long a server may stay silent before a fetch or a send
// gives up.
const Timeout = 30 * time.Second

// Settings are the player's mail account as the settings file keeps it:
// everything but the password, which lives in the desktop's keyring.
type Settings struct {
	IMAPHost     string `toml:"imap_host"`
	IMAPPort     int    `toml:"imap_port"`
	IMAPSecurity string `toml:"imap_security"` // "tls" (993) or "starttls" (143)
	SMTPHost     string `toml:"smtp_host"`
	SMTPPort     int    `toml:"smtp_port"`
	SMTPSecurity string `toml:"smtp_security"` // "tls" (465) or "starttls" (587)
	User         string `toml:"user"`
	Address      string `toml:"address"`   // the player's own address
	Moderator    string `toml:"moderator"` // where orders go, whose mail holds sheets
	Folder       string `toml:"folder"`
	CAFile       string `toml:"ca_file"`        // one extra certificate authority to trust
	FetchOnStart bool   `toml:"fetch_on_start"` // fetch turn sheets when the program starts
}

// Default are the usual ports, with TLS from the first byte.
func Default() Settings {
	return Settings{IMAPPort: 993, IMAPSecurity: string(mail.TLS), SMTPPort: 465, SMTPSecurity: string(mail.TLS), Folder: "INBOX"}
}

// Configured reports whether the account is complete enough to use.
func (s Settings) Configured() bool {
	return s.IMAPHost != "" && s.SMTPHost != "" && s.User != "" && s.Moderator != ""
}

// keyringUser is the account's name in the keyring: its user at its
// server, so that two accounts keep two passwords.
func (s Settings) keyringUser() string { return s.User + "@" + s.IMAPHost }

// Account is the mail account with its password.
func (s Settings) Account(password string) mail.Account {
	from := s.Address
	if from == "" {
		from = s.User
	}
	return mail.Account{
		IMAP:     mail.Server{Host: strings.TrimSpace(s.IMAPHost), Port: s.IMAPPort, Security: mail.Security(s.IMAPSecurity)},
		SMTP:     mail.Server{Host: strings.TrimSpace(s.SMTPHost), Port: s.SMTPPort, Security: mail.Security(s.SMTPSecurity)},
		User:     s.User,
		Password: password,
		Address:  from,
		Folder:   s.Folder,
		CAFile:   s.CAFile,
		Timeout:  Timeout,
	}
}

// Check says what in the settings cannot work: a server without a name or
// with a port out of range, or an extra certificate authority file that
// is missing or holds no certificate.
func (s Settings) Check() error {
	a := s.Account("")
	if err := a.IMAP.Check("IMAP"); err != nil {
		return err
	}
	if err := a.SMTP.Check("SMTP"); err != nil {
		return err
	}
	if s.CAFile == "" {
		return nil
	}
	data, err := capfile.Read(s.CAFile, 16<<20)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("the extra CA file %s does not exist; choose the certificate authority's PEM file, or leave the field empty", s.CAFile)
	case err != nil:
		return fmt.Errorf("the extra CA file %s cannot be read: %v", s.CAFile, err)
	}
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			return fmt.Errorf("the extra CA file %s holds no certificate in PEM form (a text file beginning with -----BEGIN CERTIFICATE-----)", s.CAFile)
		}
		if b.Type == "CERTIFICATE" {
			if _, err := x509.ParseCertificate(b.Bytes); err == nil {
				return nil
			}
		}
	}
}
