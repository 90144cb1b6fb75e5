package app

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	"silverfall/engine/check"
	"silverfall/engine/known"
	"silverfall/engine/model"
	"silverfall/internal/plural"
	"silverfall/render3d"
)

// mapHover says what is under the pointer on the map, whole, in the box
// beside it: a body (a planet, a ship, the player's fleet or a stack of
// ships, something remembered from an earlier sheet, a point of a trail)
// or a ship's ghost, where the orders leave it at the end of the turn. The
// state learns the body under the pointer too. None of it draws a frame.
type mapHover struct {
	st      *State
	picker  *mapPicker
	overlay *mapOverlay
	notes   hoverNotes
	body    int  // the body under the pointer, or -1
	ghost   int  // the ship whose ghost is under the pointer, or 0
	inside  bool // the pointer is over the map
	at      fyne.Position
}

// moved follows the pointer to at.
func (h *mapHover) moved(at fyne.Position) {
	body, ghost := h.picker.hoverAt(at)
	h.at, h.inside = at, true
	if body != h.body {
		h.body = body
		h.st.SetHover(body)
	}
	h.ghost = ghost
	h.show()
}

// out forgets what was under the pointer.
func (h *mapHover) out() {
	h.ghost, h.inside = 0, false
	if h.body != -1 {
		h.body = -1
		h.st.SetHover(-1)
	}
	h.show()
}

// changed says it again when what it says of may have changed.
func (h *mapHover) changed(c Change) {
	if c.Has(ChangeGame) {
		h.body, h.ghost = -1, 0
	}
	if c.Has(ChangeGame | ChangeNotes) {
		h.notes.index()
	}
	if c.Has(ChangeGame | ChangeForecast | ChangeMemory | ChangeNotes) {
		h.show()
	}
}

// show says what is under the pointer, with the first line of each note
// and the label of each marker there (none for a ghost: it is where a ship
// will be, not a thing).
func (h *mapHover) show() {
	text := hoverText(h.st, h.body, h.ghost)
	if h.inside && h.ghost == 0 {
		if more := h.notes.text(h.body, h.at, h.picker.frames.size()); more != "" {
			text = strings.TrimPrefix(text+"\n"+more, "\n")
		}
	}
	h.overlay.showTip(text, h.at)
}

// hoverText says what is under the pointer: body i, or the ghost of ship
// ghost.
func hoverText(st *State, i, ghost int) string {
	g := st.Game()
	switch {
	case g == nil:
		return ""
	case ghost != 0:
		return ghostText(g, st.Forecast(), ghost)
	case i < 0 || i >= len(g.Map.Bodies):
		return ""
	}
	b := &g.Map.Bodies[i]
	switch {
	case b.Dot:
		return dotText(g, b)
	case b.Age > 0 || g.rememberedBody(b):
		return rememberedText(g, b)
	case !b.Kind.IsShip():
		return planetText(g, b)
	case len(b.IDs) == 1:
		return shipText(g, st.Forecast(), b.IDs[0], b)
	}
	return stackText(g, st.Forecast(), b)
}

// shipName is a ship's number, type and name, and whose it is unless the
// player's: "Ship 12 BATTLE CRUISER Vigil, player 7".
func shipName(g *Game, id int) string {
	s, ok := g.Ships[id]
	if !ok {
		if o := g.remembered(model.ShipKey(id)); o != nil && o.Ship != nil {
			return withName(fmt.Sprintf("Ship %d %s", id, typeName(g.R, o.Ship.Type)), o.Name) + ", " + g.ownerShort(o.Owner)
		}
		if g.memory != nil {
			if tr, ok := g.memory.tracks[id]; ok {
				return fmt.Sprintf("Ship %d, %s", id, g.ownerShort(tr.Owner)) // its type is not kept
			}
		}
		return fmt.Sprintf("Ship %d", id)
	}
	name := withName(fmt.Sprintf("Ship %d %s", id, typeName(g.R, s.Type)), s.Name)
	if !g.own(s) {
		name += ", " + g.ownerShort(s.Owner)
	}
	return name
}

// ghostText says what a ghost is: where the orders leave the ship at the
// end of the turn, with its fuel (and cargo) then.
func ghostText(g *Game, f *check.Forecast, id int) string {
	text := shipName(g, id) + " at the end of this turn, by these orders"
	if f == nil {
		return text
	}
	if sf, ok := shipForecast(f, id); ok {
		text += ": " + shipAfterText(g, sf)
	}
	return text
}

// dotText says where a ship was on an earlier turn.
func dotText(g *Game, b *render3d.Body) string {
	turn := g.K.Turn - b.Age
	return fmt.Sprintf("%s: here on turn %d (%v), %s ago", shipName(g, b.IDs[0]), turn, b.Loc, plural.Count(b.Age, "turn"))
}

// rememberedBody reports whether body b stands for what this sheet does
// not show: a planet or ships an ally's sheet of this turn shows.
func (g *Game) rememberedBody(b *render3d.Body) bool {
	if b.Kind.IsShip() {
		return strings.HasPrefix(b.Key, "old:")
	}
	_, now := g.Planets[b.IDs[0]]
	return !now && g.remembered(model.PlanetKey(b.IDs[0])) != nil
}

