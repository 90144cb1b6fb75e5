package app

import (
	"fmt"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/rules"
	"silverfall/engine/setup"
)

// practiceSeedEntry is the practice dialog's seed: a new game each time
// unless the player asks for one he knows; the game's own chances come
// from this seed only.
func practiceSeedEntry() *formEntry {
	seed := newFormEntry(nil) // Esc cancels the dialog (set there)
	seed.SetText(strconv.FormatInt(time.Now().UnixNano()%1_000_000, 10))
	seed.Validator = func(s string) error {
		if _, err := strconv.ParseInt(s, 10, 64); err != nil {
			return fmt.Errorf("a whole number")
		}
		return nil
	}
	return seed
}

// practiceSetup is the practice dialog's choice of the player's own
// set-up: drawn unless he chooses one in the set-up form (the same form as
// File > New game set-up…, without the game and player, which the
// practice game sets).
type practiceSetup struct {
	item   *widget.FormItem
	chosen *setup.Setup // nil: drawn
	said   *widget.Label
	form   *setupForm // the form shown last, for tests
}

func newPracticeSetup(win fyne.Window, r *rules.Rules) *practiceSetup {
	p := &practiceSetup{said: widget.NewLabel(setupSummary(r, nil))}
	p.said.Wrapping = fyne.TextWrapWord
	choose := widget.NewButton("Choose…", func() {
		p.form = showSetupDialog(win, r, "Your empire's set-up", false, p.chosen, []setupButton{{"Use this set-up", func(s *setup.Setup) bool {
			p.chosen = s
			p.said.SetText(setupSummary(r, s))
			return true
		}}})
	})
	drawn := widget.NewButton("Drawn", func() {
		p.chosen = nil
		p.said.SetText(setupSummary(r, nil))
	})
	p.item = widget.NewFormItem("Your set-up", container.NewBorder(nil, nil, nil, container.NewHBox(choose, drawn), p.said))
	return p
}
