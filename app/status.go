package app

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/app/draft"
)

// statusBar is the line under the window: what is loaded and what the
// orders leave, and problems that must stay in sight until dealt with (a
// draft that could not be saved, a settings file that could not be read).
// What is under the pointer on the map shows on the map, beside it.
type statusBar struct {
	st           *State
	text         *widget.Label
	problems     map[string]string
	problemText  *widget.Label
	problemBox   *fyne.Container
	importButton *tipButton
	fitButton    *tipButton
	buttons      *fyne.Container // the line's buttons, at its start
	line         *fyne.Container // the texts share it by their widths
	lay          *statusLine
	// relayout lays out again what holds the bar, when the text wrapped
	// to another number of lines (the window sets it).
	relayout func()
	box      fyne.CanvasObject
	// transient is a message shown in place of the figures: a note (say)
	// until the next change of the game or orders or noteTime after it
	// was said, whichever comes first; a state (hold), such as a prompt or
	// work under way, until it is replaced or taken back.
	transient string
	held      bool
	said      int // counts the messages, so that a late timer clears only its own
	// after runs f on Fyne's thread after d (tests replace it).
	after func(d time.Duration, f func())
}

// noteTime is how long a note stays in the status line.
const noteTime = 6 * time.Second

func newStatusBar(st *State, tips *tooltips) *statusBar {
	b := &statusBar{st: st, text: widget.NewLabel(""), problems: map[string]string{},
		after: func(d time.Duration, f func()) { time.AfterFunc(d, func() { fyne.Do(f) }) }}
	// The text wraps, to be read whole however long (a path after
	// Export) and however narrow the window: the line grows a line.
	b.text.Wrapping = fyne.TextWrapWord
	b.lay = &statusLine{m: newWrapMeasure()}
	b.importButton = newTipButton("Import…", "Import a turn sheet: a text file or a saved e-mail (Ctrl+O)", tips, nil)
	b.importButton.Icon = theme.FolderOpenIcon()
	b.fitButton = newTipButton("Fit all", "Show the whole map (F)", tips, nil)
	b.fitButton.Icon = theme.ZoomFitIcon()
	b.problemText = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	b.problemText.Importance = widget.DangerImportance
	b.problemText.Wrapping = fyne.TextWrapWord
	dismiss := widget.NewButtonWithIcon("", theme.CancelIcon(), func() {
		b.problems = map[string]string{}
		b.showProblems()
	})
	b.problemBox = container.NewBorder(nil, nil, widget.NewIcon(theme.NewErrorThemedResource(theme.ErrorIcon())), dismiss, b.problemText)
	b.problemBox.Hide()
	b.buttons = container.NewHBox(b.importButton, b.fitButton)
	b.line = container.New(b.lay, b.buttons, b.text)
	b.box = container.NewVBox(b.problemBox, b.line)
	st.Subscribe(b.changed)
	return b
}

func (b *statusBar) changed(c Change) {
	if c.Has(ChangeGame|ChangeOrders) && !b.held {
		b.transient = ""
		b.refresh()
	}
	if c.Has(ChangePick) {
		_, prompt := b.st.Picking()
		b.hold(prompt)
	}
	if c.Has(ChangeForecast) {
		b.refresh()
	}
}

// setText changes a label of the line, laying the line out again only
// when its text changed (a layout measures the texts).
func (b *statusBar) setText(l *widget.Label, s string) {
	if l.Text == s {
		return
	}
	was := b.lay.MinSize(b.line.Objects).Height
	l.SetText(s)
	b.line.Refresh()
	if b.lay.MinSize(b.line.Objects).Height != was && b.relayout != nil {
		b.relayout() // the line is a line taller or shorter
	}
}

// addButton puts a view's button after the line's own.
func (b *statusBar) addButton(o fyne.CanvasObject) {
	b.buttons.Add(o)
	b.line.Refresh()
}

