package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/internal/plural"
	"silverfall/mail"
)

// The mail part of the window: File > Mail settings, Fetch turn sheets,
// Send orders.

// mailItems are the File menu's mail entries.
func (x *App) mailItems() []*fyne.MenuItem {
	fetch := fyne.NewMenuItem("Fetch turn sheets", x.FetchDialog)
	send := fyne.NewMenuItem("Send orders…", x.SendDialog)
	settings := fyne.NewMenuItem("Mail settings…", x.MailSettingsDialog)
	return []*fyne.MenuItem{fetch, send, settings}
}

// withAccount runs use with the mail account and its password: asked for
// when the keyring has none (and kept there when the desktop has one,
// else for this run). Without settings it opens them first.
func (x *App) withAccount(what string, use func(mail.Account)) {
	m := x.settings.Mail
	if !m.Configured() {
		x.MailSettingsDialog()
		return
	}
	if pw := x.password(); pw != "" {
		use(m.Account(pw))
		return
	}
	x.askPassword(what, func(pw string) { use(m.Account(pw)) })
}

// askPassword asks for the mail password.
func (x *App) askPassword(what string, then func(string)) {
	m := x.settings.Mail
	pw := widget.NewPasswordEntry()
	items := []*widget.FormItem{
		widget.NewFormItem("Account", widget.NewLabel(m.User+" at "+m.IMAPHost)),
		widget.NewFormItem("Password", pw),
	}
	d := dialog.NewForm("Mail password", what, "Cancel", items, func(ok bool) {
		if !ok || pw.Text == "" {
			return
		}
		if !x.keepPassword(pw.Text) {
			x.status.say("The desktop has no keyring: the password is kept until Silverfall closes.")
		}
		then(pw.Text)
	}, x.win)
	d.Resize(fyne.NewSize(460, 200))
	d.Show()
	x.win.Canvas().Focus(pw)
}

// FetchDialog fetches the moderator's new turn sheets with a progress
// dialog that can be cancelled, then shows the newest sheet of the game.
func (x *App) FetchDialog() {
	x.withAccount("Fetch", func(a mail.Account) { x.fetchWith(a, true) })
}

// fetchWith fetches in the background; loud shows a dialog with the
// result even when there is nothing new.
func (x *App) fetchWith(a mail.Account, loud bool) {
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	label := widget.NewLabel("Connecting to " + a.IMAP.Host + "…")
	var progress dialog.Dialog
	if loud {
		progress = dialog.NewCustom("Fetching turn sheets", "Cancel", container.NewVBox(label, bar), x.win)
		progress.SetOnClosed(cancel)
		progress.Show()
	}
	x.Background(func() {
		res, err := x.FetchSheets(ctx, a, func(done, total int) {
			fyne.Do(func() {
				label.SetText(fmt.Sprintf("%d of %s", done, plural.Count(total, "message")))
				bar.SetValue(float64(done) / float64(total))
			})
		})
		fyne.Do(func() {
			cancelled := ctx.Err() != nil
			cancel()
			if progress != nil {
				progress.Hide()
			}
			x.fetched(res, err, cancelled, loud)
		})
	})
}

// fetched shows what a fetch brought.
func (x *App) fetched(res FetchResult, err error, cancelled, loud bool) {
	switch {
	case cancelled:
		x.status.say(fmt.Sprintf("Fetch cancelled; %s kept.", plural.Count(len(res.Imported), "sheet")))
	case errors.Is(err, mail.ErrAuth):
		x.secrets.get().Delete(keyringService, x.settings.Mail.keyringUser())
		dialog.ShowError(fmt.Errorf("%v\n\nThe password is forgotten; the next fetch asks for it again.", err), x.win)
	case err != nil:
		dialog.ShowError(fmt.Errorf("the fetch stopped: %v\n\nThe sheets fetched before are kept; the next fetch goes on from there.", err), x.win)
	}
	if best := x.newest(res); best != nil {
		if err := x.Load(best.Path); err != nil {
			x.showImportError(best.Path, err)
		}
	}
	if err == nil && !cancelled {
		if loud || len(res.Imported) > 0 || len(res.Problems) > 0 {
			x.status.say(firstLine(res.summary()))
		}
		if loud {
			dialog.ShowInformation("Turn sheets", res.summary(), x.win)
		}
	}
}

// SendDialog mails the orders to the moderator, asking first when they
// have errors, as Export does.
func (x *App) SendDialog() {
	if x.Draft() == nil {
		return
	}
	x.askBeforeSending("Send them", func() {
		x.withAccount("Send", func(a mail.Account) {
			progress := dialog.NewCustomWithoutButtons("Sending orders to "+x.settings.Mail.Moderator, widget.NewProgressBarInfinite(), x.win)
			progress.Show()
			x.Background(func() {
				kept, err := x.SendOrders(context.Background(), a)
				fyne.Do(func() {
					progress.Hide()
					x.sent(kept, err)
				})
			})
		})
	})
}

func (x *App) sent(kept string, err error) {
	switch {
	case errors.Is(err, mail.ErrAuth):
		x.secrets.get().Delete(keyringService, x.settings.Mail.keyringUser())
		dialog.ShowError(fmt.Errorf("%v\n\nThe orders were not sent; they stay in your draft. The password is forgotten; the next send asks for it again.", err), x.win)
	case err != nil:
		dialog.ShowError(fmt.Errorf("the orders were not sent: %v\n\nThey stay in your draft; nothing is lost.", err), x.win)
	default:
		msg := "Orders sent to " + x.settings.Mail.Moderator + "."
		if kept != "" {
			msg += " A copy is kept in the game's folder."
		}
		x.status.say(msg)
		dialog.ShowInformation("Orders sent", msg, x.win)
	}
}

