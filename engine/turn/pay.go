package turn

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Pay is what the end of a turn takes from an empire for its ships and
// interceptors: a fleet's upkeep for every place its ships are at (the
// ships at one place are one fleet, those docked inside a carrier
// included), each ship's crew pay and each interceptor's pay. The host's
// end of turn pays it and the computer players plan with it: the rule is
// written here once.
type Pay struct {
	Fleets, Crew, Interceptors int // credits, by kind
}

// Total is the whole of the pay.
func (p Pay) Total() int { return p.Fleets + p.Crew + p.Interceptors }

// PayTally adds up the end of turn's pay of every empire from their ships,
// in any order; the zero value is ready to use.
type PayTally struct {
	places map[payPlace]bool
	fleets map[int]int
	crew   map[int]int
}

type payPlace struct {
	owner int
	loc   geom.Point
}

// Add counts ship s for its owner.
func (t *PayTally) Add(r *rules.Rules, s *model.Ship) { t.addAs(r, s.Owner, s) }

func (t *PayTally) addAs(r *rules.Rules, owner int, s *model.Ship) {
	if t.places == nil {
		t.places, t.fleets, t.crew = map[payPlace]bool{}, map[int]int{}, map[int]int{}
	}
	if k := (payPlace{owner, s.Loc}); !t.places[k] {
		t.places[k] = true
		t.fleets[owner]++
	}
	if st := r.Ship(s.Type); st != nil {
		t.crew[owner] += r.CrewPay(st)
	}
}

// Of is the pay of player's empire, which holds interceptors.
func (t *PayTally) Of(r *rules.Rules, player, interceptors int) Pay {
	return Pay{Fleets: t.fleets[player] * r.Upkeep.Fleet, Crew: t.crew[player],
		Interceptors: interceptors * r.Interceptors.PayPerTurn}
}

// ShipsPay is the end of turn's pay of one empire whose ships are where
// ships says (a sheet's own ships: their owner is not read), with
// interceptors held.
func ShipsPay(r *rules.Rules, ships []model.Ship, interceptors int) Pay {
	var t PayTally
	for i := range ships {
		t.addAs(r, 0, &ships[i])
	}
	return t.Of(r, 0, interceptors)
}

// PlanetTax is what the end of a turn's tax brings the owner of planet p:
// its industry; a trading planet pays none.
func PlanetTax(p *model.Planet) int {
	if p.Kind == model.Trading {
		return 0
	}
	return p.Industry
}

// Tax is the tax of one empire's planets (a sheet's own planets).
func Tax(planets []model.Planet) int {
	n := 0
	for i := range planets {
		n += PlanetTax(&planets[i])
	}
	return n
}

// AlonePay is the end of turn's pay for one ship of type st that is a
// fleet of its own: a fleet's upkeep and its crew's pay.
func AlonePay(r *rules.Rules, st *rules.ShipType) int {
	return ShipsPay(r, []model.Ship{{Type: st.ID}}, 0).Total()
}
