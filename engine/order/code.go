package order

// Code identifies a command.
type Code uint8

// The commands, in the rule book's order, then the order sheet's entries.
const (
	Invalid     Code = iota
	SS               // scan ship
	SP               // scan planet
	SR               // scan player
	BS               // build ship
	DO               // dock
	RE               // release
	LO               // load ore
	UL               // unload ore
	SM               // start mine
	LF               // load fuel
	UF               // unload fuel
	RF               // refuel another ship
	RP               // repair another ship
	LP               // load population
	UP               // unload population
	CL               // cloak
	UC               // uncloak
	HD               // hyperdrive
	WD               // warpdrive to a location
	WP               // warpdrive to a planet
	MO               // move to a location
	MP               // move to a planet
	FP               // find planet
	EN               // engage
	EP               // engage toward a planet
	AB               // ambush
	DF               // defend
	ST               // strafe
	SL               // strafe toward a planet
	FI               // fire at a ship
	CP               // copy a ship's action
	PS               // pursue a ship
	BU               // build planet defence units
	AD               // activate planet defence
	DA               // deactivate planet defence
	BP               // bombard planet
	PI               // purchase interceptors
	AA               // add ally
	BA               // break alliance
	DE               // declare enemy
	FE               // forgive enemy
	PR               // practice
	TO               // transfer officer
	FA               // find artifact
	TA               // transfer artifact
	NameShip         // NAME SHIP
	NamePlanet       // NAME PLANET
	NameOfficer      // NAME OFFICER
	GiftShip         // GIFT SHIP
	GiftPlanet       // GIFT PLANET
	Broadcast        // BROADCAST
	numCodes
)

// Class says whether an order is a general order or a battle/movement order
// (of which a ship may have one a turn), or one of the order sheet's entries.
type Class uint8

// The classes.
const (
	General Class = iota + 1
	BattleMovement
	Naming
	Gift
	Message
)

func (c Class) String() string {
	switch c {
	case General:
		return "general"
	case BattleMovement:
		return "battle/movement"
	case Naming:
		return "naming"
	case Gift:
		return "gift"
	case Message:
		return "broadcast"
	}
	return "invalid"
}

// Section is the part of the order sheet an order is written in.
type Section uint8

// The order sheet's sections, in the order the sheet has them.
const (
	GeneralOrders Section = iota + 1
	BattleOrders
	FleetOrders
	Names
	Gifts
	BroadcastLines
)

// Sections lists the sections in order.
var Sections = [...]Section{GeneralOrders, BattleOrders, FleetOrders, Names, Gifts, BroadcastLines}

func (s Section) String() string {
	switch s {
	case GeneralOrders:
		return "general orders"
	case BattleOrders:
		return "battle/movement orders"
	case FleetOrders:
		return "fleet orders"
	case Names:
		return "names"
	case Gifts:
		return "gifts"
	case BroadcastLines:
		return "broadcast"
	}
	return "invalid"
}

// Subject is what an order is given to.
type Subject uint8

// The subjects.
const (
	ShipSubject Subject = iota + 1
	FleetSubject
	PlanetSubject
	EmpireSubject
	OfficerSubject
)

// Role is what an argument means.
type Role uint8

// The argument roles.
const (
	RoleNone    Role = iota
	RoleSubject      // acting ship, fleet or planet; or what is named or gifted
	RoleTarget       // the second ship (dock into, release, refuel, fire at, ...); for LF UF CL UC the end of a ship range
	RolePlanet       // target planet (MP WP EP SL, and SP)
	RolePlayer       // a player number
	RoleOre          // an ore type
	RoleAmount       // an amount of ore, fuel, population, units or interceptors
	RoleX
	RoleY
	RoleZ
	RoleShipType
	RoleFire
	RoleDefence
	RoleAbility
	RoleAbility2
	numRoles
)

// kind is an argument's role with the range of values it takes.
type kind uint8

const (
	kShip         kind = iota + 1 // a ship number, 1 or more
	kFleet                        // a fleet number, 1 or more
	kPlanet                       // a planet number, 1 or more
	kPlanetOrAll                  // a planet number, or 0 for all own planets
	kOfficer                      // an officer number, 1 or more
	kTarget                       // the second ship, 1 or more
	kTargetOrAll                  // the second ship, or 0 for all (RE)
	kRangeEnd                     // the last ship of a range
	kTargetPlanet                 // a target planet, 1 or more
	kBattlePlayer                 // 0 all but allies, 88 enemies, 99 Sauran, or a player
	kPlayer                       // a player, or 99 Sauran (scan, allies, enemies)
	kGiftPlayer                   // a real player only
	kOreOrAll                     // ore type 1 to 5, or 0 for all types
	kOre                          // ore type 1 to 5
	kAmount                       // 0 (the most possible) or more
	kCount                        // 1 or more
	kX
	kY
	kZ
	kShipType
	kFire
	kDefence
	kAbility
	kAbility2
)

