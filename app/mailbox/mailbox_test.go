package mailbox_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"silverfall/app/mailbox"
	"silverfall/assets"
	"silverfall/engine/rules"
	"silverfall/internal/secret"
	"silverfall/mail"
	"silverfall/mail/mailtest"
)

// setup is a mail system with the moderator gm and the player ann, and
// ann's mailbox keeping sheets under a folder of the test's own.
func setup(t *testing.T) (*mailtest.System, *mailbox.Mailbox, string) {
	t.Helper()
	sys := mailtest.Start(t,
		mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"},
		mailtest.User{Login: "ann", Password: "ann-pass", Address: "ann@example.org"})
	a := sys.Account("ann")
	s := mailbox.Default()
	s.IMAPHost, s.IMAPPort, s.SMTPHost, s.SMTPPort = a.IMAP.Host, a.IMAP.Port, a.SMTP.Host, a.SMTP.Port
	s.User, s.Address, s.Moderator, s.CAFile = "ann", "ann@example.org", "gm@example.org", sys.CAFile
	root := t.TempDir()
	var saved []mailbox.Settings
	m := mailbox.New(rules.Default(), root, s, &secret.Memory{}, func(s mailbox.Settings) { saved = append(saved, s) })
	return sys, m, root
}

func sheetMail(t *testing.T, player int, id string) []byte {
	t.Helper()
	sheet, err := assets.DemoSheet(player)
	if err != nil {
		t.Fatal(err)
	}
	raw, _, err := mail.Compose(mail.Outgoing{From: "gm@example.org", To: "ann@example.org", Subject: "Turn " + id, Body: string(sheet)})
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestFetch(t *testing.T) {
	sys, m, root := setup(t)
	sys.Deliver("ann@example.org", sheetMail(t, 1, "a"))
	sys.Deliver("ann@example.org", []byte("From: gm@example.org\r\nSubject: news\r\nMessage-Id: <news@x>\r\n\r\nLate.\r\n"))
	sys.Deliver("ann@example.org", sheetMail(t, 3, "b"))
	var last mailbox.Progress
	res, err := m.Fetch(context.Background(), m.Settings().Account("ann-pass"), func(p mailbox.Progress) { last = p })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Imported) != 2 || res.NotSheets != 1 || last.Done != 3 || last.Total != 3 || last.Fraction() != 1 {
		t.Fatalf("fetched %+v, progress %+v", res, last)
	}
	for _, im := range res.Imported {
		if rel, err := filepath.Rel(root, im.Path); err != nil || strings.HasPrefix(rel, "..") || !im.New {
			t.Errorf("kept %+v outside %s", im, root)
		}
	}
	if s := res.Summary(); !strings.Contains(s, "2 turn sheets fetched") || !strings.Contains(s, "1 message from the moderator") {
		t.Errorf("summary %q", s)
	}
	if all, unread := sys.Count("ann@example.org"); all != unread {
		t.Errorf("%d of %d messages marked read", all-unread, all)
	}
	res, err = m.Fetch(context.Background(), m.Settings().Account("ann-pass"), nil)
	if err != nil || len(res.Imported) != 0 || res.Summary() != "No new turn sheets." {
		t.Errorf("a second fetch: %+v %v", res, err)
	}
}

func TestNewest(t *testing.T) {
	res := mailbox.FetchResult{Imported: []mailbox.Imported{
		{Game: "A", Player: 1, Turn: 3, Path: "a3"}, {Game: "A", Player: 1, Turn: 4, Path: "a4"},
		{Game: "B", Player: 2, Turn: 9, Path: "b9"},
		// An ally's sheet is never the one shown.
		{Game: "A", Player: 5, Turn: 12, Path: "ally", Ally: true, New: true},
	}}
	for _, c := range []struct {
		shown mailbox.Shown
		want  string
	}{
		{mailbox.Shown{Demo: true}, "b9"},
		{mailbox.Shown{Game: "A", Player: 1, Turn: 3}, "a4"},
		{mailbox.Shown{Game: "A", Player: 1, Turn: 4}, ""},
		{mailbox.Shown{Game: "A", Player: 2, Turn: 1}, ""},
		{mailbox.Shown{Game: "B", Player: 2, Turn: 8}, "b9"},
		{mailbox.Shown{Game: "A", Player: 5, Turn: 1}, ""},
	} {
		got := ""
		if im := res.Newest(c.shown); im != nil {
			got = im.Path
		}
		if got != c.want {
			t.Errorf("shown %+v: newest %q, want %q", c.shown, got, c.want)
		}
	}
	if s := res.Summary(); !strings.Contains(s, "A (player 5) turn 12, among the allies' sheets") || strings.Contains(s, "A (player 1) turn 3, among") {
		t.Errorf("the summary says %q", s)
	}
}

