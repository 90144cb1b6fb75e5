package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"silverfall/app/workspace"
	"silverfall/internal/atomicfile"
	"silverfall/internal/plural"
	"silverfall/internal/secret"
	"silverfall/mail"
	"silverfall/reportparse"
)

// MailSettings are the player's mail account as the settings keep it:
// everything but the password, which lives in the desktop's keyring.
type MailSettings struct {
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

// DefaultMail are the usual ports, with TLS from the first byte.
func DefaultMail() MailSettings {
	return MailSettings{IMAPPort: 993, IMAPSecurity: string(mail.TLS), SMTPPort: 465, SMTPSecurity: string(mail.TLS), Folder: "INBOX"}
}

// Configured reports whether the account is complete enough to use.
func (m MailSettings) Configured() bool {
	return m.IMAPHost != "" && m.SMTPHost != "" && m.User != "" && m.Moderator != ""
}

// keyringService names Silverfall's passwords in the keyring.
const keyringService = "silverfall"

// keyringUser is the account's name in the keyring: its user at its
// server, so that two accounts keep two passwords.
func (m MailSettings) keyringUser() string { return m.User + "@" + m.IMAPHost }

// Account is the mail account with its password.
func (m MailSettings) Account(password string) mail.Account {
	from := m.Address
	if from == "" {
		from = m.User
	}
	return mail.Account{
		IMAP:     mail.Server{Host: strings.TrimSpace(m.IMAPHost), Port: m.IMAPPort, Security: mail.Security(m.IMAPSecurity)},
		SMTP:     mail.Server{Host: strings.TrimSpace(m.SMTPHost), Port: m.SMTPPort, Security: mail.Security(m.SMTPSecurity)},
		User:     m.User,
		Password: password,
		Address:  from,
		Folder:   m.Folder,
		CAFile:   m.CAFile,
	}
}

// Imported is a turn sheet fetched and kept in its game's workspace.
type Imported struct {
	Game   string
	Player int
	Turn   int
	Path   string
	New    bool // not fetched before (the same sheet again adds nothing)
}

// FetchResult says what a fetch of turn sheets brought.
type FetchResult struct {
	Imported  []Imported
	NotSheets int // messages from the moderator that hold no sheet: left alone
	Problems  []string
	Skipped   []mail.Skipped
}

// FetchSheets fetches the moderator's new messages and keeps every turn
// sheet among them in its game's workspace, off Fyne's thread. Messages
// are remembered (in the workspaces' folder) and never fetched twice;
// progress is told how far it got.
func (x *App) FetchSheets(ctx context.Context, a mail.Account, progress func(done, total int)) (FetchResult, error) {
	var res FetchResult
	if x.wsRoot == "" {
		return res, errors.New("there is no workspace folder to keep the sheets in")
	}
	seen, err := mail.LoadSeen(filepath.Join(x.wsRoot, "mail-seen.txt"))
	if err != nil {
		return res, err
	}
	mod := strings.TrimSpace(x.settings.Mail.Moderator)
	skipped, err := mail.Fetch(ctx, a, mail.FetchOptions{From: []string{mod}, Seen: seen.Has, Progress: progress},
		func(m mail.Message) error {
			name := fmt.Sprintf("mail from %s (%q)", m.From, m.Subject)
			rep, err := reportparse.Parse(x.rules, name, m.Raw)
			switch {
			case errors.Is(err, reportparse.ErrNoSheet):
				res.NotSheets++
				return seen.Add(m.Key)
			case err != nil:
				res.Problems = append(res.Problems, firstLine(err.Error()))
				return seen.Add(m.Key)
			}
			k := rep.Knowledge
			ws, err := workspace.Open(x.wsRoot, k.Game, k.Empire.Player)
			if err != nil {
				return err
			}
			path, isNew, err := ws.AddReport(k.Turn, m.Raw)
			if err != nil {
				return err
			}
			res.Imported = append(res.Imported, Imported{k.Game, k.Empire.Player, k.Turn, path, isNew})
			return seen.Add(m.Key)
		})
	res.Skipped = skipped
	return res, err
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// newest is the sheet to show after a fetch: the latest turn of the game
// shown, or of any game when none is.
func (x *App) newest(res FetchResult) *Imported {
	var best *Imported
	g := x.Game()
	for i := range res.Imported {
		im := &res.Imported[i]
		if g != nil && g.Source != "demo game" && (im.Game != g.K.Game || im.Player != g.K.Empire.Player) {
			continue
		}
		if best == nil || im.Turn > best.Turn {
			best = im
		}
	}
	if best != nil && g != nil && g.Source != "demo game" && best.Turn <= g.K.Turn {
		return nil // nothing newer than what is shown
	}
	return best
}

// SendOrders mails the orders to the moderator: the order file in the
// message and attached, the subject naming game, player and turn. The
// message sent is kept in the workspace; it returns where.
func (x *App) SendOrders(ctx context.Context, a mail.Account) (string, error) {
	g := x.Game()
	if g == nil || x.Draft() == nil {
		return "", errors.New("no game is loaded")
	}
	to := strings.TrimSpace(x.settings.Mail.Moderator)
	if to == "" {
		return "", errors.New("the moderator's address is not set (File > Mail settings)")
	}
	text := x.OrderFileText()
	k := g.K
	msg, _, err := mail.Compose(mail.Outgoing{
		From:           a.Address,
		To:             to,
		Subject:        fmt.Sprintf("Orders: %s, player %d, turn %d", k.Game, k.Empire.Player, k.Turn+1),
		Body:           text,
		AttachmentName: x.ExportName(),
		Attachment:     []byte(text),
	})
	if err != nil {
		return "", err
	}
	if err := mail.Send(ctx, a, []string{to}, msg); err != nil {
		return "", err
	}
	if x.ws == nil {
		return "", nil
	}
	kept := filepath.Join(x.ws.Dir, "sent", fmt.Sprintf("turn-%03d-orders-%s.eml", k.Turn+1, time.Now().Format("20060102-150405")))
	if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
		return "", err
	}
	return kept, atomicfile.WriteFile(kept, msg, 0o644)
}

// passwords keeps the mail password: the keyring when the desktop has
// one, else memory for this run (asked again next time).
type passwords struct {
	once  sync.Once
	store secret.Store
}

func (p *passwords) get() secret.Store {
	p.once.Do(func() {
		if p.store == nil {
			p.store = &secret.Layered{Keyring: secret.Keyring{}}
		}
	})
	return p.store
}

// password is the account's password as kept, or "" when none is.
func (x *App) password() string {
	pw, err := x.secrets.get().Get(keyringService, x.settings.Mail.keyringUser())
	if err != nil {
		return ""
	}
	return pw
}

// keepPassword keeps the password; it reports whether it will last past
// this run (the keyring took it).
func (x *App) keepPassword(pw string) bool {
	s := x.secrets.get()
	s.Set(keyringService, x.settings.Mail.keyringUser(), pw)
	if l, ok := s.(*secret.Layered); ok {
		return l.Persistent()
	}
	return true
}

// SetMail changes the mail settings and saves them.
func (x *App) SetMail(m MailSettings) {
	x.settings.Mail = m
	x.saveSettings()
}

// SetSecrets gives the window its password store (tests use their own).
func (x *App) SetSecrets(s secret.Store) { x.secrets.store = s }

// summary is a fetch's result in words.
func (res FetchResult) summary() string {
	var parts []string
	newOnes := 0
	games := map[string]bool{}
	for _, im := range res.Imported {
		if im.New {
			newOnes++
		}
		games[fmt.Sprintf("%s (player %d) turn %d", im.Game, im.Player, im.Turn)] = true
	}
	switch {
	case len(res.Imported) == 0:
		parts = append(parts, "No new turn sheets.")
	default:
		var names []string
		for n := range games {
			names = append(names, n)
		}
		sort.Strings(names)
		parts = append(parts, fmt.Sprintf("%s: %s.", plural.Count(len(res.Imported), "turn sheet")+" fetched", strings.Join(names, "; ")))
	}
	if res.NotSheets > 0 {
		parts = append(parts, fmt.Sprintf("%s from the moderator without a sheet left alone.", plural.Count(res.NotSheets, "message")))
	}
	for _, s := range res.Skipped {
		parts = append(parts, fmt.Sprintf("A message from %s was not fetched: %s.", s.From, s.Reason))
	}
	parts = append(parts, res.Problems...)
	return strings.Join(parts, "\n")
}