func (k kind) role() Role {
	switch k {
	case kShip, kFleet, kPlanet, kPlanetOrAll, kOfficer:
		return RoleSubject
	case kTarget, kTargetOrAll, kRangeEnd:
		return RoleTarget
	case kTargetPlanet:
		return RolePlanet
	case kBattlePlayer, kPlayer, kGiftPlayer:
		return RolePlayer
	case kOreOrAll, kOre:
		return RoleOre
	case kAmount, kCount:
		return RoleAmount
	case kX:
		return RoleX
	case kY:
		return RoleY
	case kZ:
		return RoleZ
	case kShipType:
		return RoleShipType
	case kFire:
		return RoleFire
	case kDefence:
		return RoleDefence
	case kAbility:
		return RoleAbility
	case kAbility2:
		return RoleAbility2
	}
	return RoleNone
}

// syntax describes one command.
type syntax struct {
	name     string // as written: "MO", or "NAME SHIP"
	args     []kind
	optional int // how many trailing arguments may be left out
	class    Class
	subject  Subject
	text     bool // the order ends with free text (names, broadcast)
	phase    int
	position int // order of execution within the phase
	phases   uint8
	fleetOK  bool // may be given as a fleet order
	what     string
}

func ph(ps ...int) uint8 {
	var m uint8
	for _, p := range ps {
		m |= 1 << p
	}
	return m
}

// Phases in which the battle/movement orders act. A converted order (MP,
// EP, WP, SL, FP) is turned into its plain form at the start of phase 2.
var (
	moving  = ph(2, 3, 4)
	warping = ph(2, 3)
)

