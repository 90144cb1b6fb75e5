package check

import (
	"fmt"
	"io"
	"sort"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turn"
)

// Forecast is the end of a turn as far as the player's sheet tells it,
// when no one else interferes: his orders carried out by the turn's own
// steps on what he knows, the end of the turn included.
type Forecast struct {
	Turn    int // the turn the orders are for
	Ships   []ShipForecast
	Planets []PlanetForecast
	// Credits at the end, the expected takings of sales included; Upkeep
	// is what the end of the turn takes for fleets, crews and interceptors.
	Credits, Upkeep, Score int
	// Credit is the turn's income and expenses by kind, as the sheet's
	// credit report will list them, from the sheet's credits to Credits;
	// the expected takings of sales are a line of their own.
	Credit      model.CreditReport
	Diagnostics []Diagnostic
	// LastMarkets are the trading planets that trade for the last time
	// this turn: the pull of Silverfall takes them at its end
	// (rules.MarketLastTurn), with any ship left above them.
	LastMarkets []int
}

// ExpectedSales names the line of the forecast's credit report that holds
// the expected takings of sales at trading planets.
const ExpectedSales = "Expected sales"

// ShipForecast is one of the player's ships: its place and fuel after each
// phase that changed them, and where the turn leaves it.
type ShipForecast struct {
	ID     int
	Phases []ShipPlace // phases 1 to 7, only those that changed it
	End    ShipPlace
	Cargo  model.Ore
}

// ShipPlace is a ship's place and fuel after a phase.
type ShipPlace struct {
	Phase int
	Loc   geom.Point
	Fuel  int
}

// PlanetForecast is one of the player's planets at the end of the turn.
type PlanetForecast struct {
	ID                   int
	Fuel                 int
	Stock                model.Ore
	Population, Industry int
}

// Forecast carries out orders on a copy of the sheet's world, end of turn
// and all, and tells where they leave the player's ships, planets and
// credits.
func (c *Checker) Forecast(orders []order.Order) Forecast {
	c.mu.Lock()
	defer c.mu.Unlock()
	defer c.done()
	return c.carryOut(c.fresh(), orders)
}

// ForecastOnce forecasts as New(r, k).Forecast does, on the world of the
// sheet itself instead of a copy kept apart for the next forecast (see
// CheckOnce).
func ForecastOnce(r *rules.Rules, k *model.Knowledge, orders []order.Order) Forecast {
	c := &Checker{r: r, k: k}
	return c.carryOut(turn.KnowledgeWorld(r, k), orders)
}

// carryOut makes the forecast on w, which it changes.
func (c *Checker) carryOut(w *turn.World, orders []order.Order) Forecast {
	me := c.k.Empire.Player
	before := map[int]ShipPlace{}
	w.Live(func(s *model.Ship) {
		if s.Owner == me {
			before[s.ID] = ShipPlace{Loc: s.Loc, Fuel: s.Fuel}
		}
	})
	phases := map[int][]ShipPlace{}
	snapshot := func(phase int, w *turn.World) {
		if phase < 1 {
			return
		}
		w.Live(func(s *model.Ship) {
			if s.Owner != me {
				return
			}
			now := ShipPlace{Phase: phase, Loc: s.Loc, Fuel: s.Fuel}
			if was, ok := before[s.ID]; !ok || was.Loc != now.Loc || was.Fuel != now.Fuel {
				phases[s.ID] = append(phases[s.ID], now)
			}
			before[s.ID] = now
		})
	}
	res := turn.Run(w, map[int][]order.Order{me: orders}, turn.Options{EndOfTurn: true, AfterPhase: snapshot})
	f := Forecast{Turn: c.k.Turn + 1, Diagnostics: res.Diagnostics, Upkeep: res.Upkeep[me]}
	for _, tp := range c.k.Trading {
		if c.r.MarketLastTurn(tp.Planet.Loc, c.k.Turn) == f.Turn {
			f.LastMarkets = append(f.LastMarkets, tp.Planet.ID)
		}
	}
	sort.Ints(f.LastMarkets)
	w.Live(func(s *model.Ship) {
		if s.Owner == me {
			f.Ships = append(f.Ships, ShipForecast{ID: s.ID, Phases: phases[s.ID],
				End: ShipPlace{Phase: 7, Loc: s.Loc, Fuel: s.Fuel}, Cargo: s.Cargo})
		}
	})
	sort.Slice(f.Ships, func(i, j int) bool { return f.Ships[i].ID < f.Ships[j].ID })
	for _, p := range w.G.Planets {
		if p.Owner == me {
			f.Planets = append(f.Planets, PlanetForecast{ID: p.ID, Fuel: p.Fuel, Stock: p.Stock,
				Population: p.Population, Industry: p.Industry})
		}
	}
	sort.Slice(f.Planets, func(i, j int) bool { return f.Planets[i].ID < f.Planets[j].ID })
	if e := w.Empire(me); e != nil {
		// Sales at trading planets are counted apart in a check; at the end
		// of the turn they are in.
		e.Credits += res.Sales[me]
		f.Credits = e.Credits
		f.Credit = res.Credit[me]
		if n := res.Sales[me]; n != 0 {
			f.Credit.Lines = append(f.Credit.Lines, model.CreditLine{What: ExpectedSales, Amount: n})
		}
		f.Score = w.Score(me)
	}
	return f
}

// Write prints the forecast in its documented line form (see
// docs/forecast.md): one fact a line, ships and planets by number.
func (f Forecast) Write(out io.Writer) error {
	for _, s := range f.Ships {
		for _, p := range s.Phases {
			if _, err := fmt.Fprintf(out, "ship %d phase %d %v fuel %d\n", s.ID, p.Phase, p.Loc, p.Fuel); err != nil {
				return err
			}
		}
		c := s.Cargo
		if _, err := fmt.Fprintf(out, "ship %d end %v fuel %d cargo %d %d %d %d %d\n",
			s.ID, s.End.Loc, s.End.Fuel, c[0], c[1], c[2], c[3], c[4]); err != nil {
			return err
		}
	}
	for _, p := range f.Planets {
		st := p.Stock
		if _, err := fmt.Fprintf(out, "planet %d end fuel %d stock %d %d %d %d %d population %d industry %d\n",
			p.ID, p.Fuel, st[0], st[1], st[2], st[3], st[4], p.Population, p.Industry); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintf(out, "empire end credits %d upkeep %d score %d\n", f.Credits, f.Upkeep, f.Score); err != nil {
		return err
	}
	for _, id := range f.LastMarkets {
		if _, err := fmt.Fprintf(out, "market %d last turn\n", id); err != nil {
			return err
		}
	}
	return nil
}
