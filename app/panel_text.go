package app

import (
	"fmt"
	"image/color"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/check"
	"silverfall/engine/order"
)

// textPanel is the Order text tab: the orders as text, one a line, to
// read and type, kept in step with the draft; below it, what the checker
// says of each line. Lines that do not read as orders are kept in the
// draft as typed, and said so.
//
// The text is shown in a list of lines, which costs the same however long
// the orders are; a click turns it into an editor where the player types.
// (The toolkit's editor lays out its whole text on every change, tens of
// milliseconds for a large empire's orders, so it is only in use while
// the player types in it.)
type textPanel struct {
	st      *State
	view    *widget.List // the orders, a line a row, while not editing
	lines   []string
	marks   []check.Severity // by line: the worst finding, 0 for none
	entry   *textEditor      // the editor, while editing
	editing bool
	msgs    []string
	list    *widget.List
	wrap    *wrapRows     // each message as tall as its text needs
	full    *widget.Label // the whole of the message selected
	box     fyne.CanvasObject
	area    *fyne.Container
	viewBox *fyne.Container
	// visible reports whether the tab shows; a hidden text waits until it
	// is opened.
	visible func() bool
	stale   bool       // the text waits to be brought up to date
	typing  bool       // the entry is the source of the change being told
	chosen  chosenLine // the chosen order stays chosen while its line is typed on
	// focus gives the editor the keyboard (the window's canvas does it).
	focus func(fyne.Focusable)
}

// textEditor is the editor of the Order text tab; when it loses the
// keyboard the tab goes back to showing the text.
type textEditor struct {
	widget.Entry
	onLeave func()
	steps   lineUndo // Ctrl+Z and Ctrl+Y, a line at a time
}

// FocusLost ends the editing.
func (e *textEditor) FocusLost() {
	e.Entry.FocusLost()
	if e.onLeave != nil {
		e.onLeave()
	}
}

const textHint = "One order a line, as the rule book writes them:\nMO 123 100 -99 -23"

func newTextPanel(st *State) *textPanel {
	p := &textPanel{st: st, visible: func() bool { return true }, chosen: chosenLine{st: st, row: -1}}
	p.entry = &textEditor{onLeave: p.stopEditing}
	p.entry.MultiLine = true
	p.entry.Wrapping = fyne.TextWrapOff
	p.entry.TextStyle = fyne.TextStyle{Monospace: true}
	p.entry.SetPlaceHolder(textHint)
	p.entry.ExtendBaseWidget(p.entry)
	p.entry.OnChanged = p.typed
	p.view = widget.NewList(func() int { return max(len(p.lines), 1) },
		func() fyne.CanvasObject {
			t := canvas.NewText("MO 1234 -350 -350 -350", theme.Color(theme.ColorNameForeground))
			t.TextStyle = fyne.TextStyle{Monospace: true}
			return t
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			t := o.(*canvas.Text)
			switch {
			case len(p.lines) == 0:
				t.Text, t.Color = "Click here to type orders, one a line.", theme.Color(theme.ColorNamePlaceHolder)
			case i < len(p.lines):
				t.Text, t.Color = p.lines[i], p.lineColor(i)
			}
			t.Refresh()
		})
	p.view.HideSeparators = true
	p.messages()
	// A click on the text starts editing at the line clicked (below the
	// last line: at the end). The wheel still scrolls the list beneath.
	p.viewBox = container.NewStack(p.view, newTapArea(func(at fyne.Position) {
		row := p.view.CreateItem().MinSize().Height + theme.Padding()
		p.startEditing(int((at.Y + p.view.GetScrollOffset()) / row))
	}))
	p.area = container.NewStack(p.viewBox)
	p.wrap = newWrapRows(p.list, func() int { return len(p.msgs) }, func(i int) string { return p.msgs[i] }, 0)
	split := container.NewVSplit(p.area, container.NewBorder(nil, p.full, nil, nil, p.wrap.box))
	split.SetOffset(0.7)
	p.box = split
	st.OnSwitch(p.drop)
	st.Subscribe(p.changed)
	return p
}

// drop lets go of the messages of the game left, before another is shown;
// typing ends, and the text comes from the next game's draft.
func (p *textPanel) drop() {
	p.stopEditing()
	p.msgs, p.marks = nil, nil
	p.list.UnselectAll()
	p.full.Hide()
	p.stale = true
}

// messages makes the list of what the checker says, by line, with the
// whole of the message selected under it.
func (p *textPanel) messages() {
	p.list = widget.NewList(func() int { return len(p.msgs) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("line 1: error code: message")
			// Wrapped to the panel's width: a long message must not widen
			// it, and is read whole.
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(p.msgs) {
				o.(*widget.Label).SetText(p.msgs[i])
			}
		})
	p.full = hiddenWrapLabel()
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.msgs) {
			p.full.SetText(p.msgs[i])
			p.full.Show()
		}
	}
	p.list.OnUnselected = func(widget.ListItemID) { p.full.Hide() }
}

func (p *textPanel) lineColor(i int) color.Color {
	if i < len(p.marks) {
		switch p.marks[i] {
		case check.Error:
			return theme.Color(theme.ColorNameError)
		case check.Warning:
			return theme.Color(theme.ColorNameWarning)
		}
	}
	return theme.Color(theme.ColorNameForeground)
}

