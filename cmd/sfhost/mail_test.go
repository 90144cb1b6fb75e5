package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"silverfall/engine/order"
	"silverfall/host"
	"silverfall/internal/secret"
	"silverfall/mail"
	"silverfall/mail/mailtest"
	"silverfall/orderwriter"
)

func TestMailCommands(t *testing.T) {
	sys := mailtest.Start(t,
		mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"},
		mailtest.User{Login: "ann", Password: "ann-pass", Address: "ann@example.org"})
	dir := filepath.Join(t.TempDir(), "game")
	if s, _, errs := sfhost(t, "new", dir, "--seed", "3", "--players", "1"); s != 0 {
		t.Fatal(errs)
	}
	if s, _, errs := sfhost(t, "mail", "send", dir); s != 1 || !strings.Contains(errs, "no [mail] section") {
		t.Errorf("without settings: %d %q", s, errs)
	}
	// The moderator's settings: the mailbox, and the player's address.
	var c host.Config
	toml.DecodeFile(filepath.Join(dir, host.ConfigFile), &c)
	host_, port, _ := net.SplitHostPort(sys.IMAPAddr)
	ip, _ := strconv.Atoi(port)
	_, sport, _ := net.SplitHostPort(sys.SMTPAddr)
	sp, _ := strconv.Atoi(sport)
	c.Player = []host.Player{{Number: 1, Email: "ann@example.org"}}
	c.Mail = &host.MailConfig{Address: "gm@example.org", User: "gm", IMAPHost: host_, IMAPPort: ip, IMAPSecurity: "tls",
		SMTPHost: host_, SMTPPort: sp, SMTPSecurity: "tls", CAFile: sys.CAFile}
	var b bytes.Buffer
	toml.NewEncoder(&b).Encode(c)
	os.WriteFile(filepath.Join(dir, host.ConfigFile), b.Bytes(), 0o644)

	// No password anywhere: said, and nothing sent.
	keyring = &secret.Memory{}
	t.Setenv(host.PasswordEnv, "")
	if s, _, errs := sfhost(t, "mail", "send", dir); s != 1 || !strings.Contains(errs, "no password for gm") {
		t.Errorf("no password: %d %q", s, errs)
	}
	// Kept in the keyring from standard input.
	var out, errb bytes.Buffer
	if s := runWith([]string{"mail", "password", dir}, strings.NewReader("gm-pass\n"), &out, &errb); s != 0 {
		t.Fatalf("password: %d %q", s, errb.String())
	}
	if s, out, errs := sfhost(t, "mail", "send", dir); s != 0 || !strings.Contains(out, "turn 1 sheets mailed to player 1") {
		t.Errorf("send: %d %q %q", s, out, errs)
	}
	if all, _ := sys.Count("ann@example.org"); all != 1 {
		t.Errorf("ann has %d mails", all)
	}
	// Ann's orders come back by mail.
	f := &orderwriter.File{Game: "Silverfall 3", Player: 1, Turn: 2, Password: passwordOf(t, dir, 1)}
	o, _ := order.Parse("PI 2")
	f.Orders = append(f.Orders, o)
	var ob bytes.Buffer
	orderwriter.Write(&ob, f)
	ann := sys.Account("ann")
	msg, _, _ := mail.Compose(mail.Outgoing{From: ann.Address, To: "gm@example.org", Subject: "orders", Body: ob.String()})
	if err := mail.Send(context.Background(), ann, []string{"gm@example.org"}, msg); err != nil {
		t.Fatal(err)
	}
	t.Setenv(host.PasswordEnv, "gm-pass") // the environment works as well
	keyring = &secret.Memory{}
	if s, out, errs := sfhost(t, "mail", "fetch", dir); s != 0 || !strings.Contains(out, "1 order mails kept; orders for turn 2 now from player 1") {
		t.Errorf("fetch: %d %q %q", s, out, errs)
	}
	if s, out, _ := sfhost(t, "status", dir); s != 0 || !strings.Contains(out, "Orders in player 1") {
		t.Errorf("status after the fetch: %q", out)
	}
	// A mail too large is named, with its sender and size, by the fetch
	// (status 1) and by status after it; it stays unread in the mailbox.
	huge := "From: ann@example.org\r\nTo: gm@example.org\r\nSubject: big\r\n\r\n" + strings.Repeat("x", mail.DefaultMaxSize)
	if err := sys.Deliver("gm@example.org", []byte(huge)); err != nil {
		t.Fatal(err)
	}
	said := "mail from ann@example.org (" + strconv.Itoa(len(huge)) + " bytes, player 1): more than the"
	if s, out, errs := sfhost(t, "mail", "fetch", dir); s != 1 || !strings.Contains(errs, said) || !strings.Contains(out, "1 mail left in the mailbox, not taken") {
		t.Errorf("fetch of a mail too large: %d %q %q", s, out, errs)
	}
	if s, _, errs := sfhost(t, "status", dir); s != 0 || !strings.Contains(errs, said) {
		t.Errorf("status after it: %d %q", s, errs)
	}
	if all, unread := sys.Count("gm@example.org"); all != 2 || unread != 2 {
		t.Errorf("the moderator's mailbox holds %d, %d unread", all, unread)
	}
}