// rememberedText says what an object not on this sheet was when last seen
// (or is, as an ally's sheet of this turn shows it): its kind, type and
// owner then, and where that was learnt.
func rememberedText(g *Game, b *render3d.Body) string {
	seen, then := fmt.Sprintf("last seen on turn %d (%s ago) at %v", g.K.Turn-b.Age, plural.Count(b.Age, "turn"), b.Loc), " then"
	if b.Age == 0 {
		seen, then = fmt.Sprintf("seen on this turn at %v", b.Loc), ""
	}
	if !b.Kind.IsShip() {
		o := g.remembered(model.PlanetKey(b.IDs[0]))
		if o == nil || o.Planet == nil {
			return b.Label + ", " + seen
		}
		p := o.Planet
		kind := "planet"
		switch p.Kind {
		case model.Trading:
			kind = "trading planet"
		case model.Origin:
			kind = "origin planet"
		}
		return withName(fmt.Sprintf("Planet %d", p.ID), p.Name) + " (" + kind + ", " + g.ownerShort(p.Owner) + then + "), " + seen +
			", from " + g.sourceText(o.Source)
	}
	text := namesOf(g, b.IDs) + "; " + seen
	if src, ok := g.oneSource(b.IDs); ok {
		text += ", from " + g.sourceText(src)
	}
	return text
}

// oneSource is the source the remembered ships ids were all learnt from,
// if they share one.
func (g *Game) oneSource(ids []int) (known.Source, bool) {
	var src known.Source
	for i, id := range ids {
		o := g.remembered(model.ShipKey(id))
		if o == nil || i > 0 && o.Source != src {
			return known.Source{}, false
		}
		src = o.Source
	}
	return src, len(ids) > 0
}

// namesOf names a few ships of a marker and counts the rest.
func namesOf(g *Game, ids []int) string {
	const most = 4
	var names []string
	for i, id := range ids {
		if i == most {
			names = append(names, fmt.Sprintf("and %d more", len(ids)-most))
			break
		}
		names = append(names, shipName(g, id))
	}
	return strings.Join(names, "; ")
}

// planetText says what a planet of this sheet is and whose.
func planetText(g *Game, b *render3d.Body) string {
	text := fmt.Sprintf("Planet %s at %v", b.Label, b.Loc)
	if p, ok := g.Planets[b.IDs[0]]; ok {
		kind := "planet"
		switch p.Kind {
		case model.Trading:
			kind = "trading planet"
		case model.Origin:
			kind = "origin planet"
		}
		text += " · " + kind + ", " + g.ownerShort(p.Owner)
	}
	return text
}

// shipText says what a single ship is, and where the orders leave it.
func shipText(g *Game, f *check.Forecast, id int, b *render3d.Body) string {
	text := fmt.Sprintf("%s at %v", shipName(g, id), b.Loc)
	if s, ok := g.Ships[id]; ok && g.own(s) {
		text += fmt.Sprintf(", fuel %d", s.Fuel)
		if f != nil {
			if sf, ok := shipForecast(f, id); ok {
				text += " · after these orders " + shipAfterText(g, sf)
			}
		}
	}
	return text
}

// stackText says what a marker of several ships is. For the player's own
// (his fleet, or ships that share a place) it gives what matters for
// moving them together: the least fuel of those that can move, and the
// cargo they carry, now and after these orders.
func stackText(g *Game, f *check.Forecast, b *render3d.Body) string {
	if b.Kind != render3d.ShipMine {
		return fmt.Sprintf("%s at %v: %s", plural.Count(len(b.IDs), "ship"), b.Loc, namesOf(g, b.IDs))
	}
	title := fmt.Sprintf("%s at %v", plural.Count(len(b.IDs), "ship"), b.Loc)
	if key := g.KeyOfBody(g.Map.Find(model.ShipKey(b.IDs[0]))); key.Kind == model.KindFleet {
		title = fmt.Sprintf("Fleet %d: %s", key.ID, title)
	}
	now := stackFigures(g, b.IDs, func(id int) (int, model.Ore, bool) {
		s, ok := g.Ships[id]
		if !ok {
			return 0, model.Ore{}, false
		}
		return s.Fuel, s.Cargo, true
	})
	text := title + " · " + now
	if f == nil {
		return text
	}
	after := stackFigures(g, b.IDs, func(id int) (int, model.Ore, bool) {
		sf, ok := shipForecast(f, id)
		return sf.End.Fuel, sf.Cargo, ok
	})
	if after == now {
		return text + " (the same after these orders)"
	}
	return text + " · after these orders " + after
}

// stackFigures is the least fuel of the ships that can move (and which
// ship has it) and the cargo of those that carry it, by figures (a ship's
// fuel and cargo; false for a ship it does not know).
func stackFigures(g *Game, ids []int, figures func(id int) (int, model.Ore, bool)) string {
	least, who, carriers := -1, 0, 0
	var cargo model.Ore
	for _, id := range ids {
		s, ok := g.Ships[id]
		fuel, load, known := figures(id)
		if !ok || !known {
			continue
		}
		t := g.R.Ship(s.Type)
		if t != nil && t.CanMove() && (least < 0 || fuel < least) {
			least, who = fuel, id
		}
		if t != nil && t.CarriesCargo() {
			carriers++
			for i, n := range load {
				cargo[i] += n
			}
		}
	}
	var parts []string
	if least >= 0 {
		parts = append(parts, fmt.Sprintf("least fuel %d (ship %d)", least, who))
	} else {
		parts = append(parts, "none can move")
	}
	switch {
	case carriers > 0 && cargo.Total() == 0:
		parts = append(parts, "no cargo")
	case carriers > 0:
		parts = append(parts, "cargo "+oreList(cargo))
	}
	return strings.Join(parts, ", ")
}
