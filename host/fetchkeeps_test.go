package host

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"silverfall/mail"
	"silverfall/mail/mailtest"
)

// A file the moderator saved as orders/player-01.eml (bob's orders, say)
// is never overwritten by a mail fetch: ann's mail is kept beside it, the
// moderator told, and both players' orders are carried out.
func TestFetchNeverOverwritesAFileOfTheModerators(t *testing.T) {
	sys := mailtest.Start(t, mailtest.User{Login: "gm", Password: "gm-pass", Address: "gm@example.org"},
		mailtest.User{Login: "ann", Password: "ann-pass", Address: "ann@example.org"})
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 5, Players: 2, Name: "Host Test",
		Player: []Player{{Number: 1, Email: "ann@example.org"}, {Number: 2, Email: "bob@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	bobs := orderFile(t, g, 2, "PI 2")
	put(t, g, "player-01.eml", bobs)
	ctx := context.Background()
	a := sys.Account("ann")
	for _, line := range []string{"PI 1", "PI 3"} { // two mails: the second replaces the first, not bob's
		msg, _, err := mail.Compose(mail.Outgoing{From: a.Address, To: "gm@example.org", Subject: "orders", Body: "x",
			AttachmentName: "o.txt", Attachment: orderFile(t, g, 1, line)})
		if err != nil {
			t.Fatal(err)
		}
		if err := mail.Send(ctx, a, []string{"gm@example.org"}, msg); err != nil {
			t.Fatal(err)
		}
		fs, err := g.FetchOrders(ctx, sys.Account("gm"))
		if err != nil {
			t.Fatal(err)
		}
		if len(fs.Replaced) != 1 || !strings.Contains(fs.Replaced[0], "player-01.eml was not written by mail fetch and is left as it is") {
			t.Errorf("the moderator is told %q", fs.Replaced)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(TurnDir(g.Dir, 1), OrdersDir, "player-01.eml")); !bytes.Equal(got, bobs) {
		t.Error("bob's file was overwritten")
	}
	sum, err := g.Turn(TurnOptions{})
	if err != nil || len(sum.Sent) != 2 {
		t.Fatalf("sent %v, missing %v: %v", sum.Sent, sum.Missing, err)
	}
	if g.State.Empire(1).Interceptors != 3 || g.State.Empire(2).Interceptors != 2 {
		t.Errorf("interceptors: ann %d (want 3, her later mail), bob %d (want 2)", g.State.Empire(1).Interceptors, g.State.Empire(2).Interceptors)
	}
	replayMatches(t, g)
}
