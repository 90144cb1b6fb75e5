// Package allies keeps the allies' sheets of a game: it decides whether a
// sheet may be kept as an ally's (a sheet of this game, of another player,
// of a turn not kept yet, readable), keeps it in the workspace's allies
// folder, and merges the sheets kept into what the player knows
// (engine/known). It knows no widgets.
//
// An ally's sheet is never the game shown: its orders, credits and score
// are the ally's, so nothing of it reaches the player's draft or figures.
package allies

import (
	"errors"
	"fmt"
	"path/filepath"

	"silverfall/app/workspace"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/internal/capfile"
	"silverfall/reportparse"
)

// Mine is the game shown and whose it is: an ally's sheet must be of it.
type Mine struct {
	Game   string
	Player int
}

// ErrKept says the sheet of that ally and turn is kept (and merged)
// already.
var ErrKept = errors.New("is merged already")

// Check says whether the sheet k, read from name, may be kept as an ally's
// of mine: it is refused when it is of another game, the player's own, or
// of an ally and turn kept already (kept lists what is kept).
func Check(mine Mine, name string, k *model.Knowledge, kept []workspace.AllySheet) error {
	base := filepath.Base(name)
	switch {
	case k == nil:
		return fmt.Errorf("%s: no turn sheet in it", base)
	case k.Game != mine.Game:
		return fmt.Errorf("%s: the sheet is of the game %.60q, and the game shown is %.60q; an ally's sheet must be of the same game", base, k.Game, mine.Game)
	case k.Empire.Player == mine.Player:
		return fmt.Errorf("%s: this is your own sheet (player %d, turn %d), not an ally's; open it with File > Import turn sheet", base, k.Empire.Player, k.Turn)
	case k.Empire.Player < 1:
		return fmt.Errorf("%s: the sheet names no player", base)
	}
	for _, a := range kept {
		if a.Player == k.Empire.Player && a.Turn == k.Turn {
			return fmt.Errorf("%s: player %d's sheet of turn %d %w (as %s); remove it from Allies' sheets first to keep another", base, a.Player, a.Turn, ErrKept, filepath.Base(a.Path))
		}
	}
	return nil
}

// Keep checks the sheet rep read from name (its bytes data) and keeps it
// in ws's allies folder.
func Keep(ws *workspace.Workspace, name string, rep *reportparse.Report, data []byte) (workspace.AllySheet, error) {
	if ws == nil {
		return workspace.AllySheet{}, errors.New("no game with a workspace is shown: open your own game first, then its allies' sheets")
	}
	kept, err := ws.AllySheets()
	if err != nil {
		return workspace.AllySheet{}, err
	}
	var k *model.Knowledge
	if rep != nil {
		k = rep.Knowledge
	}
	if err := Check(Mine{ws.Game, ws.Player}, name, k, kept); err != nil {
		return workspace.AllySheet{}, err
	}
	a, _, err := ws.AddAllySheet(k.Empire.Player, k.Turn, k.Empire.Name, data)
	return a, err
}

// Import reads the file at path (a sheet, or an e-mail holding one) and
// keeps it as an ally's sheet in ws. A sheet that cannot be read gives
// the parser's errors, with their lines.
func Import(r *rules.Rules, ws *workspace.Workspace, path string) (workspace.AllySheet, error) {
	rep, data, err := reportparse.ReadFileData(r, path)
	if err != nil {
		return workspace.AllySheet{}, err
	}
	return Keep(ws, path, rep, data)
}

// maxSheet bounds a kept sheet read back, as the sheet reader does.
const maxSheet = 64 << 20

// AddTo merges every ally's sheet kept in ws into k, in the workspace's
// order (by turn, then player). A sheet that cannot be read, or that k
// refuses, is left out and named in the errors; the others are merged.
func AddTo(k *known.Known, r *rules.Rules, ws *workspace.Workspace) []error {
	if k == nil || ws == nil {
		return nil
	}
	kept, err := ws.AllySheets()
	if err != nil {
		return []error{err}
	}
	var errs []error
	for _, a := range kept {
		data, err := capfile.Read(a.Path, maxSheet)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rep, err := reportparse.Parse(r, a.Path, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if rep.Knowledge.Empire.Player == k.Player {
			errs = append(errs, fmt.Errorf("%s: the player's own sheet, not an ally's", filepath.Base(a.Path)))
			continue
		}
		if err := k.Add(rep.Knowledge); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.Base(a.Path), err))
		}
	}
	return errs
}
