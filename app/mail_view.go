package app

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/mailbox"
	"silverfall/app/workspace"
	"silverfall/mail"
)

// demoSource is the Source of the embedded demo game.
const demoSource = "demo game"

// mailView is the window's mail: File > Fetch turn sheets, Send orders,
// Mail settings, and the fetch at start. The mail itself is the mailbox's;
// the view holds the dialogs and talks to the window through its state and
// the few callbacks below.
type mailView struct {
	box *mailbox.Mailbox
	st  *State
	win fyne.Window

	background func(func())          // runs slow work off Fyne's thread
	say        func(string)          // a note in the status bar for a few seconds
	hold       func(string)          // a state in the status bar, until taken away
	unsay      func(string)          // takes the note away if it still shows
	open       func(path string)     // shows a sheet, with its workspace's draft and view
	orders     func() mailbox.Orders // the draft as the orders to mail
	// warning says what is wrong with the orders (errors, lines that are
	// not orders), a title and a text; empty when nothing is.
	warning func() (title, text string)
	last    func() string // the sheet of the game shown last ("": none)
	// allies is told when a fetch kept an ally's sheet of the game shown.
	allies func()

	note string // the view's last status note, taken away once untrue
}

// newMailView wires the mail view to the window x.
func newMailView(x *App) *mailView {
	v := &mailView{st: x.st, win: x.win,
		background: func(f func()) { x.Background(f) },
		say:        func(s string) { x.status.say(s) },
		hold:       func(s string) { x.status.hold(s) },
		unsay:      func(s string) { x.status.unsay(s) },
		open: func(path string) {
			if err := x.Load(path); err != nil {
				x.open.showError(path, err)
			}
		},
		orders: func() mailbox.Orders {
			g, d := x.st.Game(), x.st.Draft()
			o := mailbox.Orders{Game: g.K.Game, Player: g.K.Empire.Player, Turn: g.K.Turn + 1, Text: x.export.Text(),
				FileName: x.export.Name(), Count: len(d.Orders()), Demo: g.Source == demoSource,
				Practice: x.practice.Shown() != nil}
			if ws := x.keep.ws; ws != nil {
				o.Keep = filepath.Join(ws.Dir, "sent")
			}
			return o
		},
		warning: func() (string, string) { return x.export.warning() },
		last:    func() string { return workspace.Reopen(x.settings.LastSheet) },
	}
	v.box = mailbox.New(x.rules, x.keep.root, x.settings.Mail, nil, func(m mailbox.Settings) {
		x.settings.Mail = m
		x.saveSettings()
	})
	return v
}

// items are the File menu's mail entries.
func (v *mailView) items() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Fetch turn sheets", v.fetchDialog),
		fyne.NewMenuItem("Send orders…", v.sendDialog),
		fyne.NewMenuItem("Mail settings…", func() { v.settingsDialog(v.box.Settings(), nil) }),
	}
}

// tell shows a note in the status bar, taking the view's last one away.
func (v *mailView) tell(s string) {
	v.note = s
	v.say(s)
}

// untell takes the view's note away if it still shows.
func (v *mailView) untell() {
	if v.note != "" {
		v.unsay(v.note)
		v.note = ""
	}
}

// withAccount runs use with the mail account and its password, asked for
// when none is kept. Without settings it opens them first, and goes on
// once they are saved.
func (v *mailView) withAccount(what string, use func(mail.Account)) {
	m := v.box.Settings()
	if !m.Configured() {
		v.settingsDialog(m, func() { v.withAccount(what, use) })
		return
	}
	if pw := v.box.Password(); pw != "" {
		use(m.Account(pw))
		return
	}
	v.askPassword(what, "", func(pw string) { use(m.Account(pw)) })
}

