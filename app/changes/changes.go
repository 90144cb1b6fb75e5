package changes

import (
	"fmt"
	"silverfall/engine/text"
	"sort"
	"strings"

	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Kind is what a row reports.
type Kind uint8

// The kinds of row, in the order Compare lists them.
const (
	OrderError      Kind = iota + 1 // an order of last turn that was not carried out
	MarketEnd                       // a trading planet that trades for the last time this turn, or that the pull took
	ShipLost                        // an own ship gone from the sheet
	ShipGained                      // an own ship new on the sheet
	ShipDamaged                     // an own ship with fewer fire or defence units
	PlanetTaken                     // a planet that is now the player's
	PlanetLost                      // a planet that no longer is
	OfficerGained                   // an officer new on the sheet
	OfficerLost                     // an officer gone from the sheet
	OfficerLevels                   // an officer's unmodified levels changed
	OfficerRank                     // an officer's rank changed
	OfficerPosting                  // an officer moved to another ship or planet
	ContactAppeared                 // a foreign ship or planet now in range
	ContactGone                     // a foreign ship or planet no longer in range
	ContactOwner                    // a foreign planet in range changed hands
	Credits                         // the empire's credits
	Score                           // the score, points and anti-points
	Prices                          // a trading planet's prices
)

var kindNames = [...]string{
	OrderError: "Order error", MarketEnd: "Market's end", ShipLost: "Ship lost", ShipGained: "Ship gained", ShipDamaged: "Ship damaged",
	PlanetTaken: "Planet taken", PlanetLost: "Planet lost", OfficerGained: "Officer gained",
	OfficerLost: "Officer gone", OfficerLevels: "Officer's levels", OfficerRank: "Officer's rank",
	OfficerPosting: "Officer's posting", ContactAppeared: "Contact appeared", ContactGone: "Contact gone",
	ContactOwner: "Contact changed hands", Credits: "Credits", Score: "Score", Prices: "Prices",
}

// String is the kind as the view's first column shows it.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "?"
}

// Row is one change: what kind, the object it concerns (the zero key or
// model.EmpireKey when it concerns none in particular) and a line saying
// what changed.
type Row struct {
	Kind Kind
	Key  model.Key
	Text string
}

// Compare lists what changed from prev (the sheet before) to cur (the
// newest sheet), grouped by kind in the order of the Kind constants and by
// object (ships, then planets, by number) within a kind (errors stay in the sheet's order). With prev nil (no sheet before), only the
// errors in last turn's orders are listed.
func Compare(r *rules.Rules, prev, cur *model.Knowledge) []Row {
	if cur == nil {
		return nil
	}
	c := comparer{r: r, prev: prev, cur: cur}
	c.orderErrors()
	c.lastMarkets()
	if prev != nil {
		c.ships()
		c.planets()
		c.officers()
		c.contacts()
		c.economy()
	}
	sort.SliceStable(c.rows, func(i, j int) bool {
		a, b := c.rows[i], c.rows[j]
		if a.Kind != b.Kind || a.Kind == OrderError {
			return a.Kind < b.Kind
		}
		if a.Key.Kind != b.Key.Kind {
			return a.Key.Kind < b.Key.Kind
		}
		return a.Key.ID < b.Key.ID
	})
	return c.rows
}

type comparer struct {
	r         *rules.Rules
	prev, cur *model.Knowledge
	rows      []Row
}

func (c *comparer) add(k Kind, key model.Key, format string, args ...any) {
	c.rows = append(c.rows, Row{Kind: k, Key: key, Text: fmt.Sprintf(format, args...)})
}

// orderErrors lists the moderator's errors. An error starts with the order
// it concerns ("MO 12 4: …"); its subject becomes the row's key. Fleets are
// numbered afresh on every sheet, so a fleet's error points at the fleet's
// first ship as the sheet before numbered it.
func (c *comparer) orderErrors() {
	for _, e := range c.cur.Errors {
		c.add(OrderError, c.errorKey(e), "%s", e)
	}
}

