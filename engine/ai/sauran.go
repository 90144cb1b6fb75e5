package ai

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// Joint attacks at Sauran's battle stations.
//
// A computer empire learns where his stations are as a player does: from a
// station its ships see, from a scan of his whole fleet (SR), or from an
// ally. The engine carries no personal messages (the book's go on paper,
// outside the game), so allies tell each other by the general broadcast,
// naming the sender as the book asks; every empire's own line comes back on
// its next sheet, which is also how it remembers the target from turn to
// turn. Once the pull of Silverfall has drawn his guards off the stations
// (level data station_from_turn), the warships of both allies go for the
// same station: the one the lowest-numbered of them names.

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
	noteGone   = " is gone"
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

// isStation reports whether a ship the sheet shows is one of Sauran's
// battle stations.
func (p *planner) isStation(s *model.Ship) bool {
	return s.Owner == p.r.Game.PlayerSauran && s.Type == rules.TypeBattleStation
}

// seenStations are the stations of Sauran the empire's own sheet shows:
// those in sight, and those of last turn's scan of his fleet.
func (p *planner) seenStations() []geom.Point {
	var out []geom.Point
	for i := range p.k.ForeignShips {
		if s := &p.k.ForeignShips[i]; p.isStation(s) {
			out = append(out, s.Loc)
		}
	}
	if p.k.ScannedPlayerID == p.r.Game.PlayerSauran {
		for i := range p.k.ScannedPlayer {
			if s := p.k.ScannedPlayer[i]; s.Type == rules.TypeBattleStation {
				out = append(out, s.Loc)
			}
		}
	}
	return out
}

// sees reports whether a ship of ours (undocked) is within its sight of
// loc: a station there would show on the sheet.
func (p *planner) sees(loc geom.Point) bool {
	for i := range p.k.Ships {
		s := &p.k.Ships[i]
		if st := p.r.Ship(s.Type); s.Inside == 0 && st != nil && st.CommRange.OK && s.Loc.Within(loc, st.CommRange.N) {
			return true
		}
	}
	return false
}

// planStations works out the station the warships go for with the allies
// this turn and broadcasts it (or that it is gone). It reads the notes of
// its allies and its own of last turn; the lowest-numbered sender's target
// is everyone's, so that allies agree.
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
	seen := p.seenStations()
	here := func(at geom.Point) bool {
		for _, s := range seen {
			if s == at {
				return true
			}
		}
		return false
	}
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
	sort.SliceStable(notes, func(i, j int) bool { return notes[i].from < notes[j].from })
	var gonePts []geom.Point
	for _, n := range notes {
		if gone[n.at] {
			continue
		}
		if !here(n.at) && p.sees(n.at) {
			gone[n.at] = true
			gonePts = append(gonePts, n.at)
			continue
		}
		p.stations = stationPlan{target: n.at, ok: true}
		break
	}
	if !p.stations.ok && len(seen) > 0 {
		var best geom.Point
		bestD := -1
		for _, at := range seen {
			if gone[at] {
				continue
			}
			if d := p.warshipsTo(at); bestD < 0 || d < bestD || d == bestD && lessPoint(at, best) {
				best, bestD = at, d
			}
		}
		if bestD >= 0 {
			p.stations = stationPlan{target: best, ok: true}
		}
	}
	for _, at := range gonePts {
		p.add("BROADCAST %s", stationNote{from: p.me, at: at, gone: true})
	}
	if p.stations.ok {
		p.add("BROADCAST %s", stationNote{from: p.me, at: p.stations.target})
	}
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

// warshipsTo is the sum of the distances of our movable warships to at: the
// station nearest our force is the one we name.
func (p *planner) warshipsTo(at geom.Point) int {
	sum := 0
	for i := range p.k.Ships {
		s := &p.k.Ships[i]
		if st := p.r.Ship(s.Type); st != nil && st.CanMove() && role(st) == roleWarship && s.Inside == 0 {
			sum += s.Loc.Dist(at)
		}
	}
	return sum
}

// assault sends a warship against the station the allies go for, from the
// level's turn, when it can get there with the fuel for it within the
// level's turns of movement and before the game's expected end; false when
// it does not go.
func (p *planner) assault(s *model.Ship, st *rules.ShipType) bool {
	lv := p.lv
	if !p.stations.ok || p.turn > p.r.Game.ExpectedLastTurn || !st.Movement.OK || st.Movement.N <= 0 {
		return false
	}
	to := p.stations.target
	d := s.Loc.Dist(to)
	arrive := p.turn + (d+st.Movement.N-1)/st.Movement.N - 1
	if arrive < lv.StationFrom && d > st.FireRange.Or(0) {
		return false // the guards still stand round the station then
	}
	if d > st.Movement.N*lv.StationReach || arrive > p.r.Game.ExpectedLastTurn {
		return false
	}
	p.topUp(s, st, 0)
	if d+lv.FuelMargin > s.Fuel || !p.mayLeave(s) {
		return false
	}
	sauran := p.r.Game.PlayerSauran
	if d <= st.FireRange.Or(0) {
		p.moveTo(s, "DF %d %d", s.ID, sauran)
	} else {
		p.moveTo(s, "EN %d %d %d %d %d", s.ID, sauran, to.X, to.Y, to.Z)
	}
	return p.moved[s.ID]
}
