package app

import (
	"bufio"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"silverfall/app/mailbox"
	"silverfall/app/workspace"
	"silverfall/engine/rules"
	"silverfall/host"
	"silverfall/internal/secret"
	"silverfall/mail"
)

// realMail starts Dovecot and Postfix on loopback with the project's
// script (.ci/mail-servers) for the users given, and stops them when the
// test ends. It runs when SILVERFALL_REAL_MAIL is set (make test sets it
// and installs the servers); elsewhere it is skipped.
func realMail(t *testing.T, users ...string) map[string]string {
	t.Helper()
	if os.Getenv("SILVERFALL_REAL_MAIL") == "" {
		t.Skip("SILVERFALL_REAL_MAIL is not set: make test runs this against real Dovecot and Postfix")
	}
	script, err := filepath.Abs(filepath.Join("..", ".ci", "mail-servers"))
	if err != nil {
		t.Fatal(err)
	}
	// Short: the servers' socket paths live under it.
	dir, err := os.MkdirTemp("", "sfm")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script, append([]string{"start", dir}, users...)...)
	cmd.WaitDelay = 10 * time.Second // should a server keep the output open
	out, err := cmd.CombinedOutput()
	t.Cleanup(func() {
		exec.Command(script, "stop", dir).Run()
		if !t.Failed() {
			os.RemoveAll(dir)
		} else {
			t.Logf("the servers' folder is kept: %s", dir)
		}
	})
	if err != nil {
		t.Fatalf("starting the mail servers: %v\n%s", err, out)
	}
	vals := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			vals[k] = v
		}
	}
	return vals
}

