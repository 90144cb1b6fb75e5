package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/order"
)

// textPanel is the Order text tab: the orders as text, one a line, to
// read and type, kept in step with the draft; below it, what the checker
// says of each line. Lines that do not read as orders are kept in the
// draft as typed, and said so.
type textPanel struct {
	st    *State
	entry *widget.Entry
	msgs  []string
	list  *widget.List
	full  *widget.Label // the whole of the message selected
	box   fyne.CanvasObject
	// visible reports whether the tab shows; a hidden text waits until it
	// is opened, as laying out a long text costs Fyne tens of milliseconds.
	visible func() bool
	stale   bool // the text waits to be brought up to date
	typing  bool // the entry is the source of the change being told
}

func newTextPanel(st *State) *textPanel {
	p := &textPanel{st: st, visible: func() bool { return true }}
	p.entry = widget.NewMultiLineEntry()
	p.entry.TextStyle = fyne.TextStyle{Monospace: true}
	p.entry.SetPlaceHolder("One order a line, as the rule book writes them:\nMO 123 100 -99 -23")
	p.entry.OnChanged = p.typed
	p.list = widget.NewList(func() int { return len(p.msgs) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("line 1: error code: message")
			// Cut to the panel's width: a long message must not widen it.
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(p.msgs) {
				o.(*widget.Label).SetText(p.msgs[i])
			}
		})
	p.full = widget.NewLabel("")
	p.full.Wrapping = fyne.TextWrapWord
	p.full.Hide()
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.msgs) {
			p.full.SetText(p.msgs[i])
			p.full.Show()
		}
	}
	p.list.OnUnselected = func(widget.ListItemID) { p.full.Hide() }
	split := container.NewVSplit(p.entry, container.NewBorder(nil, p.full, nil, nil, p.list))
	split.SetOffset(0.7)
	p.box = split
	st.Subscribe(p.changed)
	return p
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
	if text := d.Text(); text != p.entry.Text {
		p.entry.OnChanged = nil
		p.entry.SetText(text)
		p.entry.OnChanged = p.typed
	}
	p.showMessages()
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
	d.SetText(s)
	p.showMessages()
}

// showMessages lists, by line of the text, what is wrong.
func (p *textPanel) showMessages() {
	d := p.st.Draft()
	var out []string
	if d != nil {
		orderLine, unreadLine := placeLines(p.entry.Text)
		for i, u := range d.Unread() {
			n := 0
			if i < len(unreadLine) {
				n = unreadLine[i]
			}
			out = append(out, fmt.Sprintf("line %d: not an order, kept as typed: %s", n, u.Err))
		}
		for _, r := range d.Results() {
			n := r.Order + 1
			if r.Order < len(orderLine) {
				n = orderLine[r.Order]
			}
			out = append(out, fmt.Sprintf("line %d: %s %s: %s", n, r.Severity, r.Code, r.Message))
		}
	}
	if len(out) == 0 {
		out = []string{"All orders check out."}
	}
	p.msgs = out
	p.list.UnselectAll()
	p.list.Refresh()
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
