package app

import (
	"bytes"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/workspace"
	"silverfall/engine/rules"
	"silverfall/engine/setup"
	"silverfall/internal/atomicfile"
	"silverfall/internal/plural"
)

// setupView is File > New game set-up…: the set-up form for a game a
// moderator runs, written to the set-up file (docs/setup-file-format.md)
// where the player chooses, or mailed to the moderator. It keeps the last
// set-up written, to show it again.
type setupView struct {
	rules  *rules.Rules
	win    fyne.Window
	files  *fileChooser
	status *statusBar
	// folder is where the file dialog starts; native says whether to use
	// the desktop's own dialog; mailReady says whether the mail is set up,
	// and mail mails the file to the moderator.
	folder    func() string
	native    func() bool
	mailReady func() bool
	mail      func(s *setup.Setup, text, name string)
	last      *setup.Setup
}

func newSetupView(x *App) *setupView {
	v := &setupView{rules: x.rules, win: x.win, files: x.files, status: x.status,
		folder:    func() string { return setupStart(x.settings.LastFolder, x.keep.root) },
		native:    func() bool { return x.NativeDialogs },
		mailReady: func() bool { return x.mailing.box.Settings().Configured() },
		mail:      x.mailing.sendSetup}
	return v
}

// item is the File menu's entry.
func (v *setupView) item() *fyne.MenuItem {
	return fyne.NewMenuItem("New game set-up…", v.Dialog)
}

// Dialog shows the form; Save writes the file where the player chooses.
func (v *setupView) Dialog() {
	var buttons []setupButton
	buttons = append(buttons, setupButton{"Save…", func(s *setup.Setup) bool {
		v.last = s
		// The form is hidden while the file is chosen: no file chosen, it
		// comes back as it was (v.last).
		v.files.choose(fileRequest{title: "Save the set-up", start: v.folder(), name: setupFileName(s),
			filter: "Set-up files (*.txt)", exts: []string{"txt"}, save: true, cancelled: v.Dialog},
			v.native(), func(path string) {
				if err := v.write(path, s); err != nil {
					v.Dialog() // the form back, and why over it
					showError(err, v.win)
				}
			})
		return true
	}})
	if v.mailReady() {
		buttons = append(buttons, setupButton{"Mail to the moderator…", func(s *setup.Setup) bool {
			v.last = s
			text, err := setupText(v.rules, s)
			if err != nil {
				showError(err, v.win)
				return false
			}
			v.mail(s, text, setupFileName(s))
			return true
		}})
	}
	showSetupDialog(v.win, v.rules, "New game set-up", true, v.last, buttons)
}

// setupFileName is the name offered for the set-up's file.
func setupFileName(s *setup.Setup) string {
	return fmt.Sprintf("%s-player-%02d-setup.txt", workspace.SafeName(s.Game), s.Player)
}

func setupText(r *rules.Rules, s *setup.Setup) (string, error) {
	var b bytes.Buffer
	err := setup.Write(&b, r, s)
	return b.String(), err
}

// write writes the set-up file to path, atomically; the caller shows
// what went wrong.
func (v *setupView) write(path string, s *setup.Setup) error {
	text, err := setupText(v.rules, s)
	if err == nil {
		err = atomicfile.WriteFile(path, []byte(text), 0o644)
	}
	if err != nil {
		return err
	}
	v.status.say(fmt.Sprintf("Set-up written to %s: send it to the moderator before the game starts.", path))
	return nil
}

// setupButton is one way out of the set-up dialog besides Cancel: its
// action takes the set-up and says whether it was taken (false shows the
// dialog again).
type setupButton struct {
	label string
	act   func(*setup.Setup) bool
}

// showSetupDialog shows the set-up form (from, when not nil, as it was)
// in a dialog whose buttons stay disabled, with the reason shown, until
// the set-up keeps every limit.
func showSetupDialog(win fyne.Window, r *rules.Rules, title string, header bool, from *setup.Setup, buttons []setupButton) *setupForm {
	f := newSetupForm(r, header)
	if from != nil {
		f.Set(from)
	}
	var d *dialog.CustomDialog
	cancel := widget.NewButton("Cancel", func() { d.Hide() })
	var objs []fyne.CanvasObject
	var btns []*widget.Button
	objs = append(objs, cancel)
	for _, b := range buttons {
		b := b
		w := widget.NewButton(b.label, func() {
			if len(f.Problems()) > 0 {
				return
			}
			// Hidden first: what the action shows (a file dialog, a
			// question) goes on top, and hiding a dialog takes away every
			// overlay above it.
			d.Hide()
			if !b.act(f.Setup()) {
				d.Show()
			}
		})
		w.Importance = widget.HighImportance
		btns = append(btns, w)
		objs = append(objs, w)
	}
	f.changed = func(ok bool) {
		for _, b := range btns {
			enable(b, ok)
		}
	}
	f.update()
	d = dialog.NewCustomWithoutButtons(title, container.NewPadded(f.Content()), win)
	d.SetButtons(objs)
	size := win.Canvas().Size()
	d.Resize(fyne.NewSize(min(size.Width-40, 1240), min(size.Height-40, 760)))
	d.Show()
	return f
}

// setupSummary says in a few words what a set-up holds.
func setupSummary(r *rules.Rules, s *setup.Setup) string {
	if s == nil {
		return "drawn, as the computer empires' are"
	}
	race := "?"
	if rc := r.Race(s.Race); rc != nil {
		race = rc.Name
	}
	return fmt.Sprintf("chosen: a %s Commodore, %s (%s credits)", race, plural.Count(len(s.Ships), "ship"), setup.Credits(s.Spent(r)))
}

// setupStart is the folder to start the set-up's file dialog in: the
// last folder used, or the workspaces' folder.
func setupStart(last, root string) string {
	if last != "" {
		return last
	}
	if root != "" {
		return filepath.Clean(root)
	}
	return ""
}
