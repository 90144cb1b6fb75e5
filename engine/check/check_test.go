package check

import (
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// Each rule has a case that passes and one that fails. want lists every
// finding, "E code @n" or "W code @n"; nothing else may be reported.
var cases = []struct {
	name   string
	orders []string
	want   []string
	edit   func(*model.Knowledge)
}{
	// Ownership and existence.
	{"own ship", []string{"CL 3"}, nil, nil},
	{"unknown ship", []string{"CL 99"}, []string{"E unknown-ship @0"}, nil},
	{"foreign ship", []string{"MO 500 1 1 1"}, []string{"E not-your-ship @0"}, nil},
	{"own planet", []string{"AD 10"}, nil, nil},
	{"foreign planet", []string{"AD 30"}, []string{"E not-your-planet @0"}, nil},
	{"unknown planet", []string{"DA 77"}, []string{"E unknown-planet @0"}, nil},
	{"all planets", []string{"AD 0", "DA 0"}, nil, nil},

	// One battle/movement order a ship; fleets.
	{"one battle order", []string{"MO 15 110 0 0", "CL 15"}, nil, nil},
	{"two battle orders", []string{"MO 7 210 50 0", "DF 7 0"}, []string{"E one-battle-order @1"}, nil},
	{"fleet order", []string{"FLEET DF 2 99"}, nil, nil},
	{"fleet order superseded by a ship's", []string{"FLEET DF 2 99", "DF 7 0"}, []string{"W fleet-none-can @0"}, nil},
	{"a ship's order wins over its fleet's", []string{"FLEET DF 1 99", "DF 9 0"}, []string{"N ship-orders-win @0"}, nil},
	{"unknown fleet", []string{"FLEET DF 9 99"}, []string{"E unknown-fleet @0"}, nil},
	{"two fleet orders", []string{"FLEET DF 2 99", "FLEET AB 2 99"}, []string{"E one-fleet-order @1"}, nil},
	{"fleet attacking an ally", []string{"FLEET EN 1 5 0 0 100"}, []string{"E attack-ally @0"}, nil},
	{"fleet warp too far", []string{"FLEET WD 1 400 0 0"}, []string{"E warp-range @0"}, nil},
	{"fleet firing at an ally", []string{"FLEET FI 2 501"}, []string{"E attack-ally @0"}, nil},
	{"fleet pursuing an ally", []string{"FLEET PS 2 501"}, []string{"E attack-ally @0"}, nil},
	{"fleet bombarding an ally", []string{"FLEET BP 2"}, []string{"E attack-ally @0"}, func(k *model.Knowledge) { k.ForeignPlanets[0].Owner = 5 }},
	{"fleet firing at an enemy", []string{"FLEET FI 2 500"}, nil, nil},

	// Capabilities.
	{"cloak", []string{"CL 1"}, nil, nil},
	{"cloak, then build", []string{"CL 1", "BS 1 1"}, []string{"N cloak-lost @1"}, nil},
	{"no cloak", []string{"CL 7"}, []string{"E no-cloak @0"}, nil},
	{"cloak range", []string{"CL 1 16"}, nil, nil},
	{"cloak range backwards", []string{"CL 9 2"}, []string{"E bad-range @0"}, nil},
	{"uncloak without a device", []string{"UC 7"}, []string{"W no-cloak @0"}, nil},
	{"warpdrive", []string{"WD 15 100 100 100"}, nil, nil},
	{"no warpdrive", []string{"WD 7 100 100 100"}, []string{"E no-warpdrive @0"}, nil},
	{"warpdrive too far", []string{"WD 15 300 200 0"}, []string{"E warp-range @0"}, nil},
	{"warpdrive into the black hole", []string{"WD 15 5 5 5"}, []string{"W black-hole @0"}, nil},
	{"warpdrive worn out", []string{"WD 13 100 100 100"}, []string{"W warp-defence @0"}, nil},
	{"warpdrive with defence to spare", []string{"WD 13 100 100 100"}, nil, func(k *model.Knowledge) { k.Ships[12].Defence = 6 }},
	{"warp to planet", []string{"WP 15 20"}, nil, nil},
	{"warp to far planet", []string{"WP 15 31"}, []string{"E warp-range @0"}, nil},
	{"hyperdrive", []string{"HD 7"}, nil, nil},
	{"hyperdrive battle station", []string{"HD 1"}, []string{"E hyperdrive-battle-station @0"}, nil},
	{"hyperdrive used", []string{"HD 16"}, []string{"E hyperdrive-used @0"}, nil},
	{"hyperdrive defence", []string{"HD 9"}, []string{"E hyperdrive-defence @0"},
		func(k *model.Knowledge) { k.Ships[8].Defence = 1 }},
	{"battle station cannot move", []string{"MO 1 0 100 0"}, []string{"E cannot-move @0"}, nil},
	{"strafe armed", []string{"ST 7 7 250 50 0"}, nil, nil},
	{"strafe unarmed", []string{"ST 4 7 300 50 0"}, []string{"E unarmed @0"}, nil},
	{"pursue", []string{"PS 7 500"}, nil, nil},
	{"pursue unarmed", []string{"PS 4 500"}, []string{"E unarmed @0"}, nil},
	{"pursue ally", []string{"PS 7 501"}, []string{"E attack-ally @0"}, nil},
	{"pursue own", []string{"PS 7 9"}, []string{"E pursue-own @0"}, nil},
	{"fire in range", []string{"FI 7 500"}, nil, nil},
	{"fire out of range", []string{"FI 7 502"}, []string{"W out-of-range @0"}, nil},
	{"fire at ally", []string{"FI 7 501"}, []string{"E attack-ally @0"}, nil},
	{"engage", []string{"EN 7 7 250 50 0"}, nil, nil},
	{"engage unarmed", []string{"EN 15 7 150 0 0"}, []string{"N unarmed-engage @0"}, nil},
	{"engage ally", []string{"EN 7 5 300 50 0"}, []string{"E attack-ally @0"}, nil},
	{"engage self", []string{"EN 7 3 300 50 0"}, []string{"E attack-self @0"}, nil},
	{"ambush", []string{"AB 15 0"}, []string{"W unarmed @0"}, nil},
	{"ambush without cloak", []string{"AB 7 0"}, []string{"E no-cloak @0"}, nil},
	{"defend armed", []string{"DF 7 99"}, nil, nil},
	{"defend unarmed", []string{"DF 4 99"}, []string{"W unarmed @0"}, nil},
	{"bombard", []string{"BP 7"}, nil, nil},
	{"bombard nothing", []string{"BP 16"}, []string{"E no-planet-here @0"}, nil},
	{"bombard own", []string{"BP 9"}, []string{"E bombard-own @0"}, nil},
	{"copy in range", []string{"CP 7 500"}, nil, nil},
	{"copy out of range", []string{"CP 7 502"}, []string{"E out-of-comm-range @0"}, nil},
	// A copy is checked as the copying ship's own order.
	{"copy a warp with warpdrive", []string{"WD 15 100 100 100", "CP 5 15"}, nil, nil},
	{"copy a warp without warpdrive", []string{"WD 15 100 100 100", "CP 9 15"}, []string{"E no-warpdrive @1"}, nil},
	{"copy a hyperjump after its own", []string{"HD 7", "CP 16 7"}, []string{"E hyperdrive-used @1"}, nil},
	{"copy a strafe unarmed", []string{"ST 7 7 250 50 0", "CP 2 7"}, []string{"E unarmed @1"}, nil},

	// Building.
	{"build", []string{"BS 1 8"}, nil, nil},
	{"only stations build", []string{"BS 7 8"}, []string{"E cannot-build @0"}, nil},
	{"station builds four", []string{"BS 1 1", "BS 1 1", "BS 1 1", "BS 1 1"}, nil, nil},
	{"station builds four at most", []string{"BS 1 1", "BS 1 1", "BS 1 1", "BS 1 1", "BS 1 1"}, []string{"E build-limit @4"}, nil},
	{"monitor builds two at most", []string{"BS 11 1", "BS 11 1", "BS 11 1"}, []string{"E build-limit @2"}, nil},
	{"build over trading planet", []string{"BS 1 1"}, []string{"E build-over-trading @0"},
		func(k *model.Knowledge) { k.Ships[0].Loc = market }},
	{"build over no planet", []string{"BS 1 1"}, []string{"E no-planet-here @0"},
		func(k *model.Knowledge) { k.Ships[0].Loc = nowhere }},
	{"build short of industry", []string{"BS 1 28", "BS 1 28", "BS 1 28"}, []string{"E industry-short @2"}, rich},
	{"build customised", []string{"BS 1 17 5 20"}, nil, nil},
	{"build with economist", []string{"BS 1 8"}, nil, func(k *model.Knowledge) { k.Empire.Credits = 90000 }},
	{"build short of credits", []string{"BS 1 8"}, []string{"E credits-short @0"}, func(k *model.Knowledge) { k.Empire.Credits = 89999 }},

	// Docking.
	{"dock", []string{"DO 3 5"}, nil, nil},
	{"dock into itself", []string{"DO 3 3"}, []string{"E dock-self @0"}, nil},
	{"dock into a foreign ship", []string{"DO 7 501"}, []string{"E dock-foreign @0"}, nil},
	{"dock far away", []string{"DO 7 5"}, []string{"E not-together @0"}, nil},
	{"dock into a non-carrier", []string{"DO 3 4"}, []string{"E cannot-carry @0"}, nil},
	{"dock too big", []string{"DO 12 5"}, []string{"E dock-capacity @0"}, nil},
	{"dock fills up", []string{"DO 2 5", "DO 3 5", "DO 15 5", "DO 13 5"}, []string{"E dock-capacity @3"}, nil},
	{"dock nesting", []string{"DO 5 14"}, []string{"E dock-nesting @0"}, nil},
	{"docked ship cannot move", []string{"MO 6 1 1 1"}, []string{"E docked @0"}, nil},
	{"released ship can move", []string{"RE 5 6", "MO 6 110 0 0"}, nil, nil},
	{"release all", []string{"RE 5 0", "MO 6 110 0 0"}, nil, nil},
	{"docking stops later orders", []string{"DO 3 5", "CL 3"}, []string{"E docked @1"}, nil},
	{"release what is not docked", []string{"RE 5 3"}, []string{"E not-docked-here @0"}, nil},
	{"release from an empty ship", []string{"RE 14 0"}, []string{"W nothing-docked @0"}, nil},
	{"docked ship acts in phase 1", []string{"LF 6 0"}, nil, nil},

	// Cargo.
	{"load ore", []string{"LO 2 1 50"}, nil, nil},
	{"load ore over capacity", []string{"LO 2 1 251"}, []string{"E cargo-full @0"}, nil},
	{"load ore to the brim", []string{"LO 2 1 250"}, []string{"W planet-short @0"}, nil},
	{"load needs cargo space", []string{"LO 7 1 1"}, []string{"E no-cargo-space @0"}, nil},
	{"load away from planets", []string{"LO 2 1 1"}, []string{"E no-planet-here @0"}, func(k *model.Knowledge) { k.Ships[1].Loc = nowhere }},
	{"mixed loads share space", []string{"LO 2 1 100", "LO 2 3 16"}, []string{"E cargo-full @1"}, nil},
	{"unload ore", []string{"UL 2 1 50"}, nil, nil},
	{"unload more than aboard", []string{"UL 2 1 51"}, []string{"E cargo-short @0"}, nil},
	{"unload nothing", []string{"UL 2 2 0"}, []string{"W nothing-to-unload @0"}, nil},
	{"unload then load", []string{"UL 2 1 0", "LO 2 1 160"}, []string{"W planet-short @1"}, nil},
	{"load from an empty stockpile", []string{"LO 2 3 0"}, []string{"E planet-empty @0"}, nil},
	{"load what was unloaded", []string{"UL 2 1 50", "LO 2 1 140"}, nil, nil},
	{"two loads share the stockpile", []string{"LO 2 2 50", "LO 9 2 1"}, []string{"E no-cargo-space @1"}, nil},
	{"two loads empty the stockpile", []string{"LO 2 2 30", "LO 2 2 30"}, []string{"W planet-short @1"}, func(k *model.Knowledge) { k.Ships[1].Cargo = model.Ore{} }},
	{"the second load finds nothing", []string{"LO 2 2 50", "LO 2 2 1"}, []string{"E planet-empty @1"}, func(k *model.Knowledge) { k.Ships[1].Cargo = model.Ore{} }},

	// Fuel.
	{"load fuel", []string{"LF 2 200"}, nil, nil},
	{"load fuel over capacity", []string{"LF 2 201"}, []string{"E fuel-full @0"}, nil},
	{"load fuel for a range", []string{"LF 2 0 5"}, nil, nil},
	{"ship without a tank", []string{"LF 1 10"}, []string{"E no-fuel-tank @0"}, nil},
	{"unload fuel", []string{"UF 2 100"}, nil, nil},
	{"unload more fuel than aboard", []string{"UF 2 101"}, []string{"E fuel-short @0"}, nil},
	{"refuel", []string{"RF 4 3 100"}, nil, nil},
	{"refuel by a non-tanker", []string{"RF 2 3 10"}, []string{"E cannot-refuel @0"}, nil},
	{"refuel beyond the tank", []string{"RF 4 9 101"}, []string{"E fuel-full @0"}, nil},
	{"refuel more than held", []string{"RF 4 2 301"}, []string{"E fuel-short @0"}, func(k *model.Knowledge) { k.Ships[1].Fuel = 0 }},
	{"refuel far away", []string{"RF 4 7 10"}, []string{"E not-together @0"}, nil},
	{"fuel then move", []string{"LF 3 50", "MO 3 140 0 0"}, nil, nil},
	{"two ships share the planet's fuel", []string{"LF 2 100", "LF 4 300"}, nil, nil},
	{"the planet's fuel runs out", []string{"LF 2 100", "LF 4 300", "LF 15 100"}, []string{"E planet-empty @2"}, func(k *model.Knowledge) { k.Planets[0].Fuel = 400 }},
	{"a move on fuel that is not there", []string{"LF 2 100", "LF 3 50", "MO 3 140 0 0"}, []string{"E planet-empty @1", "E no-fuel @2"}, func(k *model.Knowledge) { k.Planets[0].Fuel = 100 }},
	{"a long journey", []string{"LF 3 0", "MO 3 -100 -250 0"}, []string{"N takes-turns @1"}, nil},
	{"a journey beyond the fuel", []string{"LF 3 100", "MO 3 -400 0 0"}, []string{"W black-hole @1"}, nil},
	{"a journey beyond the fuel, clear of Silverfall", []string{"LF 3 100", "MO 3 100 300 0"}, []string{"W fuel-runs-out @1"}, nil},
	{"a course ending 20 from Silverfall", []string{"LF 3 0", "MO 3 20 0 0"}, []string{"W black-hole @1"}, nil},
	{"a course ending 21 from Silverfall", []string{"LF 3 0", "MO 3 21 0 0"}, nil, nil},
	{"move without fuel", []string{"MO 3 140 0 0"}, []string{"E no-fuel @0"}, nil},
	{"move short of fuel", []string{"LF 3 10", "MO 3 140 0 0"}, []string{"W fuel-short @1"}, nil},
	{"move into the black hole", []string{"MO 7 10 0 0"}, []string{"W fuel-runs-out @0", "W black-hole @0"}, nil},
	{"a later turn's move ends by the black hole", []string{"MO 16 300 0 0"}, []string{"W falls-in @0"}, func(k *model.Knowledge) { k.Ships[15].Fuel = 600 }},
	{"move past the black hole", []string{"MO 16 300 60 0"}, []string{"N takes-turns @0"}, func(k *model.Knowledge) { k.Ships[15].Fuel = 700 }},
	{"the game ends on the way", []string{"MO 16 300 60 0"}, []string{"W game-ends-first @0"}, func(k *model.Knowledge) { k.Ships[15].Fuel, k.Turn = 700, 23 }},
	{"the target planet falls in first", []string{"MP 16 32"}, []string{"W target-falls-in @0"}, func(k *model.Knowledge) {
		k.Ships[15].Fuel, k.Turn = 700, 18
		k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 32, Loc: geom.Point{X: 40}})
	}},
	{"the target planet before it falls in", []string{"MP 16 32"}, []string{"N takes-turns @0"}, func(k *model.Knowledge) {
		k.Ships[15].Fuel, k.Turn = 700, 10
		k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: 32, Loc: geom.Point{Y: 45}})
	}},
	{"move to a known planet", []string{"MP 7 30"}, nil, nil},
	{"move to an unknown planet", []string{"MP 7 77"}, []string{"W unknown-planet @0"}, nil},

	// Repairs.
	{"repair", []string{"RP 8 9"}, nil, nil},
	{"repair by a non-repairer", []string{"RP 7 9"}, []string{"E cannot-repair @0"}, nil},
	{"repair one a turn", []string{"RP 8 9", "RP 8 12"}, []string{"E one-repair @1"}, nil},
	{"repair the unrepairable", []string{"RP 8 1"}, []string{"E unrepairable @0"}, nil},
	{"repair the undamaged", []string{"RP 8 12"}, []string{"W nothing-to-repair @0"}, nil},
	{"repair costs", []string{"RP 8 9"}, []string{"E credits-short @0"}, func(k *model.Knowledge) { k.Empire.Credits = 6999 }},

	// Population.
	{"load population", []string{"LP 14 400"}, nil, nil},
	{"population taken, then a mine", []string{"LP 14 400", "SM 10 3"}, []string{"E mine-population @1"}, func(k *model.Knowledge) { k.Planets[0].Population = 5200 }},
	{"population taken, then defence units", []string{"LP 14 400", "BU 10 1"}, []string{"E pdu-population @1"}, func(k *model.Knowledge) { k.Planets[0].Population = 5200 }},
	{"population brought, then a mine", []string{"UP 14 100", "SM 10 3"}, nil, func(k *model.Knowledge) { k.Planets[0].Population = 4900 }},
	{"load population beyond room", []string{"LP 14 401"}, []string{"E population-full @0"}, nil},
	{"carry population without room", []string{"LP 7 10"}, []string{"E cannot-carry-population @0"}, nil},
	{"unload population", []string{"UP 14 100"}, nil, nil},
	{"unload population not aboard", []string{"UP 14 101"}, []string{"E population-short @0"}, nil},
	{"unload population beyond the cap", []string{"UP 14 100"}, []string{"W planet-full @0"}, func(k *model.Knowledge) { k.Planets[0].Population = 49950 }},
	{"unload population up to the cap", []string{"UP 14 50"}, nil, func(k *model.Knowledge) { k.Planets[0].Population = 49950 }},

	// Officers and artifacts.
	{"officer to planet", []string{"TO 1"}, nil, nil},
	{"officer between ships", []string{"TO 1 9"}, nil, nil},
	{"officer to a foreign ship", []string{"TO 1 501"}, []string{"E not-your-ship @0"}, nil},
	{"officer swap with nobody", []string{"TO 9 12"}, []string{"W nothing-to-transfer @0"}, nil},
	{"ring to a castle", []string{"TA 12"}, nil, nil},
	{"ring passed on from a castle", []string{"TA 12", "TA 12 9"}, []string{"E ring-needs-castle @1"}, nil},
	{"artifact placed on a defended planet", []string{"TA 7"}, nil, func(k *model.Knowledge) { k.Ships[6].Artifact, k.ForeignPlanets[0].DefenceUnits = 901, 5 }},
	{"ring needs a castle", []string{"TA 9"}, []string{"E ring-needs-castle @0"}, nil},
	{"practice", []string{"PR 1 10 9"}, nil, nil},
	{"practice without officers", []string{"PR 2 1"}, []string{"W no-officers @0"}, nil},
	{"practice twice", []string{"PR 1 10", "PR 1 9"}, []string{"E one-practice @1"}, nil},

	// Planets: mines, defence units, artifacts.
	{"start mine", []string{"SM 10 3"}, nil, nil},
	{"third mine", []string{"SM 10 3", "SM 10 1"}, []string{"E mine-limit @1"}, nil},
	{"mine without ore", []string{"SM 10 2"}, []string{"E mine-no-ore @0"}, nil},
	{"mine without population", []string{"SM 11 1"}, []string{"E mine-population @0"}, nil},
	{"mine on a foreign planet", []string{"SM 30 1"}, nil, nil},
	{"defence units", []string{"BU 10 5"}, nil, nil},
	{"defence units a turn", []string{"BU 10 4", "BU 10 7"}, []string{"E pdu-turn-limit @1"}, func(k *model.Knowledge) { k.Planets[0].DefenceUnits = 0 }},
	{"defence units a planet", []string{"BU 10 6"}, []string{"E pdu-planet-limit @0"}, nil},
	{"defence units need population", []string{"BU 11 1"}, []string{"E pdu-population @0"}, nil},
	{"defence units need industry", []string{"BU 10 5"}, []string{"E industry-short @0"}, func(k *model.Knowledge) { k.Planets[0].Industry = 499 }},
	{"activate nothing", []string{"AD 11"}, []string{"W no-defence-units @0"}, nil},
	{"find artifact", []string{"FA 10"}, nil, func(k *model.Knowledge) { k.Planets[0].Artifact = 0 }},
	{"find artifact where one is held", []string{"FA 10"}, []string{"E holds-artifact @0"}, nil},
	{"find artifact once it is taken aboard", []string{"TA 12", "FA 10"}, nil, nil},
	{"find artifact hopeless", []string{"FA 11"}, []string{"W no-chance @0"}, func(k *model.Knowledge) { k.Planets[1].Population = 300 }},

	// Empire.
	{"scan ship", []string{"SS 500"}, nil, nil},
	{"scan two ships", []string{"SS 500", "SS 501"}, []string{"E one-ship-scan @1"}, nil},
	{"scan two planets", []string{"SP 30", "SP 31"}, []string{"E one-planet-scan @1"}, nil},
	{"scan player", []string{"SR 7"}, nil, nil},
	{"scan player twice", []string{"SR 7", "SR 8"}, []string{"W unknown-player @1"}, nil},
	{"scan player three times", []string{"SR 7", "SR 8", "SR 9"}, []string{"W unknown-player @1", "E interceptors-short @2"}, nil},
	{"scan a player the sheet does not show", []string{"SR 12"}, []string{"W unknown-player @0"}, nil},
	{"scan Sauran early", []string{"SR 99"}, []string{"W sauran-scan-early @0"}, nil},
	{"scan self", []string{"SR 3"}, []string{"E scan-self @0"}, nil},
	{"interceptors", []string{"PI 45"}, nil, nil},
	{"interceptors over 90", []string{"PI 71"}, []string{"E interceptor-limit @0"}, rich},
	{"interceptors pay for a scan", []string{"PI 5", "SR 7", "SR 8"}, []string{"W unknown-player @2"}, func(k *model.Knowledge) { k.Empire.Interceptors, k.Empire.Credits = 15, 110000 }},
	{"add ally", []string{"AA 8"}, nil, nil},
	{"add two allies", []string{"AA 8", "AA 9"}, []string{"E ally-change-limit @1"}, nil},
	{"four allies", []string{"AA 8"}, []string{"E ally-limit @0"}, func(k *model.Knowledge) { k.Empire.Allies = []int{5, 6, 7} }},
	{"swap an ally", []string{"AA 8", "BA 5"}, nil, func(k *model.Knowledge) { k.Empire.Allies = []int{5, 6, 7} }},
	{"break no alliance", []string{"BA 8"}, []string{"E not-ally @0"}, nil},
	{"declare enemy", []string{"DE 99"}, nil, nil},
	{"declare two enemies", []string{"DE 99", "DE 7"}, []string{"E enemy-change-limit @1"}, nil},
	{"forgive no enemy", []string{"FE 7"}, []string{"E not-enemy @0"}, nil},
	{"forgive", []string{"FE 6"}, nil, nil},

	// Names, gifts, broadcast.
	{"name ship", []string{"NAME SHIP 7 Arrow"}, nil, nil},
	{"name ship twice", []string{"NAME SHIP 7 Arrow", "NAME SHIP 7 Bow"}, []string{"E named-twice @1"}, nil},
	{"rename planet", []string{"NAME PLANET 11 New Home"}, []string{"E already-named @0"}, nil},
	{"name foreign ship", []string{"NAME SHIP 500 Mine Now"}, []string{"E not-your-ship @0"}, nil},
	{"name officer", []string{"NAME OFFICER 1 Ada"}, nil, nil},
	{"rename officer", []string{"NAME OFFICER 2 Ada"}, []string{"E already-named @0"}, nil},
	{"gift ship", []string{"GIFT SHIP 7 5"}, nil, nil},
	{"gift too early", []string{"GIFT SHIP 7 5"}, []string{"E gift-too-early @0"}, func(k *model.Knowledge) { k.Turn = 3 }},
	{"gift from turn 5", []string{"GIFT SHIP 7 5"}, nil, func(k *model.Knowledge) { k.Turn = 4 }},
	{"gift two ships", []string{"GIFT SHIP 7 5", "GIFT SHIP 9 5"}, []string{"E gift-limit @1"}, nil},
	{"gift a carrier", []string{"GIFT SHIP 5 5"}, []string{"E gift-docked @0"}, nil},
	{"gift to self", []string{"GIFT PLANET 10 3"}, []string{"E gift-self @0"}, nil},
	{"gift planet", []string{"GIFT PLANET 10 5", "GIFT SHIP 7 5"}, nil, nil},
	{"orders to a ship gifted away", []string{"GIFT SHIP 7 5", "MO 7 0 0 0"}, []string{"E not-your-ship @1"}, nil},
	{"orders to a planet gifted away", []string{"GIFT PLANET 10 5", "BU 10 1"}, []string{"E not-your-planet @1"}, nil},
	{"broadcast", []string{"BROADCAST a", "BROADCAST b", "BROADCAST c"}, nil, nil},
	{"broadcast too long", []string{"BROADCAST a", "BROADCAST b", "BROADCAST c", "BROADCAST d"}, []string{"E broadcast-lines @3"}, nil},

	// Money in execution order, with the turn's sales.
	{"spending within credits", []string{"PI 20", "BU 10 5", "SM 10 3"}, nil, func(k *model.Knowledge) { k.Empire.Credits = 50000 }},
	{"spending beyond credits", []string{"PI 20", "BU 10 5", "SM 10 3"}, []string{"E credits-short @0"}, func(k *model.Knowledge) { k.Empire.Credits = 49999 }},
	{"sales cover spending", []string{"UL 10 3 20", "BU 10 1"}, []string{"W credits-need-sales @1"}, func(k *model.Knowledge) { k.Empire.Credits = 0 }},
	{"sales fall short", []string{"UL 10 3 10", "BU 10 1"}, []string{"E credits-short @1"}, func(k *model.Knowledge) { k.Empire.Credits = 0 }},
	{"buying at a trading planet", []string{"LO 10 1 100"}, []string{"E credits-short @0"}, func(k *model.Knowledge) { k.Empire.Credits = 3999 }},
	{"a refused build spends nothing", []string{"BS 1 10", "BS 1 13", "BS 1 17 3 7"}, []string{"E credits-short @1"}, nil},
	{"a refused purchase spends nothing", []string{"PI 91", "PI 40"}, []string{"E interceptor-limit @0"}, nil},
}

