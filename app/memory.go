package app

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/internal/plural"
	"silverfall/render3d"
)

// TrailTurns is how many turns of each ship's places the map draws as its
// trail (ten, as PCC2 draws).
const TrailTurns = 10

// memory is what a game's earlier sheets (and allies' sheets) showed and
// its own does not: the planets and foreign ships where they were last
// seen, and every ship's places over the last turns, as the game's
// knowledge (engine/known) has them as of the game's turn. The game's map,
// tree and details show it unless the player asked for this turn's sheet
// alone.
type memory struct {
	turn    int
	player  int // whose memory: facts from another player's sheet are an ally's
	shown   bool
	objects []known.Object // planets and foreign ships not on this sheet, by key
	tracks  map[int]known.Track
	byKey   map[model.Key]int // index in objects
}

// remember gives the game what k knows as of the game's turn (nil: none)
// and lays its map out again, with what is remembered when shown.
//
// What only the allies' sheets show (the newest facts of an object from
// an ally's sheet) is left out unless allies is set.
func (g *Game) remember(k *known.Known, shown, allies bool) {
	g.memory, g.allies = nil, nil
	if k != nil {
		g.allies = append([]int{}, k.Allies(&g.K.Empire)...) // not nil: merged
	}
	g.Map = render3d.FromKnowledgeAllied(g.R, g.K, g.allied)
	if k == nil {
		return
	}
	t := g.K.Turn
	m := &memory{turn: t, shown: shown, player: g.K.Empire.Player, tracks: map[int]known.Track{}, byKey: map[model.Key]int{}}
	for _, o := range k.ObjectsAt(t) {
		if g.onSheet(o) || !allies && o.Source.Player != m.player {
			continue
		}
		m.byKey[o.Key] = len(m.objects)
		m.objects = append(m.objects, o)
	}
	for _, tr := range k.Tracks(t, TrailTurns) {
		m.tracks[tr.Ship] = tr
	}
	g.memory = m
	if shown {
		g.Map.AddRemembered(g.R, g.K, m.oldPlanets(), m.oldShips(), m.trails(g))
	}
}

// allied reports whether player p is counted as the player's ally: one
// his sheet lists, or one whose sheet is merged into what he knows, unless
// his sheet declares p an enemy (engine/known's Allies).
func (g *Game) allied(p int) bool {
	if g.allies == nil {
		return g.K.Empire.HasAlly(p)
	}
	_, ok := slices.BinarySearch(g.allies, p)
	return ok
}

// onSheet reports whether o is no remembered object of the game: a planet
// or ship its sheet shows, one of the player's own ships (a ship lost is
// gone), or neither a planet nor a ship.
func (g *Game) onSheet(o known.Object) bool {
	switch o.Key.Kind {
	case model.KindPlanet:
		_, now := g.Planets[o.Key.ID]
		return now
	case model.KindShip:
		_, now := g.Ships[o.Key.ID]
		return now || o.Owner == g.K.Empire.Player
	}
	return true
}

func (m *memory) oldPlanets() []render3d.OldPlanet {
	var out []render3d.OldPlanet
	for _, o := range m.objects {
		if p := o.Planet; p != nil {
			own := o.Full && p.Owner == o.Source.Player
			name := p.Name
			if o.Source.Player != m.player {
				name = allyLabel(name, o.Source)
			}
			out = append(out, render3d.OldPlanet{ID: p.ID, Name: name, Owner: p.Owner, Loc: p.Loc, Trading: p.Kind == model.Trading,
				Own: own, Industry: p.Industry, Age: m.turn - o.Turn})
		}
	}
	return out
}

func (m *memory) oldShips() []render3d.OldShip {
	var out []render3d.OldShip
	for _, o := range m.objects {
		if s := o.Ship; s != nil {
			out = append(out, render3d.OldShip{ID: s.ID, Owner: s.Owner, Loc: s.Loc, Age: m.turn - o.Turn})
		}
	}
	return out
}

// trails are the tracks of the ships, by number; a ship seen only at one
// place has none.
func (m *memory) trails(g *Game) []render3d.Trail {
	var out []render3d.Trail
	for _, id := range sortedIDs(m.tracks) {
		tr := m.tracks[id]
		moved := false
		for _, p := range tr.Points[1:] {
			moved = moved || p.Loc != tr.Points[0].Loc
		}
		if !moved {
			continue
		}
		t := render3d.Trail{Ship: tr.Ship, Owner: tr.Owner, Kind: g.Map.ShipKind(g.R, g.K, tr.Owner)}
		for _, p := range tr.Points {
			t.Points = append(t.Points, render3d.TrailPoint{Turn: p.Turn, Loc: p.Loc, Age: m.turn - p.Turn})
		}
		out = append(out, t)
	}
	return out
}