// askPassword asks for the mail password; Enter gives it.
func (v *mailView) askPassword(what, why string, then func(string)) {
	m := v.box.Settings()
	pw := widget.NewPasswordEntry()
	items := []*widget.FormItem{widget.NewFormItem("Account", widget.NewLabel(m.User+" at "+m.IMAPHost))}
	if why != "" {
		note := widget.NewLabel(why)
		note.Wrapping = fyne.TextWrapWord
		items = append([]*widget.FormItem{widget.NewFormItem("", note)}, items...)
	}
	items = append(items, widget.NewFormItem("Password", pw))
	d := dialog.NewForm("Mail password", what, "Cancel", items, func(ok bool) {
		if !ok || pw.Text == "" {
			return
		}
		v.untell()
		if !v.box.KeepPassword(pw.Text) {
			v.tell("The desktop has no keyring: the mail password is kept until Silverfall closes.")
		}
		then(pw.Text)
	}, v.win)
	pw.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(460, 220))
	d.Show()
	v.win.Canvas().Focus(pw)
}

// shown is the game the window shows, as the mailbox sees it.
func (v *mailView) shown() mailbox.Shown {
	g := v.st.Game()
	if g == nil || g.Source == demoSource {
		return mailbox.Shown{Demo: true}
	}
	return mailbox.Shown{Game: g.K.Game, Player: g.K.Empire.Player, Turn: g.K.Turn}
}

// fetchDialog fetches the moderator's new turn sheets with a progress
// dialog that can be cancelled, then shows the newest sheet of the game.
func (v *mailView) fetchDialog() {
	v.withAccount("Fetch", func(a mail.Account) { v.fetch(a, true) })
}

// fetchOnStart fetches in the background when the settings ask for it;
// without a password kept (no keyring) it asks for it, as the settings
// say it will.
func (v *mailView) fetchOnStart() {
	m := v.box.Settings()
	if !m.FetchOnStart || !m.Configured() {
		return
	}
	if pw := v.box.Password(); pw != "" {
		v.fetch(m.Account(pw), false)
		return
	}
	v.askPassword("Fetch", "Your settings fetch turn sheets at start. This desktop keeps no password between runs, so it is asked for now.",
		func(pw string) { v.fetch(m.Account(pw), false) })
}

// fetch fetches in the background; loud shows a dialog with the result
// even when there is nothing new.
func (v *mailView) fetch(a mail.Account, loud bool) {
	v.untell()
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	label := widget.NewLabel("Connecting to " + a.IMAP.Host + "…")
	var progress dialog.Dialog
	if loud {
		progress = working(v.win, "Fetching turn sheets", container.NewVBox(label, bar), cancel)
	} else {
		v.note = "Fetching turn sheets…" // a state: it stays until the fetch ends
		v.hold(v.note)
	}
	shown := v.shown()
	v.background(func() {
		res, err := v.box.FetchFor(ctx, a, shown, func(p mailbox.Progress) {
			fyne.Do(func() {
				label.SetText(p.String())
				bar.SetValue(p.Fraction())
			})
		})
		fyne.Do(func() {
			cancelled := ctx.Err() != nil
			cancel()
			if progress != nil {
				progress.Hide()
			}
			v.fetched(res, err, cancelled, loud)
		})
	})
}

// fetched shows what a fetch brought.
func (v *mailView) fetched(res mailbox.FetchResult, err error, cancelled, loud bool) {
	v.untell()
	switch {
	case cancelled:
		v.tell(fmt.Sprintf("Fetch cancelled; %s kept.", mailbox.Plural(len(res.Imported), "sheet")))
	case errors.Is(err, mail.ErrAuth):
		v.box.ForgetPassword()
		showError(errors.New(mailbox.Explain(err)), v.win)
	case err != nil:
		showError(fmt.Errorf("The fetch stopped. %s\n\nThe sheets fetched before are kept; the next fetch goes on from there.", mailbox.Explain(err)), v.win)
	}
	for _, im := range res.Imported {
		if im.Ally && im.New && v.allies != nil {
			v.allies()
			break
		}
	}
	if best := res.Newest(v.shown()); best != nil {
		v.open(best.Path)
	} else if v.shown().Demo && !cancelled {
		// Nothing new while the demo shows: back to the player's own game.
		if p := v.last(); p != "" {
			v.open(p)
		}
	}
	if err == nil && !cancelled {
		if loud || len(res.Imported) > 0 || len(res.Problems) > 0 {
			v.tell(res.FirstLine())
		}
		if loud {
			showInfo("Turn sheets", res.Summary(), v.win)
		}
	}
}