func rich(k *model.Knowledge) { k.Empire.Credits = 1000000 }

func TestRules(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := fixture()
			if c.edit != nil {
				c.edit(k)
			}
			got := runCheck(t, k, c.orders...)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("orders %q:\n got %q\nwant %q", c.orders, got, c.want)
			}
		})
	}
}

// TestEveryRuleFails makes sure each diagnostic code of the checker is
// produced by at least one failing case above.
func TestEveryRuleFails(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range cases {
		for _, w := range c.want {
			seen[strings.Fields(w)[1]] = true
		}
	}
	for _, code := range []string{
		"unknown-ship", "not-your-ship", "not-your-planet", "unknown-planet", "one-battle-order", "one-fleet-order",
		"unknown-fleet", "fleet-none-can", "no-cloak", "bad-range", "no-warpdrive", "warp-range", "black-hole",
		"warp-defence", "hyperdrive-battle-station", "hyperdrive-used", "hyperdrive-defence", "cannot-move",
		"unarmed", "attack-ally", "attack-self", "pursue-own", "out-of-range", "no-planet-here", "bombard-own",
		"out-of-comm-range", "cannot-build", "build-limit", "build-over-trading", "industry-short", "credits-short",
		"credits-need-sales", "dock-self", "dock-foreign", "not-together", "cannot-carry", "dock-capacity",
		"dock-nesting", "docked", "not-docked-here", "nothing-docked", "cargo-full", "no-cargo-space", "cargo-short",
		"nothing-to-unload", "planet-short", "fuel-full", "no-fuel-tank", "fuel-short", "cannot-refuel", "no-fuel",
		"unknown-planet", "cannot-repair", "one-repair", "unrepairable", "nothing-to-repair", "population-full",
		"cannot-carry-population", "population-short", "nothing-to-transfer", "ring-needs-castle", "no-officers",
		"one-practice", "mine-limit", "mine-no-ore", "mine-population", "pdu-turn-limit", "pdu-planet-limit",
		"pdu-population", "no-defence-units", "no-chance", "one-ship-scan", "one-planet-scan", "interceptors-short",
		"sauran-scan-early", "scan-self", "interceptor-limit", "ally-change-limit", "ally-limit", "not-ally",
		"enemy-change-limit", "not-enemy", "named-twice", "already-named", "gift-too-early", "gift-limit",
		"gift-docked", "gift-self", "broadcast-lines", "planet-empty", "fuel-runs-out", "takes-turns", "falls-in", "target-falls-in", "game-ends-first", "ship-orders-win", "cloak-lost", "unarmed-engage",
	} {
		if !seen[code] {
			t.Errorf("no failing case for %s", code)
		}
	}
}

