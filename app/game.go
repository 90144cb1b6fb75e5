package app

import (
	"fmt"
	"silverfall/engine/text"
	"sort"
	"strconv"
	"strings"

	"silverfall/engine/check"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
	"silverfall/internal/plural"
	"silverfall/render3d"
	"silverfall/reportparse"
)

// Game is a loaded turn sheet with the indexes the window needs. Objects
// are named by keys: "ship:12", "planet:45", "fleet:2", "officer:7".
type Game struct {
	R      *rules.Rules
	Report *reportparse.Report
	K      *model.Knowledge
	Source string // where it was read from
	Raw    []byte // the sheet as read, kept in the workspace
	Map    *render3d.Map
	// text is the sheet's text, normalised, as the report's sections hold
	// it (see Line).
	text sheetText
	// SectionLine maps a section's title to its first line (see Line).
	SectionLine map[string]int
	Sections    []string
	// Checker checks orders against the sheet and works out the figures
	// of the player's ships by the engine's rules; the draft shares it.
	Checker *check.Checker
	// memory is what earlier sheets showed and this one does not (see
	// memory.go); nil until the game's history is read.
	memory *memory
	// allies are the players counted as the player's allies, by number,
	// once the knowledge is merged (see allied); nil until then.
	allies []int

	*model.Index
}

// NewGame indexes a report.
func NewGame(r *rules.Rules, rep *reportparse.Report, source string) *Game {
	k := rep.Knowledge
	c := check.New(r, k)
	g := &Game{R: r, Report: rep, K: k, Source: source, Map: render3d.FromKnowledge(r, k),
		SectionLine: map[string]int{}, Checker: c, Index: c.Index}
	for _, s := range rep.Sections {
		title := s.Title
		var head []string
		switch {
		case s.Number == 0:
			title = "Header"
			head = []string{turnsheet.Banner}
		case s.Number > 0:
			title = fmt.Sprintf("%d. %s", s.Number, s.Title)
			head = []string{"", turnsheet.SectionLine(s.Number, s.Title)}
		default:
			head = []string{"", turnsheet.SectionLine(0, s.Title)}
		}
		g.SectionLine[title] = g.text.add(head, s) - 1
		g.Sections = append(g.Sections, title)
	}
	return g
}

func (g *Game) own(s *model.Ship) bool { return s.Owner == g.K.Empire.Player }

// KeyOfBody is the object a map body stands for: a planet, a single ship,
// or the player's fleet where several of his ships are.
func (g *Game) KeyOfBody(i int) model.Key {
	if i < 0 || i >= len(g.Map.Bodies) {
		return model.Key{}
	}
	b := &g.Map.Bodies[i]
	if !b.Kind.IsShip() {
		return model.PlanetKey(b.IDs[0])
	}
	if b.Kind == render3d.ShipMine && len(b.IDs) > 1 {
		for _, f := range g.K.Fleets {
			if f.Loc == b.Loc {
				return model.FleetKey(f.ID)
			}
		}
	}
	return model.ShipKey(b.IDs[0])
}

// Selection is what the map highlights for an object: its body, and for
// own ships and fleets the communication and movement ranges.
func (g *Game) Selection(key model.Key) render3d.Selection {
	kind, id := key.Kind, key.ID
	var ships []*model.Ship
	switch kind {
	case model.KindPlanet:
		return render3d.Selection{Key: model.PlanetKey(id)}
	case model.KindShip:
		if s, ok := g.Ships[id]; ok {
			ships = append(ships, s)
		}
	case model.KindFleet:
		if f, ok := g.Fleets[id]; ok {
			for _, sid := range f.Ships {
				if s, ok := g.Ships[sid]; ok {
					ships = append(ships, s)
				}
			}
		}
	case model.KindOfficer:
		if o, ok := g.Officers[id]; ok {
			if o.Planet != 0 {
				return render3d.Selection{Key: model.PlanetKey(o.Planet)}
			}
			if s, ok := g.Ships[o.Ship]; ok {
				ships = append(ships, s)
			}
		}
	}
	if len(ships) == 0 {
		return g.rememberedSelection(key)
	}
	sel := render3d.Selection{Key: model.ShipKey(ships[0].ID)}
	for _, s := range ships {
		if !g.own(s) {
			continue
		}
		move, comm := g.Checker.Ranges(s.ID)
		sel.CommRange = max(sel.CommRange, float64(comm))
		sel.MoveRange = max(sel.MoveRange, float64(move))
	}
	return sel
}

