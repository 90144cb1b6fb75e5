package app

import (
	"silverfall/engine/known"
)

// allyLabel is a name with the source that showed it: "Vega (player 4's
// sheet, turn 3)".
func allyLabel(name string, s known.Source) string {
	if name == "" {
		return "(" + s.String() + ")"
	}
	return name + " (" + s.String() + ")"
}
