package turnsheet

import (
	"bufio"
	"fmt"
	"io"
	"silverfall/engine/text"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

func itoa(n int) string { return strconv.Itoa(n) }

// sheet writes lines, breaking pages as a line printer does.
type sheet struct {
	w      *bufio.Writer
	header string
	line   int // lines on this page
	page   int
	buf    []byte
}

func (s *sheet) put(line string) {
	if s.line >= PageLines {
		s.page++
		s.w.WriteString("\f")
		s.w.WriteString(s.header)
		s.w.WriteString(itoa(s.page))
		s.w.WriteString("\n\n")
		s.line = 2
	}
	s.w.WriteString(text.Printable(strings.TrimRight(line, " ")))
	s.w.WriteByte('\n')
	s.line++
}

func (s *sheet) printf(format string, args ...any) {
	s.buf = fmt.Appendf(s.buf[:0], format, args...)
	s.put(string(s.buf))
}

// text writes free text, wrapped at the sheet's width on blanks. The first
// quoted items (broadcasts) are written behind Quote, and so is any item
// whose first line a reader would take for something else.
func (s *sheet) text(lines []string, quoted int) {
	if len(lines) == 0 {
		s.put(None)
		return
	}
	// A long item goes on over more lines, each indented by Continued, so
	// that a reader finds the items again.
	for i, l := range lines {
		l = strings.TrimRight(text.Printable(l), " \t")
		lead := ""
		if i < quoted || NeedsQuote(l) {
			lead = Quote
		}
		for width := Width - len(lead); len(l) > width; width = Width - len(Continued) {
			cut := strings.LastIndexByte(l[:width+1], ' ')
			if cut <= 0 {
				cut = width
				for cut > 0 && !utf8.RuneStart(l[cut]) {
					cut-- // never inside a character
				}
			}
			s.put(lead + strings.TrimRight(l[:cut], " "))
			l = strings.TrimLeft(l[cut:], " ")
			lead = Continued
		}
		s.put(lead + l)
	}
}

// NeedsQuote reports whether a reader would take the line l, written as
// the first line of an item of free text, for anything but that text.
func NeedsQuote(l string) bool {
	t := strings.TrimSpace(l)
	return t == "" || t == None || t == End || t == Banner || l != strings.TrimLeft(l, " \t") ||
		strings.HasPrefix(l, strings.TrimSpace(Quote)) || strings.HasPrefix(l, SectionPrefix) ||
		strings.HasPrefix(l, strings.TrimSpace(SectionPrefix)) || strings.HasPrefix(l, PageHeader) ||
		strings.HasPrefix(l, ">")
}

// Continued starts the lines that carry on a long item of text.
const Continued = "  "

func (s *sheet) section(n int) {
	s.put("")
	s.put(SectionLine(n, Titles[n]))
}

func signed(n int) string {
	if n >= 0 {
		return "+" + text.Grouped(n)
	}
	return text.Grouped(n)
}

func name(n string) string {
	if n == "" {
		return "-"
	}
	return n
}

func players(ps []int) string {
	if len(ps) == 0 {
		return "none"
	}
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = itoa(p)
	}
	return strings.Join(s, " ")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func ore(o model.Ore) string {
	return fmt.Sprintf("%d %d %d %d %d", o[0], o[1], o[2], o[3], o[4])
}

// Write writes k as a turn sheet.
func Write(w io.Writer, r *rules.Rules, k *model.Knowledge) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	// The page header keeps to the width: the game's name gives way.
	tail := fmt.Sprintf(" -- player %d -- turn %d -- page ", k.Empire.Player, k.Turn)
	game := []rune(k.Game)
	if room := Width - len(PageHeader) - len(tail) - 3; len(game) > room {
		game = game[:max(room, 0)]
	}
	s := &sheet{w: bw, page: 1, header: PageHeader + text.Printable(strings.TrimSpace(string(game))) + tail}
	wr := writer{r: r, k: k, s: s, officers: model.OfficerMap(k.Officers)}
	wr.all()
	return bw.Flush()
}

type writer struct {
	r        *rules.Rules
	k        *model.Knowledge
	s        *sheet
	officers map[int]*model.Officer
}

