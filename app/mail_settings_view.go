package app

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/mailbox"
	"silverfall/mail"
)

// settingsDialog edits the mail account, starting from m. The password
// goes to the keyring, never to the settings file. Save checks what can
// be checked here (ports, the CA file) and on a mistake says so and shows
// the form again as it was; saved, it goes on with then (a fetch or send
// that needed the settings), when given.
func (v *mailView) settingsDialog(m mailbox.Settings, then func()) {
	if m.IMAPSecurity == "" || m.SMTPSecurity == "" {
		// Never set: the usual ports and security.
		d := mailbox.Default()
		d.IMAPHost, d.SMTPHost, d.User, d.Address, d.Moderator = m.IMAPHost, m.SMTPHost, m.User, m.Address, m.Moderator
		m = d
	}
	f := newMailForm(m)
	keyring := v.box.HasKeyring()
	if keyring {
		f.pw.SetPlaceHolder("kept in the desktop's keyring")
	} else {
		f.pw.SetPlaceHolder("kept until Silverfall closes: this desktop has no keyring")
	}
	startNote := widget.NewLabel("")
	startNote.Wrapping = fyne.TextWrapWord
	if !keyring {
		startNote.SetText("This desktop has no keyring to keep the password between runs, so Silverfall asks for it at start before fetching.")
	}
	choose := widget.NewButton("Choose…", func() { v.chooseCA(f.ca) })
	items := []*widget.FormItem{
		widget.NewFormItem("IMAP server", f.imapHost), widget.NewFormItem("IMAP port", f.imapPort), widget.NewFormItem("IMAP security", f.imapSec),
		widget.NewFormItem("SMTP server", f.smtpHost), widget.NewFormItem("SMTP port", f.smtpPort), widget.NewFormItem("SMTP security", f.smtpSec),
		widget.NewFormItem("User name", f.user), widget.NewFormItem("Password", f.pw), widget.NewFormItem("Your address", f.address),
		widget.NewFormItem("Moderator's address", f.moderator), widget.NewFormItem("Folder", f.folder),
		widget.NewFormItem("Extra CA file", container.NewBorder(nil, nil, nil, choose, f.ca)),
		widget.NewFormItem("", f.onStart), widget.NewFormItem("", startNote),
	}
	var d *dialog.FormDialog
	d = dialog.NewForm("Mail settings", "Save", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		n, err := f.settings()
		if err == nil {
			err = n.Check()
		}
		if err != nil {
			e := showError(errors.New(capital(err.Error())), v.win)
			// The same form again: everything as typed, a port that is not
			// a number included.
			e.SetOnClosed(func() { d.Show() })
			return
		}
		v.box.SetSettings(n)
		if f.pw.Text != "" && !v.box.KeepPassword(f.pw.Text) {
			v.tell("The desktop has no keyring: the mail password is kept until Silverfall closes, then asked for again.")
		}
		if then != nil && n.Configured() {
			then()
		}
	}, v.win)
	d.Resize(fyne.NewSize(640, 700))
	d.Show()
}

// chooseCA lets the player pick the certificate authority's file.
func (v *mailView) chooseCA(entry *widget.Entry) {
	fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		r.Close()
		entry.SetText(r.URI().Path())
	}, v.win)
	fd.Resize(fyne.NewSize(800, 560))
	fd.Show()
}

// mailForm is the settings form's fields.
type mailForm struct {
	imapHost, imapPort, smtpHost, smtpPort *widget.Entry
	imapSec, smtpSec                       *widget.Select
	user, address, moderator, folder, ca   *widget.Entry
	pw                                     *widget.Entry
	onStart                                *widget.Check
}

func newMailForm(m mailbox.Settings) *mailForm {
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
	f := &mailForm{
		imapHost: entry(m.IMAPHost, "imap.example.org"), imapPort: port(m.IMAPPort), imapSec: security(m.IMAPSecurity, 993, 143),
		smtpHost: entry(m.SMTPHost, "smtp.example.org"), smtpPort: port(m.SMTPPort), smtpSec: security(m.SMTPSecurity, 465, 587),
		user: entry(m.User, "user name at the server"), address: entry(m.Address, "you@example.org"),
		moderator: entry(m.Moderator, "moderator@example.org"), folder: entry(m.Folder, "INBOX"),
		ca: entry(m.CAFile, "only for a server with a certificate of its own"),
		pw: widget.NewPasswordEntry(), onStart: widget.NewCheck("Fetch turn sheets when Silverfall starts", nil),
	}
	f.onStart.SetChecked(m.FetchOnStart)
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
	follow(f.imapSec, f.imapPort, 993, 143)
	follow(f.smtpSec, f.smtpPort, 465, 587)
	return f
}

// settings are the form's settings; a port that is no number is an error.
func (f *mailForm) settings() (mailbox.Settings, error) {
	n := mailbox.Settings{
		IMAPHost: strings.TrimSpace(f.imapHost.Text), IMAPSecurity: string(securityOf(f.imapSec)),
		SMTPHost: strings.TrimSpace(f.smtpHost.Text), SMTPSecurity: string(securityOf(f.smtpSec)),
		User: strings.TrimSpace(f.user.Text), Address: strings.TrimSpace(f.address.Text), Moderator: strings.TrimSpace(f.moderator.Text),
		Folder: strings.TrimSpace(f.folder.Text), CAFile: strings.TrimSpace(f.ca.Text), FetchOnStart: f.onStart.Checked,
	}
	var err1, err2 error
	n.IMAPPort, err1 = strconv.Atoi(strings.TrimSpace(f.imapPort.Text))
	n.SMTPPort, err2 = strconv.Atoi(strings.TrimSpace(f.smtpPort.Text))
	if err1 != nil || err2 != nil {
		return n, errors.New("a port is a number, such as 993 or 465")
	}
	return n, nil
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
