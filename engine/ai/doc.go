// Package ai holds the computer players: empires whose orders come from
// the computer, playing from their own turn sheet only. The host uses them
// for empires that send no orders (sfhost turn --auto-missing), the tests
// for whole games, and a practice game puts a newcomer among them.
//
// A computer player plays at a level (easy, normal, hard), chosen per empire in
// the host's game.toml. The levels are data (levels.toml, read by
// levels.go): what each builds, keeps back and dares. A game may change
// their figures or add levels of its own (levelset.go reads a moderator's
// [[level]] tables from bytes and checks every figure; the host reads the
// files). measure_test.go
// plays whole games and prints the figures the levels are judged by;
// sparring_test.go plays the levels against the scripted players of
// engine/ai/sparring (the last 24-seed table is docs/levels-table.md).
//
// One turn's plan is a planner (ai.go), whose parts are in files by role:
// economy.go (its account, mines, defence, what it builds), markets.go
// (the trading planets and the pull, judged from the sheet), view.go (what
// the sheet shows about a place), trade.go (cargo ships and their ore),
// tradepays.go (whether a mine, a cargo ship or a trip pays: its ore at
// the sheet's prices against the trip's pay and upkeep),
// fuel.go (fuel for every ship, tankers), fleet.go (each ship's order,
// fights, the way home), expansion.go (taking and finding planets),
// diplomacy.go (allies, enemies, raids and scans), sauran.go (the attack
// on Sauran's stations with allies, and the notes to them), adapt.go (what
// hard does about raids, attacks and allies that never allied back, as
// its sheet shows them), raids.go (hard's raids on rivals' treasuries in
// the last turns), judge.go (the plan's moves judged by the turn's
// forecast), trips.go (a ship's trips as engine/journey plans them: the
// host's moves and pull, turn by turn) and names.go.
//
// Dark Lord Sauran's program is part of the turn itself (engine/turn).
package ai