var syntaxes = [numCodes]syntax{
	SS: {name: "SS", args: []kind{kTarget}, class: General, subject: EmpireSubject, phase: 5, position: 10, what: "scan ship"},
	SP: {name: "SP", args: []kind{kTargetPlanet}, class: General, subject: EmpireSubject, phase: 5, position: 11, what: "scan planet"},
	SR: {name: "SR", args: []kind{kPlayer}, class: General, subject: EmpireSubject, phase: 5, position: 12, what: "scan player"},
	BS: {name: "BS", args: []kind{kShip, kShipType, kFire, kDefence}, optional: 2, class: General, subject: ShipSubject, phase: 5, position: 3, what: "build ship"},
	DO: {name: "DO", args: []kind{kShip, kTarget}, class: General, subject: ShipSubject, phase: 1, position: 13, what: "dock"},
	RE: {name: "RE", args: []kind{kShip, kTargetOrAll}, class: General, subject: ShipSubject, phase: 1, position: 3, what: "release"},
	LO: {name: "LO", args: []kind{kShip, kOreOrAll, kAmount}, class: General, subject: ShipSubject, phase: 1, position: 7, what: "load ore"},
	UL: {name: "UL", args: []kind{kShip, kOreOrAll, kAmount}, class: General, subject: ShipSubject, phase: 1, position: 4, what: "unload ore"},
	SM: {name: "SM", args: []kind{kPlanet, kOre}, class: General, subject: PlanetSubject, phase: 1, position: 14, what: "start mine"},
	LF: {name: "LF", args: []kind{kShip, kAmount, kRangeEnd}, optional: 1, class: General, subject: ShipSubject, phase: 1, position: 8, what: "load fuel"},
	UF: {name: "UF", args: []kind{kShip, kAmount, kRangeEnd}, optional: 1, class: General, subject: ShipSubject, phase: 1, position: 5, what: "unload fuel"},
	RF: {name: "RF", args: []kind{kShip, kTarget, kAmount}, class: General, subject: ShipSubject, phase: 1, position: 10, what: "refuel"},
	RP: {name: "RP", args: []kind{kShip, kTarget}, class: General, subject: ShipSubject, phase: 1, position: 11, what: "repair"},
	LP: {name: "LP", args: []kind{kShip, kAmount}, class: General, subject: ShipSubject, phase: 1, position: 9, what: "load population"},
	UP: {name: "UP", args: []kind{kShip, kAmount}, class: General, subject: ShipSubject, phase: 1, position: 6, what: "unload population"},
	CL: {name: "CL", args: []kind{kShip, kRangeEnd}, optional: 1, class: General, subject: ShipSubject, phase: 5, position: 2, what: "cloak"},
	UC: {name: "UC", args: []kind{kShip, kRangeEnd}, optional: 1, class: General, subject: ShipSubject, phase: 5, position: 1, what: "uncloak"},
	HD: {name: "HD", args: []kind{kShip}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 3, phases: ph(2), fleetOK: true, what: "hyperdrive"},
	WD: {name: "WD", args: []kind{kShip, kX, kY, kZ}, class: BattleMovement, subject: ShipSubject, phase: 3, position: 5, phases: ph(3), fleetOK: true, what: "warpdrive"},
	WP: {name: "WP", args: []kind{kShip, kTargetPlanet}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 1, phases: warping, fleetOK: true, what: "warpdrive to planet"},
	MO: {name: "MO", args: []kind{kShip, kX, kY, kZ}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 4, phases: moving, fleetOK: true, what: "move"},
	MP: {name: "MP", args: []kind{kShip, kTargetPlanet}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 1, phases: moving, fleetOK: true, what: "move to planet"},
	FP: {name: "FP", args: []kind{kShip, kBattlePlayer}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 1, phases: moving, fleetOK: true, what: "find planet"},
	EN: {name: "EN", args: []kind{kShip, kBattlePlayer, kX, kY, kZ}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 6, phases: moving, fleetOK: true, what: "engage"},
	EP: {name: "EP", args: []kind{kShip, kBattlePlayer, kTargetPlanet}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 1, phases: moving, fleetOK: true, what: "engage toward planet"},
	AB: {name: "AB", args: []kind{kShip, kBattlePlayer}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 7, phases: moving, fleetOK: true, what: "ambush"},
	DF: {name: "DF", args: []kind{kShip, kBattlePlayer}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 5, phases: moving, fleetOK: true, what: "defend"},
	ST: {name: "ST", args: []kind{kShip, kBattlePlayer, kX, kY, kZ}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 8, phases: moving, fleetOK: true, what: "strafe"},
	SL: {name: "SL", args: []kind{kShip, kBattlePlayer, kTargetPlanet}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 1, phases: moving, fleetOK: true, what: "strafe toward planet"},
	FI: {name: "FI", args: []kind{kShip, kTarget}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 2, phases: moving, fleetOK: true, what: "fire"},
	// The rule book gives copy no place of its own in the phases; the copying
	// ship acts with the ship it copies, so it goes after the other orders.
	CP: {name: "CP", args: []kind{kShip, kTarget}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 10, phases: moving, fleetOK: true, what: "copy"},
	PS: {name: "PS", args: []kind{kShip, kTarget}, class: BattleMovement, subject: ShipSubject, phase: 2, position: 9, phases: moving, fleetOK: true, what: "pursue"},
	BU: {name: "BU", args: []kind{kPlanet, kCount}, class: General, subject: PlanetSubject, phase: 1, position: 15, what: "build planet defence units"},
	AD: {name: "AD", args: []kind{kPlanetOrAll}, class: General, subject: PlanetSubject, phase: 1, position: 16, what: "activate planet defence"},
	DA: {name: "DA", args: []kind{kPlanetOrAll}, class: General, subject: PlanetSubject, phase: 1, position: 17, what: "deactivate planet defence"},
	BP: {name: "BP", args: []kind{kShip}, class: BattleMovement, subject: ShipSubject, phase: 3, position: 9, phases: ph(3), fleetOK: true, what: "bombard planet"},
	PI: {name: "PI", args: []kind{kCount}, class: General, subject: EmpireSubject, phase: 5, position: 5, what: "purchase interceptors"},
	AA: {name: "AA", args: []kind{kPlayer}, class: General, subject: EmpireSubject, phase: 5, position: 7, what: "add ally"},
	BA: {name: "BA", args: []kind{kPlayer}, class: General, subject: EmpireSubject, phase: 5, position: 6, what: "break alliance"},
	DE: {name: "DE", args: []kind{kPlayer}, class: General, subject: EmpireSubject, phase: 5, position: 9, what: "declare enemy"},
	FE: {name: "FE", args: []kind{kPlayer}, class: General, subject: EmpireSubject, phase: 5, position: 8, what: "forgive enemy"},
	PR: {name: "PR", args: []kind{kFleet, kAbility, kAbility2}, optional: 1, class: General, subject: FleetSubject, phase: 1, position: 1, what: "practice"},
	TO: {name: "TO", args: []kind{kShip, kTarget}, optional: 1, class: General, subject: ShipSubject, phase: 1, position: 2, what: "transfer officer"},
	FA: {name: "FA", args: []kind{kPlanet}, class: General, subject: PlanetSubject, phase: 5, position: 4, what: "find artifact"},
	TA: {name: "TA", args: []kind{kShip, kTarget}, optional: 1, class: General, subject: ShipSubject, phase: 1, position: 12, what: "transfer artifact"},

	NameShip:    {name: "NAME SHIP", args: []kind{kShip}, text: true, class: Naming, subject: ShipSubject, phase: 0, position: 1, what: "name ship"},
	NamePlanet:  {name: "NAME PLANET", args: []kind{kPlanet}, text: true, class: Naming, subject: PlanetSubject, phase: 0, position: 1, what: "name planet"},
	NameOfficer: {name: "NAME OFFICER", args: []kind{kOfficer}, text: true, class: Naming, subject: OfficerSubject, phase: 0, position: 1, what: "name officer"},
	GiftShip:    {name: "GIFT SHIP", args: []kind{kShip, kGiftPlayer}, class: Gift, subject: ShipSubject, phase: 0, position: 2, what: "gift ship"},
	GiftPlanet:  {name: "GIFT PLANET", args: []kind{kPlanet, kGiftPlayer}, class: Gift, subject: PlanetSubject, phase: 0, position: 2, what: "gift planet"},
	// The broadcast goes out with the next turn sheets; it is handled with
	// the other order-sheet entries before the phases begin.
	Broadcast: {name: "BROADCAST", text: true, class: Message, subject: EmpireSubject, phase: 0, position: 3, what: "broadcast"},
}

