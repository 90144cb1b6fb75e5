package host

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"silverfall/engine/turnsheet"
	"silverfall/internal/atomicfile"
	"silverfall/internal/capfile"
	"silverfall/mail"
	"silverfall/orderwriter"
)

// MailConfig is game.toml's [mail]: the moderator's mailbox and how to
// reach it. The password is not here: it comes from the environment
// (PasswordEnv) or the keyring.
type MailConfig struct {
	Address      string `toml:"address"`
	User         string `toml:"user"`
	IMAPHost     string `toml:"imap_host"`
	IMAPPort     int    `toml:"imap_port"`
	IMAPSecurity string `toml:"imap_security"`
	SMTPHost     string `toml:"smtp_host"`
	SMTPPort     int    `toml:"smtp_port"`
	SMTPSecurity string `toml:"smtp_security"`
	Folder       string `toml:"folder,omitempty"`
	CAFile       string `toml:"ca_file,omitempty"`
}

// PasswordEnv names the environment variable that holds the moderator's
// mail password on a server without a keyring.
const PasswordEnv = "SFHOST_MAIL_PASSWORD"

// KeyringService is the keyring's name for sfhost's passwords.
const KeyringService = "silverfall-sfhost"

// Account is the mail account of the settings, with its password.
func (m MailConfig) Account(password string, dir string) mail.Account {
	ca := m.CAFile
	if ca != "" && !filepath.IsAbs(ca) {
		ca = filepath.Join(dir, ca)
	}
	return mail.Account{
		IMAP:     mail.Server{Host: m.IMAPHost, Port: m.IMAPPort, Security: mail.Security(m.IMAPSecurity)},
		SMTP:     mail.Server{Host: m.SMTPHost, Port: m.SMTPPort, Security: mail.Security(m.SMTPSecurity)},
		User:     m.User,
		Password: password,
		Address:  m.Address,
		Folder:   m.Folder,
		CAFile:   ca,
	}
}

// The mail folders of a game.
const (
	mailDir  = "mail"     // DIR/mail: what fetching remembers
	seenFile = "seen.txt" // DIR/mail/seen.txt: messages taken
	keptDir  = "mail"     // DIR/turn-NNN/orders/mail: every order mail kept
	sentDir  = "sent"     // DIR/turn-NNN/sent: the sheets mailed
	otherDir = "other"    // DIR/mail/other: mails from players that hold no orders
)

// FetchSummary says what a fetch of the players' mails did.
type FetchSummary struct {
	Taken    map[int]string // player -> the order file now taken for him
	Kept     int            // order mails kept in all (a player's earlier ones too)
	Problems []string
}

