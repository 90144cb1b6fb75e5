package model

import (
	"strconv"
	"strings"
)

// KeyKind is the kind of object a Key names.
type KeyKind uint8

// The kinds of object a player can select or give orders to.
const (
	NoKind KeyKind = iota
	KindShip
	KindFleet
	KindPlanet
	KindOfficer
	KindEmpire // the empire as a whole: its general orders
)

var keyNames = [...]string{NoKind: "", KindShip: "ship", KindFleet: "fleet", KindPlanet: "planet", KindOfficer: "officer", KindEmpire: "empire"}

// Key names one object of a sheet: a ship, fleet, planet or officer by
// number, or the empire. It is written "ship:12", "planet:45", "empire";
// the zero Key names nothing and is written "".
type Key struct {
	Kind KeyKind
	ID   int
}

// Keys of each kind.
func ShipKey(id int) Key    { return Key{KindShip, id} }
func FleetKey(id int) Key   { return Key{KindFleet, id} }
func PlanetKey(id int) Key  { return Key{KindPlanet, id} }
func OfficerKey(id int) Key { return Key{KindOfficer, id} }

// EmpireKey is the key of the empire as a whole.
var EmpireKey = Key{Kind: KindEmpire}

// IsZero reports whether k names nothing.
func (k Key) IsZero() bool { return k.Kind == NoKind }

// String writes the key as ParseKey reads it.
func (k Key) String() string {
	switch k.Kind {
	case NoKind:
		return ""
	case KindEmpire:
		return "empire"
	}
	return keyNames[k.Kind] + ":" + strconv.Itoa(k.ID)
}

// ParseKey reads a key written by String; anything else is the zero Key.
func ParseKey(s string) Key {
	if s == "empire" {
		return EmpireKey
	}
	kind, num, ok := strings.Cut(s, ":")
	if !ok {
		return Key{}
	}
	id, err := strconv.Atoi(num)
	if err != nil || id < 0 {
		return Key{}
	}
	for k, name := range keyNames {
		if name == kind && KeyKind(k) != NoKind && KeyKind(k) != KindEmpire {
			return Key{KeyKind(k), id}
		}
	}
	return Key{}
}