// roleIndex[c][r] is the index+1 of the argument of role r in command c.
var roleIndex = func() (t [numCodes][numRoles]int8) {
	for c := range syntaxes {
		for i, k := range syntaxes[c].args {
			t[c][k.role()] = int8(i + 1)
		}
	}
	return t
}()

// NumCodes is one more than the largest code: the length of a table by code.
const NumCodes = int(numCodes)

// Codes lists every valid code.
func Codes() []Code {
	cs := make([]Code, 0, numCodes-1)
	for c := Code(1); c < numCodes; c++ {
		cs = append(cs, c)
	}
	return cs
}

// Valid reports whether c is a command.
func (c Code) Valid() bool { return c > Invalid && c < numCodes }

// String returns the code as written: "MO", "NAME SHIP".
func (c Code) String() string {
	if !c.Valid() {
		return "??"
	}
	return syntaxes[c].name
}

// What describes the command in a few words: "move to planet".
func (c Code) What() string {
	if !c.Valid() {
		return "invalid"
	}
	return syntaxes[c].what
}

// Class says whether c is a general or a battle/movement order, or which
// kind of order-sheet entry it is.
func (c Code) Class() Class { return syntaxes[c].class }

// Subject is what the command is given to: a ship, a planet, the empire...
func (c Code) Subject() Subject { return syntaxes[c].subject }

// Phase is the phase (0 to 7) in which the order first acts.
func (c Code) Phase() int { return syntaxes[c].phase }

// Position is the order's place among the commands of its phase, from 1.
func (c Code) Position() int { return syntaxes[c].position }

// ActsIn reports whether the order acts in phase p. General orders act in
// their one phase; battle/movement orders in each phase they run in.
func (c Code) ActsIn(p int) bool {
	s := &syntaxes[c]
	if s.phases != 0 {
		return s.phases&(1<<p) != 0
	}
	return p == s.phase
}

// FleetOK reports whether the command may be given to a fleet.
func (c Code) FleetOK() bool { return syntaxes[c].fleetOK }

// Converted is the plain command an order is turned into in phase 2
// (MP to MO, EP to EN, WP to WD, SL to ST, FP to MO); other codes return
// themselves.
func (c Code) Converted() Code {
	switch c {
	case MP, FP:
		return MO
	case EP:
		return EN
	case WP:
		return WD
	case SL:
		return ST
	}
	return c
}

// Moves reports whether the order moves the ship by its own engines (and
// so burns fuel): all battle/movement orders but HD, WD, WP, FI, DF, AB and BP.
func (c Code) Moves() bool {
	switch c {
	case MO, MP, FP, EN, EP, ST, SL, CP, PS:
		return true
	}
	return false
}

// Arity returns the number of arguments the command takes, at least and at most.
func (c Code) Arity() (min, max int) {
	s := &syntaxes[c]
	return len(s.args) - s.optional, len(s.args)
}

// lookup maps a two-letter code to its Code.
var lookup = func() (t [26 * 26]Code) {
	for c := Code(1); c < numCodes; c++ {
		n := syntaxes[c].name
		if len(n) == 2 {
			t[int(n[0]-'A')*26+int(n[1]-'A')] = c
		}
	}
	return t
}()
