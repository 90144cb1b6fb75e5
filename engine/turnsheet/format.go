package turnsheet

import (
	"strings"

	"silverfall/engine/rules"
)

// Width is the longest line a sheet has, so that no mail program wraps it.
const Width = 76

// Fixed words of the format.
const (
	Banner        = "DARKNESS OF SILVERFALL -- TURN SHEET"
	End           = "END OF TURN SHEET"
	PageHeader    = "Darkness of Silverfall -- " // starts the header of pages after the first
	SectionPrefix = "=== "
	OrderSheet    = "ORDER SHEET"
	None          = "None."
	PageLines     = 64 // lines a printed page holds
	// Quote starts every line of a player's broadcast, and any other item
	// of free text that a reader could take for something else (a section
	// line, the closing line, a page header, "None.", a carried-on line or
	// a blank). A reader takes the rest of such a line as text and nothing
	// else, so what players write cannot pass for the sheet's structure.
	Quote = "| "
)

// The fifteen sections, numbered as the sheet numbers them.
const (
	Score = iota + 1
	CreditReport
	BattleReports
	TradingPlanets
	Officers
	Planets
	Fleets
	Ships
	Mines
	PlanetScanned
	ShipScanned
	PlayerScanned
	Messages
	SpecialAbilities
	ErrorsInOrders
	NumSections = ErrorsInOrders
)

// Titles are the section titles, indexed by section number.
var Titles = [NumSections + 1]string{
	Score:            "SCORE",
	CreditReport:     "CREDIT REPORT",
	BattleReports:    "BATTLE/ACTION REPORTS",
	TradingPlanets:   "TRADING PLANETS",
	Officers:         "REVIEW OF OFFICERS",
	Planets:          "REVIEW OF PLANETS",
	Fleets:           "REVIEW OF FLEETS",
	Ships:            "REVIEW OF SHIPS",
	Mines:            "REVIEW OF MINES",
	PlanetScanned:    "PLANET SCANNED THIS TURN",
	ShipScanned:      "SHIP SCANNED THIS TURN",
	PlayerScanned:    "PLAYER SCANNED THIS TURN",
	Messages:         "MESSAGES",
	SpecialAbilities: "SPECIAL ABILITIES",
	ErrorsInOrders:   "ERRORS IN ORDERS",
}

// SectionLine is the line that opens a section: "=== 4. TRADING PLANETS ===...".
func SectionLine(n int, title string) string {
	s := SectionPrefix
	if n > 0 {
		s += itoa(n) + ". "
	}
	s += title + " "
	return s + strings.Repeat("=", max(3, Width-len(s)))
}

// AbilityCodes are the two-letter column heads of the fourteen abilities.
var AbilityCodes = [rules.Abilities]string{"Ta", "Na", "In", "Su", "En", "Ep", "Ad", "Se", "Co", "Ec", "Te", "Me", "Sl", "Ex"}

// Labels of the header and score lines, before the colon.
const (
	LabelGame   = "Game"
	LabelPlayer = "Player"
	LabelRace   = "Race"
	LabelTurn   = "Turn"
	LabelDue    = "Orders due"
	// LabelPassword heads the player's password, which his order files
	// carry (PASSWORD in their header); only his own sheet has it.
	LabelPassword    = "Password"
	LabelScore       = "Score"
	LabelLow         = "Lowest score"
	LabelHigh        = "Highest score"
	LabelPoints      = "Points"
	LabelAntiPoints  = "Anti-points"
	LabelInterceptor = "Interceptors"
	LabelAllies      = "Allies"
	LabelEnemies     = "Declared enemies"
	LabelOpening     = "Credits at start of turn"
	LabelClosing     = "Credits now"
)

// FileName is the usual file name of player p's sheet: "player-07.txt".
func FileName(p int) string { return "player-" + pad2(p) + ".txt" }

func pad2(n int) string {
	if n < 10 {
		return "0" + itoa(n)
	}
	return itoa(n)
}
