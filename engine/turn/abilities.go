package turn

import (
	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// ShipOrders lists the orders a ship of type t can give, battle and
// movement orders first, then general ones, in the order codes' own order.
// armed says whether the ship has fire units left. The window offers these
// and no others; the turn refuses the rest when it carries them out.
func ShipOrders(r *rules.Rules, t *rules.ShipType, armed bool) (battle, general []order.Code) {
	if t == nil {
		return nil, nil
	}
	for _, c := range order.Codes() {
		if !ShipCanGive(r, t, armed, c) {
			continue
		}
		if c.Class() == order.BattleMovement {
			battle = append(battle, c)
		} else {
			general = append(general, c)
		}
	}
	return battle, general
}

// ShipCanGive reports whether a ship of type t can give order c at all.
func ShipCanGive(r *rules.Rules, t *rules.ShipType, armed bool, c order.Code) bool {
	canArmed := armed && t.Armed()
	switch c {
	case order.MO, order.MP, order.FP, order.EN, order.EP, order.CP:
		return t.CanMove()
	case order.ST, order.SL, order.PS:
		return t.CanMove() && canArmed
	case order.FI, order.BP, order.DF:
		return canArmed
	case order.AB, order.CL, order.UC:
		return t.Cloak
	case order.WD, order.WP:
		return t.Warpdrive
	case order.HD:
		return t.ID != rules.TypeBattleStation
	case order.BS:
		return r.Builds(t.ID) > 0
	case order.DO:
		return t.Size <= largestCarrier(r)
	case order.RE:
		return t.CarriesSize > 0
	case order.LO, order.UL:
		return t.CarriesCargo()
	case order.LF, order.UF:
		return t.MaxFuel.OK
	case order.RF:
		return t.Refuels
	case order.RP:
		return t.Repairs
	case order.LP, order.UP:
		return t.Population > 0
	case order.TO, order.TA, order.NameShip, order.GiftShip:
		return true
	}
	return false
}

// largestCarrier is the largest total size any ship type carries: a ship
// larger than that can never dock.
func largestCarrier(r *rules.Rules) int {
	n := 0
	for i := range r.Ships {
		n = max(n, r.Ships[i].CarriesSize)
	}
	return n
}
