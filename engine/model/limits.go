package model

// Bounds of the figures the model holds beyond the rules' own caps. The
// sheet reader refuses a sheet past them, so the host's state file does
// too, and no turn is carried out on a game whose sheets would not read.
// They live with the model, not with the sheet writer, because the state
// format and the turn check them as much as the sheets do.
const (
	// MaxCoordinate bounds each coordinate of a location: a ship moves at
	// most a few hundred positions a turn, a million is far beyond any game.
	MaxCoordinate = 1_000_000
	// MaxFigure bounds every other figure (credits, population, counts):
	// the twelve digits a reader takes.
	MaxFigure = 999_999_999_999
	// MaxTurn bounds the turn number; a game runs about 25.
	MaxTurn = 1000
)
