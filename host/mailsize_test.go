package host

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/engine/order"
	"silverfall/mail/mailtest"
	"silverfall/orderwriter"
)

// A mail larger than the turn reads of an order file, yet under the
// mail's own limit (a forged sender's, without the password; a player's
// own, with a film), is reported with its sender and size and kept out of
// the orders folder: it never stops the turn for everyone.
func TestMailLargerThanAnOrderFile(t *testing.T) {
	sys := mailtest.Start(t, mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"})
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 5, Players: 2, Name: "Mail Test",
		Player: []Player{{Number: 1, Email: "ann@example.org"}, {Number: 2, Email: "bob@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	mailOf := func(from string, p int, pw string) []byte {
		o, _ := order.Parse("PI 1")
		var b bytes.Buffer
		orderwriter.Write(&b, &orderwriter.File{Game: g.State.Name, Player: p, Turn: 2, Password: pw, Orders: []order.Order{o}})
		return []byte("From: " + from + "\r\nTo: gm@example.org\r\nSubject: orders\r\n\r\n" +
			strings.ReplaceAll(b.String(), "\n", "\r\n") + strings.Repeat("# a film, as text\r\n", maxOrderFile/16))
	}
	sys.Deliver("gm@example.org", mailOf("ann@example.org", 1, "aaaa-bbbb-cccc"))           // forged
	sys.Deliver("gm@example.org", mailOf("bob@example.org", 2, g.State.Empire(2).Password)) // his own
	fs, err := g.FetchOrders(context.Background(), sys.Account("gm"))
	if err != nil {
		t.Fatal(err)
	}
	problems := strings.Join(fs.Problems, "\n")
	for _, who := range []string{"mail from ann@example.org", "mail from bob@example.org"} {
		if !strings.Contains(problems, who) || strings.Count(problems, "bytes the turn reads of an order file; not taken") != 2 {
			t.Errorf("the fetch does not say %s is too large to take:\n%s", who, problems)
		}
	}
	if len(fs.Taken) != 0 {
		t.Errorf("taken %v", fs.Taken)
	}
	sum, err := g.Turn(TurnOptions{})
	if err != nil || len(sum.Problems) != 0 {
		t.Fatalf("the turn: %v %q", err, sum.Problems)
	}
	replayMatches(t, g)
}

// A file in the folders of files set aside that cannot be read (too
// large, not an order file, for another turn) is named to the moderator
// and never stops the turn.
func TestUnreadableFileSetAside(t *testing.T) {
	g := newGame(t, 2)
	for _, sub := range []string{RefusedDir, SupersededDir} {
		if err := os.MkdirAll(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	put(t, g, filepath.Join(RefusedDir, "big.eml"), bytes.Repeat([]byte("# x\n"), maxOrderFile/3))
	put(t, g, filepath.Join(SupersededDir, "note.txt"), []byte("not orders\n"))
	put(t, g, "a.txt", orderFile(t, g, 1, "PI 2"))
	sum, err := g.Turn(TurnOptions{})
	if err != nil {
		t.Fatalf("the turn: %v %q", err, sum.Problems)
	}
	skipped := strings.Join(sum.Skipped, "\n")
	for _, want := range []string{"big.eml: ", "far more than orders take", "note.txt: not an order file", "kept aside, not taken"} {
		if !strings.Contains(skipped, want) {
			t.Errorf("the moderator is not told %q:\n%s", want, skipped)
		}
	}
	if g.State.Empire(1).Interceptors != 2 {
		t.Error("player 1's orders were not carried out")
	}
	replayMatches(t, g)
}