func sortedIDs(m map[int]known.Track) []int {
	ids := make([]int, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	return ids
}

// remembered is the object with key as last seen on an earlier sheet,
// when the game shows what is remembered; nil otherwise.
func (g *Game) remembered(key model.Key) *known.Object {
	m := g.memory
	if m == nil || !m.shown {
		return nil
	}
	if i, ok := m.byKey[key]; ok {
		return &m.objects[i]
	}
	return nil
}

// LastSeen is the turn an object not on this sheet was last seen on.
func (g *Game) LastSeen(key model.Key) (int, bool) {
	if o := g.remembered(key); o != nil {
		return o.Turn, true
	}
	return 0, false
}

func (g *Game) rememberedLocation(key model.Key) (geom.Point, bool) {
	if o := g.remembered(key); o != nil {
		return o.Loc, true
	}
	return geom.Point{}, false
}

func (g *Game) rememberedSelection(key model.Key) render3d.Selection {
	if _, ok := g.LastSeen(key); ok {
		return render3d.Selection{Key: key}
	}
	return render3d.Selection{}
}

// sourceText says where a remembered fact comes from, in the player's
// words: "your sheet of turn 4", "ally player 3's sheet of turn 4".
func (g *Game) sourceText(s known.Source) string {
	whose := "your sheet"
	if s.Player != g.K.Empire.Player {
		whose = fmt.Sprintf("ally player %d's sheet", s.Player)
	}
	text := fmt.Sprintf("%s of turn %d", whose, s.Turn)
	if s.Kind == known.Scan {
		text = "a scan, on " + text
	}
	return text
}

// fromAlly reports whether o is this turn's fact from an ally's sheet:
// what an ally sees now and the player's own sheet does not show.
func (g *Game) fromAlly(o *known.Object) bool {
	return o.Turn == g.K.Turn && o.Source.Player != g.K.Empire.Player
}

func lastSeenText(turn, now int) string {
	if turn == now {
		return fmt.Sprintf("this turn (turn %d)", turn)
	}
	return fmt.Sprintf("last seen on turn %d", turn) + " (" + plural.Count(now-turn, "turn") + " ago)"
}

// rememberedTree is the tree's branches of what this sheet does not show:
// what the allies' sheets of this turn show, then what earlier sheets
// showed.
func (g *Game) rememberedTree(search, filter string) []Category {
	m := g.memory
	if m == nil || !m.shown || (filter != "Everything" && filter != "" && filter != "Contacts" && filter != "Planets") {
		return nil
	}
	allies := Category{Key: "cat:allies", Title: "Seen by allies this turn"}
	earlier := Category{Key: "cat:remembered", Title: "Seen on earlier turns"}
	for _, o := range m.objects {
		if o.Ship != nil && filter == "Planets" {
			continue
		}
		c, it := &earlier, Item{o.Key, g.rememberedLabel(&o) + " · last seen on turn " + strconv.Itoa(o.Turn)}
		if g.fromAlly(&o) {
			c, it.Label = &allies, g.rememberedLabel(&o)+" · from ally player "+strconv.Itoa(o.Source.Player)+"'s sheet"
		}
		if search == "" || strings.Contains(strings.ToLower(it.Label), search) {
			c.Items = append(c.Items, it)
		}
	}
	var out []Category
	for _, c := range []Category{allies, earlier} {
		if len(c.Items) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// rememberedLabel names a remembered planet or ship with its owner (and a
// ship's type, after its name, so that a cut label keeps the number and
// the name), as the map's hover names the owner: "Planet 7 Vega, player 3",
// "Ship 40 Kestrel · SCOUT, your ally player 2".
func (g *Game) rememberedLabel(o *known.Object) string {
	if s := o.Ship; s != nil {
		return withName("Ship "+strconv.Itoa(s.ID), s.Name) + " · " + typeName(g.R, s.Type) + ", " + g.ownerShort(s.Owner)
	}
	return withName(fmt.Sprintf("Planet %d", o.Key.ID), o.Name) + ", " + g.ownerShort(o.Owner)
}

// rememberedDetails describes an object as last seen, and where that was
// learnt: on an earlier turn, or on this turn by an ally (then the figures
// are now's, not "then").
func (g *Game) rememberedDetails(d *detailRows, key model.Key) (string, bool) {
	o := g.remembered(key)
	if o == nil {
		return "", false
	}
	then := " then"
	if o.Turn == g.K.Turn {
		then = ""
	}
	seen := "Last seen"
	if g.fromAlly(o) {
		seen = "Seen by an ally"
	}
	d.add(seen, lastSeenText(o.Turn, g.K.Turn))
	d.add("Source", g.sourceText(o.Source))
	if p := o.Planet; p != nil {
		d.add("Owner"+then, g.ownerText(p.Owner))
		d.add("Location", p.Loc.String())
		if p.Kind == model.Trading {
			d.add("Kind", "trading planet")
		} else {
			d.add("Kind", p.Kind.String())
		}
		if o.Full && p.Owner == o.Source.Player {
			d.add("Industry"+then, num(p.Industry))
			d.add("Population"+then, num(p.Population))
		}
		return withName(fmt.Sprintf("Planet %d", p.ID), p.Name), true
	}
	s := o.Ship
	d.add("Owner", g.ownerText(s.Owner))
	d.add("Type", typeName(g.R, s.Type))
	d.add("Location"+then, s.Loc.String())
	g.trackRows(d, s.ID)
	return withName(fmt.Sprintf("Ship %d, %s", s.ID, typeName(g.R, s.Type)), s.Name), true
}

// trackRows lists where a ship was seen over the last turns.
func (g *Game) trackRows(d *detailRows, ship int) {
	if g.memory == nil {
		return
	}
	tr, ok := g.memory.tracks[ship]
	if !ok {
		return
	}
	for i := len(tr.Points) - 1; i >= 0; i-- {
		label := ""
		if i == len(tr.Points)-1 {
			label = "Seen at"
		}
		d.add(label, fmt.Sprintf("turn %d: %v", tr.Points[i].Turn, tr.Points[i].Loc))
	}
}

// allyLabel is a name with the source that showed it: "Vega (player 4's
// sheet, turn 3)".
func allyLabel(name string, s known.Source) string {
	if name == "" {
		return "(" + s.String() + ")"
	}
	return name + " (" + s.String() + ")"
}
