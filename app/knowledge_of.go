package app

import "silverfall/engine/known"

// knowledgeOf is what the player knows, for the reminders' conditions:
// for now the sheet shown alone. (When the State carries the whole
// knowledge, State.Known, this is where it is taken from.) Nil when no
// game is shown or its sheet cannot be merged.
func knowledgeOf(st *State) *known.Known {
	g := st.Game()
	if g == nil {
		return nil
	}
	k := known.New(g.K.Game, g.K.Empire.Player)
	if err := k.Add(g.K); err != nil {
		return nil
	}
	return k
}
