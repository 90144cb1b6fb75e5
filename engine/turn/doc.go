// Package turn carries out a turn of Darkness of Silverfall: every
// empire's orders, phase by phase in the rule book's order of commands,
// then the end of the turn. It is the one machinery behind the order
// checker (a player's orders run on what he knows), the forecast (where
// the turn leaves the player, assuming no one interferes) and the
// moderator's host (the whole game).
//
// A turn is a table of steps (steps.go), each a phase's command or an
// end-of-turn adjustment. Orders are carried out through tables by code:
// phase 0's names and gifts (phase0Exec), the general orders of phases 1
// and 5 (generalExec), and each ship's battle/movement order in phases 2
// to 4 (movementExec, by phase); a test holds every code to an executor
// in the phases it acts in.
//
// The run of a turn (turn.go) holds the orders and failing them; its books
// hold what every part shares: the world, the reports, the books of
// credits, the random streams, ships lost. Its work is split by concern
// into helper types on it: movement (move.go), cargo and trade (cargo.go)
// and the end of the turn (endturn.go); the other general orders of phases
// 0, 1 and 5 stay with the run. The battle of phases 2 to 4 (battle.go)
// holds its own state (the orders' progress, the moving order, the
// targets, a record) on the books alone, so that it is also fought on its
// own: Fight (fight.go), for the combat simulator. A step that cannot carry out an order reports
// why, with a stable code: the host writes it into the empire's "errors
// in orders", the checker shows it to the player as an error.
//
// A turn is a pure function of the game state, the orders, the game's
// seed and the turn number. Every random draw comes from a stream of its
// own step, seeded from the game's seed, the turn and the step's name, so
// that the same inputs give the same result on any machine, and a change
// to one step does not shift the draws of another. Within a step, draws
// are made in the order the step visits ships, planets and orders, which
// is itself fixed (numbers ascending, the players' own order of orders).
//
// The end of turn's pay and tax (pay.go) are also given out on their own,
// for a sheet's ships and planets, so that the computer players plan with
// the host's own figures.
package turn