func (w *writer) all() {
	s, k := w.s, w.k
	s.put(Banner)
	w.header(k.Turn)
	w.score()
	w.credits()
	s.section(BattleReports)
	s.text(k.Battle, 0)
	w.trading()
	w.officerReview()
	s.section(Planets)
	if len(k.Planets) == 0 {
		s.put(None)
	}
	for i := range k.Planets {
		w.planet(&k.Planets[i])
	}
	w.fleets()
	w.ships()
	w.mines()
	s.section(PlanetScanned)
	if k.ScannedPlanet == nil {
		s.put(None)
	} else {
		w.planet(k.ScannedPlanet)
		if len(k.ScannedMines) > 0 {
			w.mineTable(k.ScannedMines, k.ScannedPlanet.Ore)
		}
	}
	s.section(ShipScanned)
	if k.ScannedShip == nil {
		s.put(None)
	} else {
		w.ship(k.ScannedShip, nil)
	}
	w.playerScanned()
	s.section(Messages)
	s.text(k.Messages, k.Broadcasts)
	w.special()
	s.section(ErrorsInOrders)
	s.text(k.Errors, 0)
	w.orderSheet()
	s.put("")
	s.put(End)
}

func (w *writer) header(turn int) {
	k := w.k
	w.s.printf("%-12s%s", LabelGame+":", k.Game)
	w.s.printf("%-12s%d %s", LabelPlayer+":", k.Empire.Player, k.Empire.Name)
	if race := w.r.Race(k.Empire.Race); race != nil {
		w.s.printf("%-12s%d %s", LabelRace+":", race.ID, race.Name)
	}
	w.s.printf("%-12s%d", LabelTurn+":", turn)
	if k.DueDate != "" {
		// A game without a date (a practice game) has no line for one: an
		// empty "Orders due:" reads as a field left out by mistake.
		w.s.printf("%-12s%s", LabelDue+":", k.DueDate)
	}
	if k.Empire.Password != "" {
		w.s.printf("%-12s%s", LabelPassword+":", k.Empire.Password)
	}
}

func (w *writer) score() {
	k := w.k
	w.s.section(Score)
	for _, f := range []struct {
		label string
		v     int
	}{{LabelScore, k.Score.Current}, {LabelLow, k.Score.Low}, {LabelHigh, k.Score.High},
		{LabelPoints, k.Empire.Points}, {LabelAntiPoints, k.Empire.AntiPoints}, {LabelInterceptor, k.Empire.Interceptors}} {
		w.s.printf("%-18s%14s", f.label+":", text.Grouped(f.v))
	}
	w.s.printf("%-18s%s", LabelAllies+":", players(k.Empire.Allies))
	w.s.printf("%-18s%s", LabelEnemies+":", players(k.Empire.Enemies))
}

func (w *writer) credits() {
	k := w.k
	w.s.section(CreditReport)
	w.s.printf("%-40s%14s", LabelOpening+":", text.Grouped(k.Credit.Opening))
	for _, l := range k.Credit.Lines {
		w.s.printf("%-40s%14s", l.What+":", signed(l.Amount))
	}
	w.s.printf("%-40s%14s", LabelClosing+":", text.Grouped(k.Empire.Credits))
}

func (w *writer) trading() {
	w.s.section(TradingPlanets)
	if len(w.k.Trading) == 0 {
		w.s.put(None)
		return
	}
	w.s.put("Planet  Location          Ships  Name")
	for _, t := range w.k.Trading {
		w.s.printf("%6d  %-16s %6d  %s", t.Planet.ID, t.Planet.Loc, t.ShipsHere, name(t.Planet.Name))
		w.s.printf("        pays ore %s  fuel %d", ore(t.Prices.Ore), t.Prices.Fuel)
	}
}

func levels(l model.Levels) string {
	var b strings.Builder
	for _, n := range l {
		fmt.Fprintf(&b, "%3d", n)
	}
	return b.String()
}

func (w *writer) officerReview() {
	w.s.section(Officers)
	if len(w.k.Officers) == 0 {
		w.s.put(None)
		return
	}
	w.s.put("Officer  Race         Rank           Post          Name")
	w.s.put("         Abilities   " + strings.Join(AbilityCodes[:], " "))
	for i := range w.k.Officers {
		o := &w.k.Officers[i]
		rank := w.r.RankFor(o.Levels.Sum())
		title, post := rank.Ship, fmt.Sprintf("ship %d", o.Ship)
		if o.Ship == 0 {
			title, post = rank.Planet, fmt.Sprintf("planet %d", o.Planet)
		}
		race := "?"
		if rc := w.r.Race(o.Race); rc != nil {
			race = rc.Name
		}
		w.s.printf("%7d  %2d %-9s %-14s %-13s %s", o.ID, o.Race, race, title, post, name(o.Name))
		w.s.printf("         level      %s", levels(o.Levels))
		w.s.printf("         aptitude   %s", levels(o.Aptitude))
		w.s.printf("         current    %s", levels(o.Current))
	}
}