func TestSend(t *testing.T) {
	sys, m, _ := setup(t)
	keep := t.TempDir()
	o := mailbox.Orders{Game: "Mail Game", Player: 1, Turn: 4, Text: "PI 2\n", FileName: "../orders.txt", Count: 1, Keep: keep}
	l, err := m.Letter(o)
	if err != nil {
		t.Fatal(err)
	}
	if d := l.Describe(); !strings.Contains(d, "To: gm@example.org") || !strings.Contains(d, "orders.txt (1 order)") {
		t.Errorf("the question says %q", d)
	}
	kept, err := m.Send(context.Background(), m.Settings().Account("ann-pass"), l)
	if err != nil || filepath.Dir(kept) != keep {
		t.Fatalf("sent: %q %v", kept, err)
	}
	if all, _ := sys.Count("gm@example.org"); all != 1 {
		t.Errorf("the moderator has %d messages", all)
	}
	// Sent, but the copy cannot be kept (its folder is a file): said so.
	o.Keep = filepath.Join(keep, filepath.Base(kept), "sent")
	if l, err = m.Letter(o); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Send(context.Background(), m.Settings().Account("ann-pass"), l); !errors.Is(err, mailbox.ErrNotKept) ||
		!strings.Contains(mailbox.Explain(err), "were sent") {
		t.Errorf("a copy that cannot be kept: %v", err)
	}
	if all, _ := sys.Count("gm@example.org"); all != 2 {
		t.Errorf("the moderator has %d messages, want 2", all)
	}
	// The demo game's orders go nowhere.
	o.Demo = true
	if _, err := m.Letter(o); !errors.Is(err, mailbox.ErrDemo) {
		t.Errorf("a letter of the demo's orders: %v", err)
	}
	if _, err := m.Send(context.Background(), m.Settings().Account("ann-pass"), mailbox.Letter{To: "gm@example.org", Orders: o}); !errors.Is(err, mailbox.ErrDemo) {
		t.Errorf("sending the demo's orders: %v", err)
	}
	if all, _ := sys.Count("gm@example.org"); all != 2 {
		t.Errorf("the demo's orders were sent: the moderator has %d messages", all)
	}
	// Nor a practice game's.
	o.Demo, o.Practice = false, true
	if _, err := m.Letter(o); !errors.Is(err, mailbox.ErrPractice) || !strings.Contains(mailbox.Explain(err), "End turn") {
		t.Errorf("a letter of a practice game's orders: %v", err)
	}
	if _, err := m.Send(context.Background(), m.Settings().Account("ann-pass"), mailbox.Letter{To: "gm@example.org", Orders: o}); !errors.Is(err, mailbox.ErrPractice) {
		t.Errorf("sending a practice game's orders: %v", err)
	}
	if all, _ := sys.Count("gm@example.org"); all != 2 {
		t.Errorf("a practice game's orders were sent: the moderator has %d messages", all)
	}
}

// silent accepts connections and never answers.
func silent(t *testing.T) (string, int) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return "127.0.0.1", ln.Addr().(*net.TCPAddr).Port
}

