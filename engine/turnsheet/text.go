package turnsheet

// Bounds of the figures a sheet may hold beyond the rules' own caps: the
// sheet reader refuses a sheet past them, so the host's state file does
// too, and no turn is carried out on a game whose sheets would not read.
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