// say shows a note in the status line for a few seconds, or until the
// next change of the game or the orders; "" takes back what shows.
func (b *statusBar) say(s string) {
	b.show(s, false)
	if s == "" {
		return
	}
	n := b.said
	b.after(noteTime, func() {
		if b.said == n {
			b.show("", false)
		}
	})
}

// hold shows a state in the status line (a prompt, work under way) until
// another message replaces it or "" takes it back.
func (b *statusBar) hold(s string) { b.show(s, s != "") }

// unsay takes s back if it still shows: its cause has ended.
func (b *statusBar) unsay(s string) {
	if b.transient == s && s != "" {
		b.show("", false)
	}
}

func (b *statusBar) show(s string, held bool) {
	b.said++
	b.transient, b.held = s, held
	b.refresh()
}

func (b *statusBar) refresh() {
	if b.transient != "" {
		b.setText(b.text, b.transient)
		return
	}
	g, d := b.st.Game(), b.st.Draft()
	if g == nil {
		b.setText(b.text, "No game loaded")
		return
	}
	var left *draft.Left
	if d != nil && len(d.Orders()) > 0 {
		l := d.CreditsLeft()
		left = &l
	}
	b.setText(b.text, creditsText(g.K, b.st.Forecast(), left))
}

// problem shows a problem until it is solved or dismissed; an empty text
// clears the problem of that kind.
func (b *statusBar) problem(kind, text string) {
	if text == "" {
		delete(b.problems, kind)
	} else {
		b.problems[kind] = text
	}
	b.showProblems()
}

func (b *statusBar) showProblems() {
	var all []string
	for _, k := range []string{"settings", "draft", "view", "workspace", "notes", "plans", "export", "mail", "history"} {
		if t := b.problems[k]; t != "" {
			all = append(all, t)
		}
	}
	b.problemText.SetText(strings.Join(all, "\n"))
	if len(all) == 0 {
		b.problemBox.Hide()
	} else {
		b.problemBox.Show()
	}
}

// Problems are the problems shown, for tests.
func (b *statusBar) Problems() string { return b.problemText.Text }

// Text is the status line.
func (b *statusBar) Text() string { return b.text.Text }

// statusLine lays out the buttons and the status text in a row: the
// buttons get their whole width first, the text what is left, wrapped to
// it and as tall as it then is.
type statusLine struct {
	m     *wrapMeasure
	width float32 // the line's width at the last layout
}

// lineWidth is the width the line gets: the window's, as the line spans
// it (known before the window lays it out), else its last.
func (l *statusLine) lineWidth(o fyne.CanvasObject) float32 {
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil && c.Size().Width > 0 {
		return c.Size().Width - 4*theme.Padding() // the window's padding, and some to spare
	}
	return l.width
}

func (l *statusLine) MinSize(objs []fyne.CanvasObject) fyne.Size {
	buttons, text := objs[0].MinSize(), objs[1]
	h := buttons.Height
	if t, ok := text.(*widget.Label); ok {
		if w := l.lineWidth(t); w > 0 {
			h = max(h, l.m.height(t.Text, w-buttons.Width-theme.Padding()))
		}
	}
	// A long text does not widen the window: it wraps.
	return fyne.NewSize(buttons.Width+theme.Padding()+100, h)
}

func (l *statusLine) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	buttons, text := objs[0], objs[1]
	bw := buttons.MinSize().Width
	buttons.Move(fyne.NewPos(0, 0))
	buttons.Resize(fyne.NewSize(bw, size.Height))
	x := bw + theme.Padding()
	text.Move(fyne.NewPos(x, 0))
	text.Resize(fyne.NewSize(max(0, size.Width-x), size.Height))
}

// fullWidth is the size a label needs to show its text uncut.
func fullWidth(o fyne.CanvasObject) fyne.Size {
	l, ok := o.(*widget.Label)
	if !ok {
		return o.MinSize()
	}
	s := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle)
	return fyne.NewSize(s.Width+4*theme.InnerPadding(), l.MinSize().Height)
}
