package app

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"silverfall/app/history"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/internal/plural"
	"silverfall/render3d"
)

// TrailTurns is how many turns of each ship's places the map draws as its
// trail (ten, as PCC2 draws).
const TrailTurns = 10

// memory is what a game's earlier sheets showed and its own does not: the
// planets and foreign ships where they were last seen, and every ship's
// places over the last turns. The game's map, tree and details show it
// unless the player asked for this turn's sheet alone.
type memory struct {
	turn    int
	shown   bool
	planets []history.Planet // not on this sheet, by number
	ships   []history.Ship   // foreign, not on this sheet, by number
	tracks  map[int]history.Track
	byKey   map[model.Key]int // index in planets or ships
}

// remember gives the game what h knows as of the game's turn (nil: none)
// and lays its map out again, with what is remembered when shown.
func (g *Game) remember(h *history.History, shown bool) {
	g.memory = nil
	g.Map = render3d.FromKnowledge(g.R, g.K)
	if h == nil {
		return
	}
	t := g.K.Turn
	m := &memory{turn: t, shown: shown, tracks: map[int]history.Track{}, byKey: map[model.Key]int{}}
	for _, p := range h.Planets(t) {
		if _, now := g.Planets[p.ID]; !now {
			m.byKey[model.PlanetKey(p.ID)] = len(m.planets)
			m.planets = append(m.planets, p)
		}
	}
	for _, s := range h.Ships(t) {
		if _, now := g.Ships[s.ID]; !now {
			m.byKey[model.ShipKey(s.ID)] = len(m.ships)
			m.ships = append(m.ships, s)
		}
	}
	for _, tr := range h.Tracks(t, TrailTurns) {
		m.tracks[tr.Ship] = tr
	}
	g.memory = m
	if shown {
		g.Map.AddRemembered(g.R, g.K, m.oldPlanets(), m.oldShips(), m.trails(g))
	}
}

func (m *memory) oldPlanets() []render3d.OldPlanet {
	out := make([]render3d.OldPlanet, 0, len(m.planets))
	for _, p := range m.planets {
		out = append(out, render3d.OldPlanet{ID: p.ID, Name: p.Name, Owner: p.Owner, Loc: p.Loc, Trading: p.Trading,
			Own: p.Own, Industry: p.Industry, Age: m.turn - p.Turn})
	}
	return out
}

func (m *memory) oldShips() []render3d.OldShip {
	out := make([]render3d.OldShip, 0, len(m.ships))
	for _, s := range m.ships {
		out = append(out, render3d.OldShip{ID: s.ID, Owner: s.Owner, Loc: s.Loc, Age: m.turn - s.Turn})
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
		t := render3d.Trail{Ship: tr.Ship, Owner: tr.Owner, Kind: render3d.ShipKind(g.R, g.K, tr.Owner)}
		for _, p := range tr.Points {
			t.Points = append(t.Points, render3d.TrailPoint{Turn: p.Turn, Loc: p.Loc, Age: m.turn - p.Turn})
		}
		out = append(out, t)
	}
	return out
}

func sortedIDs(m map[int]history.Track) []int {
	ids := make([]int, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	return ids
}

// remembered is the object with key as last seen on an earlier sheet,
// when the game shows what is remembered.
func (g *Game) remembered(key model.Key) (p *history.Planet, s *history.Ship) {
	m := g.memory
	if m == nil || !m.shown {
		return nil, nil
	}
	i, ok := m.byKey[key]
	switch {
	case !ok:
	case key.Kind == model.KindPlanet:
		return &m.planets[i], nil
	case key.Kind == model.KindShip:
		return nil, &m.ships[i]
	}
	return nil, nil
}

// LastSeen is the turn an object not on this sheet was last seen on.
func (g *Game) LastSeen(key model.Key) (int, bool) {
	p, s := g.remembered(key)
	switch {
	case p != nil:
		return p.Turn, true
	case s != nil:
		return s.Turn, true
	}
	return 0, false
}

func (g *Game) rememberedLocation(key model.Key) (geom.Point, bool) {
	p, s := g.remembered(key)
	switch {
	case p != nil:
		return p.Loc, true
	case s != nil:
		return s.Loc, true
	}
	return geom.Point{}, false
}

func (g *Game) rememberedSelection(key model.Key) render3d.Selection {
	if _, ok := g.LastSeen(key); ok {
		return render3d.Selection{Key: key}
	}
	return render3d.Selection{}
}

func lastSeenText(turn, now int) string {
	return fmt.Sprintf("last seen on turn %d", turn) + " (" + plural.Count(now-turn, "turn") + " ago)"
}

// rememberedTree is the tree's branch of what earlier sheets showed and
// this one does not.
func (g *Game) rememberedTree(search, filter string) []Category {
	m := g.memory
	if m == nil || !m.shown || (filter != "Everything" && filter != "" && filter != "Contacts" && filter != "Planets") {
		return nil
	}
	c := Category{Key: "cat:remembered", Title: "Seen on earlier turns"}
	add := func(it Item) {
		if search == "" || strings.Contains(strings.ToLower(it.Label), search) {
			c.Items = append(c.Items, it)
		}
	}
	for _, p := range m.planets {
		owner := "unowned"
		if p.Owner != 0 {
			owner = "player " + strconv.Itoa(p.Owner)
		}
		add(Item{model.PlanetKey(p.ID), withName(fmt.Sprintf("Planet %d", p.ID), p.Name) + ", " + owner + " · last seen on turn " + strconv.Itoa(p.Turn)})
	}
	if filter != "Planets" {
		for _, s := range m.ships {
			add(Item{model.ShipKey(s.ID), withName(fmt.Sprintf("Ship %d %s, player %d", s.ID, typeName(g.R, s.Type), s.Owner), s.Name) +
				" · last seen on turn " + strconv.Itoa(s.Turn)})
		}
	}
	if len(c.Items) == 0 {
		return nil
	}
	return []Category{c}
}

// rememberedDetails describes an object as last seen.
func (g *Game) rememberedDetails(d *detailRows, key model.Key) (string, bool) {
	p, s := g.remembered(key)
	switch {
	case p != nil:
		d.add("Last seen", lastSeenText(p.Turn, g.K.Turn))
		d.add("Owner then", g.ownerText(p.Owner))
		d.add("Location", p.Loc.String())
		if p.Trading {
			d.add("Kind", "trading planet")
		} else {
			d.add("Kind", p.Kind.String())
		}
		if p.Own {
			d.add("Industry then", num(p.Industry))
			d.add("Population then", num(p.Population))
		}
		return withName(fmt.Sprintf("Planet %d", p.ID), p.Name), true
	case s != nil:
		d.add("Last seen", lastSeenText(s.Turn, g.K.Turn))
		d.add("Owner", g.ownerText(s.Owner))
		d.add("Location then", s.Loc.String())
		g.trackRows(d, s.ID)
		return withName(fmt.Sprintf("Ship %d, %s", s.ID, typeName(g.R, s.Type)), s.Name), true
	}
	return "", false
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
