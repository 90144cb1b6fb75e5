// Package app is Silverfall's desktop window, built with Fyne.
//
// One State (state.go) holds what the window shows: the game, the draft of
// orders, the selection and where it was made, the camera, what is under
// the pointer, the order chosen in the list, the tab shown and a pick on
// the map under way. Every view subscribes to it and redraws from it:
//
//	MapView      the 3D map (frames from render3d); answers one-shot picks
//	turnSteps    the bar over the map that steps through the kept turns
//	             (earlier ones read-only) and merges the game's knowledge
//	treePanel    the player's ships, fleets, planets, contacts and officers
//	detailsPanel the selection's orders and figures
//	ordersPanel  the orders as they will be carried out, with verdicts
//	textPanel    the orders as text, edited in place
//	sheetPanel   the turn sheet's text; shipsPanel the table of ships
//	statusBar    the credits the orders leave, the hover, problems
//	thisTurnView what changed since the sheet before (app/changes)
//	plotsView    plots over every turn kept (app/plots)
//	searchView   the search over what is known (Ctrl+F; app/search makes
//	             its rows from engine/query)
//	notesView    the notes, markers and reminders (engine/notes), with
//	             their form (entryForm); objectNotes the selection's notes
//	             in the details; markersView the markers and notes over
//	             the map; hoverNotes their lines in the map's hover box;
//	             remindersView the reminders due, in This turn
//
// The book of notes is the State's (Notes, ChangeNotes); notebook reads
// it from the workspace with the game and saves it at every change. A
// reminder's condition runs over knowledgeOf (knowledge.go), as the search does.
//
// Another game shown (a sheet opened, the demo, a turn step, End turn) is
// one switch for every view: first each view that keeps rows, indices or a
// selection of the game shown drops them (State.OnSwitch), then all are
// told of the new game, so that none draws the new game with the old one's
// rows. A selection is always of the game shown; the orders list draws a
// row from the draft it was built from. TestWalk walks the window at
// random and checks this and more after every step.
//
// The sheets kept of the game shown are in one archive (app/archive,
// State.Archive): each is read once, and the turn bar, the knowledge, the
// plots and This turn all get earlier sheets from it, never from files; a
// sheet opened or made by a practice game is handed to it. The turn bar
// merges them (and allies' sheets) into the game's knowledge, an
// engine/known value the State holds (State.Known, nil until merged; ask it
// as of the game's turn). What that knowledge holds and the game's own
// sheet does not (memory.go) goes with each Game into its map, tree and
// details, with the source of each fact.
//
// The allies' sheets of a game (app/allies: the checks, the allies/ folder
// of the workspace, the merge into engine/known) come in through
// allyImporter (File > Import an ally's sheet…) and the mail fetch, and are
// listed by alliesView; turnSteps merges them where it reads the history,
// each read once while its file is unchanged (allies.Cache), and with View >
// Allies' sightings (on unless the settings took it off) puts what only they
// show on the map, in the tree under "Seen by allies this turn" and in the
// details, each fact with its source (memory.go). The empires counted as
// allies (known.Allies: listed as allies or with a sheet kept, less declared
// enemies) are drawn in the allied colours (Game.allied). None of the sheets
// is ever the game shown, nor reaches its draft or figures.
//
// The window's work is done by types of their own, each talking to the
// window through the State: orderDesk and orderForm (the order forms,
// built from a table of each code's argument roles), opener (reading and
// showing sheets), keeper (the workspace: sheets, drafts, the view),
// exporter (the order file), csvTables (any table as a CSV file, through
// internal/csvout), mapClicks (selections made on the map), the
// mail types, and practiceView (practice games: New, Continue, End turn).
// App only wires them: menus, keys and the layout.
//
// The rules come from the engine (the Game's check.Checker), never from
// here. Sub-packages: app/draft (the orders being written, with undo),
// app/workspace (a game's folder), app/archive (its sheets, each read
// once), app/allies (the allies' sheets), app/practice (practice games,
// run by the host package), app/changes (one sheet against the one
// before), app/plots (plots over the turns) and app/search (a query's
// result table); these know no widgets. Nothing imports app but
// cmd/silverfall.
package app
