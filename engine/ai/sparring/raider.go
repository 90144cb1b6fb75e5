package sparring

// raid plays the raider: the planet-taker's game, and from turn raidFrom
// a scan of a rival's treasury every turn the credits allow, each rival
// in turn (the scan brings back a share of his credits when his
// interceptors do not stop it).
func raid(s *sheet) {
	take(s)
	if s.turn < raidFrom {
		return
	}
	rivals := s.rivals()
	if len(rivals) == 0 {
		return
	}
	for i := range rivals {
		if p := rivals[(s.turn+i)%len(rivals)]; s.scan(p, 80_000) {
			return
		}
	}
}

// raidFrom is the first turn the raider scans rivals: by then they have
// credits worth a raid.
const raidFrom = 4

// rivals are the other players the sheet shows (their ships or planets),
// not allies, in number order.
func (s *sheet) rivals() []int {
	seen := map[int]bool{}
	for _, sh := range s.k.ForeignShips {
		seen[sh.Owner] = true
	}
	for _, pl := range s.k.ForeignPlanets {
		seen[pl.Owner] = true
	}
	var out []int
	for p := 1; p <= s.r.Game.MaxPlayers; p++ {
		if seen[p] && p != s.k.Empire.Player && !s.k.Empire.HasAlly(p) {
			out = append(out, p)
		}
	}
	return out
}
