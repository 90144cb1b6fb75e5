package app

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/app/search"
	"silverfall/app/workspace"
	"silverfall/assets"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/mail"
	"silverfall/render3d"
)

// allyFile writes demo player p's sheet, changed by edit, into a file.
func allyFile(t *testing.T, name string, p int, edit func(string) string) string {
	t.Helper()
	data, err := assets.DemoSheet(p)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if edit != nil {
		text = edit(text)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// ownFiles lists the files of the game's workspace outside allies/, with
// their contents' sizes.
func ownFiles(x *App) string {
	var b strings.Builder
	paths, _ := filepath.Glob(filepath.Join(x.st.Workspace().Dir, "*"))
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
			fmt.Fprintf(&b, "%s %d\n", filepath.Base(p), info.Size())
		}
	}
	return b.String()
}

// closeTop takes the dialog on top away.
func closeTop(x *App) {
	if o := x.Window().Canvas().Overlays().Top(); o != nil {
		o.Hide()
		x.Window().Canvas().Overlays().Remove(o)
	}
}

// An ally's sheet imported is kept among the allies' sheets and merged
// into what is known; the game shown, its draft and figures stay. One of
// another game, one's own, the same again and a broken one are refused,
// each with its reason.
func TestImportAllySheet(t *testing.T) {
	x := newApp(t)
	x.st.Draft().Add(mustParse(t, "MO 2 5 5 5"))
	g, d := x.st.Game(), x.st.Draft()
	orders, status := x.export.Text(), x.status.Text()
	if !strings.Contains(orders, "MO 2 5 5 5") {
		t.Fatalf("the order text is %q", orders)
	}
	files := ownFiles(x)

	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	if top := x.Window().Canvas().Overlays().Top(); top != nil && top.Visible() {
		t.Fatalf("a good sheet shows %q", collectText(top))
	}
	if !strings.Contains(x.status.Text(), "Player 4's sheet of turn 1 is kept among the allies' sheets") {
		t.Errorf("the status says %q", x.status.Text())
	}
	x.status.say("") // the note taken back, the figures show again
	if x.st.Game() != g || x.st.Draft() != d || x.export.Text() != orders {
		t.Error("an ally's sheet changed the game shown or its orders")
	}
	if got := x.status.Text(); got != status || !strings.Contains(status, "credits 150,000") {
		t.Errorf("the credits before %q, after %q", status, got)
	}
	if after := ownFiles(x); after != files || !strings.Contains(files, "turn-002-orders.draft") {
		t.Errorf("the game's own files changed:\n%s\nthen\n%s", files, after)
	}
	if len(x.alliesV.rows) != 1 || x.alliesV.rows[0].Player != 4 {
		t.Errorf("the allies' list shows %+v", x.alliesV.rows)
	}
	if k := allySources(x.st); len(k) != 1 || k[0] != (known.Source{Kind: known.AllySheet, Player: 4, Turn: 1}) {
		t.Errorf("the knowledge merged the allies' sheets %+v", k)
	}

	for _, c := range []struct {
		name string
		path string
		want string
	}{
		{"the same again", allyFile(t, "again.txt", 4, nil), "player 4's sheet of turn 1 is merged already"},
		{"another game", allyFile(t, "other.txt", 5, func(s string) string { return strings.Replace(s, assets.DemoName, "Other Game", 1) }),
			`the sheet is of the game "Other Game"`},
		{"my own", allyFile(t, "mine.txt", assets.DemoPlayer, nil), "this is your own sheet"},
		{"broken", allyFile(t, "broken.txt", 6, func(s string) string { return strings.Replace(s, "Turn:       1", "Turn:       one", 1) }),
			"broken.txt:5: header: expected the turn number"},
	} {
		x.allyIn.Import(c.path)
		if msg := top(x); !strings.Contains(msg, c.want) {
			t.Errorf("%s: the window says %q, want %q", c.name, msg, c.want)
		}
		closeTop(x)
	}
	if x.st.Game() != g || x.st.Draft() != d || len(x.alliesV.rows) != 1 {
		t.Errorf("a refused sheet changed something: game %v, %d allies' sheets", x.st.Game() != g, len(x.alliesV.rows))
	}
}

