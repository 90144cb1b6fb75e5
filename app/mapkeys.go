package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The map's keys (F to fit, + and - to zoom, Page Up, Page Down and Home)
// work wherever the keyboard is but in text. Fyne hands a key to the
// widget that has the keyboard and to the window only when none has it,
// so the lists, the tree and the table that take the keyboard pass on
// the keys they have no use for: they are these widgets, each the toolkit's
// own with that one change.

// mapKeys is the map's handler of a key pressed where from has the
// keyboard; it reports whether the key was the map's. The map view sets
// it; until then no key is the map's.
type mapKeys func(e *fyne.KeyEvent, from fyne.Focusable) bool

// setMapKeys makes f the handler of the map's keys.
func (s *State) setMapKeys(f mapKeys) { s.mapKeys = f }

// MapKey gives the map a key pressed where from has the keyboard, and
// reports whether the map took it.
func (s *State) MapKey(e *fyne.KeyEvent, from fyne.Focusable) bool {
	return s.mapKeys != nil && s.mapKeys(e, from)
}

// keyTree is a tree that passes on the map's keys.
type keyTree struct {
	widget.Tree
	st *State
}

// TypedKey gives the map its keys; the tree keeps the others.
func (k *keyTree) TypedKey(e *fyne.KeyEvent) {
	if !k.st.MapKey(e, k) {
		k.Tree.TypedKey(e)
	}
}

// keyList is a list that passes on the map's keys.
type keyList struct {
	widget.List
	st *State
}

func newKeyList(st *State, length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *keyList {
	k := &keyList{List: widget.List{Length: length, CreateItem: create, UpdateItem: update}, st: st}
	k.ExtendBaseWidget(k)
	return k
}

// TypedKey gives the map its keys; the list keeps the others.
func (k *keyList) TypedKey(e *fyne.KeyEvent) {
	if !k.st.MapKey(e, k) {
		k.List.TypedKey(e)
	}
}

// keyTable is a table with a header row that passes on the map's keys.
type keyTable struct {
	widget.Table
	st *State
}

func newKeyTable(st *State, length func() (int, int), create func() fyne.CanvasObject, update func(widget.TableCellID, fyne.CanvasObject)) *keyTable {
	k := &keyTable{Table: widget.Table{Length: length, CreateCell: create, UpdateCell: update, ShowHeaderRow: true}, st: st}
	k.ExtendBaseWidget(k)
	return k
}

// TypedKey gives the map its keys; the table keeps the others.
func (k *keyTable) TypedKey(e *fyne.KeyEvent) {
	if !k.st.MapKey(e, k) {
		k.Table.TypedKey(e)
	}
}

// keySelect is a drop-down that passes on the map's keys (it has no use
// for F, + or -; its arrows open its list).
type keySelect struct {
	widget.Select
	st *State
}

func newKeySelect(st *State, options []string, changed func(string)) *keySelect {
	k := &keySelect{st: st}
	k.Options, k.OnChanged, k.PlaceHolder = options, changed, "(Select one)"
	k.ExtendBaseWidget(k)
	return k
}

// TypedKey gives the map its keys; the drop-down keeps the others.
func (k *keySelect) TypedKey(e *fyne.KeyEvent) {
	if !k.st.MapKey(e, k) {
		k.Select.TypedKey(e)
	}
}

// keyCheck is a check box that passes on the map's keys (it keeps Space).
type keyCheck struct {
	widget.Check
	st *State
}

func newKeyCheck(st *State, label string, changed func(bool)) *keyCheck {
	k := &keyCheck{st: st}
	k.Text, k.OnChanged = label, changed
	k.ExtendBaseWidget(k)
	return k
}

// TypedKey gives the map its keys; the check box keeps the others.
func (k *keyCheck) TypedKey(e *fyne.KeyEvent) {
	if !k.st.MapKey(e, k) {
		k.Check.TypedKey(e)
	}
}
