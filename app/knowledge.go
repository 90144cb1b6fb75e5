package app

import "silverfall/engine/known"

// knowledgeOf is what the player knows of the game shown, for the search
// and the reminders' conditions: for now the sheet shown alone. It is the
// one place they get their knowledge from; once the State carries the
// whole knowledge of a game (every sheet kept, an ally's), it returns
// that instead.
func knowledgeOf(st *State) *known.Known {
	g := st.Game()
	if g == nil {
		return nil
	}
	k := known.New(g.K.Game, g.K.Empire.Player)
	if err := k.Add(g.K); err != nil {
		return known.New(g.K.Game, g.K.Empire.Player) // a sheet that names no player: nothing known
	}
	return k
}
