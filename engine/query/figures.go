package query

import (
	"strconv"

	"silverfall/engine/known"
)

// Figure is a figure a query names ("fuel", "ore 3"): a search shows it as
// a column of its results.
type Figure struct {
	fig     *figure
	oreType int
}

// Name is the figure as the query names it: "fuel", "ore 3".
func (f Figure) Name() string {
	if f.oreType > 0 {
		return f.fig.name + " " + strconv.Itoa(f.oreType)
	}
	return f.fig.name
}

// Of is the figure of o, and whether o shows it: an object of a kind
// without it, or a sighting of a figure only seen in full, shows none.
func (f Figure) Of(o *known.Object) (int, bool) {
	if !o.Full && !f.fig.sighted {
		return 0, false
	}
	return f.fig.get(o, f.oreType)
}

// Figures lists the figures the query names, each once, in the order
// named.
func (q *Query) Figures() []Figure {
	var out []Figure
	for _, c := range q.conds {
		if c.what != cFigure {
			continue
		}
		f := Figure{fig: c.fig, oreType: c.oreType}
		seen := false
		for _, g := range out {
			seen = seen || g == f
		}
		if !seen {
			out = append(out, f)
		}
	}
	return out
}
