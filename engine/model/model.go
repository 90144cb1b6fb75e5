package model

import (
	"cmp"
	"slices"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Ore is an amount of each ore type; index 0 is ore type 1.
type Ore [rules.OreTypes]int

// Total is the sum over all types.
func (o Ore) Total() int {
	t := 0
	for _, n := range o {
		t += n
	}
	return t
}

// Levels are an officer's levels in the fourteen abilities; index 0 is
// ability 1 (Tactical).
type Levels [rules.Abilities]int

// Of returns the level in ability a (1 to 14).
func (l Levels) Of(a int) int {
	if a < 1 || a > rules.Abilities {
		return 0
	}
	return l[a-1]
}

// Sum is the total of all levels, which sets the rank.
func (l Levels) Sum() int {
	s := 0
	for _, n := range l {
		s += n
	}
	return s
}

// Empire is one player's position.
type Empire struct {
	Player       int
	Name         string
	Race         int // the empire's main race
	Credits      int
	Points       int
	AntiPoints   int
	Interceptors int
	Allies       []int
	Enemies      []int
	Abilities    []SpecialAbility

	// Moderator's side only (a sheet does not show them).
	Missed   int  // turns in a row without orders
	Computer bool // the empire's orders come from a computer player
	Dropped  bool // dropped out of the game: a computer empire from now on
	// Out: the empire lost its last ship and is out of the game ("a player
	// will remain in the game until he/she no longer has any ships"): it
	// gives no orders and its score no longer ranks it.
	Out bool
	// Password is what the player's order files carry for the host to take
	// them (package password); only his own sheet shows it. "" in a game
	// made before passwords: the host then takes files without one.
	Password string
	Report   Report
}

// Report is what happened to an empire in the last turn, for its sheet.
type Report struct {
	Credit          CreditReport
	Battle          []string // battle and action reports
	Messages        []string // the computer's messages to this empire
	Errors          []string // orders that could not be carried out, and why
	ScannedShip     *Ship
	ScannedPlanet   *Planet
	ScannedMines    []Mine // the mines on the scanned planet
	ScannedPlayerID int
	ScannedPlayer   []Ship
}

// SpecialAbility is one of the council's special abilities an empire holds.
type SpecialAbility struct {
	Name        string
	Description string
	// Practised: won by practising Technology, not granted for points; it
	// does not count against the council's grants.
	Practised bool
}

// HasAlly reports whether p is among the allies.
func (e *Empire) HasAlly(p int) bool { return contains(e.Allies, p) }

// HasEnemy reports whether p is a declared enemy.
func (e *Empire) HasEnemy(p int) bool { return contains(e.Enemies, p) }

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Ship is a ship. For a ship of another player seen on the turn sheet, only
// ID, Type, Name, Loc and Owner are known; the rest is zero.
type Ship struct {
	ID      int
	Name    string // "" until named
	Type    int
	Owner   int
	Loc     geom.Point
	Fire    int
	Defence int
	// MaxFire and MaxDefence are the units as built, which a repair restores.
	MaxFire     int
	MaxDefence  int
	Fuel        int
	Cargo       Ore
	Population  int
	Inside      int  // the ship it is docked in; 0 when not docked
	Cloaked     bool // cloaking device on
	Officer     int  // commission officer in command; 0 for a non-commission one
	Artifact    int  // artifact held; 0 none
	Hyperjumped bool // has used its one hyperdrive
	// Standing is the battle/movement order carried over from last turn;
	// Code is order.Invalid when there is none.
	Standing order.Order
	// GiftedBy are the players who gave the ship away, in the order they
	// did (moderator's side): none of them earns anything from damaging it
	// ("you will never receive any credits from damaging it").
	GiftedBy []int
	// HitTurn is the last turn another player's ship or planet did it
	// damage (0: never): Sauran sends rescuers to his ships attacked in the
	// last turn, not to those the pull or a warp wore down.
	HitTurn int
}

// GivenBy reports whether player p gave the ship away at some time.
func (s *Ship) GivenBy(p int) bool { return slices.Contains(s.GiftedBy, p) }

// GiveTo makes player to the ship's owner, and its owner one of its givers.
func (s *Ship) GiveTo(to int) {
	if !s.GivenBy(s.Owner) {
		s.GiftedBy = append(s.GiftedBy, s.Owner)
	}
	s.Owner = to
}

// PlanetKind tells trading and origin planets from the others.
type PlanetKind uint8

// The kinds of planet.
const (
	Independent PlanetKind = iota // any planet that is neither of the others
	Origin                        // a player's planet of origin
	Trading                       // one of the five trading planets
)

func (k PlanetKind) String() string {
	switch k {
	case Origin:
		return "origin"
	case Trading:
		return "trading"
	}
	return "independent"
}

// Planet is a planet. For a planet seen but neither owned nor scanned, only
// ID, Name, Kind, Loc and Owner are known.
type Planet struct {
	ID            int
	Name          string
	Kind          PlanetKind
	Loc           geom.Point
	Owner         int // 0: unowned
	Population    int
	Industry      int
	Ore           Ore // still in the ground
	Stock         Ore // mined and stockpiled on the surface
	Fuel          int // fuel stockpiled
	DefenceUnits  int
	DefenceActive bool
	Officer       int // officer stationed here; 0 none
	Artifact      int // found artifact held here; 0 none
	// Hidden is the artifact still hidden in the planet (game side only).
	Hidden int
}

// Mine is a mine on a planet.
type Mine struct {
	ID      int
	Planet  int
	OreType int // 1 to 5
	Rate    int // ore mined a turn
	Owner   int
}

// Officer is a commission officer.
type Officer struct {
	ID       int
	Name     string // "" until named
	Race     int
	Levels   Levels // unmodified: these set the rank and count for practice
	Aptitude Levels
	// Current are the levels in effect, raised by race, special abilities
	// and artifacts; these are what the abilities act with.
	Current Levels
	// Raised is the part of Current that an artifact on his ship or planet
	// gives him (the moderator's side: a sheet shows only Current).
	Raised Levels
	Ship   int // ship commanded; 0 when on a planet
	Planet int // planet stationed on; 0 when on a ship
}

// Artifact is an artifact; Ring marks the ten Rings of Darkness.
type Artifact struct {
	ID      int
	Name    string
	Ring    bool
	Points  int // points a turn to the holder
	Ability int // ability raised for an officer with it; 0 none
	Levels  int // by how many levels
}

// Prices are a trading planet's current prices: what it pays a unit.
type Prices struct {
	Ore  Ore
	Fuel int
}

// Market is a trading planet's trade: what it pays now, its own base
// prices, and the ore and fuel it holds.
type Market struct {
	Prices Prices
	Base   Prices
	Stock  Ore
	Fuel   int
}

// TradingPlanet is a trading planet as the turn sheet lists it.
type TradingPlanet struct {
	Planet    Planet
	Prices    Prices
	ShipsHere int // ships at the planet, visible or not
}

// Fleet is a number of one player's ships at the same location.
type Fleet struct {
	ID    int
	Loc   geom.Point
	Ships []int // ship numbers, ascending
}

// GroupFleets groups ships by location into fleets numbered 1, 2, 3, ...
// in the order of each fleet's lowest ship number.
func GroupFleets(ships []Ship) []Fleet {
	return GroupFleetsOf(len(ships), func(i int) (int, geom.Point) { return ships[i].ID, ships[i].Loc })
}

// GroupFleetsOf is GroupFleets on n ships given by number and place, for a
// caller that has no list of ships to hand (and would copy tens of
// thousands to make one).
func GroupFleetsOf(n int, ship func(i int) (int, geom.Point)) []Fleet {
	// The ships sorted by place, then number: a fleet is a run of one
	// place. One list of numbers for all, each fleet a piece of it (capped,
	// so that appending to one never writes into the next).
	type at struct {
		id  int
		loc geom.Point
	}
	all := make([]at, n)
	for i := range all {
		all[i].id, all[i].loc = ship(i)
	}
	slices.SortFunc(all, func(a, b at) int {
		if c := cmp.Compare(a.loc.X, b.loc.X); c != 0 {
			return c
		}
		if c := cmp.Compare(a.loc.Y, b.loc.Y); c != 0 {
			return c
		}
		if c := cmp.Compare(a.loc.Z, b.loc.Z); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	ids := make([]int, n)
	fleets := []Fleet{}
	for i := 0; i < n; {
		j := i
		for j < n && all[j].loc == all[i].loc {
			ids[j] = all[j].id
			j++
		}
		fleets = append(fleets, Fleet{Loc: all[i].loc, Ships: ids[i:j:j]})
		i = j
	}
	sort.Slice(fleets, func(i, j int) bool { return fleets[i].Ships[0] < fleets[j].Ships[0] })
	for i := range fleets {
		fleets[i].ID = i + 1
	}
	return fleets
}

// Score is the score line of a turn sheet.
type Score struct {
	Current, Low, High int
}

// Knowledge is what one player knows at the start of a turn: the contents
// of a turn sheet. Turn is the turn the sheet reports; the orders written
// on it are carried out in turn Turn+1.
type Knowledge struct {
	Game    string
	Turn    int
	DueDate string
	Empire  Empire
	Score   Score

	Ships    []Ship    // the player's own ships, in full
	Planets  []Planet  // the player's own planets, in full
	Fleets   []Fleet   // the player's fleets as the sheet numbers them
	Officers []Officer // the player's officers
	Mines    []Mine    // the player's mines

	Trading        []TradingPlanet
	ForeignShips   []Ship   // other players' ships in communication range
	ForeignPlanets []Planet // other planets in communication range
	Artifacts      []Artifact

	ScannedShip     *Ship   // the ship scanned last turn, in full
	ScannedPlanet   *Planet // the planet scanned last turn, in full
	ScannedMines    []Mine  // its mines, as its owner sees them
	ScannedPlayerID int     // the player scanned last turn; 0 none
	ScannedPlayer   []Ship  // that player's ships: number, type, name, location

	Credit   CreditReport
	Battle   []string // battle and action reports, as printed
	Messages []string // broadcasts and the computer's messages
	// Broadcasts is how many of the first Messages are the players'
	// broadcast lines, which a sheet marks as written by a player.
	Broadcasts int
	Errors     []string // errors in last turn's orders
	Rings      []RingSighting
}

// CreditReport is where the credits went last turn: the balance at the
// start, then each item. The balance after is Empire.Credits.
type CreditReport struct {
	Opening int
	Lines   []CreditLine
}

// CreditLine is one item of the credit report.
type CreditLine struct {
	What   string
	Amount int // negative for expenses
}

// RingSighting is a found Ring of Darkness, whose place every sheet prints.
type RingSighting struct {
	Ring   int // artifact number
	Loc    geom.Point
	Player int // holder
}

// Game is the whole game, as the moderator holds it.
type Game struct {
	Name      string
	Turn      int
	DueDate   string
	Seed      int64
	Empires   []Empire // every player, Sauran (99) included
	Ships     []Ship
	Planets   []Planet
	Officers  []Officer
	Mines     []Mine
	Artifacts []Artifact
	Markets   map[int]Market // by trading planet
	Rings     []RingSighting
	// Broadcasts are the general broadcast's lines sent last turn, which
	// every sheet shows.
	Broadcasts []string
	// Winners are the players who met a winning condition; the game is
	// over when there are any, or when its last turn has been played.
	Winners []int
	Over    bool
}

// Empire returns player p's empire, or nil.
func (g *Game) Empire(p int) *Empire {
	for i := range g.Empires {
		if g.Empires[i].Player == p {
			return &g.Empires[i]
		}
	}
	return nil
}

// ScoreOf works out a player's score: credits, plus so much for each planet,
// ship and mine held, plus points and anti-points.
func ScoreOf(r *rules.Rules, e *Empire, planets, ships, mines int) int {
	return e.Credits + planets*r.Score.PerPlanet + ships*r.Score.PerShip + mines*r.Score.PerMine +
		e.Points + e.AntiPoints
}