// FetchOrders collects the players' order mails for the next turn into
// the last turn's orders folder. Every mail is kept under orders/mail/;
// the latest from each player becomes orders/player-PP.eml, the one the
// turn takes. Mails are remembered (UIDVALIDITY, UID, Message-Id) in
// DIR/mail/seen.txt and never taken twice.
func (h *Game) FetchOrders(ctx context.Context, a mail.Account) (FetchSummary, error) {
	sum := FetchSummary{Taken: map[int]string{}}
	byAddr := map[string]int{}
	var from []string
	for _, p := range h.Config.Player {
		if p.Email != "" {
			addr := strings.ToLower(strings.TrimSpace(p.Email))
			byAddr[addr] = p.Number
			from = append(from, addr)
		}
	}
	if len(from) == 0 {
		return sum, fmt.Errorf("game.toml gives no player an email address")
	}
	seen, err := mail.LoadSeen(filepath.Join(h.Dir, mailDir, seenFile))
	if err != nil {
		return sum, err
	}
	turnDir := TurnDir(h.Dir, h.State.Turn)
	orders := filepath.Join(turnDir, OrdersDir)
	_, err2 := mail.Fetch(ctx, a, mail.FetchOptions{From: from, Seen: seen.Has}, func(m mail.Message) error {
		p := byAddr[m.From]
		problem := func(format string, args ...any) error {
			sum.Problems = append(sum.Problems, fmt.Sprintf("mail from %s (%q): ", m.From, m.Subject)+fmt.Sprintf(format, args...))
			other := filepath.Join(h.Dir, mailDir, otherDir, fmt.Sprintf("%d-%d.eml", m.Key.UIDValidity, m.Key.UID))
			os.MkdirAll(filepath.Dir(other), 0o755)
			if err := atomicfile.WriteFile(other, m.Raw, 0o644); err != nil {
				return err
			}
			return seen.Add(m.Key)
		}
		text, _, err := messageText(m.From, m.Raw)
		if err != nil || !orderwriter.IsOrderFile([]byte(text)) {
			return problem("holds no order file; kept in %s", filepath.Join(mailDir, otherDir))
		}
		f, err := orderwriter.Read(strings.NewReader(text), m.From)
		if f == nil {
			return problem("the order file does not read: %v", err)
		}
		switch {
		case f.Game != h.State.Name:
			return problem("the orders are for game %q, not %q", f.Game, h.State.Name)
		case f.Turn != h.State.Turn+1:
			return problem("the orders are for turn %d; the game takes orders for turn %d", f.Turn, h.State.Turn+1)
		case f.Player != p:
			return problem("the orders are for player %d, but come from player %d's address", f.Player, p)
		}
		kept := filepath.Join(orders, keptDir, fmt.Sprintf("player-%02d-%d-%d.eml", p, m.Key.UIDValidity, m.Key.UID))
		if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(kept, m.Raw, 0o644); err != nil {
			return err
		}
		// The later mail wins: it replaces the one the turn takes.
		taken := filepath.Join(orders, fmt.Sprintf("player-%02d.eml", p))
		if err := atomicfile.WriteFile(taken, m.Raw, 0o644); err != nil {
			return err
		}
		sum.Taken[p] = taken
		sum.Kept++
		return seen.Add(m.Key)
	})
	return sum, err2
}

// SendSummary says what a mailing of the sheets did.
type SendSummary struct {
	Sent, Already []int
	NoAddress     []int
	Problems      []string
}

// SendSheets mails every player with an address his sheet of the last
// turn, in the body; each message sent is kept in the turn's sent/ folder,
// and a player who has his is not mailed again (unless again is set).
func (h *Game) SendSheets(ctx context.Context, a mail.Account, again bool) (SendSummary, error) {
	var sum SendSummary
	emails := map[int]string{}
	for _, p := range h.Config.Player {
		emails[p.Number] = strings.TrimSpace(p.Email)
	}
	turnDir := TurnDir(h.Dir, h.State.Turn)
	for _, e := range h.State.Empires {
		p := e.Player
		if !h.R.IsPlayer(p) {
			continue
		}
		to := emails[p]
		if to == "" {
			sum.NoAddress = append(sum.NoAddress, p)
			continue
		}
		kept := filepath.Join(turnDir, sentDir, fmt.Sprintf("player-%02d.eml", p))
		if _, err := os.Stat(kept); err == nil && !again {
			sum.Already = append(sum.Already, p)
			continue
		}
		sheet, err := capfile.Read(filepath.Join(turnDir, SheetsDir, turnsheet.FileName(p)), MaxStateFile)
		if err != nil {
			return sum, err
		}
		msg, _, err := mail.Compose(mail.Outgoing{
			From:    a.Address,
			To:      to,
			Subject: fmt.Sprintf("%s: turn %d sheet for player %d", h.State.Name, h.State.Turn, p),
			Body:    string(sheet),
			Date:    time.Now(),
		})
		if err != nil {
			sum.Problems = append(sum.Problems, fmt.Sprintf("player %d: %v", p, err))
			continue
		}
		if err := mail.Send(ctx, a, []string{to}, msg); err != nil {
			if ctx.Err() != nil {
				return sum, ctx.Err()
			}
			sum.Problems = append(sum.Problems, fmt.Sprintf("player %d (%s): %v", p, to, err))
			continue
		}
		if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
			return sum, err
		}
		if err := atomicfile.WriteFile(kept, msg, 0o644); err != nil {
			return sum, err
		}
		sum.Sent = append(sum.Sent, p)
	}
	return sum, nil
}