func (c *comparer) errorKey(e string) model.Key {
	head, _, ok := strings.Cut(e, ": ")
	if !ok {
		return model.EmpireKey
	}
	o, err := order.Parse(head)
	if err != nil {
		return model.EmpireKey
	}
	s := o.Subject()
	switch o.SubjectKind() {
	case order.ShipSubject:
		return model.ShipKey(s)
	case order.PlanetSubject:
		if s > 0 {
			return model.PlanetKey(s)
		}
	case order.OfficerSubject:
		return model.OfficerKey(s)
	case order.FleetSubject:
		if c.prev != nil {
			for _, f := range c.prev.Fleets {
				if f.ID == s && len(f.Ships) > 0 {
					return model.ShipKey(f.Ships[0])
				}
			}
		}
	}
	return model.EmpireKey
}

func (c *comparer) shipName(s model.Ship) string {
	n := fmt.Sprintf("Ship %d", s.ID)
	if t := c.r.Ship(s.Type); t != nil {
		n += " (" + t.Name + ")"
	}
	if s.Name != "" {
		n += " " + s.Name
	}
	return n
}

func (c *comparer) ships() {
	before := shipsByID(c.prev.Ships)
	now := shipsByID(c.cur.Ships)
	foreign := shipsByID(c.cur.ForeignShips)
	for _, s := range c.prev.Ships {
		if _, ok := now[s.ID]; ok {
			continue
		}
		if f, ok := foreign[s.ID]; ok {
			c.add(ShipLost, model.ShipKey(s.ID), "%s is now player %d's, at %s", c.shipName(s), f.Owner, f.Loc)
		} else {
			c.add(ShipLost, model.ShipKey(s.ID), "%s is no longer yours", c.shipName(s))
		}
	}
	for _, s := range c.cur.Ships {
		old, ok := before[s.ID]
		switch {
		case !ok:
			c.add(ShipGained, model.ShipKey(s.ID), "%s is new, at %s", c.shipName(s), s.Loc)
		case s.Fire < old.Fire || s.Defence < old.Defence:
			c.add(ShipDamaged, model.ShipKey(s.ID), "%s: fire %s, defence %s", c.shipName(s),
				fromTo(old.Fire, s.Fire), fromTo(old.Defence, s.Defence))
		}
	}
}

func shipsByID(ships []model.Ship) map[int]model.Ship {
	m := make(map[int]model.Ship, len(ships))
	for _, s := range ships {
		m[s.ID] = s
	}
	return m
}

func planetName(p model.Planet) string {
	if p.Name != "" {
		return fmt.Sprintf("Planet %d %s", p.ID, p.Name)
	}
	return fmt.Sprintf("Planet %d", p.ID)
}

func (c *comparer) planets() {
	before := planetsByID(c.prev.Planets)
	now := planetsByID(c.cur.Planets)
	for _, p := range c.cur.Planets {
		if _, ok := before[p.ID]; !ok {
			c.add(PlanetTaken, model.PlanetKey(p.ID), "%s is now yours", planetName(p))
		}
	}
	foreign := planetsByID(c.cur.ForeignPlanets)
	for _, p := range c.prev.Planets {
		if _, ok := now[p.ID]; ok {
			continue
		}
		if f, ok := foreign[p.ID]; ok && f.Owner != 0 {
			c.add(PlanetLost, model.PlanetKey(p.ID), "%s is now held by player %d", planetName(p), f.Owner)
		} else {
			c.add(PlanetLost, model.PlanetKey(p.ID), "%s is no longer yours", planetName(p))
		}
	}
}

func planetsByID(planets []model.Planet) map[int]model.Planet {
	m := make(map[int]model.Planet, len(planets))
	for _, p := range planets {
		m[p.ID] = p
	}
	return m
}

func officerName(o model.Officer) string {
	if o.Name != "" {
		return fmt.Sprintf("Officer %d %s", o.ID, o.Name)
	}
	return fmt.Sprintf("Officer %d", o.ID)
}

