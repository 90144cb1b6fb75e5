package host

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"silverfall/engine/password"
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
	// NotFetched are the mails left in the mailbox, unread and not taken
	// (too large, or their text could not be fetched), each with its sender
	// and size; each fetch names them again until the moderator acts.
	NotFetched []string
	// Replaced are the players whose address sent a different order file
	// after an earlier one: the later is taken, both are kept.
	Replaced []string
	// Strangers are the newest unread mails from addresses no player of
	// game.toml has (mail.MaxStrangers at most), left unread and not
	// taken: a player writing from a new address is named here, not
	// passed over as missing.
	Strangers []string
}

// notFetchedFile lists, in DIR/mail/, the mails the last fetch left in the
// mailbox, for the moderator's eye.
const notFetchedFile = "not-fetched.txt"

// NotFetchedPath is the list of mails the last fetch of the game in dir
// left in the mailbox.
func NotFetchedPath(dir string) string { return filepath.Join(dir, mailDir, notFetchedFile) }

// FetchOrders collects the players' order mails for the next turn into
// the last turn's orders folder. Every mail is kept under orders/mail/;
// the latest from each player becomes orders/player-PP.eml, the one the
// turn takes. Mails are remembered (UIDVALIDITY, UID, Message-Id) in
// DIR/mail/seen.txt and never taken twice. Mails too large to fetch are
// named in the summary and in DIR/mail/not-fetched.txt.
func (h *Game) FetchOrders(ctx context.Context, a mail.Account) (FetchSummary, error) {
	mf := &mailFetch{h: h, sum: FetchSummary{Taken: map[int]string{}}, byAddr: map[string]int{},
		orders: filepath.Join(TurnDir(h.Dir, h.State.Turn), OrdersDir)}
	var from []string
	for _, p := range h.Config.Player {
		if p.Email != "" {
			addr := strings.ToLower(strings.TrimSpace(p.Email))
			mf.byAddr[addr] = p.Number
			from = append(from, addr)
		}
	}
	if len(from) == 0 {
		return mf.sum, fmt.Errorf("game.toml gives no player an email address")
	}
	var err error
	if mf.seen, err = mail.LoadSeen(filepath.Join(h.Dir, mailDir, seenFile)); err != nil {
		return mf.sum, err
	}
	stranger := func(sk mail.Skipped) {
		mf.sum.Strangers = append(mf.sum.Strangers, fmt.Sprintf("mail from %s (%d bytes, subject %s): no player of game.toml has this address; left unread and not taken",
			Shown(sk.From), sk.Size, strconv.Quote(sk.Subject)))
	}
	skipped, err := mail.Fetch(ctx, a, mail.FetchOptions{From: from, Seen: mf.seen.Has, Strangers: stranger}, mf.take)
	for _, sk := range skipped {
		mf.sum.NotFetched = append(mf.sum.NotFetched, fmt.Sprintf("mail from %s (%d bytes, player %s): %s; left unread in the mailbox and not taken",
			Shown(sk.From), sk.Size, playerOf(mf.byAddr, sk.From), sk.Reason))
	}
	if err != nil {
		return mf.sum, err // the list is whole only after a whole fetch
	}
	return mf.sum, h.noteNotFetched(mf.sum.NotFetched)
}

// mailFetch is a fetch of the players' order mails under way.
type mailFetch struct {
	h      *Game
	sum    FetchSummary
	byAddr map[string]int // a player's address (lower case) -> his number
	seen   *mail.SeenList
	orders string // the orders folder of the turn
}