// The allies' list is reachable from the View menu and removes a sheet.
func TestAlliesViewRemoves(t *testing.T) {
	x := newApp(t)
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	x.allyIn.Import(allyFile(t, "ally.txt", 7, nil))
	var item func()
	for _, m := range x.Window().MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == "Allies' sheets…" && m.Label == "View" {
				item = it.Action
			}
		}
	}
	if item == nil {
		t.Fatal("no View > Allies' sheets…")
	}
	item()
	msg := top(x)
	if !strings.Contains(msg, "Player 4, Radiant Covenant · turn 1\nturn-001-player-04-") || !strings.Contains(msg, "Player 7, Azure Union · turn 1") {
		t.Errorf("the list shows %q", msg)
	}
	removed := x.alliesV.rows[0]
	x.alliesV.askRemove(removed)
	tap(t, x, "Remove")
	if _, err := os.Stat(removed.Path); !os.IsNotExist(err) {
		t.Errorf("the sheet removed is still there: %v", err)
	}
	if len(x.alliesV.rows) != 1 || x.alliesV.rows[0].Player != 7 {
		t.Errorf("after the removal the list shows %+v", x.alliesV.rows)
	}
	if k := allySources(x.st); len(k) != 1 || k[0].Player != 7 {
		t.Errorf("after the removal the knowledge has the allies' sheets %+v", k)
	}
}

// A sheet fetched by mail that is another player's of the game shown goes
// to the allies' sheets; the game shown stays.
func TestFetchAllySheet(t *testing.T) {
	sys := mailSystem(t)
	ally, _ := assets.DemoSheet(4)
	msg, _, err := mail.Compose(mail.Outgoing{From: "gm@example.org", To: "ann@example.org", Subject: "Turn 1, player 4", Body: string(ally)})
	if err != nil {
		t.Fatal(err)
	}
	sys.Deliver("ann@example.org", msg)
	// The same sheet again in another message adds nothing; a different
	// one of the same ally and turn is left alone, and said so.
	again, _, _ := mail.Compose(mail.Outgoing{From: "gm@example.org", To: "ann@example.org", Subject: "Turn 1, player 4 again", Body: string(ally)})
	sys.Deliver("ann@example.org", again)
	changed := strings.Replace(string(ally), "Turn:       1", "Turn:       1 ", 1)
	other, _, _ := mail.Compose(mail.Outgoing{From: "gm@example.org", To: "ann@example.org", Subject: "Turn 1, player 4, changed", Body: changed})
	sys.Deliver("ann@example.org", other)
	x := mailApp(t, sys)
	ownGame(t, x)
	g, orders, before := x.st.Game(), x.export.Text(), ownFiles(x)
	x.mailing.fetchDialog()
	if x.st.Game() != g || x.export.Text() != orders {
		t.Fatalf("the fetch showed %+v", x.st.Game().K)
	}
	if msg := top(x); !strings.Contains(msg, "among the allies' sheets") || !strings.Contains(msg, "A sheet of player 4 for turn 1 came by mail and was left alone") {
		t.Errorf("the result says %q", msg)
	}
	if files := ownFiles(x); files != before {
		t.Errorf("the game's own files changed with the fetch:\n%s\nthen\n%s", before, files)
	}
	kept, _ := x.st.Workspace().AllySheets()
	if len(kept) != 1 || kept[0].Player != 4 {
		t.Errorf("allies' sheets kept %+v", kept)
	}
	if _, err := os.Stat(workspace.Folder(x.keep.root, assets.DemoName, 4)); !os.IsNotExist(err) {
		t.Errorf("the ally's sheet made a workspace of its own: %v", err)
	}
	if len(x.alliesV.rows) != 1 || allySheetsKnown(x.st) != 1 {
		t.Errorf("the list and the knowledge did not take the sheet: %+v", x.alliesV.rows)
	}
}

