package host

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"silverfall/engine/order"
	"silverfall/mail"
	"silverfall/orderwriter"
)

// realMail starts Dovecot and Postfix on loopback with the project's
// script (.ci/mail-servers) for the users given, and stops them when the
// test ends. It runs when SILVERFALL_REAL_MAIL is set; elsewhere it is
// skipped (TestMailNotTakenIsNeverSilent holds the same with the fakes).
func realMail(t *testing.T, users ...string) map[string]string {
	t.Helper()
	if os.Getenv("SILVERFALL_REAL_MAIL") == "" {
		t.Skip("SILVERFALL_REAL_MAIL is not set: make test runs this against real Dovecot and Postfix")
	}
	script, err := filepath.Abs(filepath.Join("..", ".ci", "mail-servers"))
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "sfh") // short: the servers' sockets live under it
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script, append([]string{"start", dir}, users...)...)
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	t.Cleanup(func() {
		exec.Command(script, "stop", dir).Run()
		if !t.Failed() {
			os.RemoveAll(dir)
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

// mailboxStatus is how many messages a real mailbox holds, and how many
// are unread, asked of the server itself.
func mailboxStatus(t *testing.T, a mail.Account) (all, unseen uint32) {
	t.Helper()
	pem, err := os.ReadFile(a.CAFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	c, err := imapclient.DialTLS(net.JoinHostPort(a.IMAP.Host, strconv.Itoa(a.IMAP.Port)),
		&imapclient.Options{TLSConfig: &tls.Config{RootCAs: pool, ServerName: "localhost"}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(a.User, a.Password).Wait(); err != nil {
		t.Fatal(err)
	}
	st, err := c.Status("INBOX", &imap.StatusOptions{NumMessages: true, NumUnseen: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	return *st.NumMessages, *st.NumUnseen
}

// Through real servers: a player's mail too large for the host is named
// with its sender and size and left unread in the mailbox; his orders of
// an ordinary mail are taken.
func TestRealMailTooLarge(t *testing.T) {
	srv := realMail(t, "gm:gm-pass", "ann:ann-pass")
	port := func(k string) int { n, _ := strconv.Atoi(srv[k]); return n }
	mc := &MailConfig{Address: "gm@example.test", User: "gm@example.test", IMAPHost: "127.0.0.1", IMAPPort: port("IMAPS_PORT"),
		IMAPSecurity: "tls", SMTPHost: "127.0.0.1", SMTPPort: port("SUBMISSIONS_PORT"), SMTPSecurity: "tls", CAFile: srv["CA_FILE"]}
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 4, Players: 1, Name: "Real Large",
		Player: []Player{{Number: 1, Email: "ann@example.test"}}, Mail: mc})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	gm := mc.Account("gm-pass", g.Dir)
	ann := mc.Account("ann-pass", g.Dir)
	ann.User, ann.Address = "ann@example.test", "ann@example.test"
	ctx := context.Background()
	o, _ := order.Parse("PI 2")
	var b strings.Builder
	orderwriter.Write(&b, &orderwriter.File{Game: g.State.Name, Player: 1, Turn: 2, Password: g.State.Empire(1).Password, Orders: []order.Order{o}})
	for _, attachment := range [][]byte{nil, make([]byte, 13<<20)} { // 13 MB is some 17.5 MB in base64
		msg, _, err := mail.Compose(mail.Outgoing{From: ann.Address, To: gm.Address, Subject: "orders", Body: b.String(),
			AttachmentName: "film.bin", Attachment: attachment})
		if err != nil {
			t.Fatal(err)
		}
		if err := mail.Send(ctx, ann, []string{gm.Address}, msg); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for all, _ := mailboxStatus(t, gm); all < 2; all, _ = mailboxStatus(t, gm) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of the 2 mails delivered", all)
		}
		time.Sleep(100 * time.Millisecond)
	}
	fs, err := g.FetchOrders(ctx, gm)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs.NotFetched) != 1 || !strings.Contains(fs.NotFetched[0], "mail from ann@example.test (") ||
		!strings.Contains(fs.NotFetched[0], fmt.Sprintf("more than the %d bytes a message may have", mail.DefaultMaxSize)) {
		t.Errorf("the large mail is reported as %q", fs.NotFetched)
	}
	if fs.Taken[1] == "" {
		t.Errorf("ann's ordinary mail was not taken: %+v", fs)
	}
	if all, unseen := mailboxStatus(t, gm); all != 2 || unseen != 2 {
		t.Errorf("the mailbox holds %d mails, %d unread; want both left unread", all, unseen)
	}
	t.Logf("reported: %s", fs.NotFetched)
}

// On real servers, a mail of a player's larger than the turn reads of an
// order file but under a mail's limit (a 5 MB photo beside the orders) is
// reported with its sender and size and kept out of the orders folder:
// the turn runs, and the player shows as missing.
func TestRealMailLargerThanAnOrderFile(t *testing.T) {
	srv := realMail(t, "gm:gm-pass", "ann:ann-pass")
	port := func(k string) int { n, _ := strconv.Atoi(srv[k]); return n }
	mc := &MailConfig{Address: "gm@example.test", User: "gm@example.test", IMAPHost: "127.0.0.1", IMAPPort: port("IMAPS_PORT"),
		IMAPSecurity: "tls", SMTPHost: "127.0.0.1", SMTPPort: port("SUBMISSIONS_PORT"), SMTPSecurity: "tls", CAFile: srv["CA_FILE"]}
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 4, Players: 1, Name: "Real Middle",
		Player: []Player{{Number: 1, Email: "ann@example.test"}}, Mail: mc})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	gm := mc.Account("gm-pass", g.Dir)
	ann := mc.Account("ann-pass", g.Dir)
	ann.User, ann.Address = "ann@example.test", "ann@example.test"
	ctx := context.Background()
	o, _ := order.Parse("PI 2")
	var b strings.Builder
	orderwriter.Write(&b, &orderwriter.File{Game: g.State.Name, Player: 1, Turn: 2, Password: g.State.Empire(1).Password, Orders: []order.Order{o}})
	msg, _, err := mail.Compose(mail.Outgoing{From: ann.Address, To: gm.Address, Subject: "orders", Body: b.String(),
		AttachmentName: "photo.jpg", Attachment: make([]byte, 5<<20)})
	if err != nil {
		t.Fatal(err)
	}
	if err := mail.Send(ctx, ann, []string{gm.Address}, msg); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for all, _ := mailboxStatus(t, gm); all < 1; all, _ = mailboxStatus(t, gm) {
		if time.Now().After(deadline) {
			t.Fatal("the mail was not delivered")
		}
		time.Sleep(100 * time.Millisecond)
	}
	fs, err := g.FetchOrders(ctx, gm)
	if err != nil {
		t.Fatal(err)
	}
	if problems := strings.Join(fs.Problems, "\n"); len(fs.Taken) != 0 || !strings.Contains(problems, "mail from ann@example.test (") ||
		!strings.Contains(problems, "bytes the turn reads of an order file; not taken") {
		t.Errorf("taken %v; problems %q", fs.Taken, problems)
	}
	sum, err := g.Turn(TurnOptions{})
	if err != nil || fmt.Sprint(sum.Missing) != "[1]" {
		t.Errorf("the turn: missing %v, %v", sum.Missing, err)
	}
	t.Logf("reported: %s", fs.Problems)
}