// A send to a server that never greets: the account's bound holds (30 s
// in use; shortened here), a cancel ends it within a second, and the
// player reads what happened.
func TestSendSilent(t *testing.T) {
	_, m, _ := setup(t)
	s := m.Settings()
	s.SMTPHost, s.SMTPPort = silent(t)
	s.SMTPSecurity = "starttls"
	m.SetSettings(s)
	l, err := m.Letter(mailbox.Orders{Game: "G", Player: 1, Turn: 2, Text: "PI 1\n", FileName: "o.txt", Count: 1})
	if err != nil {
		t.Fatal(err)
	}
	a := m.Settings().Account("ann-pass")
	if a.Timeout != mailbox.Timeout || mailbox.Timeout > 30*time.Second {
		t.Errorf("the account waits %v", a.Timeout)
	}
	a.Timeout = 300 * time.Millisecond
	start := time.Now()
	_, err = m.Send(context.Background(), a, l)
	if took := time.Since(start); err == nil || took > 3*time.Second {
		t.Fatalf("a silent server: %v after %v", err, took)
	}
	if msg := mailbox.Explain(err); !strings.Contains(msg, "did not answer") {
		t.Errorf("a silent server is explained as %q (%v)", msg, err)
	}
	a.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start = time.Now()
	_, err = m.Send(ctx, a, l)
	if took := time.Since(start); !errors.Is(err, context.Canceled) || took > 1200*time.Millisecond {
		t.Errorf("cancelled after 0.2 s: %v after %v", err, took)
	}
}

func TestExplain(t *testing.T) {
	wrap := func(s string, err error) error { return fmt.Errorf("%s: %w", s, err) }
	for _, c := range []struct {
		err  error
		want string
	}{
		{wrap("SMTP server 1.2.3.4:465", context.DeadlineExceeded), "did not answer for 30 seconds"},
		{wrap("fetching message 3 of 5", os.ErrDeadlineExceeded), "did not answer for 30 seconds while fetching message 3 of 5"},
		{wrap("fetching message 2 of 4", net.ErrClosed), "connection to the server was lost while fetching message 2 of 4"},
		{errors.New("SMTP login: tls: failed to verify certificate: x509: certificate signed by unknown authority"), "extra CA file in File > Mail settings"},
		{wrap("IMAP server x:993", syscall.ECONNREFUSED), "Nothing answers"},
		{&net.DNSError{Err: "no such host", Name: "imap.nowhere"}, "“imap.nowhere” is not known"},
		{wrap("x", mail.ErrAuth), "refused the user name or password"},
		{wrap("x", mail.ErrNoTLS), "never sends a password without one"},
		{wrap("sending", io.ErrUnexpectedEOF), "connection to the server was lost"},
		{mailbox.ErrDemo, "demo game"},
		{context.Canceled, "Cancelled"},
	} {
		got := mailbox.Explain(c.err)
		if !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q in it", c.err, got, c.want)
		}
		for _, goWords := range []string{"context deadline", "use of closed", "x509", "tls:"} {
			if strings.Contains(got, goWords) {
				t.Errorf("%v: %q speaks Go", c.err, got)
			}
		}
	}
}

func TestSettingsCheck(t *testing.T) {
	_, ca := mailtest.CA(t)
	notPEM := filepath.Join(t.TempDir(), "ca.txt")
	os.WriteFile(notPEM, []byte("hello"), 0o644)
	ok := mailbox.Default()
	ok.IMAPHost, ok.SMTPHost = "imap.example.org", "smtp.example.org"
	for _, c := range []struct {
		ca, want string
	}{
		{"", ""}, {ca, ""}, {filepath.Join(t.TempDir(), "none.pem"), "does not exist"}, {notPEM, "holds no certificate"},
	} {
		s := ok
		s.CAFile = c.ca
		err := s.Check()
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("CA file %q: %v, want %q", c.ca, err, c.want)
		}
	}
	bad := ok
	bad.SMTPPort = 70000
	if err := bad.Check(); err == nil {
		t.Error("port 70000 passed")
	}
}

func TestPasswords(t *testing.T) {
	s := mailbox.Default()
	s.User, s.IMAPHost = "ann", "imap.example.org"
	m := mailbox.New(rules.Default(), "", s, &secret.Layered{}, nil)
	if m.HasKeyring() || m.KeepPassword("pw") || m.Password() != "pw" {
		t.Error("without a keyring the password lasts for the run only, and is said to")
	}
	m.ForgetPassword()
	if m.Password() != "" {
		t.Error("the password is still kept")
	}
	if _, err := m.Fetch(context.Background(), s.Account("pw"), nil); err == nil {
		t.Error("a fetch without a workspace folder went ahead")
	}
}
