package ai

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/journey"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// Joint attacks at Sauran's battle stations.
//
// A computer empire learns where his stations are as a player does: from a
// station its ships see, from a scan of his whole fleet (SR), or from an
// ally. The engine carries no personal messages (the book's go on paper,
// outside the game), so allies tell each other by the general broadcast,
// naming the sender as the book asks; every empire's own line comes back on
// its next sheet, which is also how it remembers the target from turn to
// turn. Allies pick the same station (the one nearest Silverfall of those
// named); their strike wings meet beside it and, once the pull of
// Silverfall has drawn his guards off (level data station_from_turn),
// engage it together. docs/choices.md says why.

// stationNote is a broadcast line about one of Sauran's stations, as the
// computer writes and reads it: who sends it, where the station is, and
// whether it is gone (destroyed).
type stationNote struct {
	from int
	at   geom.Point
	gone bool
}

const (
	notePrefix = "Empire "
	noteTo     = " to allies: Sauran's station at "
	noteGone   = " gone"
)

// String is the note as a broadcast line: at most 60 characters for any
// player number up to 99 and any point within the map.
func (n stationNote) String() string {
	s := fmt.Sprintf("%s%d%s%d,%d,%d", notePrefix, n.from, noteTo, n.at.X, n.at.Y, n.at.Z)
	if n.gone {
		s += noteGone
	}
	return s
}