func TestDiagnosticsAreStable(t *testing.T) {
	lines := []string{"SS 500", "BS 7 8", "SS 501", "MO 3 1 1 1", "PI 99", "DO 3 3"}
	first := runCheck(t, fixture(), lines...)
	for i := 0; i < 20; i++ {
		if got := runCheck(t, fixture(), lines...); !reflect.DeepEqual(got, first) {
			t.Fatalf("run %d: %q, first %q", i, got, first)
		}
	}
	for i := 1; i < len(first); i++ {
		if first[i][strings.Index(first[i], "@"):] < first[i-1][strings.Index(first[i-1], "@"):] {
			t.Errorf("diagnostics not in order: %q", first)
		}
	}
}

func TestMessagesNameTheRule(t *testing.T) {
	o, _ := order.Parse("LO 2 1 251")
	d := New(rules.Default(), fixture()).Check([]order.Order{o})
	if len(d) != 1 || !strings.Contains(d[0].Message, "room for 250 more units of ore type 1") {
		t.Fatalf("got %v", d)
	}
	o, _ = order.Parse("BS 1 8")
	k := fixture()
	k.Empire.Credits = 1000
	d = New(rules.Default(), k).Check([]order.Order{o})
	if len(d) != 1 || !strings.Contains(d[0].Message, "costs 90,000 credits but only 1,000 are left") {
		t.Fatalf("got %v", d)
	}
}

