package app

import (
	"bytes"
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"silverfall/engine/setup"
	"silverfall/mail"
)

// TestSetupMailed: with the mail set up, the set-up dialog offers to mail
// the file to the moderator, asks first, and the moderator gets the file
// attached, as Save would write it.
func TestSetupMailed(t *testing.T) {
	sys := mailSystem(t)
	x := mailApp(t, sys)
	v := x.setups
	v.last = &setup.Setup{Game: "Silverfall 42", Player: 2, Race: 3, Ships: []setup.Ship{{Type: 23}, {Type: 35, Fire: 4, Defence: 40}}}
	v.last.Levels = sixteenLevels()
	v.Dialog()
	tap(t, x, "Mail to the moderator…")
	if msg := top(x); !strings.Contains(msg, "To: gm@example.org") || !strings.Contains(msg, "Set-up: Silverfall 42, player 2") {
		t.Fatalf("the question before sending: %q", msg)
	}
	if all, _ := sys.Count("gm@example.org"); all != 0 {
		t.Errorf("%d messages sent before the answer", all)
	}
	tap(t, x, "Yes")
	var got []mail.Message
	if _, err := mail.Fetch(context.Background(), sysAccount(sys, "gm", "gm-pass"), mail.FetchOptions{From: []string{"ann@example.org"}},
		func(m mail.Message) error { got = append(got, m); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Subject != "Set-up: Silverfall 42, player 2" {
		t.Fatalf("the moderator has %d messages: %+v", len(got), got)
	}
	text, _ := setupText(x.rules, v.last)
	if !bytes.Contains(bytes.ReplaceAll(got[0].Raw, []byte("\r\n"), nil), []byte(base64.StdEncoding.EncodeToString([]byte(text)))) ||
		!bytes.Contains(got[0].Raw, []byte("Silverfall-42-player-02-setup.txt")) {
		t.Errorf("the attachment is not the set-up file:\n%s", got[0].Raw)
	}
	if !strings.Contains(x.status.Text(), "Set-up sent to gm@example.org") {
		t.Errorf("status %q", x.status.Text())
	}
}