// Location is where an object is.
func (g *Game) Location(key model.Key) (geom.Point, bool) {
	kind, id := key.Kind, key.ID
	switch kind {
	case model.KindShip:
		if s, ok := g.Ships[id]; ok {
			return s.Loc, true
		}
	case model.KindPlanet:
		if p, ok := g.Planets[id]; ok {
			return p.Loc, true
		}
	case model.KindFleet:
		if f, ok := g.Fleets[id]; ok {
			return f.Loc, true
		}
	case model.KindOfficer:
		if o, ok := g.Officers[id]; ok {
			if o.Planet != 0 {
				return g.Location(model.PlanetKey(o.Planet))
			}
			return g.Location(model.ShipKey(o.Ship))
		}
	}
	if loc, ok := g.rememberedLocation(key); ok {
		return loc, true
	}
	return geom.Point{}, false
}

// Item is a line of the object tree.
type Item struct {
	Key   model.Key
	Label string
}

// Category is a branch of the object tree.
type Category struct {
	Key, Title string
	Items      []Item
}

// Filters of the tree.
var Filters = []string{"Everything", "Ships", "Fleets", "Planets", "Contacts", "Officers"}

func typeName(r *rules.Rules, t int) string {
	if st := r.Ship(t); st != nil {
		return st.Name
	}
	return "type " + strconv.Itoa(t)
}

func withName(s, name string) string {
	if name != "" {
		return s + " " + name
	}
	return s
}

// Tree lists the objects by category, keeping those whose label, or kind
// and number, holds the search text (any case) and that the filter lets
// through.
func (g *Game) Tree(search, filter string) []Category {
	search = strings.ToLower(strings.TrimSpace(search))
	k := g.K
	cats := []Category{
		{Key: "cat:ships", Title: "My ships"}, {Key: "cat:fleets", Title: "Fleets"},
		{Key: "cat:planets", Title: "My planets"}, {Key: "cat:trading", Title: "Trading planets"},
		{Key: "cat:contacts", Title: "Foreign contacts"}, {Key: "cat:officers", Title: "Officers"},
	}
	add := func(c int, it Item) {
		if treeKeeps(c, it, search, filter) {
			cats[c].Items = append(cats[c].Items, it)
		}
	}
	for _, s := range k.Ships {
		// The number and the name before the type: where the tree's
		// column cuts a label (it has some 110 pixels for text at
		// 1280x800), they stay in sight. A foreign ship's label is of the
		// same shape; a planet's begins "Planet".
		add(0, Item{model.ShipKey(s.ID), withName(strconv.Itoa(s.ID), s.Name) + " · " + typeName(g.R, s.Type)})
	}
	for _, f := range k.Fleets {
		add(1, Item{model.FleetKey(f.ID), fmt.Sprintf("Fleet %d at %v (%s)", f.ID, f.Loc, plural.Count(len(f.Ships), "ship"))})
	}
	for _, p := range k.Planets {
		add(2, Item{model.PlanetKey(p.ID), withName(fmt.Sprintf("%d (%s)", p.ID, p.Kind), p.Name)})
	}
	for _, t := range k.Trading {
		add(3, Item{model.PlanetKey(t.Planet.ID), withName(strconv.Itoa(t.Planet.ID), t.Planet.Name)})
	}
	for _, s := range k.SeenShips() {
		add(4, Item{model.ShipKey(s.ID), withName(strconv.Itoa(s.ID), s.Name) + " · " + typeName(g.R, s.Type) + ", " + g.ownerShort(s.Owner)})
	}
	for _, p := range k.SeenPlanets() {
		owner := "unowned"
		if p.Owner != 0 {
			owner = "player " + strconv.Itoa(p.Owner)
		}
		add(4, Item{model.PlanetKey(p.ID), withName(fmt.Sprintf("Planet %d, %s", p.ID, owner), p.Name)})
	}
	for _, o := range k.Officers {
		rank := g.R.RankFor(o.Levels.Sum())
		post := fmt.Sprintf("ship %d", o.Ship)
		title := rank.Ship
		if o.Ship == 0 {
			post, title = fmt.Sprintf("planet %d", o.Planet), rank.Planet
		}
		add(5, Item{model.OfficerKey(o.ID), withName(fmt.Sprintf("%d %s (%s)", o.ID, title, post), o.Name)})
	}
	cats = append(cats, g.rememberedTree(search, filter)...)
	for i := range cats {
		cats[i].Title = fmt.Sprintf("%s (%d)", cats[i].Title, len(cats[i].Items))
	}
	return cats
}

