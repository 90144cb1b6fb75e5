package order

// Rule sums up what the command does, in one line, for tooltips and the
// order reference.
func (c Code) Rule() string {
	if !c.Valid() {
		return ""
	}
	return ruleLines[c]
}

// Who says what the command is given to and which ships can carry it out,
// for the order reference.
func (c Code) Who() string {
	if !c.Valid() {
		return ""
	}
	if w := whoLines[c]; w != "" {
		return w
	}
	switch c.Subject() {
	case ShipSubject:
		return "any of your ships"
	case PlanetSubject:
		return "one of your planets"
	case FleetSubject:
		return "one of your fleets"
	case OfficerSubject:
		return "one of your officers"
	}
	return "your empire"
}

var ruleLines = [numCodes]string{
	SS: "Learns everything about one other ship (one scan a turn); its owner's interceptors may stop it.",
	SP: "Learns everything about one planet, as if it were yours (one scan a turn); its owner's interceptors may stop it.",
	SR: "Sends spies and raiders into another empire: 50,000 credits and 10 interceptors; may be stopped by theirs.",
	BS: "A battle station (4 a turn) or monitor (2) over an origin or independent planet builds a ship, using the planet's industry.",
	DO: "Docks into one of your carriers at the same place; docked ships act only in phase 1.",
	RE: "Releases a docked ship, or all of them with 0.",
	LO: "Loads ore from the planet below; 0 amount loads as much as fits, ore type 0 every type. Trading planets sell at 4 times their price.",
	UL: "Unloads ore onto the planet below; at a trading planet it is sold at the planet's price.",
	SM: "Starts a mine (5,000 credits) on a planet with 5,000 population; at most 2 a planet.",
	LF: "Loads fuel from the planet below; 0 fills the tank. With a last ship number, every ship in the range tries.",
	UF: "Unloads fuel onto the planet below; sold at a trading planet.",
	RF: "A tanker gives fuel to another ship at the same place.",
	RP: "A repair ship restores another ship at the same place to full: 2,000 a fire unit, 1,000 a defence unit.",
	LP: "Takes population aboard from the planet below; at a trading planet it is bought at 25 credits each.",
	UP: "Puts population down on the planet below; a trading planet pays 5 credits each.",
	CL: "Switches the cloaking device on; most ships lose it again when they move or fight.",
	UC: "Switches the cloaking device off.",
	HD: "Jumps once in the ship's life to a random place in the system; costs 1 defence unit, no fuel.",
	WD: "Jumps to a chosen place within 350 of Silverfall in phase 3; costs 5 defence units, no fuel.",
	WP: "Warpdrive to a planet: becomes WD to the planet's location.",
	MO: "Moves toward a place, a third of the movement range in each of phases 2 to 4; one fuel a position.",
	MP: "Moves toward a planet, as MO.",
	FP: "Moves to a random planet of the given player (0: anyone's but yours and your allies') within reach this turn.",
	EN: "Moves toward a place and stops to fight the given player's ships met on the way.",
	EP: "Engage toward a planet: becomes EN to the planet's location.",
	AB: "Waits cloaked and fires on the given player's ships that come within firing range.",
	DF: "Stays put and fires on the given player's ships that come within firing range.",
	ST: "Moves toward a place and fires at the given player's ships in passing, one damage a shot; needs fire units.",
	SL: "Strafe toward a planet: becomes ST to the planet's location.",
	FI: "Fires at one ship whenever it is within firing range, until it is destroyed or the turn ends.",
	CP: "Does what another ship does this turn, moving no faster than the slowest in the group.",
	PS: "Follows a ship and fires when in range, phases 2 to 4; it escapes beyond twice the communication range.",
	BU: "Builds planet defence units: 1,000 credits and 100 industry each, 10 a turn, 50 a planet; needs 5,000 population.",
	AD: "Activates a planet's defence units (0: all your planets); they fire at ships above it in phase 4.",
	DA: "Deactivates a planet's defence units (0: all your planets).",
	BP: "Bombards the planet below in phase 3: its defence units fall by the ship's fire units.",
	PI: "Buys interceptors against scans: 2,000 credits each, at most 90 held.",
	AA: "Adds an ally (at most 3; one change a turn).",
	BA: "Drops an ally.",
	DE: "Declares an enemy, attacked by battle orders against player 88 (at most 3).",
	FE: "Forgives a declared enemy.",
	PR: "The officers of a fleet practise one or two abilities.",
	TO: "Swaps the ship's officer with another ship's at the same place, or with your planet's below.",
	FA: "Searches your planet for an artifact; costs population.",
	TA: "Swaps artifacts with another of your ships at the same place, or with the planet below.",

	NameShip:    "Names an unnamed ship (up to 20 characters; names are for good).",
	NamePlanet:  "Names an unnamed planet of yours (up to 20 characters).",
	NameOfficer: "Names an unnamed officer (up to 10 characters).",
	GiftShip:    "Gives a ship to another player, from turn 5 on; one a turn.",
	GiftPlanet:  "Gives a planet to another player, from turn 5 on; one a turn.",
	Broadcast:   "A line of the general broadcast every player reads next turn (3 lines of 60 characters).",
}

var whoLines = [numCodes]string{
	BS: "battle stations and monitors",
	DO: "ships small enough to fit a carrier",
	RE: "ships that carry others",
	LO: "ships with cargo space", UL: "ships with cargo space",
	LF: "ships that carry fuel", UF: "ships that carry fuel",
	RF: "tankers, repair stations, refuel robots",
	RP: "maintenance ships, repair stations, repair robots",
	LP: "ships that carry population", UP: "ships that carry population",
	CL: "ships with a cloaking device", UC: "ships with a cloaking device", AB: "ships with a cloaking device",
	HD: "any ship but a battle station, once",
	WD: "ships with a warpdrive", WP: "ships with a warpdrive",
	MO: "ships that move", MP: "ships that move", FP: "ships that move", EN: "ships that move", EP: "ships that move", CP: "ships that move",
	ST: "armed ships that move", SL: "armed ships that move", PS: "armed ships that move",
	FI: "armed ships", DF: "any ship; only armed ones fire", BP: "armed ships",
	SM: "any planet with 5,000 population, yours or not",
	SP: "your empire", SS: "your empire",
}