// take takes one mail: its order file for the turn, or the mail set aside
// with the reason. It is remembered as seen either way.
func (mf *mailFetch) take(m mail.Message) error {
	h, p := mf.h, mf.byAddr[m.From]
	about := fmt.Sprintf("mail from %s (%q, %d bytes): ", m.From, m.Subject, len(m.Raw))
	problem := func(format string, args ...any) error {
		mf.sum.Problems = append(mf.sum.Problems, about+fmt.Sprintf(format, args...))
		return mf.keep(filepath.Join(h.Dir, mailDir, otherDir, fmt.Sprintf("%d-%d.eml", m.Key.UIDValidity, m.Key.UID)), m)
	}
	if len(m.Raw) > maxOrderFile {
		// The turn reads no larger file: kept in orders/ (refused/ for a
		// forged sender, even) it would stop the turn for everyone.
		return problem("more than the %d bytes the turn reads of an order file; not taken, kept in %s", maxOrderFile, filepath.Join(mailDir, otherDir))
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
	name := fmt.Sprintf("player-%02d-%d-%d.eml", p, m.Key.UIDValidity, m.Key.UID)
	if e := h.State.Empire(p); e != nil && e.Password != "" && !password.Match(e.Password, f.Password) {
		// A sender's address is easily forged; the password is not.
		aside := filepath.Join(mf.orders, RefusedDir, name)
		mf.sum.Problems = append(mf.sum.Problems, about+fmt.Sprintf("the orders for player %d do not carry his password; refused, kept in %s (his sheet will say so)", p, aside))
		return mf.keep(aside, m)
	}
	if err := mf.keepFile(filepath.Join(mf.orders, keptDir, name), m.Raw); err != nil {
		return err
	}
	// The later mail wins: it replaces the one the turn takes.
	taken := filepath.Join(mf.orders, fmt.Sprintf("player-%02d.eml", p))
	if before, err := capfile.Read(taken, maxOrderFile); err == nil && !mf.fetched(p, before) {
		// Not a mail this fetch kept (a file the moderator saved under
		// that name: another player's, even): it stays, and the mail goes
		// beside it, where the turn takes the newer of the player's.
		beside := filepath.Join(mf.orders, name)
		mf.sum.Replaced = append(mf.sum.Replaced, fmt.Sprintf("player %d: %s was not written by mail fetch and is left as it is; the mail from %s (%q) is kept beside it as %s",
			p, Shown(taken), m.From, m.Subject, Shown(beside)))
		taken = beside
	} else if err == nil {
		if old, _, err := messageText(taken, before); err == nil && old != text {
			mf.sum.Replaced = append(mf.sum.Replaced, fmt.Sprintf("player %d: %s sent a different order file (%q); it replaces the one before, both are kept in %s",
				p, m.From, m.Subject, filepath.Join(mf.orders, keptDir)))
		}
	}
	if err := mf.keep(taken, m); err != nil {
		return err
	}
	mf.sum.Taken[p] = taken
	mf.sum.Kept++
	return nil
}

// fetched reports whether data is a mail of player p that a fetch kept
// (its copy is in orders/mail/).
func (mf *mailFetch) fetched(p int, data []byte) bool {
	kept, _ := filepath.Glob(filepath.Join(mf.orders, keptDir, fmt.Sprintf("player-%02d-*.eml", p)))
	for _, k := range kept {
		if other, err := os.ReadFile(k); err == nil && bytes.Equal(other, data) {
			return true
		}
	}
	return false
}

// keep writes the mail to name and remembers it as seen.
func (mf *mailFetch) keep(name string, m mail.Message) error {
	if err := mf.keepFile(name, m.Raw); err != nil {
		return err
	}
	return mf.seen.Add(m.Key)
}

func (mf *mailFetch) keepFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(name, data, 0o644)
}

// playerOf names the player of a sender's address.
func playerOf(byAddr map[string]int, addr string) string {
	if p, ok := byAddr[addr]; ok {
		return fmt.Sprint(p)
	}
	return "unknown"
}

// noteNotFetched keeps the list of mails left in the mailbox in
// DIR/mail/not-fetched.txt (removed when there are none), so that the
// moderator finds them after the fetch's output is gone.
func (h *Game) noteNotFetched(lines []string) error {
	name := NotFetchedPath(h.Dir)
	if len(lines) == 0 {
		if err := os.Remove(name); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
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