// treeKeeps reports whether item it of the tree's category c holds the
// search text (lower case) and passes the filter.
func treeKeeps(c int, it Item, search, filter string) bool {
	// The label, and the object's kind and number ("ship 28"), which a
	// label that leads with the number and name no longer says.
	if search != "" && !strings.Contains(strings.ToLower(it.Label)+"\x00"+objectText(it.Key), search) {
		return false
	}
	switch filter {
	case "Ships":
		return it.Key.Kind == model.KindShip && c == 0
	case "Fleets":
		return c == 1
	case "Planets":
		return it.Key.Kind == model.KindPlanet
	case "Contacts":
		return c == 4
	case "Officers":
		return c == 5
	}
	return true
}

// Row is a line of the details panel; a row with a Key names an object
// that a click on the row selects.
type Row struct {
	Label, Value string
	Key          model.Key // what the row links to, if anything
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func oreText(o model.Ore) string {
	parts := make([]string, 0, 5)
	for i, n := range o {
		parts = append(parts, fmt.Sprintf("%d: %s", i+1, text.Grouped(n)))
	}
	return strings.Join(parts, "  ")
}

// Details describes an object: every figure the sheet gives for it, then
// the distances to what is near it.
func (g *Game) Details(key model.Key) (title string, rows []Row) {
	d := &detailRows{}
	ok := false
	switch key.Kind {
	case model.KindShip:
		title, ok = g.shipDetails(d, key.ID)
	case model.KindPlanet:
		title, ok = g.planetDetails(d, key.ID)
	case model.KindFleet:
		title, ok = g.fleetDetails(d, key.ID)
	case model.KindOfficer:
		title, ok = g.officerDetails(d, key.ID)
	}
	if !ok {
		title, ok = g.rememberedDetails(d, key)
	}
	if !ok {
		return "Nothing selected", nil
	}
	if loc, ok := g.Location(key); ok {
		for i, n := range g.Nearby(key, loc, 12) {
			label := ""
			if i == 0 {
				label = "Nearby"
			}
			d.link(label, n.Text, n.Key)
		}
	}
	return title, d.rows
}

// detailRows gathers the rows of the details of an object.
type detailRows struct{ rows []Row }

func (d *detailRows) add(l, v string) { d.rows = append(d.rows, Row{Label: l, Value: v}) }
func (d *detailRows) link(l, v string, key model.Key) {
	d.rows = append(d.rows, Row{Label: l, Value: v, Key: key})
}

func num(n int) string { return text.Grouped(n) }

func (g *Game) shipDetails(d *detailRows, id int) (string, bool) {
	s, ok := g.Ships[id]
	if !ok {
		return "", false
	}
	t := g.R.Ship(s.Type)
	title := withName(fmt.Sprintf("Ship %d, %s", s.ID, typeName(g.R, s.Type)), s.Name)
	d.add("Owner", g.ownerText(s.Owner))
	d.add("Location", s.Loc.String())
	if !g.own(s) {
		d.add("Known", "number, type, name, location and owner only")
		g.trackRows(d, s.ID)
		return title, true
	}
	d.add("Fire units", fmt.Sprintf("%d of %d", s.Fire, s.MaxFire))
	d.add("Defence units", fmt.Sprintf("%d of %d", s.Defence, s.MaxDefence))
	f, _ := g.Checker.Ship(s.ID)
	if t != nil {
		if t.MaxFuel.OK {
			d.add("Fuel", fmt.Sprintf("%d of %d", s.Fuel, t.MaxFuel.N))
		}
		if t.CarriesCargo() {
			used := float64(f.CargoUsed) / float64(g.R.CargoScale())
			d.add("Cargo", fmt.Sprintf("%s (%.1f of %d cargo units)", oreText(s.Cargo), used, t.Cargo.N))
		}
		if t.Population > 0 {
			d.add("Population", fmt.Sprintf("%s of %s", num(s.Population), num(t.Population)))
		}
	}
	d.add("Movement range", strconv.Itoa(f.MoveRange))
	d.add("Communication range", strconv.Itoa(f.CommRange))
	if t != nil {
		d.add("Fire range", t.FireRange.String())
		d.add("Size", strconv.Itoa(t.Size))
		d.add("Abilities", g.abilities(t))
	}
	d.add("Cloaked", yes(s.Cloaked))
	d.add("Hyperjump used", yes(s.Hyperjumped))
	g.shipAboard(d, s)
	g.trackRows(d, s.ID)
	return title, true
}

// shipAboard adds what a ship carries and where it is docked.
func (g *Game) shipAboard(d *detailRows, s *model.Ship) {
	if s.Inside != 0 {
		d.add("Docked in", fmt.Sprintf("ship %d", s.Inside))
	}
	var carried []string
	for _, o := range g.K.Ships {
		if o.Inside == s.ID {
			carried = append(carried, strconv.Itoa(o.ID))
		}
	}
	if len(carried) > 0 {
		d.add("Carrying", plural.List("ship", carried))
	}
	if s.Officer != 0 {
		d.add("Officer", g.officerLine(s.Officer))
	}
	if s.Artifact != 0 {
		d.add("Artifact", g.artifactLine(s.Artifact))
	}
	if s.Standing.Code != 0 {
		d.add("Standing order", s.Standing.String())
	}
}

// lastMarketText says until when a trading planet trades, by the engine
// (rules.MarketLastTurn): the pull of Silverfall takes it at that turn's
// end.
func (g *Game) lastMarketText(p *model.Planet) string {
	last := g.R.MarketLastTurn(p.Loc, g.K.Turn)
	switch {
	case last == 0:
		return "holds its place against the pull"
	case last == g.K.Turn+1:
		return fmt.Sprintf("turn %d, this turn: the pull takes it at the turn's end", last)
	case last > g.R.Game.ExpectedLastTurn:
		return fmt.Sprintf("to the game's end (the pull would take it after turn %d)", last)
	}
	return fmt.Sprintf("turn %d (the orders of turn %d's sheet); the pull takes it at that turn's end", last, last-1)
}

func (g *Game) planetDetails(d *detailRows, id int) (string, bool) {
	p, ok := g.Planets[id]
	if !ok {
		return "", false
	}
	title := withName(fmt.Sprintf("Planet %d", p.ID), p.Name)
	d.add("Kind", p.Kind.String())
	d.add("Owner", g.ownerText(p.Owner))
	d.add("Location", p.Loc.String())
	d.add("From Silverfall", strconv.Itoa(p.Loc.Dist(geom.Origin)))
	if t, ok := g.Trading[id]; ok {
		d.add("Pays for ore 1-5", fmt.Sprintf("%d  %d  %d  %d  %d", t.Prices.Ore[0], t.Prices.Ore[1], t.Prices.Ore[2], t.Prices.Ore[3], t.Prices.Ore[4]))
		d.add("Pays for fuel", strconv.Itoa(t.Prices.Fuel))
		d.add("Ships there", strconv.Itoa(t.ShipsHere))
		d.add("Last turn as a market", g.lastMarketText(p))
		return title, true
	}
	if p.Owner != g.K.Empire.Player {
		return title, true
	}
	d.add("Population", num(p.Population))
	d.add("Industry", num(p.Industry))
	d.add("Fuel", num(p.Fuel))
	d.add("Defence units", fmt.Sprintf("%d (%s)", p.DefenceUnits, map[bool]string{true: "active", false: "inactive"}[p.DefenceActive]))
	d.add("Ore in the ground", oreText(p.Ore))
	d.add("Ore stockpiled", oreText(p.Stock))
	g.mineRows(d, p.ID)
	if p.Officer != 0 {
		d.add("Officer", g.officerLine(p.Officer))
	}
	if p.Artifact != 0 {
		d.add("Artifact", g.artifactLine(p.Artifact))
	}
	return title, true
}

// maxMineRows bounds the mines a planet's details list one by one: a
// planet of thousands of mines gets a row for the rest, not a table that
// takes the window's time and memory.
const maxMineRows = 50

// mineRows lists the mines on planet id.
func (g *Game) mineRows(d *detailRows, id int) {
	n := 0
	for _, m := range g.K.Mines {
		if m.Planet != id {
			continue
		}
		if n++; n <= maxMineRows {
			d.add(fmt.Sprintf("Mine %d", m.ID), fmt.Sprintf("ore type %d, %d a turn", m.OreType, m.Rate))
		}
	}
	if n > maxMineRows {
		d.add("More mines", fmt.Sprintf("%d not listed here (the sheet lists them all)", n-maxMineRows))
	}
}

func (g *Game) fleetDetails(d *detailRows, id int) (string, bool) {
	f, ok := g.Fleets[id]
	if !ok {
		return "", false
	}
	d.add("Location", f.Loc.String())
	fire, def := 0, 0
	var members []*model.Ship
	for _, sid := range f.Ships {
		if s, ok := g.Ships[sid]; ok {
			fire += s.Fire
			def += s.Defence
			members = append(members, s)
		}
	}
	d.add("Fire units", strconv.Itoa(fire))
	d.add("Defence units", strconv.Itoa(def))
	for i, s := range members {
		label := ""
		if i == 0 {
			label = fmt.Sprintf("Ships (%d)", len(members))
		}
		d.link(label, withName(fmt.Sprintf("%d %s", s.ID, typeName(g.R, s.Type)), s.Name), model.ShipKey(s.ID))
	}
	return fmt.Sprintf("Fleet %d", f.ID), true
}

func (g *Game) officerDetails(d *detailRows, id int) (string, bool) {
	o, ok := g.Officers[id]
	if !ok {
		return "", false
	}
	if race := g.R.Race(o.Race); race != nil {
		d.add("Race", race.Name)
	}
	rank := g.R.RankFor(o.Levels.Sum())
	d.add("Rank", fmt.Sprintf("%s on a ship, %s on a planet (%d%% to escape)", rank.Ship, rank.Planet, rank.EscapePercent))
	if o.Ship != 0 {
		d.add("Post", fmt.Sprintf("ship %d", o.Ship))
	} else {
		d.add("Post", fmt.Sprintf("planet %d", o.Planet))
	}
	for a := 1; a <= rules.Abilities; a++ {
		if o.Levels.Of(a)+o.Current.Of(a) == 0 {
			continue
		}
		d.add(g.R.Ability(a).Name, fmt.Sprintf("level %d (now %d), aptitude %d", o.Levels.Of(a), o.Current.Of(a), o.Aptitude.Of(a)))
	}
	return withName(fmt.Sprintf("Officer %d", o.ID), o.Name), true
}

func (g *Game) ownerText(p int) string {
	switch {
	case p == 0:
		return "nobody"
	case p == g.K.Empire.Player:
		return fmt.Sprintf("you (player %d)", p)
	case p == g.R.Game.PlayerSauran:
		return "Dark Lord Sauran (99)"
	case g.allied(p):
		return g.ownerShort(p) // the map's hover and the details say the same
	}
	return fmt.Sprintf("player %d", p)
}

func (g *Game) abilities(t *rules.ShipType) string {
	var a []string
	for _, c := range []struct {
		ok   bool
		text string
	}{{t.Cloak, "cloak"}, {t.CloakedMoving, "stays cloaked moving"}, {t.Warpdrive, "warpdrive"},
		{t.CarriesSize > 0, fmt.Sprintf("carries ships of size %d", t.CarriesSize)},
		{t.Refuels, "refuels others"}, {t.Repairs, "repairs others"}, {t.Unrepairable, "cannot be repaired"},
		{g.R.Builds(t.ID) > 0, "builds " + plural.Count(g.R.Builds(t.ID), "ship") + " a turn"}} {
		if c.ok {
			a = append(a, c.text)
		}
	}
	if len(a) == 0 {
		return "none"
	}
	return strings.Join(a, ", ")
}

func (g *Game) officerLine(id int) string {
	o, ok := g.Officers[id]
	if !ok {
		return strconv.Itoa(id)
	}
	var lv []string
	for a := 1; a <= rules.Abilities; a++ {
		if n := o.Current.Of(a); n > 0 {
			lv = append(lv, fmt.Sprintf("%s %d", turnsheet.AbilityCodes[a-1], n))
		}
	}
	return withName(fmt.Sprintf("%d", o.ID), o.Name) + ": " + strings.Join(lv, ", ")
}

func (g *Game) artifactLine(id int) string {
	for _, a := range g.K.Artifacts {
		if a.ID == id {
			s := fmt.Sprintf("%d %s, %s a turn", a.ID, a.Name, plural.Count(a.Points, "point"))
			if a.Ring {
				s += ", a Ring of Darkness"
			}
			return s
		}
	}
	return strconv.Itoa(id)
}

// Near is an object near another, with its distance in the text.
type Near struct {
	Text string
	Key  model.Key
}

// Nearby lists up to n known objects nearest to loc, with distances.
func (g *Game) Nearby(self model.Key, loc geom.Point, n int) []Near {
	type near struct {
		d2   int
		key  model.Key
		what func() string
	}
	var list []near
	for id, s := range g.Ships {
		if model.ShipKey(id) == self || s.Loc == loc && self.Kind == model.KindFleet {
			continue
		}
		s := s
		list = append(list, near{loc.Dist2(s.Loc), model.ShipKey(id), func() string {
			return withName(fmt.Sprintf("ship %d %s (%s)", s.ID, typeName(g.R, s.Type), g.ownerShort(s.Owner)), s.Name)
		}})
	}
	for id, p := range g.Planets {
		if model.PlanetKey(id) == self {
			continue
		}
		p := p
		list = append(list, near{loc.Dist2(p.Loc), model.PlanetKey(id), func() string {
			return withName(fmt.Sprintf("planet %d (%s)", p.ID, g.ownerShort(p.Owner)), p.Name)
		}})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].d2 != list[j].d2 {
			return list[i].d2 < list[j].d2
		}
		if a, b := list[i].key, list[j].key; a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return list[i].key.ID < list[j].key.ID
	})
	var out []Near
	for i := 0; i < len(list) && i < n; i++ {
		d := geom.Isqrt(list[i].d2)
		out = append(out, Near{Text: fmt.Sprintf("%4d  %s", d, list[i].what()), Key: list[i].key})
	}
	return out
}

