package app

import (
	"fmt"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// planetBelow says what the planet at loc has to load, as the sheet
// shows it: a planet's stock of ore, or a trading planet's price for each
// type ("" when there is no planet there, or its stock is unknown). The
// load-ore form shows it before the order is given, as the checker would
// tell after.
func planetBelow(r *rules.Rules, k *model.Knowledge, loc geom.Point) string {
	for i := range k.Trading {
		tp := &k.Trading[i]
		if tp.Planet.Loc != loc {
			continue
		}
		var each []string
		for ty, price := range tp.Prices.Ore {
			each = append(each, fmt.Sprintf("%d: %s", ty+1, num(r.BuyCost(1, price))))
		}
		return fmt.Sprintf("Trading planet %d sells ore at %d times its price, a unit of each type for %s credits.",
			tp.Planet.ID, r.Trade.BuyPriceFactor, strings.Join(each, ", "))
	}
	for i := range k.Planets {
		p := &k.Planets[i]
		if p.Loc != loc {
			continue
		}
		if p.Owner != k.Empire.Player {
			return fmt.Sprintf("Planet %d is not yours: its stock is not on your sheet.", p.ID)
		}
		return fmt.Sprintf("Planet %d has %s stockpiled.", p.ID, oreList(p.Stock))
	}
	return "There is no planet at the ship's place: there is nothing to load."
}
