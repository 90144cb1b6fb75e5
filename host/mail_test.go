package host

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/mail"
	"silverfall/mail/mailtest"
	"silverfall/orderwriter"
	"silverfall/reportparse"
)

// The moderator's mail, through a mail system in the test's process: the
// sheets go out, the players' orders come in (the later mail of a player
// wins, both kept; mails that are not orders for this turn are set aside
// with a reason), and the turn takes them.
func TestMailSheetsAndOrders(t *testing.T) {
	sys := mailtest.Start(t,
		mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"},
		mailtest.User{Login: "ann", Password: "ann-pass", Address: "ann@example.org"},
		mailtest.User{Login: "bob", Password: "bob-pass", Address: "bob@example.org"})
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 5, Players: 2, Name: "Mail Test",
		Player: []Player{{Number: 1, Email: "ann@example.org"}, {Number: 2, Email: "Bob@Example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	gm := sys.Account("gm")
	sum, err := g.SendSheets(ctx, gm, false)
	if err != nil || fmt.Sprint(sum.Sent) != "[1 2]" {
		t.Fatalf("send: %+v %v", sum, err)
	}
	if sum, _ := g.SendSheets(ctx, gm, false); fmt.Sprint(sum.Already) != "[1 2]" || len(sum.Sent) != 0 {
		t.Errorf("a second send: %+v", sum)
	}
	// Each player's sheet arrived and reads as his.
	for _, p := range []struct {
		login  string
		player int
	}{{"ann", 1}, {"bob", 2}} {
		var got []mail.Message
		if _, err := mail.Fetch(ctx, sys.Account(p.login), mail.FetchOptions{From: []string{"gm@example.org"}},
			func(m mail.Message) error { got = append(got, m); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 {
			t.Fatalf("%s has %d mails", p.login, len(got))
		}
		rep, err := reportparse.Parse(rules.Default(), p.login+".eml", got[0].Raw)
		if err != nil || rep.Knowledge.Empire.Player != p.player || rep.Knowledge.Turn != 1 {
			t.Errorf("%s's sheet: %v", p.login, err)
		}
	}
	orders := func(p, turn int, lines ...string) []byte {
		f := &orderwriter.File{Game: g.State.Name, Player: p, Turn: turn, Password: g.State.Empire(p).Password}
		for _, l := range lines {
			o, _ := order.Parse(l)
			f.Orders = append(f.Orders, o)
		}
		var b bytes.Buffer
		orderwriter.Write(&b, f)
		return b.Bytes()
	}
	send := func(login string, body string, attachment []byte) {
		a := sys.Account(login)
		msg, _, err := mail.Compose(mail.Outgoing{From: a.Address, To: "gm@example.org", Subject: "orders", Body: body,
			AttachmentName: "orders.txt", Attachment: attachment})
		if err != nil {
			t.Fatal(err)
		}
		if err := mail.Send(ctx, a, []string{"gm@example.org"}, msg); err != nil {
			t.Fatal(err)
		}
	}
	send("ann", "my orders", orders(1, 2, "PI 1"))
	send("ann", "changed my mind", orders(1, 2, "PI 4"))
	send("bob", "hello, how are you?", nil)
	send("bob", "late", orders(2, 7, "PI 2"))
	sys.Deliver("gm@example.org", []byte("From: eve@example.org\r\nSubject: spam\r\n\r\nbuy\r\n"))

	fs, err := g.FetchOrders(ctx, gm)
	if err != nil {
		t.Fatal(err)
	}
	if fs.Kept != 2 || fs.Taken[1] == "" || fs.Taken[2] != "" {
		t.Errorf("fetch: %+v", fs)
	}
	problems := strings.Join(fs.Problems, "\n")
	for _, want := range []string{"bob@example.org", " bytes): holds no order file", "for turn 7"} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems lack %q:\n%s", want, problems)
		}
	}
	kept, _ := filepath.Glob(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, "mail", "player-01-*.eml"))
	if len(kept) != 2 {
		t.Errorf("%d mails of player 1 kept, want both", len(kept))
	}
	if len(fs.Replaced) != 1 || !strings.Contains(fs.Replaced[0], "player 1: ann@example.org sent a different order file") {
		t.Errorf("the moderator is not told that player 1 sent two different files: %q", fs.Replaced)
	}
	// Fetched again: nothing new.
	if again, _ := g.FetchOrders(ctx, gm); again.Kept != 0 || len(again.Problems) != 0 {
		t.Errorf("a second fetch: %+v", again)
	}
	before := g.State.Empire(1).Interceptors
	if _, err := g.Turn(TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := g.State.Empire(1).Interceptors; got != before+4 {
		t.Errorf("player 1 has %d interceptors: the later mail (PI 4) should win over the first", got)
	}
	// The new turn's sheets go out.
	if sum, err := g.SendSheets(ctx, gm, false); err != nil || fmt.Sprint(sum.Sent) != "[1 2]" {
		t.Errorf("turn 2's sheets: %+v %v", sum, err)
	}
	if _, err := os.Stat(filepath.Join(TurnDir(g.Dir, 2), "sent", "player-02.eml")); err != nil {
		t.Errorf("the mail sent is not kept: %v", err)
	}
}

// A wrong password says so; nothing is fetched or sent.
func TestMailWrongPassword(t *testing.T) {
	sys := mailtest.Start(t, mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"})
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 5, Players: 1, Player: []Player{{Number: 1, Email: "a@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	a := sys.Account("gm")
	a.Password = "nope"
	if _, err := g.FetchOrders(context.Background(), a); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Errorf("fetch: %v", err)
	}
	sum, _ := g.SendSheets(context.Background(), a, false)
	if len(sum.Sent) != 0 || len(sum.Problems) != 1 || !strings.Contains(sum.Problems[0], "refused") {
		t.Errorf("send: %+v", sum)
	}
}

// Mail the host does not take is never silent: a mail too large is left
// unread in the mailbox and named with its sender and size (by the fetch,
// in DIR/mail/not-fetched.txt and by sfhost status), and the player shows
// as missing with the reason beside him; a mail with a forged sender and
// without the player's password is refused, kept aside, and his sheet says
// so; it does not replace his orders.
func TestMailNotTakenIsNeverSilent(t *testing.T) {
	sys := mailtest.Start(t,
		mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"},
		mailtest.User{Login: "ann", Password: "ann-pass", Address: "ann@example.org"})
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 5, Players: 2, Name: "Mail Test",
		Player: []Player{{Number: 1, Email: "ann@example.org"}, {Number: 2, Email: "bob@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ctx := context.Background()
	gm := sys.Account("gm")
	orders := func(p int, pw, line string) []byte {
		o, _ := order.Parse(line)
		var b bytes.Buffer
		orderwriter.Write(&b, &orderwriter.File{Game: g.State.Name, Player: p, Turn: 2, Password: pw, Orders: []order.Order{o}})
		return b.Bytes()
	}
	send := func(login string, attachment []byte) {
		a := sys.Account(login)
		msg, _, err := mail.Compose(mail.Outgoing{From: a.Address, To: "gm@example.org", Subject: "orders", Body: "here",
			AttachmentName: "orders.txt", Attachment: attachment})
		if err != nil {
			t.Fatal(err)
		}
		if err := mail.Send(ctx, a, []string{"gm@example.org"}, msg); err != nil {
			t.Fatal(err)
		}
	}
	send("ann", orders(1, g.State.Empire(1).Password, "PI 3"))
	// Someone else, writing ann's address in From, without her password.
	forged := "From: ann@example.org\r\nTo: gm@example.org\r\nSubject: orders\r\nMessage-Id: <forged@example.net>\r\n\r\n" +
		strings.ReplaceAll(string(orders(1, "aaaa-bbbb-cccc", "PI 1")), "\n", "\r\n")
	if err := sys.Deliver("gm@example.org", []byte(forged)); err != nil {
		t.Fatal(err)
	}
	huge := "From: bob@example.org\r\nTo: gm@example.org\r\nSubject: my orders, with a film\r\n\r\n" +
		string(orders(2, g.State.Empire(2).Password, "PI 2")) + strings.Repeat("x", mail.DefaultMaxSize)
	if err := sys.Deliver("gm@example.org", []byte(huge)); err != nil {
		t.Fatal(err)
	}
	fs, err := g.FetchOrders(ctx, gm)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs.NotFetched) != 1 || !strings.Contains(fs.NotFetched[0], fmt.Sprintf("mail from bob@example.org (%d bytes, player 2)", len(huge))) ||
		!strings.Contains(fs.NotFetched[0], "left unread in the mailbox") {
		t.Errorf("the large mail is reported as %q", fs.NotFetched)
	}
	if all, unread := sys.Count("gm@example.org"); all != 3 || unread != 3 {
		t.Errorf("the mailbox holds %d mails, %d unread; want all 3 left unread", all, unread)
	}
	if problems := strings.Join(fs.Problems, "\n"); !strings.Contains(problems, "the orders for player 1 do not carry his password; refused") {
		t.Errorf("the forged mail is not refused: %q", problems)
	}
	if len(fs.Replaced) != 0 || fs.Taken[1] == "" {
		t.Errorf("the forged mail replaced ann's orders: %+v", fs)
	}
	st, err := g.Status()
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(st.Missing) != "[2]" || len(st.NotFetched) != 1 || !strings.Contains(st.NotFetched[0], "bob@example.org") {
		t.Errorf("status: missing %v, not fetched %q", st.Missing, st.NotFetched)
	}
	// Fetched again: the large mail is named again, nothing is taken twice.
	if again, _ := g.FetchOrders(ctx, gm); len(again.NotFetched) != 1 || again.Kept != 0 || len(again.Problems) != 0 {
		t.Errorf("a second fetch: %+v", again)
	}
	if _, err := g.Turn(TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := g.State.Empire(1).Interceptors; n != 3 {
		t.Errorf("player 1 has %d interceptors: her own mail (PI 3) counts, not the forged one", n)
	}
	if !strings.Contains(strings.Join(strings.Fields(sheetOf(t, g, 1)), " "), "An order file for your empire was refused") {
		t.Error("player 1's sheet does not say a file for her was refused")
	}
	replayMatches(t, g)
}

// TestMailFromAStrangerIsNamed: a player who writes from an address that
// game.toml does not give him is named to the moderator (sender, size,
// subject, quoted), not passed over as missing; his mail stays unread and
// is not taken. Only the newest mail.MaxStrangers are named.
func TestMailFromAStrangerIsNamed(t *testing.T) {
	sys := mailtest.Start(t, mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"})
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 5, Players: 2, Name: "Mail Test",
		Player: []Player{{Number: 1, Email: "ann@example.org"}, {Number: 2, Email: "bob@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	deliver := func(from, subject string) {
		raw := "From: " + from + "\r\nTo: gm@example.org\r\nSubject: " + subject + "\r\n\r\nPI 3\r\n"
		if err := sys.Deliver("gm@example.org", []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	deliver("Ann Smith <ann.smith@new.example>", "my orders\x1b[2J")
	deliver("bob@example.org", "orders")
	fs, err := g.FetchOrders(context.Background(), sys.Account("gm"))
	if err != nil {
		t.Fatal(err)
	}
	if len(fs.Strangers) != 1 || !strings.Contains(fs.Strangers[0], `mail from ann.smith@new.example (`) ||
		!strings.Contains(fs.Strangers[0], `subject "my orders\x1b[2J"`) || strings.Contains(fs.Strangers[0], "\x1b") {
		t.Errorf("the stranger's mail is told as %q", fs.Strangers)
	}
	if all, unread := sys.Count("gm@example.org"); all != 2 || unread != 2 {
		t.Errorf("%d mails, %d unread: every mail stays unread", all, unread)
	}
	for i := 0; i < mail.MaxStrangers+5; i++ {
		deliver(fmt.Sprintf("someone%d@else.example", i), "hello")
	}
	if fs, _ = g.FetchOrders(context.Background(), sys.Account("gm")); len(fs.Strangers) != mail.MaxStrangers ||
		!strings.Contains(fs.Strangers[0], fmt.Sprintf("someone%d@", mail.MaxStrangers+4)) {
		t.Errorf("%d strangers named, the first %q; want the newest %d", len(fs.Strangers), fs.Strangers[0], mail.MaxStrangers)
	}
}