// startEditing puts the editor in place of the text, with the cursor on
// line i.
func (p *textPanel) startEditing(i int) {
	if p.editing || p.st.Earlier() {
		return // an earlier turn's orders are read-only
	}
	p.editing = true
	p.entry.OnChanged = nil
	p.entry.SetText(strings.Join(p.lines, "\n") + trailingNewline(p.lines))
	p.entry.OnChanged = p.typed
	p.entry.CursorRow = min(i, max(len(p.lines)-1, 0))
	if i >= len(p.lines) {
		p.entry.CursorRow = len(p.lines)
	}
	p.entry.CursorColumn = 0
	p.entry.steps.reset(p.entry.Text, p.entry.CursorRow, 0)
	p.chosen.row = -1
	p.area.Objects = []fyne.CanvasObject{p.entry}
	p.area.Refresh()
	if p.focus != nil {
		p.focus(p.entry)
	}
}

func trailingNewline(lines []string) string {
	if len(lines) > 0 {
		return "\n"
	}
	return ""
}

// stopEditing shows the text again, from the draft.
func (p *textPanel) stopEditing() {
	if !p.editing {
		return
	}
	p.editing = false
	p.area.Objects = []fyne.CanvasObject{p.viewBox}
	p.area.Refresh()
	p.stale = true
	p.sync()
}

func (p *textPanel) changed(c Change) {
	if !c.Has(ChangeGame | ChangeOrders) {
		return
	}
	if p.typing {
		// The text is what the player typed: leave it as it is.
		p.showMessages()
		return
	}
	p.stale = true
	p.sync()
}

// sync brings the text up to date with the draft when the tab shows.
func (p *textPanel) sync() {
	d := p.st.Draft()
	if !p.stale || d == nil || !p.visible() {
		return
	}
	p.stale = false
	text := d.Text()
	if p.editing {
		// A change made elsewhere while the player types (undo from the
		// menu): the editor shows it.
		if text != p.entry.Text {
			p.entry.OnChanged = nil
			p.entry.SetText(text)
			p.entry.OnChanged = p.typed
			p.entry.steps.reset(text, p.entry.CursorRow, p.entry.CursorColumn)
		}
	} else {
		p.lines = strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if text == "" {
			p.lines = nil
		}
		p.view.Refresh()
	}
	p.showMessages()
}

// Text is the text shown (or being typed).
func (p *textPanel) Text() string {
	if p.editing {
		return p.entry.Text
	}
	return strings.Join(p.lines, "\n") + trailingNewline(p.lines)
}

// SetText types text into the tab, as a player replacing it all would.
func (p *textPanel) SetText(text string) {
	p.startEditing(0)
	p.entry.SetText(text)
}

// typed takes what the player typed into the draft: the orders, and the
// lines that do not read as orders, kept as typed.
func (p *textPanel) typed(s string) {
	d := p.st.Draft()
	if d == nil {
		return
	}
	p.typing = true
	defer func() { p.typing = false }()
	before := p.entry.steps.prev.text
	held := p.chosen.holds(before, s)
	p.entry.steps.typed(textStep{s, p.entry.CursorRow, p.entry.CursorColumn})
	d.SetText(s)
	p.chosen.follow(held, before, s, p.entry.CursorRow)
	p.showMessages()
}

// showMessages lists, by line of the text, what is wrong, and marks the
// lines.
func (p *textPanel) showMessages() {
	d := p.st.Draft()
	type msg struct {
		line int
		text string
	}
	var out []msg
	p.marks = p.marks[:0]
	if d != nil {
		text := p.Text()
		orderLine, unreadLine := placeLines(text)
		p.marks = make([]check.Severity, strings.Count(text, "\n")+1)
		mark := func(line int, s check.Severity) {
			if line-1 < len(p.marks) && line > 0 && (p.marks[line-1] == 0 || s < p.marks[line-1]) {
				p.marks[line-1] = s
			}
		}
		for i, u := range d.Unread() {
			n := 0
			if i < len(unreadLine) {
				n = unreadLine[i]
			}
			mark(n, check.Error)
			out = append(out, msg{n, fmt.Sprintf("line %d: not an order, kept as typed: %s", n, u.Err)})
		}
		for _, r := range d.Results() {
			n := r.Order + 1
			if r.Order < len(orderLine) {
				n = orderLine[r.Order]
			}
			mark(n, r.Severity)
			out = append(out, msg{n, fmt.Sprintf("line %d: %s %s: %s", n, r.Severity, r.Code, r.Message)})
		}
	}
	// In the order of the lines, as the player reads the text.
	sort.SliceStable(out, func(i, j int) bool { return out[i].line < out[j].line })
	p.msgs = p.msgs[:0]
	for _, m := range out {
		p.msgs = append(p.msgs, m.text)
	}
	if len(out) == 0 {
		p.msgs = []string{"All orders check out."}
	}
	p.list.UnselectAll()
	p.wrap.fit()
	if !p.editing {
		p.view.Refresh()
	}
}

// placeLines finds, in a text of orders, the line of each order and of
// each line that is not one (blank and comment lines hold neither).
func placeLines(text string) (orderLine, unreadLine []int) {
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if _, err := order.Parse(t); err != nil {
			unreadLine = append(unreadLine, i+1)
		} else {
			orderLine = append(orderLine, i+1)
		}
	}
	return orderLine, unreadLine
}

// tapArea is an empty area that answers a click.
type tapArea struct {
	widget.BaseWidget
	tapped func(at fyne.Position)
}

func newTapArea(tapped func(at fyne.Position)) *tapArea {
	t := &tapArea{tapped: tapped}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped calls the area's function with where it was clicked.
func (t *tapArea) Tapped(e *fyne.PointEvent) { t.tapped(e.Position) }

// CreateRenderer draws nothing.
func (t *tapArea) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}
