// Package sparring holds plain scripted players for the computer empires
// to be measured against: each follows one strategy a newcomer finds
// after a first read of the rules, from its own turn sheet only (the
// model.Knowledge a player's sheet gives, as engine/ai plays from), and
// writes the ordinary orders of an order file.
//
// The partners are a planet-taker (taker.go), a raider (raider.go), a
// trader (trader.go, whose hauling of ore the planet-taker shares) and a
// turtle (turtle.go); sheet.go holds what they all share: the sheet, the
// orders given so far, the credits and fuel they leave, mines, scans and
// building.
// They are sparring partners, not opponents for players: they play by
// rule of thumb, and the tests of engine/ai measure each level against
// them.
package sparring