func (w *writer) planet(p *model.Planet) {
	s := w.s
	s.printf("Planet %d  %s  %s", p.ID, p.Kind, name(p.Name))
	s.printf("  at %s  player %d  population %d  industry %d", p.Loc, p.Owner, p.Population, p.Industry)
	s.printf("  fuel %d  defence %d %s  officer %d  artifact %d", p.Fuel, p.DefenceUnits, onOff(p.DefenceActive), p.Officer, p.Artifact)
	s.printf("  ore %s", ore(p.Ore))
	s.printf("  stock %s", ore(p.Stock))
	s.put("")
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func (w *writer) fleets() {
	w.s.section(Fleets)
	if len(w.k.Fleets) == 0 {
		w.s.put(None)
		return
	}
	byID := map[int]*model.Ship{}
	for i := range w.k.Ships {
		byID[w.k.Ships[i].ID] = &w.k.Ships[i]
	}
	w.s.put(" Fleet  Location          Fire  Defence  Ships")
	for _, f := range w.k.Fleets {
		fire, def := 0, 0
		for _, id := range f.Ships {
			if s := byID[id]; s != nil {
				fire += s.Fire
				def += s.Defence
			}
		}
		line := fmt.Sprintf("%6d  %-16s %5d %8d ", f.ID, f.Loc, fire, def)
		for _, id := range f.Ships {
			n := " " + itoa(id)
			if len(line)+len(n) > Width {
				w.s.put(line)
				line = strings.Repeat(" ", 39) + "+"
			}
			line += n
		}
		w.s.put(line)
	}
}

// ships writes the ship review: each own ship with what it sees.
func (w *writer) ships() {
	k := w.k
	w.s.section(Ships)
	if len(k.Ships) == 0 {
		w.s.put(None)
		return
	}
	sight := model.Sight(w.r, k.Ships, w.officers, k.Empire.Abilities)
	first := map[geom.Point]int{} // the ship whose record lists what is seen from a location
	for i := range k.Ships {
		s := &k.Ships[i]
		if _, ok := first[s.Loc]; !ok && s.Inside == 0 {
			first[s.Loc] = s.ID
		}
	}
	near := w.nearbyIndex()
	for i := range k.Ships {
		s := &k.Ships[i]
		w.ship(s, func() {
			switch {
			case s.Inside != 0:
			case first[s.Loc] == s.ID:
				w.nearby(s.Loc, sight[s.Loc], near)
			default:
				w.s.printf("  nearby: as ship %d", first[s.Loc])
			}
		})
	}
}

// thing is a ship or planet that may show in a nearby list.
type thing struct {
	planet       bool
	id, owner, t int
	loc          geom.Point
	name         string
}

func (w *writer) nearbyIndex() []thing {
	k := w.k
	var all []thing
	for _, s := range k.Ships {
		if s.Inside == 0 {
			all = append(all, thing{false, s.ID, s.Owner, s.Type, s.Loc, s.Name})
		}
	}
	for _, s := range k.ForeignShips {
		all = append(all, thing{false, s.ID, s.Owner, s.Type, s.Loc, s.Name})
	}
	for _, p := range k.Planets {
		all = append(all, thing{true, p.ID, p.Owner, 0, p.Loc, p.Name})
	}
	for _, t := range k.Trading {
		all = append(all, thing{true, t.Planet.ID, t.Planet.Owner, 0, t.Planet.Loc, t.Planet.Name})
	}
	for _, p := range k.ForeignPlanets {
		all = append(all, thing{true, p.ID, p.Owner, 0, p.Loc, p.Name})
	}
	return all
}

func (w *writer) nearby(loc geom.Point, rng int, all []thing) {
	type seen struct {
		thing
		d int
	}
	var list []seen
	for _, t := range all {
		if loc.Within(t.loc, rng) {
			list = append(list, seen{t, loc.Dist(t.loc)})
		}
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.d != b.d {
			return a.d < b.d
		}
		if a.planet != b.planet {
			return a.planet
		}
		return a.id < b.id
	})
	w.s.printf("  nearby within %d:", rng)
	w.s.put("    what       no. owner type dist  location         name")
	for _, t := range list {
		kind, typ := "ship", itoa(t.t)
		if t.planet {
			kind, typ = "planet", "-"
		}
		w.s.printf("    %-6s %7d %5d %4s %4d  %-16s %s", kind, t.id, t.owner, typ, t.d, t.loc, name(t.name))
	}
}