func (c *comparer) officers() {
	before := map[int]model.Officer{}
	for _, o := range c.prev.Officers {
		before[o.ID] = o
	}
	now := map[int]bool{}
	for _, o := range c.cur.Officers {
		now[o.ID] = true
		old, ok := before[o.ID]
		if !ok {
			c.add(OfficerGained, model.OfficerKey(o.ID), "%s joined, %s", officerName(o), posting(o))
			continue
		}
		if d := c.levelChanges(old.Levels, o.Levels); d != "" {
			c.add(OfficerLevels, model.OfficerKey(o.ID), "%s: %s", officerName(o), d)
		}
		if was, is := c.r.RankFor(old.Levels.Sum()), c.r.RankFor(o.Levels.Sum()); was != is {
			c.add(OfficerRank, model.OfficerKey(o.ID), "%s: %s → %s", officerName(o), rankTitle(was, o), rankTitle(is, o))
		}
		if old.Ship != o.Ship || old.Planet != o.Planet {
			c.add(OfficerPosting, model.OfficerKey(o.ID), "%s: %s → %s", officerName(o), posting(old), posting(o))
		}
	}
	for _, o := range c.prev.Officers {
		if !now[o.ID] {
			c.add(OfficerLost, model.OfficerKey(o.ID), "%s is no longer yours", officerName(o))
		}
	}
}

// rankTitle is the rank's title where the officer serves now: ranks have
// a ship's title and a planet's.
func rankTitle(k rules.Rank, o model.Officer) string {
	if o.Planet != 0 {
		return k.Planet
	}
	return k.Ship
}

func posting(o model.Officer) string {
	switch {
	case o.Ship != 0:
		return fmt.Sprintf("on ship %d", o.Ship)
	case o.Planet != 0:
		return fmt.Sprintf("on planet %d", o.Planet)
	}
	return "without a posting"
}

// levelChanges writes the abilities whose level changed, "Tactical 2 → 3".
func (c *comparer) levelChanges(was, is model.Levels) string {
	var parts []string
	for i := range is {
		if was[i] == is[i] {
			continue
		}
		name := fmt.Sprintf("ability %d", i+1)
		if a := c.r.Ability(i + 1); a != nil {
			name = a.Name
		}
		parts = append(parts, name+" "+fromTo(was[i], is[i]))
	}
	return strings.Join(parts, ", ")
}

// contacts lists the foreign ships and planets that came into range or
// left it. One that changed hands with the player is not listed here: the
// rows of own ships and planets say so.
func (c *comparer) contacts() {
	before := shipsByID(c.prev.ForeignShips)
	now := shipsByID(c.cur.ForeignShips)
	ownBefore, ownNow := shipsByID(c.prev.Ships), shipsByID(c.cur.Ships)
	for _, s := range c.cur.ForeignShips {
		_, seen := before[s.ID]
		_, was := ownBefore[s.ID]
		if !seen && !was {
			c.add(ContactAppeared, model.ShipKey(s.ID), "%s of player %d at %s", c.shipName(s), s.Owner, s.Loc)
		}
	}
	for _, s := range c.prev.ForeignShips {
		_, seen := now[s.ID]
		_, is := ownNow[s.ID]
		if !seen && !is {
			c.add(ContactGone, model.ShipKey(s.ID), "%s of player %d, last seen at %s", c.shipName(s), s.Owner, s.Loc)
		}
	}
	pBefore := planetsByID(c.prev.ForeignPlanets)
	pNow := planetsByID(c.cur.ForeignPlanets)
	own := planetsByID(c.cur.Planets)
	planetsBefore := planetsByID(c.prev.Planets)
	for _, p := range c.cur.ForeignPlanets {
		old, ok := pBefore[p.ID]
		switch {
		case !ok:
			if _, was := planetsBefore[p.ID]; !was {
				c.add(ContactAppeared, model.PlanetKey(p.ID), "%s (%s) at %s", planetName(p), holder(p.Owner), p.Loc)
			}
		case old.Owner != p.Owner:
			c.add(ContactOwner, model.PlanetKey(p.ID), "%s: %s → %s", planetName(p), holder(old.Owner), holder(p.Owner))
		}
	}
	for _, p := range c.prev.ForeignPlanets {
		if _, ok := pNow[p.ID]; ok {
			continue
		}
		if _, taken := own[p.ID]; !taken {
			c.add(ContactGone, model.PlanetKey(p.ID), "%s, out of range", planetName(p))
		}
	}
}

