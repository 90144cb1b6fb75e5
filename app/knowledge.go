package app

import "silverfall/engine/known"

// knowledgeOf is what the player knows of the game shown, for the search
// and the reminders' conditions: the game's whole knowledge (every sheet
// kept, the allies' too) once it is merged, and until then, or for a game
// without a workspace, the sheet shown alone.
func knowledgeOf(st *State) *known.Known {
	g := st.Game()
	if g == nil {
		return nil
	}
	if k := st.Known(); k != nil && k.Game == g.K.Game && k.Player == g.K.Empire.Player {
		return k
	}
	k := known.New(g.K.Game, g.K.Empire.Player)
	if err := k.Add(g.K); err != nil {
		return known.New(g.K.Game, g.K.Empire.Player) // a sheet that names no player: nothing known
	}
	return k
}
