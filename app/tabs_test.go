package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// shownTabs is how many tab buttons the bar of tabs shows; the others sit
// behind its "…" button.
func shownTabs(t *testing.T, tabs *container.AppTabs) int {
	t.Helper()
	bar, ok := test.WidgetRenderer(tabs).Objects()[0].(*fyne.Container)
	if !ok || len(bar.Objects) == 0 {
		t.Fatal("the tabs have no bar")
	}
	buttons, ok := bar.Objects[0].(*fyne.Container)
	if !ok {
		t.Fatal("the tab bar holds no buttons")
	}
	return len(buttons.Objects)
}

// TestEveryTabInSight: at 1280x800 both columns of tabs show every tab's
// name in the bar, none behind "…"; Search (Find) and Notes among them,
// and the menu's "Notes, markers and reminders" brings up Notes.
func TestEveryTabInSight(t *testing.T) {
	x := newApp(t)
	for _, tabs := range []*container.AppTabs{x.rightTabs, x.bottomTabs} {
		if n := shownTabs(t, tabs); n != len(tabs.Items) {
			var names []string
			for _, it := range tabs.Items {
				names = append(names, it.Text)
			}
			t.Errorf("the bar of %v shows %d tabs at 1280x800, %d behind \"…\"", names, n, len(tabs.Items)-n)
		}
	}
	if x.bottomTabs.Items[4].Content != x.search.box || x.rightTabs.Items[3].Content == nil {
		t.Fatal("the search is not the fifth tab of the turn's column")
	}
	x.st.ShowTab(TabNotes)
	if got := x.rightTabs.Selected().Text; got != "Notes" {
		t.Errorf("ShowTab(TabNotes) shows %q", got)
	}
}
