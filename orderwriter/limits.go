package orderwriter

// Bounds of what the host takes from a player in a turn; sfcheck checks
// against the same.
const (
	// MaxFileSize bounds an order file, or the saved e-mail holding one: a
	// real one is a few kilobytes.
	MaxFileSize = 4 << 20
	// MaxOrders bounds the orders of a player carried out in a turn (an
	// empire of a few hundred ships gives a few hundred); the host leaves
	// out the rest and says so on the sheet.
	MaxOrders = 2000
)
