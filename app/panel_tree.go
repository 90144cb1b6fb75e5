package app

import (
	"image/color"
	"silverfall/engine/model"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// treePanel is the left-hand list of the player's ships, fleets, planets,
// the trading planets, foreign contacts and officers, with a search box
// and a filter. Selecting in it selects everywhere.
type treePanel struct {
	st     *State
	search *widget.Entry
	filter *keySelect
	tree   *keyTree
	cats   []Category
	// syncing is set while the tree follows a selection made elsewhere, so
	// that its own OnSelected does not echo it back.
	syncing bool
	// shown is the item the tree highlights.
	shown string
	box   fyne.CanvasObject
	cuts  textCuts // the labels' cuts to the column's width
}

func newTreePanel(st *State, tips *tooltips) *treePanel {
	p := &treePanel{st: st}
	p.search = widget.NewEntry()
	p.search.SetPlaceHolder("Search ships, planets, officers…")
	p.search.OnChanged = func(string) { p.refresh() }
	p.filter = newKeySelect(p.st, Filters, func(string) { p.refresh() })
	p.filter.SetSelected(Filters[0])
	p.tree = &keyTree{st: st, Tree: widget.Tree{
		ChildUIDs: func(uid widget.TreeNodeID) []widget.TreeNodeID {
			if uid == "" {
				ids := make([]string, len(p.cats))
				for i, c := range p.cats {
					ids[i] = c.Key
				}
				return ids
			}
			for _, c := range p.cats {
				if c.Key == uid {
					ids := make([]string, len(c.Items))
					for i, it := range c.Items {
						ids[i] = it.Key.String()
					}
					return ids
				}
			}
			return nil
		},
		IsBranch: func(uid widget.TreeNodeID) bool { return uid == "" || strings.HasPrefix(uid, "cat:") },
		CreateNode: func(bool) fyne.CanvasObject {
			return newTreeLabel(&p.cuts, tips, p.tree, "Trading planets (000)")
		},
		UpdateNode: func(uid widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			o.(*treeLabel).SetWhole(p.label(uid))
		},
		OnSelected: func(uid widget.TreeNodeID) {
			if strings.HasPrefix(uid, "cat:") && !p.syncing {
				p.category(uid)
				return
			}
			p.shown = uid
			if key := model.ParseKey(uid); !key.IsZero() && !p.syncing && key != st.Selected() {
				st.Select(key, FromTree)
			}
		},
	}}
	p.tree.ExtendBaseWidget(p.tree)
	// Fyne themes the rows it makes later by the scope of the *widget.Tree
	// they belong to, which is not the *keyTree put in the window: without
	// the second override the rows made after the first layout (a click,
	// a scroll, a turn) had the wide icons, and the leaves moved right.
	container.NewThemeOverride(&p.tree.Tree, narrowIcons{})
	p.box = container.NewBorder(container.NewVBox(p.search, p.filter), nil, nil, nil, container.NewThemeOverride(p.tree, narrowIcons{}))
	st.OnSwitch(p.drop)
	st.Subscribe(p.changed)
	return p
}

// category answers a click on a category: it opens or closes, and the
// tree marks nothing, so that it never marks a category while Details
// show an object. (Marking the object again would scroll the tree back
// to it, away from the category just opened.)
func (p *treePanel) category(uid widget.TreeNodeID) {
	if p.tree.IsBranchOpen(uid) {
		p.tree.CloseBranch(uid)
	} else {
		p.tree.OpenBranch(uid)
	}
	p.syncing = true
	p.tree.UnselectAll()
	p.shown = ""
	p.syncing = false
}

// drop lets go of the items of the game left, before another is shown.
func (p *treePanel) drop() {
	p.syncing = true
	p.cats, p.shown = nil, ""
	p.tree.UnselectAll()
	p.syncing = false
}

func (p *treePanel) changed(c Change) {
	if c.Has(ChangeMemory) && !c.Has(ChangeGame) {
		p.refresh()
	}
	if c.Has(ChangeGame) {
		p.refresh()
		p.tree.OpenBranch("cat:ships")
	}
	if c.Has(ChangeGame | ChangeSelection) {
		p.follow()
	}
}

// follow selects in the tree what is selected elsewhere.
func (p *treePanel) follow() {
	key := p.st.Selected()
	p.syncing = true
	defer func() { p.syncing = false }()
	if key.IsZero() {
		p.tree.UnselectAll()
		p.shown = ""
		return
	}
	for _, c := range p.cats {
		for _, it := range c.Items {
			if it.Key == key {
				p.tree.OpenBranch(c.Key)
			}
		}
	}
	p.tree.Select(key.String())
	p.tree.ScrollTo(key.String())
}

// label is the text of a node. The key is read once and compared as a key:
// formatting every item's key for each node drawn made millions of strings
// on a sheet of tens of thousands of objects.
func (p *treePanel) label(uid string) string {
	key := model.ParseKey(uid)
	for _, c := range p.cats {
		if c.Key == uid {
			return c.Title
		}
		if key.IsZero() {
			continue
		}
		for _, it := range c.Items {
			if it.Key == key {
				return it.Label
			}
		}
	}
	return uid
}

func (p *treePanel) refresh() {
	if p.tree == nil {
		return // still being built
	}
	if g := p.st.Game(); g == nil {
		p.cats = nil
	} else {
		p.cats = g.Tree(p.search.Text, p.filter.Selected)
	}
	p.tree.Refresh()
	if p.search.Text != "" {
		for _, c := range p.cats {
			p.tree.OpenBranch(c.Key)
		}
	}
}

// narrowIcons is the window's theme with smaller inline icons, for the
// tree: Fyne indents a leaf by an icon's width and keeps it an icon's slot
// besides, so that 12 pixels more of the narrow column go to the labels.
// The rows keep their height (the text sets it).
type narrowIcons struct{}

func (narrowIcons) th() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t narrowIcons) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.th().Color(n, v)
}

func (t narrowIcons) Font(s fyne.TextStyle) fyne.Resource { return t.th().Font(s) }

func (t narrowIcons) Icon(n fyne.ThemeIconName) fyne.Resource { return t.th().Icon(n) }

func (t narrowIcons) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInlineIcon {
		return 14
	}
	return t.th().Size(n)
}
