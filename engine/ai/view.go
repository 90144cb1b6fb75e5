package ai

import (
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// view answers what the empire's sheet shows: whose planet is at a place,
// whether it is known to be dry, what of ours, an ally's or Sauran's is
// near, what last turn's raids brought back. It reads the plan's copy of
// the sheet and the empire's planets by place, and keeps only the allies'
// places it gathers on first use.
type view struct {
	r   *rules.Rules
	k   *model.Knowledge
	lv  *Level
	own map[geom.Point]*model.Planet // the empire's planets by place

	allies *nearSet // the places of allies' ships, for allyNear (made on first use)
}

// onPlanet reports whether a planet the sheet shows is at loc.
func (v *view) onPlanet(loc geom.Point) bool {
	if v.own[loc] != nil {
		return true
	}
	for i := range v.k.ForeignPlanets {
		if v.k.ForeignPlanets[i].Loc == loc {
			return true
		}
	}
	return false
}

// knownDry reports whether the planet at loc is the one scanned last
// turn and held no fuel then (of other planets the fuel is unknown).
func (v *view) knownDry(loc geom.Point) bool {
	sp := v.k.ScannedPlanet
	return sp != nil && sp.Loc == loc && sp.Fuel == 0
}

// unowned reports whether a planet no one holds is at loc (a ship above
// it takes it at the end of the turn).
func (v *view) unowned(loc geom.Point) bool {
	for i := range v.k.ForeignPlanets {
		if fp := &v.k.ForeignPlanets[i]; fp.Loc == loc && fp.Owner == 0 {
			return true
		}
	}
	return false
}

// ownWithin counts the planets of ours and of allies within n of loc:
// FP does not go to them.
func (v *view) ownWithin(loc geom.Point, n int) int {
	c := 0
	for i := range v.k.Planets {
		if v.k.Planets[i].Loc.Within(loc, n) {
			c++
		}
	}
	for i := range v.k.ForeignPlanets {
		if fp := &v.k.ForeignPlanets[i]; fp.Owner != 0 && v.k.Empire.HasAlly(fp.Owner) && fp.Loc.Within(loc, n) {
			c++
		}
	}
	return c
}

// fuelAtStart is the fuel a ship of ours has at the start of the turn.
func (v *view) fuelAtStart(id int) int {
	for i := range v.k.Ships {
		if v.k.Ships[i].ID == id {
			return v.k.Ships[i].Fuel
		}
	}
	return 0
}

// allyNear reports whether a ship of an ally is within the level's reach
// of a joint attack of loc.
func (v *view) allyNear(loc geom.Point) bool {
	if v.allies == nil {
		v.allies = newNearSet(v.lv.JointRadius)
		for _, o := range v.k.ForeignShips {
			if v.k.Empire.HasAlly(o.Owner) {
				v.allies.add(o.Loc)
			}
		}
	}
	return v.allies.near(loc)
}

// isStation reports whether a ship the sheet shows is one of Sauran's
// battle stations.
func (v *view) isStation(s *model.Ship) bool {
	return s.Owner == v.r.Game.PlayerSauran && s.Type == rules.TypeBattleStation
}

// seenStations are the stations of Sauran the empire's own sheet shows:
// those in sight, and those of last turn's scan of his fleet.
func (v *view) seenStations() []geom.Point {
	var out []geom.Point
	for i := range v.k.ForeignShips {
		if s := &v.k.ForeignShips[i]; v.isStation(s) {
			out = append(out, s.Loc)
		}
	}
	if v.k.ScannedPlayerID == v.r.Game.PlayerSauran {
		for i := range v.k.ScannedPlayer {
			if s := v.k.ScannedPlayer[i]; s.Type == rules.TypeBattleStation {
				out = append(out, s.Loc)
			}
		}
	}
	return out
}

// sees reports whether a ship of ours (undocked) is within its sight of
// loc: a station there would show on the sheet.
func (v *view) sees(loc geom.Point) bool {
	for i := range v.k.Ships {
		s := &v.k.Ships[i]
		if st := v.r.Ship(s.Type); s.Inside == 0 && st != nil && st.CommRange.OK && s.Loc.Within(loc, st.CommRange.N) {
			return true
		}
	}
	return false
}

// allyArmedNear reports whether the sheet shows an armed ship of an ally
// within n of loc.
func (v *view) allyArmedNear(loc geom.Point, n int) bool {
	for i := range v.k.ForeignShips {
		o := &v.k.ForeignShips[i]
		if st := v.r.Ship(o.Type); st != nil && st.Armed() && v.k.Empire.HasAlly(o.Owner) && o.Loc.Within(loc, n) {
			return true
		}
	}
	return false
}

// raidGain is what the empire's raiders brought back last turn.
func (v *view) raidGain() int {
	n := 0
	for _, l := range v.k.Credit.Lines {
		if l.What == "Raids" && l.Amount > 0 {
			n += l.Amount
		}
	}
	return n
}
