package order

import (
	"strconv"

	"silverfall/engine/geom"
)

// MaxArgs is the most numbers any command takes (EN and ST: ship, player, x, y, z).
const MaxArgs = 5

// Order is one order as the player gave it. Orders are values: two orders
// are the same order when they compare equal.
type Order struct {
	Code  Code
	Fleet bool  // given to a fleet: the subject is a fleet number
	N     uint8 // how many of Args were given (some arguments are optional)
	Args  [MaxArgs]int
	Text  string // the name (NAME ...) or the line (BROADCAST)
}

// Arg returns the argument of role r, if the order has one.
func (o Order) Arg(r Role) (int, bool) {
	i := roleIndex[o.Code][r]
	if i == 0 || int(i) > int(o.N) {
		return 0, false
	}
	return o.Args[i-1], true
}

func (o Order) get(r Role) int { v, _ := o.Arg(r); return v }

// Subject is the acting ship, fleet or planet, or what is named or gifted;
// 0 for empire orders (scans, interceptors, diplomacy, broadcast).
func (o Order) Subject() int { return o.get(RoleSubject) }

// Target is the second ship: docked into, released (0: all), refuelled,
// repaired, fired at, copied, pursued, scanned; for TO and TA the ship to
// swap with (0 or absent: the planet); for LF, UF, CL and UC the last ship of
// the range (absent: only the first).
func (o Order) Target() (int, bool) { return o.Arg(RoleTarget) }

// Planet is the target planet of MP, WP, EP, SL and SP.
func (o Order) Planet() int { return o.get(RolePlanet) }

// Player is the player named by the order.
func (o Order) Player() int { return o.get(RolePlayer) }

// OreType is the ore type (0: all types).
func (o Order) OreType() int { return o.get(RoleOre) }

// Amount is the amount of ore, fuel, population, defence units or
// interceptors; 0 means "as much as possible" where the rules allow it.
func (o Order) Amount() int { return o.get(RoleAmount) }

// Location is the destination of WD, MO, EN and ST.
func (o Order) Location() (geom.Point, bool) {
	x, ok := o.Arg(RoleX)
	if !ok {
		return geom.Point{}, false
	}
	return geom.Point{X: x, Y: o.get(RoleY), Z: o.get(RoleZ)}, true
}

// ShipType is the type BS builds; Custom reports whether fire and defence
// units were given, and Units returns them.
func (o Order) ShipType() int { return o.get(RoleShipType) }

// Custom reports whether a BS order gives fire and defence units.
func (o Order) Custom() bool { _, ok := o.Arg(RoleFire); return ok }

// Units returns the fire and defence units of a customised build.
func (o Order) Units() (fire, defence int) { return o.get(RoleFire), o.get(RoleDefence) }

// Abilities returns the one or two abilities a PR order practises (0 when
// there is no second).
func (o Order) Abilities() (int, int) { return o.get(RoleAbility), o.get(RoleAbility2) }

// Class is the order's class. A fleet order is a battle/movement order.
func (o Order) Class() Class { return o.Code.Class() }

// Section is the part of the order sheet the order goes in.
func (o Order) Section() Section {
	switch o.Code.Class() {
	case General:
		return GeneralOrders
	case BattleMovement:
		if o.Fleet {
			return FleetOrders
		}
		return BattleOrders
	case Naming:
		return Names
	case Gift:
		return Gifts
	case Message:
		return BroadcastLines
	}
	return 0
}

// SubjectKind is what the order is given to.
func (o Order) SubjectKind() Subject {
	if o.Fleet {
		return FleetSubject
	}
	return o.Code.Subject()
}

// Phase is the phase in which the order first acts (0 to 7).
func (o Order) Phase() int { return o.Code.Phase() }

// Position is the order's place among the commands of its phase.
func (o Order) Position() int { return o.Code.Position() }

// String formats the order in canonical form.
func (o Order) String() string { return string(o.AppendFormat(nil)) }

// Format returns the canonical form of o: upper-case code, the numbers
// separated by single spaces, a name or broadcast line after them.
func Format(o Order) string { return o.String() }

// AppendFormat appends the canonical form of o to b.
func (o Order) AppendFormat(b []byte) []byte {
	if !o.Code.Valid() {
		return append(b, "??"...)
	}
	if o.Fleet {
		b = append(b, "FLEET "...)
	}
	b = append(b, syntaxes[o.Code].name...)
	for i := 0; i < int(o.N) && i < MaxArgs; i++ {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(o.Args[i]), 10)
	}
	if syntaxes[o.Code].text && o.Text != "" {
		b = append(b, ' ')
		b = append(b, o.Text...)
	}
	return b
}

// Usage returns the command's form: "LO ship ore amount".
func (c Code) Usage() string {
	if !c.Valid() {
		return ""
	}
	s := &syntaxes[c]
	b := []byte(s.name)
	for i, k := range s.args {
		b = append(b, ' ')
		if i >= len(s.args)-s.optional {
			b = append(b, '[')
		}
		b = append(b, kindWord[k]...)
		if i >= len(s.args)-s.optional {
			b = append(b, ']')
		}
	}
	if s.text {
		b = append(b, " text"...)
	}
	return string(b)
}

var kindWord = [...]string{
	kShip: "ship", kFleet: "fleet", kPlanet: "planet", kPlanetOrAll: "planet", kOfficer: "officer",
	kTarget: "ship2", kTargetOrAll: "ship2", kRangeEnd: "last-ship", kTargetPlanet: "planet",
	kBattlePlayer: "player", kPlayer: "player", kGiftPlayer: "player", kOreOrAll: "ore", kOre: "ore",
	kAmount: "amount", kCount: "count", kX: "x", kY: "y", kZ: "z", kShipType: "type",
	kFire: "fire", kDefence: "defence", kAbility: "ability", kAbility2: "ability2",
}

// kindName names an argument in messages.
var kindName = [...]string{
	kShip: "ship number", kFleet: "fleet number", kPlanet: "planet number", kPlanetOrAll: "planet number",
	kOfficer: "officer number", kTarget: "second ship number", kTargetOrAll: "second ship number",
	kRangeEnd: "last ship number", kTargetPlanet: "planet number", kBattlePlayer: "player number",
	kPlayer: "player number", kGiftPlayer: "player number", kOreOrAll: "ore type", kOre: "ore type",
	kAmount: "amount", kCount: "number", kX: "X coordinate", kY: "Y coordinate", kZ: "Z coordinate",
	kShipType: "ship type", kFire: "fire units", kDefence: "defence units", kAbility: "ability",
	kAbility2: "second ability",
}

// Arg describes one argument of a command, for forms that ask for it.
type Arg struct {
	Role     Role
	Name     string // "ship number", "ore type", ...
	Optional bool
}

// Args lists the command's arguments in order.
func (c Code) Args() []Arg {
	if !c.Valid() {
		return nil
	}
	s := &syntaxes[c]
	out := make([]Arg, len(s.args))
	for i, k := range s.args {
		out[i] = Arg{Role: k.role(), Name: kindName[k], Optional: i >= len(s.args)-s.optional}
	}
	return out
}

// HasText reports whether the order ends with free text (names, broadcast).
func (c Code) HasText() bool { return c.Valid() && syntaxes[c].text }