// ship writes one ship's record; more adds the lines that only own ships have.
func (w *writer) ship(s *model.Ship, more func()) {
	t := w.r.Ship(s.Type)
	out := w.s
	out.printf("Ship %d  type %d %s  %s", s.ID, s.Type, typeName(t), name(s.Name))
	fire, def := fmt.Sprintf("%d/%d", s.Fire, s.MaxFire), fmt.Sprintf("%d/%d", s.Defence, s.MaxDefence)
	if s.Owner != w.k.Empire.Player && t != nil && t.Customisable {
		fire, def = "?", "?" // a scan does not tell a customised ship's units
	}
	out.printf("  at %s  player %d  fire %s  defence %s", s.Loc, s.Owner, fire, def)
	fuel := "none"
	if t != nil && t.MaxFuel.OK {
		fuel = fmt.Sprintf("%d/%d", s.Fuel, t.MaxFuel.N)
	}
	out.printf("  fuel %s  cloaked %s  jumped %s  officer %d  artifact %d", fuel, yesNo(s.Cloaked), yesNo(s.Hyperjumped), s.Officer, s.Artifact)
	if (t != nil && (t.CarriesCargo() || t.Population > 0)) || s.Cargo.Total() > 0 || s.Population > 0 {
		out.printf("  cargo %s  population %d", ore(s.Cargo), s.Population)
	}
	if o, ok := w.officers[s.Officer]; ok && s.Officer != 0 && s.Owner == w.k.Empire.Player {
		var b strings.Builder
		for a, n := range o.Current {
			if n > 0 {
				fmt.Fprintf(&b, " %s%d", AbilityCodes[a], n)
			}
		}
		out.printf("  officer %d:%s", o.ID, b.String())
	}
	if s.Inside != 0 {
		out.printf("  inside ship %d", s.Inside)
	}
	if s.Standing.Code != order.Invalid {
		out.printf("  standing order %s", s.Standing)
	}
	if more != nil {
		more()
	}
	out.put("")
}

func typeName(t *rules.ShipType) string {
	if t == nil {
		return "UNKNOWN"
	}
	return t.Name
}

func (w *writer) mines() {
	w.s.section(Mines)
	if len(w.k.Mines) == 0 {
		w.s.put(None)
		return
	}
	left := map[int]model.Ore{}
	for _, p := range w.k.Planets {
		left[p.ID] = p.Ore
	}
	w.mineLines(w.k.Mines, func(m model.Mine) model.Ore { return left[m.Planet] })
}

// mineTable is the mines of one planet, whose ore in the ground is left.
func (w *writer) mineTable(mines []model.Mine, left model.Ore) {
	w.mineLines(mines, func(model.Mine) model.Ore { return left })
}

func (w *writer) mineLines(mines []model.Mine, left func(model.Mine) model.Ore) {
	w.s.put("  Mine  Planet  Ore   Rate     Left")
	for _, m := range mines {
		l := 0
		if m.OreType >= 1 && m.OreType <= rules.OreTypes {
			l = left(m)[m.OreType-1]
		}
		w.s.printf("%6d %7d %4d %6d %8d", m.ID, m.Planet, m.OreType, m.Rate, l)
	}
}

func (w *writer) playerScanned() {
	k := w.k
	w.s.section(PlayerScanned)
	if k.ScannedPlayerID == 0 {
		w.s.put(None)
		return
	}
	w.s.printf("Player %d", k.ScannedPlayerID)
	for _, s := range k.ScannedPlayer {
		w.s.printf("  ship %d  at %s  type %d  %s", s.ID, s.Loc, s.Type, name(s.Name))
	}
}

func (w *writer) special() {
	k := w.k
	w.s.section(SpecialAbilities)
	w.s.put("Abilities:")
	if len(k.Empire.Abilities) == 0 {
		w.s.put("  none")
	}
	for _, a := range k.Empire.Abilities {
		w.s.printf("  %s: %s", a.Name, a.Description)
	}
	w.s.put("Artifacts held:")
	if len(k.Artifacts) == 0 {
		w.s.put("  none")
	}
	for _, a := range k.Artifacts {
		ring := "-"
		if a.Ring {
			ring = "ring"
		}
		w.s.printf("  artifact %d  points %d  ability %d +%d  %s  %s", a.ID, a.Points, a.Ability, a.Levels, ring, name(a.Name))
	}
	w.s.put("Rings of Darkness found:")
	if len(k.Rings) == 0 {
		w.s.put("  none")
	}
	for _, r := range k.Rings {
		w.s.printf("  ring %d  at %s  player %d", r.Ring, r.Loc, r.Player)
	}
}

func (w *writer) orderSheet() {
	k := w.k
	w.s.put("")
	w.s.put(SectionLine(0, OrderSheet))
	w.header(k.Turn + 1)
	w.s.put("Standing battle/movement orders:")
	any := false
	for _, s := range k.Ships {
		if s.Standing.Code != order.Invalid {
			w.s.printf("  %s", s.Standing)
			any = true
		}
	}
	if !any {
		w.s.put("  none")
	}
	for _, sec := range order.Sections {
		w.s.printf("%s:", strings.ToUpper(sec.String()[:1])+sec.String()[1:])
	}
}