// sendDialog mails the orders to the moderator. It asks first: about
// errors in the orders, as Export does, and then whether to send, showing
// what goes to whom. The demo game's orders are never sent.
func (v *mailView) sendDialog() {
	if v.st.Draft() == nil || earlierRefused(v.st, v.say) {
		return
	}
	o := v.orders()
	if o.Demo {
		showInfo("The demo game", mailbox.Explain(mailbox.ErrDemo)+
			"\n\nOpen a turn sheet of your own game (File > Import turn sheet, or Fetch turn sheets) and send its orders.", v.win)
		return
	}
	if o.Practice {
		showInfo("A practice game", mailbox.Explain(mailbox.ErrPractice), v.win)
		return
	}
	if m := v.box.Settings(); !m.Configured() {
		v.settingsDialog(m, v.sendDialog)
		return
	}
	letter, err := v.box.Letter(o)
	if err != nil {
		showError(errors.New(mailbox.Explain(err)), v.win)
		return
	}
	// One question: what goes to whom, after what is wrong with it.
	text := letter.Describe()
	title := "Send the orders?"
	if o.Count == 0 {
		title = "Send an order file without orders?"
		text += "\n\nThe file holds no orders: the moderator takes it as your orders for the turn, and your empire does nothing."
	}
	if wt, wtext := v.warning(); wt != "" {
		title, text = wt+": send them anyway?", wtext+text
	}
	confirm(v.win, title, text, func(ok bool) {
		if ok {
			v.withAccount("Send", func(a mail.Account) { v.send(a, letter) })
		}
	})
}

// send sends in the background with a progress dialog that can be
// cancelled; the send gives up by itself after a silence of the server.
func (v *mailView) send(a mail.Account, l mailbox.Letter) {
	v.untell()
	ctx, cancel := context.WithCancel(context.Background())
	label := widget.NewLabel(fmt.Sprintf("Sending to %s through %s…\nIt gives up if the server says nothing for %d seconds.",
		l.To, a.SMTP.Host, int(a.Timeout.Seconds())))
	progress := working(v.win, "Sending orders", container.NewVBox(label, widget.NewProgressBarInfinite()), cancel)
	v.background(func() {
		kept, err := v.box.Send(ctx, a, l)
		fyne.Do(func() {
			cancelled := ctx.Err() != nil
			cancel()
			progress.Hide()
			v.sent(l, kept, err, cancelled)
		})
	})
}

func (v *mailView) sent(l mailbox.Letter, kept string, err error, cancelled bool) {
	switch {
	case errors.Is(err, mailbox.ErrNotKept):
		v.tell("Orders sent to " + l.To + ".")
		showError(fmt.Errorf("%s", capital(err.Error())), v.win)
	case err != nil && cancelled:
		v.tell("Sending cancelled; the orders stay in your draft.")
	case errors.Is(err, mail.ErrAuth):
		v.box.ForgetPassword()
		showError(fmt.Errorf("The orders were not sent; they stay in your draft. %s", mailbox.Explain(err)), v.win)
	case err != nil:
		showError(fmt.Errorf("The orders were not sent. %s\n\nThey stay in your draft; nothing is lost.", mailbox.Explain(err)), v.win)
	default:
		msg := "Orders sent to " + l.To + "."
		if kept != "" {
			msg += " A copy is kept in the game's folder."
		}
		v.tell(msg)
		showInfo("Orders sent", msg, v.win)
	}
}

// FetchOnStart fetches turn sheets in the background when the mail
// settings ask for it (the program calls it once the window shows).
func (x *App) FetchOnStart() { x.mailing.fetchOnStart() }