func holder(p int) string {
	if p == 0 {
		return "unowned"
	}
	return fmt.Sprintf("player %d", p)
}

func (c *comparer) economy() {
	pe, ce := c.prev.Empire, c.cur.Empire
	if pe.Credits != ce.Credits {
		c.add(Credits, model.EmpireKey, "Credits %s (%s)", bigFromTo(pe.Credits, ce.Credits), signed(ce.Credits-pe.Credits))
	}
	if ps, cs := c.prev.Score.Current, c.cur.Score.Current; ps != cs {
		c.add(Score, model.EmpireKey, "Score %s (%s); the lowest is %s, the highest %s",
			bigFromTo(ps, cs), signed(cs-ps), text.Grouped(c.cur.Score.Low), text.Grouped(c.cur.Score.High))
	}
	if pe.Points != ce.Points {
		c.add(Score, model.EmpireKey, "Points %s", fromTo(pe.Points, ce.Points))
	}
	if pe.AntiPoints != ce.AntiPoints {
		c.add(Score, model.EmpireKey, "Anti-points %s", fromTo(pe.AntiPoints, ce.AntiPoints))
	}
	before := map[int]model.Prices{}
	for _, t := range c.prev.Trading {
		before[t.Planet.ID] = t.Prices
	}
	for _, t := range c.cur.Trading {
		old, ok := before[t.Planet.ID]
		if !ok || old == t.Prices {
			continue
		}
		var parts []string
		for i := range t.Prices.Ore {
			if old.Ore[i] != t.Prices.Ore[i] {
				parts = append(parts, fmt.Sprintf("ore %d %s", i+1, fromTo(old.Ore[i], t.Prices.Ore[i])))
			}
		}
		if old.Fuel != t.Prices.Fuel {
			parts = append(parts, "fuel "+fromTo(old.Fuel, t.Prices.Fuel))
		}
		c.add(Prices, model.PlanetKey(t.Planet.ID), "%s: %s", planetName(t.Planet), strings.Join(parts, ", "))
	}
}

// lastMarkets warns of each trading planet that trades for the last time
// in the turn the orders are for (rules.MarketLastTurn: the pull of
// Silverfall takes it at that turn's end), and tells of those the pull
// took since the sheet before.
func (c *comparer) lastMarkets() {
	for _, t := range c.cur.Trading {
		if c.r.MarketLastTurn(t.Planet.Loc, c.cur.Turn) == c.cur.Turn+1 {
			c.add(MarketEnd, model.PlanetKey(t.Planet.ID), "%s trades for the last time this turn: the pull of Silverfall takes it at the turn's end, with any ship above it", planetName(t.Planet))
		}
	}
	if c.prev == nil {
		return
	}
	now := map[int]bool{}
	for _, t := range c.cur.Trading {
		now[t.Planet.ID] = true
	}
	for _, t := range c.prev.Trading {
		if !now[t.Planet.ID] {
			c.add(MarketEnd, model.PlanetKey(t.Planet.ID), "%s fell into Silverfall: it trades no more", planetName(t.Planet))
		}
	}
}

func fromTo(a, b int) string {
	if a == b {
		return fmt.Sprint(a)
	}
	return fmt.Sprintf("%d → %d", a, b)
}

// bigFromTo is fromTo for credits and scores, in groups of three digits
// as the sheet and the status bar write them.
func bigFromTo(a, b int) string {
	return text.Grouped(a) + " → " + text.Grouped(b)
}

func signed(n int) string {
	if n > 0 {
		return "+" + text.Grouped(n)
	}
	return text.Grouped(n)
}