// TestFleetNoteAgrees: the note on ships whose own orders win over their
// fleet's agrees in number with the ships it names.
func TestFleetNoteAgrees(t *testing.T) {
	for _, c := range []struct {
		orders []string
		want   string
	}{
		{[]string{"FLEET DF 1 99", "DF 9 0"}, "ship 9 of fleet 1 has an order of its own this turn, which it carries out instead of the fleet's"},
		{[]string{"FLEET DF 1 99", "DF 9 0", "DF 11 0"}, "ships 9 and 11 of fleet 1 have orders of their own this turn, which they carry out instead of the fleet's"},
		{[]string{"FLEET DF 1 99", "DF 9 0", "DF 11 0", "DF 12 0"}, "ships 9, 11 and 12 of fleet 1 have orders"},
	} {
		var os []order.Order
		for _, l := range c.orders {
			o, err := order.Parse(l)
			if err != nil {
				t.Fatal(err)
			}
			os = append(os, o)
		}
		var notes []string
		for _, d := range New(rules.Default(), fixture()).Check(os) {
			if d.Code == "ship-orders-win" {
				notes = append(notes, d.Message)
			}
		}
		if len(notes) != 1 || !strings.HasPrefix(notes[0], c.want) {
			t.Errorf("%q: %q, want %q", c.orders, notes, c.want)
		}
	}
}