// What only an ally's sheet shows is on the map as soon as the sheet is
// imported, with whose sheet it was on hover; View > Allies' sightings
// takes it away, and again puts it back.
func TestAllySightingsOnMap(t *testing.T) {
	x := newApp(t)
	marked := func() (planets, all int) {
		for _, b := range x.st.Game().Map.Bodies {
			if strings.Contains(b.Label, "(player 4's sheet, turn 1)") {
				planets++
			}
		}
		return planets, len(x.st.Game().Map.Bodies)
	}
	_, before := marked()
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	n, all := marked()
	if n == 0 || all <= before || !x.turns.sightingsItem.Checked {
		t.Fatalf("after the import: %d planets marked, %d bodies of %d, the menu ticked %v", n, all, before, x.turns.sightingsItem.Checked)
	}
	for i, b := range x.st.Game().Map.Bodies {
		hover := hoverText(x.st, i, 0)
		if i >= before && !strings.Contains(hover, "from ally player 4's sheet of turn 1") {
			t.Errorf("the pointer over %q says %q", b.Label, hover)
		}
		if i >= before {
			x.clicks.picked(i, fyne.NewPos(10, 10)) // selects nothing the game lacks
		}
		if strings.Contains(b.Label, "player 4's sheet") && !b.Kind.IsShip() {
			if _, mine := x.st.Game().Planets[b.IDs[0]]; mine {
				t.Errorf("planet %d is on the player's own sheet and shown again as the ally's", b.IDs[0])
			}
		}
	}
	x.turns.sightingsItem.Action()
	if n, all := marked(); n != 0 || all != before || x.turns.sightingsItem.Checked {
		t.Errorf("taken away, %d marked and %d bodies of %d", n, all, before)
	}
	x.turns.sightingsItem.Action()
	if n, _ := marked(); n == 0 {
		t.Error("asked for again, the allies' sightings do not show")
	}
}

// Taken off the map, the allies' sightings stay off at the next start.
func TestAllySightingsRemembered(t *testing.T) {
	path, root := filepath.Join(t.TempDir(), "settings.toml"), t.TempDir()
	start := func() *App {
		x := New(test.NewTempApp(t), Options{SettingsPath: path, Frames: software, Workspaces: root})
		x.Background = func(f func()) { f() }
		if err := x.LoadDemo(); err != nil {
			t.Fatal(err)
		}
		x.Window().Resize(fyne.NewSize(1280, 800))
		x.Window().Canvas().Capture()
		return x
	}
	x := start()
	if !x.turns.sightings {
		t.Fatal("the allies' sightings are off at the first start")
	}
	x.turns.sightingsItem.Action()
	y := start()
	if y.turns.sightings || y.turns.sightingsItem.Checked {
		t.Error("taken off, the allies' sightings are on again at the next start")
	}
}

// An ally's planets and ships are drawn in the allies' colours, on the map
// and in the details, once his sheet is merged; a player whose sheet is
// not merged stays another player's.
func TestAllyDrawnAllied(t *testing.T) {
	x := newApp(t)
	kinds := func(owner int) map[render3d.Kind]int {
		out := map[render3d.Kind]int{}
		g := x.st.Game()
		for _, b := range g.Map.Bodies {
			if b.Kind.IsShip() {
				for _, id := range b.IDs {
					if s, ok := g.Ships[id]; ok && s.Owner == owner {
						out[b.Kind]++
					} else if o := g.remembered(model.ShipKey(id)); o != nil && o.Owner == owner {
						out[b.Kind]++
					}
				}
			} else if o, ok := g.Location(model.PlanetKey(b.IDs[0])); ok && o == b.Loc && planetOwner(g, b.IDs[0]) == owner {
				out[b.Kind]++
			}
		}
		return out
	}
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	got := kinds(4)
	if got[render3d.PlanetAllied] == 0 || got[render3d.PlanetOther] > 0 || got[render3d.ShipOther] > 0 {
		t.Errorf("player 4's bodies by kind %v: want allied planets, and none of another player", got)
	}
	if other := kinds(7); other[render3d.PlanetAllied]+other[render3d.ShipAllied] > 0 {
		t.Errorf("player 7, whose sheet is not merged, is drawn as an ally: %v", other)
	}
	g := x.st.Game()
	for _, b := range g.Map.Bodies {
		if b.Kind == render3d.PlanetAllied {
			x.st.Select(model.PlanetKey(b.IDs[0]), FromMap)
			if text := collectText(x.details.box); !strings.Contains(text, "player 4, your ally") {
				t.Errorf("the details of planet %d say:\n%s", b.IDs[0], text)
			}
			break
		}
	}
}

// planetOwner is the owner of planet id as the game shows or remembers it.
func planetOwner(g *Game, id int) int {
	if p, ok := g.Planets[id]; ok {
		return p.Owner
	}
	if o := g.remembered(model.PlanetKey(id)); o != nil {
		return o.Owner
	}
	return -1
}