func (g *Game) ownerShort(p int) string {
	switch {
	case p == 0:
		return "unowned"
	case p == g.K.Empire.Player:
		return "yours"
	case p == g.R.Game.PlayerSauran:
		return "Sauran"
	case g.allied(p):
		return "your ally player " + strconv.Itoa(p)
	}
	return "player " + strconv.Itoa(p)
}

// NumLines is how many lines the sheet's text has, as the text panel
// shows it: each section's title, then its lines.
func (g *Game) NumLines() int { return g.text.n }

// Line is line i of the sheet's text (0 <= i < NumLines).
func (g *Game) Line(i int) string { return g.text.line(i) }

// sheetText is a sheet's text read from the report's sections rather than
// copied into a list of its own: a sheet may have half a million lines.
type sheetText struct {
	parts []textPart
	n     int
}

// textPart is a section's lines, after lines of the window's own before
// it (its title).
type textPart struct {
	start int // its first line
	head  []string
	sec   reportparse.Section
}

// add adds a section after head, and returns the line where the
// section's own lines start.
func (t *sheetText) add(head []string, s reportparse.Section) int {
	t.parts = append(t.parts, textPart{start: t.n, head: head, sec: s})
	t.n += len(head) + s.NumLines()
	return t.n - s.NumLines()
}

func (t *sheetText) line(i int) string {
	k := sort.Search(len(t.parts), func(k int) bool { return t.parts[k].start > i }) - 1
	if k < 0 || i >= t.n {
		return ""
	}
	p := &t.parts[k]
	if j := i - p.start; j < len(p.head) {
		return p.head[j]
	}
	return p.sec.LineText(i - p.start - len(p.head))
}
