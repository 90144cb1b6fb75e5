package app

import (
	"context"
	"errors"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/mailbox"
	"silverfall/engine/setup"
	"silverfall/mail"
)

// setupLetter is the message that carries a set-up file to the moderator:
// the file in the message and attached, as orders go.
func setupLetter(box *mailbox.Mailbox, s *setup.Setup, text, name string) (mailbox.Letter, error) {
	m := box.Settings()
	if m.Moderator == "" {
		return mailbox.Letter{}, mailbox.ErrNoModerator
	}
	return mailbox.Letter{From: m.Account("").Address, To: m.Moderator, FileName: mail.SafeFileName(name),
		Subject: fmt.Sprintf("Set-up: %s, player %d", s.Game, s.Player),
		Orders:  mailbox.Orders{Game: s.Game, Player: s.Player, Text: text, FileName: name}}, nil
}

// sendSetup asks, showing what goes to whom, and mails the set-up file to
// the moderator in the background, with a progress dialog that can be
// cancelled.
func (v *mailView) sendSetup(s *setup.Setup, text, name string) {
	l, err := setupLetter(v.box, s, text, name)
	if err != nil {
		showError(errors.New(mailbox.Explain(err)), v.win)
		return
	}
	what := fmt.Sprintf("To: %s\nFrom: %s\nSubject: %s\n\nThe set-up file %s goes in the message and attached.", l.To, l.From, l.Subject, l.FileName)
	confirm(v.win, "Send the set-up?", what, func(ok bool) {
		if !ok {
			return
		}
		v.withAccount("Send", func(a mail.Account) {
			ctx, cancel := context.WithCancel(context.Background())
			progress := working(v.win, "Sending the set-up", container.NewVBox(
				widget.NewLabel(fmt.Sprintf("Sending to %s through %s…", l.To, a.SMTP.Host)), widget.NewProgressBarInfinite()), cancel)
			v.background(func() {
				_, err := v.box.Send(ctx, a, l)
				fyne.Do(func() {
					cancelled := ctx.Err() != nil
					cancel()
					progress.Hide()
					v.setupSent(l, err, cancelled)
				})
			})
		})
	})
}

func (v *mailView) setupSent(l mailbox.Letter, err error, cancelled bool) {
	switch {
	case err != nil && cancelled:
		v.tell("Sending cancelled; the set-up was not sent.")
	case errors.Is(err, mail.ErrAuth):
		v.box.ForgetPassword()
		showError(fmt.Errorf("The set-up was not sent. %s", mailbox.Explain(err)), v.win)
	case err != nil:
		showError(fmt.Errorf("The set-up was not sent. %s", mailbox.Explain(err)), v.win)
	default:
		v.tell("Set-up sent to " + l.To + ".")
	}
}
