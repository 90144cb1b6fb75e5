package turn

import (
	"testing"

	"silverfall/engine/order"
	"silverfall/engine/rules"
)

// The orders each ship type can give, as the window offers them.
func TestShipOrders(t *testing.T) {
	r := rules.Default()
	has := func(cs []order.Code, c order.Code) bool {
		for _, x := range cs {
			if x == c {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		typ     int
		armed   bool
		yes, no []order.Code
	}{
		{1, false, []order.Code{order.MO, order.CL, order.AB, order.LF, order.DO}, []order.Code{order.BS, order.ST, order.FI, order.WD, order.LO}}, // scout
		{9, false, []order.Code{order.DO, order.RE, order.WD, order.CL}, []order.Code{order.BS, order.LO, order.FI}},                               // small transport
		{13, true, []order.Code{order.BS, order.RE, order.LP, order.FI, order.CL}, []order.Code{order.MO, order.HD, order.DO}},                     // battle station
		{14, false, []order.Code{order.RF, order.LF}, []order.Code{order.RP}},                                                                      // small tanker
		{2, true, []order.Code{order.ST, order.PS, order.FI, order.BP, order.DF}, []order.Code{order.AB}},                                          // small fighter
		{2, false, nil, []order.Code{order.ST, order.PS, order.FI}},                                                                                // one with no fire left
	} {
		battle, general := ShipOrders(r, r.Ship(c.typ), c.armed)
		all := append(append([]order.Code(nil), battle...), general...)
		for _, y := range c.yes {
			if !has(all, y) {
				t.Errorf("type %d should offer %s", c.typ, y)
			}
		}
		for _, n := range c.no {
			if has(all, n) {
				t.Errorf("type %d should not offer %s", c.typ, n)
			}
		}
		for _, b := range battle {
			if b.Class() != order.BattleMovement {
				t.Errorf("%s is not a battle order", b)
			}
		}
	}
}
