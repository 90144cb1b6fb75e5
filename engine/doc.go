// Package engine is the root of Silverfall's rules engine: the game model,
// the rules data, the order language and the order checker. It holds no
// code of its own; its sub-packages do the work:
//
//	engine/rules  the rule book's figures as embedded, checked TOML data
//	engine/geom   positions and distances in the solar system
//	engine/order  the order language: parse, canonical format, classes, phases
//	engine/model  the game as the moderator holds it and as one player knows it
//	engine/check  the order checker: diagnostics for a whole order set
//
// The engine is pure Go: no user interface, no GL, no files beyond
// io.Reader and io.Writer. Nothing in it imports the other top-level
// packages of the project.
package engine