// MailSettingsDialog edits the mail account. The password goes to the
// keyring, never to the settings file.
func (x *App) MailSettingsDialog() {
	m := x.settings.Mail
	if m.IMAPPort == 0 {
		d := DefaultMail()
		d.IMAPHost, d.SMTPHost, d.User, d.Address, d.Moderator = m.IMAPHost, m.SMTPHost, m.User, m.Address, m.Moderator
		m = d
	}
	entry := func(text, hint string) *widget.Entry {
		e := widget.NewEntry()
		e.SetText(text)
		e.SetPlaceHolder(hint)
		return e
	}
	port := func(n int) *widget.Entry { return entry(strconv.Itoa(n), "") }
	security := func(s string, implicit, start int) *widget.Select {
		sel := widget.NewSelect([]string{securityLabel(mail.TLS, implicit), securityLabel(mail.StartTLS, start)}, nil)
		if mail.Security(s) == mail.StartTLS {
			sel.SetSelectedIndex(1)
		} else {
			sel.SetSelectedIndex(0)
		}
		return sel
	}
	imapHost, imapPort, imapSec := entry(m.IMAPHost, "imap.example.org"), port(m.IMAPPort), security(m.IMAPSecurity, 993, 143)
	smtpHost, smtpPort, smtpSec := entry(m.SMTPHost, "smtp.example.org"), port(m.SMTPPort), security(m.SMTPSecurity, 465, 587)
	user, address := entry(m.User, "user name at the server"), entry(m.Address, "you@example.org")
	moderator, folder := entry(m.Moderator, "moderator@example.org"), entry(m.Folder, "INBOX")
	// Changing the security moves a port left at the other's usual number.
	follow := func(sel *widget.Select, port *widget.Entry, implicit, start int) {
		sel.OnChanged = func(string) {
			switch {
			case securityOf(sel) == mail.StartTLS && port.Text == strconv.Itoa(implicit):
				port.SetText(strconv.Itoa(start))
			case securityOf(sel) == mail.TLS && port.Text == strconv.Itoa(start):
				port.SetText(strconv.Itoa(implicit))
			}
		}
	}
	follow(imapSec, imapPort, 993, 143)
	follow(smtpSec, smtpPort, 465, 587)
	ca := entry(m.CAFile, "only for a server with a certificate of its own")
	pw := widget.NewPasswordEntry()
	pw.SetPlaceHolder("kept in the desktop's keyring")
	onStart := widget.NewCheck("Fetch turn sheets when Silverfall starts", nil)
	onStart.SetChecked(m.FetchOnStart)
	items := []*widget.FormItem{
		widget.NewFormItem("IMAP server", imapHost), widget.NewFormItem("IMAP port", imapPort), widget.NewFormItem("IMAP security", imapSec),
		widget.NewFormItem("SMTP server", smtpHost), widget.NewFormItem("SMTP port", smtpPort), widget.NewFormItem("SMTP security", smtpSec),
		widget.NewFormItem("User name", user), widget.NewFormItem("Password", pw), widget.NewFormItem("Your address", address),
		widget.NewFormItem("Moderator's address", moderator), widget.NewFormItem("Folder", folder),
		widget.NewFormItem("Extra CA file", ca), widget.NewFormItem("", onStart),
	}
	var d *dialog.FormDialog
	d = dialog.NewForm("Mail settings", "Save", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		ip, err1 := strconv.Atoi(strings.TrimSpace(imapPort.Text))
		sp, err2 := strconv.Atoi(strings.TrimSpace(smtpPort.Text))
		if err1 != nil || err2 != nil {
			dialog.ShowError(errors.New("a port is a number, such as 993 or 465"), x.win)
			return
		}
		n := MailSettings{
			IMAPHost: strings.TrimSpace(imapHost.Text), IMAPPort: ip, IMAPSecurity: string(securityOf(imapSec)),
			SMTPHost: strings.TrimSpace(smtpHost.Text), SMTPPort: sp, SMTPSecurity: string(securityOf(smtpSec)),
			User: strings.TrimSpace(user.Text), Address: strings.TrimSpace(address.Text), Moderator: strings.TrimSpace(moderator.Text),
			Folder: strings.TrimSpace(folder.Text), CAFile: strings.TrimSpace(ca.Text), FetchOnStart: onStart.Checked,
		}
		a := n.Account("")
		for _, err := range []error{a.IMAP.Check("IMAP"), a.SMTP.Check("SMTP")} {
			if err != nil {
				dialog.ShowError(err, x.win)
				return
			}
		}
		x.SetMail(n)
		if pw.Text != "" && !x.keepPassword(pw.Text) {
			x.status.say("The desktop has no keyring: the password is kept until Silverfall closes, then asked for again.")
		}
	}, x.win)
	d.Resize(fyne.NewSize(620, 640))
	d.Show()
}

func securityLabel(s mail.Security, port int) string {
	if s == mail.StartTLS {
		return fmt.Sprintf("STARTTLS (port %d)", port)
	}
	return fmt.Sprintf("TLS (port %d)", port)
}

func securityOf(sel *widget.Select) mail.Security {
	if sel.SelectedIndex() == 1 {
		return mail.StartTLS
	}
	return mail.TLS
}

// FetchOnStart fetches in the background when the settings ask for it and
// the keyring has the password (a start never stops to ask).
func (x *App) FetchOnStart() {
	m := x.settings.Mail
	if !m.FetchOnStart || !m.Configured() || x.wsRoot == "" {
		return
	}
	pw := x.password()
	if pw == "" {
		x.status.say("Turn sheets are not fetched at start until the mail password is given (File > Fetch turn sheets).")
		return
	}
	x.fetchWith(m.Account(pw), false)
}