// The whole round through real servers: the moderator's host mails a
// sheet (quoted-printable, and the test adds it as a base64 attachment and
// forwarded); the window fetches and imports them and sends its orders;
// the host's mail fetch collects them; sfcheck accepts the file.
func TestRealMailRound(t *testing.T) {
	srv := realMail(t, "gm:gm-pass", "ann:ann-pass")
	port := func(k string) int { n, _ := strconv.Atoi(srv[k]); return n }
	ca := srv["CA_FILE"]

	// The moderator: IMAP with implicit TLS, submission with STARTTLS.
	g, err := host.New(filepath.Join(t.TempDir(), "game"), host.Config{Seed: 12, Players: 1, Name: "Real Mail",
		Player: []host.Player{{Number: 1, Email: "ann@example.test"}},
		Mail: &host.MailConfig{Address: "gm@example.test", User: "gm@example.test", IMAPHost: "127.0.0.1", IMAPPort: port("IMAPS_PORT"),
			IMAPSecurity: "tls", SMTPHost: "127.0.0.1", SMTPPort: port("SUBMISSION_PORT"), SMTPSecurity: "starttls", CAFile: ca}})
	if err != nil {
		t.Fatal(err)
	}
	gm := g.Config.Mail.Account("gm-pass", g.Dir)
	ctx := context.Background()
	if sum, err := g.SendSheets(ctx, gm, false); err != nil || len(sum.Sent) != 1 {
		t.Fatalf("the host's mailing: %+v %v", sum, err)
	}
	sheet, _ := os.ReadFile(filepath.Join(host.TurnDir(g.Dir, 1), host.SheetsDir, "player-01.txt"))
	forms := sheetMails(t, [][]byte{sheet, sheet, sheet})
	for _, m := range forms[1:] {
		raw := strings.ReplaceAll(strings.ReplaceAll(string(m), "gm@example.org", "gm@example.test"), "ann@example.org", "ann@example.test")
		if err := mail.Send(ctx, gm, []string{"ann@example.test"}, []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}

	// The player's window: IMAP with STARTTLS, submission with implicit TLS.
	wsRoot, settings := t.TempDir(), filepath.Join(t.TempDir(), "settings.toml")
	start := func() *App {
		x := New(test.NewTempApp(t), Options{SettingsPath: settings, Frames: software, Workspaces: wsRoot})
		x.Background = func(f func()) { f() }
		noNoteTimers(x)
		x.SaveInLine()
		x.mailing.box.SetStore(&secret.Memory{})
		return x
	}
	x := start()
	x.mailing.box.SetSettings(mailbox.Settings{IMAPHost: "127.0.0.1", IMAPPort: port("IMAP_PORT"), IMAPSecurity: "starttls",
		SMTPHost: "127.0.0.1", SMTPPort: port("SUBMISSIONS_PORT"), SMTPSecurity: "tls",
		User: "ann@example.test", Address: "ann@example.test", Moderator: "gm@example.test", Folder: "INBOX", CAFile: ca})
	x.mailing.box.KeepPassword("ann-pass")
	account := x.mailing.box.Settings().Account("ann-pass")
	var res mailbox.FetchResult
	waitFor(t, "three sheets delivered and fetched", func() bool {
		r, err := x.mailing.box.Fetch(ctx, account, nil)
		if err != nil {
			t.Fatal(err)
		}
		res.Imported = append(res.Imported, r.Imported...)
		return len(res.Imported) >= 3
	})
	for _, im := range res.Imported {
		if im.Game != "Real Mail" || im.Player != 1 || im.Turn != 1 {
			t.Errorf("imported %+v", im)
		}
	}
	if err := x.Load(res.Imported[0].Path); err != nil {
		t.Fatal(err)
	}
	x.text.SetText("PI 3\n")
	planet := somePlanet(t, x.st.Game())
	x.st.Select(planet, FromTree)

	// Send on the demo game sends nothing.
	x.LoadDemo()
	x.text.SetText("PI 1\n")
	x.mailing.sendDialog()
	if msg := top(x); !strings.Contains(msg, "demo game") {
		t.Errorf("Send on the demo game: %q", msg)
	}
	x.keep.saves.Flush()
	// The demo shown last is what a restart would open; the mail game,
	// shown again, is what it opens then.
	if last := x.Settings().LastSheet; last != "" {
		t.Errorf("the demo shown last, the next start opens %q", last)
	}
	if err := x.Load(res.Imported[0].Path); err != nil {
		t.Fatal(err)
	}
	x.keep.saves.Flush()

	// A restart opens the game shown last, with its draft and selection.
	y := start()
	last := workspace.Reopen(y.Settings().LastSheet)
	if last == "" {
		t.Fatal("a restart has no game to reopen")
	}
	if err := y.Load(last); err != nil {
		t.Fatal(err)
	}
	if g := y.st.Game(); g.K.Game != "Real Mail" || y.st.Draft().Text() != "PI 3\n" || y.st.Selected() != planet {
		t.Errorf("after a restart: %s turn %d, draft %q, selection %q", g.K.Game, g.K.Turn, y.st.Draft().Text(), y.st.Selected().String())
	}
	y.mailing.box.KeepPassword("ann-pass")
	y.mailing.sendDialog()
	tap(t, y, "Yes")
	if msg := top(y); !strings.Contains(msg, "Orders sent to gm@example.test") {
		t.Fatalf("sending: %q", msg)
	}

	// The moderator collects them: one message from the player, not two.
	var sum host.FetchSummary
	waitFor(t, "the orders delivered to the moderator", func() bool {
		sum, err = g.FetchOrders(ctx, gm)
		if err != nil {
			t.Fatal(err)
		}
		return sum.Taken[1] != ""
	})
	if len(sum.Problems) != 0 {
		t.Errorf("problems: %v", sum.Problems)
	}
	n := 0
	mail.Fetch(ctx, gm, mail.FetchOptions{From: []string{"ann@example.test"}}, func(mail.Message) error { n++; return nil })
	if n != 1 {
		t.Errorf("the moderator has %d messages from the player, want 1 (the demo's orders are never sent)", n)
	}

	// sfcheck takes the mail as it was collected.
	bin := filepath.Join(t.TempDir(), "sfcheck")
	if out, err := exec.Command("go", "build", "-o", bin, "silverfall/cmd/sfcheck").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := exec.Command(bin, "orders", sum.Taken[1], "--report", filepath.Join(host.TurnDir(g.Dir, 1), host.SheetsDir, "player-01.txt")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "1 order: 0 errors") {
		t.Errorf("sfcheck orders: %v\n%s", err, out)
	}
	// And the turn takes them.
	before := g.State.Empire(1).Interceptors
	if _, err := g.Turn(host.TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := g.State.Empire(1).Interceptors; got != before+3 {
		t.Errorf("player 1 has %d interceptors after PI 3 (had %d)", got, before)
	}
}

// A send to a server that accepts the connection and never answers ends
// within the account's bound, and a cancel ends it within a second. The
// bound in use is mailbox.Timeout (30 s); the test shortens it.
func TestRealMailSilentServer(t *testing.T) {
	srv := realMail(t, "ann:ann-pass")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		var conns []net.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c)
		}
	}()
	port, _ := strconv.Atoi(srv["IMAPS_PORT"])
	silent := ln.Addr().(*net.TCPAddr).Port
	for _, sec := range []string{"tls", "starttls"} {
		s := mailbox.Settings{IMAPHost: "127.0.0.1", IMAPPort: port, IMAPSecurity: "tls", SMTPHost: "127.0.0.1", SMTPPort: silent,
			SMTPSecurity: sec, User: "ann@example.test", Address: "ann@example.test", Moderator: "gm@example.test", CAFile: srv["CA_FILE"]}
		box := mailbox.New(rules.Default(), t.TempDir(), s, &secret.Memory{}, nil)
		l, err := box.Letter(mailbox.Orders{Game: "G", Player: 1, Turn: 2, Text: "PI 1\n", FileName: "o.txt", Count: 1})
		if err != nil {
			t.Fatal(err)
		}
		a := s.Account("ann-pass")
		a.Timeout = time.Second
		begin := time.Now()
		_, err = box.Send(context.Background(), a, l)
		if took := time.Since(begin); err == nil || took > 4*time.Second || !strings.Contains(mailbox.Explain(err), "did not answer") {
			t.Errorf("%s: a silent server: %v after %v", sec, err, took)
		}
		a.Timeout = mailbox.Timeout
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(300*time.Millisecond, cancel)
		begin = time.Now()
		_, err = box.Send(ctx, a, l)
		if took := time.Since(begin); !errors.Is(err, context.Canceled) || took > 1300*time.Millisecond {
			t.Errorf("%s: cancelled after 0.3 s: %v after %v", sec, err, took)
		}
	}
}