// parseNote reads a broadcast line written by String. Anything else (a
// player's own words, a line in another form, figures out of bounds) is
// not a note: ok is false. The text is data only.
func parseNote(line string, bound int) (n stationNote, ok bool) {
	if len(line) > 80 || !strings.HasPrefix(line, notePrefix) {
		return n, false
	}
	rest := line[len(notePrefix):]
	i := strings.Index(rest, noteTo)
	if i < 1 || i > 2 {
		return n, false
	}
	from, err := strconv.Atoi(rest[:i])
	if err != nil || from < 1 || rest[0] == '+' || rest[0] == '-' {
		return n, false
	}
	rest = rest[i+len(noteTo):]
	if strings.HasSuffix(rest, noteGone) {
		n.gone = true
		rest = strings.TrimSuffix(rest, noteGone)
	}
	parts := strings.Split(rest, ",")
	if len(parts) != 3 {
		return n, false
	}
	var xyz [3]int
	for j, s := range parts {
		if len(s) == 0 || len(s) > 5 || s[0] == '+' {
			return n, false
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < -bound || v > bound {
			return n, false
		}
		xyz[j] = v
	}
	n.from, n.at = from, geom.Point{X: xyz[0], Y: xyz[1], Z: xyz[2]}
	return n, true
}

// stationPlan is what the empire knows of Sauran's stations this turn and
// the one its warships go for with its allies.
type stationPlan struct {
	target geom.Point
	ok     bool
}

// planStations works out the station the strike wing goes for with the
// allies this turn and broadcasts it (and any named station it finds
// gone). It reads its allies' notes and its own of last turn, and what its
// sheet shows.
func (p *planner) planStations() {
	lv := p.lv
	if !lv.StationAttacks || len(p.k.Empire.Allies) == 0 || p.turn < lv.StationFrom-lv.StationReach ||
		p.turn > p.r.Game.ExpectedLastTurn {
		return
	}
	friends := map[int]bool{p.me: true}
	for _, a := range p.k.Empire.Allies {
		friends[a] = true
	}
	seen := p.vw.seenStations()
	bound := p.r.Game.MapRadius + 200
	gone := map[geom.Point]bool{}
	var notes []stationNote
	for i, line := range p.k.Messages {
		if i >= p.k.Broadcasts || i >= 200 {
			break // only the players' broadcast lines, and not without end
		}
		n, ok := parseNote(line, bound)
		if !ok || !friends[n.from] {
			continue
		}
		if n.gone {
			gone[n.at] = true
			continue
		}
		notes = append(notes, n)
	}
	// A station we see is there, whatever a note says; one we should see
	// and do not is gone.
	for _, at := range seen {
		delete(gone, at)
	}
	// Every station named or seen is a candidate; the one nearest to
	// Silverfall is the target. Allies that hear the same names pick the
	// same one, and as each names its pick again, the choice spreads and
	// holds (it only changes to a station nearer still).
	var gonePts []geom.Point
	var cands []geom.Point
	for _, n := range notes {
		if gone[n.at] {
			continue
		}
		if slices.Contains(seen, n.at) {
			continue // counted below, as seen
		}
		if p.vw.sees(n.at) {
			gone[n.at] = true
			gonePts = append(gonePts, n.at)
			continue
		}
		if p.inHoleReach(n.at) {
			continue // a word no one can check, where a fleet would not come back
		}
		cands = append(cands, n.at)
	}
	for _, at := range seen {
		if !gone[at] {
			cands = append(cands, at)
		}
	}
	for _, at := range cands {
		if t := p.stations.target; !p.stations.ok || at.Dist2(geom.Origin) < t.Dist2(geom.Origin) ||
			at.Dist2(geom.Origin) == t.Dist2(geom.Origin) && lessPoint(at, t) {
			p.stations = stationPlan{target: at, ok: true}
		}
	}
	for _, at := range gonePts {
		p.add("BROADCAST %s", stationNote{from: p.me, at: at, gone: true})
	}
	if p.stations.ok {
		p.add("BROADCAST %s", stationNote{from: p.me, at: p.stations.target})
	}
}

// inHoleReach tells whether at lies where a single turn's pull of
// Silverfall, in the turns the wing waits and fights there (up to the
// level's last turn of waiting for an ally), draws a ship into the black
// hole. A broadcast line can be written by anyone in any name (a sheet
// never says who sent it), so a station named there that the empire does
// not see itself is never a target: one forged line naming a place near
// Silverfall would otherwise send the wing to its end.
func (p *planner) inHoleReach(at geom.Point) bool {
	last := max(p.turn, p.lv.StationFrom+p.lv.StationWait)
	return journey.InReach(p.r, journey.Pulled(p.r, at, last))
}

func lessPoint(a, b geom.Point) bool {
	if a.X != b.X {
		return a.X < b.X
	}
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.Z < b.Z
}

// assault sends a ship of the strike wing against the station the allies
// go for: it goes to the allies' meeting point beside the station, and
// engages from the level's turn. It goes only where it gets within the
// level's turns of movement by its journey under the pull of Silverfall
// (engine/journey), with the fuel for it; else it waits (see waitHome). false for a ship not of the wing.
func (p *planner) assault(s *model.Ship, st *rules.ShipType) bool {
	lv := p.lv
	if lv.StrikeShips == 0 || s.Type != lv.StrikeType || p.turn < lv.StrikeBuildFrom || len(p.k.Empire.Allies) == 0 ||
		!st.Movement.OK || st.Movement.N <= 0 {
		return false // before the wing is formed, a ship of its type does other work
	}
	to := p.stations.target
	d := s.Loc.Dist(to)
	if !p.stations.ok {
		p.waitHome(s)
		return true
	}
	rally := rallyPoint(to, lv.StationRally)
	// A ship that has come near goes on whatever its fuel; one at home
	// goes with the fuel to get there and to fight on against the pull
	// until four turns before the end (a ship without fuel out there
	// would wait alone for more than three turns).
	if d > lv.StationRally+st.Movement.N {
		j := p.placeTrip(s, noFuelLimit, rally) // the way there under the pull, as the host moves it
		need := spent(j) + lv.FuelMargin + p.mk.pullUntil(p.r.Game.ExpectedLastTurn-4)
		if !j.Arrives() || j.Turns() > lv.StationReach || need > s.Fuel+p.loadable(s, st) {
			p.waitHome(s)
			return true
		}
	}
	p.topUp(s, st, lv.StrikeFuelKeep)
	sauran := p.r.Game.PlayerSauran
	// The wings of allies meet at the same point beside the station (see
	// rallyPoint): from there they engage together, once the pull has
	// drawn the guards off, and once an ally's warship is there too or the
	// level's turns of waiting are over.
	atRally := s.Loc.Dist(rally) <= st.Movement.N/2
	ready := p.turn >= lv.StationFrom && atRally && (p.vw.allyArmedNear(rally, lv.StationRally) || p.turn >= lv.StationFrom+lv.StationWait)
	// A ship that engaged and was drawn off the station by the pull goes
	// back at it: the way back to the meeting point would cost the fuel
	// for the rest of the fight and leave it alone and dry out there.
	// Only with the fuel to come within fire of it: a ship that runs dry
	// on the way waits alone out there to the end.
	engaged := p.turn > lv.StationFrom && d < s.Loc.Dist(rally) && s.Fuel >= d-st.FireRange.Or(0)
	switch {
	case d <= st.FireRange.Or(0):
		p.moveTo(s, "DF %d %d", s.ID, sauran)
	case ready || engaged:
		p.moveTo(s, "EN %d %d %d %d %d", s.ID, sauran, to.X, to.Y, to.Z)
	case s.Loc != rally && s.Fuel >= s.Loc.Dist(rally):
		p.moveTo(s, "MO %d %d %d %d", s.ID, rally.X, rally.Y, rally.Z)
	case !atRally:
		p.waitHome(s) // short of the fuel for the meeting point: it fills up first
	default:
		p.moved[s.ID] = true
	}
	return true
}

// rallyPoint is where allies' warships meet before they attack the station
// at to: n from it, square to its line from Silverfall, so that the pull
// draws neither the guards (drawn in from the station) nor the waiting
// ships onto the other; every ally works out the same point.
func rallyPoint(to geom.Point, n int) geom.Point {
	// The cross product of the station's place with an axis it is not
	// near: a direction square to the line from Silverfall.
	x, y, z := float64(to.X), float64(to.Y), float64(to.Z)
	cx, cy, cz := y, -x, 0.0 // to x (0,0,1)
	if math.Abs(z) > math.Abs(x) && math.Abs(z) > math.Abs(y) {
		cx, cy, cz = 0, z, -y // to x (1,0,0)
	}
	l := math.Sqrt(cx*cx + cy*cy + cz*cz)
	if l == 0 {
		return to
	}
	f := float64(n) / l
	return geom.Point{X: to.X + geom.Round(cx*f), Y: to.Y + geom.Round(cy*f), Z: to.Z + geom.Round(cz*f)}
}

// waitHome keeps a ship of the strike wing ready until there is a station
// to go for: it fills its tank at the own planet with most fuel to spare
// (the origin's is for the ships built there) and waits there, defending
// itself; without fuel in reach, at the origin.
func (p *planner) waitHome(s *model.Ship) {
	st := p.r.Ship(s.Type)
	if !p.lv.StrikeFill {
		if pl := p.own[s.Loc]; pl != nil && pl.Kind == model.Origin {
			p.topUp(s, st, p.lv.StrikeFuelKeep)
			p.moveTo(s, "DF %d %d", s.ID, p.r.Game.PlayerSauran)
			return
		}
		p.home(s)
		return
	}
	if pl := p.own[s.Loc]; pl != nil && pl.Kind != model.Origin && p.mk.lastTurnAt(pl.Loc) > p.turn+2 {
		p.topUp(s, st, p.lv.FuelStop+p.lv.StrikeFuelKeep)
		if s.Fuel*10 >= st.MaxFuel.Or(0)*9 || p.spare(pl) < p.lv.FuelStop*2 {
			if src := p.fuelSource(s, s.Loc); src == nil || src.Loc == s.Loc || s.Loc.Dist(src.Loc) > s.Fuel-p.lv.FuelMargin {
				p.moveTo(s, "DF %d %d", s.ID, p.r.Game.PlayerSauran)
				return
			}
		}
	}
	if s.Fuel*10 < st.MaxFuel.Or(0)*9 {
		if src := p.fuelSource(s, s.Loc); src != nil && src.Loc != s.Loc && s.Loc.Dist(src.Loc) <= s.Fuel-p.lv.FuelMargin &&
			p.mk.lastTurnAt(src.Loc) > p.turn+2 && p.mayLeave(s) {
			p.moveTo(s, "MP %d %d", s.ID, src.ID)
			return
		}
	}
	if pl := p.own[s.Loc]; pl != nil {
		p.moveTo(s, "DF %d %d", s.ID, p.r.Game.PlayerSauran)
		return
	}
	p.home(s)
}

// wing counts the ships of the strike wing, those ordered built this turn
// with them: they are not among the warships the level wants besides.
func (p *planner) wing() int {
	lv := p.lv
	if lv.StrikeShips == 0 || p.turn < lv.StrikeBuildFrom {
		return 0
	}
	n := 0
	for i := range p.k.Ships {
		if p.k.Ships[i].Type == lv.StrikeType {
			n++
		}
	}
	for _, o := range p.out {
		if o.Code == order.BS && o.ShipType() == lv.StrikeType {
			n++
		}
	}
	return n
}

// buildFuel is the fuel a planet must have for a new ship of type st:
// two moves' worth, but for a ship of the strike wing only the level's
// strike_build_fuel (it fills up at the planets of ours that have fuel
// to spare, not at the origin, which has little).
func (lv *Level) buildFuel(st *rules.ShipType) int {
	if lv.StrikeShips > 0 && st.ID == lv.StrikeType && lv.StrikeBuildFuel > 0 {
		return min(startFuel(st), lv.StrikeBuildFuel)
	}
	return startFuel(st)
}

// strikeBuild is the ship type of the strike wing while the level builds
// one and the wing is short (nil else): fast ships with the fuel to reach
// a station from home once it is known, built before the pull starts
// while the origin has the fuel for them.
func (p *planner) strikeBuild() *rules.ShipType {
	lv := p.lv
	if lv.StrikeShips == 0 || p.turn < lv.StrikeBuildFrom || p.turn > lv.StrikeBuildUntil || len(p.k.Empire.Allies) == 0 {
		return nil
	}
	st := p.r.Ship(lv.StrikeType)
	if st == nil {
		return nil
	}
	if p.wing() >= lv.StrikeShips {
		return nil
	}
	// Only what the budget keeps beside the rest: a wing ship the credits do
	// not cover must not hold up the builds behind it.
	if !p.afford(p.r.BuildCost(st, 0, 0), turn.AlonePay(p.r, st), p.lv.BuildMargin) {
		return nil
	}
	for i := range p.k.Planets {
		pl := &p.k.Planets[i]
		if pl.Kind != model.Origin {
			continue
		}
		// Not once the pull has started: the fuel the tankers hold there
		// is for the ships that trade and claim.
		if p.r.GravityPull(p.turn) == 0 && pl.Fuel-p.fuelFor[pl.ID] >= p.lv.buildFuel(st)+lv.StrikeFuelKeep {
			return st
		}
	}
	return nil
}

// loadable is the fuel a ship of the strike wing may load at an own planet
// it is at, the level's keep left there for the other ships.
func (p *planner) loadable(s *model.Ship, st *rules.ShipType) int {
	if pl := p.own[s.Loc]; pl != nil && st.MaxFuel.OK {
		return max(0, min(st.MaxFuel.N-s.Fuel, pl.Fuel-p.fuelFor[pl.ID]-p.lv.StrikeFuelKeep))
	}
	return 0
}