// File > Import an ally's sheet… asks for a file.
func TestAllyImportMenu(t *testing.T) {
	x := newApp(t)
	var item *fyne.MenuItem
	for _, m := range x.Window().MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == "Import an ally's sheet…" && m.Label == "File" {
				item = it
			}
		}
	}
	if item == nil {
		t.Fatal("no File > Import an ally's sheet…")
	}
	item.Action()
	if x.files.fyneDlg == nil {
		t.Fatal("no file dialog shows")
	}
	x.files.fyneDlg.Hide()
}

// allySheetsKnown is how many allies' sheets the game's knowledge holds.
func allySheetsKnown(st *State) int { return len(allySources(st)) }

// allySources are the allies' sheets the game's knowledge holds.
func allySources(st *State) []known.Source {
	var out []known.Source
	if k := st.Known(); k != nil {
		for _, s := range k.Sheets() {
			if s.Kind == known.AllySheet {
				out = append(out, s)
			}
		}
	}
	return out
}

// The search looks through the whole knowledge: a planet only an ally's
// sheet shows is found, and a query's reminder condition sees it too.
func TestSearchFindsWhatAnAllySees(t *testing.T) {
	x := newApp(t)
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	k := x.st.Known()
	if k == nil {
		t.Fatal("no knowledge merged after the import")
	}
	var only model.Key
	for _, o := range k.AllyOnly(x.st.Game().K.Turn) {
		if _, mine := x.st.Game().Planets[o.Key.ID]; o.Key.Kind == model.KindPlanet && !mine {
			only = o.Key
			break
		}
	}
	if only.ID == 0 {
		t.Fatal("the ally's sheet shows no planet the player's does not")
	}
	searchFor(t, x, "planets")
	if !slices.ContainsFunc(x.search.result.Rows, func(r search.Row) bool { return r.Key == only }) {
		t.Errorf("the search for planets does not find planet %d, which the ally's sheet shows", only.ID)
	}
}

// What an ally's sheet of this turn shows is listed under a heading of its
// own in the tree, not among what was seen on earlier turns; its details
// say it is this turn's, from the ally's sheet.
func TestAllySightingsHeading(t *testing.T) {
	x := newApp(t)
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	var allies, earlier *Category
	cats := x.st.Game().Tree("", "Everything")
	for i := range cats {
		switch cats[i].Key {
		case "cat:allies":
			allies = &cats[i]
		case "cat:remembered":
			earlier = &cats[i]
		}
	}
	if allies == nil || len(allies.Items) == 0 || !strings.HasPrefix(allies.Title, "Seen by allies this turn (") {
		t.Fatalf("no heading of the allies' sightings in the tree: %+v", cats)
	}
	if earlier != nil {
		t.Errorf("the demo has one turn, yet the tree lists %d objects as seen on earlier turns", len(earlier.Items))
	}
	it := allies.Items[0]
	if !strings.Contains(it.Label, "from ally player 4's sheet") || strings.Contains(it.Label, "last seen") {
		t.Errorf("the tree says %q", it.Label)
	}
	x.st.Select(it.Key, FromTree)
	text := collectText(x.details.box)
	for _, want := range []string{"Seen by an ally", "this turn (turn 1)", "ally player 4's sheet of turn 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the details of %v do not say %q:\n%s", it.Key, want, text)
		}
	}
	if strings.Contains(text, "Last seen") || strings.Contains(text, " then") {
		t.Errorf("the details of this turn's sighting speak of the past:\n%s", text)
	}
}

// The allies' sheets are read once each, however often the knowledge is
// merged again: another game shown, the same again, another ally's sheet
// kept.
func TestAllySheetsReadOnce(t *testing.T) {
	x := newApp(t)
	x.allyIn.Import(allyFile(t, "ally.txt", 4, nil))
	if n := x.turns.allySheets.Reads(); n != 1 || allySheetsKnown(x.st) != 1 {
		t.Fatalf("after one import %d files read, %d sheets merged", n, allySheetsKnown(x.st))
	}
	for i := 0; i < 3; i++ {
		if err := x.LoadDemo(); err != nil {
			t.Fatal(err)
		}
		x.Window().Canvas().Capture()
	}
	x.allyIn.Import(allyFile(t, "ally.txt", 7, nil))
	if n := x.turns.allySheets.Reads(); n != 2 || allySheetsKnown(x.st) != 2 {
		t.Errorf("after three switches and another import %d files read (want 2), %d sheets merged", n, allySheetsKnown(x.st))
	}
}
