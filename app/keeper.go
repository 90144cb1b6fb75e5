package app

import (
	"silverfall/app/workspace"
	"silverfall/orderwriter"
)

// keeper keeps the game shown in its workspace folder: the sheet as it
// came, the draft on every change, and the view (selection and camera).
type keeper struct {
	st     *State
	root   string // the workspaces' folder; "" keeps nothing
	ws     *workspace.Workspace
	saves  *saver
	status *statusBar
	// kept is told where a game's sheet was kept (the next start opens the
	// game shown last from there).
	kept func(g *Game, path string)
	// notes reads the game's notes from its workspace.
	notes *notebook
}

// open opens the game's workspace and keeps the sheet there.
func (k *keeper) open(g *Game) {
	k.ws = nil
	path := ""
	defer func() {
		k.st.useWorkspace(k.ws, g, path)
		if k.notes != nil {
			k.notes.open(k.ws)
		}
	}()
	if k.root == "" {
		return
	}
	ws, err := workspace.Open(k.root, g.K.Game, g.K.Empire.Player)
	if err != nil {
		k.status.problem("workspace", "There is no workspace for this game, so nothing is saved: "+err.Error())
		return
	}
	k.status.problem("workspace", "")
	k.ws = ws
	if len(g.Raw) > 0 {
		kept, _, err := ws.AddReport(g.K.Turn, g.Raw)
		if err == nil {
			path = kept
		}
		if err != nil {
			k.status.problem("workspace", "The sheet could not be kept in the workspace: "+err.Error())
		} else if k.kept != nil {
			k.kept(g, kept)
		}
	}
}

// changed saves what changed: the draft when the orders change, the view
// when the player selects or moves the camera. A new game shown saves
// nothing: it was just read from there.
func (k *keeper) changed(c Change) {
	if k.ws == nil || c.Has(ChangeGame) || k.st.Earlier() {
		return
	}
	if c.Has(ChangeOrders) {
		k.saveDraft()
	}
	if c.Has(ChangeOrders|ChangeSelection) || (c.Has(ChangeCamera) && k.st.CameraByPlayer()) {
		k.saveView()
	}
}

// saveDraft saves the draft in the workspace, off Fyne's thread. A failed
// save stays in sight until a later save succeeds; the file on disk keeps
// the previous draft.
func (k *keeper) saveDraft() {
	ws, d := k.ws, k.st.Draft()
	if ws == nil || d == nil {
		return
	}
	data, err := ws.EncodeDraft(orderFileOf(k.st))
	if err != nil {
		k.status.problem("draft", "The draft could not be saved: "+err.Error())
		return
	}
	k.saves.save(ws.DraftPath(k.st.Game().K.Turn+1), data, func(err error) {
		if err != nil {
			k.status.problem("draft", "The draft could not be saved (the last saved one is kept): "+err.Error())
		} else {
			k.status.problem("draft", "")
		}
	})
}

// saveView saves the selection and the camera.
func (k *keeper) saveView() {
	ws, d, g := k.ws, k.st.Draft(), k.st.Game()
	if ws == nil || g == nil || d == nil {
		return
	}
	c := k.st.Camera()
	s := workspace.State{Selected: k.st.Selected().String(), OnStation: d.OnStationShips()}
	if k.st.CameraSet() {
		s.Camera = [5]float64{c.Target[0], c.Target[1], c.Target[2], c.Distance, c.Yaw}
		s.Pitch, s.HasCamera = c.Pitch, true
	}
	data, err := workspace.EncodeState(s)
	if err != nil {
		return
	}
	k.saves.save(ws.StatePath(g.K.Turn+1), data, func(err error) {
		if err != nil {
			k.status.problem("view", "The view could not be saved: "+err.Error())
		} else {
			k.status.problem("view", "")
		}
	})
}

// orderFileOf is the state's draft as an order file, with the password
// the sheet gives (none in a game made before passwords).
func orderFileOf(st *State) *orderwriter.File {
	k, d := st.Game().K, st.Draft()
	return &orderwriter.File{Game: k.Game, Player: k.Empire.Player, Turn: k.Turn + 1, Password: k.Empire.Password,
		Orders: d.Orders(), Unread: d.UnreadTexts()}
}
