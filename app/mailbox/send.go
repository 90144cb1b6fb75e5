package mailbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"silverfall/internal/atomicfile"
	"silverfall/mail"
)

// Orders are the orders to mail: the order file for turn Turn of a game.
type Orders struct {
	Game     string
	Player   int
	Turn     int    // the turn the orders are for
	Text     string // the order file
	FileName string // its name as an attachment
	Count    int    // how many orders it holds
	Demo     bool   // the demo game's: never sent
	Practice bool   // a practice game's, carried out in the window: never sent
	// Keep is the folder where the message sent is kept ("": not kept).
	Keep string
}

// ErrDemo: the demo game's orders are never mailed; the moderator has
// no such game.
var ErrDemo = errors.New("these are the demo game's orders; no moderator runs the demo game, so they are not sent")

// ErrPractice: a practice game's orders are never mailed; the window
// carries out its turns itself.
var ErrPractice = errors.New("these are a practice game's orders; Silverfall carries out its turns itself (End turn), so they are not sent")

// ErrNoModerator: the moderator's address is not set.
var ErrNoModerator = errors.New("the moderator's address is not set (File > Mail settings)")

// ErrNotKept: the orders were sent, but the copy of the message could not
// be kept in the game's folder.
var ErrNotKept = errors.New("the orders were sent, but their copy could not be kept in the game's folder")

// Letter is a message ready to send: what goes to whom.
type Letter struct {
	From, To, Subject string
	FileName          string
	Orders            Orders
}

// Letter writes the message that would carry the orders. The demo game's
// orders give ErrDemo, a practice game's ErrPractice.
func (m *Mailbox) Letter(o Orders) (Letter, error) {
	if o.Demo {
		return Letter{}, ErrDemo
	}
	if o.Practice {
		return Letter{}, ErrPractice
	}
	s := m.Settings()
	to := strings.TrimSpace(s.Moderator)
	if to == "" {
		return Letter{}, ErrNoModerator
	}
	return Letter{From: s.Account("").Address, To: to, FileName: mail.SafeFileName(o.FileName),
		Subject: fmt.Sprintf("Orders: %s, player %d, turn %d", o.Game, o.Player, o.Turn), Orders: o}, nil
}

// Describe says what goes to whom, for the question before sending.
func (l Letter) Describe() string {
	n := Plural(l.Orders.Count, "order")
	if l.Orders.Count == 0 {
		n = "no orders"
	}
	return fmt.Sprintf("To: %s\nFrom: %s\nSubject: %s\n\nThe order file %s (%s) goes in the message and attached.",
		l.To, l.From, l.Subject, l.FileName, n)
}

// Send mails the letter with account a: the order file in the message
// and attached. The message sent is kept in the orders' Keep folder; Send
// returns where. A server silent for Timeout ends it; so does
// cancelling ctx, at once.
func (m *Mailbox) Send(ctx context.Context, a mail.Account, l Letter) (string, error) {
	if l.Orders.Demo {
		return "", ErrDemo
	}
	if l.Orders.Practice {
		return "", ErrPractice
	}
	msg, _, err := mail.Compose(mail.Outgoing{From: a.Address, To: l.To, Subject: l.Subject, Body: l.Orders.Text,
		AttachmentName: l.FileName, Attachment: []byte(l.Orders.Text)})
	if err != nil {
		return "", err
	}
	if err := mail.Send(ctx, a, []string{l.To}, msg); err != nil {
		return "", err
	}
	if l.Orders.Keep == "" {
		return "", nil
	}
	kept := filepath.Join(l.Orders.Keep, fmt.Sprintf("turn-%03d-orders-%s.eml", l.Orders.Turn, time.Now().Format("20060102-150405")))
	if err := os.MkdirAll(l.Orders.Keep, 0o755); err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotKept, err)
	}
	if err := atomicfile.WriteFile(kept, msg, 0o644); err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotKept, err)
	}
	return kept, nil
}
