package ai

import "silverfall/engine/geom"

// nearSet answers whether any of a set of places lies within a distance
// of a point, looking at the places of the point's cell and the next ones
// only: the planner asks it for each of thousands of ships, and a look at
// every ship each time grew with the square of their number.
type nearSet struct {
	r     int // the cell's width
	d     int // the distance asked about
	cells map[[3]int][]geom.Point
	seen  map[geom.Point]bool
}

func newNearSet(r int) *nearSet {
	return &nearSet{r: max(r, 1), d: r, cells: map[[3]int][]geom.Point{}, seen: map[geom.Point]bool{}}
}

func (n *nearSet) cell(p geom.Point) [3]int {
	div := func(a int) int {
		if a < 0 {
			return -((-a + n.r - 1) / n.r)
		}
		return a / n.r
	}
	return [3]int{div(p.X), div(p.Y), div(p.Z)}
}

// add puts a place in the set.
func (n *nearSet) add(p geom.Point) {
	if n.seen[p] {
		return
	}
	n.seen[p] = true
	c := n.cell(p)
	n.cells[c] = append(n.cells[c], p)
}

// near reports whether a place of the set is within the set's distance of
// p (as geom.Point.Within tells).
func (n *nearSet) near(p geom.Point) bool {
	c := n.cell(p)
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			for dz := -1; dz <= 1; dz++ {
				for _, q := range n.cells[[3]int{c[0] + dx, c[1] + dy, c[2] + dz}] {
					if q.Within(p, n.d) {
						return true
					}
				}
			}
		}
	}
	return false
}
