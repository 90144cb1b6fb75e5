package known

import (
	"fmt"

	"silverfall/engine/geom"
	"silverfall/engine/model"
)

// SourceKind is the kind of source a fact comes from.
type SourceKind uint8

// The kinds of source. A scan is a fact a sheet prints because its player
// scanned the object last turn; it may be the player's own sheet or an
// ally's.
const (
	NoSource SourceKind = iota
	OwnSheet
	AllySheet
	Scan
)

var sourceNames = [...]string{NoSource: "", OwnSheet: "own sheet", AllySheet: "ally's sheet", Scan: "scan"}

func (k SourceKind) String() string {
	if int(k) < len(sourceNames) {
		return sourceNames[k]
	}
	return fmt.Sprintf("source %d", k)
}

// Source is where one fact was learnt: the sheet of player Player for turn
// Turn, and how that sheet knew it.
type Source struct {
	Kind   SourceKind
	Player int // whose sheet showed it
	Turn   int // the sheet's turn
}

// String says the source in a few words, for hovers and details: "own
// sheet, turn 4", "player 3's sheet, turn 4", "scan by player 3, turn 4".
func (s Source) String() string {
	switch s.Kind {
	case OwnSheet:
		return fmt.Sprintf("own sheet, turn %d", s.Turn)
	case AllySheet:
		return fmt.Sprintf("player %d's sheet, turn %d", s.Player, s.Turn)
	case Scan:
		return fmt.Sprintf("scan by player %d, turn %d", s.Player, s.Turn)
	}
	return ""
}

// Object is one object known, with its facts as last seen. Exactly one of
// Planet, Ship, Officer and Empire is set, after Key's kind; it is a copy,
// which the caller may keep. Fields the source did not show are zero (a
// foreign planet seen in communication range shows no ore).
type Object struct {
	Key    model.Key
	Name   string
	Owner  int        // 0 unowned
	Loc    geom.Point // where last seen (an officer: his ship's or planet's place)
	Turn   int        // the turn of the newest sheet that showed it
	Source Source     // the source of these facts
	// Full says the facts are the owner's full view (own objects, a scan,
	// an ally's own objects on the ally's sheet), not a sighting.
	Full bool

	Planet  *model.Planet
	Ship    *model.Ship
	Officer *model.Officer
	Empire  *model.Empire
}
