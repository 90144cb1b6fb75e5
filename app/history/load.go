package history

import (
	"fmt"

	"silverfall/app/workspace"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// Load reads the sheets kept in a workspace (as Workspace.Sheets lists
// them, oldest first) and merges them. A sheet that cannot be read, or is
// not of the game and player of the newest sheet, is left out and
// reported; the history holds the others. Each sheet's parsed report is
// let go as soon as its facts are merged.
func Load(r *rules.Rules, sheets []workspace.Sheet) (*History, []error) {
	var errs []error
	// The newest sheet that reads names the game and the player.
	var h *History
	var newest *reportparse.Report
	last := len(sheets) - 1
	for ; last >= 0 && h == nil; last-- {
		rep, _, err := reportparse.ReadFileData(r, sheets[last].Path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		h, newest = New(rep.Knowledge.Game, rep.Knowledge.Empire.Player), rep
	}
	if h == nil {
		return nil, errs
	}
	last++ // the newest read
	for _, s := range sheets[:last] {
		rep, _, err := reportparse.ReadFileData(r, s.Path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := h.Add(rep.Knowledge); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", s.Path, err))
		}
	}
	if err := h.Add(newest.Knowledge); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", sheets[last].Path, err))
	}
	return h, errs
}
